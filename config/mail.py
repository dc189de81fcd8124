"""Mail that never holds a request: error reports and password-reset links are handed to one
background thread per process and sent from there.

A request that logs an error (a 500, a foreign Host header) or asks for a reset link only puts a
finished message on a bounded queue and goes on: an SMTP server that refuses, hangs or is slow
costs the request nothing, and every SMTP connection has a timeout (settings: EMAIL_URL's mailer
gets ``DJANGO_EMAIL_TIMEOUT`` seconds) so the sending thread itself never waits forever. When
the queue is full the message is dropped (and said so on stderr), never the response.

Error mail is also rate-limited: one mail per kind of error (logger, exception type and the line
that raised it, or the log message's template) per ``ERROR_MAIL_INTERVAL`` seconds in each
process, so twenty foreign-Host requests send one mail, not twenty (the next one says how many
were left out). The log on stderr keeps every one of them.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from django.conf import settings
from django.core.mail import EmailMessage, mail_admins
from django.utils.log import AdminEmailHandler

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise as StrPromise

#: Messages waiting to be sent, at most (beyond that new ones are dropped).
QUEUE_SIZE: Final = 100
#: Seconds between two mails about the same kind of error (settings.ERROR_MAIL_INTERVAL).
DEFAULT_INTERVAL: Final = 600.0

# Failures to send go to stderr only: never back through the "django" logger's mail handler.
log = logging.getLogger("tenbo.mail")


class Outbox:
    """A bounded queue of sending jobs and the one thread that runs them (started on first use,
    and again in a forked child, which inherits the queue but not the thread)."""

    def __init__(self, size: int = QUEUE_SIZE) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._pid = -1
        self._jobs: queue.Queue[Callable[[], None]] = queue.Queue(size)

    def _ensure_thread(self) -> None:
        with self._lock:
            if self._pid == os.getpid():
                return
            self._jobs = queue.Queue(self.size)
            thread = threading.Thread(target=self._run, name="tenbo-mail", daemon=True)
            thread.start()
            self._pid = os.getpid()

    def put(self, job: Callable[[], None]) -> bool:
        """Queue ``job``; False (and nothing queued) when the queue is full."""
        self._ensure_thread()
        try:
            self._jobs.put_nowait(job)
        except queue.Full:
            print("tenbo.mail: queue full, a mail was dropped", file=sys.stderr)
            return False
        return True

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued job has run (tests); False if ``timeout`` passed first."""
        deadline = time.monotonic() + timeout
        jobs = self._jobs
        with jobs.all_tasks_done:
            while jobs.unfinished_tasks:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                jobs.all_tasks_done.wait(left)
        return True

    def _run(self) -> None:
        jobs = self._jobs
        while True:
            job = jobs.get()
            try:
                job()
            except Exception:
                # Plain stderr: the "django" logger would mail this failure again.
                print("tenbo.mail: sending failed\n" + traceback.format_exc(), file=sys.stderr)
            finally:
                jobs.task_done()


OUTBOX = Outbox()


def send_later(message: EmailMessage) -> bool:
    """Send ``message`` from the background thread; True if it was queued."""

    def send() -> None:
        message.send()

    return OUTBOX.put(send)


def flush(timeout: float = 10.0) -> bool:
    """Wait until the queued mail has been sent (or failed): for tests."""
    return OUTBOX.flush(timeout)


class QueuedAdminEmailHandler(AdminEmailHandler):
    """Django's AdminEmailHandler, with the report written on the request's thread (it reads
    the request) and sent from the outbox; at most one mail per kind of error per interval."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._last: dict[tuple[str, ...], float] = {}
        self._left_out: dict[tuple[str, ...], int] = {}
        self._gate = threading.Lock()
        self._note = threading.local()

    @staticmethod
    def kind(record: logging.LogRecord) -> tuple[str, ...]:
        """What makes two records "the same error" for mail."""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            where = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
            place = f"{where[0].filename}:{where[0].lineno}" if where else ""
            return (record.name, type(error).__qualname__, place)
        return (record.name, str(record.msg))

    def allow(self, record: logging.LogRecord) -> int | None:
        """None if a mail about this kind of error went out within the interval (counted);
        otherwise how many were left out since the last one."""
        interval = float(getattr(settings, "ERROR_MAIL_INTERVAL", DEFAULT_INTERVAL))
        key = self.kind(record)
        now = time.monotonic()
        with self._gate:
            last = self._last.get(key)
            if last is not None and now - last < interval:
                self._left_out[key] = self._left_out.get(key, 0) + 1
                return None
            self._last[key] = now
            return self._left_out.pop(key, 0)

    def emit(self, record: logging.LogRecord) -> None:
        if not settings.ADMINS:
            return
        left_out = self.allow(record)
        if left_out is None:
            return
        self._note.text = (
            f"({left_out} more like this were not mailed since the last one; see the log.)\n\n"
            if left_out
            else ""
        )
        super().emit(record)

    def send_mail(
        self, subject: str | StrPromise, message: str | StrPromise, *args: Any, **kwargs: Any
    ) -> None:
        html_message = kwargs.get("html_message")
        body = getattr(self._note, "text", "") + str(message)

        def send() -> None:
            mail_admins(subject, body, html_message=html_message)

        OUTBOX.put(send)
