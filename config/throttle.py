"""Floods refused cheaply: login guesses, sign-ups, password resets and join-code guesses.

Policy (issue 23 items 5-7, issue 21 item 7):

- **Login** is locked out per (account, address) by django-axes (``AXES_LOCKOUT_PARAMETERS``), so
  strangers hammering an account never lock its owner out. The account itself is only *slowed
  down* for everyone else: after ``LOGIN_SLOW_AFTER`` failures within the cool-off (from any
  addresses), each further attempt must wait twice as long as the last (1, 2, 4 … seconds, at
  most ``LOGIN_SLOW_MAX``). A browser that has logged in to the account before carries a signed
  device cookie (:func:`remember_device`) and is not slowed down. One address failing on many
  accounts is locked after ``LOGIN_ADDRESS_LIMIT`` failures.
- **Sign-up** is capped per address range (/24 for IPv4, /64 for IPv6: ``SIGNUP_PER_RANGE`` per
  hour) and for the whole site (``SIGNUP_PER_MINUTE``). A teacher can raise the allowance of the
  class's range for a lesson (:func:`allow_signups`); students can always join a class with the
  code and just a name, which needs no account and is never capped.
- **Password reset**: ``AXES_FAILURE_LIMIT`` requests per address within the cool-off.
- **Join codes**: an address that tried ``JOIN_GUESSES`` unknown codes within the cool-off is
  refused every unknown code; a real code is not a guess: never counted, never refused.

Every refusal is decided by :class:`EarlyRefusalMiddleware`, first in the chain: the counters
live in the default cache, shared by every worker and server (Redis when ``REDIS_URL`` is set,
otherwise the database's cache table; only development counts in its one process's memory), so
a refusal touches neither the session nor a template (bench/refusal.py measures it). The client
address is django-ipware's, as django-axes reads it (settings: DJANGO_PROXY_COUNT). Logins and
sign-ups hash passwords at most LOGIN_HASH_SLOTS at a time per machine (:func:`hashing_slot`).
"""

from __future__ import annotations

import fcntl
import hashlib
import ipaddress
import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import get_language_from_path, ngettext
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from config import guard

#: The signed cookie naming the accounts this browser has logged in to.
DEVICE_COOKIE: Final = "tenbo_device"
DEVICE_SALT: Final = "tenbo.throttle.device"
DEVICE_DAYS: Final = 365
#: Accounts remembered per browser, at most.
DEVICE_ACCOUNTS: Final = 5


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def cool_off() -> int:
    """The lockout window in seconds (AXES_COOLOFF_TIME)."""
    return max(1, int(settings.AXES_COOLOFF_TIME.total_seconds()))


# ---------------------------------------------------------------------- counters in the cache
def _key(kind: str, key: str) -> str:
    """A cache key for ``key`` (which holds what clients send: hashed, so any text is safe in
    any cache backend, whatever its length or characters)."""
    return f"tenbo:{kind}:" + hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:40]


def counted(
    request: HttpRequest, group: str, seconds: int, key: str = "address", add: bool = False
) -> tuple[int, int]:
    """django-ratelimit's count of ``group`` in its current window of ``seconds`` for this
    request's ``key`` ("address"; its range, "ip": /24 or /64 by RATELIMIT_IPV*_MASK; the
    "site"; or any "kind:text", such as an account), one more when ``add``; and the seconds left
    of that window."""
    keys = {"address": lambda g, r: client_address(r), "ip": "ip", "site": lambda g, r: "site"}
    usage = get_usage(
        request,
        group=group,
        key=keys.get(key, lambda g, r: key),
        rate=f"1/{seconds}s",  # the window; the limits are compared below, some vary
        increment=add,
    )
    return (int(usage["count"]), max(1, int(usage["time_left"]))) if usage else (0, 0)


def used_up(
    request: HttpRequest, group: str, limit: int, seconds: int, key: str = "address"
) -> int:
    """Seconds this request is refused: ``limit`` events of ``group`` already counted in the
    window (0: not refused)."""
    count, left = counted(request, group, seconds, key)
    return left if count >= limit else 0


def block(key: str, seconds: float) -> None:
    cache.set(_key("b", key), time.time() + seconds, max(1, math.ceil(seconds)))


def unblock(key: str) -> None:
    cache.delete(_key("b", key))


def blocked_for(key: str) -> int:
    """Seconds left of a block on ``key`` (0: not blocked)."""
    until = cache.get(_key("b", key))
    return max(0, math.ceil(until - time.time())) if until else 0


def client_address(request: HttpRequest) -> str:
    return str(get_client_ip_address(request) or request.META.get("REMOTE_ADDR") or "-")


def address_range(address: str) -> str:
    """The network an address belongs to, as django-ratelimit masks it (/24, /64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    prefix = settings.RATELIMIT_IPV4_MASK if ip.version == 4 else settings.RATELIMIT_IPV6_MASK
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def _name(text: object) -> str:
    return str(text or "")[:254].strip().lower()


# ---------------------------------------------------------------------- the device cookie
def device_accounts(request: HttpRequest) -> list[str]:
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return []
    try:
        names = signing.loads(value, salt=DEVICE_SALT, max_age=DEVICE_DAYS * 86400)
    except signing.BadSignature:
        return []
    return [str(n) for n in names][:DEVICE_ACCOUNTS] if isinstance(names, list) else []


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After a successful login: this browser knows the account (not slowed down by strangers)."""
    names = [_name(username)] + [n for n in device_accounts(request) if n != _name(username)]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(names[:DEVICE_ACCOUNTS], salt=DEVICE_SALT),
        max_age=DEVICE_DAYS * 86400,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


# ---------------------------------------------------------------------- login
@receiver(user_login_failed, dispatch_uid="tenbo-throttle-login-failed")
def _login_failed(
    sender: object, credentials: dict[str, object], request: HttpRequest | None = None, **_: object
) -> None:
    """Count a failed login for the account (the global slow-down) and the address."""
    if request is None or sender == "config.lockout":  # sign-up/reset attempts are not logins
        return
    name = _name(credentials.get("username"))
    if name:
        failures, _left = counted(request, "login-account", cool_off(), f"account:{name}", True)
        slow_after = _setting("LOGIN_SLOW_AFTER", 5)
        if failures >= slow_after:
            delay = min(2 ** (failures - slow_after), _setting("LOGIN_SLOW_MAX", 60))
            block(f"slow:{name}", delay)
    counted(request, "login-address", cool_off(), add=True)


def login_locked(request: HttpRequest, username: str, seconds: int) -> None:
    """django-axes locked (account, address) out: refuse it early from now on."""
    block(f"login:{client_address(request)}:{_name(username)}", seconds)


def _login_refusal(request: HttpRequest) -> int:
    address = client_address(request)
    name = _name(request.POST.get("username"))
    pair = blocked_for(f"login:{address}:{name}")
    everywhere = used_up(request, "login-address", _setting("LOGIN_ADDRESS_LIMIT", 50), cool_off())
    slow = 0
    if name and name not in device_accounts(request):
        slow = blocked_for(f"slow:{name}")
    return max(pair, everywhere, slow)


# ---------------------------------------------------------------------- the password hasher's share
#: Seconds a login or sign-up refused for want of a hashing slot is asked to wait.
BUSY_RETRY: Final = 2


def _slot_path(n: int) -> str:
    """The lock file of slot ``n``: one set per installation and machine (per process while
    developing, so that test runs side by side never share slots)."""
    owner = f"{settings.BASE_DIR}:{os.getpid() if settings.DEBUG else ''}"
    site = hashlib.sha256(owner.encode()).hexdigest()[:12]
    folder = getattr(settings, "LOGIN_HASH_LOCK_DIR", "") or tempfile.gettempdir()
    return os.path.join(folder, f"tenbo-hash-{site}-{n}.lock")


@contextmanager
def hashing_slot() -> Iterator[bool]:
    """One of the machine's LOGIN_HASH_SLOTS (an exclusive ``flock`` on a file), held for the
    block: True if one was free. A password hash costs most of a second of CPU on purpose, so
    logins and sign-ups hash at most that many at a time on this machine, whatever the number of
    workers and servers on it: the others answer at once ("busy, try again in 2 seconds")
    instead of taking more of the CPU (bench/login_cost.py). The kernel drops a lock when its
    process dies, so a killed worker never keeps a slot."""
    for n in range(max(1, int(getattr(settings, "LOGIN_HASH_SLOTS", 1)))):
        fd = os.open(_slot_path(n), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        return
    yield False


# ---------------------------------------------------------------------- sign-up
def allow_signups(address: str, extra: int, hours: float) -> None:
    """A teacher's allowance: ``extra`` more sign-ups from ``address``'s range for ``hours``."""
    cache.set(_key("allow", address_range(address)), extra, int(hours * 3600))


def signup_allowance(address: str) -> int:
    return int(cache.get(_key("allow", address_range(address))) or 0)


def _signup_refusal(request: HttpRequest) -> tuple[int, str]:
    seconds = used_up(request, "signup-site", _setting("SIGNUP_PER_MINUTE", 30), 60, "site")
    if seconds:
        return seconds, "site"
    cap = _setting("SIGNUP_PER_RANGE", 10) + signup_allowance(client_address(request))
    seconds = used_up(request, "signup-range", cap, 3600, "ip")
    return (seconds, "range") if seconds else (0, "")


def signed_up(request: HttpRequest) -> None:
    """Count an account made (after the view made it)."""
    counted(request, "signup-site", 60, "site", add=True)
    counted(request, "signup-range", 3600, "ip", add=True)


# ---------------------------------------------------------------------- password reset
def _reset_refusal(request: HttpRequest) -> int:
    return used_up(request, "reset", settings.AXES_FAILURE_LIMIT, cool_off())


def reset_asked(request: HttpRequest) -> None:
    counted(request, "reset", cool_off(), add=True)


# ---------------------------------------------------------------------- join codes
def _join_refusal(request: HttpRequest, page: str) -> int:
    """Seconds this address is refused class-code lookups; never for a real code (a real code
    is not a guess: a school behind one address keeps joining after a pupil's typos), nor for
    the empty form."""
    seconds = used_up(request, "join", _setting("JOIN_GUESSES", 20), cool_off())
    if not seconds:
        return 0
    from tutor.classroom.models import Classroom  # config/ is below the apps
    from tutor.classroom.roster import normalise_code

    if page == "join_code":
        code = request.path_info.rstrip("/").rsplit("/", 1)[-1]
    else:
        code = str(request.POST.get("code") or request.GET.get("code") or "")
    code = normalise_code(code)
    if not code:
        return 0  # the empty form: no guess
    real = len(code) <= 12 and Classroom.objects.filter(code=code).exists()
    return 0 if real else seconds


def join_guessed(request: HttpRequest) -> None:
    """An unknown code was tried."""
    counted(request, "join", cool_off(), add=True)


# ---------------------------------------------------------------------- the middleware
def route(path: str) -> str:
    """Which throttled page ``path`` is (without its language prefix), or ""."""
    code = get_language_from_path(path)
    if code and path.startswith(f"/{code}/"):
        path = path[len(code) + 1 :]
    if path == "/accounts/login/":
        return "login"
    if path == "/accounts/signup/":
        return "signup"
    if path == "/accounts/password-reset/":
        return "reset"
    if path == "/tutor/class/join/":
        return "join"
    if path.startswith("/tutor/class/join/") and path.count("/") == 5:
        return "join_code"
    return ""


def _minutes(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Please try again in %(n)d minute.", "Please try again in %(n)d minutes.", minutes
    ) % {"n": minutes}


def refusal(request: HttpRequest, seconds: int, page: str, scope: str = "") -> HttpResponse:
    """429 with Retry-After; a short page made without a template (or the API's error object
    for a JSON client)."""
    wait = _minutes(seconds)
    if scope == "busy":
        message = _("Many people are logging in right now.")
        wait = _("Please try again in a few seconds.")
    elif page == "signup" and scope == "site":
        message = _("Many people are signing up right now.")
    elif page == "signup":
        message = _(
            "Too many new accounts from your network in the last hour. "
            "To join a class, use its code and just your name: no account needed."
        )
    elif page in ("join", "join_code"):
        message = _("Too many class codes tried from this address.")
    else:
        message = _("Too many attempts from this address or for this account.")
    message = f"{message} {wait}"
    response: HttpResponse
    if request.headers.get("accept", "").startswith("application/json"):
        error = {"code": "locked_out", "message": message, "field": None}
        response = JsonResponse({"ok": False, "error": error}, status=429)
    else:
        title = escape(_("Too many attempts"))
        lang = translation.get_language() or settings.LANGUAGE_CODE
        response = HttpResponse(
            f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title} · Tenbo</title></head><body><main>"
            f'<h1>{title}</h1><p role="alert">{escape(message)}</p>'
            f'<p><a href="{"/ja/" if lang == "ja" else "/"}">'
            f"{escape(_('Back to the tile picker'))}</a></p></main></body></html>",
            status=429,
        )
    response["Retry-After"] = str(seconds)
    return response


class EarlyRefusalMiddleware:
    """Refuse a throttled request before the session, the database or a template; count what
    the views did (accounts made, unknown codes tried) after them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        page = route(request.path_info)
        if not page:
            return self.get_response(request)
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 - read once here: too many fields or too large is a 400
            except TooManyFieldsSent:
                return guard.bad_request(request, "", guard.too_many_fields())
            except RequestDataTooBig:
                return guard.bad_request(request, "", _("The request is too large."))
        refused = self._refused(request, page)
        if refused is not None:
            return refused
        if page == "reset" and request.method == "POST":
            reset_asked(request)
        if page in ("login", "signup") and request.method == "POST":
            with hashing_slot() as free:
                if not free:
                    return self._busy(request, page)
                response = self.get_response(request)
        else:
            response = self.get_response(request)
        if page == "signup" and request.method == "POST" and response.status_code == 302:
            signed_up(request)
        elif (page == "join" and response.status_code == 400) or (
            page == "join_code" and response.status_code == 404
        ):
            join_guessed(request)
        return response

    def _busy(self, request: HttpRequest, page: str) -> HttpResponse:
        code = get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
        with translation.override(code):
            return refusal(request, BUSY_RETRY, page, "busy")

    def _refused(self, request: HttpRequest, page: str) -> HttpResponse | None:
        scope = ""
        if page in ("join", "join_code"):
            seconds = _join_refusal(request, page)
        elif request.method != "POST":
            return None
        elif page == "login":
            seconds = _login_refusal(request)
        elif page == "signup":
            seconds, scope = _signup_refusal(request)
        else:
            seconds = _reset_refusal(request)
        if not seconds:
            return None
        code = get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
        with translation.override(code):
            return refusal(request, seconds, page, scope)
