"""Helpers for the held-progress tests (issue 31 item 8): plain HTTP as ``DJANGO_HTTPS=0`` sets it
(tests/production/test_settings.py checks that it sets exactly these), a learner with progress."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.utils import timezone

from tests.quiz.quizhelp import answer
from tutor.collections.models import Collection, SavedHand
from tutor.models import Learner
from tutor.path.models import LessonRead

PASSWORD = "ron-ron-ron-88"
KEY = "table:n:ron:2:30"


def over_plain_http(settings: Any) -> None:
    """What ``DJANGO_HTTPS=0`` sets in production, as far as the merge is concerned."""
    settings.SESSION_COOKIE_SECURE = False
    settings.ASK_BEFORE_MERGE = True


def with_progress(client: Client, answers: int = 1, saved: int = 0, lessons: int = 0) -> Learner:
    """This client's anonymous learner, with ``answers`` quiz answers (through the views), and
    ``saved`` saved hands and ``lessons`` lessons read."""
    for seed in range(1, answers + 1):
        answer(client, "table", seed, {"item": KEY}, right=seed % 2 == 0)
    pk = client.session["tutor_learner"]
    learner = Learner.objects.get(pk=pk, user__isnull=True)
    if saved:
        box = Collection.objects.create(owner=learner, title="Mine")
        for i in range(saved):
            SavedHand.objects.create(collection=box, title=f"H{i}", query="hand=123m")
    for i in range(lessons):
        LessonRead.objects.create(learner=learner, lesson=f"lesson-{i}", read_at=timezone.now())
    return learner


def log_in(client: Client, username: str = "kenji", next_url: str = "") -> Any:
    data = {"username": username, "password": PASSWORD}
    if next_url:
        data["next"] = next_url
    return client.post("/accounts/login/", data)
