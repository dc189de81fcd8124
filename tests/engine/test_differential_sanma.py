"""Differential test, three players: our sanma presets against the mahjong package's
three-player mode (``is_three_player``, ``num_nuki_dora``) on generated sanma hands.

The hands (``tests.support.mahjong_ref.sanma_differential_cases``) have no 2m-8m and no chi,
sit East, South or West, and often have norths set aside (``nuki``). The package counts the
nuki dora inside its dora, so ours (``nuki_dora``) is added to ``dora`` before comparing;
everything else is compared as in the four-player test.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from scorer.engine import score_request
from scorer.engine.notation import MeldKind, parse_hand
from tests.engine.test_differential import PAYMENT_KEYS, SHOW, compare, normalise
from tests.support.mahjong_ref import resolve_rules, sanma_differential_cases, score_with_mahjong

pytestmark = pytest.mark.slow


def merge_nuki(record: dict[str, Any]) -> dict[str, Any]:
    """Our record with the nuki dora counted as dora, as the package reports them."""
    if not record.get("valid") or "nuki_dora" not in record["yaku_han"]:
        return record
    yaku_han = dict(record["yaku_han"])
    yaku_han["dora"] = yaku_han.get("dora", 0) + yaku_han.pop("nuki_dora")
    return {**record, "yaku_han": dict(sorted(yaku_han.items())), "yaku": sorted(yaku_han)}


def test_the_set_is_three_player_with_nuki() -> None:
    cases = sanma_differential_cases()
    assert len(cases) >= 4000
    requests = [r for _, r in cases]
    assert sum(1 for r in requests if r.get("nuki")) > len(requests) // 3
    assert {r.get("nuki") for r in requests} >= {1, 2, 3, 4}
    assert all(r["seat"] != "4z" and r["round"] != "4z" for r in requests)
    melds = [m for r in requests for m in parse_hand(str(r["hand"])).melds]
    assert melds
    assert all(m.kind is not MeldKind.CHI for m in melds)


def test_sanma_engine_agrees_with_the_mahjong_package() -> None:
    cases = sanma_differential_cases()
    counts: Counter[str] = Counter()
    shown: list[str] = []
    for label, request in cases:
        ref = score_with_mahjong(request)
        try:
            ours = merge_nuki(normalise(score_request(request, steps=False)))
        except Exception as exc:  # a crash is a disagreement like any other
            categories = [f"crash {type(exc).__name__}"]
            ours = {"error": repr(exc)}
        else:
            categories = compare(ours, ref, resolve_rules(request.get("rules")))
        for category in categories:
            counts[f"{category} [{label}]"] += 1
        if categories and len(shown) < SHOW:
            keys = ("error", "han", "fu", "yakuman", "limit", *PAYMENT_KEYS, "yaku_han")
            shown.append(
                f"- {', '.join(categories)} [{label}]\n"
                f"  request {json.dumps(request, separators=(',', ':'))}\n"
                f"  ours    {' '.join(f'{k}={ours.get(k)}' for k in keys)}\n"
                f"  mahjong {' '.join(f'{k}={ref.get(k)}' for k in keys)}"
            )
    if counts:
        summary = "\n".join(f"{count:5d}  {cat}" for cat, count in counts.most_common())
        pytest.fail(
            f"{sum(counts.values())} disagreements over {len(cases)} hands:\n{summary}\n\n"
            f"first {len(shown)}:\n" + "\n".join(shown),
            pytrace=False,
        )
