"""Feedback that names the learner's mistake, and only a mistake the engine can prove.

``slips(question, answers)`` is a pure function (no database, no request). For a wrong answer it
re-works the question with each slip of the catalogue applied, under the question's own rule set
and with the engine's payment rules (scorer.engine.points): kiriage left out or assumed, the
dealer forgotten, tsumo fu forgotten, the ron-completed triplet counted as concealed, honba
counted once ... (``variants``). A slip is named only when its re-worked answer gives the
learner's numbers (``explains``): every number the learner gave for the fields the slip works
out, and at least one wrong one. One slip is said as a fact, with the lesson section that
teaches the rule; two or more that give the same numbers are said as possibilities, likeliest
first ("this is what you get if you …, or if you …"). A right answer gets nothing; a wrong one
no slip explains gets nothing either (the page shows the derivation). In the yaku drill, a yaku
chosen wrongly gets the engine's own "why not" sentence, and a missed one its "why".

The same function serves the classroom's "common wrong answers": it groups a class's wrong
answers by what the feedback says of them. tests/quiz/test_slip_oracle.py checks all of this
over every drill kind, rule preset and slip; each drill says which slips apply to it (its
``variants`` and ``notes``, tutor/quiz/drills/).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scorer.engine.fu import round_up_10
from scorer.engine.points import base_points, ceil100, limit_for, raw_payments, sanma_tsumo_rows
from scorer.engine.rules import Rules
from scorer.engine.tables import LIMIT_ROWS
from scorer.engine.yaku import YAKU, YAKU_BY_ID
from scorer.vocabulary import PRESET_LABELS, join_list, wait_name
from tutor.course.lessons import topic_url
from tutor.course.names import yaku_label
from tutor.quiz.base import (
    Case,
    Question,
    Slip,
    Variant,
    all_text,
    number,
    parse_number,
    preset_rules,
    split_text,
    step_text,
)
from tutor.quiz.cells import table_cell
from tutor.quiz.registry import find

#: Every slip the feedback can name, with the lesson topic that teaches the rule it breaks, in
#: the order of how likely a learner is to make it: when two or more slips give the learner's
#: number, the feedback names them in this order ("if you ..., or if you ...").
SLIP_TOPICS: Final[dict[str, str]] = {
    "quick_figure": "tenpane",
    "no_kiriage": "kiriage",
    "kiriage_assumed": "kiriage",
    "sanbaiman_at_10": "limits",
    "doubled_lower": "payments",
    "tsumo_total_given": "payments",
    "dealer_forgotten": "dealer",
    "dealer_assumed": "dealer",
    "tsumo_as_ron": "payments",
    "tsumo_split_swapped": "payments",
    "honba_forgotten": "honba",
    "sticks_forgotten": "sticks",
    "honba_once": "honba",
    "honba_full_each": "honba",
    "honba_ron_100": "honba",
    "honba_other_value": "honba",
    "tsumo_fu_forgotten": "win-fu",
    "closed_ron_fu_forgotten": "win-fu",
    "open_as_closed": "win-fu",
    "pinfu_tsumo_fu_added": "pinfu",
    "open_pinfu_not_raised": "open-pinfu",
    "chiitoitsu_rounded": "chiitoitsu",
    "ron_triplet_closed": "ron-triplet",
    "wait_fu_forgotten": "wait-fu",
    "seat_wind_pair_forgotten": "pair-fu",
    "round_wind_pair_forgotten": "pair-fu",
    "double_wind_other_rule": "pair-fu",
    "terminal_as_simple": "triplet-fu",
    "fu_not_rounded": "rounding-fu",
    "base_rounded": "payments",
    "payment_not_rounded": "payments",
    "kuisagari_forgotten": "kuisagari",
    "dora_forgotten": "dora",
    "red_five_forgotten": "dora",
    "indicator_as_dora": "dora",
    "sanma_other_rule": "sanma",
    "sanma_four_players": "sanma",
    "north_share_paid": "sanma",
    "sanma_payers_swapped": "sanma",
    "sanma_ron_as_tsumo_loss": "sanma",
    "estimate_off": "quick-patterns",
    "wrong_yaku": "yaku",
    "missed_yaku": "yaku",
}

#: What each slip is, in a learner's words, as a fact (when it is the one slip that gives the
#: learner's number): ``%(value)s`` is that number, with its unit.
SLIP_TEXT: Final[dict[str, Promise]] = {
    "quick_figure": gettext_lazy(
        "%(value)s is the quick method's figure at the pattern's usual %(pattern_fu)s fu; this "
        "hand counts %(fu)s fu, above it (tenpane): count the fu exactly."
    ),
    "no_kiriage": gettext_lazy(
        "%(value)s would be right without kiriage mangan; these rules (%(rules)s) round "
        "%(fu)s fu %(han)s han (base 1,920) up to mangan."
    ),
    "kiriage_assumed": gettext_lazy(
        "%(value)s would be right with kiriage mangan; these rules (%(rules)s) do not round "
        "%(fu)s fu %(han)s han (base 1,920) up to mangan."
    ),
    "doubled_lower": gettext_lazy(
        "%(value)s doubles the payment for one han fewer (%(lower)s); one more han doubles the "
        "base points, and only then is each payment rounded up to a hundred."
    ),
    "tsumo_total_given": gettext_lazy(
        "%(value)s is what the dealer collects in all; each of the other players pays a share "
        "of it."
    ),
    "dealer_forgotten": gettext_lazy(
        "%(value)s is what a non-dealer would be paid; the winner here is the dealer, paid "
        "6 times the base on a ron and twice the base by each player on a tsumo."
    ),
    "dealer_assumed": gettext_lazy(
        "%(value)s is the dealer's figure; the winner here is a non-dealer, paid 4 times the "
        "base on a ron."
    ),
    "dealer_assumed.tsumo": gettext_lazy(
        "%(value)s is the dealer's figure; the winner here is a non-dealer: on a tsumo the "
        "dealer pays twice the base and each non-dealer the base."
    ),
    "tsumo_split_swapped": gettext_lazy(
        "%(value)s swaps the two shares: on a non-dealer's tsumo the dealer pays twice the base "
        "and each non-dealer the base."
    ),
    "honba_forgotten": gettext_lazy(
        "%(value)s leaves out the honba: %(per)s per counter (%(honba)s here)."
    ),
    "sticks_forgotten": gettext_lazy(
        "%(value)s leaves out the riichi sticks: the winner also collects %(sticks)s from them."
    ),
    "honba_once": gettext_lazy(
        "%(value)s counts the honba once, %(each)s per counter; on a tsumo every payer adds "
        "%(each)s per counter, so the winner gets %(per)s per counter in all."
    ),
    "honba_full_each": gettext_lazy(
        "%(value)s adds the full %(per)s per counter to each payer; on a tsumo each payer adds "
        "only %(each)s per counter."
    ),
    "tsumo_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 tsumo fu (%(wrong_fu)s fu instead of %(fu)s); "
        "a tsumo adds 2 fu, open or closed, except for pinfu."
    ),
    "closed_ron_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 10 fu of a closed ron (menzen kafu): "
        "%(wrong_fu)s fu instead of %(fu)s."
    ),
    "pinfu_tsumo_fu_added": gettext_lazy(
        "%(value)s adds the 2 tsumo fu to pinfu; pinfu by tsumo stays at 20 fu."
    ),
    "open_pinfu_not_raised": gettext_lazy(
        "%(value)s leaves the open pinfu shape at 20 fu; it is scored as 30."
    ),
    "chiitoitsu_rounded": gettext_lazy(
        "%(value)s rounds seven pairs up to 30 fu; chiitoitsu stays at 25 and is never rounded."
    ),
    "ron_triplet_closed": gettext_lazy(
        "%(value)s would be right if the triplet completed by ron were concealed (%(wrong_fu)s "
        "fu instead of %(fu)s); a triplet finished on a discard counts as open."
    ),
    "wait_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 fu for the %(wait)s wait (%(wrong_fu)s fu "
        "instead of %(fu)s)."
    ),
    "seat_wind_pair_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 fu for the pair of your seat wind "
        "(%(wrong_fu)s fu instead of %(fu)s)."
    ),
    "round_wind_pair_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 fu for the pair of the round wind "
        "(%(wrong_fu)s fu instead of %(fu)s)."
    ),
    "double_wind_other_rule": gettext_lazy(
        "%(value)s counts the double-wind pair as %(other)s fu; these rules (%(rules)s) count "
        "it as %(this)s."
    ),
    "terminal_as_simple": gettext_lazy(
        "%(value)s counts the terminal or honour sets as simples (%(wrong_fu)s fu instead of "
        "%(fu)s); 1, 9 and honours are worth twice as much."
    ),
    "fu_not_rounded": gettext_lazy(
        "%(value)s uses the fu before rounding (%(raw)s); the fu are rounded up to a ten: %(fu)s."
    ),
    "base_rounded": gettext_lazy(
        "%(value)s comes from rounding the base points (%(base)s) up to a hundred before "
        "multiplying; only each payment is rounded, after the multiplying."
    ),
    "payment_not_rounded": gettext_lazy(
        "%(value)s is the payment before rounding; each payment is rounded up to the next hundred."
    ),
    "kuisagari_forgotten": gettext_lazy(
        "Counting %(yaku)s at its closed value gives %(value)s; the hand is open, so %(yaku)s "
        "is worth one han less (kuisagari)."
    ),
    "kuisagari_forgotten.many": gettext_lazy(
        "Counting %(yaku)s at their closed values gives %(value)s; the hand is open, so each "
        "is worth one han less (kuisagari)."
    ),
    "dora_forgotten": gettext_lazy("%(value)s leaves out the %(dora)s han of dora."),
    "red_five_forgotten": gettext_lazy(
        "%(value)s leaves out the red fives: each red five is a dora, 1 han (%(red)s here)."
    ),
    "open_as_closed": gettext_lazy(
        "%(value)s counts the open hand as closed (%(wrong_fu)s fu instead of %(fu)s); the "
        "10 fu of a ron (menzen kafu) are a closed hand's only."
    ),
    "sanbaiman_at_10": gettext_lazy(
        "%(value)s is a sanbaiman, which starts at %(from)s han; %(han)s han is still a baiman."
    ),
    "tsumo_as_ron": gettext_lazy(
        "%(value)s is what a ron would pay; on a tsumo each player pays a share (%(shares)s), "
        "each rounded up to a hundred on its own."
    ),
    "honba_ron_100": gettext_lazy(
        "%(value)s adds 100 per counter, a tsumo payer's share; on a ron the discarder pays "
        "all %(per)s per counter (%(honba)s here)."
    ),
    "honba_other_value": gettext_lazy(
        "%(value)s counts %(other)s per counter; these rules (%(rules)s) count %(per)s."
    ),
    "indicator_as_dora": gettext_lazy(
        "%(value)s counts the indicator tiles in the hand as dora; the dora is the tile after "
        "the indicator."
    ),
    "sanma_other_rule": gettext_lazy(
        "%(value)s would be right under %(other)s; this question is under %(this)s."
    ),
    "sanma_four_players": gettext_lazy(
        "%(value)s is what the winner would collect with four players; with three players "
        "there are only two payers."
    ),
    "north_share_paid": gettext_lazy(
        "%(value)s is what the winner would collect with four players; with three players "
        "nobody sits north, and under tsumo loss nobody pays the north player's share "
        "(%(absent)s)."
    ),
    "sanma_payers_swapped": gettext_lazy(
        "%(value)s swaps the two shares: here the dealer pays %(dealer)s and the other "
        "non-dealer %(others)s."
    ),
    "sanma_ron_as_tsumo_loss": gettext_lazy(
        "%(value)s takes the absent north player's share off a ron; tsumo loss is a tsumo rule: "
        "with three players the discarder of a ron pays in full, as with four."
    ),
    "estimate_off": gettext_lazy(
        "Your estimate %(value)s is %(diff)s below the exact %(total)s (%(percent)s%% off)."
    ),
}
#: The fu-by-item drill: a slip on one item, said of that item (the total may not change).
ITEM_TEXT: Final[dict[str, Promise]] = {
    "tsumo_fu_forgotten": gettext_lazy(
        "%(value)s leaves out the 2 tsumo fu; a tsumo adds 2 fu, open or closed, except for pinfu."
    ),
    "closed_ron_fu_forgotten": gettext_lazy(
        "%(value)s leaves out the 10 fu of a closed ron (menzen kafu)."
    ),
    "wait_fu_forgotten": gettext_lazy("%(value)s leaves out the 2 fu for the %(wait)s wait."),
    "seat_wind_pair_forgotten": gettext_lazy(
        "%(value)s leaves out the 2 fu for the pair of your seat wind."
    ),
    "round_wind_pair_forgotten": gettext_lazy(
        "%(value)s leaves out the 2 fu for the pair of the round wind."
    ),
    "ron_triplet_closed": gettext_lazy(
        "%(value)s counts this triplet as concealed; a triplet completed by ron, on a discard, "
        "counts as open."
    ),
    "terminal_as_simple": gettext_lazy(
        "%(value)s counts this set as simples; 1, 9 and honours are worth twice as much."
    ),
}
#: After an item's slip, what it does to the rounded total.
ITEM_TOTAL: Final = gettext_lazy("So the total is %(wrong_fu)s fu instead of %(fu)s.")
#: Each slip as a clause, for "this is what you get if you ..., or if you ...".
SLIP_CLAUSE: Final[dict[str, Promise]] = {
    "quick_figure": gettext_lazy("take the quick method's %(pattern_fu)s fu"),
    "no_kiriage": gettext_lazy("leave out kiriage mangan"),
    "kiriage_assumed": gettext_lazy("round %(fu)s fu %(han)s han up to mangan (kiriage)"),
    "doubled_lower": gettext_lazy("double the payment for one han fewer (%(lower)s)"),
    "tsumo_total_given": gettext_lazy("give the dealer's total instead of each share"),
    "dealer_forgotten": gettext_lazy("pay the dealer as a non-dealer"),
    "dealer_assumed": gettext_lazy("pay the winner as the dealer"),
    "dealer_assumed.tsumo": gettext_lazy("pay the winner as the dealer"),
    "tsumo_split_swapped": gettext_lazy("swap the dealer's and the non-dealer's shares"),
    "honba_forgotten": gettext_lazy("leave out the honba"),
    "sticks_forgotten": gettext_lazy("leave out the riichi sticks"),
    "honba_once": gettext_lazy("count the honba once instead of from every payer"),
    "honba_full_each": gettext_lazy("add the full %(per)s per counter to each payer"),
    "tsumo_fu_forgotten": gettext_lazy("leave out the 2 tsumo fu"),
    "closed_ron_fu_forgotten": gettext_lazy("leave out the 10 fu of a closed ron"),
    "pinfu_tsumo_fu_added": gettext_lazy("add the 2 tsumo fu to pinfu"),
    "open_pinfu_not_raised": gettext_lazy("leave the open pinfu shape at 20 fu"),
    "chiitoitsu_rounded": gettext_lazy("round seven pairs up to 30 fu"),
    "ron_triplet_closed": gettext_lazy("count the triplet completed by ron as concealed"),
    "wait_fu_forgotten": gettext_lazy("leave out the 2 fu for the %(wait)s wait"),
    "seat_wind_pair_forgotten": gettext_lazy("leave out the 2 fu for the seat-wind pair"),
    "round_wind_pair_forgotten": gettext_lazy("leave out the 2 fu for the round-wind pair"),
    "double_wind_other_rule": gettext_lazy("count the double-wind pair as %(other)s fu"),
    "terminal_as_simple": gettext_lazy("count the terminal or honour sets as simples"),
    "fu_not_rounded": gettext_lazy("use the fu before rounding (%(raw)s)"),
    "base_rounded": gettext_lazy("round the base points (%(base)s) up before multiplying"),
    "payment_not_rounded": gettext_lazy("leave the payment unrounded"),
    "kuisagari_forgotten": gettext_lazy("count %(yaku)s at its closed value"),
    "kuisagari_forgotten.many": gettext_lazy("count %(yaku)s at their closed values"),
    "dora_forgotten": gettext_lazy("leave out the dora"),
    "red_five_forgotten": gettext_lazy("leave out the red fives"),
    "open_as_closed": gettext_lazy("count the open hand as closed (menzen kafu)"),
    "sanbaiman_at_10": gettext_lazy("take %(han)s han as a sanbaiman"),
    "tsumo_as_ron": gettext_lazy("pay the tsumo as a ron"),
    "honba_ron_100": gettext_lazy("add 100 per counter on a ron"),
    "honba_other_value": gettext_lazy("count %(other)s per counter"),
    "indicator_as_dora": gettext_lazy("count the indicator tiles in the hand as dora"),
    "sanma_other_rule": gettext_lazy("pay under %(other)s"),
    "sanma_four_players": gettext_lazy("count four players' payments"),
    "north_share_paid": gettext_lazy("let someone pay the absent north player's share"),
    "sanma_payers_swapped": gettext_lazy("swap the two payers' shares"),
    "sanma_ron_as_tsumo_loss": gettext_lazy("take the north player's share off a ron"),
}
#: Two or more slips that each give the learner's number: said as possibilities, never as fact.
EITHER: Final = gettext_lazy("%(value)s is what you get if you %(ways)s.")
#: ``estimate_off`` for a guess above the exact figure (one whole sentence per direction).
ESTIMATE_ABOVE: Final = gettext_lazy(
    "Your estimate %(value)s is %(diff)s above the exact %(total)s (%(percent)s%% off)."
)


# -- the situation a question is about -----------------------------------------------------------


def _case(question: Question) -> Case | None:
    """The facts the question's payments are worked out from: its drill's (a table cell), or
    those of its hand."""
    drill = find(question.kind)
    if drill is not None and drill.case is not None:
        return drill.case(question)
    return hand_case(question)


def hand_case(question: Question) -> Case | None:
    """The facts of the question's hand, as the engine scored it (None without a hand, or for
    a yakuman)."""
    result, request = question.result, question.request
    if not result or not request or not result.get("ok") or result.get("yakuman"):
        return None
    steps: list[dict[str, Any]] = list(result.get("steps") or [])
    total: dict[str, Any] = next((s for s in steps if s["step"] == "fu_total"), {})
    reading: dict[str, Any] = next((s for s in steps if s["step"] == "reading"), {})
    hand_step: dict[str, Any] = next((s for s in steps if s["step"] == "hand"), {})
    form = reading.get("form")
    items = tuple(
        (str(s["id"]), int(s["fu"]), str(s.get("note") or "")) for s in steps if s["step"] == "fu"
    )
    return Case(
        fu=int(result["fu"]),
        han=int(result["han"]),
        dealer=request.get("seat", "1z") == "1z",
        tsumo=bool(request.get("tsumo")),
        rules=question_rules(question),
        honba=int(request.get("honba") or 0),
        sticks=int(request.get("sticks") or 0),
        raw=int(total.get("raw", result["fu"])) if steps else None,
        items=items,
        form=str(form or "standard"),
        closed=bool(hand_step.get("closed", True)),
        red=sum(int(y["han"]) for y in result.get("yaku", []) if y["id"] == "aka_dora"),
        kuisagari=tuple(str(s["id"]) for s in steps if s["step"] == "yaku" and s.get("kuisagari")),
    )


def question_rules(question: Question) -> Rules:
    """The rule set a question is asked under (the engine's own preset object; its drill may
    say otherwise: a three-player payment rule)."""
    drill = find(question.kind)
    return drill.rules(question) if drill is not None else preset_rules(question)


def _pay(
    case: Case,
    *,
    fu: int | None = None,
    han: int | None = None,
    dealer: bool | None = None,
    tsumo: bool | None = None,
    rules: Rules | None = None,
    base: int | None = None,
    round_each: bool = True,
    honba_each: int | None = None,
    honba: bool = True,
    sticks: bool = True,
) -> dict[str, int]:
    """The answers of ``case`` worked out with the engine's payment rules (scorer.engine.points)
    and some of its facts changed (a slip): each payment, and what the winner collects."""
    fu = case.fu if fu is None else fu
    han = case.han if han is None else han
    dealer = case.dealer if dealer is None else dealer
    tsumo = case.tsumo if tsumo is None else tsumo
    rules = rules or case.rules
    if base is None:
        base = limit_for(han, fu, rules)[1]
    sanma = rules.sanma
    rows: list[tuple[str, object, int, int]] = list(raw_payments(base, dealer, tsumo))
    if sanma and tsumo:
        rows = sanma_tsumo_rows(base, dealer, rules.sanma_tsumo)
    amounts = {
        payer: rounded if round_each else unrounded for payer, _m, unrounded, rounded in rows
    }
    per = rules.honba_points
    counters = case.honba if honba else 0
    out: dict[str, int] = {}
    # Payers besides the dealer on a tsumo (three players: one fewer).
    others = 1 if sanma else 2
    if tsumo:
        each = per // 3 * counters if honba_each is None else honba_each
        out["tsumo_others"] = amounts["each" if dealer else "non_dealer"] + each
        total = (others + 1) * out["tsumo_others"]
        if not dealer:
            out["tsumo_dealer"] = amounts["dealer"] + each
            total = out["tsumo_dealer"] + others * out["tsumo_others"]
    else:
        # Three players: a counter is worth a third from each of two payers, all from the
        # discarder on a ron (200 of 300).
        out["ron"] = amounts["discarder"] + (2 * (per // 3) if sanma else per) * counters
        total = out["ron"]
    out["collect"] = total + (1000 * case.sticks if sticks else 0)
    return out


# -- fu variants of a real hand -------------------------------------------------------------------


def _fu_variants(case: Case) -> list[tuple[str, int, dict[str, object]]]:
    """(slip id, the fu it gives, its sentence's parameters) for a real hand."""
    if case.raw is None or not case.items:
        return []
    ids = [item for item, _fu, _note in case.items]
    raw = case.raw
    out: list[tuple[str, int, dict[str, object]]] = []

    def add(slip: str, wrong: int, **params: object) -> None:
        if wrong != case.fu:
            out.append((slip, wrong, {"wrong_fu": wrong, **params}))

    if case.form == "chiitoitsu":
        if case.fu == 25:
            add("chiitoitsu_rounded", 30)
        return out
    if "tsumo" in ids:
        add("tsumo_fu_forgotten", _rounded(raw - 2))
    if "closed_ron" in ids:
        add("closed_ron_fu_forgotten", _rounded(raw - 10))
    if not case.closed and not case.tsumo:
        # An open hand won by ron counted as closed: the 10 fu of menzen kafu added.
        add("open_as_closed", _rounded(raw + 10))
    if "pinfu_tsumo" in ids:
        add("pinfu_tsumo_fu_added", 30)
        add("pinfu_tsumo_fu_added", 22)
    if "open_pinfu" in ids:
        add("open_pinfu_not_raised", 20)
    ron_made = sum(fu for _i, fu, note in case.items if note == "ron_completed")
    if ron_made:
        add("ron_triplet_closed", _rounded(raw + ron_made))
    if "pair_seat_wind" in ids:
        add("seat_wind_pair_forgotten", _rounded(raw - 2))
    double = next((fu for item, fu, note in case.items if note == "double_wind"), None)
    if double is not None:
        other, this = (4, 2) if double == 0 else (2, 4)
        add("double_wind_other_rule", _rounded(raw + other - this), other=other, this=this)
    elif "pair_round_wind" in ids:
        add("round_wind_pair_forgotten", _rounded(raw - 2))
    outer = sum(fu for item, fu, _n in case.items if "_terminal_" in item)
    if outer:
        add("terminal_as_simple", _rounded(raw - outer // 2))
    wait = next((item for item in ids if item.startswith("wait_")), None)
    if wait:
        add("wait_fu_forgotten", _rounded(raw - 2), wait=wait_name(wait.removeprefix("wait_")))
    if raw != case.fu and "open_pinfu" not in ids:
        add("fu_not_rounded", raw, raw=raw)
    return out


def _rounded(raw: int) -> int:
    """Fu rounded up to a ten, as the learner who made the slip would round them (the engine's
    own rounding, scorer.engine.fu)."""
    return round_up_10(raw)


# -- han variants ---------------------------------------------------------------------------------


def han_slips(question: Question, case: Case | None) -> list[Variant]:
    """The han of a hand counted with a slip (kuisagari, dora): the yaku drill, re-worked from
    the right yaku (a learner who ticked every yaku)."""
    return tick_slips(question, case, {"yaku": list(question.expected.get("yaku", []))})


_DORA_IDS: Final = ("dora", "ura_dora", "aka_dora")


def _ticked(answers: Mapping[str, Any]) -> set[str]:
    got = answers.get("yaku", [])
    return {str(g) for g in (got if isinstance(got, list) else [got]) if g}


def tick_slips(question: Question, case: Case | None, answers: Mapping[str, Any]) -> list[Variant]:
    """The han the learner's own ticks give with a slip applied (issue 28): each ticked yaku at
    the value the engine gives it (a yaku the hand does not have at its value in the yaku
    table), the dora added, then the slip: a ticked yaku that loses a han when open counted at
    its closed value (kuisagari), the dora left out, the indicators counted as dora. Kuisagari
    is named only for the yaku the learner ticked; a number that the ticks give as they are
    (a yaku missed or added) is no slip of counting (the why and why-not say what is wrong)."""
    result = question.result
    if not result:
        return []
    steps: list[dict[str, Any]] = list(result.get("steps") or [])
    hand_step: dict[str, Any] = next((s for s in steps if s["step"] == "hand"), {})
    closed = bool(hand_step.get("closed", True))
    values = {str(y["id"]): int(y["han"]) for y in result["yaku"] if y["id"] not in _DORA_IDS}
    loses = {str(s["id"]) for s in steps if s["step"] == "yaku" and s.get("kuisagari")}
    ticks = 0
    closed_value: list[str] = []
    for yaku_id in sorted(_ticked(answers), key=_yaku_order):
        definition = YAKU_BY_ID.get(yaku_id)
        if yaku_id in values:
            ticks += values[yaku_id]
        elif definition is not None and not definition.yakuman:
            ticks += (
                definition.closed_han if closed or not definition.open_han else definition.open_han
            )
        else:
            continue
        if yaku_id in loses or (
            yaku_id not in values
            and definition is not None
            and not closed
            and 0 < definition.open_han < definition.closed_han
        ):
            closed_value.append(yaku_id)
    dora = sum(int(y["han"]) for y in result["yaku"] if y["id"] in _DORA_IDS)
    han = ticks + dora
    out: list[Variant] = []
    if closed_value:
        names = join_list(yaku_label(y) for y in closed_value)
        # One whole sentence for one yaku and for several ("its closed value", "their …").
        slip = "kuisagari_forgotten" if len(closed_value) == 1 else "kuisagari_forgotten.many"
        out.append((slip, {"han": han + len(closed_value)}, {"yaku": names}))
    red = sum(int(y["han"]) for y in result["yaku"] if y["id"] == "aka_dora")
    if dora and red != dora:
        out.append(("dora_forgotten", {"han": han - dora}, {"dora": dora}))
    if red:
        out.append(("red_five_forgotten", {"han": han - red}, {"red": red}))
    hand_tiles = [str(t) for t in hand_step.get("tiles", [])]
    indicators = [
        str(s["indicator"])
        for s in steps
        if s["step"] == "dora" and s.get("id") == "dora" and s.get("indicator")
    ]
    if indicators:
        plain = sum(int(y["han"]) for y in result["yaku"] if y["id"] == "dora")
        # a red five counts as its plain tile when it is matched against an indicator
        kinds = [t.replace("0", "5") for t in hand_tiles]
        as_dora = sum(kinds.count(i.replace("0", "5")) for i in indicators)
        # Only a hand that holds an indicator tile can have them counted as dora.
        if as_dora and as_dora != plain:
            out.append(("indicator_as_dora", {"han": han - plain + as_dora}, {}))
    return out


def _yaku_order(yaku_id: str) -> int:
    """A yaku's place in the yaku table (names listed as the table lists them)."""
    order = [y.id for y in YAKU]
    return order.index(yaku_id) if yaku_id in order else len(order)


# -- payment variants -----------------------------------------------------------------------------

#: A baiman's top han and a sanbaiman's first (scorer.engine.tables.LIMIT_ROWS).
_BAIMAN_TOP: Final = next(high for name, _low, high in LIMIT_ROWS if name == "baiman")
_SANBAIMAN_FROM: Final = next(low for name, low, _high in LIMIT_ROWS if name == "sanbaiman")

_PAYMENT_FIELDS: Final = ("ron", "tsumo_others", "tsumo_dealer")


def payment_variants(case: Case, *, fu_slips: bool = True) -> list[Variant]:
    out: list[Variant] = []
    raw_base = base_points(case.fu, case.han)
    below = limit_for(case.han, case.fu, case.rules)[0] is None
    if raw_base == 1920 and case.han < 5:
        other = replace(case.rules, kiriage=not case.rules.kiriage)
        slip = "no_kiriage" if case.rules.kiriage else "kiriage_assumed"
        out.append((slip, _pay(case, rules=other), {}))
    lower_below = case.han >= 2 and limit_for(case.han - 1, case.fu, case.rules)[0] is None
    if below and lower_below and not case.honba and not case.sticks:
        lower = table_cell(case.fu, case.han - 1, case.dealer, case.rules)
        if lower.ron_exists if not case.tsumo else lower.tsumo_exists:
            once = _pay(case, han=case.han - 1)
            doubled = {k: 2 * v for k, v in once.items()}
            out.append(("doubled_lower", doubled, {"lower": _payment_words(once, case)}))
    if case.han == _BAIMAN_TOP and not case.rules.aotenjou:
        out.append(("sanbaiman_at_10", _pay(case, han=_SANBAIMAN_FROM), {"from": _SANBAIMAN_FROM}))
    if case.fu == 25 and case.raw is None and case.rules.chiitoitsu_fu == 25:
        # A table cell at 25 fu is seven pairs': rounded up to 30 like other fu.
        out.append(("chiitoitsu_rounded", _pay(case, fu=30), {}))
    if not case.closed and case.kuisagari:
        names = join_list(yaku_label(y) for y in case.kuisagari)
        slip = "kuisagari_forgotten" if len(case.kuisagari) == 1 else "kuisagari_forgotten.many"
        out.append((slip, _pay(case, han=case.han + len(case.kuisagari)), {"yaku": names}))
    if case.red:
        out.append(("red_five_forgotten", _pay(case, han=case.han - case.red), {"red": case.red}))
    if case.tsumo:
        # The tsumo paid as a ron: the winner collects what one discarder would pay.
        as_ron = _pay(case, tsumo=False)
        split = _payment_words(_pay(case, honba=False), case)
        out.append(("tsumo_as_ron", {"collect": as_ron["collect"]}, {"shares": split}))
    if case.tsumo and case.dealer:
        out.append(("tsumo_total_given", {"tsumo_others": _pay(case, sticks=False)["collect"]}, {}))
    if case.dealer:
        out.append(("dealer_forgotten", _pay(case, dealer=False), {}))
    else:
        assumed = _pay(case, dealer=True)
        if case.tsumo:
            # Every payer pays what each pays the dealer.
            assumed["tsumo_dealer"] = assumed["tsumo_others"]
            out.append(("dealer_assumed.tsumo", assumed, {}))
        else:
            out.append(("dealer_assumed", assumed, {}))
    if case.tsumo and not case.dealer:
        right = _pay(case)
        out.append(
            (
                "tsumo_split_swapped",
                {"tsumo_others": right["tsumo_dealer"], "tsumo_dealer": right["tsumo_others"]},
                {},
            )
        )
    if below:
        out.append(("base_rounded", _pay(case, base=ceil100(raw_base)), {"base": raw_base}))
        out.append(("payment_not_rounded", _pay(case, round_each=False), {}))
    if fu_slips:
        for slip, fu, params in _fu_variants(case):
            out.append((slip, _pay(case, fu=fu), params))
    if case.honba:
        per = case.rules.honba_points
        shares: dict[str, object] = {"per": per, "each": per // 3, "honba": case.honba}
        out.append(("honba_forgotten", _pay(case, honba=False), shares))
        if case.tsumo:
            plain = _pay(case, honba=False)
            once = {"collect": plain["collect"] + per * case.honba // 3}
            # The counter's value is the rules' (300, or 1500 in the classic rules): each payer
            # of a tsumo adds a third of it.
            out.append(("honba_once", once, shares))
            out.append(("honba_full_each", _pay(case, honba_each=per * case.honba), shares))
        elif not case.rules.sanma:
            hundred = replace(case.rules, honba_points=100)
            out.append(("honba_ron_100", _pay(case, rules=hundred), shares))
        # The counter at the other common value: 300 where the rules say 1,500 (classic),
        # 1,500 where they say 300 (some older styles).
        per_other = 300 if per == 1500 else 1500
        valued = replace(case.rules, honba_points=per_other)
        out.append(("honba_other_value", _pay(case, rules=valued), {**shares, "other": per_other}))
    if case.sticks:
        out.append(("sticks_forgotten", _pay(case, sticks=False), {"sticks": 1000 * case.sticks}))
    if case.rules.sanma and case.tsumo and case.rules.sanma_tsumo == "loss":
        four = replace(case, rules=replace(case.rules, players=4))
        base = limit_for(case.han, case.fu, case.rules)[1]
        absent = ceil100((2 if case.dealer else 1) * base)
        out.append(("north_share_paid", {"collect": _pay(four)["collect"]}, {"absent": absent}))
    if case.rules.sanma and not case.tsumo:
        loss = replace(case.rules, sanma_tsumo="loss")
        as_tsumo = _pay(case, tsumo=True, rules=loss, honba=False, sticks=False)["collect"]
        out.append(("sanma_ron_as_tsumo_loss", {"ron": as_tsumo}, {}))
    return out


def _payment_words(pay: Mapping[str, int], case: Case) -> str:
    """A payment as players say it: "2,000", "1,000/2,000", "2,000 all"."""
    if not case.tsumo:
        return number(pay["ron"])
    if case.dealer:
        return all_text(pay["tsumo_others"])
    return split_text(pay["tsumo_others"], pay["tsumo_dealer"])


def item_variants(question: Question, case: Case) -> list[Variant]:
    """Slips on single items of the fu-by-item drill: the item's wrong number, and the rounded
    total it leads to (when it changes the total)."""
    raw = case.raw if case.raw is not None else case.fu
    ids = [item for item, _fu, _note in case.items]
    want = question.expected
    out: list[Variant] = []

    def add(slip: str, field: str, value: int, delta: int, **params: object) -> None:
        numbers = {field: value}
        total = _rounded(raw + delta)
        if total != case.fu:
            numbers["fu"] = total
        out.append((slip, numbers, {"wrong_fu": total, "item": True, **params}))

    if "tsumo" in ids:
        add("tsumo_fu_forgotten", "win", 0, -2)
    if "closed_ron" in ids:
        add("closed_ron_fu_forgotten", "win", 0, -10)
    if "pinfu_tsumo" in ids:
        out.append(("pinfu_tsumo_fu_added", {"win": 2}, {}))
    if "wait" in want and int(want["wait"]) == 2:
        wait = next((item for item in ids if item.startswith("wait_")), "wait_tanki")
        add("wait_fu_forgotten", "wait", 0, -2, wait=wait_name(wait.removeprefix("wait_")))
    if "pair" in want:
        double = next((fu for item, fu, note in case.items if note == "double_wind"), None)
        if double is not None:
            other, this = (4, 2) if double == 0 else (2, 4)
            numbers = {"pair": other}
            total = _rounded(raw + other - this)
            if total != case.fu:
                numbers["fu"] = total
            out.append(("double_wind_other_rule", numbers, {"other": other, "this": this}))
        elif "pair_seat_wind" in ids:
            add("seat_wind_pair_forgotten", "pair", 0, -2)
        elif "pair_round_wind" in ids:
            add("round_wind_pair_forgotten", "pair", 0, -2)
    steps: list[dict[str, Any]] = list((question.result or {}).get("steps", []))
    reading: dict[str, Any] = next((s for s in steps if s["step"] == "reading"), {})
    for n, block in enumerate(reading.get("blocks", []), start=1):
        field = f"block{n}"
        fu = int(want.get(field, 0))
        if not fu:
            continue
        if block.get("open") and not block.get("called"):
            add("ron_triplet_closed", field, 2 * fu, fu)
        if fu >= 4 and _outer(str(block["tiles"][0])):
            add("terminal_as_simple", field, fu // 2, -fu // 2)
    return out


def _outer(tile: str) -> bool:
    """A terminal or an honour (its triplet is worth twice a simple's)."""
    return tile.endswith("z") or tile[0] in "19"


# -- the public functions -------------------------------------------------------------------------


def given_numbers(question: Question, answers: Mapping[str, Any]) -> dict[str, int]:
    """The numbers the learner gave, by field (fields left empty or unreadable left out)."""
    out: dict[str, int] = {}
    for f in question.fields:
        if not f.numeric or f.multiple or f.name not in question.expected:
            continue
        got = answers.get(f.name, "")
        given = parse_number(str(got[0] if isinstance(got, list) and got else got or ""))
        if given is not None:
            out[f.name] = given
    return out


def _wrong_numbers(question: Question, answers: Mapping[str, Any]) -> dict[str, int]:
    """The numeric fields the learner got wrong, with the number they gave."""
    return {
        name: given
        for name, given in given_numbers(question, answers).items()
        if given != question.expected[name]
    }


def variants(question: Question, answers: Mapping[str, Any] | None = None) -> list[Variant]:
    """Every catalogued slip applied to ``question`` (its drill says which apply): the answer
    each leads to, re-worked with the question's rules, and from the learner's own ``answers``
    where a drill re-works them (the yaku drill: the han of the yaku ticked). A slip that
    changes nothing is left out."""
    drill = find(question.kind)
    if drill is None:
        return []
    case = _case(question)
    if answers is not None and drill.answered_variants is not None:
        out = drill.answered_variants(question, case, answers)
    else:
        out = drill.variants(question, case)
    expected = question.expected
    return [v for v in out if any(expected.get(k, n) != n for k, n in v[1].items())]


#: How many answers a multiple-choice field offers (the right one among them).
CHOICES: Final = 4


def slip_choices(question: Question) -> None:
    """The wrong choices of each multiple-choice number from the slips (issue 28): the answers
    the catalogued slips give, likeliest first (for 3,900: 4,000 doubled from 2,000, 5,800 the
    dealer's, 3,840 unrounded), then the nearest of the drill's own choices to fill the rest.
    A field no slip changes keeps its choices."""
    ranked = sorted(variants(question), key=lambda v: _rank(v[0]))
    rng = random.Random(f"choices:{question.kind}:{question.seed}:{question.key}")
    for f in question.fields:
        if not f.choices or f.multiple or not f.numeric or f.name not in question.expected:
            continue
        want = question.expected[f.name]
        if not isinstance(want, int):
            continue
        wrong: list[int] = []
        for _slip, numbers, _params in ranked:
            value = numbers.get(f.name)
            if value is not None and value > 0 and value != want and value not in wrong:
                wrong.append(value)
        if not wrong:
            continue
        picked = [want, *wrong[: CHOICES - 1]]
        drill_own = sorted(
            (int(v) for v, _label in f.choices if v.isdigit()), key=lambda p: (abs(p - want), p)
        )
        picked += [v for v in drill_own if v not in picked][: CHOICES - len(picked)]
        rng.shuffle(picked)
        f.choices = [(str(v), number(v)) for v in picked]


# -- the slips a drill's answers can be re-worked with (a drill's ``variants``) -----------------


def fu_slips(question: Question, case: Case | None) -> list[Variant]:
    """A hand's fu counted with a slip: the fu drill."""
    if case is None:
        return []
    return [(slip, {"fu": fu}, params) for slip, fu, params in _fu_variants(case)]


def fu_item_slips(question: Question, case: Case | None) -> list[Variant]:
    """The fu-by-item drill: a slip on one item (and the total it leads to), then the slips
    on the total that no item slip names."""
    if case is None:
        return []
    items = item_variants(question, case)
    named = {slip for slip, _n, _p in items}
    return items + [
        (slip, {"fu": fu}, params) for slip, fu, params in _fu_variants(case) if slip not in named
    ]


def payment_slips(question: Question, case: Case | None) -> list[Variant]:
    """Payments worked out with a slip (kiriage, the dealer, rounding, honba, the fu ...)."""
    return payment_variants(case) if case is not None else []


def explains(variant: Variant, question: Question, given: Mapping[str, int]) -> set[str]:
    """The fields whose wrong number the slip gives, when re-working the question with it gives
    every number the learner gave for the fields it works out (else none): a slip that gives
    3,900 for one payer but not the 2,000 given for the other explains nothing."""
    _slip, numbers, _params = variant
    if any(given[k] != n for k, n in numbers.items() if k in given):
        return set()
    return {k for k, v in given.items() if v != question.expected.get(k) and numbers.get(k) == v}


def reproduces(variant: Variant, question: Question, given: Mapping[str, int]) -> bool:
    """Whether re-working ``question`` with the slip gives at least one wrong number the
    learner gave, and every number they gave for the fields it works out."""
    return bool(explains(variant, question, given))


def _rank(slip: str) -> int:
    order = list(SLIP_TOPICS)
    base = slip.split(".")[0]
    return order.index(base) if base in order else len(order)


def slips(question: Question, answers: Mapping[str, Any]) -> list[Slip]:
    """What the feedback names for an answer: for the learner's wrong numbers, the slips whose
    re-worked answer gives exactly those numbers: one slip as a fact, two or more that give the
    same numbers as possibilities, likeliest first; then what the question's drill adds (the
    yaku drill: the engine's why-not for each wrongly chosen yaku and why for each missed one,
    first; the estimate drill: how close the guess was, last). A right answer, or a wrong one
    no slip explains, gets none (the derivation says how it is worked out)."""
    drill = find(question.kind)
    found = _number_slips(question, answers)
    return drill.notes(question, answers, found) if drill is not None else found


def _number_slips(question: Question, answers: Mapping[str, Any]) -> list[Slip]:
    """The slips that give the learner's wrong numbers, one entry per set of fields."""
    found: list[Slip] = []
    given = given_numbers(question, answers)
    wrong = {k: v for k, v in given.items() if v != question.expected[k]}
    if not wrong:
        return found
    case = _case(question)
    groups: dict[frozenset[str], list[Variant]] = {}
    named: set[str] = set()
    for variant in sorted(variants(question, answers), key=lambda v: _rank(v[0])):
        base_id = variant[0].split(".")[0]
        fields = explains(variant, question, given)
        if fields and base_id not in named:
            named.add(base_id)
            groups.setdefault(frozenset(fields), []).append(variant)
    # A slip that gives only part of what another gives (the total that follows from the
    # payments another slip gives) adds nothing: the fuller explanation stands.
    groups = {f: g for f, g in groups.items() if not any(f < other for other in groups)}
    order = [f.name for f in question.fields]
    for given_fields, group in sorted(
        groups.items(), key=lambda g: min(order.index(k) for k in g[0])
    ):
        numbers = {k: wrong[k] for k in order if k in given_fields}
        if len(group) == 1:
            found.append(_fact(question, group[0], numbers, case))
        else:
            found.append(_either(question, group, numbers, case))
    return found


def _params(params: Mapping[str, object], case: Case | None) -> dict[str, object]:
    values: dict[str, object] = {}
    if case is not None:
        rules = case.rules.name
        values.update(fu=case.fu, han=case.han, rules=str(PRESET_LABELS.get(rules, rules)))
    values.update(params)
    # Numbers as the page writes them (1,920; 1,000), never bare digits.
    return {
        k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in values.items()
    }


def _field_of(variant: Variant, wrong: Mapping[str, int]) -> str:
    """The field a slip is named on: the first of the learner's wrong fields it gives."""
    return next((k for k in variant[1] if k in wrong), next(iter(wrong)))


def _fact(
    question: Question, variant: Variant, wrong: Mapping[str, int], case: Case | None
) -> Slip:
    slip, numbers, params = variant
    base_id = slip.split(".")[0]
    field = _field_of(variant, wrong)
    item_wrong = {k: v for k, v in wrong.items() if k != "fu"}
    item = bool(params.get("item")) and bool(item_wrong) and base_id in ITEM_TEXT
    values = _params(params, case)
    if item:
        # The item's number, then what it does to the total: never "0 fu, 30 fu would be
        # right without …" (issue 28).
        values["value"] = answer_words(question, item_wrong, numbers)
        text = str(ITEM_TEXT[base_id]) % values
        if "fu" in wrong:
            text += " " + str(ITEM_TOTAL) % values
        # Which block or pair, when the drill has several: "Block 1: 2 fu counts this set …".
        named = next((f.short for f in question.fields if f.name == field and f.short), "")
        if named:
            text = _("%(item)s: %(text)s") % {"item": named, "text": text}
    else:
        values["value"] = answer_words(question, wrong, numbers)
        text = str(SLIP_TEXT[slip]) % values
    return Slip(
        base_id,
        field,
        str(wrong[field]),
        text,
        SLIP_TOPICS[base_id],
        (base_id,),
        (SLIP_TOPICS[base_id],),
    )


def _either(
    question: Question, ordered: list[Variant], wrong: Mapping[str, int], case: Case | None
) -> Slip:
    ids = tuple(slip.split(".")[0] for slip, _n, _p in ordered)
    clauses = [str(SLIP_CLAUSE[slip]) % _params(params, case) for slip, _n, params in ordered]
    # The same sentence with each clause a link to the lesson section that teaches it.
    linked = [
        format_html('<a href="{}">{}</a>', topic_url(SLIP_TOPICS[i]), clause)
        for i, clause in zip(ids, clauses, strict=True)
    ]
    value = answer_words(question, wrong, ordered[0][1])
    field = _field_of(ordered[0], wrong)
    return Slip(
        ids[0],
        field,
        str(wrong[field]),
        str(EITHER) % {"value": value, "ways": _ways(clauses)},
        SLIP_TOPICS[ids[0]],
        ids,
        tuple(SLIP_TOPICS[i] for i in ids),
        _linked_sentence(value, _ways(linked)),
    )


def _linked_sentence(value: str, ways: str) -> str:
    """``EITHER`` as HTML: the value escaped, the clauses (escaped already, with their links)
    kept as they are."""
    template = str(EITHER).replace("{", "{{").replace("}", "}}")
    template = template % {"value": "{value}", "ways": "{ways}"}
    return format_html(template, value=value, ways=mark_safe(ways))


def _ways(clauses: Sequence[str]) -> str:
    """ "A, if you B, or if you C" (「A場合か、B場合か、C」): the clauses of "what you get if
    you ..."; with links, each clause is already escaped HTML."""
    ways = clauses[-1]
    for n, clause in enumerate(reversed(clauses[:-1])):
        if n == 0:
            ways = _("%(first)s, or if you %(last)s") % {"first": clause, "last": ways}
        else:
            ways = _("%(first)s, if you %(next)s") % {"first": clause, "next": ways}
    return ways


_FU_FIELDS: Final = ("fu", "win", "pair", "wait")


def quantity(field: str, value: int) -> str:
    """A number the learner gave, with its unit: "30 fu", "3 han", "3,900" (「30符」「3飜」
    「3900点」)."""
    if field in _FU_FIELDS or field.startswith("block"):
        return _("%(n)s fu") % {"n": number(value)}
    if field == "han":
        return _("%(n)s han") % {"n": number(value)}
    return pgettext("points, with their unit", "%(n)s") % {"n": number(value)}


def answer_words(question: Question, wrong: Mapping[str, int], numbers: Mapping[str, int]) -> str:
    """The learner's wrong numbers that a slip gives, as players say them: "30 fu", "3,900",
    "2,000/3,900", "2,000 all", "1,000/2,000 (5,300 in all)"."""
    shown = {k: v for k, v in wrong.items() if k in numbers} or dict(wrong)
    others, dealer_pays = shown.get("tsumo_others"), shown.get("tsumo_dealer")
    payment = ""
    if "ron" in shown:
        payment = quantity("ron", shown["ron"])
    elif others is not None and dealer_pays is not None:
        payment = split_text(others, dealer_pays)
    elif others is not None:
        payment = quantity("tsumo_others", others)
    elif dealer_pays is not None:
        payment = quantity("tsumo_dealer", dealer_pays)
    if "collect" in shown:
        collect = quantity("collect", shown["collect"])
        if not payment:
            return collect
        return _("%(payments)s (%(collect)s in all)") % {"payments": payment, "collect": collect}
    if payment:
        return payment
    return join_list(quantity(k, v) for k, v in shown.items())


def yaku_slips(question: Question, answers: Mapping[str, Any]) -> list[Slip]:
    result = question.result or {}
    got = answers.get("yaku", [])
    chosen = {str(g) for g in (got if isinstance(got, list) else [got]) if g}
    expected = set(question.expected.get("yaku", []))
    out: list[Slip] = []
    for step in result.get("steps", []):
        if step["step"] == "yaku_absent" and step.get("id") in chosen - expected:
            text = _("Not %(name)s: %(why)s") % {
                "name": yaku_label(str(step["id"])),
                "why": step_text(step),
            }
            out.append(Slip("wrong_yaku", "yaku", str(step["id"]), text, "yaku"))
        if step["step"] == "yaku" and step.get("id") in expected - chosen:
            text = _("Missed %(name)s: %(why)s") % {
                "name": yaku_label(str(step["id"])),
                "why": step_text(step),
            }
            out.append(Slip("missed_yaku", "yaku", str(step["id"]), text, "yaku"))
    return out


def closeness(given: int, total: int) -> Slip:
    """How close an estimate was (the estimate drill accepts only the exact figure)."""
    diff = abs(given - total)
    values = {
        "value": number(given),
        "diff": number(diff),
        "total": number(total),
        "percent": round(100 * diff / total) if total else 100,
    }
    # One whole sentence for each direction (never a "below"/"above" word glued in).
    text = str(SLIP_TEXT["estimate_off"] if given < total else ESTIMATE_ABOVE) % values
    return Slip("estimate_off", "collect", str(given), text, "quick-patterns")
