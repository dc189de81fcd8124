"""Django's database sessions, with a stricter key check: Django's keys are 32 lowercase letters
and digits, so anything else in the cookie (a NUL, which PostgreSQL cannot compare; a page of
text) is no key and never reaches a query."""

from __future__ import annotations

from django.contrib.sessions.backends import db


class SessionStore(db.SessionStore):
    def _validate_session_key(self, key: str | None) -> bool:
        return (
            bool(key)
            and 8 <= len(key or "") <= 40
            and (key or "").isascii()
            and (key or "").isalnum()
        )
