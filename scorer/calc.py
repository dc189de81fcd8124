"""The han + fu → points calculator: the form that reads it and the answer the engine gives.

For the player at the table who has already counted: han, fu, dealer or not, ron or tsumo,
honba, riichi sticks and the rules in force, three-player presets included, with the rule that
pays a three-player tsumo (``sanma_tsumo``: tsumo loss, split, dealer pays). Every number comes
from ``scorer.engine`` (``points.limit_for`` and ``points.pay``, ``tables.cell`` for whether
such a hand exists); this module only validates the fields and words the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from django import forms
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scorer.engine.points import LIMIT_BASE, base_points, limit_for, pay
from scorer.engine.rules import ALL_PRESETS, PRESETS, THREE_PLAYER_PRESETS, Rules, resolve_rules
from scorer.engine.tables import FU_COLUMNS, cell
from scorer.engine.tiles import EAST, SOUTH
from scorer.engine.trace import TEXT
from scorer.numbers import points_text, power_of_two
from scorer.picker import payment_lines
from scorer.vocabulary import LIMIT_LABELS, PRESET_LABELS

#: The fields whose message is shown under them (the three-player rule's is inside its own
#: switch, which is swapped whole).
MESSAGE_FIELDS: Final = ("han", "fu", "yakuman", "dealer", "tsumo", "honba", "sticks", "rules")
#: The fu a hand can have: 20, 25 (chiitoitsu), then 30 to 110 by tens.
FU_CHOICES: Final = tuple((str(fu), str(fu)) for fu in FU_COLUMNS)
#: The rules menu: the four-player presets, then the three-player ones in a group of their own.
RULES_CHOICES: Final = (
    (gettext_lazy("Four players"), tuple((n, PRESET_LABELS.get(n, n)) for n in PRESETS)),
    (
        gettext_lazy("Three players (sanma)"),
        tuple((n, PRESET_LABELS.get(n, n)) for n in THREE_PLAYER_PRESETS),
    ),
)
#: How a three-player tsumo is paid: the engine's ``sanma_tsumo`` values, named as the picker's
#: rule switch names them.
SANMA_TSUMO_CHOICES: Final = (
    ("loss", gettext_lazy("tsumo loss")),
    ("split", gettext_lazy("north's share split")),
    ("dealer", gettext_lazy("dealer pays north's share")),
)
YAKUMAN_CHOICES: Final = (
    ("0", gettext_lazy("no")),
    ("1", gettext_lazy("yakuman")),
    ("2", gettext_lazy("double yakuman")),
    ("3", gettext_lazy("triple yakuman")),
)


#: Each field's sentence whole, so each language names the field its own way (飜数, 本場 ...).
_WHOLE_MESSAGES: Final[dict[str, Promise]] = {
    "han": gettext_lazy("Han: a whole number from %(low)s to %(high)s."),
    "honba": gettext_lazy("Honba: a whole number from %(low)s to %(high)s."),
    "sticks": gettext_lazy("Riichi sticks: a whole number from %(low)s to %(high)s."),
}


def _whole_message(name: str, low: int, high: int) -> str:
    return str(_WHOLE_MESSAGES[name]) % {"low": low, "high": high}


def _whole(name: str, low: int, high: int) -> forms.IntegerField:
    """An integer field whose every error is the one complete sentence of item 16."""
    # Lazy: the sentence is translated when shown, in the language of that request.
    message = lazy(_whole_message, str)(name, low, high)
    errors = dict.fromkeys(("invalid", "min_value", "max_value", "required"), message)
    return forms.IntegerField(min_value=low, max_value=high, required=False, error_messages=errors)


class PointsForm(forms.Form):
    """The calculator's GET form: empty fields take their defaults."""

    han = _whole("han", 1, 99)
    fu = forms.TypedChoiceField(
        choices=FU_CHOICES,
        coerce=int,
        required=False,
        empty_value=None,
        error_messages={
            "invalid_choice": gettext_lazy("Fu: 20, 25 or a multiple of 10 up to 110.")
        },
    )
    yakuman = forms.TypedChoiceField(
        choices=YAKUMAN_CHOICES,
        coerce=int,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Yakuman: none, or 1 to 3 times.")},
    )
    dealer = forms.TypedChoiceField(
        choices=(("0", "0"), ("1", "1")),
        coerce=lambda v: v == "1",
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Winner: the dealer or a non-dealer.")},
    )
    tsumo = forms.TypedChoiceField(
        choices=(("0", "0"), ("1", "1")),
        coerce=lambda v: v == "1",
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Win by: ron or tsumo.")},
    )
    honba = _whole("honba", 0, 99)
    sticks = _whole("sticks", 0, 99)
    rules = forms.ChoiceField(
        choices=RULES_CHOICES,
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Rules: one of the presets in the list.")},
    )
    #: Three players only (ignored with four): who pays the absent north player's share.
    sanma_tsumo = forms.ChoiceField(
        choices=SANMA_TSUMO_CHOICES,
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy(
                "Three players: tsumo loss, the split rule or the dealer-pays rule."
            )
        },
    )


def sanma_rule_text(rule: str, dealer: bool) -> str:
    """Which of the engine's sentences (``trace.TEXT["sanma." + ...]``) says how this tsumo is
    paid: the rule's own, but "dealer_own" on the dealer's own tsumo under "dealer pays" (the
    dealer is the winner there, and the north share is split: docs/API.md §7), as the
    engine's ``payment_rule`` step says it."""
    return "dealer_own" if rule == "dealer" and dealer else rule


def sanma_tsumo_shown(rules: str, given: str) -> str:
    """The tsumo rule the form shows as chosen: the one given, else the preset's own."""
    if given in dict(SANMA_TSUMO_CHOICES):
        return given
    return ALL_PRESETS.get(rules, ALL_PRESETS["tenhou"]).sanma_tsumo


def rules_of(data: Mapping[str, Any]) -> Rules:
    """The rules of cleaned form ``data``: the preset, and with three players the tsumo rule
    chosen (the preset's own when none is)."""
    name = str(data.get("rules") or "tenhou")
    preset = ALL_PRESETS[name]
    chosen = data.get("sanma_tsumo")
    if not preset.sanma or not chosen or chosen == preset.sanma_tsumo:
        return preset
    return resolve_rules({"preset": name, "sanma_tsumo": chosen})


@dataclass
class Answer:
    """What the calculator shows: the payments in words and the sum behind them."""

    total: int
    lines: list[str] = field(default_factory=list)
    short: str = ""
    limit: str = ""
    working: str = ""
    notes: list[str] = field(default_factory=list)


def points(s: int) -> str:
    """Points as players write them: 11,600 (Japanese 11600)."""
    return points_text(s)


def answer(data: Mapping[str, Any]) -> Answer | None:
    """The payments for cleaned form ``data``, or None when the form has no han yet."""
    rules = rules_of(data)
    yakuman = int(data.get("yakuman") or 0)
    han_value = data.get("han")
    if han_value is None and not yakuman:
        return None
    han = int(han_value or 13)
    fu = int(data.get("fu") or 30)
    dealer = bool(data.get("dealer"))
    tsumo = bool(data.get("tsumo"))
    honba = int(data.get("honba") or 0)
    sticks = int(data.get("sticks") or 0)
    notes: list[str] = []
    limit: str | None
    if yakuman:
        limit, base = "yakuman", LIMIT_BASE["yakuman"] * yakuman
        working = _("%(n)s × 8,000 base points") % {"n": yakuman}
        if rules.aotenjou:
            notes.append(_("Under aotenjou a yakuman depends on the hand: score it in the picker."))
    else:
        limit, base = limit_for(han, fu, rules)
        raw = base_points(fu, han)
        words = {
            "fu": fu,
            "han": han,
            "power": points(2 ** (han + 2)),
            "raw": points(raw),
            "limit": str(LIMIT_LABELS.get(limit, limit)).lower() if limit else "",
            "base": points(base),
            # 2⁽³⁺²⁾ = 2⁵ = 32: the whole exponent raised, never read as 2³ + 2 (issue 28)
            "formula": power_of_two(han),
        }
        # The power of two worked out, as the engine's base-points step writes it (no "^").
        if limit and han >= 5:
            # From 5 han the limit is the han's alone: no fu × power of two to work out.
            working = _("%(han)s han: %(limit)s whatever the fu, %(base)s base points") % words
        elif limit:
            working = (
                _(
                    "%(fu)s fu × %(power)s = %(raw)s base points (%(formula)s) → %(limit)s, "
                    "%(base)s base points"
                )
                % words
            )
        else:
            working = _("%(fu)s fu × %(power)s = %(raw)s base points (%(formula)s)") % words
        the_cell = cell(fu, han, dealer, rules)
        if not limit and not the_cell.exists:
            notes.append(_("No hand has %(fu)s fu and 1 han.") % {"fu": fu})
        elif not limit and not tsumo and not the_cell.ron_exists:
            notes.append(_("No hand has 20 fu by ron (pinfu by ron is 30 fu)."))
        elif not limit and tsumo and not the_cell.tsumo_exists:
            notes.append(_("Chiitoitsu (25 fu) by tsumo has at least 3 han."))
    seat = EAST if dealer else SOUTH
    paid = pay(
        base,
        dealer=dealer,
        tsumo=tsumo,
        honba=honba,
        sticks=sticks,
        rules=rules,
        winner=seat,
    )
    # The same sentences as the picker's score panel: one way to write each payment.
    lines = payment_lines({"payments": paid.as_dict()}, dealer, rules.players)
    if rules.sanma and tsumo:
        # Three players: the engine's sentence for the tsumo rule in force, and the total from
        # the two payers. The north share a tsumo loss leaves unpaid is what the north player
        # would pay with four (the engine's four-player payment of the same hand).
        four = pay(
            base,
            dealer=dealer,
            tsumo=True,
            honba=0,
            sticks=0,
            rules=resolve_rules({"preset": str(data.get("rules")), "players": 4}),
            winner=seat,
        )
        absent = points(four.tsumo_others or 0)
        notes.insert(
            0, _(TEXT["sanma." + sanma_rule_text(rules.sanma_tsumo, dealer)]).format(absent=absent)
        )
        if not paid.sticks:
            lines.append(_("The winner collects %(all)s in all.") % {"all": points(paid.total)})
    if paid.ron is not None:
        # Japanese says the unit: 7700点.
        short = pgettext("a ron's payment", "%(points)s") % {"points": points(paid.ron)}
    elif paid.tsumo_dealer is not None:
        # Non-dealers' share, then the dealer's: "1300/2600" (Japanese 1300・2600).
        short = _("%(others)s/%(dealer)s") % {
            "others": points(paid.tsumo_others or 0),
            "dealer": points(paid.tsumo_dealer),
        }
    else:
        short = _("%(each)s all") % {"each": points(paid.tsumo_others or 0)}
    return Answer(
        total=paid.total + paid.sticks,
        lines=lines,
        short=short,
        limit=str(LIMIT_LABELS.get(limit, limit)) if limit else "",
        working=working,
        notes=notes,
    )
