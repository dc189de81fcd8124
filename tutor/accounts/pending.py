"""Progress held for the learner's word, where cookies cannot be trusted (plain HTTP).

Over plain HTTP anyone on the network path can plant a session cookie, and the "made here" marker
with it (tutor/accounts/learners.py), in someone else's browser: no cookie-only check tells that
jar from the browser's own. So there (``settings.ASK_BEFORE_MERGE``, true with ``DJANGO_HTTPS=0``)
a log-in or sign-up never merges the session's anonymous learner silently. The log-in keeps its
id in the session (``PENDING_KEY``: Django keeps session data across the log-in's key rotation);
the learner is asked what this browser holds that the account has not (the page of
``views.held_progress``, or Today's card after a sign-up), and only "Add it to my account"
merges, through the same :func:`~tutor.accounts.learners.merge` as everywhere. "Leave it out"
deletes the held learner and leaves the account as it was. An anonymous learner with nothing in
it is dropped without asking, at the first look (:func:`held`, right after the log-in).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, tzinfo
from functools import cached_property

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from tutor.accounts.learners import PENDING_KEY, SESSION_KEY, give, mark_made
from tutor.accounts.models import Learner


def holdings(learner: Learner) -> dict[str, int]:
    """What ``learner`` holds, in numbers a learner reads (the kinds with none left out): the
    path's welcome counts, plus the saved hands themselves."""
    from tutor.collections.models import SavedHand
    from tutor.path.store import came_along

    counts = came_along(learner)
    saved = SavedHand.objects.filter(collection__owner=learner).count()
    if saved:
        counts["saved"] = saved
    return counts


@dataclass
class Held:
    """The anonymous learner held for the account's word, and what it holds."""

    learner: Learner
    #: The learner's time zone (the day "since" is theirs).
    zone: tzinfo

    @cached_property
    def counts(self) -> dict[str, int]:
        return holdings(self.learner)

    @cached_property
    def since(self) -> date:
        """The day this browser's anonymous learner was made."""
        return timezone.localtime(self.learner.created, self.zone).date()


def held(request: HttpRequest) -> Held | None:
    """The progress this browser holds that the logged-in account has not taken yet, if any."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    if user is None or session is None or not user.is_authenticated:
        return None
    pk = session.get(PENDING_KEY)
    if type(pk) is not int:
        return None
    learner = Learner.objects.filter(pk=pk, user__isnull=True).first()
    if learner is None:
        session.pop(PENDING_KEY, None)  # taken or left out in another tab
        return None
    from tutor.path.today import learner_zone

    found = Held(learner, learner_zone(request))
    if not found.counts:
        # Nothing to ask about (a learner that only chose a daily goal): dropped unasked.
        session.pop(PENDING_KEY, None)
        learner.delete()
        return None
    return found


def settle(request: HttpRequest, add: bool) -> dict[str, int] | None:
    """The learner's answer: ``add`` the held progress to their account, or leave it out (it is
    deleted; the account stays as it was). Returns what was held, or None when nothing was."""
    pk = request.session.pop(PENDING_KEY, None)
    if type(pk) is not int or not request.user.is_authenticated:
        return None
    with transaction.atomic():
        anon = Learner.objects.select_for_update().filter(pk=pk, user__isnull=True).first()
        if anon is None:
            return None
        counts = holdings(anon)
        if add:
            give(anon, request.user)
        else:
            anon.delete()
    return counts


def keep_for_the_browser(request: HttpRequest, pk: object) -> None:
    """After logging out with progress still held: it is this (anonymous) browser's again, so
    it is not lost, and the next log-in asks again."""
    if type(pk) is int and Learner.objects.filter(pk=pk, user__isnull=True).exists():
        request.session[SESSION_KEY] = pk
        mark_made(request, pk)


def context(request: HttpRequest) -> dict[str, object]:
    """For every page: the held progress, for the notice that keeps the question in sight (looked
    up only when a page shows it, and only when the session names some)."""
    session = getattr(request, "session", None)
    if session is None or PENDING_KEY not in session:
        return {"held_progress": None}
    return {"held_progress": SimpleLazyObject(lambda: held(request))}
