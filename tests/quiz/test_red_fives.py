"""Issue 28 (English item 2): the hand drills draw no red five under rules that have none
(classic, EMA, WRC): a 0m there would be scored as a plain five, and nothing said so."""

from __future__ import annotations

import pytest

from scorer.engine import PRESETS
from tutor import quiz
from tutor.quiz.base import RULE_SETS

HAND_KINDS = ("yaku", "payments", "honba", "estimate", "fu", "fu_items", "quick", "exact_fu")


def _tiles(q: quiz.Question) -> str:
    request = q.request or {}
    return "".join(str(request.get(k) or "") for k in ("hand", "win", "dora", "ura"))


@pytest.mark.parametrize("preset", RULE_SETS)
@pytest.mark.parametrize("kind", HAND_KINDS)
def test_no_red_five_under_rules_without_them(kind: str, preset: str) -> None:
    reds = PRESETS[preset].red_fives
    drawn = 0
    for seed in range(25):
        q = quiz.make_question(kind, seed, {"rules": preset})
        has_red = "0" in _tiles(q).replace("10", "")
        drawn += has_red
        if not reds:
            assert not has_red, (kind, preset, seed, q.request)
            assert not any(y["id"] == "aka_dora" for y in (q.result or {}).get("yaku", []))
    if reds and kind in ("yaku", "payments"):
        assert drawn, "rules with red fives still draw them"
