"""Hostile and broken records: a clear RecordError naming where it failed, never anything else."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.notation import parse_hand
from scorer.gamelog import MAX_RECORD_BYTES, RecordError, read_mjlog
from scorer.gamelog.tiles import decode_call
from tests.conftest import LOGS

PAO = (LOGS / "pao-tsumo.mjlog").read_text("utf-8")

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<mjloggm ver="2.3"><UN n0="&lol4;"/></mjloggm>"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<mjloggm ver="2.3"><UN n0="&xxe;"/></mjloggm>"""


def error_of(data: bytes | str) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_mjlog(data)
    return info.value


def test_billion_laughs_is_refused():
    assert "DTD" in str(error_of(BILLION_LAUGHS))


def test_external_entity_is_refused():
    assert "DTD" in str(error_of(EXTERNAL))


def test_fifty_megabytes_is_refused_before_parsing():
    big = b"<mjloggm>" + b" " * (50 * 1024 * 1024) + b"</mjloggm>"
    error = error_of(big)
    assert f"{MAX_RECORD_BYTES:,}" in str(error)


def test_truncated_record():
    assert "well-formed" in str(error_of(PAO[: len(PAO) // 2]))


def test_wrong_root_tag():
    error = error_of("<html><body/></html>")
    assert error.tag == "html"
    assert "mjloggm" in str(error)


def test_unknown_tag_names_hand_and_tag():
    text = PAO.replace("<T98/>", "<XYZ/>", 1)
    error = error_of(text)
    assert (error.hand, error.tag) == (1, "XYZ")
    assert "hand 1, tag <XYZ>" in str(error)


def test_tile_id_136():
    text = PAO.replace("<T132/>", "<T136/>", 1)
    error = error_of(text)
    assert (error.hand, error.tag) == (1, "T136")
    assert "136" in str(error)


def test_tile_136_in_a_deal():
    text = PAO.replace('hai0="71,', 'hai0="136,', 1)
    error = error_of(text)
    assert (error.hand, error.tag) == (1, "INIT")


def test_discarding_a_tile_not_held():
    text = PAO.replace("<D71/>", "<D72/>", 1)
    error = error_of(text)
    assert error.tag == "D72"
    assert "does not hold" in str(error)


def test_win_that_contradicts_the_play():
    text = PAO.replace('machi="46"', 'machi="19"', 1)
    error = error_of(text)
    assert (error.hand, error.tag) == (1, "AGARI")


def test_error_object_is_api_shaped():
    payload = error_of("<x/>").as_dict()
    assert payload["ok"] is False
    error = payload["error"]
    assert isinstance(error, dict)
    assert error["code"] == "invalid_record"
    assert error["field"] == "record"


@settings(max_examples=150)
@given(st.binary(max_size=400))
def test_fuzz_bytes_never_crash(data: bytes):
    with contextlib.suppress(RecordError):
        read_mjlog(data)


@settings(max_examples=150)
@given(st.integers(0, len(PAO)), st.integers(0, 60), st.text(max_size=8))
def test_fuzz_edits_of_a_real_record(at: int, cut: int, insert: str):
    """Cut and splice a real record anywhere: it reads, or it fails with a RecordError."""
    text = PAO[:at] + insert + PAO[at + cut :]
    try:
        game = read_mjlog(text)
    except RecordError as exc:
        message = str(exc)
        assert message
    else:
        assert all(len(h.scores_after) == 4 for h in game.hands)


@settings(max_examples=300)
@given(st.integers(0, 65535))
def test_every_call_code_decodes_or_is_refused(m: int):
    try:
        call = decode_call(m)
    except ValueError:
        return
    assert all(0 <= t <= 135 for t in call.tiles)
    assert len(set(call.tiles)) == len(call.tiles)
    if call.called is not None:
        assert call.called in call.tiles
    if call.kind != "kita":
        meld = parse_hand(call.notation(red=True)).melds[0]
        assert len(meld.tiles) == len(call.tiles)
        assert meld.is_open == (call.kind not in ("closed_kan",))
