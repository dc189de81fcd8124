"""The JSON-level entry point every surface uses (API.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import hand, notation, rules, yaku
from .request import EngineError, parse_request
from .score import Result, score


def clear_caches() -> None:
    """Empty the engine's memo tables (suit splits, melds, notation groups, rule specs, yaku
    rows): benchmarks call it so that every timed pass starts cold."""
    for cached in (
        hand._suit_splits,
        hand._meld_block,
        notation._group,
        notation._meld,
        notation.parse_tiles,
        notation.parse_tile,
        rules._resolve_items,
        yaku.rows_for,
    ):
        cached.cache_clear()


def score_result(data: Mapping[str, object]) -> Result:
    """Parse, validate and score a request mapping; raises :class:`EngineError`."""
    return score(parse_request(data))


def score_request(data: Mapping[str, object]) -> dict[str, Any]:
    """Score a request dict and return the API.md result dict, or the API.md error object.

    Never raises for bad input: every problem becomes ``{"ok": false, "error": {...}}``.
    """
    try:
        return score_result(data).as_dict()
    except EngineError as exc:
        return exc.as_dict()
    except RecursionError:  # pragma: no cover - defensive: absurdly nested input
        return EngineError("invalid_notation", "the request is too deeply nested").as_dict()
