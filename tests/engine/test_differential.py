"""Differential test: our engine against the mahjong package on thousands of random hands.

The hands come from ``scorer.engine.generate`` (fixed seeds, see
``tests.support.mahjong_ref.DIFFERENTIAL_BLOCKS``): mostly Tenhou rules, then a block for each
rule switch with the switch set on both sides. Both sides must agree on validity (and the error
code), han, fu (below 5 han, or always under aotenjou), yakuman multiples, every payment, the
limit name and the yaku. A rule choice is never skipped: the adapter is configured to the same
switch (see its docstring for how each one reaches the package).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tests.support.mahjong_ref import differential_cases, resolve_rules, score_with_mahjong

score_request: Callable[[Mapping[str, Any]], dict[str, Any]] | None
try:
    from scorer.engine import score_request
except ImportError:  # pragma: no cover - while the engine is being written
    score_request = None

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(score_request is None, reason="scorer.engine.score_request not there yet"),
]

PAYMENT_KEYS = ("ron", "tsumo_dealer", "tsumo_others", "total", "honba", "sticks")
SHOW = 12  # disagreements printed in full on failure


def normalise(result: Mapping[str, Any]) -> dict[str, Any]:
    """Our API.md result in the adapter's record shape."""
    if not result.get("ok"):
        return {"valid": False, "error": result["error"]["code"]}
    yaku: dict[str, int] = {}
    for item in result["yaku"]:
        yaku[item["id"]] = yaku.get(item["id"], 0) + int(item.get("han") or 0)
    payments = result["payments"]
    return {
        "valid": True,
        "error": None,
        "han": result["han"],
        "fu": result["fu"],
        "yakuman": result["yakuman"],
        "limit": result["limit"],
        "yaku": sorted(yaku),
        "yaku_han": dict(sorted(yaku.items())),
        **{key: payments[key] for key in PAYMENT_KEYS},
    }


def compare(ours: dict[str, Any], ref: dict[str, Any], rules: dict[str, Any]) -> list[str]:
    """The categories in which the two records disagree."""
    if ours["valid"] != ref["valid"] or ours["error"] != ref["error"]:
        return [f"validity ours={ours['error']} ref={ref['error']}"]
    if not ours["valid"]:
        return []
    out: list[str] = []
    aotenjou = bool(rules["aotenjou"])
    if ours["yakuman"] != ref["yakuman"]:
        out.append("yakuman")
    if aotenjou:
        if ref["yakuman"] == 0 or rules["aotenjou_yakuman"] == "13han":
            if ours["han"] != ref["han"]:
                out.append("han")
            if ours["fu"] != ref["fu"]:
                out.append("fu")
    elif ref["yakuman"] == 0:
        if ours["han"] != ref["han"]:
            out.append("han")
        elif ours["han"] < 5 and ours["fu"] != ref["fu"]:
            out.append("fu")
    if any(ours[key] != ref[key] for key in PAYMENT_KEYS):
        out.append("payments")
    if not aotenjou and ours["limit"] != ref["limit"]:
        out.append("limit")
    if ref["yakuman_choices"]:  # yakuman_stacking off: any one of the equal largest
        if len(ours["yaku"]) != 1 or ours["yaku"][0] not in ref["yakuman_choices"]:
            out.append("yaku")
    elif ref["yakuman"] and not aotenjou:
        if ours["yaku"] != ref["yaku"]:
            out.append("yaku")
    elif ours["yaku_han"] != ref["yaku_han"]:
        out.append("yaku")
    return out


def _fields(record: dict[str, Any]) -> str:
    keys = ("error", "han", "fu", "yakuman", "limit", *PAYMENT_KEYS, "yaku_han")
    return " ".join(f"{k}={record.get(k)}" for k in keys if k in record)


def run_differential() -> tuple[int, Counter[str], list[str]]:
    """Score every case both ways: (cases, disagreement counts, first disagreements shown)."""
    assert score_request is not None
    cases = differential_cases()
    counts: Counter[str] = Counter()
    shown: list[str] = []
    for label, request in cases:
        ref = score_with_mahjong(request)
        try:
            ours = normalise(score_request(request))
        except Exception as exc:  # a crash is a disagreement like any other
            categories = [f"crash {type(exc).__name__}"]
            ours = {"error": repr(exc)}
        else:
            categories = compare(ours, ref, resolve_rules(request.get("rules")))
        for category in categories:
            counts[f"{category} [{label}]"] += 1
        if categories and len(shown) < SHOW:
            shown.append(
                f"- {', '.join(categories)} [{label}]\n"
                f"  request {json.dumps(request, separators=(',', ':'))}\n"
                f"  ours    {_fields(ours)}\n"
                f"  mahjong {_fields(ref)}"
            )
    return len(cases), counts, shown


def test_engine_agrees_with_the_mahjong_package() -> None:
    n, counts, shown = run_differential()
    assert n >= 5000
    if counts:
        summary = "\n".join(f"{count:5d}  {cat}" for cat, count in counts.most_common())
        pytest.fail(
            f"{sum(counts.values())} disagreements over {n} hands:\n{summary}\n\n"
            f"first {len(shown)}:\n" + "\n".join(shown),
            pytrace=False,
        )
