"""Shared fixtures for the production tests: static files collected once per session, a database
that several server processes share."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.production.servers import REPO, production_env


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


def run_in_django(env: dict[str, str], code: str) -> None:
    """Python ``code`` run with Django set up against ``env``'s database (a user, a class)."""
    subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        cwd=REPO,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        check=True,
        timeout=120,
    )
