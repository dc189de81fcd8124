"""One meaning of "collects" everywhere (issue 9): what the winner takes in all, the payments
(honba included) plus the riichi sticks. The API's ``total`` is the payments alone."""

from __future__ import annotations

from scorer import picker
from scorer.engine import score_request
from tutor import quiz
from tutor.walkthrough.steps import build

HAND = {"hand": "234m567p234s44z67s", "win": "8s", "tsumo": True, "seat": "2z", "riichi": True}


def test_the_engine_total_excludes_the_sticks_and_the_last_step_adds_them():
    result = score_request({**HAND, "honba": 2, "sticks": 3})
    pay = result["payments"]
    assert pay["sticks"] == 3000
    assert pay["total"] == pay["tsumo_dealer"] + 2 * pay["tsumo_others"]
    last = result["steps"][-1]
    assert last["step"] == "total"
    collected = pay["total"] + pay["sticks"]
    assert last["text"] == (
        f"The winner collects {collected}: {pay['total']} in payments plus 3000 from the "
        "riichi sticks."
    )


def test_without_sticks_collects_is_the_payments_total():
    result = score_request(HAND)
    assert result["steps"][-1]["text"] == f"The winner collects {result['payments']['total']}."


def test_the_walkthrough_last_line_and_the_honba_drill_agree():
    for seed in range(12):
        q = quiz.make_question("honba", seed)
        collect = q.expected["collect"]
        # The derivation writes numbers as the page does (15,200), as the walkthrough does.
        said = f"The winner collects {collect:,}"
        assert any(said in line for line in q.derivation), q.derivation
    walk = build({**HAND, "honba": 1, "sticks": 2})
    total = next(s for s in walk.steps if s.kind == "total")
    pay = walk.result["payments"]
    assert f"collects {pay['total'] + pay['sticks']:,}" in total.text


def test_the_picker_panel_says_what_the_winner_collects_in_all():
    lines = picker.payment_lines(
        {"payments": {"ron": 8000, "total": 8300, "honba": 300, "sticks": 1000}}, dealer=False
    )
    assert lines[-1] == "The winner collects 9,300 in all."
    plain = picker.payment_lines({"payments": {"ron": 8000, "total": 8000, "sticks": 0}}, False)
    assert not any("collects" in line for line in plain)
