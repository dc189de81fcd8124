"""Benchmark: our engine against the mahjong package on the differential test's hands.

Run from the repository root: ``.venv/bin/python bench/engine.py`` (or ``make bench``).
The hands are exactly those of tests/engine/test_differential.py (``differential_cases``: fixed
seeds, mostly Tenhou rules plus a block per rule switch). Prints hands per second for
``score_request`` (the API.md dict, explanation steps included), for ``score_request(...,
steps=False)`` (the same dict without the steps), for ``score_result`` (the typed
result, steps not asked for) and for the mahjong package, the ratios, and whether the trace
(``steps``) is built eagerly. When the compiled engine is built (``make engine``) it runs first,
then the plain-Python engine in a second process (``TENBO_ENGINE=python``).

``--profile`` adds where the time of ``score_request(..., steps=False)`` goes: microseconds per
hand for parsing (``parse_request``), scoring (``score``) and writing the dict (``as_dict``), each
timed alone over the same hands, best of the rounds, every round cold (``clear_caches()``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorer.engine import (  # noqa: E402
    COMPILED,
    EngineError,
    clear_caches,
    parse_request,
    score,
    score_request,
)
from tests.support.mahjong_ref import differential_cases, score_with_mahjong  # noqa: E402

score_result: Callable[[Mapping[str, object]], object] | None
try:
    from scorer.engine import score_result
except ImportError:  # a typed core entry point is optional
    score_result = None


def rate(fn: Callable[[Any], Any], requests: Sequence[dict[str, object]], rounds: int = 3) -> float:
    """Best-of-``rounds`` hands per CPU second of ``fn`` over ``requests`` (process time, so
    other work on a shared machine does not skew the ratio).

    Our engine's memo tables are emptied before every round, so a round never profits from
    having seen the same hands in the round before."""
    for request in requests[:200]:  # warm up imports
        fn(request)
    best = float("inf")
    for _ in range(rounds):
        clear_caches()
        start = time.process_time()
        for request in requests:
            fn(request)
        best = min(best, time.process_time() - start)
    return len(requests) / best


def rates(
    fns: Sequence[Callable[[Any], Any]], requests: Sequence[dict[str, object]], rounds: int = 3
) -> list[float]:
    """:func:`rate` for several functions with their rounds interleaved (round 1 of each, then
    round 2 of each...), so a change in the machine's load hits every function alike."""
    for fn in fns:
        for request in requests[:200]:  # warm up imports
            fn(request)
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for index, fn in enumerate(fns):
            clear_caches()
            start = time.process_time()
            for request in requests:
                fn(request)
            best[index] = min(best[index], time.process_time() - start)
    return [len(requests) / b for b in best]


def trace_report(requests: Sequence[dict[str, object]]) -> str:
    sample = requests[:100]
    results = [score_request(r) for r in sample]
    ok = [r for r in results if r.get("ok")]
    filled = sum(1 for r in ok if r.get("steps"))
    eager = filled == len(ok)
    lines = [
        f"score_request: steps filled in {filled}/{len(ok)} scored results -> the trace is "
        + ("built eagerly for every API.md result" if eager else "not always built")
    ]
    if score_result is not None:
        result = score_result(sample[0])
        lazy = getattr(result, "_steps", "absent") is None
        lines.append(
            "score_result: the trace is "
            + ("lazy (built on first access to Result.steps)" if lazy else "built eagerly")
        )
    return "\n".join(lines)


def profile(requests: Sequence[dict[str, object]], rounds: int) -> str:
    """Microseconds per hand of each stage of ``score_request(..., steps=False)``, timed alone
    (process time, best of ``rounds``, memo tables emptied before every round)."""

    def parse_one(request: dict[str, object]) -> object:
        try:
            return parse_request(request)
        except EngineError as exc:
            return exc

    def score_one(request: Any) -> object:
        try:
            return score(request)
        except EngineError as exc:
            return exc

    parsed = [r for r in map(parse_one, requests) if not isinstance(r, EngineError)]
    results = [r for r in map(score_one, parsed) if not isinstance(r, EngineError)]
    stages: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("score_request(steps=False)", score_request_lean, requests),
        ("  parse_request", parse_one, requests),
        ("  score", score_one, parsed),
        ("  Result.as_dict(False)", lambda result: result.as_dict(False), results),
    ]
    lines = [
        f"profile ({len(requests)} requests, {len(parsed)} valid, {len(results)} scored; "
        "us per request of the whole set):"
    ]
    for label, fn, items in stages:
        best = float("inf")
        for _ in range(rounds):
            clear_caches()
            start = time.process_time()
            for item in items:
                fn(item)
            best = min(best, time.process_time() - start)
        lines.append(f"  {label:28s} {best / len(requests) * 1e6:8.2f} us")
    return "\n".join(lines)


def main() -> None:
    requests = [request for _, request in differential_cases()]
    mode = "mypyc-compiled (build/engine)" if COMPILED else "plain Python"
    print(f"{len(requests)} generated hands (tests/engine/test_differential.py's set)")
    print(f"engine: {mode}")
    fns: list[Callable[[Any], Any]] = [score_request, score_request_lean, score_with_mahjong]
    if score_result is not None:
        fns.append(score_result_safe)
    measured = rates(fns, requests, rounds=int(os.environ.get("BENCH_ROUNDS", "3")))
    ours, lean, theirs = measured[:3]
    print(f"ours   score_request : {ours:10,.0f} hands/s (steps included, the default)")
    print(f"ours   score_request : {lean:10,.0f} hands/s (steps=False)")
    if score_result is not None:
        core = measured[3]
        print(f"ours   score_result  : {core:10,.0f} hands/s (no steps)")
    print(f"mahjong 2.1.0        : {theirs:10,.0f} hands/s (through tests/support/mahjong_ref)")
    print(f"ratio ours / theirs  : {ours / theirs:10.2f} (score_request, with steps)")
    print(f"ratio ours / theirs  : {lean / theirs:10.2f} (score_request, steps=False)")
    if score_result is not None:
        print(f"ratio ours / theirs  : {core / theirs:10.2f} (score_result)")
    print(trace_report(requests))
    if "--profile" in sys.argv[1:]:
        print(profile(requests, rounds=int(os.environ.get("BENCH_ROUNDS", "3"))))


def score_request_lean(request: dict[str, object]) -> object:
    return score_request(request, steps=False)


def score_result_safe(request: dict[str, object]) -> object:
    """``score_result`` raises on invalid or no-yaku hands; count those like the others."""
    assert score_result is not None
    try:
        return score_result(request)
    except EngineError as exc:
        return exc


if __name__ == "__main__":
    main()
    if COMPILED:  # the same figures for the plain-Python engine, in a fresh process
        print()
        env = {**os.environ, "TENBO_ENGINE": "python"}
        subprocess.run([sys.executable, __file__, *sys.argv[1:]], env=env, check=True)
