"""Tenbo's scoring engine: pure standard-library Python, typed, explainable.

``score_request(data)`` takes a request mapping (API.md) and returns the result dict; the typed
core is ``parse_request`` -> :class:`Request` -> ``score`` -> :class:`Result`.
"""

from .api import score_request, score_result
from .request import EngineError, Request, parse_request
from .rules import PRESETS, Rules, resolve_rules
from .score import Result, score

__all__ = [
    "PRESETS",
    "EngineError",
    "Request",
    "Result",
    "Rules",
    "parse_request",
    "resolve_rules",
    "score",
    "score_request",
    "score_result",
]
