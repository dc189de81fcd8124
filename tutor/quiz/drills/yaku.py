"""Yaku drill: pick every yaku of a hand and give its total han."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.rules import Rules
from scorer.engine.yaku import YAKU
from tutor.quiz import feedback
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    Slip,
    number_field,
    rng_for,
    rules_of,
    rules_option,
    steps_text,
)
from tutor.quiz.hands import hand_facts, scored_hand
from tutor.quiz.registry import register

#: The most han of yaku a hand without a yakuman can have: double riichi, ippatsu and houtei
#: (2 + 1 + 1) on toitoi, sanankou, sankantsu, honroutou, honitsu and shousangen (2 + 2 + 2 + 2 +
#: 3 + 2) with haku, hatsu and a double east (1 + 1 + 2). A tsumo would make the fourth triplet
#: concealed too (suuankou, a yakuman); every hand of sequences or pairs has fewer.
YAKU_HAN_MOST: Final = 21
#: The most dora: at most three kans (a fourth is suukantsu, a yakuman), so four indicators and
#: four ura indicators, each naming a tile the hand holds at most four of.
DORA_MOST: Final = 2 * (1 + 3) * 4


def han_most(rules: Rules) -> int:
    """The most han a hand without a yakuman can have under ``rules``: the yaku above, every
    dora and every red five at once (no hand has more; 11m77z(1111z)(5555z)(6666z) won on 1m
    by double riichi, ippatsu and houtei has 51 with sixteen dora and fourteen ura dora)."""
    return YAKU_HAN_MOST + DORA_MOST + rules.red_fives


def yaku_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("yaku", seed, opts)
    request, result = scored_hand(rng, opts, shape="standard", honba=False)
    present = sorted(
        {y["id"] for y in result["yaku"] if y["id"] not in ("dora", "aka_dora", "ura_dora")}
    )
    absent = [
        s["id"] for s in result["steps"] if s["step"] == "yaku_absent" and s["id"] != "yakuhai"
    ]
    known = {y.id for y in YAKU}
    pool = [y for y in absent if y in known and y not in present]
    rng.shuffle(pool)
    offered = set(present) | set(pool[: max(3, 8 - len(present))])
    choices = [(y.id, _(y.name)) for y in YAKU if y.id in offered]
    han = int(result["han"])
    fields = [
        Field("yaku", _("Yaku present"), choices=choices, multiple=True, numeric=False, kanji=True),
        number_field("han", _("Total han (dora included)"), han, range(1, 14), opts, rng),
    ]
    fields[1].bounds = (1, han_most(rules_of(opts)))
    return Question(
        kind="yaku",
        seed=seed,
        key=f"yaku:{min(han, 6)}",
        options=opts,
        prompt=_("Which yaku does this hand have, and how many han in all?"),
        fields=fields,
        expected={"yaku": present, "han": han},
        derivation=steps_text(result, ("yaku", "dora", "han_total")),
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


def yaku_notes(question: Question, answers: Mapping[str, Any], found: list[Slip]) -> list[Slip]:
    """First the engine's why-not for each yaku chosen wrongly and why for each one missed,
    then the slips in the han."""
    return feedback.yaku_slips(question, answers) + found


register(
    Drill(
        kind="yaku",
        name=gettext_lazy("Yaku and han"),
        help=gettext_lazy("Pick every yaku the hand has and give the total han."),
        order=50,
        build=yaku_question,
        options=rules_option,
        variants=feedback.han_slips,
        answered_variants=feedback.tick_slips,
        notes=yaku_notes,
    )
)
