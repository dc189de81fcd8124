"""Hands found by the load and fuzz runs that once raised instead of answering."""

from __future__ import annotations

import pytest

from scorer.engine import score_request


@pytest.mark.parametrize("win", ["5p", "7m", "2s", "0s"])
def test_thirteen_orphans_plus_a_simple_is_not_winning_rather_than_a_crash(win: str) -> None:
    """All thirteen terminal and honour kinds once each, and a fourteenth tile that is none
    of them: no pair, so no kokushi (the reading used to look for the pair and raise)."""
    result = score_request({"hand": "19m19p19s1234567z", "win": win})
    assert result["ok"] is False
    assert result["error"]["code"] in {"not_winning", "invalid_tiles"}


def test_real_thirteen_orphans_still_scores() -> None:
    result = score_request({"hand": "19m19p19s1234567z", "win": "1m"})
    assert result["ok"] is True
    assert result["yakuman"] >= 1
