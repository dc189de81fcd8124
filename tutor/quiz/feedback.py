"""Feedback that names the learner's mistake: common slips computed as variants with the engine.

``slips(question, answers)`` is a pure function (no database, no request): for a wrong answer it
re-works the question the way a learner who made a known slip would (no kiriage, tsumo fu
forgotten, the ron-completed triplet counted as concealed, the dealer multiplier forgotten, honba
counted once...) and returns every slip whose number equals the number the learner gave, each
with a sentence saying so and the lesson section that teaches the rule. In the yaku drill, a yaku
chosen wrongly gets the engine's own "why not" sentence, and a missed one its "why".

The same function serves the classroom's "common wrong answers" later: group a class's wrong
answers by the slip ids they match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import ALL_PRESETS
from scorer.engine.fu import round_up_10
from scorer.engine.points import base_points, ceil100, limit_for, raw_payments, sanma_tsumo_rows
from scorer.engine.rules import Rules
from scorer.forms import PRESET_LABELS
from tutor.course.lessons import topic_url
from tutor.course.names import yaku_label
from tutor.quiz.base import Question, join_list, parse_number, step_text
from tutor.walkthrough.steps import wait_name

#: Every slip the feedback can name, with the lesson topic that teaches the rule it breaks.
SLIP_TOPICS: Final[dict[str, str]] = {
    "no_kiriage": "kiriage",
    "kiriage_assumed": "kiriage",
    "dealer_forgotten": "dealer",
    "dealer_assumed": "dealer",
    "base_rounded": "payments",
    "payment_not_rounded": "payments",
    "tsumo_split_swapped": "payments",
    "tsumo_fu_forgotten": "win-fu",
    "closed_ron_fu_forgotten": "win-fu",
    "ron_triplet_closed": "ron-triplet",
    "seat_wind_pair_forgotten": "pair-fu",
    "round_wind_pair_forgotten": "pair-fu",
    "double_wind_other_rule": "pair-fu",
    "terminal_as_simple": "triplet-fu",
    "wait_fu_forgotten": "wait-fu",
    "fu_not_rounded": "rounding-fu",
    "pinfu_tsumo_fu_added": "pinfu",
    "open_pinfu_not_raised": "open-pinfu",
    "chiitoitsu_rounded": "chiitoitsu",
    "honba_forgotten": "honba",
    "honba_once": "honba",
    "honba_full_each": "honba",
    "sticks_forgotten": "sticks",
    "kuisagari_forgotten": "kuisagari",
    "dora_forgotten": "dora",
    "indicator_as_dora": "dora",
    "quick_figure": "tenpane",
    "estimate_off": "quick-patterns",
    "wrong_yaku": "yaku",
    "missed_yaku": "yaku",
    "north_share_paid": "sanma",
    "sanma_other_rule": "sanma",
    "sanma_four_players": "sanma",
    "sanma_payers_swapped": "sanma",
}

#: What each slip is, in a learner's words: ``%(value)s`` is the number it leads to.
SLIP_TEXT: Final[dict[str, Promise]] = {
    "no_kiriage": gettext_lazy(
        "%(value)s would be right without kiriage mangan; these rules (%(rules)s) round "
        "%(fu)s fu %(han)s han (base 1920) up to mangan."
    ),
    "kiriage_assumed": gettext_lazy(
        "%(value)s would be right with kiriage mangan; these rules (%(rules)s) do not round "
        "%(fu)s fu %(han)s han (base 1920) up to mangan."
    ),
    "dealer_forgotten": gettext_lazy(
        "%(value)s is what a non-dealer would be paid; the winner here is the dealer, paid "
        "6 times the base on a ron and twice the base by each player on a tsumo."
    ),
    "dealer_assumed": gettext_lazy(
        "%(value)s is the dealer's figure; the winner here is a non-dealer, paid 4 times the "
        "base on a ron."
    ),
    "base_rounded": gettext_lazy(
        "%(value)s comes from rounding the base points (%(base)s) up to a hundred before "
        "multiplying; only each payment is rounded, after the multiplying."
    ),
    "payment_not_rounded": gettext_lazy(
        "%(value)s is the payment before rounding; each payment is rounded up to the next hundred."
    ),
    "tsumo_split_swapped": gettext_lazy(
        "%(value)s is the other payer's share: on a non-dealer's tsumo the dealer pays twice "
        "the base and each non-dealer the base."
    ),
    "tsumo_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 tsumo fu (%(wrong_fu)s fu instead of %(fu)s); "
        "a tsumo adds 2 fu, open or closed, except for pinfu."
    ),
    "closed_ron_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 10 fu of a closed ron (menzen kafu): "
        "%(wrong_fu)s fu instead of %(fu)s."
    ),
    "ron_triplet_closed": gettext_lazy(
        "%(value)s would be right if the triplet completed by ron were concealed (%(wrong_fu)s "
        "fu instead of %(fu)s); a triplet finished on a discard counts as open."
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
    "wait_fu_forgotten": gettext_lazy(
        "%(value)s would be right without the 2 fu for the %(wait)s wait (%(wrong_fu)s fu "
        "instead of %(fu)s)."
    ),
    "fu_not_rounded": gettext_lazy(
        "%(value)s uses the fu before rounding (%(raw)s); round the fu up to a ten (%(fu)s) "
        "before doubling."
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
    "honba_forgotten": gettext_lazy(
        "%(value)s leaves out the honba: %(per)s per counter (%(honba)s here)."
    ),
    "honba_once": gettext_lazy(
        "%(value)s counts the honba once, %(each)s per counter; on a tsumo every payer adds "
        "%(each)s per counter, so the winner gets %(per)s per counter in all."
    ),
    "honba_full_each": gettext_lazy(
        "%(value)s adds the full %(per)s per counter to each payer; on a tsumo each payer adds "
        "only %(each)s per counter."
    ),
    "sticks_forgotten": gettext_lazy(
        "%(value)s leaves out the riichi sticks: the winner also collects %(sticks)s from them."
    ),
    "kuisagari_forgotten": gettext_lazy(
        "%(value)s would be right for a closed hand; this hand is open, so %(yaku)s lose one han "
        "each (kuisagari)."
    ),
    "dora_forgotten": gettext_lazy("%(value)s leaves out the %(dora)s han of dora."),
    "quick_figure": gettext_lazy(
        "%(value)s is the quick method's figure at %(pattern_fu)s fu; this hand counts "
        "%(fu)s fu, past its pattern (tenpane): count the fu exactly."
    ),
    "estimate_off": gettext_lazy(
        "Your estimate %(value)s is %(diff)s below the exact %(total)s (%(percent)s%% off)."
    ),
    "indicator_as_dora": gettext_lazy(
        "%(value)s counts the indicator tiles as dora; the dora is the tile after the indicator."
    ),
    "north_share_paid": gettext_lazy(
        "%(value)s is what the winner would collect with four players; with three players "
        "nobody sits north, and under tsumo loss nobody pays the north player's share "
        "(%(absent)s)."
    ),
    "sanma_other_rule": gettext_lazy(
        "%(value)s would be right under %(other)s; this question is under %(this)s."
    ),
    "sanma_four_players": gettext_lazy(
        "%(value)s is what the winner would collect with four players; with three players "
        "there are only two payers."
    ),
    "sanma_payers_swapped": gettext_lazy(
        "%(value)s is the other payer's share: here the dealer pays %(dealer)s and the other "
        "non-dealer %(others)s."
    ),
}
#: ``estimate_off`` for a guess above the exact figure (one whole sentence per direction).
ESTIMATE_ABOVE: Final = gettext_lazy(
    "Your estimate %(value)s is %(diff)s above the exact %(total)s (%(percent)s%% off)."
)


@dataclass(frozen=True)
class Slip:
    """A named common slip that matches a learner's answer."""

    id: str
    field: str
    value: str
    text: str
    topic: str

    @property
    def url(self) -> str:
        """The lesson section that teaches the rule."""
        return topic_url(self.topic)


# -- the situation a question is about -----------------------------------------------------------


@dataclass(frozen=True)
class _Case:
    fu: int
    han: int
    dealer: bool
    tsumo: bool
    rules: Rules
    honba: int = 0
    sticks: int = 0
    raw: int | None = None  # the unrounded fu of a real hand
    items: tuple[tuple[str, int, str], ...] = ()  # (id, fu, note) of a real hand
    form: str = "standard"


def _case(question: Question) -> _Case | None:
    rules = ALL_PRESETS.get(question.rules, ALL_PRESETS["tenhou"])
    if question.kind in ("table", "reverse"):
        parts = question.key.split(":")
        dealer, win, han = parts[1] == "d", parts[2], int(parts[3])
        fu = int(parts[4]) if len(parts) > 4 else 30
        return _Case(fu, han, dealer, win == "tsumo", rules)
    result, request = question.result, question.request
    if not result or not request or not result.get("ok") or result.get("yakuman"):
        return None
    total: dict[str, Any] = next((s for s in result["steps"] if s["step"] == "fu_total"), {})
    reading: dict[str, Any] = next((s for s in result["steps"] if s["step"] == "reading"), {})
    form = reading.get("form")
    items = tuple(
        (str(s["id"]), int(s["fu"]), str(s.get("note") or ""))
        for s in result["steps"]
        if s["step"] == "fu"
    )
    return _Case(
        fu=int(result["fu"]),
        han=int(result["han"]),
        dealer=request.get("seat", "1z") == "1z",
        tsumo=bool(request.get("tsumo")),
        rules=rules,
        honba=int(request.get("honba") or 0),
        sticks=int(request.get("sticks") or 0),
        raw=int(total.get("raw", result["fu"])),
        items=items,
        form=str(form or "standard"),
    )


def _pay(
    case: _Case,
    *,
    fu: int | None = None,
    dealer: bool | None = None,
    rules: Rules | None = None,
    base: int | None = None,
    round_each: bool = True,
    honba_each: int | None = None,
    sticks: bool = True,
) -> dict[str, int]:
    """The answers of ``case`` worked out with some of its facts changed (a slip)."""
    fu = case.fu if fu is None else fu
    dealer = case.dealer if dealer is None else dealer
    if base is None:
        base = limit_for(case.han, fu, rules or case.rules)[1]
    sanma = case.rules.sanma
    rows: list[tuple[str, object, int, int]] = list(raw_payments(base, dealer, case.tsumo))
    if sanma and case.tsumo:
        rows = sanma_tsumo_rows(base, dealer, case.rules.sanma_tsumo)
    amounts = {
        payer: rounded if round_each else unrounded for payer, _m, unrounded, rounded in rows
    }
    per = case.rules.honba_points
    out: dict[str, int] = {}
    # Payers besides the dealer on a tsumo (three players: one fewer).
    others = 1 if sanma else 2
    if case.tsumo:
        each = per // 3 * case.honba if honba_each is None else honba_each
        out["tsumo_others"] = amounts["each" if dealer else "non_dealer"] + each
        total = (others + 1) * out["tsumo_others"]
        if not dealer:
            out["tsumo_dealer"] = amounts["dealer"] + each
            total = out["tsumo_dealer"] + others * out["tsumo_others"]
    else:
        # Three players: a counter is worth a third from each of two payers, all from the
        # discarder on a ron (200 of 300).
        out["ron"] = amounts["discarder"] + (2 * (per // 3) if sanma else per) * case.honba
        total = out["ron"]
    out["collect"] = total + (1000 * case.sticks if sticks else 0)
    return out


# -- fu variants of a real hand -------------------------------------------------------------------


def _fu_variants(case: _Case) -> list[tuple[str, int, dict[str, object]]]:
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
        add("chiitoitsu_rounded", 30)
        return out
    if "tsumo" in ids:
        add("tsumo_fu_forgotten", round_up_10(raw - 2))
    if "closed_ron" in ids:
        add("closed_ron_fu_forgotten", round_up_10(raw - 10))
    if "pinfu_tsumo" in ids:
        add("pinfu_tsumo_fu_added", 30)
    if "open_pinfu" in ids:
        add("open_pinfu_not_raised", 20)
    ron_made = sum(fu for _i, fu, note in case.items if note == "ron_completed")
    if ron_made:
        add("ron_triplet_closed", round_up_10(raw + ron_made))
    if "pair_seat_wind" in ids:
        add("seat_wind_pair_forgotten", round_up_10(raw - 2))
    double = next((fu for item, fu, note in case.items if note == "double_wind"), None)
    if double is not None:
        other, this = (4, 2) if double == 0 else (2, 4)
        add("double_wind_other_rule", round_up_10(raw + other - this), other=other, this=this)
    elif "pair_round_wind" in ids:
        add("round_wind_pair_forgotten", round_up_10(raw - 2))
    outer = sum(fu for item, fu, _n in case.items if "_terminal_" in item)
    if outer:
        add("terminal_as_simple", round_up_10(raw - outer // 2))
    wait = next((item for item in ids if item.startswith("wait_")), None)
    if wait:
        add("wait_fu_forgotten", round_up_10(raw - 2), wait=wait_name(wait.removeprefix("wait_")))
    if raw != case.fu:
        add("fu_not_rounded", raw, raw=raw)
    return out


# -- han variants ---------------------------------------------------------------------------------


def _han_variants(question: Question) -> list[tuple[str, int, dict[str, object]]]:
    result, request = question.result, question.request
    if not result or not request:
        return []
    han = int(result["han"])
    out: list[tuple[str, int, dict[str, object]]] = []
    kuisagari = [s for s in result["steps"] if s["step"] == "yaku" and s.get("kuisagari")]
    if kuisagari:
        names = join_list(yaku_label(str(s["id"])) for s in kuisagari)
        out.append(("kuisagari_forgotten", han + len(kuisagari), {"yaku": names}))
    dora = sum(int(y["han"]) for y in result["yaku"] if y["id"] in ("dora", "ura_dora", "aka_dora"))
    if dora:
        out.append(("dora_forgotten", han - dora, {"dora": dora}))
    hand_step: dict[str, Any] = next((s for s in result["steps"] if s["step"] == "hand"), {})
    hand_tiles = [str(t) for t in hand_step.get("tiles", [])]
    indicators = [
        str(s["indicator"])
        for s in result["steps"]
        if s["step"] == "dora" and s.get("id") == "dora" and s.get("indicator")
    ]
    if indicators:
        plain = sum(int(y["han"]) for y in result["yaku"] if y["id"] == "dora")
        # a red five counts as its plain tile when it is matched against an indicator
        kinds = [t.replace("0", "5") for t in hand_tiles]
        as_dora = sum(kinds.count(i.replace("0", "5")) for i in indicators)
        if as_dora != plain:
            out.append(("indicator_as_dora", han - plain + as_dora, {}))
    return out


# -- the public function --------------------------------------------------------------------------


def _payment_variants(case: _Case) -> list[tuple[str, dict[str, int], dict[str, object]]]:
    out: list[tuple[str, dict[str, int], dict[str, object]]] = []
    raw_base = base_points(case.fu, case.han)
    below = limit_for(case.han, case.fu, case.rules)[0] is None
    if raw_base == 1920 and case.han < 5:
        other = replace(case.rules, kiriage=not case.rules.kiriage)
        slip = "no_kiriage" if case.rules.kiriage else "kiriage_assumed"
        out.append((slip, _pay(case, rules=other), {}))
    out.append(
        (
            "dealer_forgotten" if case.dealer else "dealer_assumed",
            _pay(case, dealer=not case.dealer),
            {},
        )
    )
    if below:
        out.append(("base_rounded", _pay(case, base=ceil100(raw_base)), {"base": raw_base}))
        out.append(("payment_not_rounded", _pay(case, round_each=False), {}))
    if case.tsumo and not case.dealer:
        right = _pay(case)
        out.append(
            (
                "tsumo_split_swapped",
                {"tsumo_others": right["tsumo_dealer"], "tsumo_dealer": right["tsumo_others"]},
                {},
            )
        )
    for slip, fu, params in _fu_variants(case):
        out.append((slip, _pay(case, fu=fu), params))
    if case.honba:
        per = case.rules.honba_points
        out.append(
            (
                "honba_forgotten",
                _pay(case, honba_each=0) if case.tsumo else _no_ron_honba(case),
                {"per": per, "honba": case.honba},
            )
        )
        if case.tsumo:
            once = _pay(case, honba_each=0)
            once = {"collect": once["collect"] + per // 3 * case.honba}
            # The counter's value is the rules' (300, or 1500 in the classic rules): each payer
            # of a tsumo adds a third of it.
            shares: dict[str, object] = {"per": per, "each": per // 3}
            out.append(("honba_once", once, shares))
            out.append(("honba_full_each", _pay(case, honba_each=per * case.honba), shares))
    if case.sticks:
        out.append(("sticks_forgotten", _pay(case, sticks=False), {"sticks": 1000 * case.sticks}))
    if case.rules.sanma and case.tsumo and case.rules.sanma_tsumo == "loss":
        four = replace(case, rules=replace(case.rules, players=4))
        base = limit_for(case.han, case.fu, case.rules)[1]
        absent = ceil100((2 if case.dealer else 1) * base)
        out.append(("north_share_paid", {"collect": _pay(four)["collect"]}, {"absent": absent}))
    return out


def _item_variants(
    question: Question, case: _Case
) -> list[tuple[str, dict[str, int], dict[str, object]]]:
    """Slips on single items of the fu-by-item drill: the item's wrong number, and in the
    sentence the total fu the slip would lead to."""
    raw = case.raw if case.raw is not None else case.fu
    ids = [item for item, _fu, _note in case.items]
    want = question.expected
    out: list[tuple[str, dict[str, int], dict[str, object]]] = []

    def add(slip: str, field: str, value: int, delta: int, **params: object) -> None:
        out.append((slip, {field: value}, {"wrong_fu": round_up_10(raw + delta), **params}))

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
            out.append(("double_wind_other_rule", {"pair": other}, {"other": other, "this": this}))
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


def _no_ron_honba(case: _Case) -> dict[str, int]:
    right = _pay(case)
    less = case.rules.honba_points * case.honba
    return {"ron": right["ron"] - less, "collect": right["collect"] - less}


def _wrong_numbers(question: Question, answers: Mapping[str, Any]) -> dict[str, int]:
    """The numeric fields the learner got wrong, with the number they gave."""
    wrong: dict[str, int] = {}
    for f in question.fields:
        if not f.numeric or f.multiple or f.name not in question.expected:
            continue
        got = answers.get(f.name, "")
        given = parse_number(str(got[0] if isinstance(got, list) and got else got or ""))
        if given is not None and given != question.expected[f.name]:
            wrong[f.name] = given
    return wrong


def _yaku_slips(question: Question, answers: Mapping[str, Any]) -> list[Slip]:
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


def _slip(
    slip: str, field: str, value: int, params: Mapping[str, object], case: _Case | None
) -> Slip:
    values: dict[str, object] = {"value": value}
    if case is not None:
        rules = case.rules.name
        values.update(fu=case.fu, han=case.han, rules=str(PRESET_LABELS.get(rules, rules)))
    values.update(params)
    return Slip(slip, field, str(value), str(SLIP_TEXT[slip]) % values, SLIP_TOPICS[slip])


def slips(question: Question, answers: Mapping[str, Any]) -> list[Slip]:
    """Every named slip whose number equals a wrong number the learner gave (in field order),
    and in the yaku drill the engine's why-not for each wrongly chosen yaku."""
    found: list[Slip] = []
    if question.kind == "yaku":
        found += _yaku_slips(question, answers)
    wrong = _wrong_numbers(question, answers)
    if not wrong:
        return found
    case = _case(question)
    variants: list[tuple[str, dict[str, int], dict[str, object]]] = []
    if question.kind in ("fu", "fu_items") and case is not None:
        variants += [(slip, {"fu": fu}, params) for slip, fu, params in _fu_variants(case)]
    elif question.kind == "yaku":
        variants += [(slip, {"han": han}, params) for slip, han, params in _han_variants(question)]
    elif case is not None and question.kind in ("table", "payments", "honba", "estimate"):
        variants += _payment_variants(case)
    if question.kind == "fu_items" and case is not None:
        variants += _item_variants(question, case)
    extra = VARIANT_HOOKS.get(question.kind)
    if extra is not None:
        variants += extra(question)
    seen: set[tuple[str, str]] = set()
    for field, given in wrong.items():
        for slip, numbers, params in variants:
            if numbers.get(field) == given and (slip, field) not in seen:
                seen.add((slip, field))
                found.append(_slip(slip, field, given, params, case))
    if question.kind == "estimate" and "collect" in wrong:
        found.append(_closeness(wrong["collect"], int(question.expected["collect"])))
    return found


def _quick_variants(question: Question) -> list[tuple[str, dict[str, int], dict[str, object]]]:
    """The quick method's own figure, when tenpane makes it wrong (estimate drill)."""
    from tutor.quiz.estimate import PATTERN_FU, quick_figure
    from tutor.quiz.quick import quick_pattern

    result, request = question.result, question.request
    if not result or not request:
        return []
    figure = quick_figure(result, request, ALL_PRESETS.get(question.rules, ALL_PRESETS["tenhou"]))
    pattern_fu = PATTERN_FU[quick_pattern(result)]
    return [("quick_figure", {"collect": figure}, {"pattern_fu": pattern_fu})]


def _closeness(given: int, total: int) -> Slip:
    """How close an estimate was (the estimate drill accepts only the exact figure)."""
    diff = abs(given - total)
    values = {
        "value": given,
        "diff": diff,
        "total": total,
        "percent": round(100 * diff / total) if total else 100,
    }
    # One whole sentence for each direction (never a "below"/"above" word glued in).
    text = str(SLIP_TEXT["estimate_off"] if given < total else ESTIMATE_ABOVE) % values
    return Slip("estimate_off", "collect", str(given), text, "quick-patterns")


#: Further variants for drill kinds defined elsewhere: kind -> (question -> variants).
VARIANT_HOOKS: dict[
    str, Callable[[Question], list[tuple[str, dict[str, int], dict[str, object]]]]
] = {"estimate": _quick_variants}
