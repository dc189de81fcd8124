"""A full disk: "storage full" with a 503 and Retry-After, and recovery without a restart.

Django's 500 handler is replaced by :func:`server_error`: when the error being handled is the
database (or a file write) finding no space — SQLite's SQLITE_FULL ("database or disk is full"),
PostgreSQL's disk_full (SQLSTATE 53100), or ENOSPC — the answer is 503 with ``Retry-After`` and a
page saying the storage is full, and :func:`relieve` gives back what SQLite's write-ahead log
holds (a TRUNCATE checkpoint) and drops the connection, so the next request starts on a fresh one
as soon as space is free again. The WAL is also kept bounded all along (settings:
``journal_size_limit``, so each checkpoint truncates it), so it cannot keep the space it grew
into. Any other error is Django's plain 500 page, as before.
"""

from __future__ import annotations

import errno
import logging
import sys
from typing import Final

from django.db import connections
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.views import defaults

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER: Final = 60
#: PostgreSQL's SQLSTATE for disk_full.
PG_DISK_FULL: Final = "53100"
SQLITE_FULL: Final = 13

log = logging.getLogger("tenbo.storage")


def is_storage_full(error: BaseException | None) -> bool:
    """Whether ``error`` (or what it wraps) says the storage has no space left."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            return True
        if getattr(error, "sqlite_errorcode", None) == SQLITE_FULL:
            return True
        if getattr(error, "sqlstate", None) == PG_DISK_FULL:
            return True
        if getattr(error, "pgcode", None) == PG_DISK_FULL:
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
