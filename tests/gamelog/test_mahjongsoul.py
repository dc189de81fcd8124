"""Mahjong Soul games written as tenhou.net/6 JSON by the public converters (issue 30 item 12):
read with Mahjong Soul's yaku names (Japanese or English), scored under the ``mahjongsoul`` /
``mahjongsoul_sanma`` presets (a 13-sided kokushi is a double yakuman there), the room, date and
final +/- read from the header; what cannot be read is named for what it is."""

from __future__ import annotations

import json

import pytest

from scorer.engine.rules import ALL_PRESETS
from scorer.gamelog import RecordError, read_record
from scorer.gamelog.check import check_game
from tests.gamelog import mahjongsoul_records as mjs


@pytest.mark.parametrize("english", [False, True])
def test_a_four_player_game_reads_and_agrees_under_mahjong_souls_rules(english: bool):
    game = read_record(mjs.encode(mjs.four_player(english)))
    assert game.rules.platform == "mahjongsoul"
    assert (game.rules.players, game.rules.room, game.rules.open_tanyao) == (4, "jade", True)
    assert game.rules.hanchan
    assert game.players == ("Aki", "Bea", "Cho", "Dan")
    assert game.log_id == mjs.UUID
    assert game.played == "2023-08-12"
    assert game.final_scores == (23700, -37700, 25000, 89000)
    assert game.final_points == (-11.3, -77.7, 5.0, 84.0)
    first, second = check_game(game)
    assert first.win.request["rules"] == "mahjongsoul"
    assert first.win.recorded.yaku == (("round_wind", 1),)
    assert (first.win.recorded.fu, first.win.recorded.han) == (40, 1)
    assert first.differences == ()
    # Tenhou counts a 13-sided kokushi once; Mahjong Soul twice.
    assert second.win.recorded.yakuman == ("kokushi_13",)
    assert second.result["payments"]["ron"] == 64000
    assert second.differences == ()
    assert game.hands[-1].scores_after == (23700, -37700, 25000, 89000)


def test_the_same_game_under_tenhous_rules_would_disagree():
    """The preset is what makes the double yakuman agree: Tenhou's rules pay 32,000."""
    data = mjs.four_player()
    data["rule"]["disp"] = "般南喰赤"
    data["ref"] = ""
    for word in ("役牌:場風牌(1飜)", "国士無双十三面待ち(役満)"):
        assert word in json.dumps(data, ensure_ascii=False)
    game = read_record(mjs.encode(data))
    # Mahjong Soul's own words still tell the game apart.
    assert game.rules.platform == "mahjongsoul"
    assert all(c.agrees for c in check_game(game))
    tenhou = read_record(
        mjs.encode(data)
        .replace("役牌:場風牌".encode(), "場風 東".encode())
        .replace("国士無双十三面待ち".encode(), "国士無双１３面".encode())
    )
    assert tenhou.rules.platform == "tenhou"
    _first, second = check_game(tenhou)
    assert second.win.request["rules"] == "tenhou"
    assert any(d.startswith("points") for d in second.differences)


@pytest.mark.parametrize("english", [False, True])
def test_a_three_player_game(english: bool):
    game = read_record(mjs.encode(mjs.three_player(english)))
    assert game.rules.players == 3
    assert game.rules.platform == "mahjongsoul"
    assert game.players == ("Aki", "Bea", "Cho")
    [checked] = check_game(game)
    assert checked.win.request["rules"] == "mahjongsoul_sanma"
    assert checked.win.request["nuki"] == 1
    assert ("nuki_dora", 1) in checked.win.recorded.yaku
    assert checked.differences == ()
    assert checked.win.recorded.deltas == (12000, -6000, -6000)
    assert game.final_points == (52.0, -11.0, -41.0)
    assert game.played.startswith("2023-09-01")


def test_the_presets_are_there():
    assert ALL_PRESETS["mahjongsoul"].double_yakuman
    assert ALL_PRESETS["mahjongsoul_sanma"].players == 3


def test_a_local_yaku_is_refused_by_name():
    data = mjs.four_player()
    data["log"][1][16][2][4] = "八連荘(役満)"
    with pytest.raises(RecordError) as info:
        read_record(mjs.encode(data))
    assert (info.value.kind, info.value.name, info.value.hand) == ("unknown_yaku", "八連荘", 2)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (b'{"head": {"uuid": "230812-x"}, "data": "CgdyZWNvcmQ="}', "mahjongsoul_raw"),
        (b'{"type":"start_game","names":["a","b","c","d"]}\n{"type":"end_game"}', "mjai"),
        (b"https://game.mahjongsoul.com/?paipu=230812-0a0b6d3e-6f45_a123", "mahjongsoul_link"),
        (b"https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1", "tenhou_link"),
    ],
)
def test_what_cannot_be_read_is_named(text: bytes, kind: str):
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.kind == kind


def test_the_viewers_link_carries_the_record():
    """https://tenhou.net/6/#json=... (what converters and reviewers hand out) reads as the JSON,
    plain or percent-encoded."""
    from urllib.parse import quote

    body = json.dumps(mjs.four_player(), ensure_ascii=False)
    for link in (f"https://tenhou.net/6/#json={body}", f"https://tenhou.net/6/#json={quote(body)}"):
        game = read_record(link.encode())
        assert game.log_id == mjs.UUID
