"""Classroom pages: classes and join codes, assignments and results, live lessons.

Every object is fetched through its owner: a teacher's class by (pk, teacher), a student's
class by their membership; anything else is a 404 (a 403 for teacher-only pages a non-teacher
opens). Teacher actions are POST-only. Templates are one per page with htmx partials.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.converters import MAX_ID
from config.guard import field_errors, input_errors
from scorer.answers import gather
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from scorer.vocabulary import PRESET_CHOICES
from tutor.accounts.learners import learner_for
from tutor.classroom import assignments, live, plans, reports, roster, zones
from tutor.classroom.forms import AssignmentEditForm, AssignmentForm, ClassForm, JoinForm
from tutor.classroom.models import (
    Assignment,
    Classroom,
    LiveAnswer,
    LiveLesson,
    LiveQuestion,
    Membership,
)
from tutor.classroom.qr import qr_svg
from tutor.collections.models import Collection
from tutor.quiz import services as quiz
from tutor.quiz.services import ANSWER_PREFIX, hand_tiles
from tutor.walkthrough import steps as walkthrough

#: The countdowns a teacher may choose (seconds; 0: none)
COUNTDOWNS = live.COUNTDOWNS

# -- classes -------------------------------------------------------------------------------------


@require_GET
def classes(request: HtmxHttpRequest) -> HttpResponse:
    """Your classes: the ones you teach (teachers) and the ones you joined."""
    learner = learner_for(request, create=False)
    teacher = bool(learner and learner.is_teacher and request.user.is_authenticated)
    taught = list(learner.classes_taught.all()) if learner and teacher else []
    joined = list(learner.memberships.select_related("classroom")) if learner else []
    context = {
        "teacher": teacher,
        "taught": taught,
        "joined": joined,
        "form": ClassForm(),
        "open": assignments.open_for(learner),
        "zone": zones.default_zone(request) or "UTC",
    }
    return render(request, "classroom/classes.html", context)


@require_POST
def class_create(request: HtmxHttpRequest) -> HttpResponse:
    teacher = roster.teacher_for(request)
    form = ClassForm(request.POST)
    zone = request.POST.get("time_zone", "").strip()
    zone_ok = not zone or zones.valid(zone)
    if not form.is_valid() or not zone_ok:
        context = {
            "teacher": True,
            "taught": list(teacher.classes_taught.all()),
            "form": form,
            "zone": zone,
            "zone_error": not zone_ok,
        }
        return render(request, "classroom/classes.html", context, status=400)
    classroom = Classroom.objects.create(
        teacher=teacher,
        name=form.cleaned_data["name"],
        rules=form.cleaned_data["rules"],
        # the zone shown on the form (the browser's, decoded, or Japan's on a Japanese page)
        time_zone=zone or zones.default_zone(request) or "UTC",
    )
    return redirect("tutor:class", pk=classroom.pk)


def _join_url(request: HtmxHttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("tutor:join_code", args=[classroom.code]))


@require_GET
def class_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The teacher's class page (students, code, assignments, heatmap), or a student's."""
    learner = learner_for(request, create=False)
    if learner is not None and learner.is_teacher and request.user.is_authenticated:
        classroom = Classroom.objects.filter(pk=pk, teacher=learner).first()
        if classroom is not None:
            return _teacher_page(request, classroom)
    membership = roster.membership_for(request, pk)
    return _student_page(request, membership)


def _teacher_page(request: HtmxHttpRequest, classroom: Classroom) -> HttpResponse:
    win = request.GET.get("win", "both")
    if win not in ("both", "ron", "tsumo"):
        win = "both"
    members = list(classroom.members.all())
    levels = assignments.class_levels(members, win)
    context = {
        "classroom": classroom,
        "members": members,
        "assignments": list(classroom.assignments.all()),
        "join_url": _join_url(request, classroom),
        "qr": qr_svg(_join_url(request, classroom), _("Join %(name)s") % {"name": classroom.name}),
        "tables": [
            quiz.grid(False, win, classroom.rules, levels),
            quiz.grid(True, win, classroom.rules, levels),
        ],
        "win": win,
        "rules_label": dict(PRESET_CHOICES).get(classroom.rules, classroom.rules),
        "live": live.current(classroom),
        "lessons": list(classroom.lessons.filter(questions__isnull=False).distinct()[:20]),
        "lesson": live.open_lesson(classroom),
        "now": timezone.now(),
        "countdowns": COUNTDOWNS,
        "decks": list(classroom.teacher.collections.all()),
        "kinds": [(d.kind, d.name) for d in quiz.drills()],
        "levels": range(6),
    }
    context["zone"] = zones.zone_name(classroom, request)
    context["zone_error"] = request.GET.get("zone_error") == "1"
    if request.htmx and request.htmx.target == "heatmap":
        return render(request, "classroom/teacher_class.html#heatmap", context)
    with zones.override(classroom, request):
        return render(request, "classroom/teacher_class.html", context)


def _student_page(request: HtmxHttpRequest, membership: Membership) -> HttpResponse:
    classroom = membership.classroom
    live.mark_seen(membership.pk)
    rows = []
    for a in classroom.assignments.filter(opens__lte=timezone.now()):
        done = assignments.answers_of(a, membership.learner)
        rows.append(
            {
                "assignment": a,
                "open": assignments.is_open(a),
                "answered": len(done),
                "right": sum(x.correct for x in done.values()),
            }
        )
    context = {
        "classroom": classroom,
        "membership": membership,
        "rows": rows,
        "live": live.current(classroom),
        "paced": _paced_on(classroom.pk),
    }
    with zones.override(classroom, request):
        return render(request, "classroom/student_class.html", context)


@require_GET
def class_code(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The join code and QR code, large, for the projector."""
    classroom = roster.taught_class(request, pk)
    url = _join_url(request, classroom)
    context = {
        "classroom": classroom,
        "join_url": url,
        "qr": qr_svg(url, _("Join %(name)s") % {"name": classroom.name}),
    }
    return render(request, "classroom/code.html", context)


@require_POST
def class_rename(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    name = roster.clean_name(request.POST.get("name"), 80)
    if name:
        classroom.name = name
        classroom.save(update_fields=["name"])
    zone = request.POST.get("time_zone", "").strip()
    if zone and not zones.valid(zone):
        # said next to the field (the class page reads the flag): the zone stays as it was
        return redirect(reverse("tutor:class", args=[pk]) + "?zone_error=1#class-zone")
    if zone:
        classroom.time_zone = zone
        classroom.save(update_fields=["time_zone"])
    return redirect("tutor:class", pk=pk)


def _confirm(
    request: HtmxHttpRequest, classroom: Classroom, question: str, button: str, detail: str = ""
) -> HttpResponse:
    """The confirmation step of a teacher's action that cannot be undone: the same POST again,
    with ``confirm=1``."""
    context = {
        "classroom": classroom,
        "question": question,
        "detail": detail,
        "button": button,
        "action": request.path,
    }
    return render(request, "classroom/confirm.html", context)


@require_POST
def class_regenerate(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    if request.POST.get("confirm") != "1":
        return _confirm(
            request,
            classroom,
            _("Make a new join code for %(name)s?") % {"name": classroom.name},
            _("Make a new code"),
            _("The old code stops working at once; students already in the class stay in it."),
        )
    roster.regenerate_code(classroom)
    return redirect("tutor:class", pk=pk)


@require_POST
def student_rename(request: HtmxHttpRequest, pk: int, member: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    membership = get_object_or_404(Membership, pk=member, classroom=classroom)
    name = roster.clean_name(request.POST.get("display_name"))
    if name:
        membership.display_name = roster.free_name(classroom, name, keep=membership.pk)
        membership.save(update_fields=["display_name"])
    return redirect("tutor:class", pk=pk)


@require_POST
def student_remove(request: HtmxHttpRequest, pk: int, member: int) -> HttpResponse:
    """Remove a student (after a confirmation): they leave the class and cannot join it again
    with the code (their answers stay in past reports, without their name)."""
    classroom = roster.taught_class(request, pk)
    membership = get_object_or_404(Membership, pk=member, classroom=classroom)
    if request.POST.get("confirm") != "1":
        return _confirm(
            request,
            classroom,
            _("Remove %(name)s from the class?") % {"name": membership.display_name},
            pgettext("a student from the class", "Remove"),
            _("They leave the class and cannot join it again with the code."),
        )
    roster.remove(membership)
    return redirect("tutor:class", pk=pk)


# -- joining -------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest) -> HttpResponse:
    """Type a join code (the QR code leads straight to the class's join page)."""
    code = roster.normalise_code(request.POST.get("code") or request.GET.get("code") or "")
    error = ""
    if code:
        if Classroom.objects.filter(code=code).exists():
            return redirect("tutor:join_code", code=code)
        error = _("No class has this code. Check it with your teacher.")
    status = 400 if error else 200
    return render(request, "classroom/join.html", {"code": code, "error": error}, status=status)


@require_http_methods(["GET", "POST"])
def join_code(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Join a class with an account, or with just a display name (an anonymous learner)."""
    classroom = Classroom.objects.filter(code=roster.normalise_code(code)).first()
    if classroom is None:
        context: dict[str, Any] = {
            "code": code,
            "error": _("No class has this code. Check it with your teacher."),
        }
        return render(request, "classroom/join.html", context, status=404)
    learner = learner_for(request, create=False)
    if learner is not None and learner.is_teacher and classroom.teacher_id == learner.pk:
        return redirect("tutor:class", pk=classroom.pk)  # a teacher never joins their own class
    existing = (
        Membership.objects.filter(classroom=classroom, learner=learner).first() if learner else None
    )
    initial = {"display_name": request.user.get_username()} if request.user.is_authenticated else {}
    form = JoinForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["display_name"]
        same = name == (existing.display_name if existing else None)
        if existing is not None and (request.user.is_authenticated or same):
            return redirect("tutor:class", pk=classroom.pk)
        if existing is not None:
            # Another student on a shared browser: a learner of their own (the first student
            # keeps their name and answers; this browser now answers as the new one)
            learner = roster.new_anonymous_learner(request)
        learner = learner or learner_for(request)
        assert learner is not None
        if roster.banned(classroom, learner):
            form.add_error(None, _("Your teacher removed you from this class."))
        else:
            roster.join(classroom, learner, name)
            return redirect("tutor:class", pk=classroom.pk)
    context = {
        "classroom_name": classroom.name,
        "code": classroom.code,
        "form": form,
        "existing": existing,
        "class_pk": classroom.pk,
    }
    return render(request, "classroom/join_code.html", context, status=400 if form.errors else 200)


# -- assignments ---------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def assignment_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new assignment; its opening and due times are typed in the class's time zone."""
    classroom = roster.taught_class(request, pk)
    with zones.override(classroom, request):
        return _assignment_new(request, classroom)


def _initial_from(assignment: Assignment) -> dict[str, Any]:
    """A new assignment's form filled in as ``assignment`` was set (Copy)."""
    from scorer.engine.tables import FU_COLUMNS, HAN_ROWS

    o = assignment.options
    hans = [int(h) for h in o.get("formula_han", o.get("han", "")).split(",") if h]
    lows = [int(h) for h in o.get("limit_han", "").split(",") if h]
    fus = [int(f) for f in o.get("fu", "").split(",") if f]
    every = hans + lows
    return {
        "title": _("Copy of %(title)s") % {"title": assignment.title},
        "kind": assignment.kind,
        "count": assignment.count,
        "shuffled": assignment.shuffled,
        "han_min": min(every, default=HAN_ROWS[0]),
        "han_max": max(every, default=HAN_ROWS[-1]),
        "fu_min": min(fus, default=FU_COLUMNS[0]),
        "fu_max": max(fus, default=FU_COLUMNS[-1]),
        "dealer": o.get("dealer", "any"),
        "win": o.get("win", "any"),
        "limits": o.get("limits") == "1" and not lows,
        "choice": o.get("mode") == "choice",
        "timed": o.get("timed") or None,
    }


def _assignment_new(request: HtmxHttpRequest, classroom: Classroom) -> HttpResponse:
    pk = classroom.pk
    teacher = classroom.teacher
    others = [c for c in teacher.classes_taught.all() if c.pk != pk]
    initial: dict[str, Any] = {"title": _("Score table drill")}
    copy_of = parse_int(request.GET.get("copy", ""), 1, 2**62)
    if copy_of is not None:
        source = Assignment.objects.filter(pk=copy_of, classroom__teacher=teacher).first()
        if source is not None:
            initial = _initial_from(source)
    form = AssignmentForm(request.POST or None, initial=initial)
    also = form.fields["also"]
    assert isinstance(also, forms.MultipleChoiceField)
    also.choices = [(str(c.pk), c.name) for c in others]
    if request.method == "POST" and form.is_valid():
        options = form.options(classroom.rules)
        kind = form.cleaned_data["kind"]
        try:
            assignments.make(kind, 1, options)
        except quiz.QuizError as error:
            form.add_error(None, str(error))
        else:
            targets = [classroom] + [c for c in others if str(c.pk) in form.cleaned_data["also"]]
            made = [
                Assignment.objects.create(
                    classroom=target,
                    title=form.cleaned_data["title"],
                    kind=kind,
                    options={**options, "rules": target.rules} if "rules" in options else options,
                    count=form.cleaned_data["count"],
                    shuffled=form.cleaned_data["shuffled"],
                    opens=form.cleaned_data["opens"],
                    due=form.cleaned_data.get("due"),
                )
                for target in targets
            ]
            return redirect("tutor:assignment", pk=pk, aid=made[0].pk)
    context = {"classroom": classroom, "form": form, "zone": zones.zone_name(classroom, request)}
    status = 400 if form.errors else 200
    return render(request, "classroom/assignment_new.html", context, status=status)


def _taught_assignment(request: HtmxHttpRequest, pk: int, aid: int) -> Assignment:
    classroom = roster.taught_class(request, pk)
    assignment = get_object_or_404(Assignment, pk=aid, classroom=classroom)
    assignment.classroom = classroom
    return assignment


@require_http_methods(["GET", "POST"])
def assignment_edit(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    """Rename an assignment, move when it opens, extend (or shorten) its due date; its
    questions stay as set (students may have answered them)."""
    assignment = _taught_assignment(request, pk, aid)
    classroom = assignment.classroom
    with zones.override(classroom, request):
        initial = {"title": assignment.title, "opens": assignment.opens, "due": assignment.due}
        form = AssignmentEditForm(request.POST or None, initial=initial)
        if request.method == "POST" and form.is_valid():
            assignment.title = form.cleaned_data["title"]
            assignment.opens = form.cleaned_data["opens"]
            assignment.due = form.cleaned_data.get("due")
            assignment.save(update_fields=["title", "opens", "due"])
            return redirect("tutor:assignment", pk=pk, aid=aid)
        context = {
            "classroom": classroom,
            "assignment": assignment,
            "form": form,
            "zone": zones.zone_name(classroom, request),
            "copies": assignments.copies_of(assignment),
        }
        status = 400 if form.errors else 200
        return render(request, "classroom/assignment_edit.html", context, status=status)


@require_POST
def assignment_delete(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    assignment = _taught_assignment(request, pk, aid)
    if request.POST.get("confirm") != "1":
        return _confirm(
            request,
            assignment.classroom,
            _("Delete the assignment “%(title)s”?") % {"title": assignment.title},
            _("Delete"),
            _("Its questions and every student's answers to them are deleted."),
        )
    assignment.delete()
    return redirect("tutor:class", pk=pk)


@require_GET
def assignment_preview(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    """The assignment as a student sees it: every question, its hand and its answer boxes
    (not sent anywhere), with the answer under each."""
    assignment = _taught_assignment(request, pk, aid)
    rows = []
    for n in range(assignment.count):
        q = assignments.question(assignment, n)
        rows.append(
            {
                "number": n + 1,
                "question": q,
                "tiles": hand_tiles(q.request),
                "rows": question_rows(q, {}),
                "expected": assignments.expected_text(q),
            }
        )
    context = {"classroom": assignment.classroom, "assignment": assignment, "questions": rows}
    return render(request, "classroom/assignment_preview.html", context)


def _assignment_for_teacher(request: HtmxHttpRequest, pk: int, aid: int) -> Assignment | None:
    learner = learner_for(request, create=False)
    if learner is None or not learner.is_teacher or not request.user.is_authenticated:
        return None
    return (
        Assignment.objects.filter(pk=aid, classroom_id=pk, classroom__teacher=learner)
        .select_related("classroom")
        .first()
    )


def _assignment_for_student(
    request: HtmxHttpRequest, pk: int, aid: int
) -> tuple[Assignment, Membership]:
    membership = roster.membership_for(request, pk)
    assignment = get_object_or_404(
        Assignment, pk=aid, classroom=membership.classroom, opens__lte=timezone.now()
    )
    return assignment, membership


@require_GET
def assignment_page(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    """The teacher's results, or the student's questions and answers."""
    taught = _assignment_for_teacher(request, pk, aid)
    if taught is not None:
        res = assignments.results(taught)
        context = {
            "classroom": taught.classroom,
            "assignment": taught,
            "res": res,
            "hands": [hand_tiles(q.request) for q in res.questions],
            "kind_name": quiz.kind_name(taught.kind),
        }
        return render(request, "classroom/results.html", context)
    assignment, membership = _assignment_for_student(request, pk, aid)
    return _render_student(request, assignment, membership)


def question_rows(
    q: quiz.Question, given: dict[str, Any], errors: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """Each answer field with what was given (kept in the box when it could not be read) and the
    message of an answer that could not be read, shown beside its field."""
    rows = []
    for f in q.fields:
        got = given.get(f.name, [] if f.multiple else "")
        chosen = set(got) if isinstance(got, list) else {got}
        rows.append(
            {
                "field": f,
                "input": ANSWER_PREFIX + f.name,
                "given": "" if isinstance(got, list) else got,
                "choices": [(value, label, value in chosen) for value, label in f.choices],
                "error": (errors or {}).get(ANSWER_PREFIX + f.name, ""),
            }
        )
    return rows


def phone_rows(
    prompt: live.Prompt, given: dict[str, Any], errors: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The answer boxes of a live or student-paced phone: a quiz question's fields, or a hand's
    one points box; a refused answer kept in them, each message beside its box."""
    if prompt.question is not None:
        return question_rows(prompt.question, given, errors)
    return [
        {
            "field": f,
            "input": ANSWER_PREFIX + f.name,
            "given": str(given.get(f.name, "")),
            "choices": [],
            "error": (errors or {}).get(ANSWER_PREFIX + f.name, ""),
        }
        for f in prompt.fields
    ]


def unplaced(rows: list[dict[str, Any]], errors: dict[str, str]) -> str:
    """The first message for a parameter no box of the form shows (said above the boxes)."""
    shown = {row["input"] for row in rows}
    return next((m for name, m in errors.items() if name not in shown), "")


def unreadable(request: HtmxHttpRequest, q: quiz.Question) -> dict[str, str]:
    """Answer fields that cannot be read (too long, a NUL, a number the field cannot be), by
    parameter, with the message shown beside each: the quiz's own reading of an answer form, so
    an assignment or a lesson's phone refuses what the quiz refuses, in the same words."""
    return {
        **quiz.form.answer_errors(request.POST, q),
        **quiz.form.labelled(q, input_errors(request)),
    }


def _render_student(
    request: HtmxHttpRequest,
    assignment: Assignment,
    membership: Membership,
    extra: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    learner = membership.learner
    order = assignments.order_for(assignment, learner)
    done = assignments.answers_of(assignment, learner)
    context: dict[str, Any] = {
        "classroom": assignment.classroom,
        "assignment": assignment,
        "open": assignments.is_open(assignment),
        "right": sum(a.correct for a in done.values()),
        "answered": len(done),
        "timed": assignment.options.get("timed"),
        "answer_url": reverse(
            "tutor:assignment_answer", args=[assignment.classroom_id, assignment.pk]
        ),
        "page_url": reverse("tutor:assignment", args=[assignment.classroom_id, assignment.pk]),
    }
    nxt = assignments.next_number(assignment, learner)
    if nxt is not None and context["open"] and not (extra and "verdict" in extra):
        q = assignments.question(assignment, nxt)
        # When the student first saw the question: the answer's time is counted from here
        request.session.setdefault(_shown_key(assignment, nxt), time.time())
        context.update(
            question=q,
            number=nxt,
            position=order.index(nxt) + 1,
            tiles=hand_tiles(q.request),
            rows=question_rows(q, {}),
        )
    if nxt is None or not context["open"]:
        summary = []
        for position, n in enumerate(order, start=1):
            q = assignments.question(assignment, n)
            row = done.get(n)
            summary.append(
                {
                    "position": position,
                    "question": q,
                    "answer": row,
                    "given": assignments.given_text(q, row.given) if row else "",
                    "expected": assignments.expected_text(q),
                    "explain": (
                        reverse("tutor:explain") + "?" + walkthrough.request_query(q.request)
                        if q.request
                        else ""
                    ),
                }
            )
        context["summary"] = summary
    if extra:
        context.update(extra)
    template = "classroom/assignment.html"
    if request.htmx:
        template += "#assignment"
    return render(request, template, context, status=status)


def _inputs(q: quiz.Question) -> set[str]:
    """The answer fields' parameters (a message for any other is said above the fields)."""
    return {ANSWER_PREFIX + f.name for f in q.fields}


def _shown_key(assignment: Assignment, number: int) -> str:
    return f"tenbo.assignment.shown.{assignment.pk}.{number}"


@field_errors(quiz.form.is_answer_field)
@require_POST
def assignment_answer(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    assignment, membership = _assignment_for_student(request, pk, aid)
    if not assignments.is_open(assignment):
        raise PermissionDenied
    number_or_none = parse_int(request.POST.get("number", ""), 0, assignment.count - 1)
    if number_or_none is None:
        raise Http404
    number = number_or_none
    data = request.POST
    q = assignments.question(assignment, number)
    given: dict[str, Any] = quiz.form.given(data, q)
    order = assignments.order_for(assignment, membership.learner)
    shown_question = {
        "question": q,
        "number": number,
        "position": order.index(number) + 1,
        "tiles": hand_tiles(q.request),
    }
    errors = unreadable(request, q)
    if errors:
        # Neither checked nor stored: the question again, the typed text kept in its box and
        # the message beside it (the first answer, the one that counts, is still to come).
        extra = {
            **shown_question,
            "rows": question_rows(q, given, errors),
            "form_error": next((m for n, m in errors.items() if n not in _inputs(q)), ""),
        }
        return _render_student(request, assignment, membership, extra, status=400)
    shown = request.session.get(_shown_key(assignment, number))
    seconds = (
        min(max(time.time() - shown, 0.0), 86_400.0) if isinstance(shown, (int, float)) else None
    )
    q, verdict, row, stored = assignments.answer(
        assignment, membership.learner, number, given, seconds
    )
    request.session.pop(_shown_key(assignment, number), None)
    extra = {
        **shown_question,
        "question": q,
        "rows": question_rows(q, row.given),
        "verdict": verdict,
        "stored": stored,
        "more": assignments.next_number(assignment, membership.learner) is not None,
    }
    return _render_student(request, assignment, membership, extra)


@require_GET
def assignment_csv(request: HtmxHttpRequest, pk: int, aid: int) -> HttpResponse:
    assignment = _assignment_for_teacher(request, pk, aid)
    if assignment is None:
        raise Http404
    body = assignments.results_csv(assignments.results(assignment))
    if get_language() == "ja":
        # Excel in Japanese reads a CSV without a byte-order mark as Shift_JIS (生徒 garbled)
        body = "\ufeff" + body
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = _csv_name(assignment.classroom.name, assignment.title)
    return response


def _csv_name(*parts: str) -> str:
    """An attachment named after the class and what it holds (Japanese names kept: RFC 6266)."""
    name = "-".join(p for p in (slugify(part, allow_unicode=True) for part in parts) if p)
    return content_disposition_header(True, f"{name or 'class'}.csv") or ""


# -- live lesson ---------------------------------------------------------------------------------


def source_from(request: HtmxHttpRequest, data: QueryDict) -> live.Source | None:
    if data.get("deck"):
        teacher = roster.teacher_for(request)
        deck = Collection.objects.filter(public_id=data["deck"], owner=teacher).first()
        return live.Source("deck", deck=deck) if deck is not None and deck.hands.exists() else None
    if data.get("assignment"):
        teacher = roster.teacher_for(request)
        taught = Assignment.objects.filter(pk=parse_int(data["assignment"], 1, 2**62) or 0)
        a = taught.filter(classroom__teacher=teacher).first()
        if a is None:
            return None
        # the assignment's kind and filters (multiple choice included), a question of its own
        return live.Source("quiz", kind=a.kind, seed=live.random_seed(), options=dict(a.options))
    kind = data.get("kind", "")
    if quiz.find(kind) is not None:
        return live.Source("quiz", kind=kind, seed=live.random_seed())
    if data.get("from"):
        url = urlsplit(data.get("from", ""))
        if url.netloc == request.get_host():  # an absolute link to this site (a share link)
            url = url._replace(scheme="", netloc="")
        return live.source_from_url(urlunsplit(url))
    return None


@require_http_methods(["GET", "POST"])
def live_new(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the class to ask (GET), then start the live question (POST)."""
    teacher = roster.teacher_for(request)
    data = request.POST if request.method == "POST" else request.GET
    source = source_from(request, data)
    taught = list(teacher.classes_taught.all())
    if request.method == "POST":
        pk = parse_int(data.get("classroom", ""), 1, MAX_ID)
        if not data.get("classroom", "").strip() and source is not None:
            # no class chosen: the same page again, saying so (never a guessed class)
            choices, _chosen = live.class_choices(taught)
            context = {
                "taught": taught,
                "choices": choices,
                "chosen": None,
                "countdowns": COUNTDOWNS,
                "source": source,
                "class_error": True,
                "params": [
                    (k, data[k]) for k in ("from", "deck", "kind", "assignment") if data.get(k)
                ],
                "plans": list(teacher.lesson_plans.all()),
            }
            return render(request, "classroom/live_new.html", context, status=400)
        classroom = get_object_or_404(Classroom, pk=pk or 0, teacher=teacher)
        if source is None:
            return render(
                request, "classroom/live_new.html", {"error": True, "taught": taught}, status=400
            )
        if source.source == "quiz":
            source.options = {
                **source.options,
                "rules": source.options.get("rules") or classroom.rules,
            }
        live.start(classroom, source, live.lesson_settings(data) if "countdown" in data else None)
        return redirect("tutor:live", pk=classroom.pk)
    choices, chosen = live.class_choices(taught)
    context = {
        "taught": taught,
        "choices": choices,
        "chosen": chosen,
        "countdowns": COUNTDOWNS,
        "lesson": chosen[1] if chosen else None,
        "error": source is None,
        "source": source,
        "params": [(k, data[k]) for k in ("from", "deck", "kind", "assignment") if data.get(k)],
        "plans": list(teacher.lesson_plans.all()),
    }
    return render(
        request, "classroom/live_new.html", context, status=400 if source is None else 200
    )


def _step_context(request: HtmxHttpRequest, prompt: live.Prompt, base: str) -> dict[str, Any]:
    """The walkthrough of the revealed hand, one step per URL (``?step=N``)."""
    if prompt.request is None:
        return {}
    walk = walkthrough.build(prompt.request)
    if not walk.ok or not walk.steps:
        return {}
    count = len(walk.steps)
    raw = request.GET.get("step", "1")
    number = min(max(parse_int(raw, 1, 10**6) or 1, 1), count)
    return {
        "walk": walk,
        "step": walk.steps[number - 1],
        "step_number": number,
        "step_count": count,
        "prev_url": f"{base}?step={number - 1}" if number > 1 else "",
        "next_url": f"{base}?step={number + 1}" if number < count else "",
        "present_url": reverse("tutor:explain")
        + "?"
        + walkthrough.request_query(prompt.request)
        + "&present=1",
    }


def _countdown(current: LiveQuestion) -> dict[str, Any]:
    if current.closes is None:
        return {}
    left = max(0, int((current.closes - timezone.now()).total_seconds() + 0.999))
    return {"seconds_left": left, "closes_ms": int(current.closes.timestamp() * 1000)}


@require_GET
def live_projector(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The teacher's projector view: the question, the join code, the answers as they come."""
    classroom = roster.taught_class(request, pk)
    current = live.current(classroom)
    context: dict[str, Any] = {
        "classroom": classroom,
        "classroom_pk": classroom.pk,
        "live": current,
        "stale": request.GET.get("stale") == "1",
    }
    if current is None:
        # A tab of a lesson that has ended says so (and where its end screen and report are)
        context["last_lesson"] = classroom.lessons.filter(ended__isnull=False).first()
        context["paced_lesson"] = live.open_lesson(classroom)
    if current is not None:
        live.auto_reveal(current)
        prompt = live.prompt_for(current)
        bars, total = live.histogram(current)
        base = reverse("tutor:live", args=[pk])
        lesson = current.lesson
        context.update(
            prompt=prompt,
            tiles=hand_tiles(prompt.request),
            bars=bars,
            total=total,
            members=live.present(classroom).count(),
            has_next=current.source != "hand" or bool(lesson and lesson.plan_id),
            **_plan_progress(lesson),
            join_url=_join_url(request, classroom),
            lesson=lesson,
            panel_token=live.panel_token(current),
            time_up=live.time_up(current),
            board=reports.leaderboard(lesson)
            if lesson and lesson.leaderboard and current.revealed
            else [],
            question_podium=reports.question_podium(current)
            if lesson and lesson.leaderboard and lesson.speed_points and current.revealed
            else [],
            **_countdown(current),
            **(_step_context(request, prompt, base) if current.revealed else {}),
        )
    if request.htmx and request.htmx.target == "step-region":
        return render(request, "classroom/live.html#steps", context)
    return render(request, "classroom/live.html", context)


def _plan_progress(lesson: LiveLesson | None) -> dict[str, Any]:
    """Where a plan's lesson is: item n of N (nothing for a lesson without a plan)."""
    count = plans.item_count(lesson)
    if lesson is None or not count:
        return {}
    return {
        "plan_number": lesson.position + 1,
        "plan_count": count,
        "plan_last": lesson.position + 1 >= count,
    }


@require_GET
def live_panel(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The histogram region the projector polls every 1.5 s.

    The projector names the question it shows (``q``) and carries a signed token for it: with
    them the poll costs two small queries (the class's current question, the answers grouped
    in SQL) and no session or user lookup; the response carries an ETag (the question, its
    state and its answers) so an unchanged histogram is a 304. A tab showing an older question
    is told to reload (HX-Refresh)."""
    shown = parse_int(request.GET.get("q", ""), 1, 2**62)
    token = request.GET.get("t", "")
    if shown is not None and live.panel_token_ok(token, pk, shown):
        state = live.panel_state(pk)
    else:
        classroom = roster.taught_class(request, pk)
        state = live.panel_state(classroom.pk)
        token = live.panel_token_for(pk, state.question) if state else ""
    if state is None or (shown is not None and state.question != shown):
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"
        return response
    if state.revealed or state.auto_closes_now:
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"  # the reveal (or the countdown's end) redraws the page
        return response
    etag = f'"{state.etag}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
        response["ETag"] = etag
        return response
    context = {
        "classroom_pk": pk,
        "live": state,
        "bars": state.bars,
        "total": state.total,
        "members": state.members,
        "panel_token": token,
    }
    response = render(request, "classroom/live.html#histogram", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _live_for_teacher(request: HtmxHttpRequest, pk: int) -> LiveQuestion | None:
    """The class's current question if the form acted on it (its ``question`` field), else
    None: a stale tab's Reveal or Next never acts on another question."""
    classroom = roster.taught_class(request, pk)
    current = live.current(classroom)
    if current is None or request.POST.get("question") != str(current.pk):
        return None  # a stale tab (or one of a lesson that has ended): it is told, no 404
    return current


def _stale(pk: int) -> HttpResponse:
    return redirect(reverse("tutor:live", args=[pk]) + "?stale=1")


@require_POST
def live_reveal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    if current is None:
        return _stale(pk)
    LiveQuestion.objects.filter(pk=current.pk).update(revealed=True)
    return redirect(reverse("tutor:live", args=[pk]) + "?step=1")


@require_POST
def live_next(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    if current is None:
        return _stale(pk)
    lesson = current.lesson
    if lesson is not None and lesson.plan_id is not None:
        following = plans.advance(current)
    else:
        following = live.next_question(current)
    if following is None:
        return _end(pk, current)
    return redirect("tutor:live", pk=pk)


def _end(pk: int, current: LiveQuestion) -> HttpResponse:
    """End the lesson: the projector shows its end screen (the report stays on the teacher's
    own screen, a link away)."""
    live.end_lesson(pk)
    if current.lesson_id is not None:
        return redirect("tutor:lesson_end_screen", pk=pk, lid=current.lesson_id)
    return redirect("tutor:class", pk=pk)


@require_POST
def live_end(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    if current is None:
        return _stale(pk)
    return _end(pk, current)


def _play_context(
    membership: Membership,
    current: LiveQuestion | None,
    mine: LiveAnswer | None = None,
    given: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The phone's region; ``given`` is a refused answer, kept in its boxes to be mended, with
    ``errors`` beside them."""
    given = given or {}
    context: dict[str, Any] = {
        "classroom": membership.classroom,
        "live": current,
        "token": live.poll_token(membership),
    }
    if current is None:
        return context
    prompt = live.prompt_for(current)
    if mine is None:
        mine = current.answers.filter(learner=membership.learner).first()
    context.update(
        prompt=prompt,
        tiles=hand_tiles(prompt.request),
        mine=mine,
        mine_text=live.value_text(mine.value) if mine else "",
        rows=phone_rows(prompt, given, errors),
        **_countdown(current),
    )
    return context


def _play_key(current: LiveQuestion | None, answered: bool) -> str:
    if current is None:
        return "0"
    return f"{current.pk}-{int(current.revealed)}-{int(answered)}"


@require_GET
def live_play(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The student's phone: the current question and an answer form."""
    membership = roster.membership_for(request, pk)
    live.mark_seen(membership.pk)
    current = live.current(membership.classroom)
    if current is None and _paced_on(membership.classroom_id):
        return redirect("tutor:paced_play", pk=pk)
    if current is not None:
        live.auto_reveal(current)  # the countdown ran out: the phones reveal it themselves
    context = _play_context(membership, current)
    context["key"] = _play_key(current, context.get("mine") is not None)
    return render(request, "classroom/play.html", context)


def _paced_on(classroom_pk: int) -> bool:
    lesson = live.open_lesson(classroom_pk)
    return lesson is not None and lesson.paced


@require_GET
def live_state(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """What the phone polls: 204 (nothing to redraw) until the question or its state changes.

    With the poll token the phone was given (signed: its membership and class), "nothing
    changed" costs one small query and no session or user lookup (30 phones poll every 2 s);
    a change, a missing or a bad token go through the student's session as everywhere else."""
    key = request.GET.get("key", "")
    token = request.GET.get("t", "")
    if live.token_class(token) == pk and live.unchanged(pk, key):
        member = live.poll_member(token)
        if member is not None:
            live.mark_seen(member)
        return HttpResponse(status=204)
    membership = roster.membership_for(request, pk)
    live.mark_seen(membership.pk)
    current = live.current_for(membership)
    if current is None and _paced_on(pk):
        response = HttpResponse(status=200)
        response["HX-Redirect"] = reverse("tutor:paced_play", args=[pk])
        return response
    if current is not None:
        live.auto_reveal(current)  # the countdown ran out: the phones reveal it themselves
    key_now = _play_key(current, bool(current and current.answered))  # type: ignore[attr-defined]
    if key == key_now:
        return HttpResponse(status=204)
    context = _play_context(membership, current)
    context["key"] = key_now
    return render(request, "classroom/play.html#play", context)


@require_GET
def live_banner(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The student's class page polls this: the "a live question is on" banner, or nothing."""
    membership = roster.membership_for(request, pk)
    live.mark_seen(membership.pk)
    context = {
        "classroom": membership.classroom,
        "live": live.current(membership.classroom),
        "paced": _paced_on(pk),
    }
    return render(request, "classroom/student_class.html#banner", context)


@field_errors(quiz.form.is_answer_field)
@require_POST
def live_answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    membership = roster.membership_for(request, pk)
    live.mark_seen(membership.pk)
    current = live.current(membership.classroom)
    mine = None
    # The phone answered a question that has closed (it was offline, or the teacher moved
    # on): nothing is stored, and the phone says so above the question on now.
    closed = current is None or request.POST.get("question", "") != str(current.pk)
    given: dict[str, Any] = {}
    errors: dict[str, str] = {}
    if current is not None and not closed and not current.revealed and not live.time_up(current):
        prompt = live.prompt_for(current)
        given = gather(((f.name, f.multiple) for f in prompt.fields), dict(request.POST.lists()))
        errors = live.field_errors(prompt, request.POST, input_errors(request))
        if not errors:
            mine = live.answer(current, membership.learner, given)
    if not request.htmx and not errors and not closed:
        return redirect("tutor:live_play", pk=pk)
    context = _play_context(membership, current, mine, given if errors else None, errors)
    context["key"] = _play_key(current, context.get("mine") is not None)
    # beside its box; a message for no box of the form (a field it does not have) above them
    context["form_error"] = unplaced(context.get("rows", []), errors)
    context["closed"] = closed
    template = "classroom/play.html#play" if request.htmx else "classroom/play.html"
    return render(request, template, context, status=400 if errors or closed else 200)


@require_GET
def live_lobby(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Before the first question: the join code, large, and the names as students join
    (the names region polls every 2 s)."""
    classroom = roster.taught_class(request, pk)
    here = live.present(classroom).order_by("-joined", "-id")
    context = {
        "classroom": classroom,
        "names": list(here),
        "roster": classroom.student_count,  # type: ignore[attr-defined]
        "join_url": _join_url(request, classroom),
        "qr": qr_svg(_join_url(request, classroom), _("Join %(name)s") % {"name": classroom.name}),
        "kinds": [(d.kind, d.name) for d in quiz.drills()],
        "decks": list(classroom.teacher.collections.all()),
        "countdowns": COUNTDOWNS,
        "lesson": live.open_lesson(classroom),
    }
    if request.htmx and request.htmx.target == "lobby-names":
        return render(request, "classroom/lobby.html#names", context)
    return render(request, "classroom/lobby.html", context)


@require_POST
def lobby_remove(request: HtmxHttpRequest, pk: int, member: int) -> HttpResponse:
    """Remove a name from the lobby (after a confirmation, as on the class page): the student
    leaves the class and cannot join it again with the code."""
    classroom = roster.taught_class(request, pk)
    membership = get_object_or_404(Membership, pk=member, classroom=classroom)
    if request.POST.get("confirm") != "1":
        response = _confirm(
            request,
            classroom,
            _("Remove %(name)s from the class?") % {"name": membership.display_name},
            pgettext("a student from the class", "Remove"),
            _("They leave the class and cannot join it again with the code."),
        )
        return response
    roster.remove(membership)
    return redirect("tutor:live_lobby", pk=pk)


@require_GET
def lesson_end_screen(request: HtmxHttpRequest, pk: int, lid: int) -> HttpResponse:
    """The projector's end of a lesson: the podium (when the leaderboard is on), the class's
    accuracy and the hardest question. The report (every student's answers) is a link for the
    teacher's own screen."""
    lesson = _lesson_for_teacher(request, pk, lid)
    context = {
        "classroom": lesson.classroom,
        "lesson": lesson,
        "end": reports.summary(lesson),
    }
    return render(request, "classroom/end.html", context)


def _lesson_for_teacher(request: HtmxHttpRequest, pk: int, lid: int) -> LiveLesson:
    classroom = roster.taught_class(request, pk)
    return get_object_or_404(LiveLesson, pk=lid, classroom=classroom)


@require_GET
def lesson_report(request: HtmxHttpRequest, pk: int, lid: int) -> HttpResponse:
    """A live lesson's report: questions, each student's answers, right or wrong, time to
    answer, the common wrong answers and what they mean."""
    lesson = _lesson_for_teacher(request, pk, lid)
    rep = reports.report(lesson)
    context = {
        "classroom": lesson.classroom,
        "lesson": lesson,
        "rep": rep,
        "podium": reports.leaderboard(lesson, 3) if lesson.leaderboard else [],
        "zone": zones.zone_name(lesson.classroom),
    }
    with zones.override(lesson.classroom):
        return render(request, "classroom/report.html", context)


@require_GET
def lesson_csv(request: HtmxHttpRequest, pk: int, lid: int) -> HttpResponse:
    lesson = _lesson_for_teacher(request, pk, lid)
    body = reports.report_csv(reports.report(lesson))
    if get_language() == "ja":
        body = "\ufeff" + body  # Excel in Japanese needs the byte-order mark
    with zones.override(lesson.classroom):
        when = timezone.localtime(lesson.started).strftime("%Y-%m-%d-%H%M")
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = _csv_name(lesson.classroom.name, "live", when)
    return response
