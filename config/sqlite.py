"""What SQLite needs in production: writers taking turns, and a full disk answered and recovered.

**Writers take turns through a file lock.** SQLite lets one transaction write at a time; a second
writer that finds the database locked is put to sleep by SQLite's busy handler and polls again
after 1, 2, 5, 10 ... 100 ms. Under load (4 gunicorn workers x 2 threads, 32 clients answering
quiz questions) most of an answer's time was spent asleep there, long after the lock had been
released (p99 of seconds). :func:`serial_writes` makes the hot writers (the quiz answer) queue on
an exclusive ``flock`` of a file beside the database instead: the kernel wakes the next one as
soon as the lock is released (bench/sqlite_writers.py). The lock belongs to the process's open
file: the kernel drops it when a worker dies (kill -9 included). Threads of one process queue on
a threading lock first. With PostgreSQL, or an in-memory SQLite database (the tests), it does
nothing.

**A full disk** answers "storage full" (503, ``Retry-After``) instead of the 500 page
(:func:`server_error`, Django's handler500): SQLite's SQLITE_FULL, PostgreSQL's disk_full
(SQLSTATE 53100) or ENOSPC. :func:`relieve` then gives back the WAL's space (a TRUNCATE
checkpoint) and drops the connection, so the site serves again as soon as space is free, without
a restart. The WAL is kept small all along (settings: ``wal_autocheckpoint``,
``journal_size_limit``; bench/full_disk.py). Any other error is Django's plain 500 page.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final

from django.db import connections
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.views import defaults

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER: Final = 60
#: PostgreSQL's SQLSTATE for disk_full.
PG_DISK_FULL: Final = "53100"
SQLITE_FULL: Final = 13

log = logging.getLogger("tenbo.sqlite")


def is_storage_full(error: BaseException | None) -> bool:
    """Whether ``error`` (or what it wraps) says the storage has no space left."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            return True
        if getattr(error, "sqlite_errorcode", None) == SQLITE_FULL:
            return True
        if PG_DISK_FULL in (getattr(error, "sqlstate", None), getattr(error, "pgcode", None)):
            return True
        text = str(error).lower()
        if "database or disk is full" in text or "no space left on device" in text:
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def relieve() -> None:
    """Give back the write-ahead log's space (SQLite) and close every connection, so the next
    request opens a fresh one. Best effort: on a full disk parts of this may fail too."""
    for connection in connections.all(initialized_only=True):
        try:
            if connection.vendor == "sqlite" and connection.connection is not None:
                connection.connection.rollback()
                connection.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except Exception:
            log.warning("storage full: the WAL checkpoint failed too", exc_info=True)
        try:
            connection.close()
        except Exception:
            log.warning("storage full: closing the connection failed", exc_info=True)


def storage_full_response() -> HttpResponse:
    template = loader.get_template("503.html")
    response = HttpResponse(template.render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """handler500: "storage full" (503) for a full disk, Django's 500 page otherwise."""
    if is_storage_full(sys.exc_info()[1]):
        relieve()
        return storage_full_response()
    response: HttpResponseServerError = defaults.server_error(request, template_name)
    return response


# ---------------------------------------------------------------------- writers' turns
_guard = threading.Lock()
#: (lock file, pid) -> (threading lock, file descriptor); a forked child opens its own file.
_gates: dict[tuple[str, int], tuple[threading.Lock, int]] = {}
_held = threading.local()


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
    if path is None or getattr(_held, "turn", False):
        yield
        return
    with writer_turn(path):
        _held.turn = True
        try:
            yield
        finally:
            _held.turn = False
