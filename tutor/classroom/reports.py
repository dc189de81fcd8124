"""What a live lesson leaves behind: the report (every question, every student's answer, right
or wrong, time to answer, the class's common wrong answers and what they mean), its CSV, and the
leaderboard the projector may show."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import QueryDict
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from config.spreadsheet import safe_cell
from tutor.classroom import live, mistakes
from tutor.classroom.models import LiveAnswer, LiveLesson, LiveQuestion, Membership
from tutor.walkthrough import steps as walkthrough


@dataclass
class Cell:
    """One student's answer to one question."""

    value: str
    correct: bool
    seconds: float
    points: int = 0


@dataclass
class WrongAnswer:
    value: str
    count: int
    meaning: str


@dataclass
class QuestionRow:
    question: LiveQuestion
    prompt: live.Prompt
    right: int
    answered: int
    wrong: list[WrongAnswer] = field(default_factory=list)


@dataclass
class StudentRow:
    name: str
    cells: list[Cell | None]
    right: int
    seconds: float  # time to answer, summed over the questions answered
    points: int = 0  # speed and streak points (lessons with speed points)


@dataclass
class Report:
    lesson: LiveLesson
    questions: list[QuestionRow]
    students: list[StudentRow]


def report(lesson: LiveLesson) -> Report:
    """The lesson's report, from three queries (questions, answers, the class's students)."""
    questions = list(lesson.questions.order_by("number", "id"))
    answers = list(
        LiveAnswer.objects.filter(question__lesson=lesson).values_list(
            "question_id", "learner_id", "value", "correct", "created", "points"
        )
    )
    started = {q.pk: q.created for q in questions}
    names = {
        m.learner_id: m.display_name
        for m in Membership.objects.filter(classroom=lesson.classroom_id)
    }
    by: dict[tuple[int, int], Cell] = {}
    for qid, learner, value, correct, created, points in answers:
        seconds = max(0.0, (created - started[qid]).total_seconds())
        by[(learner, qid)] = Cell(value, correct, round(seconds, 1), points)
    rows = []
    for q in questions:
        prompt = live.prompt_for(q)
        got = [c for (_learner, qid), c in by.items() if qid == q.pk]
        counts = Counter(c.value for c in got if not c.correct)
        wrong = [
            WrongAnswer(_shown(prompt, value), n, meaning(q, prompt, value))
            for value, n in counts.most_common(5)
        ]
        rows.append(QuestionRow(q, prompt, sum(c.correct for c in got), len(got), wrong))
    learners = sorted(
        {learner for learner, _qid in by} | set(names), key=lambda x: names.get(x, "").lower()
    )
    students = []
    for learner in learners:
        cells = [by.get((learner, q.pk)) for q in questions]
        # A student removed since keeps their answers in the report, without a name
        name = names.get(learner) or _("(removed student)")
        done = [c for c in cells if c is not None]
        students.append(
            StudentRow(
                name,
                cells,
                sum(c.correct for c in done),
                sum(c.seconds for c in done),
                sum(c.points for c in done),
            )
        )
    return Report(lesson, rows, students)


def _shown(prompt: live.Prompt, value: str) -> str:
    return live.value_text(value) if prompt.question is None else value


def shown(prompt: live.Prompt, value: str) -> str:
    return _shown(prompt, value)


# -- what a wrong answer means --------------------------------------------------------------------


def meaning(q: LiveQuestion, prompt: live.Prompt, value: str) -> str:
    """What a wrong answer probably means, only where re-working the hand proves it: the same
    hand scored with one fact changed gives exactly this answer."""
    if prompt.question is not None:
        field_ = prompt.question.fields[0] if len(prompt.question.fields) == 1 else None
        if field_ is None:
            return ""
        return mistakes.meaning(prompt.question, field_.name, value) or ""
    return _hand_meaning(q.query, value, get_language() or "en")


@lru_cache(maxsize=512)
def _hand_meaning(query: str, value: str, lang: str) -> str:
    data = walkthrough.request_from_query(QueryDict(query))
    tsumo = bool(data.get("tsumo"))
    dealer = str(data.get("seat", "1z")) == "1z"
    variants: list[tuple[dict[str, Any], str]] = []
    if data.get("honba") not in (None, "", "0"):
        variants.append(({**data, "honba": "0"}, _("honba not counted")))
    if data.get("ura") and (data.get("riichi") or data.get("double_riichi")):
        variants.append(({**data, "ura": ""}, _("ura-dora not counted")))
    if data.get("dora"):
        variants.append(({**data, "dora": ""}, _("dora not counted")))
    variants.append(
        (
            {**data, "seat": "2z" if dealer else "1z"},
            _("scored as a non-dealer's win") if dealer else _("scored as the dealer's win"),
        )
    )
    if tsumo:
        variants.append(({**{k: v for k, v in data.items() if k != "tsumo"}}, _("scored as a ron")))
    else:
        variants.append(({**data, "tsumo": "1"}, _("scored as a tsumo")))
    here = walkthrough.build(data)
    if here.ok and tsumo and value == str(int(here.result["payments"]["total"])):
        return _("the total of the payments, not each payer's share")
    if here.ok and value == str(
        int(here.result["payments"]["total"]) + int(here.result["payments"]["sticks"])
    ):
        return _("the riichi sticks added (the winner collects them; no one pays them)")
    for variant, phrase in variants:
        walk = walkthrough.build(variant)
        if not walk.ok:
            continue
        pay = walk.result["payments"]
        if pay["ron"] is not None:
            forms = {str(int(pay["total"]))}
        elif pay["tsumo_dealer"] is None:
            forms = {f"all:{int(pay['tsumo_others'])}", str(int(pay["tsumo_others"]))}
        else:
            forms = {f"{int(pay['tsumo_others'])}/{int(pay['tsumo_dealer'])}"}
        if value in forms:
            return phrase
    return ""


# -- leaderboard ----------------------------------------------------------------------------------


@dataclass
class Place:
    place: int
    name: str
    right: int
    seconds: float
    points: int = 0


def ranked(
    rows: list[tuple[str, int, float, int]], by_points: bool, hide: bool, top: int
) -> list[Place]:
    """Places from (name, right, seconds, points): the score is the number right (or the
    points); equal scores share a place (1, 1, 3); only places up to ``top``; nobody with
    nothing right is shown."""
    scored = [r for r in rows if r[1] > 0]
    scored.sort(key=lambda r: (-(r[3] if by_points else r[1]), r[0].lower()))
    places: list[Place] = []
    for n, (name, right, seconds, points) in enumerate(scored, start=1):
        score = points if by_points else right
        before = places[-1] if places else None
        same = before is not None and (before.points if by_points else before.right) == score
        place = before.place if same and before is not None else n
        if place > top:
            break
        places.append(Place(place, "" if hide else name, right, round(seconds, 1), points))
    return places


def leaderboard(lesson: LiveLesson | None, top: int = 5) -> list[Place]:
    """The lesson's best students by the number right (or by points, when the lesson gives
    points for speed): top five places, ties sharing one (off by default; the teacher turns
    it on, and may hide the names)."""
    if lesson is None:
        return []
    rows = [(s.name, s.right, s.seconds, s.points) for s in report(lesson).students]
    return ranked(rows, lesson.speed_points, lesson.hide_names, top)


def question_podium(question: LiveQuestion, top: int = 3) -> list[Place]:
    """One question's podium after its reveal: the right answers with the most points (the
    fastest), for lessons with speed points."""
    lesson = question.lesson
    if lesson is None:
        return []
    names = dict(
        Membership.objects.filter(classroom=question.classroom_id).values_list(
            "learner_id", "display_name"
        )
    )
    answers = LiveAnswer.objects.filter(question=question, correct=True).values_list(
        "learner_id", "created", "points"
    )
    rows = [
        (names.get(learner, ""), 1, (created - question.created).total_seconds(), points)
        for learner, created, points in answers
        if learner in names
    ]
    return ranked(rows, True, lesson.hide_names, top)


def summary(lesson: LiveLesson) -> dict[str, Any]:
    """The projector's end screen: the class's accuracy, the hardest question, the podium."""
    rep = report(lesson)
    answered = sum(r.answered for r in rep.questions)
    right = sum(r.right for r in rep.questions)
    asked = [r for r in rep.questions if r.answered]
    hardest = min(asked, key=lambda r: (r.right / r.answered, -r.question.number), default=None)
    rows = [(s.name, s.right, s.seconds, s.points) for s in rep.students]
    return {
        "questions": len(rep.questions),
        "answered": answered,
        "right": right,
        "accuracy": round(100 * right / answered) if answered else None,
        "hardest": hardest,
        "hardest_accuracy": round(100 * hardest.right / hardest.answered) if hardest else None,
        "podium": ranked(rows, lesson.speed_points, lesson.hide_names, 3)
        if lesson.leaderboard
        else [],
    }


# -- CSV -----------------------------------------------------------------------------------------


def report_csv(rep: Report) -> str:
    """One row per student: name, then for each question the answer, right (1/0) and seconds,
    then the number right."""
    out = io.StringIO()
    writer = csv.writer(out)
    header = [_("Student")]
    for row in rep.questions:
        n = row.question.number
        header += [
            _("Q%(n)d answer") % {"n": n},
            _("Q%(n)d right") % {"n": n},
            _("Q%(n)d seconds") % {"n": n},
        ]
    header.append(pgettext("a student's score", "Score"))
    writer.writerow(header)
    for s in rep.students:
        line = [safe_cell(s.name)]
        for row, c in zip(rep.questions, s.cells, strict=True):
            if c is None:
                line += ["", "", ""]
            else:
                line += [
                    safe_cell(_shown(row.prompt, c.value)),
                    "1" if c.correct else "0",
                    str(c.seconds),
                ]
        line.append(str(s.right))
        writer.writerow(line)
    return out.getvalue()
