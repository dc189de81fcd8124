"""Path parameters no database can choke on: every ``<int:…>`` bounded to the database's integer
range, every ``<str:…>`` (and untyped ``<name>``) free of NUL and of bounded length.

A class id of 2**63 reached SQLite as an integer it cannot bind (OverflowError → 500), and a NUL
in a path segment reached PostgreSQL, which cannot hold one in text (→ 500). Rather than each URL
conf remembering a special converter, :func:`bound` walks the whole URL conf once (config/urls.py
calls it on the root patterns) and gives every route these converters: a value outside them does
not match the route at all, so the answer is the ordinary 404. Routes added later are covered
without being listed; tests/production/test_converters.py checks that none is missed.

Query and form parameters have their own single readers: :func:`scorer.params.parse_int` for
numbers, and config/guard.py's middleware for NUL and length.
"""

from __future__ import annotations

from typing import Any, Final

from django.urls import URLPattern, URLResolver
from django.urls.converters import IntConverter, StringConverter
from django.urls.resolvers import RoutePattern

#: The largest integer any database here stores (a signed 64-bit BigAutoField).
MAX_ID: Final = 2**63 - 1
#: The longest text path segment any route needs (public ids, join codes, reset tokens).
MAX_SEGMENT: Final = 200


class BoundedIntConverter(IntConverter):
    """``<int:…>`` that matches only what a database integer can hold."""

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError("past the database's integer range")  # → the route does not match
        return number


class GuardedStringConverter(StringConverter):
    """``<str:…>`` without NUL and at most :data:`MAX_SEGMENT` characters."""

    def to_python(self, value: str) -> str:
        if "\x00" in value or len(value) > MAX_SEGMENT:
            raise ValueError("NUL or too long")  # → the route does not match
        return value


def _replacement(converter: Any) -> Any:
    if type(converter) is IntConverter:
        return BoundedIntConverter()
    if type(converter) is StringConverter:
        return GuardedStringConverter()
    return converter


def bound(patterns: list[Any]) -> list[Any]:
    """Give every route in ``patterns`` (recursively) the bounded converters; returns them."""
    for entry in patterns:
        pattern = entry.pattern
        if isinstance(pattern, RoutePattern) and pattern.converters:
            # A new dict: Django caches one per route text and shares it between patterns.
            pattern.converters = {k: _replacement(v) for k, v in pattern.converters.items()}
        if isinstance(entry, URLResolver):
            bound(entry.url_patterns)
        elif not isinstance(entry, URLPattern):  # pragma: no cover - Django has only these two
            raise TypeError(entry)
    return patterns
