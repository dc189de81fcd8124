"""SQLite writers take turns through a file lock, instead of polling for the database's lock.

SQLite lets one transaction write at a time. A second writer that finds the database locked is
put to sleep by SQLite's busy handler and polls again after 1, 2, 5, 10 ... 100 ms: under load
(4 gunicorn workers x 2 threads, 32 clients, all answering quiz questions) most of an answer's
time was spent asleep there, long after the lock had been released, and the unlucky ones lost
the race again and again (p99 of seconds). :func:`serial_writes` makes the hot writers (the quiz
answer) queue on an exclusive ``flock`` of a file beside the database instead: the kernel wakes
the next one as soon as the lock is released. Inside, ``BEGIN IMMEDIATE`` then finds the
database free, or waits for another kind of writer through the busy timeout as before.

The lock belongs to the process's open file: the kernel drops it when a worker dies (kill -9
included), so a crash never leaves it held. Threads of one process queue on a threading lock
first (a flock is shared by the threads of a process). With PostgreSQL, or an in-memory SQLite
database (the tests), this does nothing.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.db import connections

_guard = threading.Lock()
#: (lock file, pid) -> (threading lock, file descriptor); a forked child opens its own file.
_gates: dict[tuple[str, int], tuple[threading.Lock, int]] = {}
_depth = threading.local()


def lock_path(settings: Mapping[str, Any]) -> str | None:
    """The lock file of a database (its settings): None unless it is an SQLite file."""
    name = str(settings.get("NAME") or "")
    if settings["ENGINE"] != "django.db.backends.sqlite3" or not name:
        return None
    if name == ":memory:" or "mode=memory" in name:
        return None
    return name + "-writers.lock"


def _gate(path: str) -> tuple[threading.Lock, int]:
    key = (path, os.getpid())
    with _guard:
        gate = _gates.get(key)
        if gate is None:
            gate = (threading.Lock(), os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
            _gates[key] = gate
        return gate


@contextmanager
def writer_turn(path: str) -> Iterator[None]:
    """Hold the exclusive lock of file ``path`` (made if missing): one thread of one process at
    a time, the others asleep until it is their turn."""
    lock, fd = _gate(path)
    with lock:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def serial_writes(using: str = "default") -> Iterator[None]:
    """Hold the database's writer turn (SQLite files only) for the duration of the block.

    Re-entrant within a thread: only the outermost block takes and releases the turn."""
    path = lock_path(connections[using].settings_dict)
    depth = getattr(_depth, "n", 0)
    if path is None or depth:
        _depth.n = depth + 1
        try:
            yield
        finally:
            _depth.n = depth
        return
    with writer_turn(path):
        _depth.n = 1
        try:
            yield
        finally:
            _depth.n = 0
