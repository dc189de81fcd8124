"""The learner's path: the units, each unit's check and its debrief, the placement check, Today,
the final exam and the hand of the day.

Views read the request, call tutor.path's services and render; an htmx request gets the region
it swaps. Nothing here makes a learner on a GET: only an answer (or a setting saved) does.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.guard import field_errors, input_errors
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.accounts.learners import learner_for
from tutor.course.lessons import BY_SLUG as LESSONS
from tutor.path import checks, daily, days, debrief, exam, progress
from tutor.path import quizapi as quiz
from tutor.path import today as today_service
from tutor.path.models import PathSettings, TimedHand
from tutor.path.quizapi import Question, Verdict, form, hand_tiles, record_answer
from tutor.path.store import WELCOME_KEY
from tutor.path.units import BY_SLUG, NEED, UNITS, WINDOW, Unit
from tutor.walkthrough.steps import request_query


def _unit(slug: str) -> Unit:
    unit = BY_SLUG.get(slug)
    if unit is None:
        raise Http404(_("No such unit."))
    return unit


def _position(value: str | None, total: int) -> int:
    n = parse_int(value, 0, max(total - 1, 0)) if value else 0
    return n or 0


def _unreadable(request: HtmxHttpRequest, question: Question) -> dict[str, str]:
    """Answer fields that cannot be read (too long, a number no field can be, refused by the
    input guard), with the message for each: the quiz's own reading of an answer form."""
    return {
        **form.answer_errors(request.POST, question),
        **form.labelled(question, input_errors(request)),
    }


def _learner(request: HtmxHttpRequest) -> Any:
    return learner_for(request, create=False)


# ------------------------------------------------------------------------------- the path


@require_GET
def path_index(request: HtmxHttpRequest) -> HttpResponse:
    """Every unit with its state, and the one "Continue"."""
    learner = _learner(request)
    state = progress.path_state(learner)
    return render(
        request,
        "path/index.html",
        {
            "state": state,
            "milestone": exam.milestone(learner),
            "exam_need": exam.EXAM_NEED,
            "exam_window": exam.EXAM_WINDOW,
            "exam_target": exam.TARGET_SECONDS,
            "started": any(u.status != progress.NOT_STARTED for u in state.units),
        },
    )


@require_GET
def path_unit(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """One unit: its lesson, its check and its drills, each with its state (never locked)."""
    unit = _unit(slug)
    state = progress.path_state(_learner(request))
    current = state.by_slug(unit.slug)
    index = UNITS.index(unit)
    return render(
        request,
        "path/unit.html",
        {
            "state": state,
            "u": current,
            "previous": state.units[index - 1] if index else None,
            "next_unit": state.units[index + 1] if index + 1 < len(UNITS) else None,
            "pass_mark": progress.pass_mark(len(unit.check)),
            "need": NEED,
            "window": WINDOW,
            "drills": [(d, progress.drill_url(d.drill)) for d in current.drills],
        },
    )


@require_POST
def path_read(request: HtmxHttpRequest, lesson: str) -> HttpResponse:
    """Mark a lesson read; on to its unit's check (or back to the course)."""
    if lesson not in LESSONS:
        raise Http404(_("No such lesson."))
    learner = learner_for(request)
    assert learner is not None
    progress.mark_read(learner, lesson)
    unit = next((u for u in UNITS if u.lesson == lesson), None)
    if unit is None:
        return redirect("tutor:lessons")
    check = progress.check_states(learner)[unit.slug]
    if check.passed:
        return redirect("tutor:path_unit", unit.slug)
    return redirect(progress.check_url(unit, check.next_position()))


# ------------------------------------------------------------------------------- the check


def _check_context(
    request: HtmxHttpRequest, unit: Unit, n: int, question: Question
) -> dict[str, Any]:
    total = len(unit.check)
    return {
        "unit": unit,
        "number": UNITS.index(unit) + 1,
        "lesson": LESSONS[unit.lesson],
        "question": question,
        "tiles": hand_tiles(question.request),
        "n": n,
        "shown_n": n + 1,
        "total": total,
        "answer_url": reverse("tutor:path_check_answer", args=[unit.slug]),
        "answer_key": uuid.uuid4().hex,
        "max_answer": form.MAX_ANSWER,
        "rows": form.rows(question),
        "verdict": None,
        "inline": request.GET.get("inline") == "1" or request.POST.get("inline") == "1",
        "hidden": {"n": n},
        "target": "#check",
    }


@require_GET
def path_check(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """One question of the unit's check (``n`` from 0)."""
    unit = _unit(slug)
    n = _position(request.GET.get("n"), len(unit.check))
    question = checks.check_question(unit, n)
    context = _check_context(request, unit, n, question)
    template = "path/check.html#question" if request.htmx else "path/check.html"
    return render(request, template, context)


@field_errors(form.is_answer_field)
@require_POST
def path_check_answer(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Score a check answer with the quiz's check, store it with the quiz's answers, and show
    the verdict, the slip the engine proves, and the lesson's own words on the example."""
    unit = _unit(slug)
    n = _position(request.POST.get("n"), len(unit.check))
    question = checks.check_question(unit, n)
    context = _check_context(request, unit, n, question)
    template = "path/check.html#question" if request.htmx else "path/check.html"
    if context["inline"]:
        context["hidden"] = {"n": n, "inline": "1"}
        context["target"] = f"#check-{unit.slug}-{n}"
        template = "path/check.html#inline" if request.htmx else "path/check.html"
    errors = _unreadable(request, question)
    key = request.POST.get("answer_key", "")
    if errors or len(key) > 32 or not all(c in "0123456789abcdef" for c in key):
        context["rows"] = form.rows(question, form.given(request.POST, question), None, errors)
        context["form_error"] = (
            "" if errors else _("This answer's form key is not valid: reload the question.")
        )
        return render(request, template, context, status=400)
    answers = form.given(request.POST, question)
    verdict = quiz.check(question, answers)
    _item, learner, _again = record_answer(request, question, verdict, answers, key)
    check = progress.check_states(learner)[unit.slug]
    following = _following(check, n)
    context.update(
        verdict=verdict,
        rows=form.rows(question, answers, verdict),
        slips=[] if verdict.correct else quiz.slips(question, answers),
        explained=checks.example_answers(unit, n),
        next_url=progress.check_url(unit, following) if following is not None else None,
        debrief_url=reverse("tutor:path_check_debrief", args=[unit.slug]),
        check=check,
    )
    return render(request, template, context)


def _following(check: progress.CheckState, n: int) -> int | None:
    """The check's question after ``n``: the next one not yet answered, else the next one
    missed (a retry goes through the misses), else none (the debrief comes next)."""
    for pending in (
        [m for m in range(check.total) if m not in check.latest],
        [m for m in range(check.total) if check.latest.get(m) is False and m != n],
    ):
        if pending:
            return next((m for m in pending if m > n), pending[0])
    return None


@require_GET
def path_check_debrief(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The debrief after a unit's check: each question, the time, the slips by skill with the
    lesson part for each, the ones to retry, and what changed on the path."""
    unit = _unit(slug)
    learner = _learner(request)
    state = progress.path_state(learner)
    check = state.by_slug(unit.slug).check
    asked = [
        (n, question, progress.check_url(unit, n))
        for n, question in enumerate(checks.check_questions(unit))
    ]
    missed = [n for n, ok in check.latest.items() if not ok]
    retry = progress.check_url(unit, min(missed)) if missed else None
    result = debrief.build(learner, asked, retry_url=retry, path=state)
    return render(
        request,
        "path/debrief.html",
        {
            "unit": unit,
            "u": state.by_slug(unit.slug),
            "state": state,
            "debrief": result,
            "check": check,
            "pass_mark": progress.pass_mark(len(unit.check)),
        },
    )


# ------------------------------------------------------------------------------- placement


def _placement_context(n: int) -> dict[str, Any]:
    plan = checks.placement_plan()
    unit, question = checks.placement_question(n)
    return {
        "unit": unit,
        "question": question,
        "tiles": hand_tiles(question.request),
        "n": n,
        "shown_n": n + 1,
        "total": len(plan),
        "rows": form.rows(question),
        "answer_url": reverse("tutor:path_placement_answer"),
        "answer_key": uuid.uuid4().hex,
        "max_answer": form.MAX_ANSWER,
        "verdict": None,
        "units": len(UNITS),
        "hidden": {"n": n},
        "target": "#placement",
    }


@require_GET
def path_placement(request: HtmxHttpRequest) -> HttpResponse:
    """The placement check: two questions per unit, in path order; it stops at the first miss.
    Its result skips the units before the one missed."""
    plan = checks.placement_plan()
    if request.GET.get("result") == "1":
        return _placement_result(request)
    n = _position(request.GET.get("n"), len(plan))
    template = "path/placement.html#question" if request.htmx else "path/placement.html"
    return render(request, template, _placement_context(n))


def placement_reached(latest: Mapping[int, bool]) -> int:
    """How many units, from the first, the placement answers skip: every unit whose questions
    were all right, up to the first with a miss or an unanswered one."""
    plan = checks.placement_plan()
    skipped = 0
    for u, unit in enumerate(UNITS):
        seeds = [seed for owner, seed, _k, _o in plan if owner is unit]
        if all(latest.get(seed) for seed in seeds):
            skipped = u + 1
        else:
            break
    return skipped


def _placement_latest(learner: Any) -> dict[int, bool]:
    if learner is None:
        return {}
    plan = checks.placement_plan()
    rows_ = learner.answers.filter(seed__in=[seed for _u, seed, _k, _o in plan]).order_by(
        "created", "id"
    )
    return {row.seed: row.correct for row in rows_}


@field_errors(form.is_answer_field)
@require_POST
def path_placement_answer(request: HtmxHttpRequest) -> HttpResponse:
    plan = checks.placement_plan()
    n = _position(request.POST.get("n"), len(plan))
    _unit, question = checks.placement_question(n)
    key = request.POST.get("answer_key", "")
    errors = _unreadable(request, question)
    template = "path/placement.html#question" if request.htmx else "path/placement.html"
    if errors or len(key) > 32 or not all(c in "0123456789abcdef" for c in key):
        # Neither checked nor stored: the same question, the typed text kept in its box and the
        # message beside it (never a silent reload that loses both).
        context = _placement_context(n)
        context["rows"] = form.rows(question, form.given(request.POST, question), None, errors)
        context["form_error"] = (
            "" if errors else _("This answer's form key is not valid: reload the question.")
        )
        return render(request, template, context, status=400)
    answers = form.given(request.POST, question)
    verdict = quiz.check(question, answers)
    _item, _learner, _again = record_answer(request, question, verdict, answers, key)
    # The first miss ends it: the units before this one are what the learner skips.
    if n + 1 >= len(plan) or not verdict.correct:
        url = reverse("tutor:path_placement") + "?result=1"
        if request.htmx:
            # The result is a page of its own: the browser goes there (a redirect followed by
            # htmx would swap the whole page into the question's region).
            response = HttpResponse()
            response["HX-Redirect"] = url
            return response
        return redirect(url)
    url = reverse("tutor:path_placement") + f"?n={n + 1}"
    if request.htmx:
        # The next question swapped in place, its address in the URL bar.
        response = render(request, template, _placement_context(n + 1))
        response["HX-Push-Url"] = url
        return response
    return redirect(url)


def _placement_result(request: HtmxHttpRequest) -> HttpResponse:
    learner = _learner(request)
    skipped = placement_reached(_placement_latest(learner))
    if learner is not None and skipped:
        progress.place(learner, UNITS[:skipped])
    state = progress.path_state(learner)
    return render(
        request,
        "path/placement_result.html",
        {"skipped": skipped, "state": state, "units": state.units[:skipped]},
    )


# ------------------------------------------------------------------------------- Today


@require_GET
def today(request: HtmxHttpRequest) -> HttpResponse:
    """What today holds: reviews due, the next unit, the hand of the day, streak and goal."""
    learner = _learner(request)
    tz = today_service.learner_zone(request)
    data = today_service.today(learner, tz)
    welcome = request.session.pop(WELCOME_KEY, None)
    return render(
        request,
        "path/today.html",
        {
            "t": data,
            "has_learner": learner is not None,
            "goals": days.GOALS,
            "welcome": welcome,
            "back": _safe_back(request) if welcome is not None else "",
            "milestone": exam.milestone(learner),
            "units": len(UNITS),
        },
    )


def _safe_back(request: HtmxHttpRequest) -> str:
    """The page a sign-up came from (this site's only), for the welcome's way back."""
    target = request.GET.get("back", "")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed and target != request.path else ""


@require_POST
def today_settings(request: HtmxHttpRequest) -> HttpResponse:
    """Save the daily goal (5, 10, 20 minutes or none) and whether the streak shows."""
    learner = learner_for(request)
    assert learner is not None
    settings, _made = PathSettings.objects.get_or_create(learner=learner)
    goal = request.POST.get("goal")
    if goal is not None:
        minutes = parse_int(goal, 0, 60)
        if minutes in (0, *days.GOALS):
            settings.goal_minutes = minutes
    streak = request.POST.get("streak")
    if streak in ("show", "hide"):
        settings.show_streak = streak == "show"
    settings.save()
    if request.htmx:
        data = today_service.today(learner, today_service.learner_zone(request))
        return render(
            request, "path/today.html#habits", {"t": data, "goals": days.GOALS, "has_learner": True}
        )
    return redirect("tutor:today")


# ------------------------------------------------------------------------------- full hands


def _hand_context(request: HtmxHttpRequest, hand: exam.FullHand, answer_url: str) -> dict[str, Any]:
    question = hand.question
    return {
        "hand": hand,
        "question": question,
        "tiles": hand_tiles(question.request),
        "rows": form.rows(question),
        "answer_url": answer_url,
        "answer_key": uuid.uuid4().hex,
        "max_answer": form.MAX_ANSWER,
        "verdict": None,
        "hidden": {"hand": hand.source, "token": exam.token(hand.source)},
        "target": "#hand",
        "explain_url": reverse("tutor:explain") + "?" + request_query(hand.request),
    }


def _check_hand(
    request: HtmxHttpRequest, hand: exam.FullHand, context: dict[str, Any]
) -> tuple[exam.Checked | None, dict[str, Any], int]:
    """Read and check a full hand's answer: (checked, answers, seconds); None when the form
    cannot be read (the context then holds the messages)."""
    question = hand.question
    errors = _unreadable(request, question)
    key = request.POST.get("answer_key", "")
    seconds = exam.seconds_since(request.POST.get("token", ""), hand.source)
    answers = form.given(request.POST, question)
    if errors or len(key) != 32 or not all(c in "0123456789abcdef" for c in key) or seconds is None:
        context["rows"] = form.rows(question, answers, None, errors)
        context["form_error"] = (
            "" if errors else _("This answer's form is out of date: reload the hand.")
        )
        return None, answers, 0
    checked = exam.check_hand(hand, answers)
    context.update(
        verdict=Verdict(checked.correct, checked.fields),
        rows=form.rows(question, answers, Verdict(checked.correct, checked.fields)),
        slips=checked.slips,
        checked=checked,
        seconds=seconds,
    )
    return checked, answers, seconds


@require_GET
def path_exam(request: HtmxHttpRequest) -> HttpResponse:
    """The final exam: real hands in full, against the clock, and the time chart."""
    learner = _learner(request)
    source = request.GET.get("hand", "")
    if not source:
        turn = random.randrange(1000)
        return redirect(reverse("tutor:path_exam") + "?hand=" + exam.next_source(learner, turn))
    hand = exam.hand_for(source, learner)
    if hand is None:
        raise Http404(_("No such hand."))
    context = _hand_context(request, hand, reverse("tutor:path_exam_answer"))
    context.update(_exam_status(request, learner))
    return render(request, "path/exam.html", context)


def _exam_status(request: HtmxHttpRequest, learner: Any) -> dict[str, Any]:
    tz = today_service.learner_zone(request)
    return {
        "milestone": exam.milestone(learner),
        "chart": exam.time_chart(learner, tz),
        "need": exam.EXAM_NEED,
        "window": exam.EXAM_WINDOW,
        "target": exam.TARGET_SECONDS,
        "own_games": len(exam.own_wins(learner)),
    }


@field_errors(form.is_answer_field)
@require_POST
def path_exam_answer(request: HtmxHttpRequest) -> HttpResponse:
    learner = _learner(request)
    hand = exam.hand_for(request.POST.get("hand", ""), learner)
    if hand is None:
        raise Http404(_("No such hand."))
    context = _hand_context(request, hand, reverse("tutor:path_exam_answer"))
    checked, answers, seconds = _check_hand(request, hand, context)
    status = 200
    if checked is None:
        status = 400
    else:
        row = exam.record(
            request, checked, answers, request.POST["answer_key"], seconds, TimedHand.EXAM
        )
        context["seconds"] = row.seconds
        learner = row.learner
        context["next_url"] = (
            reverse("tutor:path_exam")
            + "?hand="
            + exam.next_source(learner, random.randrange(1000))
        )
    context.update(_exam_status(request, learner))
    return render(request, "path/exam.html", context, status=status)


@require_GET
def path_daily(request: HtmxHttpRequest) -> HttpResponse:
    """The hand of the day: the same real hand for everyone today; once answered, the result,
    a share text without the answer, and the learner's history."""
    learner = _learner(request)
    day = daily.today_date()
    hand = daily.hand_of(day)
    context = _hand_context(request, hand, reverse("tutor:path_daily_answer"))
    done = (
        TimedHand.objects.filter(learner=learner, mode=TimedHand.DAILY, day=day).first()
        if learner is not None
        else None
    )
    context.update(_daily_context(request, learner, day, done))
    return render(request, "path/daily.html", context)


def _daily_context(
    request: HtmxHttpRequest, learner: Any, day: Any, done: TimedHand | None
) -> dict[str, Any]:
    url = request.build_absolute_uri(reverse("tutor:path_daily"))
    return {
        "day": day,
        "done": done,
        "share": daily.share_text(done, url) if done is not None else "",
        "history": daily.history(learner),
    }


@field_errors(form.is_answer_field)
@require_POST
def path_daily_answer(request: HtmxHttpRequest) -> HttpResponse:
    day = daily.today_date()
    hand = daily.hand_of(day)
    learner = _learner(request)
    done = (
        TimedHand.objects.filter(learner=learner, mode=TimedHand.DAILY, day=day).first()
        if learner is not None
        else None
    )
    context = _hand_context(request, hand, reverse("tutor:path_daily_answer"))
    if done is not None or request.POST.get("hand") != hand.source:
        # Answered already today (another tab), or yesterday's hand sent after midnight.
        return redirect("tutor:path_daily")
    checked, answers, seconds = _check_hand(request, hand, context)
    if checked is None:
        context.update(_daily_context(request, learner, day, None))
        return render(request, "path/daily.html", context, status=400)
    row = exam.record(
        request, checked, answers, request.POST["answer_key"], seconds, TimedHand.DAILY, day
    )
    context.update(_daily_context(request, row.learner, day, row))
    return render(request, "path/daily.html", context)


# ------------------------------------------------------------------------------- offline


@require_GET
def offline(request: HtmxHttpRequest) -> HttpResponse:
    """What the service worker shows for a page asked while the network is down."""
    from django.utils.translation import get_language

    return render(request, "path/offline.html", {"LANG": get_language()})
