"""What a login flood costs everyone else: /api/score latency while clients post wrong passwords
(issue 31 item 4).

Run: ``.venv/bin/python bench/login_cost.py [--port 8132] [--clients 6] [--seconds 12]``

gunicorn (DEBUG off, WEB_CONCURRENCY workers, default 2, a throwaway SQLite database, Django's
default password hasher) serves 127.0.0.1:``--port``. For ``--seconds``, ``--clients`` clients,
each from its own loopback address, post wrong passwords for random names (the login form, then
the POST; ``--rate`` attempts a second in all, the issue's 26 in 12 s by default), while one
client asks /api/score every 100 ms. Printed: the flood's attempts and how they were answered,
and /api/score's median and maximum, first with unbounded hashing (DJANGO_LOGIN_HASH_SLOTS=99),
then with the settings' default. Bounded in time; gunicorn is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SCORE = "/api/score?hand=234m234m456p55s68p&win=7p&tsumo=1"


def send(
    port: int,
    address: str,
    method: str,
    path: str,
    cookies: dict[str, str],
    body: str | None = None,
) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body, headers)
    response = conn.getresponse()
    text = response.read().decode("utf-8", "replace")
    for value in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = value.partition("=")
        cookies[name] = rest.split(";", 1)[0]
    conn.close()
    return response.status, text


def flood(port: int, address: str, until: float, every: float, seen: Counter[int]) -> None:
    cookies: dict[str, str] = {}
    next_try = time.monotonic()
    while time.monotonic() < until:
        time.sleep(max(0.0, next_try - time.monotonic()))
        next_try += every
        _status, page = send(port, address, "GET", "/accounts/login/", cookies)
        token = TOKEN.search(page)
        if not token:
            seen[0] += 1
            continue
        body = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": token.group(1),
                "username": secrets.token_hex(4),
                "password": "wrong",
            }
        )
        status, _ = send(port, address, "POST", "/accounts/login/", cookies, body)
        seen[status] += 1


def measure(args: argparse.Namespace, label: str, extra: dict[str, str]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tenbo-login-cost-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "DJANGO_DEBUG": "0",
        "DJANGO_HTTPS": "0",
        "DJANGO_SECRET_KEY": "bench-" + "k" * 60,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_STATIC_ROOT": args.static,
        "DJANGO_LOGIN_HASH_LOCK_DIR": str(folder),
        "GUNICORN_BIND": f"127.0.0.1:{args.port}",
        **extra,
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    proc = subprocess.Popen(
        [str(GUNICORN), "-c", "config/gunicorn.conf.py", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(150):
            try:
                send(args.port, "127.0.0.1", "GET", SCORE, {})
                break
            except OSError:
                time.sleep(0.2)
        quiet = []
        for _ in range(20):
            start = time.perf_counter()
            send(args.port, "127.0.0.1", "GET", SCORE, {})
            quiet.append((time.perf_counter() - start) * 1000)
        until = time.monotonic() + args.seconds
        seen: Counter[int] = Counter()
        threads = [
            threading.Thread(
                target=flood,
                args=(args.port, f"127.0.9.{n + 1}", until, args.clients / args.rate, seen),
            )
            for n in range(args.clients)
        ]
        for t in threads:
            t.start()
        loaded = []
        while time.monotonic() < until:
            start = time.perf_counter()
            send(args.port, "127.0.0.1", "GET", SCORE, {})
            loaded.append((time.perf_counter() - start) * 1000)
            time.sleep(0.1)
        for t in threads:
            t.join(timeout=60)
        print(
            f"{label}: /api/score median {statistics.median(quiet):.0f} ms quiet, "
            f"{statistics.median(loaded):.0f} ms (max {max(loaded):.0f} ms, {len(loaded)} asked) "
            f"under {args.clients} clients' "
            f"wrong passwords; the flood's {sum(seen.values())} attempts answered {dict(seen)}"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8132)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=12)
    # The flood: 26 tries in 12 s from 6 clients, under every per-address limit.
    parser.add_argument("--rate", type=float, default=26 / 12, help="attempts per second, all told")
    args = parser.parse_args()
    args.static = tempfile.mkdtemp(prefix="tenbo-static-")
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "b" * 60,
        "DJANGO_STATIC_ROOT": args.static,
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0", "--ignore", "admin"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    measure(
        args, "hashing unbounded (DJANGO_LOGIN_HASH_SLOTS=99)", {"DJANGO_LOGIN_HASH_SLOTS": "99"}
    )
    measure(args, "the default (LOGIN_HASH_SLOTS: half the cores)", {})


if __name__ == "__main__":
    main()
