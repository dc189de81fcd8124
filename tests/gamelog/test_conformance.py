"""Every record of tests/data/tenhou-logs/ imported: every hand listed, every win's
fu, points, limit, yaku and score changes as Tenhou recorded them (scored by the engine)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer.engine import score_request
from scorer.gamelog import read_mjlog
from scorer.gamelog.check import check_game
from tests.conftest import LOGS

RECORDS = sorted(LOGS.glob("*.mjlog"))


def test_the_set_is_there():
    assert len(RECORDS) == 69


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_hand_listed_and_every_win_agrees(path: Path):
    text = path.read_text("utf-8")
    game = read_mjlog(text.encode())
    ends = len(re.findall(r"<AGARI|<RYUUKYOKU", text))
    inits = text.count("<INIT")
    wins = text.count("<AGARI")
    assert len(game.wins) == wins
    # Every hand that ended is listed (a double ron is one hand with two wins); a record cut
    # off mid-hand says so.
    double = sum(len(h.wins) - 1 for h in game.hands if len(h.wins) > 1)
    assert len(game.hands) == ends - double
    assert len(game.hands) + int(game.unfinished) == inits
    for checked in check_game(game):
        assert checked.agrees, (checked.hand.number, checked.win.request, checked.differences)


def test_totals():
    records = hands = wins = agree = 0
    for path in RECORDS:
        game = read_mjlog(path.read_bytes())
        records += 1
        hands += len(game.hands)
        for checked in check_game(game):
            wins += 1
            agree += checked.agrees
    assert (records, wins, agree) == (69, 314, 314)
    assert hands == 389


def test_scores_chain_from_hand_to_hand():
    for path in RECORDS:
        game = read_mjlog(path.read_bytes())
        for before, after in zip(game.hands, game.hands[1:], strict=False):
            if after.number == before.number + 1:
                assert after.scores_before == before.scores_after, (path.name, after.number)


def test_pao_tsumo_is_paid_by_the_responsible_player():
    game = read_mjlog((LOGS / "pao-tsumo.mjlog").read_bytes())
    _hand, win = game.wins[-1]
    assert win.pao == 0
    assert win.request["pao"] == "2z"
    result = score_request(win.request)
    assert result["payments"]["pao"] == 32000
    assert result["payments"]["tsumo_others"] == 0
    assert [s["step"] for s in result["steps"]].count("pao") == 1
    assert win.recorded.deltas == (-32000, 0, 32000, 0)


def test_double_ron_honba_and_sticks_to_the_nearer_winner():
    game = read_mjlog((LOGS / "double-ron.mjlog").read_bytes())
    doubles = [h for h in game.hands if h.end == "double_ron"]
    assert doubles
    first, second = doubles[0].wins
    assert "ron_order" not in first.request
    assert second.request["ron_order"] == 2
    result = score_request(second.request)
    assert result["payments"]["honba"] == 0
    assert result["payments"]["sticks"] == 0


def test_situations_come_from_the_play():
    """Riichi, ippatsu, rinshan, chankan, haitei... from the play: each flag is set somewhere in
    the set, and wherever Tenhou lists the yaku our flag says so too."""
    seen: set[str] = set()
    flag_of = {
        "riichi": "riichi",
        "double_riichi": "double_riichi",
        "ippatsu": "ippatsu",
        "rinshan": "rinshan",
        "chankan": "chankan",
        "haitei": "haitei",
        "houtei": "houtei",
    }
    for path in RECORDS:
        for _hand, win in read_mjlog(path.read_bytes()).wins:
            listed = {y for y, _h in win.recorded.yaku}
            for yaku, flag in flag_of.items():
                if win.request[flag]:
                    seen.add(flag)
                if not win.recorded.yakuman:
                    assert (yaku in listed) == bool(win.request[flag]), (path.name, yaku)
    assert {"riichi", "ippatsu", "rinshan", "chankan"} <= seen
