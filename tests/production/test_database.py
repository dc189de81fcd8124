"""The database the suite runs on is the one asked for (make test's PostgreSQL pass)."""

from __future__ import annotations

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_postgres_pass_runs_on_postgres() -> None:
    """Under TENBO_EXPECT_POSTGRES=1 (make test's second pass) the suite must really be on
    PostgreSQL: a missed DATABASE_URL would otherwise run SQLite twice and pass silently."""
    expected = "postgresql" if os.environ.get("TENBO_EXPECT_POSTGRES") == "1" else None
    if expected is None:
        assert connection.vendor in {"sqlite", "postgresql"}
    else:
        assert connection.vendor == expected
        with connection.cursor() as cursor:
            cursor.execute("select 1")
            assert cursor.fetchone() == (1,)
