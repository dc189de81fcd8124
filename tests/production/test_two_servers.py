"""Two app servers, one database: a learner moves between two gunicorn instances (as behind a
load balancer) and keeps their session, answers and account on both. In make test's second pass
the database is PostgreSQL; in the first, a SQLite file both servers open."""

from __future__ import annotations

import http.cookiejar
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.production.servers import REPO, gunicorn, production_env
from tutor import quiz


@pytest.fixture
def database_url(tmp_path: Path, transactional_db: None) -> Iterator[str]:
    """A database both servers share: the (committed) test database on PostgreSQL, a migrated
    SQLite file otherwise (SQLite's test database lives in one process's memory)."""
    if connection.vendor == "postgresql":
        s = connection.settings_dict
        yield f"postgres://{s['USER']}:{s['PASSWORD']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"
        return
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=REPO,
        env=production_env(DATABASE_URL=url),
        check=True,
        timeout=300,
    )
    yield url


class Browser:
    """One browser: a cookie jar shared by its requests to either server."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> str:
        with self.opener.open(url, timeout=30) as response:
            return str(response.read().decode())

    def post(self, url: str, data: dict[str, str]) -> str:
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(url, body, timeout=30) as response:
            return str(response.read().decode())


def form_token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found
    return found.group(1)


def test_a_learner_moves_between_two_servers(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    env = production_env(DATABASE_URL=database_url, DJANGO_STATIC_ROOT=str(collected_static))
    q = quiz.make_question("table", 77, {})
    answers = {f"a_{k}": str(v) for k, v in q.expected.items() if not isinstance(v, list)}
    with (
        gunicorn(env, tmp_path / "a.log") as a,
        gunicorn(env, tmp_path / "b.log") as b,
    ):
        me = Browser()
        page = me.get(a + "/tutor/quiz/table/?seed=77")  # server A: the question
        key = re.search(r'name="answer_key" value="([0-9a-f]{32})"', page)
        assert key
        data = {
            "csrfmiddlewaretoken": form_token(page),
            "seed": "77",
            "answer_key": key.group(1),
            **q.options,
            **answers,
        }
        verdict = me.post(b + "/tutor/quiz/table/answer/", data)  # server B: the answer
        assert "Right!" in verdict
        # Server A sees B's session and the answer it stored.
        progress = me.get(a + "/tutor/quiz/progress/")
        assert re.search(r'id="stat-answers">1<', progress)
        # The same form resent to A is not stored again.
        me.post(a + "/tutor/quiz/table/answer/", data)
        assert re.search(r'id="stat-answers">1<', me.get(b + "/tutor/quiz/progress/"))
        # Sign up on A; B knows the account and its progress.
        signup = me.get(a + "/accounts/signup/")
        me.post(
            a + "/accounts/signup/",
            {
                "csrfmiddlewaretoken": form_token(signup),
                "username": "two-servers",
                "password1": "a-long-passphrase-9",
                "password2": "a-long-passphrase-9",
            },
        )
        on_b = me.get(b + "/tutor/quiz/progress/")
        assert "two-servers" in on_b
        assert re.search(r'id="stat-answers">1<', on_b)
        # A fresh browser logs in on B and sees the same progress on A.
        other = Browser()
        login = other.get(b + "/accounts/login/")
        other.post(
            b + "/accounts/login/",
            {
                "csrfmiddlewaretoken": form_token(login),
                "username": "two-servers",
                "password": "a-long-passphrase-9",
            },
        )
        assert re.search(r'id="stat-answers">1<', other.get(a + "/tutor/quiz/progress/"))
    for log in ("a.log", "b.log"):
        assert "Traceback" not in (tmp_path / log).read_text("utf-8", "replace")
