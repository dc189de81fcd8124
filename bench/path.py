"""What the learner's path costs a page: ms and queries for the picker with Today's strip, Today,
the path, and the end of a quiz set with its debrief, for a learner with many answers.

Runs as production does (DEBUG off, collected static files, the hashed-name storage) against a
fresh SQLite file (or DATABASE_URL, e.g. under tools/with_postgres.sh). The learner answers
``--answers`` table questions spread over ``--days`` days (the streak and Today read them), then
each page is asked ``--repeat`` times.

    .venv/bin/python bench/path.py [--answers 3000] [--days 120] [--repeat 30]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

_TMP = tempfile.TemporaryDirectory(prefix="tenbo-path-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DJANGO_DEBUG="0",
    DJANGO_HTTPS="0",
    DJANGO_SECRET_KEY="bench-" + "k" * 60,
    DJANGO_ALLOWED_HOSTS="testserver",
    DJANGO_STATIC_ROOT=str(Path(_TMP.name) / "static"),
    DJANGO_LOG_LEVEL="WARNING",
)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{_TMP.name}/path.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tutor import quiz  # noqa: E402
from tutor.accounts.learners import learner_for  # noqa: E402, F401
from tutor.quiz import srs  # noqa: E402


def answers(client: Client, count: int, days: int) -> None:
    """``count`` table answers, a few each day over ``days`` days (sets of ten)."""
    now = srs.now()
    for i in range(count):
        set_id, n = divmod(i, quiz.SET_LENGTH)
        when = now - timedelta(days=days * (count - i) / count)
        q = quiz.make_question("table", quiz.set_seed(set_id + 1, n), {})
        data = {**q.options, "seed": q.seed, "answer_key": uuid.uuid4().hex}
        data.update({f"a_{k}": str(v) for k, v in q.expected.items()})
        with srs.use_clock(functools.partial(lambda at: at, when)):
            client.post("/tutor/quiz/table/answer/", data)


def measure(
    client: Client, name: str, url: str, repeat: int, post: dict[str, str] | None = None
) -> None:
    times = []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.post(url, post) if post else client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured.captured_queries)
    print(
        f"{name:<34} p50 {statistics.median(times):6.1f} ms  "
        f"max {max(times):6.1f} ms  {queries:3d} queries"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=3000)
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    print(f"{connection.vendor}; a learner with {args.answers} answers over {args.days} days")
    fresh = Client()
    measure(fresh, "/ (first visit: the path's line)", "/", args.repeat)
    client = Client()
    start = time.perf_counter()
    answers(client, args.answers, args.days)
    print(f"(answers stored in {time.perf_counter() - start:.0f} s)")
    measure(client, "/ (the learner's Today strip)", "/", args.repeat)
    measure(client, "/tutor/today/", "/tutor/today/", args.repeat)
    measure(client, "/tutor/path/", "/tutor/path/", args.repeat)
    # The last answer of a set: the quiz's set end with the path's debrief.
    set_id = 999_001
    for n in range(quiz.SET_LENGTH - 1):
        q = quiz.make_question("table", quiz.set_seed(set_id, n), {})
        data = {**q.options, "seed": q.seed, "set": set_id, "n": n}
        data.update({f"a_{k}": "1" for k in q.expected}, answer_key=uuid.uuid4().hex)
        client.post("/tutor/quiz/table/answer/", data)
    last = quiz.make_question("table", quiz.set_seed(set_id, 9), {})
    data = {**last.options, "seed": last.seed, "set": set_id, "n": 9}
    data.update({f"a_{k}": "1" for k in last.expected})
    times = []
    for _ in range(args.repeat):
        data["answer_key"] = uuid.uuid4().hex
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.post("/tutor/quiz/table/answer/", data)
            times.append((time.perf_counter() - started) * 1000)
        assert b'data-testid="debrief"' in response.content
    print(
        f"{'set end with its debrief':<34} p50 {statistics.median(times):6.1f} ms  "
        f"max {max(times):6.1f} ms  {len(captured.captured_queries):3d} queries"
    )


if __name__ == "__main__":
    main()
