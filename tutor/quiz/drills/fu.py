"""Fu drills: count a real hand's fu, in total (``fu``) or item by item (``fu_items``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.quiz import feedback
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    number_field,
    pick,
    rng_for,
    rules_option,
    steps_text,
    tile_words,
)
from tutor.quiz.hands import fu_hand, hand_facts, tile_image
from tutor.quiz.registry import register

#: The fu a question can ask for (25: seven pairs, not in the fu-by-item drill).
FU_TARGETS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
#: The waits a question can ask for.
WAITS: Final = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")


def _targets(itemised: bool) -> list[int]:
    return [f for f in FU_TARGETS if not itemised or f != 25]


def fu_options(raw: Mapping[str, str], itemised: bool = False) -> dict[str, str]:
    """The rule set, and the fu, wait and openness asked for (any by default)."""
    targets = [str(f) for f in _targets(itemised)]
    return {
        **rules_option(raw),
        "target": pick(raw.get("target"), ("any", *targets), "any"),
        "wait": pick(raw.get("wait"), ("any", *WAITS), "any"),
        "open": pick(raw.get("open"), ("any", "open", "closed"), "any"),
    }


def fu_candidates(opts: Mapping[str, str], itemised: bool = False) -> list[str]:
    kind = "fu_items" if itemised else "fu"
    target = opts.get("target", "any")
    return [f"{kind}:{f}" for f in _targets(itemised) if target in ("any", str(f))]


def fu_question(seed: int, opts: dict[str, str], itemised: bool) -> Question:
    kind = "fu_items" if itemised else "fu"
    rng = rng_for(kind, seed, opts)
    target_text = opts["item"].split(":")[1] if "item" in opts else opts["target"]
    target = None if target_text == "any" else int(target_text)
    wait = None if opts["wait"] == "any" else opts["wait"]
    open_ = {"any": None, "open": True, "closed": False}[opts["open"]]
    if itemised and target is None:
        # Only a fu the other filters allow: 20 fu is a closed pinfu tsumo (a two-sided wait).
        pinfu_ok = wait in (None, "ryanmen") and open_ is not True
        target = rng.choice([f for f in FU_TARGETS if f != 25 and (f != 20 or pinfu_ok)])
    request, result = fu_hand(rng, target=target, wait=wait, open_=open_, rules=opts["rules"])
    fu = int(result["fu"])
    derivation = steps_text(result, ("reading", "wait", "fu", "fu_total"))
    fields: list[Field]
    expected: dict[str, Any]
    if not itemised:
        fields = [number_field("fu", _("Fu"), fu, FU_TARGETS, opts, rng)]
        expected = {"fu": fu}
        prompt = _("How many fu is this hand worth?")
    else:
        fields, expected = _fu_item_fields(result, opts, rng)
        prompt = _("Give the fu of each part of the hand, then the rounded total.")
    return Question(
        kind=kind,
        seed=seed,
        key=f"{kind}:{fu}",
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


def _fu_item_fields(
    result: Mapping[str, Any], opts: Mapping[str, str], rng: random.Random
) -> tuple[list[Field], dict[str, Any]]:
    reading = next(s for s in result["steps"] if s["step"] == "reading")
    items = list(result["fu_items"])
    used = [False] * len(items)

    def take(pred: Any) -> int:
        total = 0
        for i, item in enumerate(items):
            if not used[i] and pred(item):
                used[i] = True
                total += int(item["fu"])
        return total

    fields: list[Field] = []
    expected: dict[str, Any] = {}
    pool = (0, 2, 4, 8, 10, 16, 32)
    win_fu = take(lambda it: it["id"] in ("closed_ron", "tsumo", "pinfu_tsumo"))
    fields.append(number_field("win", _("Win (menzen ron / tsumo)"), win_fu, pool, opts, rng))
    expected["win"] = win_fu
    for n, block in enumerate(reading["blocks"], start=1):
        tiles = sorted(block["tiles"])
        fu = take(
            lambda it, tiles=tiles: (
                it["id"].endswith(("triplet", "kan")) and sorted(it["tiles"]) == tiles
            )
        )
        label = _("Block %(n)d: %(tiles)s") % {"n": n, "tiles": tile_words(block["tiles"])}
        fields.append(number_field(f"block{n}", label, fu, pool, opts, rng))
        fields[-1].short = _("Block %(n)d") % {"n": n}
        fields[-1].tiles = [tile_image(str(t)) for t in block["tiles"]]
        expected[f"block{n}"] = fu
    pair_fu = take(lambda it: it["id"].startswith("pair_"))
    pair = reading["pairs"][0] if reading["pairs"] else []
    label = _("Pair: %(tiles)s") % {"tiles": tile_words(pair)}
    fields.append(number_field("pair", label, pair_fu, pool, opts, rng))
    fields[-1].short = _("Pair")
    fields[-1].tiles = [tile_image(str(t)) for t in pair]
    expected["pair"] = pair_fu
    wait_fu = take(lambda it: it["id"].startswith("wait_"))
    fields.append(number_field("wait", _("Wait"), wait_fu, pool, opts, rng))
    expected["wait"] = wait_fu
    fields.append(number_field("fu", _("Total, rounded"), int(result["fu"]), FU_TARGETS, opts, rng))
    expected["fu"] = int(result["fu"])
    return fields, expected


register(
    Drill(
        kind="fu",
        name=gettext_lazy("Fu of a hand"),
        help=gettext_lazy("A real hand with its situation: count its fu."),
        order=30,
        build=lambda seed, opts: fu_question(seed, opts, itemised=False),
        options=fu_options,
        candidates=fu_candidates,
        variants=feedback.fu_slips,
    ),
    Drill(
        kind="fu_items",
        name=gettext_lazy("Fu, item by item"),
        help=gettext_lazy("Give the fu of every block, the wait and the win, then the total."),
        order=40,
        build=lambda seed, opts: fu_question(seed, opts, itemised=True),
        options=lambda raw: fu_options(raw, itemised=True),
        candidates=lambda opts: fu_candidates(opts, itemised=True),
        variants=feedback.fu_item_slips,
    ),
)
