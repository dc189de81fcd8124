"""SQLite writers take turns through a file lock (config/sqlite.py): one at a time across
threads and processes, the lock dropped when its holder is killed, and the quiz answer's
write transaction inside it."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from config import sqlite as writers
from tests.quiz.quizhelp import post_answer, right_answers
from tutor import quiz
from tutor.quiz import progress
from tutor.quiz.models import Answer


def test_lock_file_only_for_sqlite_files(tmp_path: Path) -> None:
    sqlite = "django.db.backends.sqlite3"
    db = str(tmp_path / "db.sqlite3")
    assert writers.lock_path({"ENGINE": sqlite, "NAME": db}) == db + "-writers.lock"
    assert writers.lock_path({"ENGINE": sqlite, "NAME": ":memory:"}) is None
    memory = "file:memorydb_default?mode=memory&cache=shared"
    assert writers.lock_path({"ENGINE": sqlite, "NAME": memory}) is None
    postgres = "django.db.backends.postgresql"
    assert writers.lock_path({"ENGINE": postgres, "NAME": "tenbo"}) is None


def _hold(path: str, log: Path, label: str, seconds: float) -> None:
    with writers.writer_turn(path):
        with log.open("a") as out:
            out.write(f"in {label}\n")
        time.sleep(seconds)
        with log.open("a") as out:
            out.write(f"out {label}\n")


def _never_overlap(log: Path) -> list[str]:
    lines = log.read_text().split()
    events = list(zip(lines[::2], lines[1::2], strict=True))
    for (kind_in, who_in), (kind_out, who_out) in zip(events[::2], events[1::2], strict=True):
        assert (kind_in, kind_out) == ("in", "out"), events
        assert who_in == who_out, events
    return [who for kind, who in events if kind == "in"]


def test_one_writer_at_a_time_across_threads_and_processes(tmp_path: Path) -> None:
    path, log = str(tmp_path / "db-writers.lock"), tmp_path / "log"
    children = []
    for n in range(3):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                _hold(path, log, f"p{n}", 0.05)
            finally:
                os._exit(0)
        children.append(pid)
    threads = [threading.Thread(target=_hold, args=(path, log, f"t{n}", 0.05)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    for pid in children:
        os.waitpid(pid, 0)
    assert sorted(_never_overlap(log)) == ["p0", "p1", "p2", "t0", "t1", "t2"]


def test_a_killed_holder_releases_the_turn(tmp_path: Path) -> None:
    """kill -9 of a worker in the middle of its write: the kernel drops its lock."""
    path = str(tmp_path / "db-writers.lock")
    ready = tmp_path / "ready"
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        with writers.writer_turn(path):
            ready.write_text("holding")
            time.sleep(60)
        os._exit(0)
    deadline = time.monotonic() + 10
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    got: list[int] = []

    def take() -> None:
        with writers.writer_turn(path):
            got.append(1)

    started = time.monotonic()
    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    thread.join(5)
    assert got, "the turn was still held after its holder was killed"
    assert time.monotonic() - started < 5


def test_serial_writes_is_reentrant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "db-writers.lock")
    monkeypatch.setattr(writers, "lock_path", lambda settings: path)
    done: list[bool] = []

    def nested() -> None:
        with writers.serial_writes(), writers.serial_writes():
            pass
        with writers.serial_writes():
            done.append(True)

    thread = threading.Thread(target=nested, daemon=True)
    thread.start()
    thread.join(5)
    assert done == [True]


@pytest.mark.django_db
def test_the_answer_is_stored_inside_the_writer_turn(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    held: list[int] = []
    real = progress._record

    class Turn:
        def __enter__(self) -> None:
            held.append(1)

        def __exit__(self, *exc: object) -> None:
            held.pop()

    def record(*args: Any, **kwargs: Any) -> Any:
        assert held == [1], "the answer was written outside serial_writes"
        return real(*args, **kwargs)

    monkeypatch.setattr(progress, "serial_writes", Turn)
    monkeypatch.setattr(progress, "_record", record)
    q = quiz.make_question("table", 42, {})
    response = post_answer(client, q, right_answers(q), answer_key="a" * 32)
    assert response.status_code == 200
    assert Answer.objects.count() == 1
    assert held == []
