"""Live-lesson benchmark: a class answering one live question, against gunicorn on loopback.

Run: ``.venv/bin/python bench/live.py [--students 40] [--port 8441] [--find] [--max 400]``

A whole lesson plan (10 questions, countdown, auto-reveal; two app servers behind PostgreSQL
and Redis with ``--servers 2``): ``bench/live.py --plan 10 --students 200`` (bench/live_plan.py).

gunicorn runs with DJANGO_DEBUG=0 (``collectstatic`` fills a temporary folder first, as a
deployment does; never the checkout). A throwaway SQLite database (in a temporary folder), or with
DATABASE_URL set to PostgreSQL (``tools/with_postgres.sh``) that database emptied, gets a teacher,
a class of N students
(anonymous learners joined by name, each with its own session) and a live question (a hand).
gunicorn serves the app on 127.0.0.1. Then, for a window of ``--window`` seconds (10 by default),
every student polls the phone's state every 2 s (from a random phase) and sends one answer at a
random moment of the window, while the teacher's projector polls the histogram every 1.5 s (the
window is stretched to at least ``--polls`` projector polls, 30 by default).
It prints p50 / p95 / max of the teacher's poll, the answer POST and the phone's poll, the errors,
and checks that every answer was stored and that the projector's last poll counts them all.

``--find`` repeats with growing classes (``--students``, then ``--step`` more each time) until
p95 passes 100 ms or a request fails, or, when the first class already fails, with shrinking
ones until one passes; it reports the largest class that stayed within 100 ms. Everything is
bounded: ``--max`` students, a timeout on every request, and gunicorn is stopped at the end.
"""

from __future__ import annotations

import argparse
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

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TARGET_MS = 100.0
TEACHER_EVERY = 1.5
PHONE_EVERY = 2.0
KEY = re.compile(r'data-key="([^"]+)"')
QUESTION = re.compile(r'name="question" value="(\d+)"')
PANEL = re.compile(r'hx-get="(/tutor/class/\d+/live/panel[^"]*)"')
TOKEN = re.compile(r"&amp;t=([^\"&]+)")
COUNT = re.compile(r'data-testid="answer-count">(\d+) answer')


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Seat:
    """One simulated browser: its cookies and CSRF token."""

    cookie: str
    csrf: str = ""
    key: str = ""
    token: str = ""
    question: str = ""


@dataclass
class Timings:
    teacher: list[float] = field(default_factory=list)
    teacher_304: int = 0
    answer: list[float] = field(default_factory=list)
    phone: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    last_count: int = -1
    lock: threading.Lock = field(default_factory=threading.Lock)


def setup(db_dir: Path, students: int) -> tuple[int, Seat, list[Seat]]:
    """Create the database, a teacher with a class, the students and a live question."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from tutor.accounts.learners import SESSION_KEY
    from tutor.accounts.models import Learner
    from tutor.classroom import live
    from tutor.classroom.models import Classroom, Membership

    call_command("migrate", verbosity=0)
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        call_command("flush", interactive=False, verbosity=0)  # the previous run's class
    # Production settings (DEBUG off) serve hashed static files: collect them (into the run's
    # temporary DJANGO_STATIC_ROOT, never the checkout), as a deployment does.
    call_command("collectstatic", interactive=False, verbosity=0)
    user = User.objects.create_user("teacher", password="not-used-here-1")
    teacher = Learner.objects.create(user=user, is_teacher=True)
    classroom = Classroom.objects.create(teacher=teacher, name="Lecture hall")
    store = SessionStore()
    store["_auth_user_id"] = str(user.pk)
    store["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    store["_auth_user_hash"] = user.get_session_auth_hash()
    store.create()
    teacher_seat = Seat(f"{settings.SESSION_COOKIE_NAME}={store.session_key}")
    seats = []
    for n in range(students):
        learner = Learner.objects.create()
        Membership.objects.create(classroom=classroom, learner=learner, display_name=f"S{n}")
        session = SessionStore()
        session[SESSION_KEY] = learner.pk
        session.create()
        seats.append(Seat(f"{settings.SESSION_COOKIE_NAME}={session.session_key}"))
    live.start(classroom, live.Source("hand", query="hand=234m234m456p55s68p&win=7p&seat=2z"))
    return classroom.pk, teacher_seat, seats


def stored_answers(pk: int) -> int:
    from tutor.classroom.models import LiveAnswer

    return LiveAnswer.objects.filter(question__classroom_id=pk).count()


_local = threading.local()


def _connection(port: int) -> http.client.HTTPConnection:
    """This thread's keep-alive connection (a phone's browser keeps its connection too)."""
    conn: http.client.HTTPConnection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        _local.conn = conn
    return conn


def request(
    port: int,
    method: str,
    path: str,
    seat: Seat,
    body: str = "",
    htmx: bool = True,
    etag: str = "",
) -> tuple[int, str, float, dict[str, str]]:
    headers = {"Cookie": seat.cookie, "Host": "127.0.0.1"}
    if etag:
        headers["If-None-Match"] = etag  # as the browser revalidates a no-cache response
    if htmx:
        headers["HX-Request"] = "true"
    if method == "POST":
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["X-CSRFToken"] = seat.csrf
        headers["Referer"] = f"http://127.0.0.1:{port}/"
    for attempt in (1, 2):
        conn = _connection(port)
        start = time.perf_counter()
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException):
            conn.close()
            _local.conn = None
            if attempt == 2:
                raise
            continue  # the server closed an idle keep-alive connection: open a new one
        elapsed = (time.perf_counter() - start) * 1000
        return response.status, text, elapsed, dict(response.getheaders())
    raise AssertionError("unreachable")


def prepare(port: int, pk: int, seat: Seat) -> None:
    """What the phone's first page load does: the page, its CSRF cookie, the state key."""
    status, text, _ms, headers = request(
        port, "GET", f"/tutor/class/{pk}/live/play", seat, htmx=False
    )
    if status != 200:
        raise RuntimeError(f"play page answered {status}: {text[:300]!r}")
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("Set-Cookie", ""))
    if cookie:
        seat.csrf = cookie.group(1)
        seat.cookie += f"; csrftoken={seat.csrf}"
    key = KEY.search(text)
    seat.key = key.group(1) if key else ""
    token = TOKEN.search(text)
    seat.token = token.group(1) if token else ""
    question = QUESTION.search(text)
    seat.question = question.group(1) if question else ""


def student(port: int, pk: int, seat: Seat, window: float, t0: float, out: Timings) -> None:
    rng = random.Random(seat.cookie)
    answer_at = t0 + rng.uniform(0.2, window)
    next_poll = t0 + rng.uniform(0, PHONE_EVERY)
    answered = False
    end = t0 + window + PHONE_EVERY
    while time.monotonic() < end:
        now = time.monotonic()
        if not answered and now >= answer_at:
            points = rng.choice(["2600", "2600", "2000", "3900"])
            body = f"question={seat.question}&a_points={points}"
            kind, path = "answer", f"/tutor/class/{pk}/live/answer"
            method = "POST"
            answered = True
        elif now >= next_poll:
            body, kind, method = "", "phone", "GET"
            path = f"/tutor/class/{pk}/live/state?key={seat.key}&t={seat.token}"
            next_poll += PHONE_EVERY
        else:
            time.sleep(max(0.0, min(answer_at if not answered else end, next_poll) - now))
            continue
        try:
            status, text, ms, _h = request(port, method, path, seat, body)
        except (OSError, http.client.HTTPException) as error:
            with out.lock:
                out.errors.append(f"{kind}: {error}")
            continue
        ok = status == 200 or (kind == "phone" and status == 204)
        key = KEY.search(text)
        if key:
            seat.key = key.group(1)
        with out.lock:
            (out.answer if kind == "answer" else out.phone).append(ms)
            if not ok:
                out.errors.append(f"{kind}: HTTP {status}")


def students_process(
    port: int, pk: int, seats: list[dict[str, str]], window: float, t0: float
) -> tuple[list[float], list[float], list[str]]:
    """A share of the class in its own process (one client process would be its own
    bottleneck): one thread per phone; returns the answer and poll times and the errors."""
    out = Timings()
    threads = [
        threading.Thread(target=student, args=(port, pk, Seat(**s), window, t0, out)) for s in seats
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=window + 60)
    return out.answer, out.phone, out.errors


def panel_url(port: int, pk: int, seat: Seat) -> str:
    """The histogram's poll URL, as the projector page gives it (question and token)."""
    status, text, _ms, _h = request(port, "GET", f"/tutor/class/{pk}/live/", seat, htmx=False)
    found = PANEL.search(text)
    if status != 200 or not found:
        raise RuntimeError(f"projector page answered {status} without a poll URL")
    return found.group(1).replace("&amp;", "&")


def teacher(port: int, pk: int, seat: Seat, window: float, t0: float, out: Timings) -> None:
    at = t0
    url = panel_url(port, pk, seat)
    etag = ""
    while at < t0 + window + 2 * TEACHER_EVERY:
        time.sleep(max(0.0, at - time.monotonic()))
        try:
            status, text, ms, headers = request(port, "GET", url, seat, etag=etag)
        except (OSError, http.client.HTTPException) as error:
            with out.lock:
                out.errors.append(f"teacher: {error}")
        else:
            count = COUNT.search(text)
            etag = headers.get("ETag", etag)
            with out.lock:
                out.teacher.append(ms)
                out.teacher_304 += status == 304
                if status not in (200, 304) or "HX-Refresh" in headers:
                    out.errors.append(f"teacher: HTTP {status}")
                if count:
                    out.last_count = int(count.group(1))
        at += TEACHER_EVERY


def cpu_seconds(master: int) -> float:
    """User + system CPU time of gunicorn's master and workers so far (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [master]
    children = Path(f"/proc/{master}/task/{master}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def wait_for(port: int, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/tutor/class/join/")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def run(students: int, port: int, window: float, workers: int, threads: int) -> dict[str, float]:
    """One class of ``students`` in a fresh database and a fresh gunicorn."""
    db_dir = Path(tempfile.mkdtemp(prefix="tenbo-live-"))
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith("postgres"):
        database = f"sqlite:///{db_dir / 'bench.sqlite3'}"
    (db_dir / "static").mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_STATIC_ROOT": str(db_dir / "static"),
        "DJANGO_DEBUG": "0",
        "DJANGO_HTTPS": "0",  # plain HTTP on loopback (no TLS proxy in front)
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
    }
    # The database is set up in a child process (Django is configured once per process).
    made = subprocess.run(
        [sys.executable, __file__, "--setup-db", str(db_dir), str(students)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    pk, teacher_seat, seats = json.loads(made.stdout.strip().splitlines()[-1])
    teacher_seat = Seat(**teacher_seat)
    seats = [Seat(**s) for s in seats]
    server = subprocess.Popen(
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
    try:
        wait_for(port)
        for seat in seats:
            prepare(port, pk, seat)
        # warm up: each worker builds the question once (cached per process)
        for _ in range(workers * 3):
            request(port, "GET", f"/tutor/class/{pk}/live/", teacher_seat)
        out = Timings()
        cpu_before = cpu_seconds(server.pid)
        processes = max(1, min(4, len(seats) // 20))
        shares = [[s.__dict__ for s in seats[i::processes]] for i in range(processes)]
        with multiprocessing.get_context("fork").Pool(processes) as client_pool:
            # The client processes exist before the clock starts: forking them is not measured.
            client_pool.map(time.sleep, [0.1] * processes)
            t0 = time.monotonic() + 1.5  # time for every phone's thread to start and wait
            projector = threading.Thread(
                target=teacher, args=(port, pk, teacher_seat, window, t0, out)
            )
            pending = [
                client_pool.apply_async(students_process, (port, pk, share, window, t0))
                for share in shares
            ]
            projector.start()
            for job in pending:
                answers, polls, errors = job.get(timeout=window + 90)
                out.answer += answers
                out.phone += polls
                out.errors += errors
            projector.join(timeout=window + 60)
        cpu = cpu_seconds(server.pid) - cpu_before
        counted = subprocess.run(
            [sys.executable, __file__, "--count-answers", str(pk)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        stored = int(counted.stdout.strip().splitlines()[-1])
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(db_dir, ignore_errors=True)
    return {
        "students": students,
        "teacher_p50": pct(out.teacher, 50),
        "teacher_p95": pct(out.teacher, 95),
        "teacher_max": max(out.teacher, default=float("nan")),
        "answer_p50": pct(out.answer, 50),
        "answer_p95": pct(out.answer, 95),
        "answer_max": max(out.answer, default=float("nan")),
        "phone_p50": pct(out.phone, 50),
        "phone_p95": pct(out.phone, 95),
        "teacher_polls": len(out.teacher),
        "teacher_304": out.teacher_304,
        "requests": len(out.teacher) + len(out.answer) + len(out.phone),
        "errors": len(out.errors),
        "answers_sent": len(out.answer),
        "answers_stored": stored,
        "projector_count": out.last_count,
        "cpu_ms_per_request": 1000
        * cpu
        / max(1, len(out.teacher) + len(out.answer) + len(out.phone)),
    }


def setup_only() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def report(r: dict[str, float]) -> None:
    print(
        f"{int(r['students']):>5} students: teacher poll p50 {r['teacher_p50']:6.1f} "
        f"p95 {r['teacher_p95']:6.1f} max {r['teacher_max']:6.1f} ms | answer POST p50 "
        f"{r['answer_p50']:6.1f} p95 {r['answer_p95']:6.1f} max {r['answer_max']:6.1f} ms | "
        f"phone poll p95 {r['phone_p95']:6.1f} ms | {int(r['teacher_polls'])} projector polls "
        f"({int(r['teacher_304'])} unchanged: 304) | {int(r['requests'])} requests, "
        f"{int(r['errors'])} errors | answers sent {int(r['answers_sent'])}, stored "
        f"{int(r['answers_stored'])}, projector shows {int(r['projector_count'])} | server CPU "
        f"{r['cpu_ms_per_request']:.1f} ms a request"
    )


def within(r: dict[str, float]) -> bool:
    complete = r["answers_stored"] == r["students"] == r["projector_count"]
    fast = max(r["teacher_p95"], r["answer_p95"], r["phone_p95"]) <= TARGET_MS
    return fast and complete and r["errors"] == 0


def load() -> str:
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def child(argv: list[str]) -> bool:
    """The child-process commands: set up a database, or count the stored answers."""
    if argv[:1] == ["--setup-db"]:
        pk, teacher_seat, seats = setup(Path(argv[1]), int(argv[2]))
        print(json.dumps([pk, teacher_seat.__dict__, [s.__dict__ for s in seats]]))
        return True
    if argv[:1] == ["--count-answers"]:
        setup_only()
        print(stored_answers(int(argv[1])))
        return True
    return False


def main() -> None:
    if child(sys.argv[1:]):
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--port", type=int, default=8441)
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument("--polls", type=int, default=30, help="at least this many projector polls")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--find", action="store_true", help="grow the class until p95 > 100 ms")
    parser.add_argument("--step", type=int, default=40)
    parser.add_argument("--max", type=int, default=400)
    parser.add_argument("--plan", type=int, default=0, help="run a lesson plan of N questions")
    parser.add_argument("--countdown", type=int, default=10, help="seconds per question (--plan)")
    parser.add_argument("--hold", type=float, default=2.0, help="reveal on screen (--plan)")
    parser.add_argument("--servers", type=int, default=1, help="app servers (--plan; 2: Redis)")
    parser.add_argument("--redis-port", type=int, default=8174)
    parser.add_argument("--pg-port", type=int, default=8175)
    args = parser.parse_args()
    if args.plan:
        import live_plan  # beside this script

        raise SystemExit(0 if live_plan.main(args) else 1)
    # The projector polls every TEACHER_EVERY seconds over the window: stretch the window (the
    # answers spread over it too) until it holds --polls of them.
    args.window = max(args.window, args.polls * TEACHER_EVERY)
    engine = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    print(
        f"gunicorn {args.workers} workers x {args.threads} threads on 127.0.0.1:{args.port}, "
        f"answers within {args.window:g} s, projector polls every {TEACHER_EVERY} s, "
        f"phones every {PHONE_EVERY} s; target p95 <= {TARGET_MS:g} ms; {engine}"
    )
    print(f"load average before: {load()} (2 cores, shared)")
    first = run(args.students, args.port, args.window, args.workers, args.threads)
    report(first)
    if not args.find:
        print(f"load average after: {load()}")
    print("PASS" if within(first) else "FAIL", f"({args.students} students)")
    # What the class costs the server, whatever else the machine is doing: a student makes
    # 1 / PHONE_EVERY polls a second plus one answer a window; two idle cores give 2 CPU s/s.
    per_student = 1 / PHONE_EVERY + 1 / args.window
    seats = 2 * 0.5 / (per_student * first["cpu_ms_per_request"] / 1000)
    print(
        f"server CPU per request {first['cpu_ms_per_request']:.1f} ms: two idle cores kept half "
        f"busy would serve about {seats:.0f} students"
    )
    if not args.find:
        return
    best = args.students if within(first) else 0
    # Up from a class that passed until one fails; down from one that failed until one passes
    step = args.step if best else -args.step
    size = args.students + step
    while 0 < size <= args.max:
        result = run(size, args.port, args.window, args.workers, args.threads)
        report(result)
        if within(result):
            best = max(best, size)
            if step < 0:
                break
        elif step > 0:
            break
        size += step
    print(f"load average after: {load()}")
    print(f"largest class within p95 <= {TARGET_MS:g} ms, 0 errors, every answer stored: {best}")


if __name__ == "__main__":
    main()
