"""Flood counters are shared by every worker and server, and survive a restart, without Redis
(issue 31 item 6): production keeps Django's cache in the database (settings: CACHE_TABLE, made by
`migrate`). Each worker had counted in its own memory, so every limit let through workers ×
servers times as many, and a restart forgot them."""

from __future__ import annotations

from pathlib import Path

from tests.production.proxy import Client
from tests.production.servers import gunicorn, production_env

PASSWORD = "a-long-passphrase-9"


def sign_up(base: str, name: str) -> int:
    data = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    return Client(base, "127.0.0.1").post_form("/accounts/signup/", data)[0]


def test_sign_up_counts_are_shared_by_two_servers_and_kept_across_a_restart(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    env = production_env(
        DATABASE_URL=database_url,
        DJANGO_STATIC_ROOT=str(collected_static),
        DJANGO_SIGNUP_PER_RANGE="3",
    )
    with gunicorn(env, tmp_path / "a.log") as a, gunicorn(env, tmp_path / "b.log") as b:
        assert [sign_up(a, "one"), sign_up(b, "two"), sign_up(a, "three")] == [302] * 3
        assert sign_up(b, "four") == 429  # B counts A's sign-ups too
    with gunicorn(env, tmp_path / "c.log") as c:
        assert sign_up(c, "five") == 429  # a restart forgets nothing
    for log in ("a.log", "b.log", "c.log"):
        assert "Traceback" not in (tmp_path / log).read_text("utf-8", "replace")
