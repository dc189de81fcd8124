"""A planted anonymous session is never merged into the account of whoever logs in with it
(issue 23 item 9): only a learner this browser made (its signed marker cookie) is adopted; over
plain HTTP, where the marker can be planted too, nothing is merged before the learner says the
progress is theirs (issue 31 item 8)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.accounts.heldhelp import over_plain_http
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


# --------------------------------------------------------------- plain HTTP (issue 31 item 8)
# Over plain HTTP nothing stops a planter from setting the marker too: there the log-in holds
# the progress and asks (tutor/accounts/pending.py).


def plant_attackers_cookies(victim: Client) -> Learner:
    """An attacker answers one question, then fixes their session *and* marker cookies in the
    victim's browser (possible over plain HTTP: no ``__Host-`` prefix without Secure)."""
    attacker = Client()
    answer(attacker, "table", 1, {"item": KEY}, right=False)
    assert learners.marker_cookie() in attacker.cookies
    for name in ("sessionid", learners.marker_cookie()):
        victim.cookies[name] = attacker.cookies[name].value
    return Learner.objects.get(user__isnull=True)


def test_planted_session_and_marker_over_http_merge_nothing_until_the_victim_says_so(
    settings: Any,
) -> None:
    over_plain_http(settings)
    victim_user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    victim = Client()
    planted = plant_attackers_cookies(victim)
    response = victim.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/this-browser/")
    # None of the attacker's answers is the victim's; the victim is shown what it would add.
    assert not Learner.objects.filter(user=victim_user, answers__isnull=False).exists()
    page = victim.get(response["Location"]).content.decode()
    assert "1 answer, with its review schedule" in page
    # The victim browses on: still nothing merged.
    victim.get("/tutor/quiz/")
    assert not Learner.objects.filter(user=victim_user, answers__isnull=False).exists()
    victim.post("/accounts/this-browser/", {"choice": "leave"})
    assert not Learner.objects.filter(user=victim_user, answers__isnull=False).exists()
    assert not Learner.objects.filter(pk=planted.pk).exists()


def test_over_http_only_the_victims_confirmation_merges(settings: Any) -> None:
    over_plain_http(settings)
    victim_user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    victim = Client()
    plant_attackers_cookies(victim)
    victim.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    victim.post("/accounts/this-browser/", {"choice": "add"})
    assert Learner.objects.get(user=victim_user).answers.count() == 1


def test_over_http_a_planted_sign_up_merges_nothing_either(settings: Any) -> None:
    over_plain_http(settings)
    victim = Client()
    plant_attackers_cookies(victim)
    password = "ron-ron-ron-88"
    form = {"username": "kenji", "password1": password, "password2": password}
    victim.post("/accounts/signup/", form)
    user = User.objects.get(username="kenji")
    assert not Learner.objects.filter(user=user, answers__isnull=False).exists()


def test_under_https_this_browsers_own_learner_is_merged_silently_as_before(
    settings: Any,
) -> None:
    settings.SESSION_COOKIE_SECURE = True
    settings.ASK_BEFORE_MERGE = False  # what the default DJANGO_HTTPS=1 sets (test_settings.py)
    user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    client = Client()
    answer(client, "table", 1, {"item": KEY}, right=True)
    assert "__Host-tenbo_made" in client.cookies
    response = client.post(
        "/accounts/login/",
        {"username": "kenji", "password": "ron-ron-ron-88", "next": "/tutor/quiz/"},
    )
    assert response["Location"] == "/tutor/quiz/"
    assert Learner.objects.get(user=user).answers.count() == 1
    assert not Learner.objects.filter(user__isnull=True).exists()
