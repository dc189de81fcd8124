"""Start gunicorn (the production server) on a free loopback port, for the production tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
HASH_LOCKS = tempfile.mkdtemp(prefix="tenbo-hash-locks-")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def production_env(**extra: str) -> dict[str, str]:
    """DEBUG off over plain HTTP (loopback), with a real secret key and a known host."""
    # Not the test run's own switches: pytest's, nor the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE
    # (which `check --deploy` rightly reports), set in this process when they ran first.
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("PYTEST") and k != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    env.update(
        # This test run's own password-hashing slots (config/throttle.py), never another run's.
        DJANGO_LOGIN_HASH_LOCK_DIR=HASH_LOCKS,
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY="test-" + "k" * 60,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
    )
    env.update(extra)
    return env


def wait_until_up(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answered at {url}")


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 1, threads: int = 1) -> Iterator[str]:
    """gunicorn with config/gunicorn.conf.py; yields its base URL; stopped (and reaped) after."""
    port = free_port()
    env = {
        **env,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_THREADS": str(threads),
    }
    command = [str(GUNICORN), "-c", "config/gunicorn.conf.py", "config.wsgi"]
    base = f"http://127.0.0.1:{port}"
    with running(command, env, log, base + "/api/score"):
        yield base


@contextmanager
def running(command: list[str], env: dict[str, str] | None, log: Path, url: str) -> Iterator[None]:
    """``command`` run from the repository (output to ``log``) until ``url`` answers; stopped
    (and reaped) after."""
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_until_up(url)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
