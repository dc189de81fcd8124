"""Who the learner is: the account's learner, or an anonymous one whose id the session holds.

Signing up or logging in keeps the anonymous learner's work: :func:`adopt_session_learner` gives
the anonymous learner to the account, or merges it into the account's learner. Each feature
that stores per-learner rows (quiz answers, classes, saved hands ...) moves them in a receiver
of :data:`learner_merged`, all inside one transaction.

Only a learner this browser made is adopted: making one sets a signed marker cookie naming it
(:class:`MadeLearnerMiddleware`; ``__Host-`` prefixed under HTTPS, so no other host or
subdomain can set it). A session planted in the browser by someone else (a fixed session
cookie) names a learner without that marker, and logging in with it leaves the account alone.

Over plain HTTP that is not enough: whoever can plant the session cookie can plant the marker
with it. There (``settings.ASK_BEFORE_MERGE``) the anonymous progress is only held, and the
learner is asked whether it is theirs (tutor/accounts/pending.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core import signing
from django.db import transaction
from django.dispatch import Signal, receiver
from django.http import HttpRequest, HttpResponse

from tutor.accounts.models import Learner

#: Sent inside the merge's transaction with ``source`` and ``target`` learners; receivers move
#: their rows from source to target. The source is deleted afterwards.
learner_merged = Signal()

SESSION_KEY = "tutor_learner"
#: The anonymous learner held at log-in for the account's word (plain HTTP: pending.py).
PENDING_KEY: Final = "tutor_learner_pending"
MARKER_SALT: Final = "tenbo.accounts.made-learner"
MARKER_DAYS: Final = 365


def marker_cookie() -> str:
    """The marker's cookie name: ``__Host-`` (no Domain, Secure, Path=/) wherever cookies are
    secure, so a sibling subdomain cannot plant one."""
    return "__Host-tenbo_made" if settings.SESSION_COOKIE_SECURE else "tenbo_made"


def mark_made(request: HttpRequest, pk: int) -> None:
    """This browser made (or was just given, by its own lost response) anonymous learner ``pk``."""
    request.tenbo_made_learner = pk  # type: ignore[attr-defined]


def made_here(request: HttpRequest, pk: object) -> bool:
    """Whether this browser made anonymous learner ``pk`` (its signed marker names it)."""
    if getattr(request, "tenbo_made_learner", None) == pk:
        return True
    value = request.COOKIES.get(marker_cookie())
    if not value:
        return False
    try:
        made = signing.loads(value, salt=MARKER_SALT, max_age=MARKER_DAYS * 86400)
    except signing.BadSignature:
        return False
    return bool(made == pk)


class MadeLearnerMiddleware:
    """Sets the marker cookie on the response of the request that made an anonymous learner."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        pk = getattr(request, "tenbo_made_learner", None)
        if pk is not None:
            response.set_cookie(
                marker_cookie(),
                signing.dumps(pk, salt=MARKER_SALT),
                max_age=MARKER_DAYS * 86400,
                path="/",
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


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
    mark_made(request, learner.pk)
    return learner


def merge(source: Learner, target: Learner) -> None:
    """Move everything ``source`` learned into ``target``, then delete ``source``."""
    with transaction.atomic():
        learner_merged.send(sender=Learner, source=source, target=target)
        source.delete()


def give(anon: Learner, user: Any) -> None:
    """The anonymous learner ``anon`` becomes ``user``'s: their learner when they have none yet,
    merged into it otherwise. Call inside a transaction that locked ``anon``."""
    existing = Learner.objects.select_for_update().filter(user=user).first()
    if existing is None:
        anon.user = user
        anon.save(update_fields=["user"])
    else:
        merge(anon, existing)


def adopt_session_learner(request: HttpRequest, user: Any) -> None:
    """On sign-up / log-in: the session's anonymous progress becomes the account's; over plain
    HTTP (``settings.ASK_BEFORE_MERGE``) it is held until the learner says it is theirs
    (tutor/accounts/pending.py)."""
    pk = request.session.pop(SESSION_KEY, None)
    if not pk:
        return
    if not made_here(request, pk):
        # A session this browser did not start (planted): its learner is not the account's.
        return
    if settings.ASK_BEFORE_MERGE:
        request.session[PENDING_KEY] = pk  # asked about first (tutor/accounts/pending.py)
        return
    with transaction.atomic():
        anon = Learner.objects.select_for_update().filter(pk=pk, user__isnull=True).first()
        if anon is not None:
            give(anon, user)


@receiver(user_logged_in)
def _merge_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Signing up or logging in keeps the anonymous session's progress."""
    if request is not None:
        adopt_session_learner(request, user)
