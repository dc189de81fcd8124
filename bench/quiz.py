"""Quiz benchmark: time to generate a fu question with a target fu (target p95 <= 20 ms).

Run: .venv/bin/python bench/quiz.py [questions per target]
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from tutor import quiz  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    everything: list[float] = []
    print(f"fu question with a target fu, {n} questions per target (ms)")
    print(f"{'target':>8} {'p50':>7} {'p95':>7} {'max':>7}")
    for target in quiz.FU_TARGETS:
        times = []
        for seed in range(n):
            start = time.perf_counter()
            q = quiz.make_question("fu", seed, {"target": str(target)})
            times.append((time.perf_counter() - start) * 1000)
            assert q.expected["fu"] == target
        everything += times
        print(
            f"{target:>8} {statistics.median(times):7.2f} {pct(times, 95):7.2f} {max(times):7.2f}"
        )
    print(
        f"{'all':>8} {statistics.median(everything):7.2f} {pct(everything, 95):7.2f} "
        f"{max(everything):7.2f}"
    )
    print(f"p95 = {pct(everything, 95):.2f} ms (target <= 20 ms)")
    combos: list[float] = []
    for target in quiz.FU_TARGETS:
        for wait in quiz.WAITS:
            for seed in range(max(1, n // 10)):
                start = time.perf_counter()
                try:
                    quiz.make_question("fu", seed, {"target": str(target), "wait": wait})
                except quiz.QuizError:
                    break  # an impossible pair (20 fu with a kanchan ...): rejected at once
                combos.append((time.perf_counter() - start) * 1000)
    print(f"target fu and wait, {len(combos)} questions: p95 = {pct(combos, 95):.2f} ms")


if __name__ == "__main__":
    main()
