"""Over-long fields are refused before parsing, with the field named; a long hand costs time in
proportion to its length (bench/notation.py measures it)."""

from __future__ import annotations

import pytest

from scorer.engine import score_request
from scorer.engine.notation import NotationError, parse_hand
from scorer.engine.request import MAX_FIELD_LENGTH

VALID = {"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True}


@pytest.mark.parametrize("name", sorted(MAX_FIELD_LENGTH))
def test_an_over_long_field_is_refused_by_name(name: str) -> None:
    result = score_request({**VALID, name: "1m" * 40_000})
    assert result["ok"] is False
    assert result["error"]["code"] == "invalid_notation"
    assert result["error"]["field"] == name
    assert "too long" in result["error"]["message"]


@pytest.mark.parametrize("name", sorted(MAX_FIELD_LENGTH))
def test_a_field_at_its_limit_is_still_parsed(name: str) -> None:
    value = " " * (MAX_FIELD_LENGTH[name] - 2) + "1m"
    result = score_request({**VALID, name: value})
    assert "too long" not in str(result.get("error", {}).get("message", ""))


@pytest.mark.parametrize(
    "text",
    ["123m" * 16_000, "1s1m" * 16_000, "[1-23m]" * 9_000, "1" * 64_000, "1m " * 20_000 + "x"],
)
def test_the_parser_reads_long_text_without_quadratic_copies(text: str) -> None:
    """parse_hand itself (no length limit) still finishes a 64 KB text: its tiles are collected
    in a list, never by adding tuples (the old cost was 0.4 s per 64 KB, growing squared)."""
    try:
        hand = parse_hand(text)
    except NotationError:
        return
    assert len(hand.concealed) + sum(len(m.tiles) for m in hand.melds) > 1000
