"""Acceptance 6: bad input of any shape gives the error object, never an exception."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import score_request
from scorer.engine.request import BOOL_FIELDS, REQUEST_FIELDS

CODES = {
    "invalid_notation",
    "invalid_tiles",
    "not_winning",
    "no_yaku",
    "invalid_situation",
    "invalid_rules",
}
FIELDS = [*REQUEST_FIELDS, "discarder", "nuki"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
notation = st.text(alphabet="0123456789mpszh[]{}()-=+^ ", max_size=24)


def check(result):
    assert isinstance(result, dict)
    if result["ok"]:
        assert isinstance(result["han"], int)
        assert result["payments"]["total"] >= 0
    else:
        error = result["error"]
        assert error["code"] in CODES
        assert isinstance(error["message"], str)
        assert error["message"]
        assert error["field"] is None or isinstance(error["field"], str)


@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8))
@settings(max_examples=500)
def test_any_request_dict(data):
    check(score_request(data))


@given(notation, st.text(max_size=4), st.booleans())
@settings(max_examples=800)
def test_any_notation(hand, win, tsumo):
    check(score_request({"hand": hand, "win": win, "tsumo": tsumo, "riichi": True}))


@given(
    st.fixed_dictionaries(
        {"hand": notation, "win": st.sampled_from(["1m", "5p", "0s", "7z", "9s"])},
        optional={
            name: st.sampled_from([True, False, "1", "0", "on", "x", 3, None])
            for name in (*BOOL_FIELDS, "seat", "round")
        },
    ),
    st.sampled_from(
        [
            None,
            "tenhou",
            "aotenjou",
            "classic",
            {"preset": "wrc", "kiriage": 1},
            {"preset": "x"},
            {"aotenjou": True, "aotenjou_yakuman": "13han"},
        ]
    ),
)
@settings(max_examples=500)
def test_situations_and_rules(data, rules):
    check(score_request({**data, "rules": rules}))


VALID = {
    "hand": "123m456p789s11z23p",
    "win": "4p",
    "tsumo": True,
    "seat": "2z",
    "round": "1z",
    "riichi": True,
    "dora": "1m",
    "ura": "9s",
    "honba": 1,
    "sticks": 1,
    "rules": "tenhou",
}


@given(st.dictionaries(st.sampled_from(FIELDS), json_values, min_size=1, max_size=3))
@settings(max_examples=800)
def test_a_valid_request_with_junk_fields(junk):
    """Junk must reach the later fields too: start from a winning hand and spoil a few fields."""
    assert score_request(VALID)["ok"]
    check(score_request({**VALID, **junk}))


def test_unhashable_winds_are_an_error_not_a_crash():
    for name in ("seat", "round", "wareme", "discarder"):
        result = score_request({**VALID, name: {"a": 1}})
        assert result["error"]["code"] == "invalid_situation"
        assert result["error"]["field"] == name
