"""Full-disk headroom of SQLite: quiz answers stored on a small volume before it is full, then
the answers stored after a little space is freed (issue 31 item 7).

Run (as root: it mounts a tmpfs): ``.venv/bin/python bench/full_disk.py [--size-kb 3072]
[--headroom-kb 1024] [--port 8131] [--max 600]``

A tmpfs of ``--size-kb`` holds a freshly migrated database and a ballast file that leaves
``--headroom-kb`` free; gunicorn (DEBUG off, one worker) serves it on 127.0.0.1:``--port``. Quiz
answers are posted (each a new question) until one answers 503 "storage full" (or ``--max``);
then 256 KB of ballast is deleted and answers are posted again until the next 503 (or ``--max``),
each time printing the answers stored and the sizes of the database and its WAL. It runs twice:
with SQLite's own checkpointing (1,000 pages, WAL kept at 16 MB: the old settings) and with the
settings' defaults. Bounded: ``--max`` answers per phase, a timeout on every request; gunicorn is
stopped and the tmpfs unmounted at the end.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

GUNICORN = Path(sys.executable).with_name("gunicorn")
KEY = re.compile(r'name="answer_key" value="([0-9a-f]{32})"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def sizes(db: Path) -> str:
    wal = Path(str(db) + "-wal")
    kept = wal.stat().st_size // 1024 if wal.exists() else 0
    return f"db {db.stat().st_size // 1024} KB, wal {kept} KB"


class Learner:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: dict[str, str] | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, data, headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        conn.close()
        return response.status, text

    def answer(self, seed: int) -> int:
        from tutor import quiz

        status, page = self.send("GET", f"/tutor/quiz/table/?seed={seed}")
        if status != 200:
            return status
        key, token = KEY.search(page), TOKEN.search(page)
        if not key or not token:
            return 0
        q = quiz.make_question("table", seed, {})
        answers = {f"a_{k}": str(v) for k, v in q.expected.items() if not isinstance(v, list)}
        data = {
            "csrfmiddlewaretoken": token.group(1),
            "seed": str(seed),
            "answer_key": key.group(1),
        }
        return self.send("POST", "/tutor/quiz/table/answer/", {**data, **q.options, **answers})[0]


def until_full(learner: Learner, first_seed: int, most: int) -> tuple[int, int]:
    """Answers stored before the first 503 (or ``most``), and the status that stopped it."""
    for n in range(most):
        status = learner.answer(first_seed + n)
        if status != 200:
            return n, status
    return most, 200


def run(args: argparse.Namespace, label: str, extra: dict[str, str]) -> None:
    volume = Path(tempfile.mkdtemp(prefix="tenbo-full-"))
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={args.size_kb}k", "tmpfs", str(volume)], check=True
    )
    proc = None
    try:
        db = volume / "db.sqlite3"
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{db}",
            "DJANGO_DEBUG": "0",
            "DJANGO_HTTPS": "0",
            "DJANGO_SECRET_KEY": "bench-" + "k" * 60,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_STATIC_ROOT": args.static,
            **extra,
        }
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
        free = os.statvfs(volume).f_bavail * os.statvfs(volume).f_frsize
        ballast = volume / "ballast"
        ballast.write_bytes(b"\0" * max(0, free - args.headroom_kb * 1024))
        env.update(GUNICORN_BIND=f"127.0.0.1:{args.port}", WEB_CONCURRENCY="1")
        proc = subprocess.Popen(
            [str(GUNICORN), "-c", "config/gunicorn.conf.py", "config.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        learner = Learner(args.port)
        for _ in range(100):
            try:
                learner.send("GET", "/api/score")
                break
            except OSError:
                time.sleep(0.2)
        stored, status = until_full(learner, 1, args.max)
        print(
            f"{label}: {stored} answers in {args.headroom_kb} KB of headroom, "
            f"then {status} ({sizes(db)})"
        )
        with ballast.open("r+b") as f:
            f.truncate(max(0, ballast.stat().st_size - 256 * 1024))
        again, status = until_full(learner, 10_000, args.max)
        print(f"{label}: 256 KB freed: {again} more answers, then {status} ({sizes(db)})")
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
        subprocess.run(["umount", str(volume)], check=False)
        volume.rmdir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-kb", type=int, default=3072)
    parser.add_argument("--headroom-kb", type=int, default=1024)
    parser.add_argument("--port", type=int, default=8131)
    parser.add_argument("--max", type=int, default=600)
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("bench/full_disk.py mounts a tmpfs: run it as root")
    import django

    django.setup()
    static = tempfile.mkdtemp(prefix="tenbo-static-")
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "b" * 60,
        "DJANGO_STATIC_ROOT": static,
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0", "--ignore", "admin"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    args.static = static
    run(
        args,
        "SQLite's own checkpoints (1,000 pages, WAL kept at 16 MB)",
        {"DJANGO_SQLITE_CHECKPOINT_PAGES": "1000", "DJANGO_SQLITE_WAL_LIMIT": str(16 << 20)},
    )
    run(args, "the settings' defaults", {})


if __name__ == "__main__":
    main()
