"""Who the learner is: the account's learner, or an anonymous one whose id the session holds.

Signing up or logging in keeps the anonymous learner's work: :func:`adopt_session_learner` gives
the anonymous learner to the account, or merges it into the account's learner. Each feature
that stores per-learner rows (quiz answers, classes, saved hands ...) moves them in a receiver
of :data:`learner_merged`, all inside one transaction.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import Signal, receiver
from django.http import HttpRequest

from tutor.accounts.models import Learner

#: Sent inside the merge's transaction with ``source`` and ``target`` learners; receivers move
#: their rows from source to target. The source is deleted afterwards.
learner_merged = Signal()

SESSION_KEY = "tutor_learner"


def learner_for(request: HttpRequest, create: bool = True) -> Learner | None:
    """The account's learner, or the anonymous one whose id the session holds."""
    user = request.user
    if user.is_authenticated:
        if create:
            return Learner.objects.get_or_create(user=user)[0]
        return Learner.objects.filter(user=user).first()
    pk = request.session.get(SESSION_KEY)
    if pk:
        learner = Learner.objects.filter(pk=pk, user__isnull=True).first()
        if learner is not None:
            return learner
    if not create:
        return None
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    return learner


def merge(source: Learner, target: Learner) -> None:
    """Move everything ``source`` learned into ``target``, then delete ``source``."""
    with transaction.atomic():
        learner_merged.send(sender=Learner, source=source, target=target)
        source.delete()


def adopt_session_learner(request: HttpRequest, user: Any) -> None:
    """On sign-up / log-in: the session's anonymous progress becomes the account's."""
    pk = request.session.get(SESSION_KEY)
    if not pk:
        return
    with transaction.atomic():
        anon = Learner.objects.select_for_update().filter(pk=pk, user__isnull=True).first()
        if anon is not None:
            existing = Learner.objects.select_for_update().filter(user=user).first()
            if existing is None:
                anon.user = user
                anon.save(update_fields=["user"])
            else:
                merge(anon, existing)
    request.session.pop(SESSION_KEY, None)


@receiver(user_logged_in)
def _merge_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Signing up or logging in keeps the anonymous session's progress."""
    if request is not None:
        adopt_session_learner(request, user)
