"""Lesson plan pages: the teacher's plans, the editor (add, reorder, remove, copy) and running a
plan with a class. Every plan is fetched through its teacher (anyone else: 404); changes are
POST-only; the editor's list is one htmx region (``plan.html#items``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.converters import MAX_ID
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.accounts.models import Learner
from tutor.classroom import assignments, live, plans, roster
from tutor.classroom.models import Classroom, LessonPlan, PlanItem
from tutor.quiz import services as quiz

#: The quiz filters the editor offers (the table drills read them; other kinds ignore them)
HANS = ("", "1", "2", "3", "4")
FUS = ("", "20", "25", "30", "40", "50", "60", "70")


def _plan(request: HtmxHttpRequest, pk: int) -> tuple[Learner, LessonPlan]:
    teacher = roster.teacher_for(request)
    return teacher, get_object_or_404(LessonPlan, pk=pk, teacher=teacher)


@require_GET
def plan_list(request: HtmxHttpRequest) -> HttpResponse:
    """The teacher's lesson plans, and a new one."""
    teacher = roster.teacher_for(request)
    rows = [(p, p.items.count()) for p in teacher.lesson_plans.all()]
    return render(request, "classroom/plans.html", {"rows": rows})


@require_POST
def plan_create(request: HtmxHttpRequest) -> HttpResponse:
    teacher = roster.teacher_for(request)
    title = roster.clean_name(request.POST.get("title"), 80) or _("Lesson plan")
    plan = LessonPlan.objects.create(teacher=teacher, title=title)
    return redirect("tutor:plan", pk=plan.pk)


def _editor(
    request: HtmxHttpRequest,
    teacher: Learner,
    plan: LessonPlan,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    taught = list(teacher.classes_taught.all())
    choices, chosen = live.class_choices(taught)
    context: dict[str, Any] = {
        "plan": plan,
        "items": plans.describe_all(plan),
        "error": error,
        "kinds": [(d.kind, d.name) for d in quiz.drills()],
        "decks": list(teacher.collections.all()),
        "hans": HANS,
        "fus": FUS,
        "choices": choices,
        "chosen": chosen,
        "taught": taught,
        "countdowns": live.COUNTDOWNS,
        "lesson": None,
        "full": plan.items.count() >= plans.MAX_ITEMS,
    }
    if request.htmx and request.htmx.target == "plan-items":
        return render(request, "classroom/plan.html#items", context, status=status)
    return render(request, "classroom/plan.html", context, status=status)


@require_GET
def plan_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    teacher, plan = _plan(request, pk)
    return _editor(request, teacher, plan)


def _quiz_source(data: Any) -> tuple[live.Source | None, str]:
    """A quiz question from the editor's form (kind and filters), checked by building one."""
    kind = data.get("kind", "")
    if quiz.find(kind) is None:
        return None, _("Choose a kind of question.")
    options: dict[str, str] = {}
    if data.get("choice") == "1":
        options["mode"] = "choice"
    for name, allowed in (
        ("dealer", ("dealer", "non")),
        ("win", ("ron", "tsumo")),
        ("han", HANS[1:]),
        ("fu", FUS[1:]),
    ):
        if data.get(name, "") in allowed:
            options[name] = data[name]
    try:
        assignments.make(kind, 1, {**options, "rules": "tenhou"})
    except quiz.QuizError as error:
        return None, str(error)
    return live.Source("quiz", kind=kind, options=options), ""


@require_POST
def plan_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Add to the plan: a hand or quiz link (``from``), a saved collection (``deck``, each of
    its hands), or a quiz question by kind and filters (``kind``)."""
    teacher, plan = _plan(request, pk)
    data = request.POST
    source: live.Source | None
    error = ""
    if data.get("deck"):
        source = plans.deck_source(teacher, data["deck"])
        if source is None:
            error = _("That collection has no hands.")
    elif data.get("kind"):
        source, error = _quiz_source(data)
    else:
        from tutor.classroom.views import source_from

        wanted = data.get("from") or data.get("assignment")
        source = source_from(request, data) if wanted else None
        if source is None:
            error = _("Paste the link of a hand (picker or walkthrough) or of a quiz question.")
    if source is not None:
        try:
            plans.add(plan, source)
        except plans.PlanFull:
            error = _("A plan holds at most %(n)s questions.") % {"n": plans.MAX_ITEMS}
    if error:
        return _editor(request, teacher, plan, error, status=400)
    if request.htmx:
        return _editor(request, teacher, plan)
    return redirect("tutor:plan", pk=plan.pk)


@require_POST
def plan_add_to(request: HtmxHttpRequest) -> HttpResponse:
    """ "Ask a class live" → "Add to a lesson plan": the hand, deck or question goes at the end
    of the plan chosen (``plan``), or of a new plan; the editor opens on it."""
    teacher = roster.teacher_for(request)
    pk = parse_int(request.POST.get("plan", ""), 1, MAX_ID)
    if pk is None:
        plan = LessonPlan.objects.create(teacher=teacher, title=_("Lesson plan"))
    else:
        plan = get_object_or_404(LessonPlan, pk=pk, teacher=teacher)
    return plan_add(request, plan.pk)


def _item(request: HtmxHttpRequest, pk: int, item: int) -> tuple[Learner, PlanItem]:
    teacher, plan = _plan(request, pk)
    row = get_object_or_404(PlanItem, pk=item, plan=plan)
    row.plan = plan
    return teacher, row


@require_POST
def plan_move(request: HtmxHttpRequest, pk: int, item: int) -> HttpResponse:
    """Move an item: ``to`` a position (1-based, as the editor numbers them), or one ``step``
    up (-1) or down (1)."""
    teacher, row = _item(request, pk, item)
    to = parse_int(request.POST.get("to", ""), 1, MAX_ID)
    step = parse_int(request.POST.get("step", ""), -1, 1)
    if to is not None:
        plans.move(row, to - 1)
    elif step:
        plans.move(row, row.position + step)
    if request.htmx:
        return _editor(request, teacher, row.plan)
    return redirect("tutor:plan", pk=pk)


@require_POST
def plan_remove(request: HtmxHttpRequest, pk: int, item: int) -> HttpResponse:
    teacher, row = _item(request, pk, item)
    plans.remove(row)
    if request.htmx:
        return _editor(request, teacher, row.plan)
    return redirect("tutor:plan", pk=pk)


@require_POST
def plan_rename(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    _teacher, plan = _plan(request, pk)
    title = roster.clean_name(request.POST.get("title"), 80)
    if title:
        plan.title = title
        plan.save(update_fields=["title", "updated"])
    return redirect("tutor:plan", pk=pk)


@require_POST
def plan_copy(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    teacher, plan = _plan(request, pk)
    return redirect("tutor:plan", pk=plans.copy(plan, teacher).pk)


@require_POST
def plan_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    _teacher, plan = _plan(request, pk)
    if request.POST.get("confirm") != "1":
        context = {
            "classroom": None,
            "question": _("Delete the lesson plan “%(title)s”?") % {"title": plan.title},
            "detail": _("Reports of lessons that ran it are kept."),
            "button": _("Delete"),
            "action": request.path,
            "cancel_url": reverse("tutor:plan", args=[plan.pk]),
        }
        return render(request, "classroom/confirm.html", context)
    plan.delete()
    return redirect("tutor:plans")


@require_POST
def plan_run(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Run the plan with a class chosen on the form: from the projector with Next, or
    student-paced (``paced=1``: each phone works through it, the teacher watches)."""
    teacher, plan = _plan(request, pk)
    classroom_pk = parse_int(request.POST.get("classroom", ""), 1, MAX_ID)
    classroom = Classroom.objects.filter(pk=classroom_pk or 0, teacher=teacher).first()
    if classroom is None:
        return _editor(request, teacher, plan, _("Choose the class to run it with."), status=400)
    settings = live.lesson_settings(request.POST)
    settings["paced"] = request.POST.get("paced") == "1"
    settings["speed_points"] = request.POST.get("speed_points") == "1"
    if settings["paced"]:
        from tutor.classroom import paced

        lesson = paced.start(classroom, plan, settings)
        if lesson is None:
            return _editor(request, teacher, plan, _("This plan has no questions yet."), 400)
        return redirect("tutor:paced_watch", pk=classroom.pk)
    if plans.run(classroom, plan, settings) is None:
        return _editor(request, teacher, plan, _("This plan has no questions yet."), status=400)
    return redirect("tutor:live", pk=classroom.pk)
