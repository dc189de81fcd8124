"""Lockouts: one policy (django-axes) for login, sign-up and password reset.

django-axes counts failed logins per account and per client address (settings: AXES_*) and
refuses a locked-out login before the password hasher runs. Sign-up and password reset hash a
password or send a mail, so a flood of either costs as much: :class:`LockoutMiddleware` counts
every sign-up and reset POST as an attempt of the same kind, and refuses them (before the view)
once the address or the name is locked out. Every refusal is :func:`lockout_response`: 429 with
``Retry-After``, a short page for people and the API's error object for JSON clients.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from axes.backends import AxesStandaloneBackend
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

#: URL names whose POSTs count towards the lockout, and the form field naming the account.
GUARDED: Final = {"signup": "username", "password_reset": "email"}
#: Longest name looked at (the form refuses longer ones anyway).
NAME_LIMIT: Final = 254


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
    minutes = max(1, round(seconds / 60))
    message = _(
        "Too many attempts from this address or for this account. "
        "Please try again in %(minutes)d minutes."
    ) % {"minutes": minutes}
    response: HttpResponse
    if request.headers.get("accept", "").startswith("application/json"):
        response = JsonResponse(
            {"ok": False, "error": {"code": "locked_out", "message": message, "field": None}},
            status=429,
        )
    else:
        response = render(request, "429.html", {"message": message, "minutes": minutes}, status=429)
    response["Retry-After"] = str(seconds)
    return response


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


class LockoutMiddleware:
    """Counts sign-up and password-reset POSTs as attempts; refuses them when locked out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None or match.url_name not in GUARDED:
            return None
        name = request.POST.get(GUARDED[match.url_name], "")[:NAME_LIMIT]
        credentials = {"username": name}
        if not AxesProxyHandler.is_allowed(request, credentials):
            return lockout_response(request, None, credentials)
        user_login_failed.send(sender=__name__, credentials=credentials, request=request)
        # This attempt was allowed when it arrived: let it finish (an account it creates must
        # not be answered with a 429); the next one is refused.
        request.axes_locked_out = False  # type: ignore[attr-defined]
        return None
