"""The engine's memo tables (plain dicts, for speed): emptied by clear_caches(), bounded, and
never a different answer from the parsers they stand in for."""

from __future__ import annotations

import importlib
import itertools
import random

import pytest

from scorer.engine import clear_caches, parse_request, score_request
from scorer.engine.notation import NotationError, parse_tiles
from scorer.engine.tiles import KIND

hand = importlib.import_module("scorer.engine.hand")
notation = importlib.import_module("scorer.engine.notation")
request = importlib.import_module("scorer.engine.request")
rules = importlib.import_module("scorer.engine.rules")
score = importlib.import_module("scorer.engine.score")

DATA = {
    "hand": "234m567p456s1z[7=77z]",
    "win": "1z",
    "dora": "2s4m",
    "ura": "",
    "rules": {"preset": "tenhou", "kiriage": True},
}


def memos() -> list[dict[object, object]]:
    return [
        *hand._SPLITS,
        hand._MELD_BLOCKS,
        notation._MELDS,
        request._INDICATORS,
        rules._RESOLVED,
        score._ROWS,
    ]


def test_clear_caches_empties_every_memo():
    clear_caches()
    assert score_request(DATA, steps=False)["ok"]
    assert all(memo for memo in memos())  # each table was used
    clear_caches()
    assert all(not memo for memo in memos())


def test_memos_are_bounded():
    clear_caches()
    codes = ["1m", "9m", "1p", "9p", "1s", "9s", "2z", "3z", "5z", "6z"]
    fields = ["".join(five) for five in itertools.product(codes, repeat=5)]
    assert len(fields) > request.MEMO_LIMIT
    for field in fields[: request.MEMO_LIMIT + 100]:
        score_request({**DATA, "dora": field}, steps=False)  # some have a fifth tile: errors
    assert 0 < len(request._INDICATORS) <= request.MEMO_LIMIT
    clear_caches()


@pytest.mark.parametrize("seed", range(5))
def test_indicators_read_as_parse_tiles_reads_them(seed):
    rng = random.Random(seed)
    # Codes the hand does not hold, in any order, so that every request stays valid.
    codes = [
        code for code in sorted(KIND) if code[1] in "mpsz" and code[0] in "1899" and code != "1z"
    ]
    codes += ["2z", "3z", "1p", "9p"]
    for _ in range(200):
        text = "".join(rng.sample(codes, rng.randrange(2, 6)))
        clear_caches()
        expected = parse_tiles(text)
        assert parse_request({**DATA, "dora": text, "ura": text}).dora == expected
        assert request._INDICATORS[text] == expected  # remembered, and found again
        assert parse_request({**DATA, "dora": text}).dora == expected


@pytest.mark.parametrize("text", ["2m5", "2m 5p", "5p[1-23m]", "8z2m", "2m2m2m2m2m2m"])
def test_other_indicator_forms_still_go_through_the_parser(text):
    try:
        expected: object = parse_tiles(text, field_label="dora indicators")
    except NotationError as exc:
        expected = exc.message
    result = score_request({**DATA, "dora": text}, steps=False)
    if isinstance(expected, str):
        assert expected in result["error"]["message"]
    else:
        assert result["ok"] or result["error"]["field"] == "dora"
