"""Sessions are Django's database sessions (config/sessions.py): the same data, the same handling
of unknown and expired keys, and a cookie that is no key (a NUL, a page of text) never queried."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from config import sessions

pytestmark = pytest.mark.django_db


def test_the_session_engine_is_djangos_database_one() -> None:
    assert settings.SESSION_ENGINE == "config.sessions"
    assert issubclass(sessions.SessionStore, db.SessionStore)


def test_a_session_reads_back_what_djangos_store_wrote() -> None:
    written = db.SessionStore()
    written["tutor_learner"] = 7
    written["list"] = [1, "二"]
    written.save()
    read = sessions.SessionStore(written.session_key)
    assert read.load() == {"tutor_learner": 7, "list": [1, "二"]}
    assert read.session_key == written.session_key


@pytest.mark.parametrize("key", ["x" * 32, "short"])
def test_an_unknown_key_reads_nothing_and_is_dropped(key: str) -> None:
    store = sessions.SessionStore(key)
    assert store.load() == {}
    assert store.session_key is None


def test_an_expired_session_reads_nothing() -> None:
    written = db.SessionStore()
    written["tutor_learner"] = 7
    written.save()
    Session.objects.filter(session_key=written.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    store = sessions.SessionStore(written.session_key)
    assert store.load() == {}
    assert store.session_key is None


def test_a_learner_keeps_their_session_across_requests(client: Client) -> None:
    client.get("/tutor/quiz/table/?seed=1")
    session = client.session
    session["probe"] = "kept"
    session.save()
    client.get("/tutor/quiz/")
    assert isinstance(client.session, sessions.SessionStore)
    assert client.session["probe"] == "kept"


@pytest.mark.parametrize("key", ["a\x00" * 16, "x" * 5000, "ｘ" * 32, "abc-def-ghi"])
def test_a_cookie_that_is_no_key_reads_nothing_and_never_reaches_a_query(
    key: str, client: Client
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    store = sessions.SessionStore(key)
    with CaptureQueriesContext(connection) as queries:
        assert store.load() == {}
    assert store.session_key is None
    assert not [q for q in queries.captured_queries if key[:8] in q["sql"]]
    # As WSGI hands a cookie's bytes to Django: UTF-8 read as latin-1.
    client.cookies[settings.SESSION_COOKIE_NAME] = key.encode().decode("latin-1")
    assert client.get("/tutor/quiz/progress/").status_code == 200
