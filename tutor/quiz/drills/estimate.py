"""Quick-method drill (seed 002, 渋川式): estimate a hand's points against the clock. The exact
figure is the engine's and the only right answer; the feedback reports how close a guess was. The
quick method's own figure is the engine's payment at the pattern's fu."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.points import limit_for, raw_payments
from scorer.engine.rules import Rules
from tutor.course.names import limit_label
from tutor.quiz import feedback
from tutor.quiz.base import (
    Case,
    Drill,
    Question,
    Slip,
    Variant,
    number,
    number_field,
    payment_options,
    rng_for,
    rules_of,
    steps_text,
)
from tutor.quiz.drills.quick import QUICK_PATTERNS, quick_pattern
from tutor.quiz.hands import hand_facts, scored_hand
from tutor.quiz.registry import register

#: The fu the quick method assumes for each of its patterns (seven pairs: the rules' own, 25,
#: or 50 in the classic rules: see :func:`pattern_fu`).
PATTERN_FU: Final = {"25": 25, "20": 20, "30": 30, "30+": 30, "40+": 40}
#: Seconds on the clock for an estimate, unless the URL says otherwise.
ESTIMATE_SECONDS: Final = 20

_PATTERN_NAMES: Final = {
    "25": gettext_lazy("seven pairs, %(fu)s fu"),
    "20": gettext_lazy("pinfu by tsumo, 20 fu"),
    "30": gettext_lazy("pinfu by ron, 30 fu"),
    "30+": gettext_lazy("a closed tsumo or an open hand, 30 fu and up"),
    "40+": gettext_lazy("a closed ron, 40 fu and up"),
}


def collected(fu: int, han: int, dealer: bool, tsumo: bool, rules: Rules) -> int:
    """What the winner collects for ``fu``/``han`` (no honba, no sticks), from the engine."""
    base = limit_for(han, fu, rules)[1]
    rows = raw_payments(base, dealer, tsumo)
    if not tsumo:
        return rows[0][3]
    if dealer:
        return 3 * rows[0][3]
    return rows[0][3] + 2 * rows[1][3]


def pattern_fu(pattern: str, rules: Rules) -> int:
    """The fu the quick method takes for ``pattern`` under ``rules``: seven pairs are the
    rules' fixed fu (25, or 50 in the classic rules); the others are the pattern's usual fu."""
    return rules.chiitoitsu_fu if pattern == "25" else PATTERN_FU[pattern]


def quick_figure(result: Mapping[str, Any], request: Mapping[str, Any], rules: Rules) -> int:
    """The points the quick method gives: the hand's han at its pattern's fu."""
    fu = pattern_fu(quick_pattern(result), rules)
    dealer = request.get("seat", "1z") == "1z"
    return collected(fu, int(result["han"]), dealer, bool(request.get("tsumo")), rules)


def pattern_line(result: Mapping[str, Any], rules: Rules) -> str:
    pattern = quick_pattern(result)
    name = str(_PATTERN_NAMES[pattern])
    if pattern == "25":
        name = name % {"fu": rules.chiitoitsu_fu}
    return _("Quick method: %(pattern)s.") % {"pattern": name}


def estimate_question(seed: int, opts: dict[str, str]) -> Question:
    """A hand to price quickly: the exact figure is right; how close a guess was is reported."""
    rng = rng_for("estimate", seed, opts)
    want = opts["item"].split(":")[1] if "item" in opts else None
    for _i in range(40):  # the pattern spaced repetition asks for, when it can be drawn
        request, result = scored_hand(rng, opts, honba=False)
        if want is None or quick_pattern(result) == want:
            break
    rules = rules_of(opts)
    total = int(result["payments"]["total"])
    quick = quick_figure(result, request, rules)
    pool = sorted({quick, total, *(total + d for d in (-1300, -700, -300, 300, 700, 1300))})
    fields = [
        number_field(
            "collect",
            _("The winner collects in all"),
            total,
            [p for p in pool if p > 0],
            opts,
            rng,
        )
    ]
    derivation = [pattern_line(result, rules)]
    limit = result.get("limit")
    if limit and limit_for(int(result["han"]), 20, rules)[0] == limit:
        derivation.append(
            _("%(han)s han: %(limit)s whatever the fu.")
            % {"han": result["han"], "limit": limit_label(limit)}
        )
    elif limit:
        derivation.append(
            _("%(fu)s fu %(han)s han reaches %(limit)s.")
            % {"fu": result["fu"], "han": result["han"], "limit": limit_label(limit)}
        )
    elif quick == total:
        derivation.append(
            _("The quick method's figure is exact here: %(total)s.") % {"total": number(total)}
        )
    else:
        derivation.append(
            _("The quick method gives %(quick)s; the exact count gives %(total)s.")
            % {"quick": number(quick), "total": number(total)}
        )
    derivation += steps_text(result, ("fu_total", "han_total", "limit", "payment", "total"))
    return Question(
        kind="estimate",
        seed=seed,
        key=f"estimate:{quick_pattern(result)}",
        options=opts,
        prompt=_("Estimate quickly: what does the winner collect in all?"),
        fields=fields,
        expected={"collect": total},
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


def estimate_slips(question: Question, case: Case | None) -> list[Variant]:
    """The payment slips but those of the fu (a quick estimate is priced by pattern: no fu
    item is counted, so no fu slip is made), and the quick method's own figure when the hand's
    fu are above its pattern's (tenpane)."""
    out = feedback.payment_variants(case, fu_slips=False) if case is not None else []
    result, request = question.result, question.request
    if not result or not request:
        return out
    rules = feedback.question_rules(question)
    figure = quick_figure(result, request, rules)
    usual = pattern_fu(quick_pattern(result), rules)
    if int(result["fu"]) > usual:
        out.append(("quick_figure", {"collect": figure}, {"pattern_fu": usual}))
    return out


def estimate_notes(question: Question, answers: Mapping[str, Any], found: list[Slip]) -> list[Slip]:
    """After the slips, how close a wrong estimate was (only the exact figure is right)."""
    given = feedback.given_numbers(question, answers).get("collect")
    total = int(question.expected["collect"])
    if given is None or given == total:
        return found
    return [*found, feedback.closeness(given, total)]


register(
    Drill(
        kind="estimate",
        name=gettext_lazy("Quick method: estimate the points"),
        help=gettext_lazy(
            "Against the clock: what does the winner collect? Only the exact figure is right; you "
            "see how close you were."
        ),
        order=90,
        build=estimate_question,
        options=payment_options,
        candidates=lambda opts: [f"estimate:{p}" for p in QUICK_PATTERNS],
        variants=estimate_slips,
        notes=estimate_notes,
        timed=ESTIMATE_SECONDS,
    )
)
