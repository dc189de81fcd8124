"""The debrief after a set of questions (a quiz set, a unit's check): what was right and wrong,
the time it took, the slips grouped by the skill they break with the lesson part that teaches
each, the ones to retry, and what changed in mastery.

Every slip is the quiz's own feedback (:func:`tutor.quiz.feedback.slips`): named only when the
engine, re-working the question with it, gives the learner's numbers. A wrong answer no slip
explains is said to be so, with its worked-out derivation a link away; nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import Learner
from tutor.course.lessons import topic_url
from tutor.path import days
from tutor.path import quizapi as quiz
from tutor.path.progress import DrillState, PathState, drill_state
from tutor.path.units import UNITS, WINDOW, Unit

#: Each lesson topic a slip can point to (tutor.course.lessons.TOPICS), as a skill's name.
TOPIC_NAMES: Final[dict[str, Promise]] = {
    "bazoro": _("Bazoro: the two han every win gets"),
    "dealer": _("The dealer's payments"),
    "win-fu": _("Fu for the win (closed ron, tsumo)"),
    "triplet-fu": _("Fu of triplets and kans"),
    "pair-fu": _("Fu of the pair"),
    "wait-fu": _("Fu of the wait"),
    "rounding-fu": _("Rounding the fu up"),
    "pinfu": _("Pinfu"),
    "chiitoitsu": _("Seven pairs"),
    "open-pinfu": _("The open pinfu shape"),
    "ron-triplet": _("A triplet completed by ron"),
    "yaku": _("Yaku"),
    "kuisagari": _("Kuisagari: one han less when open"),
    "dora": _("Dora and their indicators"),
    "limits": _("Limits: mangan and above"),
    "payments": _("Payments and their rounding"),
    "kiriage": _("Kiriage mangan"),
    "honba": _("Honba"),
    "sticks": _("Riichi sticks"),
    "wareme": _("Wareme"),
    "quick-patterns": _("The quick method's patterns"),
    "tenpane": _("Tenpane: more fu than the pattern"),
    "doubling": _("Doubling for each han"),
    "rounding-payments": _("Rounding the payments"),
    "sanma": _("Three players"),
}


@dataclass
class Line:
    """One question of the set as the debrief lists it."""

    position: int
    question: quiz.Question
    answered: bool
    correct: bool
    #: (label, given, expected, ok) of each answer field.
    rows: list[tuple[str, str, str, bool]]
    #: Multiple choice: each field's choices as (label, chosen, right).
    choices: list[tuple[str, list[tuple[str, bool, bool]]]]
    slips: list[quiz.Slip]
    url: str
    seconds: int = 0


@dataclass
class Group:
    """The slips that break one skill, with the lesson part that teaches it."""

    topic: str
    name: str
    url: str
    slips: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class Debrief:
    lines: list[Line]
    seconds: int
    groups: list[Group]
    #: Positions of wrong answers no slip explains.
    unexplained: list[int]
    retry_url: str | None
    #: Items moved up a box, and items sent back to the first box, by this set.
    items_up: int = 0
    items_back: int = 0
    #: Drills of the path this set counted for: (unit, before, after).
    drills: list[tuple[Unit, DrillState, DrillState]] = field(default_factory=list)
    path: PathState | None = None

    @property
    def asked(self) -> int:
        return sum(line.answered for line in self.lines)

    @property
    def right(self) -> int:
        return sum(line.correct for line in self.lines)

    @property
    def wrong(self) -> int:
        return self.asked - self.right

    @property
    def window(self) -> int:
        return WINDOW

    @property
    def minutes(self) -> int:
        return self.seconds // 60

    @property
    def rest_seconds(self) -> int:
        return self.seconds % 60


def _line(position: int, question: quiz.Question, answer: quiz.Answer | None, url: str) -> Line:
    if answer is None:
        return Line(position, question, False, False, [], [], [], url)
    given: Mapping[str, Any] = answer.given if isinstance(answer.given, dict) else {}
    verdict = quiz.check(question, given)
    rows = [(str(v.label), v.given, v.expected, v.ok) for v in verdict.fields]
    choices = []
    for f in question.fields:
        if not f.choices:
            continue
        got = given.get(f.name, [] if f.multiple else "")
        chosen = {str(g) for g in got} if isinstance(got, list) else {str(got)}
        want = question.expected.get(f.name)
        right = {str(w) for w in want} if isinstance(want, list) else {str(want)}
        choices.append(
            (str(f.label), [(label, value in chosen, value in right) for value, label in f.choices])
        )
    slips = [] if verdict.correct else quiz.slips(question, given)
    return Line(position, question, True, verdict.correct, rows, choices, slips, url)


def _groups(lines: Sequence[Line]) -> tuple[list[Group], list[int]]:
    groups: dict[str, Group] = {}
    unexplained = []
    for line in lines:
        if not line.answered or line.correct:
            continue
        if not line.slips:
            unexplained.append(line.position)
        for slip in line.slips:
            topic = slip.topic
            if topic not in groups:
                name = TOPIC_NAMES.get(topic, "")
                groups[topic] = Group(topic, str(name), topic_url(topic))
            groups[topic].slips.append((line.position, slip.text))
    order = list(TOPIC_NAMES)
    ranked = sorted(
        groups.values(),
        key=lambda g: (-len(g.slips), order.index(g.topic) if g.topic in order else 99),
    )
    return ranked, unexplained


def _boxes(answers: Sequence[tuple[str, datetime, bool]], start: datetime) -> tuple[int, int]:
    """(items moved up, items at the first box) after the answers given from ``start`` on:
    each item's box replayed from its answers, as the schedule moves it (a right answer one box
    up, a miss back to the first, due again within minutes)."""
    before: dict[str, int] = {}
    after: dict[str, int] = {}
    touched: dict[str, None] = {}
    for key, at, correct in answers:
        box = quiz.next_box(after.get(key, 0), correct)
        if at < start:
            before[key] = box
        else:
            touched[key] = None
        after[key] = box
    up = sum(after[k] > before.get(k, 0) for k in touched)
    back = sum(after[k] == 0 for k in touched)
    return up, back


def build(
    learner: Learner | None,
    asked: Sequence[tuple[int, quiz.Question, str]],
    *,
    retry_url: str | None = None,
    path: PathState | None = None,
) -> Debrief:
    """The debrief of the questions ``asked`` — (position, question, its URL) — from the
    learner's latest answer to each."""
    latest: dict[tuple[str, int], quiz.Answer] = {}
    if learner is not None and asked:
        kinds = {q.kind for _n, q, _u in asked}
        seeds = {q.seed for _n, q, _u in asked}
        for row in quiz.Answer.objects.filter(
            learner=learner, kind__in=kinds, seed__in=seeds
        ).order_by("created", "id"):
            latest[(row.kind, row.seed)] = row
    lines = [_line(n, q, latest.get((q.kind, q.seed)), url) for n, q, url in asked]
    times = sorted(a.created for a in latest.values())
    per = dict(zip(times, days.spent_each(times), strict=True))
    for line in lines:
        found = latest.get((line.question.kind, line.question.seed))
        if found is not None:
            line.seconds = int(per[found.created].total_seconds())
    groups, unexplained = _groups(lines)
    debrief = Debrief(
        lines=lines,
        seconds=int(days.spent(times).total_seconds()),
        groups=groups,
        unexplained=unexplained,
        retry_url=retry_url if any(line.answered and not line.correct for line in lines) else None,
        path=path,
    )
    if learner is not None and times:
        start = times[0]
        keys = {q.key for _n, q, _u in asked}
        history = list(
            quiz.Answer.objects.filter(learner=learner, key__in=keys)
            .order_by("created", "id")
            .values_list("key", "created", "correct")
        )
        debrief.items_up, debrief.items_back = _boxes(history, start)
        shown = {u.unit.slug for u in path.newly_mastered} if path is not None else set()
        if path is not None and path.current is not None:
            shown.add(path.current.unit.slug)
        debrief.drills = _drill_changes(learner, {q.kind for _n, q, _u in asked}, start, shown)
    return debrief


def _drill_changes(
    learner: Learner, kinds: set[str], start: datetime, units: set[str]
) -> list[tuple[Unit, DrillState, DrillState]]:
    """The drills of these kinds in the ``units`` named (the learner's current unit and any
    mastered just now): the window of answers before the set and after it."""
    from tutor.path.progress import drill_keys

    out = []
    for unit in UNITS:
        for drill in unit.drills:
            if drill.kind not in kinds or unit.slug not in units:
                continue
            rows = quiz.Answer.objects.filter(learner=learner, kind=drill.kind)
            keys = drill_keys(drill)
            if keys:
                rows = rows.filter(key__in=keys)
            ordered = rows.order_by("-created", "-id").values_list("correct", "created")
            recent = list(ordered[: 2 * WINDOW + 20])
            after = [ok for ok, _at in recent]
            before = [ok for ok, at in recent if at < start]
            if after[:WINDOW] != before[:WINDOW] or not before:
                if not after:
                    continue
                out.append((unit, drill_state(drill, before), drill_state(drill, after)))
    return out


def seconds_text(total: int | timedelta) -> tuple[int, int]:
    """(minutes, seconds) of a duration."""
    value = int(total.total_seconds()) if isinstance(total, timedelta) else int(total)
    return value // 60, value % 60
