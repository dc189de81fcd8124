"""SQLite writers under contention: the busy handler's polling against config.sqlite' file lock.

Forks ``--workers`` processes of ``--threads`` threads (gunicorn's 4 x 2 by default); each thread
loops for ``--seconds``: some CPU work outside any transaction (``--outside`` ms, rendering a page),
then a short write transaction (BEGIN IMMEDIATE, an insert, ``--inside`` ms of work, COMMIT), as
a quiz answer does. Prints transactions per second and the time from asking for the write lock
to holding it (p50/p95/p99/max), first with SQLite's own busy handler only, then with the writers
queueing on config.sqlite.serial_writes. Only a temporary file is written.

    .venv/bin/python bench/sqlite_writers.py [--workers 4] [--threads 2] [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import threading
import time
from contextlib import AbstractContextManager, nullcontext
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def spin(ms: float) -> None:
    end = time.thread_time() + ms / 1000
    while time.thread_time() < end:
        pass


def worker(db: str, gate: bool, args: argparse.Namespace, out: object) -> None:
    from config import sqlite as writers

    waits: list[float] = []
    lock = threading.Lock()

    def loop() -> None:
        conn = sqlite3.connect(db, timeout=20, isolation_level=None)
        conn.execute("PRAGMA synchronous=NORMAL")
        mine: list[float] = []
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline:
            spin(args.outside)
            asked = time.perf_counter()
            turn: AbstractContextManager[object]
            turn = writers.writer_turn(db + "-writers.lock") if gate else nullcontext()
            with turn:
                conn.execute("BEGIN IMMEDIATE")
                mine.append(time.perf_counter() - asked)
                conn.execute("INSERT INTO t (x) VALUES (?)", (os.getpid(),))
                spin(args.inside)
                conn.execute("COMMIT")
        with lock:
            waits.extend(mine)

    threads = [threading.Thread(target=loop) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(waits)  # type: ignore[attr-defined]


def run(gate: bool, args: argparse.Namespace) -> str:
    with tempfile.TemporaryDirectory(prefix="tenbo-writers-") as tmp:
        db = str(Path(tmp) / "w.sqlite3")
        conn = sqlite3.connect(db)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
        conn.commit()
        conn.close()
        ctx = get_context("fork")
        out = ctx.Queue()
        procs = [
            ctx.Process(target=worker, args=(db, gate, args, out)) for _ in range(args.workers)
        ]
        started = time.monotonic()
        for proc in procs:
            proc.start()
        waits: list[float] = []
        for _ in procs:
            waits.extend(out.get())
        for proc in procs:
            proc.join()
        elapsed = time.monotonic() - started
    waits.sort()

    def pct(p: float) -> float:
        return 1000 * waits[min(len(waits) - 1, round(p / 100 * (len(waits) - 1)))]

    name = "file lock (serial_writes)" if gate else "busy handler only"
    return (
        f"| {name:26} | {len(waits) / elapsed:6.0f} | {pct(50):6.1f} | {pct(95):6.1f} | "
        f"{pct(99):6.1f} | {1000 * waits[-1]:6.1f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--outside", type=float, default=6, help="ms of CPU between writes")
    parser.add_argument("--inside", type=float, default=1, help="ms of CPU inside the write")
    args = parser.parse_args()
    print(
        f"{args.workers} processes x {args.threads} threads, {args.outside} ms outside and "
        f"{args.inside} ms inside each write transaction, {args.seconds:.0f} s each"
    )
    print("| writers wait through         |  tx/s | p50 ms | p95 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for gate in (False, True):
        print(run(gate, args), flush=True)
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
