"""The play in order (issue 30 item 7): the .mjlog reader records every draw, discard, call, kan,
north set aside and dora indicator as it replays the hand; the JSON reader, whose format keeps
each player's draws and discards apart, puts them back in one order. Over the whole record set
both give the same play, move for move."""

from __future__ import annotations

import json

import pytest

from scorer.gamelog import read_mjlog
from scorer.gamelog.model import Event
from scorer.gamelog.tenhou6 import read_tenhou6
from tests.conftest import LOGS
from tests.gamelog import test_robbed_kans as robbed
from tests.gamelog.tenhou6_from_mjlog import convert

RECORDS = sorted(LOGS.glob("*.mjlog"))


def moves(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.kind != "dora"]


def indicators(events: tuple[Event, ...]) -> list[str]:
    return [e.tile for e in events if e.kind == "dora"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_the_json_play_is_the_mjlog_play(path):
    xml = read_mjlog(path.read_bytes())
    js = read_tenhou6(json.dumps(convert(path.read_text("utf-8"))).encode())
    for a, b in zip(xml.hands, js.hands, strict=True):
        assert a.events, (path.name, a.number)
        assert b.events, (path.name, b.number)
        assert moves(b.events) == moves(a.events), (path.name, a.number)
        # Indicators: the same ones in the same order (Tenhou may show one a move later).
        assert indicators(b.events) == indicators(a.events), (path.name, a.number)
        assert [sorted(d) for d in b.deals] == [sorted(d) for d in a.deals]


def test_the_set_covers_every_kind_of_move():
    kinds = set()
    for path in RECORDS:
        for hand in read_mjlog(path.read_bytes()).hands:
            for event in hand.events:
                kinds.add((event.kind, event.call, event.riichi, event.tsumogiri))
    assert {k[:2] for k in kinds} >= {
        ("draw", ""),
        ("discard", ""),
        ("call", "chi"),
        ("call", "pon"),
        ("call", "open_kan"),
        ("kan", "closed_kan"),
        ("kan", "added_kan"),
        ("dora", ""),
    }
    assert ("discard", "", True, False) in kinds  # a riichi discard
    assert ("discard", "", False, True) in kinds  # tsumogiri


def test_a_hand_in_order():
    """The chankan record: the dealer's riichi discard, the pon from across, the added kan."""
    hand = read_mjlog(robbed.ippatsu_turn()).hands[0]
    events = hand.events
    assert events[0] == Event("dora", tile="1z")
    riichi = next(e for e in events if e.riichi)
    assert (riichi.seat, riichi.tile) == (0, "6z")
    pon = next(e for e in events if e.kind == "call")
    assert (pon.seat, pon.call, pon.source, pon.tile) == (3, "pon", 1, "4p")
    assert pon.meld == "[4=44p]"
    kan = events[-1]
    assert (kan.kind, kan.call, kan.seat, kan.tile, kan.meld) == (
        "kan",
        "added_kan",
        3,
        "4p",
        "{4=444^p}",
    )
    assert len(hand.deals) == 4
    assert all(len(d) == 13 for d in hand.deals)


def test_three_players_kita_in_order():
    record = robbed.kokushi_robs_a_closed_kan(3)
    xml = read_mjlog(record).hands[0]
    js = read_tenhou6(robbed.as_json(record)).hands[0]
    assert [e.kind for e in moves(xml.events)] == ["draw", "discard", "draw", "kita", "draw", "kan"]
    assert moves(js.events) == moves(xml.events)
    assert len(xml.deals) == 3


def test_an_unorderable_json_hand_still_scores_without_a_replay():
    """North's pon says it came from West (the letter first), who never gave a 4p: the draws
    and discards then fit no one order. The hand is still read and scored, with no replay."""
    data = convert(robbed.ippatsu_turn().decode())
    takes = data["log"][0][5 + 3 * 3]
    assert takes[0] == "24p2424"  # from across: South
    takes[0] = "p242424"
    game = read_tenhou6(json.dumps(data).encode())
    assert game.hands[0].events == ()
    assert game.hands[0].wins[0].request["ippatsu"] is True
