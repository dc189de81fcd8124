"""Template tags other features' pages use to show the learner's path (tutor.path holds the
logic): Today's strip above the picker, a lesson's real check questions and its "mark as read",
the course list's "Continue where you left off", and the debrief at the end of a quiz set."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from tutor.accounts.learners import SESSION_KEY, learner_for
from tutor.path import checks, debrief, progress
from tutor.path import quizapi as quiz
from tutor.path import today as today_service
from tutor.path.units import UNITS, unit_for_lesson

register = template.Library()


def _learner(context: Any) -> Any:
    """The request's learner, if any (none for a request without a session: a page rendered
    outside the middleware, as some tests render the course's)."""
    request = context.get("request")
    if request is None or not hasattr(request, "session"):
        return None
    return learner_for(request, create=False)


@register.simple_tag(takes_context=True)
def today_strip(context: Any) -> dict[str, Any] | None:
    """Today at a glance for a learner; for a browser with none yet, the way to the path."""
    request = context.get("request")
    if request is None or not hasattr(request, "session"):
        return None
    if not request.user.is_authenticated and not request.session.get(SESSION_KEY):
        return {"learner": False}
    learner = _learner(context)
    if learner is None:
        return {"learner": False}
    data = today_service.today(learner, today_service.learner_zone(request))
    return {"learner": True, "t": data}


@register.simple_tag(takes_context=True)
def lesson_check(context: Any, lesson: str, example: int) -> list[dict[str, Any]]:
    """The real questions of the lesson's check about worked example ``example`` (from 0):
    one form each, answered in place."""
    unit = unit_for_lesson(lesson)
    if unit is None:
        return []
    out = []
    for n, item in enumerate(unit.check):
        if item.example != example:
            continue
        question = checks.check_question(unit, n)
        out.append(
            {
                "unit": unit,
                "n": n,
                "question": question,
                "rows": quiz.form.rows(question),
                "target": f"#check-{unit.slug}-{n}",
                "form_id": f"c{n}",
                "answer_url": reverse("tutor:path_check_answer", args=[unit.slug]),
                "answer_key": uuid.uuid4().hex,
                "hidden": {"n": n, "inline": "1"},
            }
        )
    return out


@register.simple_tag(takes_context=True)
def lesson_progress(context: Any, lesson: str) -> dict[str, Any] | None:
    """The lesson's unit and where the learner is in it (read, check), for the lesson's end."""
    unit = unit_for_lesson(lesson)
    if unit is None:
        return None
    learner = _learner(context)
    read = learner is not None and learner.lessons_read.filter(lesson=lesson).exists()
    check = progress.check_states(learner)[unit.slug]
    return {
        "unit": unit,
        "number": UNITS.index(unit) + 1,
        "read": read,
        "check": check,
        "check_url": progress.check_url(unit, check.next_position()),
    }


@register.simple_tag(takes_context=True)
def course_progress(context: Any) -> dict[str, Any]:
    """The lessons read, and where the course left off."""
    learner = _learner(context)
    if learner is None:
        return {"read": set(), "left_off": None}
    read = set(learner.lessons_read.values_list("lesson", flat=True))
    return {"read": read, "left_off": progress.last_lesson(learner)}


@register.filter
def contains(items: Any, value: Any) -> bool:
    return value in items


@register.simple_tag(takes_context=True)
def set_debrief(context: Any) -> debrief.Debrief | None:
    """The debrief of the quiz set that just ended (its context: the question, the set and its
    positions), from the learner's answers."""
    question = context.get("question")
    set_id = context.get("set_id")
    positions = context.get("positions") or []
    learner = _learner(context)
    if question is None or set_id is None or learner is None:
        return None
    options = {k: v for k, v in question.options.items() if k != "item"}
    asked = []
    for n in positions:
        q = quiz.make_question(question.kind, quiz.set_seed(set_id, n), options)
        url = (
            reverse("tutor:quiz_question", args=[q.kind])
            + "?"
            + urlencode({**options, "seed": q.seed})
        )
        asked.append((n, q, url))
    state = progress.path_state(learner)
    # The quiz's own set end says the score and offers the retry: the debrief adds the rest.
    return debrief.build(learner, asked, path=state)
