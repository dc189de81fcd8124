"""Points written as a reader of the page's language writes them.

English: a thousands separator (11,600). Japanese: plain digits as players write scores (8000点,
12000点, 192000点), and from 100万 up grouped in myriad units (1億2345万6789点), as aotenjou
totals are read: no payment the limits allow comes near 100万, so 万 only ever appears under
aotenjou (issue 28). One helper for every place that shows points, and the ``points`` template
filter around it; :func:`power_of_two` writes the 2^(han+2) of the base-point formula.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import get_language, pgettext

from scorer.engine.tables import myriad

#: From here on Japanese groups points with 万/億. Below it, plain digits: the largest payment
#: the limits allow (six yakuman for the dealer, the wareme seat doubled, 99 honba at 1,500) is
#: under 600,000, so a limited hand is never written in 万 (192000点, not 19万2000点).
MYRIAD_FROM: Final = 1_000_000

#: Superscript digits for an exponent (2⁶).
_SUPERSCRIPT: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def japanese() -> bool:
    return (get_language() or "").startswith("ja")


def hand_value(payments: Mapping[str, Any]) -> int:
    """What a hand is worth: its payments' total without the honba (riichi sticks are never in
    it). One rule for every page that names a hand's points (the review, its quiz, a
    collection), as Tenhou records them; the honba are said apart."""
    return int(payments["total"]) - int(payments.get("honba") or 0)


def points_text(value: object, *, aotenjou: bool = False) -> str:
    """``value`` (points or any count) written for the active language; non-numbers as text.

    ``aotenjou``: the figure stands beside other aotenjou figures (a table row, one sentence),
    so Japanese writes every one of them in myriad units (57万3500・114万6900, 1000 stays 1000):
    one style per sentence rather than plain digits below 100万 and 万 above."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    if japanese():
        return myriad(value) if aotenjou or abs(value) >= MYRIAD_FROM else str(value)
    return f"{value:,}"


def han_range(low: int, high: int | None) -> str:
    """A limit row's han: "6–7", "13–" (and up); Japanese tables write ranges with 〜."""
    if high == low:
        return str(low)
    if high is None:
        return pgettext("han range, open-ended", "%(low)s–") % {"low": low}
    return pgettext("han range", "%(low)s–%(high)s") % {"low": low, "high": high}


def power_of_two(han: int, *, plus: int = 2, value: bool = True) -> str:
    """2 to the power of (han + 2), the base-point formula's factor, written so that it cannot be
    read as 2^han + 2 (issue 28): the whole exponent raised, ``"2⁽¹⁺²⁾ = 2³ = 8"`` (Japanese
    ``"2⁽¹⁺²⁾＝2³＝8"``, as its formulas are written), or with ``value=False`` only ``"2⁽¹⁺²⁾"``.
    No caret: notation a reader does not write stays out of sentences (issue 19). The value is
    written as points are (32,768; Japanese 32768). One helper for the lessons, the glossary,
    the walkthrough, the quiz and the calculator."""
    exponent = han + plus
    power = f"2⁽{_superscript(han)}⁺{_superscript(plus)}⁾"
    if not value:
        return power
    equals = "＝" if japanese() else " = "
    return equals.join((power, f"2{_superscript(exponent)}", points_text(2**exponent)))


def _superscript(number: int) -> str:
    return str(number).translate(_SUPERSCRIPT)
