"""The JSON-level entry point every surface uses (API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import hand, notation, request, rules, trace, yaku
from . import score as score_module
from .request import EngineError, parse_request
from .score import Result, score


def clear_caches() -> None:
    """Empty the engine's memo tables (suit splits, melds, notation groups, rule specs, yaku
    rows, the trace's filled sentences): benchmarks call it so that every timed pass starts
    cold."""
    hand.clear_memos()
    notation.clear_memos()
    request.clear_memos()
    rules.clear_memos()
    score_module.clear_memos()
    trace.clear_caches()
    for cached in (
        notation.parse_tiles,
        notation.parse_tile,
        yaku.rows_for,
    ):
        cached.cache_clear()


def score_result(data: Mapping[str, object]) -> Result:
    """Parse, validate and score a request mapping; raises :class:`EngineError`."""
    return score(parse_request(data))


def steps_flag(value: object, default: bool = True) -> bool:
    """The ``steps`` option of the API and CLI (``0``/``1``, ``true``/``false``; absent or
    empty: ``default``); raises :class:`EngineError` (``invalid_situation``) otherwise."""
    if value is None or value == "":
        return default
    if value is True or value is False:
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("1", "true", "on", "yes"):
            return True
        if text in ("0", "false", "off", "no"):
            return False
    raise EngineError("invalid_situation", "'steps' must be 0 or 1 (true or false)", "steps")


def score_request(data: Mapping[str, object], steps: bool = True) -> dict[str, Any]:
    """Score a request dict and return the API.md result dict, or the API.md error object.

    ``steps=False`` leaves the explanation out (no ``steps`` key): for callers that only read
    the numbers, at a fraction of the cost. Never raises for bad input: every problem becomes
    ``{"ok": false, "error": {...}}``.
    """
    try:
        return score_result(data).as_dict(steps)
    except EngineError as exc:
        return exc.as_dict()
    except RecursionError:  # pragma: no cover - defensive: absurdly nested input
        return EngineError("invalid_notation", "the request is too deeply nested").as_dict()
