"""The tenhou.net/6 JSON reader: every conformance record, written as that JSON, reads to the
same hands, requests and recorded results as its .mjlog, and every win agrees."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.notation import parse_hand
from scorer.gamelog import RecordError, read_mjlog, read_record
from scorer.gamelog.check import check_game
from scorer.gamelog.tenhou6 import read_tenhou6
from tests.conftest import LOGS
from tests.gamelog.tenhou6_from_mjlog import convert

RECORDS = sorted(LOGS.glob("*.mjlog"))


def as_json(path) -> bytes:
    return json.dumps(convert(path.read_text("utf-8")), ensure_ascii=False).encode()


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_json_reads_as_the_mjlog_does(path):
    xml_game = read_mjlog(path.read_bytes())
    if not xml_game.hands:
        # A record that stops before any hand ends: every surface refuses it alike.
        with pytest.raises(RecordError, match="no finished hand"):
            read_record(as_json(path))
        with pytest.raises(RecordError, match="no finished hand"):
            read_record(path.read_bytes())
    json_game = read_tenhou6(as_json(path))
    assert json_game.source == "tenhou6"
    assert json_game.players == xml_game.players
    assert len(json_game.hands) == len(xml_game.hands)
    for a, b in zip(json_game.hands, xml_game.hands, strict=True):
        assert (a.round_wind, a.round_number, a.honba, a.sticks, a.dealer, a.end) == (
            b.round_wind,
            b.round_number,
            b.honba,
            b.sticks,
            b.dealer,
            b.end,
        )
        assert a.scores_before == b.scores_before
        assert a.scores_after == b.scores_after
        for wa, wb in zip(a.wins, b.wins, strict=True):
            ra, rb = dict(wa.request), dict(wb.request)
            assert parse_hand(str(ra.pop("hand"))) == parse_hand(str(rb.pop("hand")))
            assert ra == rb
            assert wa.recorded.points == wb.recorded.points
            assert wa.recorded.deltas == wb.recorded.deltas
            assert sorted(wa.recorded.yaku) == sorted(wb.recorded.yaku)
    assert all(c.agrees for c in check_game(json_game)), path.name


def test_json_totals():
    wins = agree = 0
    for path in RECORDS:
        for checked in check_game(read_tenhou6(as_json(path))):
            wins += 1
            agree += checked.agrees
    assert (wins, agree) == (314, 314)


def test_bad_json_names_the_hand_and_part():
    data = convert((LOGS / "pao-tsumo.mjlog").read_text("utf-8"))
    data["log"][1][5][0] = 99
    with pytest.raises(RecordError) as info:
        read_record(json.dumps(data))
    assert (info.value.hand, info.value.tag) == (2, "play")
    data = convert((LOGS / "pao-tsumo.mjlog").read_text("utf-8"))
    data["log"][0][16] = ["what"]
    with pytest.raises(RecordError) as info:
        read_record(json.dumps(data))
    assert (info.value.hand, info.value.tag) == (1, "result")


def test_json_without_a_log():
    with pytest.raises(RecordError) as info:
        read_record(b'{"title": []}')
    assert "log" in str(info.value)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 140) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=18) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=40,
)


@settings(max_examples=150)
@given(JSON_VALUES)
def test_fuzz_json_logs_never_crash(value):
    with contextlib.suppress(RecordError):
        read_record(json.dumps({"name": ["a", "b", "c", "d"], "log": [value]}))


@settings(max_examples=100)
@given(st.integers(0, 4), st.integers(0, 16), st.integers(0, 40), JSON_VALUES)
def test_fuzz_edits_of_a_real_json_record(h, part, at, value):
    data = convert((LOGS / "pao-tsumo.mjlog").read_text("utf-8"))
    target = data["log"][h][part]
    if isinstance(target, list) and target:
        target[at % len(target)] = value
    else:
        data["log"][h][part] = value
    with contextlib.suppress(RecordError):
        read_record(json.dumps(data))
