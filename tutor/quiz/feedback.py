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
    "doubled_lower": "payments",
    "tsumo_total_given": "payments",
    "dealer_forgotten": "dealer",
    "dealer_assumed": "dealer",
    "tsumo_split_swapped": "payments",
    "honba_forgotten": "honba",
    "sticks_forgotten": "sticks",
    "honba_once": "honba",
    "honba_full_each": "honba",
    "tsumo_fu_forgotten": "win-fu",
    "closed_ron_fu_forgotten": "win-fu",
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
        "%(value)s uses the fu before rounding (%(raw)s); round the fu up to a ten (%(fu)s) "
        "before doubling."
    ),
    "base_rounded": gettext_lazy(
        "%(value)s comes from rounding the base points (%(base)s) up to a hundred before "
        "multiplying; only each payment is rounded, after the multiplying."
    ),
    "payment_not_rounded": gettext_lazy(
        "%(value)s is the payment before rounding; each payment is rounded up to the next hundred."
    ),
    "kuisagari_forgotten": gettext_lazy(
        "%(value)s would be right for a closed hand; this hand is open, so %(yaku)s loses one "
        "han (kuisagari)."
    ),
    "kuisagari_forgotten.many": gettext_lazy(
        "%(value)s would be right for a closed hand; this hand is open, so %(yaku)s each lose "
        "one han (kuisagari)."
    ),
    "dora_forgotten": gettext_lazy("%(value)s leaves out the %(dora)s han of dora."),
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
    "kuisagari_forgotten": gettext_lazy("forget kuisagari (%(yaku)s)"),
    "kuisagari_forgotten.many": gettext_lazy("forget kuisagari (%(yaku)s)"),
    "dora_forgotten": gettext_lazy("leave out the dora"),
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
    """The han of a hand counted with a slip (kuisagari, dora): the yaku drill."""
    result = question.result
    if not result:
        return []
    han = int(result["han"])
    out: list[Variant] = []
    steps: list[dict[str, Any]] = list(result.get("steps") or [])
    kuisagari = [s for s in steps if s["step"] == "yaku" and s.get("kuisagari")]
    if kuisagari:
        names = join_list(yaku_label(str(s["id"])) for s in kuisagari)
        # One whole sentence for one yaku and for several ("Honitsu loses", "… each lose").
        slip = "kuisagari_forgotten" if len(kuisagari) == 1 else "kuisagari_forgotten.many"
        out.append((slip, {"han": han + len(kuisagari)}, {"yaku": names}))
    dora = sum(int(y["han"]) for y in result["yaku"] if y["id"] in ("dora", "ura_dora", "aka_dora"))
    if dora:
        out.append(("dora_forgotten", {"han": han - dora}, {"dora": dora}))
    hand_step: dict[str, Any] = next((s for s in steps if s["step"] == "hand"), {})
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


# -- payment variants -----------------------------------------------------------------------------

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


def variants(question: Question) -> list[Variant]:
    """Every catalogued slip applied to ``question`` (its drill says which apply): the answer
    each leads to, re-worked with the question's rules. A slip that changes nothing is left
    out."""
    drill = find(question.kind)
    if drill is None:
        return []
    out = drill.variants(question, _case(question))
    expected = question.expected
    return [v for v in out if any(expected.get(k, n) != n for k, n in v[1].items())]


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
    for variant in sorted(variants(question), key=lambda v: _rank(v[0])):
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
    item = bool(params.get("item")) and "fu" not in wrong and base_id in ITEM_TEXT
    template = ITEM_TEXT[base_id] if item else SLIP_TEXT[slip]
    values = _params(params, case)
    values["value"] = answer_words(question, wrong, numbers)
    return Slip(
        base_id,
        field,
        str(wrong[field]),
        str(template) % values,
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
