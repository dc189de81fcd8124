"""Acceptance 1-2: the worked examples of the spec and 333 real Tenhou wins, exactly."""

from __future__ import annotations

import pytest

from scorer.engine import score_request
from tests.conftest import load_examples, load_tenhou_cases

EXAMPLES = load_examples()
TENHOU = load_tenhou_cases()


@pytest.mark.parametrize("case", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_examples_json(case):
    result = score_request(case["request"])
    assert result["ok"], result
    expect = case["expect"]
    for key in ("han", "fu", "yakuman", "limit"):
        if key in expect:
            assert result[key] == expect[key], key
    for key, value in expect.get("payments", {}).items():
        assert result["payments"][key] == value, key
    if "yaku" in expect:
        assert sorted(y["id"] for y in result["yaku"]) == sorted(expect["yaku"])


def test_all_333_tenhou_cases_are_present():
    assert len(TENHOU) == 333


@pytest.mark.parametrize("case", TENHOU, ids=[c["id"] for c in TENHOU])
def test_tenhou_conformance(case):
    result = score_request(case["request"])
    assert result["ok"], result
    expect = case["expect"]
    assert result["payments"]["total"] == expect["total"]
    assert result["yakuman"] == expect["yakuman"]
    if expect["han"] is not None:
        assert result["han"] == expect["han"]
        if expect["han"] < 5:
            assert result["fu"] == expect["fu"]
    assert sorted({y["id"] for y in result["yaku"]}) == sorted(set(expect["yaku"]))
