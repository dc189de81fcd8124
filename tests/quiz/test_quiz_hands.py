"""Quiz hands look like a real table (issue 11, item 4): dora indicators are drawn as tiles,
never as squashed notation, and a hand never has more than 1 + kans indicators."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

import pytest

from scorer import engine
from scorer.engine import Result
from scorer.engine.notation import MeldKind, parse_hand, parse_tiles
from tutor import quiz
from tutor.quiz import hands
from tutor.quiz.hands import indicator_limit, table_indicators

pytestmark = pytest.mark.django_db
KANS = (MeldKind.KAN_OPEN, MeldKind.KAN_ADDED, MeldKind.KAN_CLOSED)
#: The drills that show a hand with dora indicators (fu drills' hands have none; the honba
#: drill shows no hand).
HAND_KINDS = ("payments", "yaku")


def kans(hand: str) -> int:
    return sum(m.kind in KANS for m in parse_hand(hand).melds)


@pytest.mark.parametrize("kind", [*HAND_KINDS, "fu", "quick"])
def test_never_more_indicators_than_one_plus_kans(kind):
    seen_kan = False
    for seed in range(120 if kind in HAND_KINDS else 20):
        q = quiz.make_question(kind, seed, {})
        assert q.request is not None
        limit = 1 + kans(q.request["hand"])
        seen_kan |= limit > 1
        for name in ("dora", "ura"):
            shown = parse_tiles(q.request.get(name) or "")
            assert len(shown) <= limit, (seed, q.request)
        # The answer is the engine's score of exactly that request.
        assert q.result is not None
        assert q.result["ok"]
    assert seen_kan or kind != "payments"


def test_table_indicators_trims_to_the_table():
    request = {"hand": "123m456p789s11z23s", "win": "4s", "dora": "7p77s6z", "ura": "1m2m"}
    trimmed = table_indicators(request)
    assert len(parse_tiles(trimmed["dora"])) == 1
    assert len(parse_tiles(trimmed["ura"])) == 1
    with_kans = {**request, "hand": "11z23s(1111m)[4=444p]"}
    assert indicator_limit(with_kans["hand"]) == 3
    assert len(parse_tiles(table_indicators(with_kans)["dora"])) == 3
    assert table_indicators({"hand": "123m", "dora": "1m"})["dora"] == "1m"


@pytest.mark.parametrize("kind", HAND_KINDS)
def test_indicators_are_drawn_as_tiles(client, kind):
    drawn = 0
    for seed in range(12):
        q = quiz.make_question(kind, seed, {})
        assert q.request is not None
        page = client.get(f"/tutor/quiz/{kind}/?seed={seed}").content.decode()
        dora = parse_tiles(q.request.get("dora") or "")
        if not dora:
            continue
        block = re.search(r'data-testid="dora-indicators">(.*?)</p>', page, re.S)
        assert block, page
        assert re.findall(r'<img [^>]*data-tile="(\w+)"', block.group(1)) == list(dora)
        assert "Dora indicator" in block.group(1)
        # ... and not as notation in the list of facts.
        facts = re.search(r'<ul class="quiz-facts">(.*?)</ul>', page, re.S)
        assert facts is None or "ndicator" not in facts.group(1)
        assert q.request["dora"] not in re.sub(r"<[^>]+>", " ", page.split('id="quiz"')[1])
        drawn += 1
    assert drawn


def test_ura_indicators_shown_only_after_riichi(client):
    for seed in range(40):
        q = quiz.make_question("payments", seed, {})
        assert q.request is not None
        page = client.get(f"/tutor/quiz/payments/?seed={seed}").content.decode()
        riichi = q.request.get("riichi") or q.request.get("double_riichi")
        has_ura = 'data-testid="ura-indicators"' in page
        assert has_ura == bool(riichi and q.request.get("ura")), (seed, q.request)


def _recording(monkeypatch: pytest.MonkeyPatch) -> list[Result]:
    """Every typed result the hand generators get from the engine, in order."""
    seen: list[Result] = []

    def score_result(request: Mapping[str, object]) -> Result:
        result = engine.score_result(request)
        seen.append(result)
        return result

    monkeypatch.setattr(hands, "score_result", score_result)
    return seen


def test_the_fu_generator_builds_the_explanation_only_for_the_hand_it_keeps(monkeypatch):
    seen = _recording(monkeypatch)
    request, result = hands.fu_hand(random.Random(9), target=40, wait="kanchan", open_=False)
    assert len(seen) > 1  # it retried: the rejected hands were judged on their numbers
    assert [r._steps is not None for r in seen] == [False] * (len(seen) - 1) + [True]
    # What it returns is exactly the engine's result for that request, explanation included.
    assert result == engine.score_request(request)
    assert result["fu"] == 40
    assert next(s for s in result["steps"] if s["step"] == "wait")["wait"] == "kanchan"
    assert result["steps"][0]["closed"] is True


def test_scored_hand_asks_for_steps_only_when_they_are_shown(monkeypatch):
    seen = _recording(monkeypatch)
    opts = {"rules": "tenhou", "dealer": "dealer", "win": "tsumo"}
    request, result = hands.scored_hand(random.Random(3), opts, steps=False, honba=False)
    assert "steps" not in result
    assert result == engine.score_request(request, steps=False)
    assert all(r._steps is None for r in seen)
    request, result = hands.scored_hand(random.Random(3), opts, honba=False)
    assert result == engine.score_request(request)
    assert request["seat"] == "1z"
    assert request["tsumo"] is True
