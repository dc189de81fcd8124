"""Who may do what in the classroom, joining a class, and moving a learner's class rows when
an anonymous student signs up (a :data:`learner_merged` receiver)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.dispatch import receiver
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tutor.accounts.learners import SESSION_KEY, learner_for, learner_merged
from tutor.accounts.models import Learner
from tutor.classroom.models import (
    AssignmentAnswer,
    Ban,
    Classroom,
    LiveAnswer,
    Membership,
    new_code,
)

NAME_MAX = 40


def clean_name(value: str | None, limit: int = NAME_MAX) -> str:
    """A display name on one line, without control characters, at most ``limit`` long."""
    text = "".join(ch for ch in (value or "") if ch.isprintable())
    return " ".join(text.split())[:limit]


def teacher_for(request: HttpRequest) -> Learner:
    """The signed-in teacher, or 403 (anonymous visitors and students alike)."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    learner = learner_for(request)
    if learner is None or not learner.is_teacher:
        raise PermissionDenied
    return learner


def taught_class(request: HttpRequest, pk: int) -> Classroom:
    """A class of the requesting teacher; any other class is a 404 (it might as well not exist).

    One query: the class, checked against the signed-in user's learner (the projector polls
    this every 1.5 s), with its number of students."""
    if not request.user.is_authenticated:
        raise Http404
    return get_object_or_404(
        Classroom.objects.annotate(student_count=Count("members")),
        pk=pk,
        teacher__user_id=request.user.pk,
        teacher__is_teacher=True,
    )


def membership_for(request: HttpRequest, pk: int) -> Membership:
    """The requesting student's membership of class ``pk``, or 404 (one query: phones poll)."""
    rows = Membership.objects.select_related("classroom", "learner").filter(classroom_id=pk)
    if request.user.is_authenticated:
        rows = rows.filter(learner__user_id=request.user.pk)
    else:
        learner_pk = request.session.get(SESSION_KEY)
        if not isinstance(learner_pk, int):
            raise Http404
        rows = rows.filter(learner_id=learner_pk, learner__user__isnull=True)
    membership = rows.first()
    if membership is None:
        raise Http404
    return membership


def normalise_code(code: str) -> str:
    return "".join(code.split()).upper()


def free_name(classroom: Classroom | int, name: str, keep: int | None = None) -> str:
    """``name``, or if another student of the class already has it, ``name (2)``, ``name (3)``
    … so that the teacher can tell two students apart (``keep``: the membership being
    renamed, which may keep its own name)."""
    rows = Membership.objects.filter(classroom=classroom)
    if keep is not None:
        rows = rows.exclude(pk=keep)
    taken = {n.casefold() for n in rows.values_list("display_name", flat=True)}
    if name.casefold() not in taken:
        return name
    for n in range(2, 1000):
        suffix = f" ({n})"
        candidate = name[: NAME_MAX - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
    return name  # pragma: no cover - a thousand namesakes


def join(classroom: Classroom, learner: Learner, display_name: str) -> Membership:
    """Join (or, already a member, rename oneself): one membership per learner and class;
    a name another student has is numbered."""
    existing = Membership.objects.filter(classroom=classroom, learner=learner).first()
    if existing is not None:
        if display_name and existing.display_name != display_name:
            existing.display_name = free_name(classroom, display_name, keep=existing.pk)
            existing.save(update_fields=["display_name"])
        return existing
    try:
        with transaction.atomic():
            return Membership.objects.create(
                classroom=classroom,
                learner=learner,
                display_name=free_name(classroom, display_name),
                seen=timezone.now(),  # here: they just joined
            )
    except IntegrityError:  # the same learner joining twice at once
        return Membership.objects.get(classroom=classroom, learner=learner)


def new_anonymous_learner(request: HttpRequest) -> Learner:
    """A fresh anonymous learner for this browser's session (another student on a shared
    browser); the previous one keeps its classes and answers."""
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    return learner


def banned(classroom: Classroom, learner: Learner) -> bool:
    return Ban.objects.filter(classroom=classroom, learner=learner).exists()


def remove(membership: Membership) -> None:
    """Take a student out of the class for good: the join code no longer lets them in."""
    with transaction.atomic():
        Ban.objects.get_or_create(
            classroom_id=membership.classroom_id,
            learner_id=membership.learner_id,
            defaults={"display_name": membership.display_name},
        )
        membership.delete()


def regenerate_code(classroom: Classroom) -> str:
    """A fresh join code (the old one stops working at once)."""
    for _attempt in range(20):
        classroom.code = new_code()
        try:
            with transaction.atomic():
                classroom.save(update_fields=["code"])
            return classroom.code
        except IntegrityError:  # pragma: no cover - 31^6 codes, a clash is rare
            continue
    raise RuntimeError("no free join code")  # pragma: no cover


@receiver(learner_merged)
def merge_classroom(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """An anonymous student who signs up keeps their classes and answers. Where both learners
    answered the same question, the account's (target's) answer stays."""
    Classroom.objects.filter(teacher=source).update(teacher=target)
    Ban.objects.filter(learner=source).exclude(
        classroom__in=Ban.objects.filter(learner=target).values("classroom")
    ).update(learner=target)
    for membership in Membership.objects.filter(learner=source):
        own = Classroom.objects.filter(pk=membership.classroom_id, teacher=target).exists()
        twice = Membership.objects.filter(classroom=membership.classroom_id, learner=target)
        banned_ = Ban.objects.filter(classroom=membership.classroom_id, learner=target)
        if own or twice.exists() or banned_.exists():
            # A teacher who tried their own class by name stays its teacher, never a student
            membership.delete()
        else:
            Membership.objects.filter(pk=membership.pk).update(learner=target)
    for answer in AssignmentAnswer.objects.filter(learner=source):
        taken = AssignmentAnswer.objects.filter(
            assignment=answer.assignment_id, number=answer.number, learner=target
        ).exists()
        if taken:
            answer.delete()
        else:
            AssignmentAnswer.objects.filter(pk=answer.pk).update(learner=target)
    for live in LiveAnswer.objects.filter(learner=source):
        if LiveAnswer.objects.filter(question=live.question_id, learner=target).exists():
            live.delete()
        else:
            LiveAnswer.objects.filter(pk=live.pk).update(learner=target)
