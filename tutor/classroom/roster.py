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

from tutor.accounts.learners import SESSION_KEY, learner_for, learner_merged
from tutor.accounts.models import Learner
from tutor.classroom.models import (
    AssignmentAnswer,
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


def join(classroom: Classroom, learner: Learner, display_name: str) -> Membership:
    """Join (or, already a member, rename oneself): one membership per learner and class."""
    membership, created = Membership.objects.get_or_create(
        classroom=classroom, learner=learner, defaults={"display_name": display_name}
    )
    if not created and display_name and membership.display_name != display_name:
        membership.display_name = display_name
        membership.save(update_fields=["display_name"])
    return membership


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
    for membership in Membership.objects.filter(learner=source):
        if Membership.objects.filter(classroom=membership.classroom_id, learner=target).exists():
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
