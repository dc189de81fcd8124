"""Error mail never holds a request (issue 23 item 1): sent from a background thread, with a
timeout on the SMTP connection, and rate-limited (20 foreign-Host requests are not 20 mails)."""

from __future__ import annotations

import logging
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from config.mail import QueuedAdminEmailHandler, flush
from tests.production.servers import gunicorn, production_env
from tests.production.test_settings import DOCUMENTED, env_with, settings_under


@contextmanager
def hanging_smtp() -> Iterator[tuple[int, list[socket.socket]]]:
    """A local socket that accepts every connection and never answers (no SMTP greeting)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(50)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _addr = listener.accept()
            except OSError:
                continue
            accepted.append(conn)  # held open, never written to

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield int(listener.getsockname()[1]), accepted
    finally:
        stop.set()
        thread.join(2)
        for conn in accepted:
            conn.close()
        listener.close()


def fetch(url: str, host: str | None = None, timeout: float = 5.0) -> tuple[int, float]:
    """Status and seconds taken (a 4xx/5xx is an answer too)."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status = response.status
            response.read()
    except urllib.error.HTTPError as error:
        status = error.code
        error.read()
    return status, time.monotonic() - started


def test_a_hanging_smtp_server_never_holds_a_response(
    tmp_path: Path, collected_static: Path
) -> None:
    """gunicorn, DEBUG off, DJANGO_ADMINS set, the SMTP server accepting and never answering:
    every response comes at once (it took the SMTP timeout, or 81 s without one, before)."""
    with hanging_smtp() as (port, accepted):
        env = production_env(
            DJANGO_SETTINGS_MODULE="tests.production.crash_settings",
            DJANGO_ADMINS="ops@example.org",
            EMAIL_URL=f"smtp://127.0.0.1:{port}",
            DJANGO_STATIC_ROOT=str(collected_static),
        )
        log = tmp_path / "gunicorn.log"
        with gunicorn(env, log) as base:
            slowest = 0.0
            for _ in range(20):
                status, took = fetch(base + "/api/score?hand=x", host="evil.example")
                assert status == 400
                slowest = max(slowest, took)
            status, took = fetch(base + "/boom-for-tests")
            assert status == 500
            slowest = max(slowest, took)
            status, took = fetch(base + "/api/score?hand=234m234m456p55s68p&win=7p&tsumo=1")
            assert status == 200
            slowest = max(slowest, took)
            assert slowest < 2.0, f"a response waited {slowest:.1f} s for the mail"
            # 20 foreign Hosts and one 500: two kinds of error, so at most two mails (the
            # second still queued behind the first, which waits for its timeout).
            time.sleep(0.5)
            assert 1 <= len(accepted) <= 2
    text = log.read_text("utf-8", "replace")
    # The log keeps every one.
    assert len(re.findall(r"ERROR .*DisallowedHost: Invalid HTTP_HOST header", text)) == 20


@pytest.fixture
def mail_handler(settings: Any) -> Iterator[QueuedAdminEmailHandler]:
    """The production handler on django.request and django.security, mail kept in memory."""
    settings.ADMINS = ["ops@example.org"]
    settings.ERROR_MAIL_INTERVAL = 600
    handler = QueuedAdminEmailHandler()
    loggers = [logging.getLogger("django.request"), logging.getLogger("django.security")]
    for logger in loggers:
        logger.addHandler(handler)
    yield handler
    for logger in loggers:
        logger.removeHandler(handler)


@pytest.mark.django_db
def test_twenty_foreign_hosts_send_one_mail(
    client: Client, settings: Any, mail_handler: QueuedAdminEmailHandler
) -> None:
    settings.DEBUG = False
    for n in range(20):
        response = client.get("/", headers={"host": f"evil{n}.example"})
        assert response.status_code == 400
    assert flush()
    assert len(mail.outbox) == 1
    assert "Invalid HTTP_HOST header" in mail.outbox[0].subject


@pytest.mark.django_db
@pytest.mark.urls("tests.production.crash_urls")
def test_the_next_mail_says_how_many_were_left_out(
    settings: Any, mail_handler: QueuedAdminEmailHandler
) -> None:
    client = Client(raise_request_exception=False)
    for _ in range(3):
        assert client.get("/boom-for-tests").status_code == 500
    assert flush()
    assert len(mail.outbox) == 1
    settings.ERROR_MAIL_INTERVAL = 0
    assert client.get("/boom-for-tests").status_code == 500
    assert flush()
    assert len(mail.outbox) == 2
    assert "2 more like this were not mailed" in str(mail.outbox[1].body)


def test_the_smtp_mailer_has_a_timeout() -> None:
    values = settings_under(env_with(**DOCUMENTED), "MAILERS")
    assert values["MAILERS"]["default"]["OPTIONS"]["timeout"] == 10  # type: ignore[index]


@pytest.mark.django_db
def test_password_reset_answers_at_once_with_a_hanging_smtp_server(
    client: Client, settings: Any
) -> None:
    """Item 10: the reset mail leaves from the background thread, so a known address answers as
    fast as an unknown one, whatever the SMTP server does."""
    from django.contrib.auth.models import User

    User.objects.create_user("ren", email="ren@example.org", password="a-long-passphrase-9")
    with hanging_smtp() as (port, _accepted):
        settings.MAILERS = {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 2},
            }
        }
        timings = {}
        for address in ("ren@example.org", "nobody@example.org"):
            started = time.monotonic()
            response = client.post("/accounts/password-reset/", {"email": address})
            timings[address] = time.monotonic() - started
            assert response.status_code == 302
        assert max(timings.values()) < 1.0, timings
        assert flush(timeout=5)
