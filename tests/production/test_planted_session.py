"""A planted anonymous session is never merged into the account of whoever logs in with it
(issue 23 item 9): only a learner this browser made (its signed marker cookie) is adopted."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.quiz.quizhelp import answer
from tutor.accounts import learners
from tutor.models import Learner

pytestmark = pytest.mark.django_db
KEY = "table:n:ron:2:30"


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_planted_session_is_not_merged_into_the_victims_account() -> None:
    victim_user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    attacker = Client()
    answer(attacker, "table", 1, {"item": KEY}, right=False)
    planted = Learner.objects.get(user__isnull=True)
    # The attacker's session cookie (not the marker) is fixed in the victim's browser.
    victim = Client()
    victim.cookies["sessionid"] = attacker.cookies["sessionid"].value
    response = victim.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    assert response.status_code == 302
    assert not Learner.objects.filter(user=victim_user, answers__isnull=False).exists()
    planted.refresh_from_db()
    assert planted.user_id is None
    assert planted.answers.count() == 1


def test_a_forged_marker_is_no_marker() -> None:
    User.objects.create_user("kenji", password="ron-ron-ron-88")
    attacker = Client()
    answer(attacker, "table", 1, {"item": KEY}, right=False)
    planted = Learner.objects.get(user__isnull=True)
    victim = Client()
    victim.cookies["sessionid"] = attacker.cookies["sessionid"].value
    victim.cookies[learners.marker_cookie()] = str(planted.pk)
    victim.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    planted.refresh_from_db()
    assert planted.user_id is None


def test_this_browsers_own_learner_is_still_merged(client: Client) -> None:
    user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    answer(client, "table", 1, {"item": KEY}, right=True)
    assert learners.marker_cookie() in client.cookies
    client.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    assert Learner.objects.get(user=user).answers.count() == 1


def test_the_marker_is_host_only_under_https(settings: Any) -> None:
    settings.SESSION_COOKIE_SECURE = True
    assert learners.marker_cookie().startswith("__Host-")
