"""Live-lesson benchmark, a whole lesson plan: ``bench/live.py --plan 10 --students 200``.

A throwaway database gets a teacher, a class of N students and a lesson plan of ``--plan``
hands (rons and tsumos of both seats), which the teacher runs with a countdown (``--countdown``
seconds) and auto-reveal, the leaderboard on. gunicorn (DEBUG off) serves it on 127.0.0.1.
The teacher's projector loads each question, polls the histogram every 1.5 s until the countdown
runs out (the server reveals it), shows the reveal for ``--hold`` seconds and presses Next; every
phone polls its state every 2 s, sees each new question and answers it once, at a random moment
while the time runs (typed as people type: "1,000-2,000", "2000オール", "２６００" …).

It prints p50 / p95 / max of the answer POST, the phone's poll and the projector's poll over the
whole plan, the errors, and checks that every answer was stored exactly once (students ×
questions) and that the lesson ended on its end screen.

``--servers 2`` runs two gunicorns (on ``--port`` and the next port) behind one PostgreSQL and
one Redis, both started by the bench itself (PostgreSQL through tools/with_postgres.sh, Debian's
redis-server, installed when missing and run as root), the class split between them and the
teacher on the first. Everything a lesson needs is in PostgreSQL (questions, answers, who is
here); Redis holds the shared cache: the sessions' cached copies and the lockout and rate-limit
counters, so a second machine sees the same limits.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from live import (  # noqa: E402  (bench/ is this script's folder: live.py beside it)
    KEY,
    PANEL,
    PHONE_EVERY,
    QUESTION,
    TARGET_MS,
    TEACHER_EVERY,
    Seat,
    cpu_seconds,
    pct,
    prepare,
    request,
    wait_for,
)

NUMBER = re.compile(r'data-testid="question-number">\D*(\d+)')
#: The plan's hands: (query, what phones type: the right answer in the usual forms, a wrong one)
HANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hand=234m234m456p55s68p&win=7p&seat=2z", ("2600", "2,600", "２６００", "2000")),
    ("hand=234m234m456p55s68p&win=7p&seat=2z&tsumo=1", ("1,000-2,000", "1000 2000", "700/1300")),
    ("hand=234m234m456p55s68p&win=7p&seat=1z&tsumo=1", ("2000 all", "2000オール", "1300 all")),
    ("hand=234m234m456p55s68p&win=7p&seat=1z", ("3900", "3,900点", "2600")),
)


def setup(students: int, questions: int, countdown: int) -> dict[str, Any]:
    """The database: a teacher, a class, its students (each a session), a plan, running."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from tutor.accounts.learners import SESSION_KEY
    from tutor.accounts.models import Learner
    from tutor.classroom.models import Classroom, LessonPlan, Membership, PlanItem

    call_command("migrate", verbosity=0)
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        call_command("flush", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    user = User.objects.create_user("teacher", password="not-used-here-1")
    teacher = Learner.objects.create(user=user, is_teacher=True)
    classroom = Classroom.objects.create(teacher=teacher, name="Lecture hall", time_zone="UTC")
    store = SessionStore()
    store["_auth_user_id"] = str(user.pk)
    store["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    store["_auth_user_hash"] = user.get_session_auth_hash()
    store.create()
    seats = []
    for n in range(students):
        learner = Learner.objects.create()
        Membership.objects.create(classroom=classroom, learner=learner, display_name=f"S{n}")
        session = SessionStore()
        session[SESSION_KEY] = learner.pk
        session.create()
        seats.append(Seat(f"{settings.SESSION_COOKIE_NAME}={session.session_key}").__dict__)
    plan = LessonPlan.objects.create(teacher=teacher, title="Bench")
    PlanItem.objects.bulk_create(
        PlanItem(plan=plan, position=n, source="hand", query=HANDS[n % len(HANDS)][0])
        for n in range(questions)
    )
    return {
        "pk": classroom.pk,
        "plan": plan.pk,
        "teacher": Seat(f"{settings.SESSION_COOKIE_NAME}={store.session_key}").__dict__,
        "seats": seats,
    }


def count(pk: int) -> dict[str, int]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db.models import Count

    from tutor.classroom.models import LiveAnswer, LiveLesson

    rows = LiveAnswer.objects.filter(question__classroom_id=pk)
    twice = rows.values("question_id", "learner_id").annotate(n=Count("id")).filter(n__gt=1).count()
    lesson = LiveLesson.objects.filter(classroom_id=pk).first()
    return {
        "stored": rows.count(),
        "twice": twice,
        "ended": int(bool(lesson and lesson.ended)),
        "questions": lesson.questions.count() if lesson else 0,
    }


@dataclass
class Times:
    answer: list[float] = field(default_factory=list)
    phone: list[float] = field(default_factory=list)
    projector: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    late: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def phone(port: int, pk: int, seat: Seat, end: float, countdown: int, out: Times) -> None:
    """One phone over the whole plan: poll every 2 s; answer each new question once."""
    rng = random.Random(seat.cookie)
    answered: set[str] = set()
    due: float | None = None
    number = 0
    next_poll = time.monotonic() + rng.uniform(0, PHONE_EVERY)
    while time.monotonic() < end:
        now = time.monotonic()
        if due is not None and now >= due and seat.question not in answered:
            typed = rng.choice(HANDS[(number - 1) % len(HANDS)][1])
            body = urlencode({"question": seat.question, "a_points": typed})
            kind, method, path = "answer", "POST", f"/tutor/class/{pk}/live/answer"
            answered.add(seat.question)
            due = None
        elif now >= next_poll:
            body, kind, method = "", "phone", "GET"
            path = f"/tutor/class/{pk}/live/state?key={seat.key}&t={seat.token}"
            next_poll += PHONE_EVERY
        else:
            wake = min(next_poll, due if due is not None else next_poll, end)
            time.sleep(max(0.0, wake - now))
            continue
        try:
            status, text, ms, _h = request(port, method, path, seat, body)
        except (OSError, http.client.HTTPException) as error:
            with out.lock:
                out.errors.append(f"{kind}: {error}")
            continue
        late = kind == "answer" and 'data-testid="answer-closed"' in text
        ok = status == 200 or (kind == "phone" and status == 204) or late
        key = KEY.search(text)
        if key:
            seat.key = key.group(1)
        question = QUESTION.search(text)
        shown = NUMBER.search(text)
        if question and question.group(1) not in answered and kind == "phone":
            seat.question = question.group(1)
            number = int(shown.group(1)) if shown else number + 1
            # the phone learned of the question within a poll: answer while the time runs
            due = time.monotonic() + rng.uniform(0.3, max(1.0, countdown - 4))
        with out.lock:
            (out.answer if kind == "answer" else out.phone).append(ms)
            out.late += late  # sent after the teacher moved on: told so, not stored
            if not ok:
                out.errors.append(f"{kind}: HTTP {status}")


def phones(
    port_of: list[int], pk: int, seats: list[dict[str, str]], end: float, countdown: int
) -> tuple[list[float], list[float], list[str], int]:
    out = Times()
    threads = []
    for n, s in enumerate(seats):
        port = port_of[n % len(port_of)]
        threads.append(
            threading.Thread(target=phone, args=(port, pk, Seat(**s), end, countdown, out))
        )
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=end - time.monotonic() + 60)
    return out.answer, out.phone, out.errors, out.late


def projector(
    port: int, pk: int, seat: Seat, plan: tuple[int, int], hold: float, out: Times, stop: float
) -> None:
    """The teacher's run of the plan; a request that fails or times out is an error."""
    try:
        _projector(port, pk, seat, plan, hold, out, stop)
    except (OSError, http.client.HTTPException) as error:
        out.errors.append(f"projector: {error}")


def _projector(
    port: int, pk: int, seat: Seat, plan: tuple[int, int], hold: float, out: Times, stop: float
) -> None:
    """The teacher: starts the plan (its countdown, auto-reveal, the leaderboard), then each
    question's page, its histogram polled until the countdown reveals it, the reveal held on
    screen, then Next (the last Next ends the lesson)."""
    plan_pk, countdown = plan
    questions = int(os.environ.get("TENBO_BENCH_QUESTIONS", "0"))
    body = urlencode(
        {"classroom": pk, "countdown": countdown, "auto_reveal": "1", "leaderboard": "1"}
    )
    status, _text, ms, _h = request(
        port, "POST", f"/tutor/class/plans/{plan_pk}/run", seat, body, htmx=False
    )
    out.page.append(ms)
    if status != 302:
        out.errors.append(f"run: HTTP {status}")
        return
    for _n in range(questions):
        status, text, ms, _h = request(port, "GET", f"/tutor/class/{pk}/live/", seat, htmx=False)
        out.page.append(ms)
        panel = PANEL.search(text)
        question = QUESTION.search(text)
        if status != 200 or question is None:
            out.errors.append(f"projector page: HTTP {status}")
            return
        # no histogram poll: the page came after the countdown (revealed already)
        url, etag = (panel.group(1).replace("&amp;", "&") if panel else ""), ""
        while url and time.monotonic() < stop:
            time.sleep(TEACHER_EVERY)
            status, text, ms, headers = request(port, "GET", url, seat, etag=etag)
            out.projector.append(ms)
            etag = headers.get("ETag", etag)
            if status not in (200, 304):
                out.errors.append(f"projector poll: HTTP {status}")
            if headers.get("HX-Refresh") == "true":
                break  # time is up: revealed, the page is drawn again
        status, _text, ms, _h = request(port, "GET", f"/tutor/class/{pk}/live/", seat, htmx=False)
        out.page.append(ms)
        time.sleep(hold)
        body = urlencode({"question": question.group(1)})
        status, _text, ms, headers = request(
            port, "POST", f"/tutor/class/{pk}/live/next", seat, body, htmx=False
        )
        out.page.append(ms)
        if status != 302:
            out.errors.append(f"next: HTTP {status}")


def teacher_csrf(port: int, pk: int, seat: Seat) -> None:
    status, _text, _ms, headers = request(port, "GET", f"/tutor/class/{pk}/live/", seat, htmx=False)
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("Set-Cookie", ""))
    if status != 200 or cookie is None:
        raise RuntimeError(f"projector page answered {status}")
    seat.csrf = cookie.group(1)
    seat.cookie += f"; csrftoken={seat.csrf}"


def gunicorn(port: int, workers: int, threads: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(threads),
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )


def redis_server(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """Debian's redis-server on 127.0.0.1:``port``, nothing saved to disk (installed first
    when missing and run as root)."""
    binary = shutil.which("redis-server")
    if binary is None and os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "-qq", "redis-server"], check=True)
        binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is missing: sudo apt-get install -y redis-server")
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            import socket

            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return server
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("redis-server did not start")


def run(args: Any) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="tenbo-plan-"))
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith("postgres"):
        database = f"sqlite:///{folder / 'bench.sqlite3'}"
    (folder / "static").mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DJANGO_DEBUG": "0",
        "DJANGO_HTTPS": "0",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
    }
    started: list[subprocess.Popen[bytes]] = []
    apps: list[subprocess.Popen[bytes]] = []
    try:
        if args.servers > 1:
            started.append(redis_server(args.redis_port, folder))
            env["REDIS_URL"] = f"redis://127.0.0.1:{args.redis_port}/0"
        made = subprocess.run(
            [
                sys.executable,
                __file__,
                "--setup-db",
                str(args.students),
                str(args.plan),
                str(args.countdown),
            ],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        world = json.loads(made.stdout.strip().splitlines()[-1])
        pk = world["pk"]
        teacher = Seat(**world["teacher"])
        seats = [Seat(**s) for s in world["seats"]]
        ports = [args.port + n for n in range(args.servers)]
        for port in ports:
            apps.append(gunicorn(port, args.workers, args.threads, env))
            started.append(apps[-1])
        for port in ports:
            wait_for(port)
        for n, seat in enumerate(seats):
            prepare(ports[n % len(ports)], pk, seat)
        teacher_csrf(ports[0], pk, teacher)
        for port in ports:
            for _ in range(args.workers * 3):  # each worker builds the question once
                request(port, "GET", f"/tutor/class/{pk}/live/", teacher)
        cpu_before = sum(cpu_seconds(app.pid) for app in apps)
        per_question = args.countdown + args.hold + 2 * TEACHER_EVERY
        end = time.monotonic() + args.plan * per_question + 10
        out = Times()
        processes = max(1, min(4, len(seats) // 25))
        shares = [[s.__dict__ for s in seats[i::processes]] for i in range(processes)]
        # the first server is index 0 of each share's rotation: spread the class over them
        share_ports = [ports[i % len(ports) :] + ports[: i % len(ports)] for i in range(processes)]
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            pool.map(time.sleep, [0.1] * processes)
            pending = [
                pool.apply_async(phones, (share_ports[i], pk, share, end, args.countdown))
                for i, share in enumerate(shares)
            ]
            wall = time.monotonic()
            os.environ["TENBO_BENCH_QUESTIONS"] = str(args.plan)
            plan = (world["plan"], args.countdown)
            projector(ports[0], pk, teacher, plan, args.hold, out, end)
            for job in pending:
                answers, polls, errors, late = job.get(timeout=args.plan * per_question + 120)
                out.answer += answers
                out.phone += polls
                out.errors += errors
                out.late += late
            wall = time.monotonic() - wall
        cpu = sum(cpu_seconds(app.pid) for app in apps)
        counted = subprocess.run(
            [sys.executable, __file__, "--count", str(pk)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        stored = json.loads(counted.stdout.strip().splitlines()[-1])
    finally:
        for server in started:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    requests = len(out.answer) + len(out.phone) + len(out.projector) + len(out.page)
    return {
        "answer": out.answer,
        "phone": out.phone,
        "projector": out.projector,
        "page": out.page,
        "errors": out.errors,
        "late": out.late,
        "stored": stored,
        "wall": wall,
        "cpu_ms": 1000 * (cpu - cpu_before) / max(1, requests),
        "requests": requests,
    }


def main(args: Any) -> bool:
    engine = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    if args.servers > 1 and engine != "PostgreSQL":
        # Two app servers share one PostgreSQL: start a throwaway cluster and run inside it
        env = {**os.environ, "PG_PORT": str(args.pg_port)}
        command = [str(ROOT / "tools/with_postgres.sh"), sys.executable, *sys.argv]
        return subprocess.run(command, env=env, cwd=ROOT, check=False).returncode == 0
    where = ", ".join(f"127.0.0.1:{args.port + n}" for n in range(args.servers))
    print(
        f"lesson plan of {args.plan} questions, {args.students} students, {args.countdown} s "
        f"countdown with auto-reveal, reveal held {args.hold:g} s; {args.servers} x gunicorn "
        f"{args.workers} workers x {args.threads} threads on {where}; {engine}"
        + (f" + Redis on 127.0.0.1:{args.redis_port}" if args.servers > 1 else "")
        + f"; target p95 <= {TARGET_MS:g} ms"
    )
    print("load average before: {:.2f} {:.2f} {:.2f} (2 cores, shared)".format(*os.getloadavg()))
    r = run(args)
    expected = args.students * args.plan
    s = r["stored"]
    for name in ("answer", "phone", "projector"):
        values = r[name]
        print(
            f"  {name + ' POST' if name == 'answer' else name + ' poll':15} n={len(values):6d} "
            f"p50 {pct(values, 50):6.1f}  p95 {pct(values, 95):6.1f}  "
            f"max {max(values, default=float('nan')):7.1f} ms"
        )
    print(
        f"  projector pages and Next: n={len(r['page'])} p95 {pct(r['page'], 95):.1f} ms | "
        f"{r['requests']} requests in {r['wall']:.0f} s, {len(r['errors'])} errors"
        f"{' (' + '; '.join(sorted(set(r['errors']))[:5]) + ')' if r['errors'] else ''} | "
        f"server CPU {r['cpu_ms']:.1f} ms a request"
    )
    print(
        f"  answers sent after the question closed (told so, not stored): {r['late']}; "
        f"answers stored {s['stored']} of {expected} (students x questions), "
        f"{s['twice']} stored twice; {s['questions']} questions asked; "
        f"lesson ended: {'yes' if s['ended'] else 'no'}"
    )
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    fast = max(pct(r["answer"], 95), pct(r["phone"], 95), pct(r["projector"], 95)) <= TARGET_MS
    complete = s["stored"] == expected and s["twice"] == 0 and s["ended"]
    ok = fast and complete and not r["errors"]
    print("PASS" if ok else "FAIL")
    return ok


def child(argv: list[str]) -> bool:
    if argv[:1] == ["--setup-db"]:
        print(json.dumps(setup(int(argv[1]), int(argv[2]), int(argv[3]))))
        return True
    if argv[:1] == ["--count"]:
        print(json.dumps(count(int(argv[1]))))
        return True
    return False


if __name__ == "__main__":
    if not child(sys.argv[1:]):
        raise SystemExit("run it as bench/live.py --plan N")
