"""Acceptance 5: each rule switch shown changing a result."""

from __future__ import annotations

import pytest

from scorer.engine import score_request


def scored(request, **switches):
    rules = {"preset": request.pop("preset", "tenhou"), **switches}
    result = score_request({**request, "rules": rules})
    assert result["ok"], result
    return result


# 30 fu 4 han non-dealer ron: riichi pinfu dora ura.
KIRIAGE_HAND = {
    "hand": "234m567p23s44z678s",
    "win": "4s",
    "seat": "2z",
    "riichi": True,
    "dora": "1s",
    "ura": "5p",
}


def test_kiriage_30fu_4han_becomes_mangan():
    assert scored(dict(KIRIAGE_HAND))["payments"]["ron"] == 7700
    result = scored(dict(KIRIAGE_HAND), kiriage=True)
    assert (result["payments"]["ron"], result["limit"]) == (8000, "mangan")


THIRTEEN_HAN = {
    "hand": "3333455567777m",
    "win": "0m",
    "tsumo": True,
    "riichi": True,
    "ippatsu": True,
    "haitei": True,
    "dora": "2m",
}


def test_kazoe_off_caps_at_sanbaiman():
    assert scored(dict(THIRTEEN_HAN))["limit"] == "kazoe_yakuman"
    result = scored(dict(THIRTEEN_HAN), kazoe=False)
    assert (result["limit"], result["payments"]["tsumo_others"]) == ("sanbaiman", 12000)


def test_double_wind_pair_2_vs_4():
    hand = {"hand": "11z222m333p456s78s", "win": "9s", "riichi": True}
    assert scored(dict(hand))["fu"] == 50
    assert scored(dict(hand), double_wind_fu=2)["fu"] == 40


def test_kansai_chiitoitsu_50fu_1han_changes_the_limit():
    hand = {
        "hand": "223344m77p99s55z7z",
        "win": "7z",
        "tsumo": True,
        "riichi": True,
        "dora": "1m",
        "seat": "2z",
    }
    standard = scored(dict(hand))
    assert (standard["fu"], standard["han"], standard["limit"]) == (25, 6, "haneman")
    kansai = scored(dict(hand), chiitoitsu_fu=50)
    assert (kansai["fu"], kansai["han"], kansai["limit"]) == (50, 5, "mangan")


def test_honba_1500():
    hand = {**KIRIAGE_HAND, "honba": 2}
    assert scored(dict(hand))["payments"]["ron"] == 7700 + 600
    assert scored(dict(hand), honba_points=1500)["payments"]["ron"] == 7700 + 3000
    tsumo = {**KIRIAGE_HAND, "tsumo": True, "honba": 1}
    result = scored(tsumo, honba_points=1500)
    assert (
        result["payments"]["tsumo_others"] - 500
        == scored({**KIRIAGE_HAND, "tsumo": True})["payments"]["tsumo_others"]
    )


def test_wareme_doubles_the_wareme_seat():
    plain = scored(dict(KIRIAGE_HAND), wareme=True)
    assert plain["payments"]["ron"] == 7700
    winner = scored({**KIRIAGE_HAND, "wareme": "2z"}, wareme=True)
    assert winner["payments"]["ron"] == 15400
    payer = scored({**KIRIAGE_HAND, "wareme": "3z", "discarder": "3z"}, wareme=True)
    assert payer["payments"]["ron"] == 15400
    tsumo = scored({**KIRIAGE_HAND, "tsumo": True, "wareme": "1z"}, wareme=True)
    ordinary = scored({**KIRIAGE_HAND, "tsumo": True})
    assert tsumo["payments"]["tsumo_dealer"] == 2 * ordinary["payments"]["tsumo_dealer"]


def test_ten_han_sanbaiman():
    hand = {"hand": "223344m556677m9m", "win": "9m", "riichi": True, "dora": "4z"}
    assert scored(dict(hand))["limit"] == "baiman"
    assert scored(dict(hand))["han"] == 10
    assert scored(dict(hand), sanbaiman_from_10=True)["limit"] == "sanbaiman"


def test_double_yakuman_patterns():
    hand = {"hand": "111m222p333s444z5z", "win": "5z", "tsumo": True}
    assert scored(dict(hand))["yakuman"] == 1
    doubled = scored(dict(hand), double_yakuman=True)
    assert doubled["yakuman"] == 2
    assert doubled["payments"]["total"] == 96000


def test_yakuman_stacking():
    # Daisangen + tsuuiisou (ron on the shanpon, so no suuankou).
    hand = {"hand": "555z666z777z11z22z", "win": "2z", "tsumo": False, "seat": "3z"}
    assert scored(dict(hand))["yakuman"] == 2
    single = scored(dict(hand), yakuman_stacking=False)
    assert single["yakuman"] == 1


def test_open_pinfu_30_off():
    hand = {"hand": "234m567p44s78s[2-34p]", "win": "6s"}
    assert scored(dict(hand))["fu"] == 30
    assert scored(dict(hand), open_pinfu_30=False)["fu"] == 20


def test_pinfu_tsumo_off():
    hand = {"hand": "234m567p23s44z678s", "win": "4s", "tsumo": True, "riichi": True, "seat": "2z"}
    assert scored(dict(hand))["fu"] == 20
    off = scored(dict(hand), pinfu_tsumo=False)
    assert off["fu"] == 30
    assert "pinfu" not in {y["id"] for y in off["yaku"]}


def test_red_fives_off():
    hand = {"hand": "234m406p23s44z678s", "win": "4s", "riichi": True, "seat": "2z"}
    assert "aka_dora" in {y["id"] for y in scored(dict(hand))["yaku"]}
    assert "aka_dora" not in {y["id"] for y in scored(dict(hand), red_fives=0)["yaku"]}


def test_open_tanyao_off():
    hand = {"hand": "234m567p44s78s[2-34p]", "win": "6s"}
    assert scored(dict(hand))["han"] == 1
    result = score_request({**hand, "rules": {"preset": "tenhou", "open_tanyao": False}})
    assert result["error"]["code"] == "no_yaku"


def test_presets_are_all_scorable():
    for preset in ("tenhou", "mahjongsoul", "mleague", "wrc", "ema", "classic", "aotenjou"):
        result = score_request({**KIRIAGE_HAND, "rules": preset})
        assert result["ok"], preset


def test_rule_specs_are_resolved_once_but_still_checked_by_type():
    from scorer.engine.rules import RulesError, resolve_rules

    first = resolve_rules({"preset": "tenhou", "kiriage": True})
    assert resolve_rules({"preset": "tenhou", "kiriage": True}) is first
    assert resolve_rules({"honba_points": 300}).honba_points == 300
    assert resolve_rules({"kiriage": 1}).kiriage is True
    # Equal to cached keys (300 == 300.0, 1 == 1.0) but not valid values.
    for spec in ({"honba_points": 300.0}, {"kiriage": 1.0}, {"kiriage": [1]}):
        with pytest.raises(RulesError):
            resolve_rules(spec)
