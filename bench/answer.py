"""Cost of one quiz answer POST in process: ms (wall and CPU), queries, and where the time goes.

The load bench (bench/load.py) measures throughput on gunicorn, which on a small shared machine
mostly measures the machine; this measures the answer itself. It runs the app as production
does (DEBUG off, collected static files, the hashed-name storage) against a fresh SQLite file
(or the database DATABASE_URL names, e.g. under tools/with_postgres.sh), and posts the answers
bench/load.py posts: one learner (a session cookie and the CSRF token) answering table questions
with random seeds, mostly wrongly, each with a fresh answer key.

    .venv/bin/python bench/answer.py [--answers 300] [--right] [--profile]
    tools/with_postgres.sh .venv/bin/python bench/answer.py

Prints ms per answer (p50, p95, mean wall and mean CPU), queries per answer, and the mean time
spent in storing (progress.record_answer), the feedback (feedback.slips) and rendering; with
--profile, the top functions by cumulative time. Target: <= 5-6 ms CPU per answer.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

_TMP = tempfile.TemporaryDirectory(prefix="tenbo-answer-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DJANGO_DEBUG="0",
    DJANGO_HTTPS="0",
    DJANGO_SECRET_KEY="bench-" + "k" * 60,
    DJANGO_ALLOWED_HOSTS="testserver",
    DJANGO_STATIC_ROOT=str(Path(_TMP.name) / "static"),
    DJANGO_LOG_LEVEL="WARNING",
)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_TMP.name}/answer.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.handlers.base import BaseHandler  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tutor import quiz  # noqa: E402
from tutor.quiz import feedback, progress, views  # noqa: E402

#: label -> [wall seconds, CPU seconds]
SPENT: dict[str, list[float]] = {}


def timed(owner: Any, name: str, label: str) -> None:
    """Wrap ``owner.name`` to add its wall and CPU time to SPENT[label]."""
    real: Callable[..., Any] = getattr(owner, name)

    @functools.wraps(real)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent = SPENT.setdefault(label, [0.0, 0.0])
            spent[0] += time.perf_counter() - wall
            spent[1] += time.process_time() - cpu

    setattr(owner, name, wrapper)


def body(client: Client, seed: int, right: bool) -> dict[str, str]:
    data = {
        "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
        "seed": str(seed),
        "answer_key": uuid.uuid4().hex,
    }
    if right:
        question = quiz.make_question("table", seed, {})
        data.update({f"a_{k}": str(v) for k, v in question.expected.items()})
    else:  # what bench/load.py sends: nearly always wrong
        data.update(a_ron="2000", a_tsumo="700", a_dealer="700", a_others="400")
    return data


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=300)
    parser.add_argument("--warm", type=int, default=200, help="answers before measuring")
    parser.add_argument("--htmx", action="store_true", help="as htmx posts it (the fragment)")
    parser.add_argument("--right", action="store_true", help="answer right (no feedback work)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--dump", metavar="FILE", help="with --profile: also save the stats")
    args = parser.parse_args()

    call_command("collectstatic", "--noinput", "-v0", "--ignore", "admin")
    call_command("migrate", "--noinput", "-v0")
    timed(progress, "record_answer", "store (record_answer)")
    timed(feedback, "slips", "feedback (slips)")
    timed(views, "_render", "render")
    timed(quiz, "make_question", "question (make_question)")
    timed(views, "_context", "context (_context)")
    timed(BaseHandler, "get_response", "app (middleware + view)")

    client = Client(enforce_csrf_checks=True)
    client.get("/tutor/quiz/table/?seed=1")  # the CSRF cookie, as a browser has it
    rng = random.Random(1)
    # Warm: the per-process caches (table cells, the grid beside the feedback) fill up as they
    # would in a server that has been up for a while.
    warm = args.warm
    walls: list[float] = []
    cpus: list[float] = []
    queries: list[int] = []
    profiler = cProfile.Profile() if args.profile else None
    htmx = {"HX-Request": "true"} if args.htmx else {}
    for i in range(warm + args.answers):
        if i == warm:
            SPENT.clear()
        data = body(client, rng.randint(1, 10**6), args.right)
        with CaptureQueriesContext(connection) as captured:
            if profiler is not None and i >= warm:
                profiler.enable()
            wall, cpu = time.perf_counter(), time.process_time()
            response = client.post(
                "/tutor/quiz/table/answer/",
                urlencode(data),
                content_type="application/x-www-form-urlencoded",  # as a browser's form
                headers={"Referer": "http://testserver/", **htmx},
            )
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if profiler is not None:
                profiler.disable()
        assert response.status_code == 200, response.status_code
        assert b"quiz-feedback" in response.content
        if i >= warm:
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
            queries.append(len(captured.captured_queries))

    n = len(walls)
    print(
        f"{n} answers ({'right' if args.right else 'wrong, as bench/load.py'}) on "
        f"{connection.vendor}; engine compiled: {_compiled()}"
    )
    print(
        f"ms per answer: p50 {statistics.median(walls):.2f}, p95 {pct(walls, 95):.2f}, "
        f"mean {statistics.fmean(walls):.2f} wall, {statistics.fmean(cpus):.2f} CPU"
    )
    print(
        f"answer page: {len(response.content)} bytes ({'htmx fragment' if htmx else 'full page'})"
    )
    print(f"queries per answer: mean {statistics.fmean(queries):.2f}, max {max(queries)}")
    for label, (wall_s, cpu_s) in sorted(SPENT.items()):
        print(f"  {label:24} {1000 * wall_s / n:6.2f} ms wall {1000 * cpu_s / n:6.2f} ms CPU")
    if args.answers and queries:
        print("queries of the last answer:")
        for query in captured.captured_queries:
            print("  ", query["sql"][:160])
    if profiler is not None:
        stats = pstats.Stats(profiler)
        if args.dump:
            stats.dump_stats(args.dump)
        stats.sort_stats("cumulative").print_stats(40)
        stats.sort_stats("tottime").print_stats(25)
    return 0


def _compiled() -> bool:
    from scorer import engine

    return bool(engine.COMPILED)


if __name__ == "__main__":
    raise SystemExit(main())
