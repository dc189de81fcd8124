"""Assignments: their questions come from the quiz (``make_question`` with a seed derived from
the assignment), answers are checked by ``quiz.check`` and also recorded through
the quiz's progress so they count in the student's own progress. Results for the teacher."""

from __future__ import annotations

import csv
import io
import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.spreadsheet import safe_cell
from scorer.numbers import points_text
from tutor.accounts.models import Learner
from tutor.classroom import mistakes
from tutor.classroom.models import Assignment, AssignmentAnswer, Membership
from tutor.quiz import services as quiz


def question(assignment: Assignment, number: int) -> quiz.Question:
    """Question ``number`` (0-based) of the assignment: the same for every student."""
    return make(assignment.kind, quiz.set_seed(assignment.seed, number), assignment.options)


def make(kind: str, seed: int, options: dict[str, str]) -> quiz.Question:
    """A quiz question; a table question whose han range reaches the limit rows (options
    ``limit_han`` and ``formula_han``) picks its cell among those rows only."""
    if kind != "table" or "limit_han" not in options:
        return quiz.make_question(kind, seed, options)
    lows = {int(h) for h in options["limit_han"].split(",") if h}
    hans = {int(h) for h in options.get("formula_han", "").split(",") if h}
    cells = [
        c
        for c in quiz.table_cells(quiz.normalise(kind, options))
        if (c[3] is None and c[2] in lows) or (c[3] is not None and c[2] in hans)
    ]
    if not cells:
        return quiz.make_question(kind, seed, options)
    cell = random.Random(seed).choice(cells)
    item = quiz.table_key(*cell, players=quiz.rules_of(options).players)
    return quiz.make_question(kind, seed, {**options, "item": item})


def order_for(assignment: Assignment, learner: Learner) -> list[int]:
    """The order a student meets the questions in: as set, or shuffled per student."""
    numbers = list(range(assignment.count))
    if assignment.shuffled:
        random.Random(f"{assignment.seed}:{learner.pk}").shuffle(numbers)
    return numbers


def is_open(assignment: Assignment, at: datetime | None = None) -> bool:
    at = at or timezone.now()
    return assignment.opens <= at and (assignment.due is None or at <= assignment.due)


def open_for(learner: Learner | None) -> list[Assignment]:
    """Every open assignment of every class the learner belongs to."""
    if learner is None:
        return []
    at = timezone.now()
    rows = (
        Assignment.objects.filter(classroom__members__learner=learner, opens__lte=at)
        .exclude(due__lt=at)
        .select_related("classroom")
        .order_by("due", "id")
    )
    return list(rows)


def answers_of(assignment: Assignment, learner: Learner) -> dict[int, AssignmentAnswer]:
    return {a.number: a for a in assignment.answers.filter(learner=learner)}


def next_number(assignment: Assignment, learner: Learner) -> int | None:
    """The first question in the student's order still unanswered (None: all answered)."""
    done = set(assignment.answers.filter(learner=learner).values_list("number", flat=True))
    return next((n for n in order_for(assignment, learner) if n not in done), None)


def answer(
    assignment: Assignment,
    learner: Learner,
    number: int,
    given: dict[str, Any],
    seconds: float | None = None,
) -> tuple[quiz.Question, quiz.Verdict, AssignmentAnswer, bool]:
    """Check and store a student's answer. Only the first answer to a question counts; the
    returned flag says whether this one was stored."""
    q = question(assignment, number)
    verdict = quiz.check(q, given)
    try:
        with transaction.atomic():
            row = AssignmentAnswer.objects.create(
                assignment=assignment,
                learner=learner,
                number=number,
                correct=verdict.correct,
                given=given,
                expected=q.expected,
                seconds=seconds,
            )
    except IntegrityError:
        row = AssignmentAnswer.objects.get(assignment=assignment, learner=learner, number=number)
        return q, quiz.check(q, row.given), row, False
    quiz.record(learner, q, verdict, given)
    return q, verdict, row, True


#: A tsumo's two shares, written as the live lesson writes them ("1,300/2,600", 1300・2600)
SHARES = ("tsumo_others", "tsumo_dealer")


def given_text(q: quiz.Question, given: dict[str, Any]) -> str:
    """An answer on one line: field values joined by " / " (chosen labels for choices); a
    tsumo's two shares as players write them, the same in the live report, the assignment
    grid and both CSVs."""
    if tuple(f.name for f in q.fields) == SHARES:
        others, dealer = (quiz.parse_number(str(given.get(name, ""))) for name in SHARES)
        if others is not None and dealer is not None:
            return _("%(others)s/%(dealer)s") % {
                "others": points_text(others),
                "dealer": points_text(dealer),
            }
    parts = []
    for f in q.fields:
        value = given.get(f.name, "")
        if isinstance(value, list):
            names = dict(f.choices)
            # "、" in Japanese: the separator is translated, never the list glued in English
            comma = pgettext("between the choices of one answer", ", ")
            parts.append(comma.join(names.get(v, v) for v in sorted(value)) or "—")
        else:
            number = quiz.parse_number(str(value))
            # points as the page's language writes them (2,000 / 2000), as everywhere else
            parts.append(
                points_text(number) if number is not None and f.numeric else str(value) or "—"
            )
    return " / ".join(parts)


def expected_text(q: quiz.Question) -> str:
    return given_text(q, {k: v if isinstance(v, list) else str(v) for k, v in q.expected.items()})


# -- results ------------------------------------------------------------------------------------


@dataclass
class WrongAnswer:
    number: int
    given: str
    expected: str
    count: int
    meaning: str | None


@dataclass
class Given:
    """What a student answered to one question, and how long it took."""

    text: str
    correct: bool
    seconds: float | None


@dataclass
class StudentResult:
    member: Membership
    answers: list[Given | None]
    score: int
    percent: int  # of the assignment's questions
    seconds: float  # time to answer, summed over the answers whose time is known


@dataclass
class Results:
    assignment: Assignment
    questions: list[quiz.Question]
    students: list[Membership]
    grid: list[tuple[Membership, list[bool | None], int]]  # per student: marks, score
    accuracy: list[tuple[int, int]]  # per question: right, answered
    wrong: list[WrongAnswer] = field(default_factory=list)
    rows: list[StudentResult] = field(default_factory=list)


def results(assignment: Assignment) -> Results:
    """The class grid, per-question accuracy and the most common wrong answers."""
    questions = [question(assignment, n) for n in range(assignment.count)]
    students = list(assignment.classroom.members.all())
    rows = list(assignment.answers.all())
    marks: dict[tuple[int, int], bool] = {(a.learner_id, a.number): a.correct for a in rows}
    grid = []
    for m in students:
        line = [marks.get((m.learner_id, n)) for n in range(assignment.count)]
        grid.append((m, line, sum(1 for x in line if x)))
    members = {m.learner_id for m in students}
    accuracy = []
    for n in range(assignment.count):
        answered = [a for a in rows if a.number == n and a.learner_id in members]
        accuracy.append((sum(a.correct for a in answered), len(answered)))
    counts: Counter[tuple[int, str, str]] = Counter()
    meanings: dict[tuple[int, str, str], str | None] = {}
    for a in rows:
        if a.correct or a.learner_id not in members:
            continue
        q = questions[a.number] if a.number < len(questions) else None
        if q is None:
            continue
        key = (a.number, given_text(q, a.given), expected_text(q))
        counts[key] += 1
        if key not in meanings:
            found = [
                mistakes.meaning(q, f.name, str(a.given.get(f.name, "")))
                for f in q.fields
                if not isinstance(a.given.get(f.name), list)
            ]
            # The short table phrases first; for anything else, the quiz's own named slips.
            short = pgettext("between mistake phrases", "; ").join(m for m in found if m)
            meanings[key] = short or " ".join(x.text for x in quiz.slips(q, a.given)[:2]) or None
    wrong = [
        WrongAnswer(n, given, expected, count, meanings[(n, given, expected)])
        for (n, given, expected), count in counts.most_common(10)
    ]
    by = {(a.learner_id, a.number): a for a in rows}
    per_student = []
    for m, _line, score in grid:
        answers: list[Given | None] = []
        for n, q in enumerate(questions):
            got = by.get((m.learner_id, n))
            answers.append(
                Given(given_text(q, got.given), got.correct, got.seconds) if got else None
            )
        total = sum(g.seconds for g in answers if g is not None and g.seconds is not None)
        percent = round(100 * score / assignment.count) if assignment.count else 0
        per_student.append(StudentResult(m, answers, score, percent, round(total, 1)))
    return Results(assignment, questions, students, grid, accuracy, wrong, per_student)


def copies_of(assignment: Assignment) -> list[Assignment]:
    """The same assignment set for the teacher's other classes at once ("also for"): each class
    has its own copy, which editing this one leaves as it is."""
    return list(
        Assignment.objects.filter(
            classroom__teacher_id=assignment.classroom.teacher_id,
            title=assignment.title,
            kind=assignment.kind,
            opens=assignment.opens,
            count=assignment.count,
        )
        .exclude(pk=assignment.pk)
        .select_related("classroom")
    )


def results_csv(res: Results) -> str:
    """One row per student: name; for each question the answer, right (1) or wrong (0) and the
    seconds it took (empty cells: unanswered or not known); the score and its percentage."""
    out = io.StringIO()
    writer = csv.writer(out)
    header = [_("Student")]
    for n in range(res.assignment.count):
        header += [
            _("Q%(n)d answer") % {"n": n + 1},
            _("Q%(n)d right") % {"n": n + 1},
            _("Q%(n)d seconds") % {"n": n + 1},
        ]
    header += [pgettext("a student's score", "Score"), _("Percent")]
    writer.writerow(header)
    for row in res.rows:
        line = [safe_cell(row.member.display_name)]  # never a formula in a spreadsheet
        for given in row.answers:
            if given is None:
                line += ["", "", ""]
            else:
                seconds = "" if given.seconds is None else f"{given.seconds:.1f}"
                line += [safe_cell(given.text), "1" if given.correct else "0", seconds]
        line += [str(row.score), str(row.percent)]
        writer.writerow(line)
    return out.getvalue()


def class_levels(members: list[Membership], win: str = "both") -> dict[Any, dict[str, Any]]:
    """The class's mastery of each table cell (``quiz.group_table_levels``): every student's
    table items summed, so the heatmap shows where the class is weak."""
    return quiz.group_table_levels([m.learner_id for m in members], win)
