"""The quick method's drills (issue 9): "estimate the points" (timed, only the exact figure is
right, the feedback says how close) and "does this hand need exact fu counting?" Every answer is
checked here against the engine independently of the drill's own code."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import PRESETS, score_request
from scorer.engine.tables import cell
from tests.quiz.quizhelp import post_answer
from tutor import quiz
from tutor.quiz.feedback import slips
from tutor.quiz.registry import DRILLS

PATTERN_FU = {"25": 25, "20": 20, "30": 30, "30+": 30, "40+": 40}


def pattern_of(result: dict[str, Any]) -> str:
    """Seed 002's table, restated: chiitoitsu 25, pinfu 20/30, closed 30+/40+, open 30+."""
    steps = result["steps"]
    if next(s for s in steps if s["step"] == "reading")["form"] == "chiitoitsu":
        return "25"
    hand = steps[0]
    pinfu = any(y["id"] == "pinfu" for y in result["yaku"])
    if not hand["closed"]:
        return "30+"
    if pinfu:
        return "20" if hand["how"] == "tsumo" else "30"
    return "30+" if hand["how"] == "tsumo" else "40+"


def table_total(fu: int, han: int, request: dict[str, Any]) -> int:
    c = cell(fu, han, request.get("seat", "1z") == "1z", PRESETS[request.get("rules", "tenhou")])
    if not request.get("tsumo"):
        return c.ron
    if request.get("seat", "1z") == "1z":
        return 3 * c.tsumo_others
    return (c.tsumo_dealer or 0) + 2 * c.tsumo_others


def test_both_drills_are_registered():
    for kind in ("estimate", "exact_fu"):
        assert kind in quiz.KINDS
        assert kind in quiz.KIND_NAMES
        assert kind in quiz.KIND_HELP
        assert kind in DRILLS
        assert quiz.candidates(kind, quiz.normalise(kind, {}))


@pytest.mark.parametrize("seed", range(25))
def test_estimate_answers_are_the_engine_s_exact_figure(seed):
    q = quiz.make_question("estimate", seed, {})
    assert q.request is not None
    result = score_request(q.request)
    assert q.expected == {"collect": result["payments"]["total"] + result["payments"]["sticks"]}
    assert quiz.check(q, {"collect": str(q.expected["collect"])}).correct
    near = q.expected["collect"] + 100
    assert not quiz.check(q, {"collect": str(near)}).correct
    closeness = [s for s in slips(q, {"collect": str(near)}) if s.id == "estimate_off"]
    assert len(closeness) == 1
    assert "100 above" in closeness[0].text


@pytest.mark.parametrize("seed", range(25))
def test_exact_fu_answers_come_from_pricing_both_ways(seed):
    q = quiz.make_question("exact_fu", seed, {})
    assert q.request is not None
    result = score_request(q.request)
    quick = table_total(PATTERN_FU[pattern_of(result)], result["han"], q.request)
    needed = quick != result["payments"]["total"]
    assert q.expected == {"need": "yes" if needed else "no"}
    assert q.key == f"exact_fu:{q.expected['need']}"


def test_exact_fu_draws_both_answers_and_honours_the_item():
    answers = {quiz.make_question("exact_fu", s, {}).expected["need"] for s in range(20)}
    assert answers == {"yes", "no"}
    for need in ("yes", "no"):
        q = quiz.make_question("exact_fu", 5, {"item": f"exact_fu:{need}"})
        assert q.expected["need"] == need


def test_answering_the_quick_figure_for_a_tenpane_hand_names_it():
    for seed in range(60):
        q = quiz.make_question("estimate", seed, {})
        assert q.request is not None
        assert q.result is not None
        quick = table_total(PATTERN_FU[pattern_of(q.result)], q.result["han"], q.request)
        if quick != q.expected["collect"]:
            found = {s.id for s in slips(q, {"collect": str(quick)})}
            assert "quick_figure" in found
            return
    pytest.fail("no estimate question with a tenpane hand in 60 seeds")


@pytest.mark.django_db
def test_the_estimate_page_is_timed_and_reports_how_close(client):
    page = client.get("/tutor/quiz/estimate/?seed=4").content.decode()
    assert 'data-seconds="20"' in page
    q = quiz.make_question("estimate", 4, {})
    off = q.expected["collect"] - 300
    html = post_answer(client, q, {"a_collect": str(off)}).content.decode()
    assert 'data-slip="estimate_off"' in html
    assert "300 below" in html
    untimed = client.get("/tutor/quiz/estimate/?seed=4&timed=0").content.decode()
    assert "data-seconds" not in untimed


@pytest.mark.django_db
def test_the_exact_fu_page_offers_yes_and_no(client):
    page = client.get("/tutor/quiz/exact_fu/?seed=2").content.decode()
    assert 'value="yes"' in page
    assert 'value="no"' in page
