"""Parsing time of long hand texts at 16 KB and 64 KB: a linear parser shows a ratio near 4.

The request validation refuses hands over 128 characters before parsing (scorer/engine/request.py);
this measures parse_hand itself, which a caller without that limit would meet.

    .venv/bin/python bench/notation.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from scorer.engine.notation import NotationError, parse_hand

SHAPES: dict[str, Callable[[int], str]] = {
    "digits+m": lambda n: "1" * n + "m",
    "groups": lambda n: "123m" * (n // 4),
    "groups_unsorted": lambda n: "1s1m" * (n // 4),
    "melds": lambda n: "[1-23m]" * (n // 7),
    "slow melds": lambda n: "1m [1-23m]" * (n // 10),
    "spaces": lambda n: "1m " * (n // 3),
    "digits only": lambda n: "1" * n,
    "kans": lambda n: "(5555z)" * (n // 7),
    "junk tail": lambda n: "1m" * (n // 2) + "x",
    "meld junk": lambda n: "[1-23m]" * (n // 7) + "[",
    "nested": lambda n: "[{(" * (n // 3),
}


def best_of_three(text: str) -> float:
    best = 9.0
    for _ in range(3):
        s = time.perf_counter()
        with contextlib.suppress(NotationError):
            parse_hand(text)
        best = min(best, time.perf_counter() - s)
    return best


for name, f in SHAPES.items():
    a = best_of_three(f(16000))
    b = best_of_three(f(64000))
    print(f"{name:16} 16K {a * 1000:7.1f} ms  64K {b * 1000:7.1f} ms  ratio {b / max(a, 1e-9):.1f}")
