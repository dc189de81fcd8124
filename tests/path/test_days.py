"""Streaks, daily goals and minutes across days and time zones (tutor.path.days: pure)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.path import days

TOKYO = ZoneInfo("Asia/Tokyo")
NEW_YORK = ZoneInfo("America/New_York")


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_streak_counts_days_in_a_row_ending_today() -> None:
    today = date(2026, 11, 28)
    run = [today - timedelta(days=n) for n in range(4)]
    assert days.streak(run, today) == days.Streak(4, True)


def test_a_streak_is_kept_until_the_day_is_over() -> None:
    today = date(2026, 11, 28)
    run = [today - timedelta(days=n) for n in (1, 2, 3)]
    assert days.streak(run, today) == days.Streak(3, False)


def test_a_missed_day_is_just_a_missed_day() -> None:
    today = date(2026, 11, 28)
    # Two days ago and before: yesterday missed, so no current streak; nothing else is held.
    assert days.streak([today - timedelta(days=2), today - timedelta(days=3)], today).days == 0
    # Today's first answer starts a new one.
    assert days.streak([today, today - timedelta(days=2)], today) == days.Streak(1, True)


def test_the_same_answers_are_different_days_in_different_zones() -> None:
    # 23:30 and 00:30 UTC: two days in London, one evening in New York, one morning in Tokyo.
    times = [at(2026, 11, 27, 23, 30), at(2026, 11, 28, 0, 30)]
    now = at(2026, 11, 28, 1, 0)
    assert days.streak_from_times(times, ZoneInfo("Europe/London"), now) == days.Streak(2, True)
    assert days.streak_from_times(times, NEW_YORK, now) == days.Streak(1, True)
    assert days.streak_from_times(times, TOKYO, now) == days.Streak(1, True)


def test_tokyo_midnight_starts_a_new_day() -> None:
    # 23:50 and 00:10 in Tokyo (14:50 and 15:10 UTC): two days in a row there, one day in UTC.
    times = [at(2026, 11, 27, 14, 50), at(2026, 11, 27, 15, 10)]
    now = at(2026, 11, 27, 15, 20)
    assert days.streak_from_times(times, TOKYO, now) == days.Streak(2, True)
    assert days.streak_from_times(times, UTC, now) == days.Streak(1, True)


def test_a_day_across_the_clock_change_is_one_day() -> None:
    # New York leaves daylight saving on 2026-11-01 (25 hours long there).
    times = [at(2026, 11, 1, 4, 30), at(2026, 11, 2, 4, 30)]  # 00:30 EDT, then 23:30 EST
    assert [days.local_day(t, NEW_YORK) for t in times] == [date(2026, 11, 1)] * 2
    start = days.day_start(date(2026, 11, 1), NEW_YORK)
    assert start.utcoffset() == timedelta(hours=-4)


def test_minutes_count_gaps_up_to_a_pause() -> None:
    t0 = at(2026, 11, 28, 9, 0)
    times = [t0, t0 + timedelta(seconds=40), t0 + timedelta(seconds=100)]
    assert days.spent(times) == days.FIRST + timedelta(seconds=100)
    # After a pause longer than PAUSE an answer counts as FIRST, not the hour away.
    later = [*times, t0 + timedelta(hours=1)]
    assert days.spent(later) == days.spent(times) + days.FIRST


def test_daily_goal_counts_only_today_in_the_learners_zone() -> None:
    # Ten answers 60 s apart ending 23:59 in Tokyo yesterday, and ten starting 00:00 today.
    tokyo_midnight = datetime(2026, 11, 28, 0, 0, tzinfo=TOKYO)
    yesterday = [tokyo_midnight - timedelta(seconds=60 * n + 60) for n in range(10)]
    today = [tokyo_midnight + timedelta(seconds=60 * n) for n in range(10)]
    now = tokyo_midnight + timedelta(minutes=30)
    goal = days.goal(5, yesterday + today, TOKYO, now)
    # 30 s for the first answer of the day, then nine minutes.
    assert goal.done == 9
    assert goal.met
    assert goal.percent == 100
    # In New York, all twenty are on the same day (the 27th, still): 19 minutes and a half.
    assert days.goal(20, yesterday + today, NEW_YORK, now).done == 19


def test_no_goal_and_goal_not_chosen() -> None:
    now = at(2026, 11, 28, 12)
    assert not days.goal(0, [now], UTC, now).met
    assert days.goal(None, [], UTC, now) == days.Goal(None, 0)
    assert days.Goal(10, 4).percent == 40
    assert not days.Goal(10, 4).met


def test_estimate_of_the_reviews() -> None:
    t0 = at(2026, 11, 28, 9)
    quick = [t0 + timedelta(seconds=12 * n) for n in range(20)]
    assert days.per_answer(quick) == timedelta(seconds=12)
    assert days.estimate_minutes(30, days.per_answer(quick)) == 6
    # Too few answers to measure: the default time per answer.
    assert days.per_answer(quick[:2]) == days.DEFAULT_ANSWER
    assert days.estimate_minutes(0, days.DEFAULT_ANSWER) == 0
    assert days.estimate_minutes(1, days.DEFAULT_ANSWER) == 1


@pytest.mark.parametrize("name", ["", "Not/AZone", "x" * 200, "../../etc/passwd"])
def test_an_unknown_zone_is_the_sites(name: str, settings) -> None:
    assert days.zone(name) == ZoneInfo(settings.TIME_ZONE)


@given(st.sets(st.integers(min_value=0, max_value=60), max_size=40))
def test_streak_is_the_run_ending_today_or_yesterday(offsets: set[int]) -> None:
    today = date(2026, 11, 28)
    result = days.streak((today - timedelta(days=o) for o in offsets), today)
    start = 0 if 0 in offsets else 1
    n = 0
    while start + n in offsets:
        n += 1
    assert result == days.Streak(n, 0 in offsets)
