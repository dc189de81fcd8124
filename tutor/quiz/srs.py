"""Spaced repetition: Leitner boxes with an injectable clock.

A right answer moves an item one box up and schedules it further away; a wrong answer sends it
back to box 0, due again in a minute: missed items come back sooner. Pure functions of
``now``; the clock is ``srs.now()``, which tests replace with :func:`use_clock`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from django.utils import timezone

Clock = Callable[[], datetime]

#: How long an item rests in each box before it is due again.
INTERVALS: Final = (
    timedelta(minutes=1),
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(days=1),
    timedelta(days=4),
    timedelta(days=14),
)
MAX_BOX: Final = len(INTERVALS) - 1
MISSED: Final = INTERVALS[0]

_clock: Clock = timezone.now


def now() -> datetime:
    """The current time by the quiz's clock."""
    return _clock()


def set_clock(clock: Clock) -> Clock:
    """Replace the clock; returns the previous one."""
    global _clock
    previous, _clock = _clock, clock
    return previous


@contextmanager
def use_clock(clock: Clock) -> Iterator[None]:
    previous = set_clock(clock)
    try:
        yield
    finally:
        set_clock(previous)


@dataclass(frozen=True)
class State:
    box: int
    due: datetime


def next_box(box: int, correct: bool) -> int:
    return min(box + 1, MAX_BOX) if correct else 0


def schedule(box: int, correct: bool, at: datetime) -> State:
    """The state after an answer given at ``at``."""
    new = next_box(box, correct)
    return State(new, at + (INTERVALS[new] if correct else MISSED))


def choose(
    keys: Sequence[str], states: Mapping[str, State], at: datetime, rng: random.Random
) -> str:
    """The item to ask next: the most overdue due item (lowest box first), else one never
    seen, else the one due soonest."""
    if not keys:
        raise ValueError("no items to choose from")
    due = [k for k in keys if k in states and states[k].due <= at]
    if due:
        return min(due, key=lambda k: (states[k].box, states[k].due, k))
    unseen = [k for k in keys if k not in states]
    if unseen:
        return rng.choice(unseen)
    return min(keys, key=lambda k: (states[k].due, states[k].box, k))


def mastery(box: int | None, attempts: int, last_correct: bool | None) -> int | None:
    """0..5 for the heatmap (None: never asked). A miss shows as 0 until put right."""
    if box is None or attempts == 0:
        return None
    if last_correct is False:
        return 0
    return min(box, MAX_BOX)
