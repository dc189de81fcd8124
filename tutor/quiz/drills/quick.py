"""Quick-method drill: which fu pattern of seed 002's quick method a hand belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorer.engine.rules import Rules
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    pick,
    rng_for,
    rules_of,
    rules_option,
    steps_text,
)
from tutor.quiz.hands import fu_hand, hand_facts
from tutor.quiz.registry import register

#: The patterns of the quick method (seed 002, 渋川式), by the fu each assumes.
QUICK_PATTERNS: Final = ("25", "20", "30", "30+", "40+")


def quick_pattern(result: Mapping[str, Any]) -> str:
    """The quick method of seed 002: which pattern a scored hand belongs to."""
    reading = next(s for s in result["steps"] if s["step"] == "reading")
    if reading["form"] == "chiitoitsu":
        return "25"
    closed = bool(result["steps"][0]["closed"])
    tsumo = result["steps"][0]["how"] == "tsumo"
    if not closed:
        return "30+"
    if any(y["id"] == "pinfu" for y in result["yaku"]):
        return "20" if tsumo else "30"
    return "30+" if tsumo else "40+"


#: The patterns whose Japanese name differs (extracted for the catalogue).
_PATTERN_WORDS: Final = {
    "30+": pgettext_lazy("quick method pattern", "30+"),
    "40+": pgettext_lazy("quick method pattern", "40+"),
}


def pattern_label(pattern: str, rules: Rules) -> str:
    """A quick-method pattern as the page writes it: seven pairs by the rules' fixed fu (25, or
    50 in the classic rules); 30+ and 40+ as 30+α and 40+α in Japanese (the termbase's word)."""
    if pattern == "25":
        return str(rules.chiitoitsu_fu)
    word = _PATTERN_WORDS.get(pattern)
    return str(word) if word is not None else pattern


_QUICK_WHY: Final = {
    "25": gettext_lazy("Seven pairs (chiitoitsu) is a fixed %(fu)s fu under these rules."),
    "20": gettext_lazy("Pinfu by tsumo is 20 fu."),
    "30": gettext_lazy("Pinfu by ron is 30 fu."),
    "30+": gettext_lazy(
        "An open hand, or a closed hand won by tsumo without pinfu: 30 fu or more."
    ),
    "40+": gettext_lazy("A closed hand won by ron without pinfu: 40 fu or more."),
}


def quick_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("quick", seed, opts)
    target = opts["item"].split(":")[1] if "item" in opts else opts["target"]
    if target == "any":
        target = rng.choice(QUICK_PATTERNS)
    table: dict[str, dict[str, Any]] = {
        "25": {"pairs": True},
        "20": {"target": 20},
        "30": {"pinfu": True, "tsumo": False},
        "30+": {"open_": True}
        if rng.random() < 0.5
        else {"open_": False, "tsumo": True, "pinfu": False},
        "40+": {"open_": False, "tsumo": False, "pinfu": False},
    }
    knobs = table[target]
    request, result = fu_hand(rng, rules=opts["rules"], **knobs)
    pattern = quick_pattern(result)
    rules = rules_of(opts)
    # Seven pairs are the rules' fixed fu (25, or 50 in the classic rules).
    fields = [
        Field(
            "pattern",
            _("Pattern"),
            choices=[(p, pattern_label(p, rules)) for p in QUICK_PATTERNS],
            numeric=False,
        )
    ]
    derivation = [str(_QUICK_WHY[pattern]) % {"fu": rules.chiitoitsu_fu}]
    derivation.append(_("The exact count: %(fu)d fu.") % {"fu": result["fu"]})
    derivation += steps_text(result, ("fu", "fu_total"))
    return Question(
        kind="quick",
        seed=seed,
        key=f"quick:{pattern}",
        options=opts,
        prompt=_("Quick method: which fu pattern does this hand belong to?"),
        fields=fields,
        expected={"pattern": pattern},
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


def quick_options(raw: Mapping[str, str]) -> dict[str, str]:
    """The rule set, and the pattern asked for (any by default)."""
    return {**rules_option(raw), "target": pick(raw.get("target"), ("any", *QUICK_PATTERNS), "any")}


def quick_candidates(opts: Mapping[str, str]) -> list[str]:
    target = opts.get("target", "any")
    return [f"quick:{p}" for p in QUICK_PATTERNS if target in ("any", p)]


register(
    Drill(
        kind="quick",
        name=gettext_lazy("Quick method (25 / 20 / 30 / 30+ / 40+)"),
        help=gettext_lazy("Which pattern of the quick method does the hand belong to?"),
        order=80,
        build=quick_question,
        options=quick_options,
        candidates=quick_candidates,
    )
)
