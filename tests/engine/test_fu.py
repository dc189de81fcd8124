"""Fu (RULES.md §2): every item, the exceptions, rounding and the highest-scoring reading."""

from __future__ import annotations

import pytest

from scorer.engine import score_request


def fu_of(result):
    return {item["id"]: item["fu"] for item in result["fu_items"]}


def score(**request):
    result = score_request(request)
    assert result["ok"], result
    return result


def test_pinfu_tsumo_is_20_and_pinfu_ron_is_30():
    tsumo = score(hand="234m567p23s44z678s", win="4s", tsumo=True, seat="2z")
    assert tsumo["fu"] == 20
    assert "pinfu_tsumo" in fu_of(tsumo)
    ron = score(hand="234m567p23s44z678s", win="4s", riichi=True, seat="2z")
    assert (ron["fu"], fu_of(ron)["closed_ron"]) == (30, 10)


def test_chiitoitsu_is_25_and_never_rounded():
    result = score(hand="223344m77p99s55z7z", win="7z", tsumo=True)
    assert result["fu"] == 25
    assert result["fu_items"] == [
        {"id": "chiitoitsu", "fu": 25, "tiles": result["fu_items"][0]["tiles"]}
    ]


def test_open_pinfu_shape_is_bumped_to_30():
    result = score(hand="234m567p44s78s[2-34p]", win="6s", tsumo=False)
    assert result["fu"] == 30
    assert fu_of(result) == {"base": 20, "open_pinfu": 10}


def test_ron_completed_triplet_counts_as_open():
    # 55m + 77p shanpon, won on 7p by ron: the 7p triplet is open (2 fu), not closed (4).
    result = score(hand="123m456s789s55m77p", win="7p", riichi=True)
    items = {i["id"]: i for i in result["fu_items"]}
    assert items["open_simple_triplet"]["fu"] == 2
    assert result["fu"] == 40  # 20 + 10 + 2 = 32 -> 40


def test_tsumo_completed_triplet_stays_closed():
    result = score(hand="123m456s789s55m77p", win="7p", tsumo=True, riichi=True)
    assert "closed_simple_triplet" in fu_of(result)


def test_every_meld_kind():
    result = score(hand="5p[1-23m](1111z){9=999^s}[2=22p]", win="5p", tsumo=True, seat="2z")
    items = fu_of(result)
    assert items["closed_terminal_kan"] == 32  # East closed kan
    assert items["open_terminal_kan"] == 16  # added kan of 9s
    assert items["open_simple_triplet"] == 2
    assert items["wait_tanki"] == 2


def test_double_wind_pair_is_4_fu_by_default_and_2_by_rule():
    request = {"hand": "11z222m333p456s78s", "win": "9s", "riichi": True}
    assert score(**request)["fu"] == 50  # 20+10+4+4+4 = 42 -> 50
    two = score_request({**request, "rules": {"preset": "tenhou", "double_wind_fu": 2}})
    assert two["fu"] == 40  # 20+10+2+4+4 = 40


def test_rounding_up_in_the_trace_and_24_to_30_is_not_tenpane():
    # Seed 000's basic example: 20 + 2 + 2 = 24 -> 30. Rounded up, but 30 is what a closed
    # tsumo is anyway (seed 002's "30+α"): the seeds call only a push past that テンパネ.
    result = score(hand="234m234m456p55s68p", win="7p", tsumo=True, riichi=True)
    total = next(s for s in result["steps"] if s["step"] == "fu_total")
    assert (total["raw"], total["fu"], total["rounded_up"], total["tenpane"]) == (
        24,
        30,
        True,
        False,
    )
    assert sum(i["fu"] for i in result["fu_items"]) == 24
    assert "tenpane" not in total["text"]


@pytest.mark.parametrize(
    ("request_", "raw", "fu"),
    [
        # seed 001: open tsumo, concealed hatsu triplet, tanki: 20 + 2 + 8 + 2 = 32 -> 40
        ({"hand": "456m666z9p[1-23m][7-89m]", "win": "9p", "tsumo": True, "seat": "2z"}, 32, 40),
        # a closed ron past its usual 40: 20 + 10 + 8 + 2 + 2 = 42 -> 50 (seed 000's 42 -> 50)
        ({"hand": "111m456p789s22z46s", "win": "5s", "riichi": True, "seat": "2z"}, 42, 50),
    ],
)
def test_tenpane_is_the_2_fu_items_pushing_past_the_usual_30_or_40(request_, raw, fu):
    total = next(s for s in score(**request_)["steps"] if s["step"] == "fu_total")
    assert (total["raw"], total["fu"], total["tenpane"]) == (raw, fu, True)
    assert "tenpane" in total["text"]


def test_a_closed_ron_at_40_is_not_tenpane():
    # 20 + 10 + 2 (tanki) = 32 -> 40: the usual 40 of a closed ron, so no tenpane.
    result = score(hand="123m456p345s789s4z", win="4z", riichi=True, seat="2z")
    total = next(s for s in result["steps"] if s["step"] == "fu_total")
    assert (total["raw"], total["fu"], total["tenpane"]) == (32, 40, False)


def test_highest_scoring_wait_reading():
    # 4566m won on 6m (RULES.md §2): 45m+66m ryanmen (pinfu, 30 fu 2 han = 2000) beats
    # 456m + tanki 6m (40 fu 1 han = 1300); the tanki reading is listed as the alternative.
    result = score(hand="123p456s789s4566m", win="6m", riichi=True, seat="2z")
    wait = next(s for s in result["steps"] if s["step"] == "wait")
    assert (wait["wait"], result["fu"], result["payments"]["ron"]) == ("ryanmen", 30, 2000)
    alternatives = next(s for s in result["steps"] if s["step"] == "reading")["alternatives"]
    assert {(a["wait"], a["fu"], a["total"]) for a in alternatives} == {("tanki", 40, 1300)}


def test_highest_scoring_prefers_the_fu_when_it_pays():
    # Open 4566m, tsumo: ryanmen is 20+2+4+2+2 = 30 fu, tanki 32 -> 40 fu: tanki wins.
    result = score(hand="4566m[7=77z][6=66s][2=22p]", win="6m", tsumo=True, seat="2z")
    wait = next(s for s in result["steps"] if s["step"] == "wait")
    assert (wait["wait"], result["fu"]) == ("tanki", 40)


def test_highest_scoring_decomposition():
    # 111222333m: three triplets (sanankou) beat three identical sequences here.
    result = score(hand="111222333m456p7z", win="7z", tsumo=True)
    ids = {y["id"] for y in result["yaku"]}
    assert "sanankou" in ids
    alternatives = next(s for s in result["steps"] if s["step"] == "reading")["alternatives"]
    assert alternatives, "the other reading is shown with its value"


def test_nobetan_reads_as_tanki():
    result = score(hand="1234m567p234s999s", win="1m", riichi=True)
    assert "wait_tanki" in fu_of(result) or result["fu"] == 40


def test_rounding_by_a_four_fu_set_is_not_tenpane():
    # 20 + 10 + 8 (closed 111m) = 38 -> 40: rounded up, but no 2-fu item did it.
    result = score(hand="111m456p789s22z45s", win="6s", riichi=True)
    total = next(s for s in result["steps"] if s["step"] == "fu_total")
    assert (total["raw"], total["fu"], total["rounded_up"], total["tenpane"]) == (
        38,
        40,
        True,
        False,
    )
