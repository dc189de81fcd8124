"""Three-player Tenhou records. The record set holds none, so these are small records written
here in Tenhou's format (GO type 185: three players, red fives, south game; an empty fourth seat;
a north set aside is a call ``m = tile << 8 | 0x20``, and the winner's norths come back in the
AGARI's ``m``). They check the reader, not Tenhou's figures: the recorded results are the ones
the rules give (a dealer's haneman tsumo with tsumo loss is 6,000 from each of two players)."""

from __future__ import annotations

import html
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.gamelog import RecordError, read_record
from scorer.gamelog.check import check_game

HEAD = (
    '<mjloggm ver="2.3"><GO type="185" lobby="0"/>'
    '<UN n0="A" n1="B" n2="C" n3="" dan="0,0,0,0" rate="1500,1500,1500,0" sx="M,M,M,C"/>'
    '<TAIKYOKU oya="0"/>'
)
# Tiles 4k..4k+3 are kind k: 1p = 36, 1s = 72, North = 120-123; 0 and 32 are 1m and 9m (the
# three-player wall has no 2m-8m). Indicator 1 (1m) makes 9m the dora: nobody holds one.
OTHERS = (
    'hai1="0,2,32,33,34,108,109,110,112,113,114,124,121" '
    'hai2="3,35,116,117,118,125,126,128,129,130,132,133,134" hai3=""'
)


def kita_then_rinshan_tsumo(yaku: str = "0,1,4,1,7,1,24,2,52,1") -> bytes:
    """The dealer sets a north aside, draws the replacement tile and wins on it: menzen tsumo,
    rinshan, pinfu, ittsu and the north (1 han), 6 han: a haneman, 6,000 from each."""
    return (
        HEAD + '<INIT seed="0,0,0,2,3,1" ten="350,350,350,0" oya="0" '
        f'hai0="36,40,44,48,53,56,60,64,68,76,80,89,120" {OTHERS}/>'
        '<T90/><N who="0" m="30752"/><T84/>'
        '<AGARI ba="0,0" hai="36,40,44,48,53,56,60,64,68,76,80,84,89,90" machi="84" m="30752" '
        f'ten="20,12000,2" yaku="{yaku}" doraHai="1" who="0" fromWho="0" '
        'sc="350,120,350,-60,350,-60,0,0" owari="470,67.0,290,-11.0,290,-56.0,0,0.0"/>'
        "</mjloggm>"
    ).encode()


def ron_on_a_north_set_aside() -> bytes:
    """The dealer waits on 5s or North; South sets a north aside and the dealer wins on it
    (ittsu, 40 fu: 3,900)."""
    return (
        HEAD + '<INIT seed="0,0,0,2,3,1" ten="350,350,350,0" oya="0" '
        f'hai0="36,40,44,48,53,56,60,64,68,89,90,120,122" {OTHERS}/>'
        '<T72/><D72/><U92/><N who="1" m="31008"/>'
        '<AGARI ba="0,0" hai="36,40,44,48,53,56,60,64,68,89,90,120,121,122" machi="121" '
        'ten="40,3900,0" yaku="24,2" doraHai="1" who="0" fromWho="1" '
        'sc="350,39,350,-39,350,0,0,0" owari="389,58.9,311,-8.9,350,-50.0,0,0.0"/>'
        "</mjloggm>"
    ).encode()


def test_a_north_set_aside_is_nuki_not_a_meld():
    game = read_record(kita_then_rinshan_tsumo())
    assert game.rules.players == 3
    assert game.players == ("A", "B", "C")
    win = game.hands[0].wins[0]
    assert win.request["hand"] == "123456789p2355s"  # no meld made of the north
    assert win.request["nuki"] == 1
    assert win.request["rinshan"] is True
    assert win.request["rules"] == "tenhou_sanma"
    assert win.recorded.deltas == (12000, -6000, -6000)
    [checked] = check_game(game)
    assert checked.differences == ()
    yaku = {y["id"]: y["han"] for y in checked.result["yaku"]}
    assert yaku["nuki_dora"] == 1
    assert yaku["rinshan"] == 1
    assert game.hands[0].scores_after == (47000, 29000, 29000)


@pytest.mark.parametrize("yaku", ["0,1,4,1,7,1,24,2", "0,1,4,1,7,1,24,2,52,2"])
def test_a_record_that_disagrees_on_the_norths_is_shown(yaku: str):
    """The norths counted with the dora agree; one han fewer or more is a difference."""
    [checked] = check_game(read_record(kita_then_rinshan_tsumo(yaku)))
    assert any(d.startswith("yaku") for d in checked.differences)


def test_a_ron_on_a_north_set_aside():
    game = read_record(ron_on_a_north_set_aside())
    win = game.hands[0].wins[0]
    assert (win.who, win.from_who, win.tsumo) == (0, 1, False)
    assert win.request["chankan"] is False
    assert win.request["discarder"] == "2z"
    [checked] = check_game(game)
    assert checked.differences == ()
    assert checked.result["fu"] == 40
    assert checked.result["payments"]["ron"] == 3900


def tenhou6(hand: list[object]) -> bytes:
    """One hand as tenhou.net/6 JSON, three players: the fourth seat's parts are empty, a north
    set aside is ``"f44"`` among the discards, and the norths count with ドラ."""
    return json.dumps(
        {"name": ["A", "B", "C", ""], "rule": {"disp": "三般南喰赤", "aka": 1}, "log": [hand]},
        ensure_ascii=False,
    ).encode()


HEAD6 = [[0, 0, 0], [35000, 35000, 35000, 0], [11], []]
SEAT1 = [[11, 11, 19, 19, 19, 41, 41, 41, 42, 42, 42, 45, 44]]
SEAT2 = [[11, 19, 43, 43, 43, 45, 45, 46, 46, 46, 47, 47, 47], [], []]
TSUMO_YAKU = ["門前清自摸和(1飜)", "嶺上開花(1飜)", "平和(1飜)", "一気通貫(2飜)", "ドラ(1飜)"]
KITA_TSUMO_6 = tenhou6(
    [
        *HEAD6,
        [21, 22, 23, 24, 25, 26, 27, 28, 29, 32, 33, 35, 44],
        [35, 34],
        ["f44"],
        *SEAT1,
        [],
        [],
        *SEAT2,
        [],
        [],
        [],
        [
            "和了",
            [12000, -6000, -6000, 0],
            [0, 0, 0, "跳満6000点∀", *TSUMO_YAKU],
        ],
    ]
)
RON_ON_KITA_6 = tenhou6(
    [
        *HEAD6,
        [21, 22, 23, 24, 25, 26, 27, 28, 29, 35, 35, 44, 44],
        [31],
        [60],
        *SEAT1,
        [36],
        ["f44"],
        *SEAT2,
        [],
        [],
        [],
        ["和了", [3900, -3900, 0, 0], [0, 1, 0, "40符2飜3900点", "一気通貫(2飜)"]],
    ]
)


@pytest.mark.parametrize(
    ("as_json", "as_mjlog"),
    [(KITA_TSUMO_6, kita_then_rinshan_tsumo()), (RON_ON_KITA_6, ron_on_a_north_set_aside())],
)
def test_the_same_hands_as_tenhou6_json(as_json: bytes, as_mjlog: bytes):
    """The viewer's JSON of the same hands reads to the same requests and agrees too; without
    三 in the rule name the empty fourth seat says three players."""
    for data in (as_json, as_json.replace("三般南喰赤".encode(), "般南喰赤".encode())):
        game = read_record(data)
        assert game.rules.players == 3
        assert game.players == ("A", "B", "C")
        [checked] = check_game(game)
        assert checked.differences == ()
        [expected] = read_record(as_mjlog).hands[0].wins
        assert checked.win.request == expected.request
        assert checked.win.recorded.deltas == expected.recorded.deltas


@pytest.mark.django_db
def test_the_api_and_the_review_page_read_a_three_player_game(client):
    response = client.post(
        "/api/games", data=kita_then_rinshan_tsumo(), content_type="application/xml"
    )
    assert response.status_code == 200
    data = response.json()
    assert data["summary"] == {"hands": 1, "wins": 1, "agree": 1}
    assert len(data["players"]) == 3
    page = client.post("/tutor/review/import", {"record": kita_then_rinshan_tsumo().decode()})
    assert page.status_code == 302
    game = client.get(page["Location"])
    assert game.status_code == 200
    body = game.content.decode()
    assert "12,000" in body
    # The situation as it was: the north set aside, and the replacement draw named for a kita.
    assert "1 north set aside (nuki dora)" in body
    assert "Rinshan (after a kan or a kita)" in body
    explain = re.search(r'href="(/tutor/explain\?[^"]*)"', body)
    assert explain
    assert "nuki=1" in explain.group(1)
    assert client.get(page["Location"] + "quiz/1/").status_code == 200
    walkthrough = client.get(html.unescape(explain.group(1)))
    assert walkthrough.status_code == 200
    assert "12,000" in walkthrough.content.decode()


@settings(max_examples=200)
@given(
    st.sampled_from(
        [kita_then_rinshan_tsumo(), ron_on_a_north_set_aside(), KITA_TSUMO_6, RON_ON_KITA_6]
    ),
    st.integers(0, 1200),
    st.integers(0, 40),
    st.text(max_size=8),
)
def test_edits_of_a_three_player_record_read_or_are_refused(
    record: bytes, at: int, cut: int, insert: str
):
    """Cut and splice a three-player record anywhere: it reads (three players scored, each win
    scored or refused by the engine with its error), or fails with a RecordError."""
    text = record.decode()
    text = text[:at] + insert + text[at + cut :]
    try:
        game = read_record(text.encode())
    except RecordError as exc:
        message = str(exc)
        assert message
        return
    assert all(len(h.scores_after) == game.rules.players for h in game.hands)
    for checked in check_game(game):
        assert checked.result["ok"] or checked.differences
