"""Points written as a reader of the page's language writes them.

English: a thousands separator (11,600). Japanese: plain digits as players write scores (8000点,
12000点), and from 10万 up grouped in myriad units (1億2345万6789点), as aotenjou totals are read.
One helper for every place that shows points, and the ``points`` template filter around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import get_language, pgettext

from scorer.engine.tables import myriad

#: From here on Japanese groups points with 万/億 (ordinary scores stay plain digits).
MYRIAD_FROM: Final = 100_000


def japanese() -> bool:
    return (get_language() or "").startswith("ja")


def hand_value(payments: Mapping[str, Any]) -> int:
    """What a hand is worth: its payments' total without the honba (riichi sticks are never in
    it). One rule for every page that names a hand's points (the review, its quiz, a
    collection), as Tenhou records them; the honba are said apart."""
    return int(payments["total"]) - int(payments.get("honba") or 0)


def points_text(value: object) -> str:
    """``value`` (points or any count) written for the active language; non-numbers as text."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    if japanese():
        return myriad(value) if abs(value) >= MYRIAD_FROM else str(value)
    return f"{value:,}"


def han_range(low: int, high: int | None) -> str:
    """A limit row's han: "6–7", "13–" (and up); Japanese tables write ranges with 〜."""
    if high == low:
        return str(low)
    if high is None:
        return pgettext("han range, open-ended", "%(low)s–") % {"low": low}
    return pgettext("han range", "%(low)s–%(high)s") % {"low": low, "high": high}
