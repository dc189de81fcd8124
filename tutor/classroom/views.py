"""Classroom pages: classes and join codes, assignments and results, live lessons.

Every object is fetched through its owner: a teacher's class by (pk, teacher), a student's
class by their membership; anything else is a 404 (a 403 for teacher-only pages a non-teacher
opens). Teacher actions are POST-only. Templates are one per page with htmx partials.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.converters import MAX_ID
from scorer.forms import PRESET_CHOICES
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor import quiz
from tutor.accounts.learners import learner_for
from tutor.classroom import assignments, live, roster
from tutor.classroom.forms import AssignmentForm, ClassForm, JoinForm
from tutor.classroom.models import Assignment, Classroom, LiveAnswer, LiveQuestion, Membership
from tutor.classroom.qr import qr_svg
from tutor.collections.models import Collection
from tutor.quiz.views import ANSWER_PREFIX, hand_tiles
from tutor.walkthrough import steps as walkthrough

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
    }
    return render(request, "classroom/classes.html", context)


@require_POST
def class_create(request: HtmxHttpRequest) -> HttpResponse:
    teacher = roster.teacher_for(request)
    form = ClassForm(request.POST)
    if not form.is_valid():
        context = {"teacher": True, "taught": list(teacher.classes_taught.all()), "form": form}
        return render(request, "classroom/classes.html", context, status=400)
    classroom = Classroom.objects.create(
        teacher=teacher, name=form.cleaned_data["name"], rules=form.cleaned_data["rules"]
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
        "decks": list(classroom.teacher.collections.all()),
        "kinds": [(k, quiz.KIND_NAMES[k]) for k in quiz.KINDS],
        "levels": range(6),
    }
    if request.htmx and request.htmx.target == "heatmap":
        return render(request, "classroom/teacher_class.html#heatmap", context)
    return render(request, "classroom/teacher_class.html", context)


def _student_page(request: HtmxHttpRequest, membership: Membership) -> HttpResponse:
    classroom = membership.classroom
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
    }
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
    return redirect("tutor:class", pk=pk)


@require_POST
def class_regenerate(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    roster.regenerate_code(roster.taught_class(request, pk))
    return redirect("tutor:class", pk=pk)


@require_POST
def student_rename(request: HtmxHttpRequest, pk: int, member: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    membership = get_object_or_404(Membership, pk=member, classroom=classroom)
    name = roster.clean_name(request.POST.get("display_name"))
    if name:
        membership.display_name = name
        membership.save(update_fields=["display_name"])
    return redirect("tutor:class", pk=pk)


@require_POST
def student_remove(request: HtmxHttpRequest, pk: int, member: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    get_object_or_404(Membership, pk=member, classroom=classroom).delete()
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
    if learner is not None:
        existing = Membership.objects.filter(classroom=classroom, learner=learner).first()
        if existing is not None and request.method == "GET":
            return redirect("tutor:class", pk=classroom.pk)
    initial = {"display_name": request.user.get_username()} if request.user.is_authenticated else {}
    form = JoinForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        learner = learner_for(request)
        assert learner is not None
        if learner.is_teacher and classroom.teacher_id == learner.pk:
            return redirect("tutor:class", pk=classroom.pk)
        roster.join(classroom, learner, form.cleaned_data["display_name"])
        return redirect("tutor:class", pk=classroom.pk)
    context = {"classroom_name": classroom.name, "code": classroom.code, "form": form}
    return render(request, "classroom/join_code.html", context, status=400 if form.errors else 200)


# -- assignments ---------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def assignment_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    classroom = roster.taught_class(request, pk)
    form = AssignmentForm(
        request.POST or None,
        initial={"title": _("Score table drill")},
    )
    if request.method == "POST" and form.is_valid():
        options = form.options(classroom.rules)
        kind = form.cleaned_data["kind"]
        try:
            quiz.make_question(kind, 1, options)
        except quiz.QuizError as error:
            form.add_error(None, str(error))
        else:
            a = Assignment.objects.create(
                classroom=classroom,
                title=form.cleaned_data["title"],
                kind=kind,
                options=options,
                count=form.cleaned_data["count"],
                shuffled=form.cleaned_data["shuffled"],
                opens=form.cleaned_data["opens"],
                due=form.cleaned_data.get("due"),
            )
            return redirect("tutor:assignment", pk=pk, aid=a.pk)
    context = {"classroom": classroom, "form": form}
    status = 400 if form.errors else 200
    return render(request, "classroom/assignment_new.html", context, status=status)


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
            "kind_name": quiz.KIND_NAMES.get(taught.kind, taught.kind),
        }
        return render(request, "classroom/results.html", context)
    assignment, membership = _assignment_for_student(request, pk, aid)
    return _render_student(request, assignment, membership)


def _question_rows(q: quiz.Question, given: dict[str, Any]) -> list[dict[str, Any]]:
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
            }
        )
    return rows


def _render_student(
    request: HtmxHttpRequest,
    assignment: Assignment,
    membership: Membership,
    extra: dict[str, Any] | None = None,
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
        context.update(
            question=q,
            number=nxt,
            position=order.index(nxt) + 1,
            tiles=hand_tiles(q.request),
            rows=_question_rows(q, {}),
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
    return render(request, template, context)


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
    given: dict[str, Any] = {
        f.name: data.getlist(ANSWER_PREFIX + f.name)
        if f.multiple
        else data.get(ANSWER_PREFIX + f.name, "")
        for f in q.fields
    }
    q, verdict, row, stored = assignments.answer(assignment, membership.learner, number, given)
    order = assignments.order_for(assignment, membership.learner)
    extra = {
        "question": q,
        "number": number,
        "position": order.index(number) + 1,
        "tiles": hand_tiles(q.request),
        "rows": _question_rows(q, row.given),
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
    response["Content-Disposition"] = f'attachment; filename="assignment-{assignment.pk}.csv"'
    return response


# -- live lesson ---------------------------------------------------------------------------------


def _source(request: HtmxHttpRequest, data: QueryDict) -> live.Source | None:
    if data.get("deck"):
        teacher = roster.teacher_for(request)
        deck = Collection.objects.filter(public_id=data["deck"], owner=teacher).first()
        return live.Source("deck", deck=deck) if deck is not None and deck.hands.exists() else None
    kind = data.get("kind", "")
    if kind in quiz.KINDS:
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
    source = _source(request, data)
    taught = list(teacher.classes_taught.all())
    if request.method == "POST":
        pk = parse_int(data.get("classroom", ""), 1, MAX_ID) or 0
        classroom = get_object_or_404(Classroom, pk=pk, teacher=teacher)
        if source is None:
            return render(
                request, "classroom/live_new.html", {"error": True, "taught": taught}, status=400
            )
        if source.source == "quiz":
            source.options = {
                **source.options,
                "rules": source.options.get("rules") or classroom.rules,
            }
        live.start(classroom, source)
        return redirect("tutor:live", pk=classroom.pk)
    context = {
        "taught": taught,
        "error": source is None,
        "source": source,
        "params": [(k, data[k]) for k in ("from", "deck", "kind") if data.get(k)],
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


@require_GET
def live_projector(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The teacher's projector view: the question, the join code, the answers as they come."""
    classroom = roster.taught_class(request, pk)
    current = live.current(classroom)
    context: dict[str, Any] = {"classroom": classroom, "live": current}
    if current is not None:
        prompt = live.prompt_for(current)
        bars, total = live.histogram(current)
        base = reverse("tutor:live", args=[pk])
        context.update(
            prompt=prompt,
            tiles=hand_tiles(prompt.request),
            bars=bars,
            total=total,
            members=classroom.members.count(),
            has_next=current.source != "hand",
            join_url=_join_url(request, classroom),
            **(_step_context(request, prompt, base) if current.revealed else {}),
        )
    if request.htmx and request.htmx.target == "step-region":
        return render(request, "classroom/live.html#steps", context)
    return render(request, "classroom/live.html", context)


@require_GET
def live_panel(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The histogram region the projector polls every 1.5 s."""
    classroom = roster.taught_class(request, pk)
    current = live.current(classroom)
    if current is None:
        return HttpResponse(status=286)  # htmx: stop polling
    bars, total = live.histogram(current)
    context = {
        "classroom": classroom,
        "live": current,
        "bars": bars,
        "total": total,
        "members": classroom.student_count,  # type: ignore[attr-defined]
    }
    return render(request, "classroom/live.html#histogram", context)


def _live_for_teacher(request: HtmxHttpRequest, pk: int) -> LiveQuestion:
    classroom = roster.taught_class(request, pk)
    current = live.current(classroom)
    if current is None:
        raise Http404
    return current


@require_POST
def live_reveal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    LiveQuestion.objects.filter(pk=current.pk).update(revealed=True)
    return redirect(reverse("tutor:live", args=[pk]) + "?step=1")


@require_POST
def live_next(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    if live.next_question(current) is None:
        LiveQuestion.objects.filter(pk=current.pk).update(ended=True)
        return redirect("tutor:class", pk=pk)
    return redirect("tutor:live", pk=pk)


@require_POST
def live_end(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    current = _live_for_teacher(request, pk)
    LiveQuestion.objects.filter(pk=current.pk).update(ended=True)
    return redirect("tutor:class", pk=pk)


def _play_context(
    membership: Membership, current: LiveQuestion | None, mine: LiveAnswer | None = None
) -> dict[str, Any]:
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
        rows=_question_rows(prompt.question, {})
        if prompt.question
        else [
            {"field": f, "input": ANSWER_PREFIX + f.name, "given": "", "choices": []}
            for f in prompt.fields
        ],
    )
    return context


def _play_key(current: LiveQuestion | None, answered: bool) -> str:
    if current is None:
        return "0"
    return f"{current.number}-{int(current.revealed)}-{int(answered)}"


@require_GET
def live_play(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The student's phone: the current question and an answer form."""
    membership = roster.membership_for(request, pk)
    current = live.current(membership.classroom)
    context = _play_context(membership, current)
    context["key"] = _play_key(current, context.get("mine") is not None)
    return render(request, "classroom/play.html", context)


@require_GET
def live_state(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """What the phone polls: 204 (nothing to redraw) until the question or its state changes.

    With the poll token the phone was given (signed: its membership and class), "nothing
    changed" costs one small query and no session or user lookup (30 phones poll every 2 s);
    a change, a missing or a bad token go through the student's session as everywhere else."""
    key = request.GET.get("key", "")
    if live.token_class(request.GET.get("t", "")) == pk and live.unchanged(pk, key):
        return HttpResponse(status=204)
    membership = roster.membership_for(request, pk)
    current = live.current_for(membership)
    key_now = _play_key(current, bool(current and current.answered))  # type: ignore[attr-defined]
    if key == key_now:
        return HttpResponse(status=204)
    context = _play_context(membership, current)
    context["key"] = key_now
    return render(request, "classroom/play.html#play", context)


@require_POST
def live_answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    membership = roster.membership_for(request, pk)
    current = live.current(membership.classroom)
    number = request.POST.get("number", "")
    if current is not None and number == str(current.number) and not current.revealed:
        prompt = live.prompt_for(current)
        given: dict[str, Any] = {
            f.name: request.POST.getlist(ANSWER_PREFIX + f.name)
            if f.multiple
            else request.POST.get(ANSWER_PREFIX + f.name, "")
            for f in prompt.fields
        }
        mine = live.answer(current, membership.learner, given)
    else:
        mine = None
    if not request.htmx:
        return redirect("tutor:live_play", pk=pk)
    context = _play_context(membership, current, mine)
    context["key"] = _play_key(current, context.get("mine") is not None)
    return render(request, "classroom/play.html#play", context)
