"""Under gunicorn with DEBUG off, a 500 leaves its traceback in the error log (stderr) and every
request one access-log line with its duration."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.production.servers import gunicorn, production_env


def test_a_500_is_logged_with_its_traceback_and_every_request_with_its_duration(
    tmp_path: Path,
) -> None:
    env = production_env(DJANGO_SETTINGS_MODULE="tests.production.crash_settings")
    log = tmp_path / "gunicorn.log"
    with gunicorn(env, log) as base:
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(base + "/boom-for-tests", timeout=10)
        assert failed.value.code == 500
        assert b"boom" not in failed.value.read()  # no traceback for the client
        with urllib.request.urlopen(
            base + "/api/score?hand=234m234m456p55s68p&win=7p&tsumo=1"
        ) as r:
            assert r.status == 200
    text = log.read_text("utf-8", "replace")
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: boom for the log test" in text
    assert re.search(r"ERROR .*django\.request: Internal Server Error: /boom-for-tests", text)
    assert re.search(r'"GET /boom-for-tests HTTP/1\.1" 500 \d+ \d+ms', text), text
    assert re.search(r'"GET /api/score\?hand=\S+ HTTP/1\.1" 200 \d+ \d+ms', text), text


@pytest.mark.django_db
def test_a_client_error_logs_one_line() -> None:
    """Issue 31 item 9: a multipart body without a boundary is a 400, logged as one line (Django
    had logged the parser's traceback with it), and so is a request for another host."""
    import io
    import logging

    from django.test import Client

    (handler,) = logging.getLogger("django").handlers[:1]
    assert isinstance(handler, logging.StreamHandler)
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        client = Client()
        body = client.generic("POST", "/accounts/login/", b"x", content_type="multipart/form-data")
        assert body.status_code == 400
        host = client.get("/", HTTP_HOST="elsewhere.example")
        assert host.status_code == 400
    finally:
        handler.setStream(previous)
    err = stream.getvalue()
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 2, err
    assert "Bad request (Unable to parse request body): /accounts/login/" in lines[0]
    assert "DisallowedHost" in lines[1]
