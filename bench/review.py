"""What reviewing a game costs (issue 30): reading the sample game (a whole phoenix-room south
game, 15 hands) as .mjlog and as tenhou.net/6 JSON, with the play put in order; scoring every
win; and the pages a player steps through, rendered by the real application (DEBUG off, a fresh
SQLite database in a temp folder): the game page, a replay step (full page and the htmx board)
and the walkthrough opened from a win (with its origin box).

    .venv/bin/python bench/review.py [--n 50]

Prints the median and the 90th percentile in milliseconds (wall time, one process).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tutor" / "review" / "samples" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def timed(name: str, run: Callable[[], object], n: int) -> None:
    run()  # warm: imports, template compilation, caches
    times = []
    for _ in range(n):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{name:<44} median {statistics.median(times):7.2f} ms   p90 {p90:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50)
    n = parser.parse_args().n
    tmp = Path(tempfile.mkdtemp(prefix="tenbo-review-"))
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
    from django.core.management import call_command
    from django.test import Client

    from scorer.gamelog import read_record
    from scorer.gamelog.check import check_game
    from scorer.gamelog.replay import board
    from tests.gamelog.tenhou6_from_mjlog import convert

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    record = SAMPLE.read_bytes()
    as_json = json.dumps(convert(record.decode())).encode()
    game = read_record(record)
    moves = sum(len(h.events) for h in game.hands)
    print(f"sample: {len(game.hands)} hands, {len(game.wins)} wins, {moves} moves")
    timed("read the .mjlog (play in order)", lambda: read_record(record), n)
    timed("read the tenhou.net/6 JSON (order rebuilt)", lambda: read_record(as_json), n)
    timed("score and compare every win", lambda: check_game(game), n)
    timed("one replay board (hand 3, step 20)", lambda: board(game.hands[2], 20, 4), n)

    client = Client()
    response = client.post("/tutor/review/sample")
    url = response["Location"]
    body = client.get(url).content.decode()
    start = body.index("/tutor/explain?")
    explain = body[start : body.index('"', start)].replace("&amp;", "&")

    def ok(path: str, **headers: str) -> None:
        answer = client.get(path, headers=headers)
        assert answer.status_code == 200, (path, answer.status_code)

    timed("game page", lambda: ok(url), n)
    timed("replay page (hand 3, step 20)", lambda: ok(url + "hands/3/?step=20"), n)
    timed(
        "replay board, htmx (hand 3, step 21)",
        lambda: ok(url + "hands/3/?step=21", **{"HX-Request": "true"}),
        n,
    )
    timed("walkthrough from a win (origin box)", lambda: ok(explain), n)


if __name__ == "__main__":
    main()
