"""Robbed kans, in both formats (issue 30 items 1 and 2): a kan that is robbed never stands, so it
breaks nobody's ippatsu (Tenhou scores the robber's ippatsu), and kokushi may rob a closed kan in
a four-player game as in a three-player one. Each record is written here in Tenhou's format
(tests/gamelog/mjlog_builder.py) and converted to the tenhou.net/6 JSON the way Tenhou's viewer
writes it: both must read to the same request and agree with what Tenhou recorded."""

from __future__ import annotations

import json

import pytest

from scorer.gamelog import read_mjlog, read_record
from scorer.gamelog.check import check_game
from scorer.gamelog.tiles import decode_call
from tests.gamelog import mjlog_builder as mb
from tests.gamelog.tenhou6_from_mjlog import convert


def ippatsu_turn(robbed: bool = True) -> bytes:
    """The dealer declares riichi waiting on 1p-4p; South and West discard; North, who ponned 4p
    earlier, draws the fourth 4p and adds it to the pon. Robbed: the dealer wins on it; Tenhou
    scores riichi, ippatsu, chankan, pinfu, ittsu (6 han), a dealer's haneman, 18,000. Not
    robbed: the kan stands (North draws its replacement) and the dealer's tsumo on 1p is riichi,
    menzen tsumo, pinfu and ittsu without ippatsu (5 han), 4,000 from each."""
    r = mb.Record()
    dealer = r.tiles("123456789m23p55s")
    south = r.tiles("4p123789s11233z5z")
    west = r.tiles("16789p468s2446z5z")
    north_pair = r.tiles("44p")
    north = north_pair + r.tiles("16789p234678s")
    dora, ura = r.tile("1z"), r.tile("4z")
    r.init([dealer, south, west, north], dora)
    r.turn(0, "7z")
    r.draw(1, r.tile("2z"))
    called = r.discard(1, south[0])  # 4p
    pon_m = mb.pon([*north_pair, called], called, 2)  # from South: across
    r.call(3, pon_m)
    r.discard(3, north[5])  # 9p
    r.draw(0, r.tile("6z"))
    r.riichi(0, r.last, ten="240,250,250,250")
    r.turn(1, "7z")
    r.turn(2, "3z")
    fourth = r.draw(3, r.tile("4p"))
    r.call(3, mb.added_kan(pon_m))
    if robbed:
        hai = ",".join(map(str, [*dealer, fourth]))
        r.raw(
            f'<AGARI ba="0,1" hai="{hai}" machi="{fourth}" ten="30,18000,2" '
            f'yaku="1,1,2,1,3,1,7,1,24,2,52,0,53,0" doraHai="{dora}" doraHaiUra="{ura}" '
            'who="0" fromWho="3" sc="240,190,250,0,250,0,250,-180" '
            'owari="430,63.0,250,5.0,250,-15.0,70,-53.0"/>'
        )
        return r.bytes()
    r.turn(3, "8m")  # the replacement tile: the kan stands
    kan_dora = r.tile("2z")
    r.dora(kan_dora)
    win = r.draw(0, r.tile("1p"))
    hai = ",".join(map(str, [*dealer, win]))
    r.raw(
        f'<AGARI ba="0,1" hai="{hai}" machi="{win}" ten="20,12000,1" '
        f'yaku="0,1,1,1,7,1,24,2,52,0,53,0" doraHai="{dora},{kan_dora}" '
        f'doraHaiUra="{ura}" who="0" fromWho="0" sc="240,130,250,-40,250,-40,250,-40"/>'
    )
    return r.bytes()


KOKUSHI = "9m19p19s1234567z7z"


def kokushi_robs_a_closed_kan(players: int) -> bytes:
    """The dealer waits on 1m with kokushi; South draws the fourth 1m and declares a closed kan;
    the dealer robs it: a dealer's yakuman, 48,000. Three players: South first sets a north
    aside and draws its replacement (the last thing South gave before the kan)."""
    r = mb.Record(go=185 if players == 3 else 169, names=("A", "B", "C", "D")[:players])
    dealer = r.tiles(KOKUSHI)
    south = r.tiles("111m4z23456p2346s")
    west = r.tiles("7p8p2p3p4p6p7s8s2s3s6z5z5z")
    hands = [dealer, south, west]
    if players == 4:
        hands.append(r.tiles("1s2s3s4s5s6s7s8s9s1z1z2z2z"))
    dora = r.tile("2s")
    ten = (350, 350, 350, 0) if players == 3 else (250, 250, 250, 250)
    r.init(hands, dora, ten=ten)
    r.turn(0, "8p")
    r.draw(1, r.tile("9s"))
    if players == 3:
        r.call(1, mb.kita(south[3]))
        r.draw(1, r.tile("1m"))
    else:
        r.discard(1, south[5])  # 3p
        r.turn(2, "8s")
        r.turn(3, "9p")
        r.turn(0, "8p")
        r.draw(1, r.tile("1m"))
    fourth = r.last
    r.call(1, mb.closed_kan(fourth))
    hai = ",".join(map(str, [*dealer, fourth]))
    start = ten[0]
    sc = f"{start},480,{start},-480,{start},0,{ten[3]},0"
    r.raw(
        f'<AGARI ba="0,0" hai="{hai}" machi="{fourth}" ten="30,48000,5" yakuman="47" '
        f'doraHai="{dora}" who="0" fromWho="1" sc="{sc}"/>'
    )
    return r.bytes()


def as_json(record: bytes) -> bytes:
    return json.dumps(convert(record.decode()), ensure_ascii=False).encode()


def test_the_builder_packs_calls_as_tenhou_does():
    pon_m = mb.pon([48, 49, 50], 50, 2)
    call = decode_call(pon_m)
    assert (call.kind, call.tiles, call.called, call.source) == ("pon", (48, 49, 50), 50, 2)
    kan = decode_call(mb.added_kan(pon_m))
    assert (kan.kind, kan.added) == ("added_kan", 51)
    assert decode_call(mb.closed_kan(3)).kind == "closed_kan"
    assert decode_call(mb.kita(121)).tiles == (121,)
    chi = decode_call(mb.chi([0, 4, 8], 4))
    assert (chi.kind, chi.tiles, chi.called) == ("chi", (0, 4, 8), 4)


@pytest.mark.parametrize("reader", ["mjlog", "json"])
def test_a_chankan_in_the_ippatsu_turn_keeps_ippatsu(reader: str):
    record = ippatsu_turn()
    game = read_mjlog(record) if reader == "mjlog" else read_record(as_json(record))
    [checked] = check_game(game)
    request = checked.win.request
    assert (request["riichi"], request["ippatsu"], request["chankan"]) == (True, True, True)
    assert checked.differences == ()
    assert checked.result["payments"]["ron"] == 18000


@pytest.mark.parametrize("reader", ["mjlog", "json"])
def test_a_kan_that_stands_breaks_ippatsu(reader: str):
    """The same kan not robbed: its replacement draw breaks the dealer's ippatsu."""
    record = ippatsu_turn(robbed=False)
    game = read_mjlog(record) if reader == "mjlog" else read_record(as_json(record))
    [checked] = check_game(game)
    assert (checked.win.request["riichi"], checked.win.request["ippatsu"]) == (True, False)
    assert checked.differences == ()


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("reader", ["mjlog", "json"])
def test_kokushi_robs_a_closed_kan(players: int, reader: str):
    record = kokushi_robs_a_closed_kan(players)
    game = read_mjlog(record) if reader == "mjlog" else read_record(as_json(record))
    assert game.rules.players == players
    [checked] = check_game(game)
    assert checked.win.request["win"] == "1m"
    assert checked.win.request["chankan"] is False  # Tenhou names no chankan for kokushi
    assert checked.differences == ()
    assert [y["id"] for y in checked.result["yaku"]] == ["kokushi"]


@pytest.mark.parametrize(
    "record",
    [
        ippatsu_turn(),
        ippatsu_turn(robbed=False),
        kokushi_robs_a_closed_kan(4),
        kokushi_robs_a_closed_kan(3),
    ],
)
def test_both_formats_read_to_the_same_request(record: bytes):
    [xml] = read_mjlog(record).hands[0].wins
    [js] = read_record(as_json(record)).hands[0].wins
    assert js.request == xml.request
    assert js.recorded.deltas == xml.recorded.deltas
