"""Three players: a tsumo paid under each payment rule (tsumo loss, split, dealer pays).

Three-player mahjong has no north seat, and house rules differ on what becomes of the north
player's share of a tsumo (docs/API.md §7, the engine's switch ``sanma_tsumo``):

- tsumo loss (ツモ損): each payer pays as with four players; the north share is not paid;
- split (北家折半): half the north share is added to each payer's, then rounded up;
- dealer pays: on a non-dealer's tsumo the dealer pays the north share on top (on the dealer's
  own tsumo it is split).

A question names its rule, asks what each payer pays and what the winner collects, and its
feedback gives the same win under all three rules. Every number is the engine's
(``scorer.engine.tables.cell`` under the rules with that ``sanma_tsumo``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import THREE_PLAYER_PRESETS
from scorer.engine.rules import Rules, resolve_rules
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, Cell
from tutor.course.names import limit_label
from tutor.quiz.base import (
    Case,
    Drill,
    Question,
    Variant,
    all_text,
    number,
    pick,
    preset_rules,
    rng_for,
    split_text,
    who,
)
from tutor.quiz.cells import (
    LIMIT_HAN,
    cell_derivation,
    cell_pool,
    sanma_tsumo_fields,
    table_cell,
)
from tutor.quiz.registry import register

KIND: Final = "sanma_tsumo"
#: The engine's values of ``sanma_tsumo``, in the order the drill and its feedback list them.
PAY_RULES: Final = ("loss", "split", "dealer")
#: Each rule's name, as the question names it.
PAY_RULE_NAMES: Final[dict[str, Promise]] = {
    "loss": gettext_lazy("tsumo loss (ツモ損)"),
    "split": gettext_lazy("the split rule (北家折半)"),
    "dealer": gettext_lazy("the dealer-pays rule"),
}
#: What each rule does, in one sentence (docs/API.md §7, scorer/engine/rules.py).
PAY_RULE_TEXT: Final[dict[str, Promise]] = {
    "loss": gettext_lazy(
        "Tsumo loss: each of the two payers pays what they would pay with four players; the "
        "absent north player's share is simply not paid, so the winner collects less."
    ),
    "split": gettext_lazy(
        "Split: the absent north player's share is divided between the two payers; each adds "
        "half of it to their own share (in base points) before rounding up to 100."
    ),
    "dealer": gettext_lazy(
        "Dealer pays: on a non-dealer's tsumo the dealer pays the absent north player's share "
        "on top of their own; on the dealer's own tsumo the share is split between the two "
        "payers."
    ),
}
DEFAULT_PRESET: Final = "tenhou_sanma"


def normalise_options(raw: Mapping[str, str | None]) -> dict[str, str]:
    """The drill's own options: the three-player preset, the payment rule, who wins, limits."""
    return {
        "rules": pick(raw.get("rules"), tuple(THREE_PLAYER_PRESETS), DEFAULT_PRESET),
        "pay": pick(raw.get("pay"), ("any", *PAY_RULES), "any"),
        "dealer": pick(raw.get("dealer"), ("any", "dealer", "non"), "any"),
        "limits": pick(raw.get("limits"), ("0", "1"), "1"),
    }


def key_of(pay: str, dealer: bool, han: int, fu: int | None) -> str:
    """``sanma_tsumo:split:n:3:40`` (no fu for a limit row: ``sanma_tsumo:split:n:5``)."""
    return f"{KIND}:{pay}:{'d' if dealer else 'n'}:{han}" + ("" if fu is None else f":{fu}")


def parse_key(key: str) -> tuple[str, bool, int, int | None] | None:
    """(rule, dealer, han, fu or None) of a key, or None for a key that is not one."""
    parts = key.split(":")
    if len(parts) not in (4, 5) or parts[0] != KIND or parts[1] not in PAY_RULES:
        return None
    if parts[2] not in ("d", "n") or not all(p.isdigit() for p in parts[3:]):
        return None
    fu = int(parts[4]) if len(parts) == 5 else None
    return parts[1], parts[2] == "d", int(parts[3]), fu


@functools.lru_cache(maxsize=16)
def rules_for(preset: str, pay: str) -> Rules:
    """The three-player preset with the tsumo paid by ``pay`` (the engine's own switch)."""
    return resolve_rules({"preset": preset, "sanma_tsumo": pay})


def candidates(opts: Mapping[str, str]) -> list[str]:
    """Every cell the drill may ask with these options: each rule, seat, 1-4 han cell that a
    tsumo can have (and without limits only those below mangan), and the limit rows."""
    return list(_candidates(opts["rules"], opts["pay"], opts["dealer"], opts["limits"]))


@functools.lru_cache(maxsize=64)
def _candidates(preset: str, pay_opt: str, dealer_opt: str, limits: str) -> tuple[str, ...]:
    pays = PAY_RULES if pay_opt == "any" else (pay_opt,)
    dealers = {"any": (False, True), "dealer": (True,), "non": (False,)}[dealer_opt]
    out: list[str] = []
    for pay in pays:
        rules = rules_for(preset, pay)
        for dealer in dealers:
            for han in HAN_ROWS:
                for fu in FU_COLUMNS:
                    c = table_cell(fu, han, dealer, rules)
                    if c.tsumo_exists and (limits == "1" or c.limit is None):
                        out.append(key_of(pay, dealer, han, fu))
            if limits == "1":
                out.extend(key_of(pay, dealer, low, None) for low in LIMIT_HAN.values())
    return tuple(out)


def _paid_text(c: Cell) -> str:
    """A three-player tsumo as the tables write it: "1,300/2,600 = 3,900" (or "2,600 all =
    5,200" for the dealer)."""
    others, dealer_pays = c.tsumo_others, c.tsumo_dealer or 0
    paid = all_text(others) if c.dealer else split_text(others, dealer_pays)
    return _("%(payments)s = %(total)s") % {"payments": paid, "total": number(c.tsumo_total)}


def comparison(preset: str, pay: str, dealer: bool, han: int, fu: int) -> list[str]:
    """The same win under each rule, this question's first, each with what the rule does."""
    lines = []
    for other in sorted(PAY_RULES, key=lambda r: r != pay):
        c = table_cell(fu, han, dealer, rules_for(preset, other))
        line = _("Under %(rule)s: %(paid)s. %(what)s") % {
            "rule": PAY_RULE_NAMES[other],
            "paid": _paid_text(c),
            "what": PAY_RULE_TEXT[other],
        }
        lines.append(line)
    return lines


def sanma_tsumo_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for(KIND, seed, opts)
    parsed = parse_key(opts["item"]) if "item" in opts else None
    if parsed is None:
        parsed = parse_key(rng.choice(candidates(opts)))
        assert parsed is not None
    pay, dealer, han, fu_or_none = parsed
    fu = fu_or_none if fu_or_none is not None else 30
    rules = rules_for(opts["rules"], pay)
    c = table_cell(fu, han, dealer, rules)
    fields, expected = sanma_tsumo_fields(c, opts, rng, cell_pool(dealer, rules))
    words = {"who": who(dealer, "tsumo"), "rule": PAY_RULE_NAMES[pay], "fu": fu, "han": han}
    if fu_or_none is None:
        words["limit"] = limit_label(c.limit)
        prompt = _(
            "Three players, %(rule)s. %(who)s: %(limit)s (%(han)d han). What does each payer "
            "pay, and what does the winner collect?"
        )
    else:
        prompt = _(
            "Three players, %(rule)s. %(who)s: %(fu)d fu %(han)d han. What does each payer "
            "pay, and what does the winner collect?"
        )
    derivation = cell_derivation(fu, han, dealer, "tsumo", rules)
    derivation.append(_("The same tsumo under each rule:"))
    derivation += comparison(opts["rules"], pay, dealer, han, fu)
    return Question(
        kind=KIND,
        seed=seed,
        key=key_of(pay, dealer, han, fu_or_none),
        options=opts,
        prompt=prompt % words,
        fields=fields,
        expected=expected,
        derivation=derivation,
        rules=opts["rules"],
        facts=[str(PAY_RULE_TEXT[pay])],
    )


# -- feedback: the number another rule (or four players) would give -----------------------------


def _variants(question: Question, case: Case | None) -> list[Variant]:
    parsed = parse_key(question.key)
    if parsed is None:
        return []
    pay, dealer, han, fu_or_none = parsed
    fu = fu_or_none if fu_or_none is not None else 30
    preset = question.options.get("rules", DEFAULT_PRESET)
    right = table_cell(fu, han, dealer, rules_for(preset, pay))
    out: list[Variant] = []
    for other in PAY_RULES:
        if other == pay:
            continue
        c = table_cell(fu, han, dealer, rules_for(preset, other))
        numbers = {"tsumo_others": c.tsumo_others, "collect": c.tsumo_total}
        if not dealer:
            numbers["tsumo_dealer"] = c.tsumo_dealer or 0
        params: dict[str, object] = {
            "other": str(PAY_RULE_NAMES[other]),
            "this": str(PAY_RULE_NAMES[pay]),
        }
        out.append(("sanma_other_rule", numbers, params))
    four = table_cell(fu, han, dealer, resolve_rules({"preset": preset, "players": 4}))
    out.append(("sanma_four_players", {"collect": four.tsumo_total}, {}))
    if not dealer:
        swapped = {"tsumo_others": right.tsumo_dealer or 0, "tsumo_dealer": right.tsumo_others}
        shares: dict[str, object] = {
            "dealer": number(right.tsumo_dealer or 0),
            "others": number(right.tsumo_others),
        }
        out.append(("sanma_payers_swapped", swapped, shares))
    return out


def question_rules(question: Question) -> Rules:
    """The three-player preset with the payment rule the question's key names."""
    parsed = parse_key(question.key)
    return rules_for(question.rules, parsed[0]) if parsed is not None else preset_rules(question)


register(
    Drill(
        kind=KIND,
        name=gettext_lazy("Three players: tsumo payment rules"),
        help=gettext_lazy(
            "Three-player tsumo under tsumo loss, the split rule or the dealer-pays rule: each "
            "payer's share and what the winner collects."
        ),
        order=110,
        build=sanma_tsumo_question,
        options=normalise_options,
        candidates=candidates,
        rules=question_rules,
        variants=_variants,
    )
)
