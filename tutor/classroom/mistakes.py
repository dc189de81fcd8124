"""What a common wrong answer to a table question probably means (a small first version).

The wrong number is compared with the payments of the same cell worked out another way:
kiriage mangan switched, dealer and non-dealer swapped, ron and tsumo swapped, or the other
payer's share of a tsumo. Whatever matches is named; anything else stays unexplained.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from scorer.engine import PRESETS
from scorer.engine.tables import Cell, cell
from tutor.quiz.services import Question, parse_number, parse_table_key


def _payments(c: Cell, win: str) -> dict[str, int]:
    """Each payment a table answer field can hold, for this cell and way of winning."""
    if win == "ron":
        return {"ron": c.ron}
    if c.dealer:
        return {"tsumo_others": c.tsumo_others}
    return {"tsumo_others": c.tsumo_others, "tsumo_dealer": c.tsumo_dealer or 0}


def meaning(question: Question, field: str, given: str) -> str | None:
    """A short phrase naming the likely mistake behind ``given`` in ``field``, or None."""
    if question.kind != "table" or question.cell is None:
        return None
    number = parse_number(given)
    if number is None or number == question.expected.get(field):
        return None
    dealer, win, han, fu_or_none = parse_table_key(question.key)
    fu = fu_or_none if fu_or_none is not None else 30
    rules = PRESETS.get(question.rules, PRESETS["tenhou"])
    values = set(_payments(cell(fu, han, dealer, rules), win).values())
    flipped = cell(fu, han, dealer, replace(rules, kiriage=not rules.kiriage))
    if number in _payments(flipped, win).values() and number not in values:
        if rules.kiriage:
            return _("kiriage mangan forgotten (these rules round 1920 base points up)")
        return _("kiriage mangan, which these rules do not use")
    same = cell(fu, han, dealer, rules)
    shares = _payments(same, win)
    if len(shares) == 2 and number in shares.values():
        return _("the other payer's share")
    other_seat = cell(fu, han, not dealer, rules)
    if number in _payments(other_seat, win).values() or number == other_seat.ron:
        return _("a non-dealer's payment") if dealer else _("the dealer's payment")
    if win == "ron":
        if number in (same.tsumo_total, same.tsumo_others, same.tsumo_dealer):
            return _("a tsumo payment, not the ron")
    elif number == same.ron:
        return _("the ron payment, not a tsumo share")
    return None
