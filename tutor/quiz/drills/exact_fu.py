"""Quick-method drill: does this hand need an exact fu count, or does the quick method's figure
(seed 002, 渋川式) give the right points? The engine decides, by pricing both."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.rules import Rules
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    QuizError,
    number,
    rng_for,
    rules_of,
    rules_option,
    steps_text,
)
from tutor.quiz.drills.estimate import pattern_line, quick_figure
from tutor.quiz.drills.quick import pattern_label, quick_pattern
from tutor.quiz.hands import fu_hand, hand_facts
from tutor.quiz.registry import register

NEEDS: Final = ("yes", "no")


def needs_exact_count(result: Mapping[str, Any], request: Mapping[str, Any], rules: Rules) -> bool:
    """Whether the quick method's figure is wrong for this hand: then the fu must be counted."""
    return quick_figure(result, request, rules) != int(result["payments"]["total"])


def exact_fu_question(seed: int, opts: dict[str, str]) -> Question:
    """Does this hand need an exact fu count, or does the quick method's figure hold?"""
    rng = rng_for("exact_fu", seed, opts)
    rules = rules_of(opts)
    want = opts["item"].split(":")[1] if "item" in opts else rng.choice(NEEDS)
    for _i in range(60):
        request, result = _candidate(rng, opts)
        if needs_exact_count(result, request, rules) == (want == "yes"):
            break
    else:
        raise QuizError(_("Could not build a hand with these properties: try other filters."))
    pattern = quick_pattern(result)
    needed = needs_exact_count(result, request, rules)
    quick = quick_figure(result, request, rules)
    total = int(result["payments"]["total"])
    derivation = [pattern_line(result, rules)]
    derivation.append(
        _("Exact count: %(raw)s fu, scored as %(fu)s.")
        % {"raw": _raw_fu(result), "fu": result["fu"]}
    )
    if needed:
        derivation.append(
            _("Yes: the quick method gives %(quick)s, the hand is worth %(total)s.")
            % {"quick": number(quick), "total": number(total)}
        )
    else:
        derivation.append(
            _("No: the quick method's figure, %(total)s, is right.") % {"total": number(total)}
        )
    derivation += steps_text(result, ("fu", "fu_total"))
    choices = [("yes", _("Yes, count the fu")), ("no", _("No, the quick method is enough"))]
    return Question(
        kind="exact_fu",
        seed=seed,
        key=f"exact_fu:{'yes' if needed else 'no'}",
        options=opts,
        prompt=_(
            "Does this hand need an exact fu count, or does the quick method (pattern %(pattern)s) "
            "give the right points?"
        )
        # Seven pairs by the rules' own fixed fu (25, or 50 in the classic rules); 30+α in
        # Japanese.
        % {"pattern": pattern_label(pattern, rules)},
        fields=[Field("need", _("Exact count needed?"), choices=choices, numeric=False)],
        expected={"need": "yes" if needed else "no"},
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


def _candidate(rng: random.Random, opts: Mapping[str, str]) -> tuple[dict[str, Any], Any]:
    target = rng.choice((None, None, 40, 50, 60, 70))
    try:
        return fu_hand(rng, target=target, rules=opts["rules"], tries=400)
    except QuizError:
        return fu_hand(rng, rules=opts["rules"])


def _raw_fu(result: Mapping[str, Any]) -> int:
    total = next((s for s in result["steps"] if s["step"] == "fu_total"), None)
    return int(total["raw"]) if total else int(result["fu"])


register(
    Drill(
        kind="exact_fu",
        name=gettext_lazy("Quick method: count the fu or not?"),
        help=gettext_lazy(
            "Does the hand need an exact fu count, or does the quick method give the right points?"
        ),
        order=100,
        build=exact_fu_question,
        options=rules_option,
        candidates=lambda opts: [f"exact_fu:{need}" for need in NEEDS],
    )
)
