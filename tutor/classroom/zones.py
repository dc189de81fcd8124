"""The time zone a class's dates and due times are shown and typed in: the class's own, chosen
on the form that creates it (offered: Japan's on a Japanese page, else the browser's, from the
cookie classroom.js sets, else UTC) and shown on the class page. One zone per class, the same
on every page whatever its language; a class saved without one is UTC, labelled. Every time
shown carries its zone's abbreviation (JST, UTC …)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from urllib.parse import unquote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import get_language

from tutor.classroom.models import Classroom

JAPAN = "Asia/Tokyo"
COOKIE = "tenbo_tz"


def valid(name: str) -> bool:
    if not name or len(name) > 40 or name not in _zones():
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


_ZONES: set[str] = set()


def _zones() -> set[str]:
    if not _ZONES:
        _ZONES.update(available_timezones())
    return _ZONES


def default_zone(request: HttpRequest | None = None) -> str:
    """A new class's zone: Japan's on a Japanese page, else the browser's, else UTC ("")."""
    if (get_language() or "").startswith("ja"):
        return JAPAN
    if request is not None:
        # classroom.js writes the zone URL-encoded ("Asia%2FTokyo")
        browser = unquote(request.COOKIES.get(COOKIE, ""))
        if valid(browser):
            return browser
    return ""


def zone_name(classroom: Classroom | None, request: HttpRequest | None = None) -> str:
    """The class's zone (UTC when it has none: never the page's language or the browser's);
    without a class, the one a new class would be offered."""
    if classroom is not None:
        return classroom.time_zone if valid(classroom.time_zone) else "UTC"
    return default_zone(request) or "UTC"


def override(
    classroom: Classroom | None, request: HttpRequest | None = None
) -> AbstractContextManager[None]:
    """Show (and read typed) times in the class's zone while rendering."""
    return timezone.override(ZoneInfo(zone_name(classroom, request)))
