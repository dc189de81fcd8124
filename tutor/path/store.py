"""The path's rows follow the learner into an account (the learner merge of
tutor.accounts.learners), and what came along is said on the first screen after signing up."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlencode, urlsplit

from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpRequest
from django.urls import reverse

from config.i18n import strip_language
from tutor.accounts.learners import learner_for, learner_merged
from tutor.accounts.models import Learner
from tutor.path.models import LessonRead, PathSettings, TimedHand, UnitDone

#: Where the sign-up view leaves what came along, for Today to say once.
WELCOME_KEY: Final = "tenbo_path_welcome"


@receiver(learner_merged)
def merge_path(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """Move ``source``'s path into ``target``: lessons read and units mastered once each (the
    earlier date kept), the timed hands (a hand of the day both answered: the account's kept),
    and the settings where the account has none of its own."""
    for read in LessonRead.objects.filter(learner=source):
        mine = LessonRead.objects.filter(learner=target, lesson=read.lesson).first()
        if mine is None:
            LessonRead.objects.filter(pk=read.pk).update(learner=target)
        elif read.read_at < mine.read_at:
            LessonRead.objects.filter(pk=mine.pk).update(read_at=read.read_at)
    for done in UnitDone.objects.filter(learner=source):
        have = UnitDone.objects.filter(learner=target, unit=done.unit).first()
        if have is None:
            UnitDone.objects.filter(pk=done.pk).update(learner=target)
        elif done.done_at < have.done_at:
            UnitDone.objects.filter(pk=have.pk).update(done_at=done.done_at, placed=done.placed)
    taken = set(
        TimedHand.objects.filter(learner=target, mode=TimedHand.DAILY).values_list("day", flat=True)
    )
    TimedHand.objects.filter(Q(learner=source) & ~Q(mode=TimedHand.DAILY, day__in=taken)).update(
        learner=target
    )
    if not PathSettings.objects.filter(learner=target).exists():
        PathSettings.objects.filter(learner=source).update(learner=target)
    from tutor.path.today import forget_days

    forget_days(target)


def came_along(learner: Learner | None) -> dict[str, int]:
    """What a learner holds, as the welcome counts it (nothing for no learner)."""
    if learner is None:
        return {}
    counts = {
        "answers": learner.answers.count(),
        "lessons": LessonRead.objects.filter(learner=learner).count(),
        "units": UnitDone.objects.filter(learner=learner).count(),
        "hands": TimedHand.objects.filter(learner=learner).count(),
        "collections": learner.collections.count(),
        "games": learner.reviewed_games.count(),
        "classes": learner.memberships.count(),
    }
    return {k: v for k, v in counts.items() if v}


def remember_welcome(request: HttpRequest) -> None:
    """Before the sign-up logs in: note what the browser's learner holds (it becomes the
    account's), for Today's welcome."""
    request.session[WELCOME_KEY] = came_along(learner_for(request, create=False))


def signup_landing(target: str, teacher: bool = False, back: bool = True) -> str:
    """Where a sign-up lands: Today, which welcomes the learner with what came along and links
    back to ``target``; except a teacher's sign-up and a class's page, which are a task to
    finish (creating or joining the class): those go straight to ``target``."""
    classes = strip_language(reverse("tutor:classes"))
    if teacher or strip_language(urlsplit(target).path).startswith(classes):
        return target
    today = reverse("tutor:today")
    return today + "?" + urlencode({"back": target}) if back else today
