"""Student-paced lessons: a lesson plan every student works through on their phone at their own
pace, while the teacher's screen shows each student's progress live. Its questions are made
when the lesson starts (one per plan item, the same for everyone) and are never "the question
on screen" of the live mode: each phone asks for its own next one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from tutor.classroom import live, plans
from tutor.classroom.models import (
    Classroom,
    LessonPlan,
    LiveAnswer,
    LiveLesson,
    LiveQuestion,
    Membership,
)


def start(classroom: Classroom, plan: LessonPlan, settings: dict[str, Any]) -> LiveLesson | None:
    """Start a student-paced lesson of ``plan`` (a lesson under way in the class ends); None if
    the plan is empty. No countdown and no speed points: each student has their own pace."""
    items = list(plan.items.all())
    if not items:
        return None
    settings = {**settings, "countdown": 0, "auto_reveal": False, "speed_points": False}
    settings["paced"] = True
    with transaction.atomic():
        live.end_lesson(classroom)
        lesson = LiveLesson.objects.create(classroom=classroom, plan=plan, **settings)
        rows = []
        for n, item in enumerate(items, start=1):
            source = plans.source_for(item, classroom)
            rows.append(
                LiveQuestion(
                    classroom=classroom,
                    lesson=lesson,
                    number=n,
                    source=source.source,
                    query=source.query,
                    kind=source.kind,
                    seed=source.seed,
                    options=source.options,
                    ended=True,  # never the class's question on screen
                )
            )
        LiveQuestion.objects.bulk_create(rows)
    return lesson


def lesson_for(classroom: Classroom | int) -> LiveLesson | None:
    lesson = live.open_lesson(classroom)
    return lesson if lesson is not None and lesson.paced else None


def questions(lesson: LiveLesson) -> list[LiveQuestion]:
    return list(lesson.questions.order_by("number", "id"))


def answers_of(lesson: LiveLesson, learner_id: int) -> dict[int, LiveAnswer]:
    rows = LiveAnswer.objects.filter(question__lesson=lesson, learner_id=learner_id)
    return {a.question_id: a for a in rows}


@dataclass
class StudentProgress:
    name: str
    marks: list[bool | None]  # per question: right, wrong, or not answered yet
    answered: int
    right: int


def progress(lesson: LiveLesson) -> tuple[list[LiveQuestion], list[StudentProgress]]:
    """Every student's progress through the lesson (two queries: answers, students)."""
    qs = questions(lesson)
    index = {q.pk: n for n, q in enumerate(qs)}
    marks: dict[int, list[bool | None]] = {}
    for learner, qid, correct in LiveAnswer.objects.filter(question__lesson=lesson).values_list(
        "learner_id", "question_id", "correct"
    ):
        marks.setdefault(learner, [None] * len(qs))[index[qid]] = correct
    rows = []
    for m in Membership.objects.filter(classroom=lesson.classroom_id):
        got = marks.get(m.learner_id, [None] * len(qs))
        done = [x for x in got if x is not None]
        rows.append(StudentProgress(m.display_name, got, len(done), sum(done)))
    rows.sort(key=lambda r: (-r.answered, r.name.lower()))
    return qs, rows
