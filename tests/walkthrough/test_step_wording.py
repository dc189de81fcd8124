"""Step sentences say exactly what happened (issue 9): wareme has its own step, a ron's honba is
the discarder's alone, limits from 5 han name no fu, nothing is "rounded up" that was not."""

from __future__ import annotations

import pytest

from scorer.engine import score_request
from tutor.walkthrough.steps import build

PINFU_TSUMO = {"hand": "234m567p234s44z67s", "win": "8s", "tsumo": True, "seat": "2z"}
WAREME = {"preset": "tenhou", "wareme": True}


def _step(result, kind):
    return next(s for s in result["steps"] if s["step"] == kind)


@pytest.mark.parametrize(
    ("seat", "wareme", "words"),
    [
        ("2z", "2z", "the winner sits at the wareme"),
        ("2z", "4z", "the payer at the wareme (North) pays double"),
    ],
)
def test_wareme_has_a_step_saying_what_doubles(seat, wareme, words):
    request = {**PINFU_TSUMO, "seat": seat, "riichi": True, "rules": WAREME, "wareme": wareme}
    result = score_request(request)
    assert words in _step(result, "wareme")["text"]
    walk = build(request)
    step = next(s for s in walk.steps if s.kind == "wareme")
    assert step.title == "Wareme"
    assert "wareme" in step.terms


def test_wareme_doubles_the_payment_after_honba():
    request = {**PINFU_TSUMO, "riichi": True, "honba": 1, "rules": WAREME, "wareme": "4z"}
    pay = score_request(request)["payments"]
    plain = score_request({**PINFU_TSUMO, "riichi": True, "honba": 1})["payments"]
    # North pays double of (its share + its 100 of honba); the others are unchanged
    assert pay["total"] == plain["total"] + plain["tsumo_others"]
    assert [s["step"] for s in score_request(request)["steps"]][-3:] == ["honba", "wareme", "total"]


def test_a_ron_honba_is_paid_by_the_discarder_not_each_payer():
    result = score_request({**PINFU_TSUMO, "tsumo": False, "riichi": True, "honba": 2})
    text = _step(result, "honba")["text"]
    assert text == "2 honba: +600, all paid by the discarder."
    assert "each payer" not in text
    tsumo = score_request({**PINFU_TSUMO, "riichi": True, "honba": 2})
    assert _step(tsumo, "honba")["text"] == "2 honba: +600 (200 from each payer)."


def test_a_limit_from_5_han_names_no_fu():
    # seed 000's baiman: 50 fu 9 han, "the fu count is meaningless here"
    baiman = {
        "hand": "222m666p999s44s77z",
        "win": "7z",
        "seat": "1z",
        "round": "2z",
        "riichi": True,
        "dora": "1m",
    }
    text = _step(score_request(baiman), "limit")["text"]
    assert text == "9 han reaches baiman whatever the fu: base points 4000."
    # 4 han 40 fu: below 5 han the fu do decide
    mangan = {
        "hand": "111m456p789s22z46s",
        "win": "5s",
        "riichi": True,
        "seat": "2z",
        "dora": "3p4p5p",
    }
    result = score_request(mangan)
    assert result["limit"] == "mangan"
    assert result["han"] < 5
    # fu before han, as the tables and the seeds write a figure
    assert _step(result, "limit")["text"] == "50 fu 4 han reaches mangan: base points 2000."
    yakuman = score_request({"hand": "666z777z12p99p[5=55z]", "win": "3p", "seat": "2z"})
    assert "fu" not in _step(yakuman, "limit")["text"].split(":")[0].replace("fu and", "")


def test_payments_are_not_said_to_round_when_they_do_not():
    yakuman = score_request({"hand": "666z777z12p99p[5=55z]", "win": "3p", "seat": "2z"})
    assert _step(yakuman, "payment")["text"] == "The discarder pays 4 × 8000 = 32000."
    rounded = score_request(PINFU_TSUMO | {"riichi": True})
    assert "rounded up to" in _step(rounded, "payment")["text"]
