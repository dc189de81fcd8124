"""Where a learner stands on the path: each unit's state, its gates and the one next thing.

A unit is **mastered** when its lesson's check is passed and every drill of it is mastered (at
least ``NEED`` of the learner's last ``WINDOW`` answers to the drill right), or when the placement
check skipped it; the moment is kept (:class:`~tutor.path.models.UnitDone`) and a later miss does
not take it away (spaced repetition brings the items back instead). A unit is **in progress**
once anything of it was done: the lesson read, a check question or a drill answered. The first
unit is open; each other one opens when the one before is mastered; any unit can still be opened
by hand (its page is never locked), and "Continue" always goes to the first unit not mastered:
its lesson, then its check, then its first drill not yet mastered.

The facts come from the quiz's own answers (tutor.quiz.models.Answer) and the path's rows; the
rules that turn them into states are the pure functions :func:`drill_state`, :func:`unit_state`
and :func:`next_step`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final
from urllib.parse import urlencode

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.functional import Promise

from tutor.accounts.models import Learner
from tutor.course.lessons import BY_SLUG as LESSONS
from tutor.course.lessons import Lesson
from tutor.path import checks
from tutor.path import quizapi as quiz
from tutor.path.models import LessonRead, UnitDone
from tutor.path.units import NEED, UNITS, WINDOW, Drill, Unit, number_of

NOT_STARTED: Final = "not_started"
IN_PROGRESS: Final = "in_progress"
MASTERED: Final = "mastered"


def pass_mark(total: int) -> int:
    """Right answers a check of ``total`` questions needs: all of one or two, two thirds of more."""
    return total if total <= 2 else math.ceil(2 * total / 3)


def drill_keys(drill: Drill) -> list[str]:
    """The spaced-repetition items the drill's filter covers (empty: every item of its kind)."""
    try:
        return quiz.candidates(drill.kind, quiz.normalise(drill.kind, dict(drill.options)))
    except quiz.QuizError:
        return []


def drill_url(drill: Drill, set_id: int | None = None) -> str:
    """A new set of the drill on the quiz's own page (a set of ten, ending with a debrief)."""
    set_id = set_id if set_id is not None else random.randrange(1, 10**6)
    query = urlencode({**drill.options, "set": set_id, "n": 0})
    return reverse("tutor:quiz_question", args=[drill.kind]) + "?" + query


@dataclass(frozen=True)
class DrillState:
    drill: Drill
    name: str | Promise
    #: The learner's last answers to the drill (at most WINDOW), newest first.
    recent: tuple[bool, ...]

    @property
    def right(self) -> int:
        return sum(self.recent)

    @property
    def mastered(self) -> bool:
        return self.right >= NEED

    @property
    def to_go(self) -> int:
        """Right answers still needed, if all the next ones are right."""
        if self.mastered:
            return 0
        # Each new answer pushes the oldest out of the window once it is full.
        needed = 0
        recent = list(self.recent)
        while sum(recent) < NEED:
            recent = [True, *recent][:WINDOW]
            needed += 1
        return needed


def drill_state(drill: Drill, recent: Sequence[bool]) -> DrillState:
    return DrillState(drill, quiz.KIND_NAMES[drill.kind], tuple(recent[:WINDOW]))


@dataclass(frozen=True)
class CheckState:
    total: int
    #: The latest verdict of each question answered, by position.
    latest: Mapping[int, bool]

    @property
    def answered(self) -> int:
        return len(self.latest)

    @property
    def right(self) -> int:
        return sum(self.latest.values())

    @property
    def passed(self) -> bool:
        return self.right >= pass_mark(self.total)

    @property
    def finished(self) -> bool:
        return self.answered == self.total

    def next_position(self) -> int | None:
        """The question to ask next: the first never answered, else the first missed."""
        for n in range(self.total):
            if n not in self.latest:
                return n
        for n in range(self.total):
            if not self.latest[n]:
                return n
        return None


@dataclass(frozen=True)
class Step:
    """The one next thing: what it is, where it is, and in which unit."""

    what: str  # "lesson", "check", "drill", "exam"
    url: str
    unit: Unit | None = None
    drill: DrillState | None = None


@dataclass
class UnitState:
    unit: Unit
    number: int
    lesson: Lesson
    read: bool
    check: CheckState
    drills: list[DrillState]
    done: UnitDone | None
    open: bool
    status: str = NOT_STARTED
    step: Step | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def mastered(self) -> bool:
        return self.status == MASTERED

    @property
    def placed(self) -> bool:
        return self.done is not None and self.done.placed

    @property
    def url(self) -> str:
        return reverse("tutor:path_unit", args=[self.unit.slug])

    @property
    def drills_mastered(self) -> bool:
        return all(d.mastered for d in self.drills)


def unit_status(
    read: bool, check: CheckState, drills: Iterable[DrillState], done: bool, opened: bool = True
) -> str:
    """Mastered, in progress (its lesson read, its check or, once the unit is open, its drills
    answered) or not started. Drill answers given before the unit opened (the same drill in an
    earlier unit, a check's question) do not start a unit by themselves."""
    if done:
        return MASTERED
    if read or check.answered or (opened and any(d.recent for d in drills)):
        return IN_PROGRESS
    return NOT_STARTED


def earned(check: CheckState, drills: Iterable[DrillState]) -> bool:
    """Whether the unit's gates are met: the check passed and every drill mastered."""
    return check.passed and all(d.mastered for d in drills)


def next_step(unit: Unit, read: bool, check: CheckState, drills: Sequence[DrillState]) -> Step:
    """The next thing to do in a unit not yet mastered: read, then the check, then the first
    drill not yet mastered (the last drill again, should all be mastered and the unit not)."""
    if not read:
        return Step("lesson", reverse("tutor:lesson", args=[unit.lesson]), unit)
    if not check.passed:
        return Step("check", check_url(unit, check.next_position()), unit)
    todo = next((d for d in drills if not d.mastered), drills[-1])
    return Step("drill", drill_url(todo.drill), unit, todo)


def check_url(unit: Unit, position: int | None = None) -> str:
    url = reverse("tutor:path_check", args=[unit.slug])
    return url + (f"?n={position}" if position else "")


# -- reading the learner's facts -----------------------------------------------------------------


def _lessons_read(learner: Learner | None) -> set[str]:
    if learner is None:
        return set()
    return set(LessonRead.objects.filter(learner=learner).values_list("lesson", flat=True))


def _done(learner: Learner | None) -> dict[str, UnitDone]:
    if learner is None:
        return {}
    return {row.unit: row for row in UnitDone.objects.filter(learner=learner)}


def check_states(learner: Learner | None) -> dict[str, CheckState]:
    """Every unit's check: the latest verdict of each of its questions."""
    latest: dict[int, bool] = {}
    if learner is not None:
        rows = (
            quiz.Answer.objects.filter(
                learner=learner, seed__gte=checks.SEED_BASE, seed__lt=checks.PLACEMENT_SEED
            )
            .order_by("created", "id")
            .values_list("seed", "correct")
        )
        latest = dict(rows)
    out = {}
    for unit in UNITS:
        seeds = {checks.check_seed(unit, n): n for n in range(len(unit.check))}
        out[unit.slug] = CheckState(
            len(unit.check), {n: latest[s] for s, n in seeds.items() if s in latest}
        )
    return out


def recent_answers(learner: Learner | None, drill: Drill) -> list[bool]:
    """The learner's last WINDOW answers to the drill's items, newest first."""
    if learner is None:
        return []
    rows = quiz.Answer.objects.filter(learner=learner, kind=drill.kind)
    keys = drill_keys(drill)
    if keys:
        rows = rows.filter(key__in=keys)
    return list(rows.order_by("-created", "-id").values_list("correct", flat=True)[:WINDOW])


def _mark_done(learner: Learner, unit: Unit, at: datetime, placed: bool = False) -> UnitDone:
    try:
        with transaction.atomic():
            row, _made = UnitDone.objects.get_or_create(
                learner=learner, unit=unit.slug, defaults={"done_at": at, "placed": placed}
            )
    except IntegrityError:  # a twin request recorded it first
        row = UnitDone.objects.get(learner=learner, unit=unit.slug)
    return row


@dataclass
class PathState:
    units: list[UnitState]
    #: The one next thing (None only when nothing is left to do on the path).
    step: Step
    #: Units mastered just now, by this reading of the facts (for the debrief).
    newly_mastered: list[UnitState] = field(default_factory=list)

    @property
    def mastered(self) -> int:
        return sum(u.mastered for u in self.units)

    @property
    def current(self) -> UnitState | None:
        return next((u for u in self.units if not u.mastered), None)

    def by_slug(self, slug: str) -> UnitState:
        return next(u for u in self.units if u.unit.slug == slug)


def path_state(
    learner: Learner | None, at: datetime | None = None, *, only_current: bool = False
) -> PathState:
    """Every unit's state, and the next step. A unit whose gates are met is recorded as
    mastered now (kept from then on). ``only_current``: read the drills of the first unit not
    mastered only (what Today and the strip on the picker need), the others' drills left empty."""
    at = at or quiz.now()
    read = _lessons_read(learner)
    done = _done(learner)
    check = check_states(learner)
    units: list[UnitState] = []
    newly: list[UnitState] = []
    previous_mastered = True
    seen_current = False
    for unit in UNITS:
        row = done.get(unit.slug)
        need_drills = row is None and not (only_current and seen_current)
        drills = (
            [drill_state(d, recent_answers(learner, d)) for d in unit.drills]
            if need_drills
            else [drill_state(d, []) for d in unit.drills]
        )
        if row is None and learner is not None and need_drills and earned(check[unit.slug], drills):
            row = _mark_done(learner, unit, at)
            done[unit.slug] = row
            state_new = True
        else:
            state_new = False
        state = UnitState(
            unit=unit,
            number=number_of(unit),
            lesson=LESSONS[unit.lesson],
            read=unit.lesson in read,
            check=check[unit.slug],
            drills=drills,
            done=row,
            open=previous_mastered,
        )
        state.status = unit_status(state.read, state.check, drills, row is not None, state.open)
        state.open = state.open or state.status != NOT_STARTED
        if not state.mastered and need_drills:
            state.step = next_step(unit, state.read, state.check, drills)
        if not state.mastered:
            seen_current = True
        if state_new:
            newly.append(state)
        previous_mastered = state.mastered
        units.append(state)
    current = next((u for u in units if not u.mastered), None)
    step = (
        current.step
        if current is not None and current.step is not None
        else Step("exam", reverse("tutor:path_exam"))
    )
    return PathState(units, step, newly)


def mark_read(learner: Learner, lesson: str, at: datetime | None = None) -> None:
    """The lesson is read (the first time counts; reading again changes nothing)."""
    try:
        with transaction.atomic():
            LessonRead.objects.get_or_create(
                learner=learner, lesson=lesson, defaults={"read_at": at or quiz.now()}
            )
    except IntegrityError:
        pass


def place(learner: Learner, units: Iterable[Unit], at: datetime | None = None) -> None:
    """Mark ``units`` as skipped by the placement check (a unit mastered already stays so)."""
    for unit in units:
        _mark_done(learner, unit, at or quiz.now(), placed=True)


def last_lesson(learner: Learner | None) -> tuple[Lesson, bool] | None:
    """Where the course left off: (the lesson to go on with, whether it is already read —
    every lesson read ends on the last one read). None before the first lesson is read."""
    if learner is None:
        return None
    rows = list(
        LessonRead.objects.filter(learner=learner)
        .order_by("-read_at", "-id")
        .values_list("lesson", flat=True)
    )
    if not rows:
        return None
    from tutor.course.lessons import LESSONS as ORDER

    read = set(rows)
    latest = LESSONS.get(rows[0])
    if latest is None:
        return None
    after = list(ORDER[ORDER.index(latest) + 1 :]) + list(ORDER[: ORDER.index(latest)])
    following = next((lesson for lesson in after if lesson.slug not in read), None)
    return (following, False) if following is not None else (latest, True)
