"""Over plain HTTP a log-in or sign-up asks before adding this browser's progress to the account
(issue 31 item 8, tutor/accounts/pending.py): the question shows the counts, only "Add it to my
account" merges, "Leave it out" leaves the account as it was, and the question stays in sight
until it is answered. Under HTTPS the merge stays silent (tests/production/test_planted_session.py
and the rest of tests/accounts)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.accounts.heldhelp import PASSWORD, log_in, over_plain_http, with_progress
from tutor.accounts.learners import PENDING_KEY
from tutor.collections.models import SavedHand
from tutor.models import Learner
from tutor.path.models import LessonRead

pytestmark = pytest.mark.django_db
HELD = "/accounts/this-browser/"


@pytest.fixture(autouse=True)
def _plain_http(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    over_plain_http(settings)


@pytest.fixture
def kenji() -> User:
    return User.objects.create_user("kenji", password=PASSWORD)


def answers_of(user: User) -> int:
    learner = Learner.objects.filter(user=user).first()
    return 0 if learner is None else learner.answers.count()


def test_log_in_holds_the_progress_and_asks_with_the_counts(client: Client, kenji: User) -> None:
    anon = with_progress(client, answers=3, saved=2, lessons=1)
    response = log_in(client, next_url="/tutor/quiz/")
    assert response.status_code == 302
    assert response["Location"] == HELD + "?next=%2Ftutor%2Fquiz%2F"
    assert answers_of(kenji) == 0  # nothing merged before the learner says so
    assert client.session[PENDING_KEY] == anon.pk
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="held-progress"' in html
    counts = re.search(r'data-testid="held-counts">(.*?)</ul>', html, re.S)
    assert counts is not None
    items = [re.sub(r"\s+", " ", li).strip() for li in re.findall(r"<li>(.*?)</li>", counts[1])]
    assert items == [
        "3 answers, with their review schedule",
        "2 saved hands",
        "1 lesson read",
    ]
    assert re.search(r"made since \w+\.? \d+, \d{4}:", html)
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'value="add"' in html
    assert 'value="leave"' in html
    assert 'name="next" value="/tutor/quiz/"' in html


def test_add_it_merges_everything_through_the_merge(client: Client, kenji: User) -> None:
    anon = with_progress(client, answers=2, saved=1, lessons=1)
    log_in(client)
    response = client.post(HELD, {"choice": "add", "next": "/tutor/quiz/"})
    assert response.status_code == 302
    assert response["Location"] == "/tutor/quiz/"
    learner = Learner.objects.get(user=kenji)
    assert learner.answers.count() == 2
    assert SavedHand.objects.filter(collection__owner=learner).count() == 1
    assert LessonRead.objects.filter(learner=learner).count() == 1
    assert PENDING_KEY not in client.session
    html = client.get("/tutor/quiz/").content.decode()
    assert "Added to your account." in html
    assert 'data-testid="held-notice"' not in html
    assert not Learner.objects.filter(pk=anon.pk, user__isnull=True).exists()


def test_add_it_merges_into_an_account_learner_made_meanwhile(client: Client, kenji: User) -> None:
    """The account's own learner may exist by the time the learner answers (an answer given
    while logged in): the held one is merged into it, not given a second learner."""
    existing = Learner.objects.create(user=kenji)
    with_progress(client, answers=1)
    log_in(client)
    client.post(HELD, {"choice": "add"})
    assert Learner.objects.filter(user=kenji).get() == existing
    assert existing.answers.count() == 1


def test_leave_it_out_leaves_the_account_as_it_was(client: Client, kenji: User) -> None:
    anon = with_progress(client, answers=2, saved=1)
    log_in(client)
    response = client.post(HELD, {"choice": "leave", "next": "/tutor/quiz/"})
    assert response["Location"] == "/tutor/quiz/"
    assert answers_of(kenji) == 0
    assert not SavedHand.objects.exists()
    assert not Learner.objects.filter(pk=anon.pk).exists()
    assert PENDING_KEY not in client.session
    html = client.get("/tutor/quiz/").content.decode()
    assert "Left out: your account is as it was." in html
    assert 'data-testid="held-notice"' not in html


def test_the_question_stays_in_sight_until_it_is_answered(client: Client, kenji: User) -> None:
    with_progress(client, answers=1)
    log_in(client)
    # The learner walks away from the question: every page says something is waiting ...
    quiz = client.get("/tutor/quiz/").content.decode()
    assert 'data-testid="held-notice"' in quiz
    assert 'href="/accounts/this-browser/?next=/tutor/quiz/"' in quiz
    # ... Today asks in full (and says it once) ...
    today = client.get("/tutor/today/").content.decode()
    assert 'data-testid="held-progress"' in today
    assert 'data-testid="held-notice"' not in today
    # ... and so it does after another visit: nothing was merged meanwhile.
    assert 'data-testid="held-notice"' in client.get("/tutor/tables").content.decode()
    assert answers_of(kenji) == 0


def test_logging_out_gives_the_held_progress_back_to_the_browser(
    client: Client, kenji: User
) -> None:
    anon = with_progress(client, answers=1)
    log_in(client)
    client.post("/accounts/logout/")
    assert client.session["tutor_learner"] == anon.pk
    with_progress(client, answers=2)  # the browser goes on with it, anonymously
    response = log_in(client)
    assert response["Location"].startswith(HELD)  # asked again, nothing lost
    assert "3 answers" in client.get(HELD).content.decode()


def test_an_anonymous_learner_with_nothing_is_dropped_without_asking(
    client: Client, kenji: User
) -> None:
    client.post("/tutor/today/settings", {"goal": "10"})  # makes a learner, holds no progress
    anon = Learner.objects.get(user__isnull=True)
    response = log_in(client, next_url="/tutor/quiz/")
    assert response["Location"] == "/tutor/quiz/"
    assert PENDING_KEY not in client.session
    assert not Learner.objects.filter(pk=anon.pk).exists()
    assert 'data-testid="held-notice"' not in client.get("/tutor/quiz/").content.decode()


def test_sign_up_asks_on_today_in_the_welcomes_place(client: Client) -> None:
    with_progress(client, answers=2)
    response = client.post(
        "/accounts/signup/",
        {"username": "haruka", "password1": PASSWORD, "password2": PASSWORD, "next": "/calc"},
    )
    assert response["Location"] == "/tutor/today/?back=%2Fcalc"
    user = User.objects.get(username="haruka")
    assert answers_of(user) == 0
    today = client.get(response["Location"]).content.decode()
    assert 'data-testid="held-progress"' in today
    assert "2 answers, with their review schedule" in today
    # No welcome claiming that the account keeps it already.
    assert 'data-testid="welcome"' not in today
    assert "Your account now keeps" not in today
    assert 'name="next" value="/calc"' in today  # then on to where the learner was
    added = client.post(HELD, {"choice": "add", "next": "/calc"})
    assert added["Location"] == "/calc"
    assert answers_of(user) == 2


def test_a_teachers_sign_up_is_asked_before_the_class_page(client: Client) -> None:
    with_progress(client, answers=1)
    response = client.post(
        "/accounts/signup/",
        {"username": "sensei", "password1": PASSWORD, "password2": PASSWORD, "teacher": "on"},
    )
    assert response["Location"].startswith(HELD + "?next=")
    assert answers_of(User.objects.get(username="sensei")) == 0


def test_a_sign_up_with_nothing_held_is_welcomed_as_before(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "haruka", "password1": PASSWORD, "password2": PASSWORD, "next": "/calc"},
    )
    today = client.get(response["Location"]).content.decode()
    assert 'data-testid="welcome"' in today
    assert 'data-testid="held-progress"' not in today


def test_the_pages_say_that_the_learner_is_asked(client: Client) -> None:
    login = client.get("/accounts/login/").content.decode()
    assert "you choose whether the progress from this browser joins your account" in login
    signup = client.get("/accounts/signup/").content.decode()
    assert "You choose whether what you answered so far joins it." in signup
    assert "comes with you" not in signup


def test_a_choice_that_is_neither_is_refused_and_asked_again(client: Client, kenji: User) -> None:
    with_progress(client, answers=1)
    log_in(client)
    response = client.post(HELD, {"choice": "both"})
    assert response.status_code == 400
    assert 'data-testid="held-progress"' in response.content.decode()
    assert answers_of(kenji) == 0
    assert PENDING_KEY in client.session


def test_the_question_needs_the_account_and_a_next_of_this_site(
    client: Client, kenji: User
) -> None:
    anonymous = client.get(HELD)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/?next=")
    assert client.post(HELD, {"choice": "add"})["Location"].startswith("/accounts/login/")
    with_progress(client, answers=1)
    log_in(client)
    elsewhere = client.post(HELD, {"choice": "leave", "next": "https://evil.example/"})
    assert elsewhere["Location"] == "/tutor/today/"
    # Answered: the page has nothing to ask and goes on.
    assert client.get(HELD + "?next=/calc")["Location"] == "/calc"


def test_the_question_is_answered_once_across_tabs(client: Client, kenji: User) -> None:
    with_progress(client, answers=1)
    log_in(client)
    client.post(HELD, {"choice": "add"})
    client.post(HELD, {"choice": "leave"})  # a second tab, answered later
    assert answers_of(kenji) == 1


def test_logging_in_to_another_account_still_asks(client: Client, kenji: User) -> None:
    User.objects.create_user("aoi", password=PASSWORD)
    with_progress(client, answers=1)
    log_in(client)
    response = log_in(client, username="aoi")  # without logging out: Django flushes the session
    assert response["Location"].startswith(HELD)
    client.post(HELD, {"choice": "add"})
    assert answers_of(User.objects.get(username="aoi")) == 1
    assert answers_of(kenji) == 0


def test_the_question_in_japanese(client: Client, kenji: User) -> None:
    with_progress(client, answers=3, saved=2, lessons=1)
    log_in(client)
    html = client.get("/ja" + HELD).content.decode()
    assert "このブラウザの学習記録" in html
    assert "回答3件（復習の予定を含む）" in html
    assert "保存した手牌2件" in html
    assert "読了したレッスン1件" in html
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日以降", html)
    assert "アカウントに追加" in html
    notice = client.get("/ja/tutor/quiz/").content.decode()
    assert "このブラウザに、アカウントにまだない学習記録があります。" in notice
