"""The trace's shortcuts (issue #14): remembered sentences and steps, direct judges.

Each shortcut must write exactly what the plain way writes: a step's ``text`` is its ``why``
template filled by ``str.format`` from the step's own fields, results never share a mutable
part, and ``clear_caches`` forgets everything remembered.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorer.engine import EngineError, clear_caches, score_request, score_result, trace, yaku
from scorer.engine.yaku import COMMON, YAKU, YAKU_BY_ID, Ctx, judge_common
from tests.conftest import load_examples, load_tenhou_cases

REQUESTS = [e["request"] for e in load_examples()] + [c["request"] for c in load_tenhou_cases()]
#: Three-player and rule-switch hands too (sanma payments, aotenjou, wareme...).
EXTRA: list[dict[str, object]] = [
    {
        "hand": "111m999m123p456p1z",
        "win": "1z",
        "tsumo": True,
        "riichi": True,
        "rules": "tenhou_sanma",
    },
    {
        "hand": "234p567p11s345s66s",
        "win": "6s",
        "tsumo": True,
        "riichi": True,
        "honba": 2,
        "sticks": 1,
        "rules": {"preset": "tenhou_sanma", "sanma_tsumo": "split"},
    },
    {
        "hand": "234p567p11s345s66s",
        "win": "6s",
        "tsumo": True,
        "riichi": True,
        "nuki": 2,
        "rules": {"preset": "tenhou_sanma", "sanma_tsumo": "dealer"},
    },
    {"hand": "111z222z333z44z55z", "win": "5z", "rules": {"preset": "tenhou", "aotenjou": True}},
]


def _shown(value: object) -> str:
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def _expected_text(step: dict[str, object]) -> str:
    why = str(step["why"])
    filled = why.format_map({key: _shown(value) for key, value in step.items()})
    if step["step"] == "yaku":
        return f"{step['name']} ({step['han']} han): {filled}"
    if step["step"] == "yaku_absent":
        return f"No {step['name']}: {filled}"
    return filled


def _scored(requests: list[dict[str, object]]) -> list[dict[str, Any]]:
    return [r for r in (score_request(q) for q in requests) if r.get("ok")]


def test_every_text_is_its_template_filled_from_the_step():
    results = _scored(REQUESTS + EXTRA)
    assert len(results) > 300
    kinds = set()
    for result in results:
        for step in result["steps"]:
            kinds.add(step["step"])
            assert step["text"] == _expected_text(step), step
    assert {"fu", "dora", "payment", "total", "yaku", "yaku_absent", "payment_rule"} <= kinds


def test_remembered_steps_are_the_same_after_clear_caches():
    clear_caches()
    cold = [json.dumps(r) for r in _scored(REQUESTS[:200] + EXTRA)]
    warm = [json.dumps(r) for r in _scored(REQUESTS[:200] + EXTRA)]
    assert cold == warm


def test_results_share_no_mutable_part():
    request = REQUESTS[0]
    first = score_request(request)
    pristine = copy.deepcopy(first)
    for step in first["steps"]:  # a caller scribbling over its result
        step["tiles"].append("9z")
        step["text"] = "changed"
        step["extra"] = 1
    second = score_request(request)
    assert second == pristine
    assert all(type(s) is dict and type(s["tiles"]) is list for s in second["steps"])


def test_clear_caches_forgets_remembered_sentences_and_steps():
    _scored(REQUESTS[:50])
    assert trace._STEPS
    clear_caches()
    assert not trace._STEPS
    assert not trace._SENTENCES


def test_judge_common_calls_each_common_row_in_table_order():
    assert tuple(y for y in YAKU if y.common) == COMMON
    checked = 0
    for request in REQUESTS[::3]:
        try:
            result = score_result(request)
        except EngineError:  # invalid and no-yaku hands have no reading to judge
            continue
        for explain in (False, True):
            ctx = Ctx(result.request, result.best.reading, explain)
            for index, row in enumerate(COMMON):
                assert judge_common(index, ctx) == row.judge(ctx), (row.id, request)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("row", COMMON, ids=lambda row: row.id)
def test_every_common_row_has_a_ready_why_not_step_for_each_reason(row):
    reasons = [
        key for key in yaku.REASONS if key.startswith(row.id + ".") and key != row.id + ".holds"
    ]
    assert reasons
    for reason in reasons:
        ready = trace._ABSENT[reason]
        assert ready.yaku_id == row.id
        assert YAKU_BY_ID[row.id].name == ready.ready["name"]
