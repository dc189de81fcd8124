"""Student-paced lesson pages: each phone works through the plan (a question, its verdict at
once, the next), the teacher watches everyone's progress and ends the lesson."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from config.guard import field_errors, input_errors
from scorer.answers import gather
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.classroom import live, paced, roster
from tutor.classroom.models import LiveQuestion, Membership
from tutor.quiz import services as quiz
from tutor.quiz.services import hand_tiles


def _page(
    request: HtmxHttpRequest,
    membership: Membership,
    after: int | None = None,
    given: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    lesson = paced.lesson_for(membership.classroom_id)
    context: dict[str, Any] = {"classroom": membership.classroom, "lesson": lesson}
    if lesson is None:
        return render(request, "classroom/paced.html", context, status=status)
    qs = paced.questions(lesson)
    mine = paced.answers_of(lesson, membership.learner_id)
    context.update(count=len(qs), done=len(mine), right=sum(a.correct for a in mine.values()))
    shown = next((q for q in qs if q.pk == after), None) if after else None
    if shown is not None and shown.pk in mine:
        prompt = live.prompt_for(shown)
        answer = mine[shown.pk]
        context.update(
            verdict=answer,
            question=shown,
            prompt=prompt,
            tiles=hand_tiles(prompt.request),
            answer_text=live.value_text(answer.value) if prompt.question is None else answer.value,
            more=len(mine) < len(qs),
        )
    else:
        upcoming = next((q for q in qs if q.pk not in mine), None)
        if upcoming is not None:
            from tutor.classroom.views import phone_rows, unplaced

            prompt = live.prompt_for(upcoming)
            rows = phone_rows(prompt, given or {}, errors)
            context.update(
                question=upcoming,
                prompt=prompt,
                tiles=hand_tiles(prompt.request),
                rows=rows,
                form_error=unplaced(rows, errors or {}),
            )
        else:
            context["finished"] = True
    template = "classroom/paced.html#paced" if request.htmx else "classroom/paced.html"
    return render(request, template, context, status=status)


@require_GET
def paced_play(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The student's phone in a student-paced lesson: the next question, or (``after``) the
    verdict of the one just answered."""
    membership = roster.membership_for(request, pk)
    live.mark_seen(membership.pk)
    if paced.lesson_for(pk) is None and live.current(pk) is not None:
        return redirect("tutor:live_play", pk=pk)  # the teacher is running the room
    after = parse_int(request.GET.get("after", ""), 1, 2**62)
    return _page(request, membership, after)


@field_errors(quiz.form.is_answer_field)
@require_POST
def paced_answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    membership = roster.membership_for(request, pk)
    lesson = paced.lesson_for(pk)
    qid = parse_int(request.POST.get("question", ""), 1, 2**62)
    question = LiveQuestion.objects.filter(pk=qid or 0, lesson=lesson).first() if lesson else None
    if question is None:
        return _page(request, membership, status=400 if lesson is not None else 200)
    prompt = live.prompt_for(question)
    given = gather(((f.name, f.multiple) for f in prompt.fields), dict(request.POST.lists()))
    errors = live.field_errors(prompt, request.POST, input_errors(request))
    if errors:
        # nothing stored: the question again, the typed text kept, each message beside its box
        return _page(request, membership, given=given, errors=errors, status=400)
    live.answer(question, membership.learner, given)
    url = reverse("tutor:paced_play", args=[pk]) + f"?after={question.pk}"
    if request.htmx:
        return _page(request, membership, after=question.pk)
    return redirect(url)


@require_GET
def paced_watch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The teacher's screen: every student's progress, live (the region polls every 2 s)."""
    classroom = roster.taught_class(request, pk)
    lesson = paced.lesson_for(classroom)
    context: dict[str, Any] = {"classroom": classroom, "lesson": lesson}
    if lesson is not None:
        qs, rows = paced.progress(lesson)
        context.update(questions=qs, rows=rows, here=live.present(classroom).count())
    else:
        context["last_lesson"] = classroom.lessons.filter(ended__isnull=False).first()
    if request.htmx and request.htmx.target == "paced-progress":
        return render(request, "classroom/paced_watch.html#progress", context)
    return render(request, "classroom/paced_watch.html", context)


@require_POST
def paced_end(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    lesson = paced.lesson_for(classroom)
    if lesson is None:
        return redirect("tutor:paced_watch", pk=pk)
    live.end_lesson(classroom)
    return redirect("tutor:lesson_end_screen", pk=pk, lid=lesson.pk)
