"""What today holds for a learner: the reviews due (how many, about how long), the next thing
on the path, the hand of the day, the streak and the daily goal."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import Any

from django.core.cache import cache
from django.db.models import Count
from django.db.models.functions import TruncDate
from django.http import HttpRequest
from django.urls import reverse

from tutor.accounts.models import Learner
from tutor.path import days
from tutor.path import quizapi as quiz
from tutor.path.models import PathSettings, TimedHand
from tutor.path.progress import PathState, path_state

#: The browser's time zone (static/js/path.js and the classroom's script set it).
ZONE_COOKIE = "tenbo_tz"
#: How far back the streak is counted (a longer one shows as this many days).
STREAK_DAYS = 400
#: Answers that measure the learner's usual time per answer (the newest).
RECENT = 60


def learner_zone(request: HttpRequest | None) -> tzinfo:
    """The learner's time zone: the browser's, else the site's."""
    name = request.COOKIES.get(ZONE_COOKIE, "") if request is not None else ""
    return days.zone(name)


@dataclass
class DueKind:
    kind: str
    name: str
    count: int

    @property
    def url(self) -> str:
        # Without a seed the quiz's schedule picks the item most overdue.
        return reverse("tutor:quiz_question", args=[self.kind])


@dataclass
class Today:
    due: list[DueKind]
    due_minutes: int
    path: PathState
    streak: days.Streak
    goal: days.Goal
    show_streak: bool
    daily_done: TimedHand | None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def due_count(self) -> int:
        return sum(d.count for d in self.due)

    @property
    def review_url(self) -> str | None:
        return self.due[0].url if self.due else None


def settings_of(learner: Learner | None) -> PathSettings:
    """The learner's settings (unsaved defaults when they have none)."""
    if learner is not None:
        found = PathSettings.objects.filter(learner=learner).first()
        if found is not None:
            return found
    return PathSettings(learner=learner, goal_minutes=None, show_streak=True)


def today(learner: Learner | None, tz: tzinfo, now: datetime | None = None) -> Today:
    now = now or quiz.now()
    due: list[DueKind] = []
    recent: list[datetime] = []
    today_times: list[datetime] = []
    active: list[date] = []
    daily = None
    if learner is not None:
        rows = (
            quiz.ItemProgress.objects.filter(learner=learner, due__lte=now, kind__in=quiz.KINDS)
            .values("kind")
            .annotate(n=Count("id"))
            .values_list("kind", "n")
        )
        due = sorted(
            (DueKind(k, str(quiz.KIND_NAMES[k]), n) for k, n in rows), key=lambda d: -d.count
        )
        answers = quiz.Answer.objects.filter(learner=learner, created__lte=now)
        recent = list(answers.order_by("-created").values_list("created", flat=True)[:RECENT])
        today_times = list(
            answers.filter(created__gte=days.day_start(days.local_day(now, tz), tz)).values_list(
                "created", flat=True
            )
        )
        active = past_days(learner, tz, now)
        if today_times:
            active.append(days.local_day(now, tz))
        daily = TimedHand.objects.filter(
            learner=learner, mode=TimedHand.DAILY, day=days.local_day(now, site_zone())
        ).first()
    each = days.per_answer(sorted(recent))
    settings = settings_of(learner)
    count = sum(d.count for d in due)
    return Today(
        due=due,
        due_minutes=days.estimate_minutes(count, each),
        path=path_state(learner, now, only_current=True),
        streak=days.streak(active, days.local_day(now, tz)),
        goal=days.goal(settings.goal_minutes, today_times, tz, now),
        show_streak=settings.show_streak,
        daily_done=daily,
    )


def _days_key(learner: Learner, tz: tzinfo, today: date) -> str:
    version = cache.get(f"tenbo:path:days-version:{learner.pk}", 0)
    return f"tenbo:path:days:{learner.pk}:{version}:{tz}:{today.isoformat()}"


def past_days(learner: Learner, tz: tzinfo, now: datetime) -> list[date]:
    """The days before today (in ``tz``) with an answer, for the streak. They cannot change
    any more (answers are stored at the time they are given), so they are worked out once a
    day per learner and zone, by the database (one row a day, not one an answer), and kept in
    the cache until tomorrow; a learner merge starts them afresh (:func:`forget_days`)."""
    today = days.local_day(now, tz)
    key = _days_key(learner, tz, today)
    found = cache.get(key)
    if found is None:
        start = days.day_start(today, tz)
        found = sorted(
            quiz.Answer.objects.filter(
                learner=learner, created__gte=start - timedelta(days=STREAK_DAYS), created__lt=start
            )
            .annotate(day=TruncDate("created", tzinfo=tz))
            .values_list("day", flat=True)
            .distinct()
        )
        cache.set(key, found, 86400)
    return list(found)


def forget_days(learner: Learner) -> None:
    """The learner gained answers from the past (a merge): read their days again."""
    key = f"tenbo:path:days-version:{learner.pk}"
    cache.set(key, cache.get(key, 0) + 1, None)


def site_zone() -> tzinfo:
    """The site's time zone: the hand of the day changes at its midnight."""
    return days.zone("")
