"""The login lockout: django-axes, per (account, client address) pair.

django-axes counts failed logins per pair (settings: AXES_*) and refuses a locked-out login
before the password hasher runs; :func:`lockout_response` answers 429 with ``Retry-After`` and
puts the lock in the cache, so that the pair's next attempts are refused by
config/throttle.py's middleware before the session, the database or a template. The account's
global slow-down, sign-up caps, reset and join-code limits are config/throttle.py's.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse

from config import throttle


def retry_after(request: HttpRequest) -> int:
    """Seconds until the lockout ends (the whole cool-off: attempts keep extending it)."""
    cool_off = get_cool_off(request)
    return max(1, int(cool_off.total_seconds())) if cool_off else 3600


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """429 Too Many Requests with Retry-After (AXES_LOCKOUT_CALLABLE)."""
    seconds = retry_after(request)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    throttle.login_locked(request, str(username), seconds)
    return throttle.refusal(request, seconds, "login")


class LockoutBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """django-axes' check, first in AUTHENTICATION_BACKENDS: a locked-out login is refused
    before ModelBackend hashes the password. A login without a request (``Client.login`` in
    tests, a script) comes from no address to lock and is left to the next backend."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is not None:
            super().authenticate(request, username, password, **kwargs)  # raises when locked
