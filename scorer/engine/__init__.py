"""Tenbo's scoring engine: pure standard-library Python, typed, explainable.

``score_request(data)`` takes a request mapping (API.md) and returns the result dict; the typed
core is ``parse_request`` -> :class:`Request` -> ``score`` -> :class:`Result`.

The same sources can be compiled with mypyc (``make engine``, see ``tools/build_engine.py``).
The compiled modules live in ``build/engine/`` and are used only while the hash of every source
file here matches the build's manifest; ``TENBO_ENGINE=python`` turns them off. ``COMPILED``
says which one is running.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path


def compiled_build(here: Path) -> Path | None:
    """The build of the engine package at ``here`` (``<repo>/build/engine``), when one was
    made from these very sources by this Python; else None."""
    if os.environ.get("TENBO_ENGINE", "").lower() == "python":
        return None
    build = here.parents[1] / "build" / "engine"
    try:
        manifest = json.loads((build / "manifest.json").read_text())
        if manifest["cache_tag"] != sys.implementation.cache_tag:
            return None
        sources = {path.name: path for path in here.glob("*.py")}
        if set(manifest["sources"]) != set(sources):
            return None
        for name, expected in manifest["sources"].items():
            if hashlib.sha256(sources[name].read_bytes()).hexdigest() != expected:
                return None  # edited since the build: run the sources as they are now
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return build


_BUILD = compiled_build(Path(__file__).resolve().parent)
#: True when the mypyc-compiled modules are in use.
COMPILED = _BUILD is not None
if _BUILD is not None:
    sys.path.append(str(_BUILD / "runtime"))  # the compiled modules' shared library
    __path__.insert(0, str(_BUILD / "pkg" / "scorer" / "engine"))

from .api import clear_caches, score_request, score_result, steps_flag  # noqa: E402
from .request import EngineError, Request, parse_request  # noqa: E402
from .rules import ALL_PRESETS, PRESETS, THREE_PLAYER_PRESETS, Rules, resolve_rules  # noqa: E402
from .score import Result, score  # noqa: E402

__all__ = [
    "ALL_PRESETS",
    "COMPILED",
    "PRESETS",
    "THREE_PLAYER_PRESETS",
    "EngineError",
    "Request",
    "Result",
    "Rules",
    "clear_caches",
    "parse_request",
    "resolve_rules",
    "score",
    "score_request",
    "score_result",
    "steps_flag",
]
