"""score_request(data, steps=False): the same result without the explanation, for every corpus."""

from __future__ import annotations

import pytest

from scorer.engine import score_request
from tests.conftest import load_examples, load_tenhou_cases

REQUESTS = [e["request"] for e in load_examples()] + [c["request"] for c in load_tenhou_cases()]


@pytest.mark.parametrize("request_", REQUESTS[::7])
def test_without_steps_is_the_full_result_minus_steps(request_):
    full = score_request(request_)
    lean = score_request(request_, steps=False)
    assert "steps" in full
    assert "steps" not in lean
    assert lean == {k: v for k, v in full.items() if k != "steps"}


def test_errors_are_the_same_either_way():
    bad = {"hand": "123m", "win": "5p"}
    assert score_request(bad, steps=False) == score_request(bad)
