"""RULES.md §7b: every illegal request gets its API.md error code, a sentence and a field."""

from __future__ import annotations

import pytest

from scorer.engine import score_request

BASE = {"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True, "riichi": True}


def error_of(**changes):
    result = score_request({**BASE, **changes})
    assert result["ok"] is False, result
    return result["error"]


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"hand": "234m234m456p55s6x"}, "invalid_notation", "hand"),
        ({"hand": ""}, "invalid_notation", "hand"),
        ({"win": ""}, "invalid_notation", "win"),
        ({"win": "7p7p"}, "invalid_notation", "win"),
        ({"win": "8z"}, "invalid_notation", "win"),
        ({"dora": "1q"}, "invalid_notation", "dora"),
        ({"dora": "[1-23m]"}, "invalid_notation", "dora"),
        ({"hand": "2222m234m456p55s68p"}, "invalid_tiles", "hand"),
        ({"hand": "234m234m456p55s68p", "dora": "4m4m4m"}, "invalid_tiles", "dora"),
        ({"hand": "234m234m406p00s68p"}, "invalid_tiles", "hand"),
        ({"hand": "234m234m456p55s6p"}, "invalid_tiles", "hand"),
        ({"hand": "234m234m456p55s688p"}, "invalid_tiles", "hand"),
        ({"hand": "234m234m456p55s69p"}, "not_winning", "hand"),
        ({"riichi": False, "hand": "234m234m456p55s68p"}, None, None),
        ({"hand": "234m456p55s68p[2-34m]"}, "invalid_situation", "riichi"),
        (
            {"double_riichi": True, "riichi": False, "hand": "234m456p55s68p[2-34m]"},
            "invalid_situation",
            "double_riichi",
        ),
        ({"ippatsu": True, "riichi": False}, "invalid_situation", "ippatsu"),
        ({"chankan": True}, "invalid_situation", "chankan"),
        ({"rinshan": True}, "invalid_situation", "rinshan"),
        ({"rinshan": True, "tsumo": False}, "invalid_situation", "rinshan"),
        ({"haitei": True, "tsumo": False}, "invalid_situation", "haitei"),
        ({"houtei": True}, "invalid_situation", "houtei"),
        ({"tenhou": True, "riichi": False, "seat": "2z"}, "invalid_situation", "tenhou"),
        ({"tenhou": True, "riichi": False, "tsumo": False}, "invalid_situation", "tenhou"),
        ({"chiihou": True, "riichi": False}, "invalid_situation", "chiihou"),
        ({"seat": "5z"}, "invalid_situation", "seat"),
        ({"round": "East"}, "invalid_situation", "round"),
        ({"tsumo": "maybe"}, "invalid_situation", "tsumo"),
        ({"honba": -1}, "invalid_situation", "honba"),
        ({"sticks": "many"}, "invalid_situation", "sticks"),
        ({"rules": "mleague2"}, "invalid_rules", "rules"),
        ({"rules": {"preset": "tenhou", "kiriage": "maybe"}}, "invalid_rules", "rules"),
        ({"rules": {"preset": "tenhou", "double_wind_fu": 3}}, "invalid_rules", "rules"),
        ({"rules": {"unknown_switch": True}}, "invalid_rules", "rules"),
        ({"rules": 7}, "invalid_rules", "rules"),
        ({"wareme": "2z"}, "invalid_situation", "wareme"),
    ],
)
def test_errors(changes, code, field):
    result = score_request({**BASE, **changes})
    if code is None:
        assert result["ok"], result
        return
    assert result["ok"] is False
    error = result["error"]
    assert error["code"] == code
    assert error["field"] == field
    assert len(error["message"]) > 10


def test_no_yaku_is_its_own_error():
    error = error_of(riichi=False, tsumo=False, hand="123m456p789s55s24p", win="3p", dora="6p")
    assert error["code"] == "no_yaku"


def test_fifth_tile_message_names_the_tile():
    error = error_of(hand="333m234m456p55s68p", win="3m")
    assert error["code"] == "invalid_tiles"
    assert "fifth 3m" in error["message"]


def test_missing_tiles_are_counted_in_the_message():
    error = error_of(hand="234m234m456p55s")
    assert "2 more tiles needed" in error["message"]


def test_not_a_mapping():
    assert score_request([1, 2])["error"]["code"] == "invalid_notation"  # type: ignore[arg-type]


def test_query_string_booleans():
    for true in ("1", "true", "on", "True"):
        assert score_request({**BASE, "tsumo": true})["ok"]
    result = score_request({**BASE, "tsumo": "0", "riichi": "on"})
    assert result["payments"]["ron"] == 7700  # dealer 40 fu 3 han


@pytest.mark.parametrize("code", ["²m", "٣p", "５s", "①z"])
def test_a_non_ascii_digit_names_no_tile(code):
    """str.isdigit() accepts these; a tile code is an ASCII digit and a suit letter."""
    from scorer.engine.tiles import is_valid_code

    assert not is_valid_code(code)
