"""Days, streaks and minutes: pure functions of answer times, a time zone and "now".

A learner's day is a calendar day in their time zone (the browser's, else the site's): the streak
counts the days in a row with at least one answer, ending today, or yesterday while today has
none yet (a streak is not lost before the day is over). A missed day is just a missed day: the
streak starts again from the next answer, nothing else happens.

Minutes are read from the answers' times: each answer counts the time since the one before, when
that is a few minutes at most; an answer after a longer pause (or the first of a day) counts as
``FIRST``, since when its question was opened is not known. The same count gives the daily goal's
minutes, a set's time in the debrief, and the estimate of what the due reviews will take.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils import timezone

#: The longest gap between two answers still counted as time spent on the second one.
PAUSE: Final = timedelta(minutes=3)
#: What an answer after a pause counts (the time its question was open is not known).
FIRST: Final = timedelta(seconds=30)
#: The time one answer takes when the learner has no answers to measure it by.
DEFAULT_ANSWER: Final = timedelta(seconds=20)
#: The daily goals a learner can choose, in minutes (0: no goal).
GOALS: Final = (5, 10, 20)


def zone(name: str | None) -> tzinfo:
    """The named IANA time zone, or the site's when the name is empty or unknown."""
    if name and len(name) <= 64:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return timezone.get_default_timezone()


def local_day(at: datetime, tz: tzinfo) -> date:
    """The calendar day ``at`` falls on in ``tz``."""
    return at.astimezone(tz).date()


def day_start(day: date, tz: tzinfo) -> datetime:
    """The first instant of ``day`` in ``tz`` (an aware datetime)."""
    return datetime(day.year, day.month, day.day, tzinfo=tz)


def spent_each(times: Sequence[datetime]) -> list[timedelta]:
    """The time each answer counts, in the order given (``times`` ascending)."""
    out: list[timedelta] = []
    for i, at in enumerate(times):
        gap = at - times[i - 1] if i else None
        out.append(gap if gap is not None and timedelta(0) <= gap <= PAUSE else FIRST)
    return out


def spent(times: Sequence[datetime]) -> timedelta:
    """The time a run of answers took (``times`` ascending)."""
    return sum(spent_each(times), timedelta(0))


def whole_minutes(span: timedelta) -> int:
    """Minutes as a learner reads them: rounded down (a goal is met only when it is)."""
    return int(span.total_seconds() // 60)


def per_answer(times: Sequence[datetime]) -> timedelta:
    """The learner's usual time for one answer: the median of their recent gaps between two
    answers (pauses left out), else ``DEFAULT_ANSWER``."""
    gaps = [
        later - earlier
        for earlier, later in itertools.pairwise(times)
        if timedelta(0) < later - earlier <= PAUSE
    ]
    if len(gaps) < 3:
        return DEFAULT_ANSWER
    return timedelta(seconds=statistics.median(g.total_seconds() for g in gaps))


def estimate_minutes(count: int, each: timedelta) -> int:
    """Minutes ``count`` answers take at ``each``, rounded up (1 at least for any)."""
    if count <= 0:
        return 0
    return max(1, math.ceil(count * each.total_seconds() / 60))


@dataclass(frozen=True)
class Streak:
    #: Days in a row with an answer, ending today or yesterday.
    days: int
    #: Whether today already counts.
    today: bool


def streak(days: Iterable[date], today: date) -> Streak:
    """The run of days in a row (each with an answer) that ends today, or yesterday when
    today has none yet."""
    seen = set(days)
    end = today if today in seen else today - timedelta(days=1)
    n = 0
    while end - timedelta(days=n) in seen:
        n += 1
    return Streak(n, today in seen)


def streak_from_times(times: Iterable[datetime], tz: tzinfo, now: datetime) -> Streak:
    """The streak from answer times in any order, read as days in ``tz``."""
    return streak((local_day(t, tz) for t in times), local_day(now, tz))


@dataclass(frozen=True)
class Goal:
    #: The learner's goal in minutes; 0 for no goal, None while not chosen.
    minutes: int | None
    #: Minutes practised today.
    done: int

    @property
    def met(self) -> bool:
        return bool(self.minutes) and self.done >= (self.minutes or 0)

    @property
    def percent(self) -> int:
        """How far along today's goal is, 0 to 100."""
        if not self.minutes:
            return 0
        return min(100, round(100 * self.done / self.minutes))


def today_times(times: Iterable[datetime], tz: tzinfo, now: datetime) -> list[datetime]:
    """The answer times that fall on today (in ``tz``), ascending."""
    start = day_start(local_day(now, tz), tz)
    return sorted(t for t in times if start <= t <= now)


def goal(minutes: int | None, times: Iterable[datetime], tz: tzinfo, now: datetime) -> Goal:
    """Today's progress towards the daily goal, from the answers' times."""
    return Goal(minutes, whole_minutes(spent(today_times(times, tz, now))))
