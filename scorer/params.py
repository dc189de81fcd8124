"""Reading numbers from request parameters strictly: ASCII digits only, bounded length and range.

``str.isdigit()`` is true for "²" and "①" (which ``int()`` refuses) and for "٣" (which ``int()``
reads as 3), and ``int()`` refuses more than 4,300 digits; a number past 2**63 overflows a
database integer. Every view reads whole numbers through :func:`parse_int`, which turns all of
these into ``None`` (the caller words the field's error) before anything else sees them.
"""

from __future__ import annotations

import json
from typing import Final

#: More digits than any bounded field needs: longer text is refused before int() runs.
MAX_DIGITS: Final = 18


def parse_int(value: object, low: int = 0, high: int = 10**MAX_DIGITS - 1) -> int | None:
    """The whole number ``value`` spells in ASCII digits (surrounding spaces allowed), if it
    lies in ``low..high``; otherwise ``None``. A leading ``-`` is read when ``low < 0``."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    negative = text.startswith("-") and low < 0
    digits = text[1:] if negative else text
    if not digits or len(digits) > MAX_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    number = -int(digits) if negative else int(digits)
    return number if low <= number <= high else None


#: Deepest JSON any request needs (a rules object is two levels deep).
MAX_JSON_DEPTH: Final = 16


def json_too_deep(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``text`` nests arrays or objects deeper than ``limit`` (one linear scan that
    skips strings), checked before ``json.loads``, which recurses and so can raise
    RecursionError on a few thousand brackets."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def loads_json(text: str | bytes) -> object:
    """``json.loads`` that raises ValueError (never RecursionError) for over-deep input."""
    if json_too_deep(text):
        raise ValueError("the JSON is nested too deeply")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise ValueError("the JSON is nested too deeply") from None
