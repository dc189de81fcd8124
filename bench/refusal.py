"""What a refusal costs, and what the floods of issue 23 items 5-7 (and issue 21 item 7) get.

Runs in one process against a fresh SQLite database in a temp folder, through the real WSGI
application (config/wsgi.py: every middleware), DEBUG off:

- **refusal cost**: CPU time (``time.process_time``) per 429 for a blocked login, sign-up and
  join-code request, over ``--n`` requests each, beside a plain ``/api/score`` answer for scale.
  Target: <= 5 ms per refusal.
- **item 5**: 8 addresses hammering one account 20 times each; then the owner's browser (it
  logged in before: device cookie) and a new browser of the owner try the right password.
- **item 7**: 92 sign-ups as fast as possible from rotating addresses, spread over many ranges
  and within one /24.
- **issue 21 item 7**: 300 join-code guesses from one address; then 40 students behind one
  address joining a real class by name.

    .venv/bin/python bench/refusal.py [--n 2000]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "pw-Kx81-long!"


def environ(method: str, path: str, body: bytes = b"", ip: str = "10.0.0.1") -> dict[str, Any]:
    path, _sep, query = path.partition("?")
    return {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "HTTP_HOST": "localhost",
        "REMOTE_ADDR": ip,
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }


def cpu_ms(app: Any, make: Any, n: int) -> tuple[float, str]:
    """Median and p95 CPU milliseconds per request; the status of the last one."""
    times = []
    status = ""
    for _ in range(n):
        env = make()
        started = time.process_time()
        seen: list[str] = []

        def start(status: str, headers: Any, *rest: Any, seen: list[str] = seen) -> None:
            seen.append(status)

        b"".join(app(env, start))
        times.append((time.process_time() - started) * 1000)
        status = seen[0]
    times.sort()
    return statistics.median(times), f"p95 {times[int(len(times) * 0.95)]:.2f} ms, {status}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000, help="requests per refusal kind")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tenbo-refusal-"))
    os.environ.update(
        DATABASE_URL=f"sqlite:///{tmp / 'bench.sqlite3'}",
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY="bench-" + "k" * 60,
        DJANGO_ALLOWED_HOSTS="localhost,testserver",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_LOG_LEVEL="ERROR",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from config import throttle
    from tutor.accounts.models import Learner
    from tutor.classroom.models import Classroom

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    from config.wsgi import application

    print("== refusal cost (CPU per request, through every middleware)")
    throttle.block("login:10.0.0.1:mei", 600)
    from django.test import RequestFactory

    for group, seconds, key, ip in (
        ("signup-range", 3600, "ip", "10.0.1.9"),
        ("join", throttle.cool_off(), "address", "10.0.2.1"),
    ):
        request = RequestFactory().get("/", REMOTE_ADDR=ip)
        for _ in range(100):
            throttle.counted(request, group, seconds, key, add=True)
    cases = {
        "login 429": lambda: environ(
            "POST", "/accounts/login/", b"username=mei&password=guess", "10.0.0.1"
        ),
        "sign-up 429": lambda: environ(
            "POST", "/accounts/signup/", b"username=x&password1=a&password2=a", "10.0.1.9"
        ),
        "join code 429": lambda: environ("GET", "/tutor/class/join/ABCDEF/", b"", "10.0.2.1"),
        "/api/score 200": lambda: environ(
            "GET", "/api/score?hand=234m234m456p55s68p&win=7p&tsumo=1"
        ),
    }
    for name, make in cases.items():
        median, rest = cpu_ms(application, make, args.n)
        print(f"  {name:15} median {median:.2f} ms, {rest}")

    print("== item 5: 8 addresses x 20 wrong passwords on one account")
    User.objects.create_user("mei", password="a-long-passphrase-9")
    owner = Client()
    first = owner.post(
        "/accounts/login/",
        {"username": "mei", "password": "a-long-passphrase-9"},
        REMOTE_ADDR="10.9.9.9",
    )
    owner.post("/accounts/logout/")
    counts: dict[int, int] = {}
    stranger = Client()
    for n in range(8):
        for _ in range(20):
            r = stranger.post(
                "/accounts/login/", {"username": "mei", "password": "x"}, REMOTE_ADDR=f"10.6.{n}.1"
            )
            counts[r.status_code] = counts.get(r.status_code, 0) + 1
    print(f"  strangers' answers: {counts} (owner's first login: {first.status_code})")
    again = owner.post(
        "/accounts/login/",
        {"username": "mei", "password": "a-long-passphrase-9"},
        REMOTE_ADDR="10.9.9.9",
    )
    print(f"  owner's browser (device cookie): {again.status_code}")
    fresh = Client().post(
        "/accounts/login/",
        {"username": "mei", "password": "a-long-passphrase-9"},
        REMOTE_ADDR="10.5.5.5",
    )
    wait = fresh.get("Retry-After", "-")
    print(f"  owner on a new browser: {fresh.status_code} (Retry-After {wait} s)")

    print("== item 7: 92 sign-ups as fast as possible")
    for prefix, label in (
        ("many", "rotating over many ranges"),
        ("one", "rotating within one /24"),
    ):
        cache.clear()
        before = User.objects.count()
        started = time.monotonic()
        statuses: dict[int, int] = {}
        for n in range(92):
            client = Client()
            r = client.post(
                "/accounts/signup/",
                {
                    "username": f"{prefix}{n}",
                    "password1": "pw-Kx81-long!",
                    "password2": "pw-Kx81-long!",
                },
                REMOTE_ADDR=f"10.{100 + n}.0.1" if prefix == "many" else f"10.50.0.{n + 1}",
            )
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
        made = User.objects.count() - before
        took = time.monotonic() - started
        print(f"  {label}: {made} accounts in {took:.1f} s; answers {statuses}")

    print("== issue 21 item 7: join codes")
    cache.clear()
    teacher = Learner.objects.create(user=User.objects.create_user("sensei"), is_teacher=True)
    classroom = Classroom.objects.create(teacher=teacher, name="Hall")
    guesser = Client()
    answers: dict[int, int] = {}
    started = time.monotonic()
    for n in range(300):
        r = guesser.get(f"/tutor/class/join/Q{n:05d}/", REMOTE_ADDR="10.7.7.7")
        answers[r.status_code] = answers.get(r.status_code, 0) + 1
    took = time.monotonic() - started
    real = guesser.get(f"/tutor/class/join/{classroom.code}/", REMOTE_ADDR="10.7.7.7")
    print(f"  300 guesses from one address in {took:.1f} s: {answers}")
    print(f"  the real code from that address then: {real.status_code}")
    joined = 0
    for n in range(40):
        student = Client()
        r = student.post(
            f"/tutor/class/join/{classroom.code}/",
            {"display_name": f"S{n}"},
            REMOTE_ADDR="10.8.0.1",
        )
        joined += r.status_code == 302
    print(f"  40 students behind one address joining by name: {joined} joined")


if __name__ == "__main__":
    main()
