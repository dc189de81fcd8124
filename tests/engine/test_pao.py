"""Responsibility payments (pao) and the double ron's far winner (docs/API.md §8)."""

from __future__ import annotations

import pytest

from scorer.engine import score_request

DAISANGEN = {"hand": "067m1p[55+5z][77=7z][66=6z]", "win": "1p", "seat": "3z", "round": "1z"}


def test_pao_tsumo_the_responsible_player_pays_everything():
    result = score_request({**DAISANGEN, "tsumo": True, "pao": "2z", "honba": 1})
    pay = result["payments"]
    assert pay["pao"] == 32300
    assert (pay["tsumo_dealer"], pay["tsumo_others"], pay["total"]) == (0, 0, 32300)
    step = next(s for s in result["steps"] if s["step"] == "pao")
    assert step["pao"] == "tsumo"
    assert step["text"].endswith("South pays it all: 32300.")


def test_pao_ron_half_each_honba_to_the_discarder():
    result = score_request({**DAISANGEN, "pao": "2z", "discarder": "4z", "honba": 2})
    pay = result["payments"]
    assert (pay["ron"], pay["pao"], pay["total"]) == (16600, 16000, 32600)
    assert next(s for s in result["steps"] if s["step"] == "pao")["pao"] == "ron"


def test_pao_when_the_responsible_player_deals_in_is_an_ordinary_ron():
    result = score_request({**DAISANGEN, "pao": "2z", "discarder": "2z"})
    pay = result["payments"]
    assert pay["ron"] == 32000
    assert "pao" not in pay
    assert next(s for s in result["steps"] if s["step"] == "pao")["pao"] == "discarder"


def test_no_pao_leaves_the_payments_shape_alone():
    assert "pao" not in score_request({**DAISANGEN, "tsumo": True})["payments"]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"pao": "3z"}, "pao"),  # the winner's own seat
        ({"pao": "9z"}, "pao"),
        ({"ron_order": 3}, "ron_order"),
        ({"ron_order": 2, "tsumo": True}, "ron_order"),
    ],
)
def test_bad_values_are_named(extra, field):
    result = score_request({**DAISANGEN, **extra})
    assert result["ok"] is False
    assert result["error"]["field"] == field


def test_pao_needs_big_three_dragons_or_big_four_winds():
    result = score_request({"hand": "123m456p789s1z[5+55z]", "win": "1z", "pao": "2z"})
    assert result["error"]["code"] == "invalid_situation"
    assert result["error"]["field"] == "pao"


def test_the_far_winner_of_a_double_ron_collects_no_honba_nor_sticks():
    hand = {"hand": "123m456p789s1z[5+55z]", "win": "1z", "honba": 2, "sticks": 1}
    near = score_request(hand)["payments"]
    far = score_request({**hand, "ron_order": 2})
    assert (near["honba"], near["sticks"]) == (600, 1000)
    assert (far["payments"]["honba"], far["payments"]["sticks"]) == (0, 0)
    assert far["payments"]["total"] == near["total"] - 600
    kinds = [s["step"] for s in far["steps"]]
    assert "double_ron" in kinds
    assert "honba" not in kinds
    assert "sticks" not in kinds
