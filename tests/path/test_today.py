"""Today, its strip above the picker, the daily goal and the streak; sign-up lands on Today with
what came along, and the path follows the learner into the account."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.path.pathhelp import answer_check, at, drill_set, master_unit
from tutor.accounts.models import Learner
from tutor.path.models import LessonRead, PathSettings, TimedHand, UnitDone
from tutor.path.units import BY_SLUG
from tutor.quiz import srs

BASICS = BY_SLUG["basics"]


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (which must hold it)."""
    match = re.search(pattern, text)
    assert match is not None, pattern
    return match.group(1)


T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
PASSWORD = "riichi-ippatsu-77"


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.django_db
def test_today_for_a_first_visit(client: Client) -> None:
    page = client.get("/tutor/today/").content.decode()
    assert "Nothing is due" in page
    assert 'href="/tutor/lessons/how-scoring-works" data-testid="continue"' in page
    assert "Choose a daily goal" in page
    assert not Learner.objects.exists()


@pytest.mark.django_db
def test_picker_strip_first_visit_and_learner(client: Client) -> None:
    page = client.get("/").content.decode()
    # One tap from / to the path for a first visit.
    assert 'href="/tutor/path/" data-testid="strip-path"' in page
    with srs.use_clock(lambda: T0):
        answer_check(client, BY_SLUG["fu"], 0)
    with srs.use_clock(lambda: T0 + timedelta(minutes=5)):
        page = client.get("/").content.decode()
    strip = page[page.index('data-testid="today-strip"') :][:1500]
    assert 'data-testid="strip-path"' not in strip
    assert "Next: unit 1, How scoring works" in text(strip)
    assert "1-day streak" in text(strip)
    assert "review" not in text(strip)  # nothing due yet


@pytest.mark.django_db
def test_the_next_day_today_shows_the_due_reviews(client: Client) -> None:
    with srs.use_clock(lambda: T0):
        master_unit(client, BASICS)
    with srs.use_clock(lambda: T0 + timedelta(days=1, hours=1)):
        page = client.get("/tutor/today/").content.decode()
        strip = client.get("/").content.decode()
    due = int(found(r'data-testid="due-count">(\d+)<', page))
    assert due >= 5
    assert re.search(rf"{due} questions due, about \d+ min", text(page))
    assert re.search(rf"{due} reviews due \(~\d+ min\)", text(strip))
    assert 'href="/tutor/quiz/table/" data-testid="start-reviews"' in page
    # The streak: yesterday counts, today not yet.
    assert "1 day in a row · today not yet" in text(page)


@pytest.mark.django_db
def test_daily_goal_and_streak_settings(client: Client) -> None:
    with srs.use_clock(lambda: T0):
        response = client.post("/tutor/today/settings", {"goal": "10"})
        assert response.status_code == 302
        for i in range(4):
            when = T0 + timedelta(seconds=30 * i)
            with srs.use_clock(at(when)):
                answer_check(client, BY_SLUG["fu"], i % 3)
    with srs.use_clock(lambda: T0 + timedelta(minutes=3)):
        page = text(client.get("/tutor/today/").content.decode())
    # 30 s + 3 x 30 s: 2 minutes of 10.
    assert "2 of 10 min today" in page
    settings = PathSettings.objects.get()
    assert settings.goal_minutes == 10
    client.post("/tutor/today/settings", {"goal": "7"})  # not a choice: ignored
    client.post("/tutor/today/settings", {"goal": "0"})
    assert PathSettings.objects.get().goal_minutes == 0
    with srs.use_clock(lambda: T0 + timedelta(minutes=3)):
        assert "No daily goal" in client.get("/tutor/today/").content.decode()
        client.post("/tutor/today/settings", {"streak": "hide"})
        page = client.get("/tutor/today/").content.decode()
        strip = client.get("/").content.decode()
    assert "The streak is hidden." in page
    assert 'data-testid="streak"' not in page
    assert "streak" not in text(strip[strip.index("today-strip") :][:1200])
    response = client.post(
        "/tutor/today/settings", {"streak": "show"}, headers={"HX-Request": "true"}
    )
    assert (
        response.content.decode()
        .lstrip()
        .startswith('<section class="card today-card" id="habits"')
    )


@pytest.mark.django_db
def test_the_streak_follows_the_browsers_time_zone(client: Client) -> None:
    # 23:50 and 00:10 in Tokyo: two days there, one in UTC (the site's zone).
    first = datetime(2026, 11, 27, 14, 50, tzinfo=UTC)
    with srs.use_clock(lambda: first):
        answer_check(client, BY_SLUG["fu"], 0)
    with srs.use_clock(lambda: first + timedelta(minutes=20)):
        answer_check(client, BY_SLUG["fu"], 1)
        utc = text(client.get("/tutor/today/").content.decode())
        client.cookies["tenbo_tz"] = "Asia/Tokyo"
        tokyo = text(client.get("/tutor/today/").content.decode())
        client.cookies["tenbo_tz"] = "Nowhere/Never"
        bad = text(client.get("/tutor/today/").content.decode())
    assert "1 day in a row" in utc
    assert "2 days in a row" in tokyo
    assert "1 day in a row" in bad


@pytest.mark.django_db
def test_sign_up_lands_on_today_with_what_came_along(client: Client) -> None:
    master_unit(client, BASICS)
    client.post("/tutor/path/read/fu")
    client.post("/tutor/today/settings", {"goal": "20"})
    response = client.post(
        "/accounts/signup/",
        {"username": "nanami", "password1": PASSWORD, "password2": PASSWORD, "next": "/"},
    )
    assert response["Location"] == "/tutor/today/?back=%2F"
    page = text(client.get(response["Location"]).content.decode())
    assert "Welcome, nanami." in page
    assert "2 lessons read" in page
    assert "1 unit of the path mastered" in page
    assert re.search(r"\d+ answers, with their review schedule", page)
    assert "Back to where you were" in page
    # Said once.
    assert "Welcome, nanami." not in text(client.get("/tutor/today/").content.decode())
    learner = Learner.objects.get(user__username="nanami")
    assert UnitDone.objects.get().learner == learner
    assert PathSettings.objects.get().learner == learner
    assert LessonRead.objects.filter(learner=learner).count() == 2


@pytest.mark.django_db
def test_a_teachers_sign_up_and_a_class_page_keep_their_next(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "sensei",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/tutor/class/",
            "teacher": "on",
        },
    )
    assert response["Location"] == "/tutor/class/"
    other = Client()
    response = other.post(
        "/accounts/signup/",
        {
            "username": "pupil",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/ja/tutor/class/join/",
        },
    )
    assert response["Location"] == "/ja/tutor/class/join/"


@pytest.mark.django_db
def test_logging_in_merges_the_path_into_an_existing_account(client: Client) -> None:
    user = User.objects.create_user("kenji", password=PASSWORD)
    account = Learner.objects.create(user=user)
    LessonRead.objects.create(learner=account, lesson="fu", read_at=T0)
    PathSettings.objects.create(learner=account, goal_minutes=5)
    with srs.use_clock(lambda: T0 - timedelta(days=2)):
        client.post("/tutor/path/read/fu")
        client.post("/tutor/path/read/how-scoring-works")
        client.post("/tutor/today/settings", {"goal": "20"})
    drill_set(client, BASICS.drills[0], 3, upto=2)
    assert (
        client.post("/accounts/login/", {"username": "kenji", "password": PASSWORD}).status_code
        == 302
    )
    reads = dict(LessonRead.objects.filter(learner=account).values_list("lesson", "read_at"))
    assert reads == {"fu": T0 - timedelta(days=2), "how-scoring-works": T0 - timedelta(days=2)}
    assert PathSettings.objects.get().goal_minutes == 5  # the account's own choice kept
    assert account.answers.count() == 2
    assert not TimedHand.objects.exists()


@pytest.mark.django_db
def test_the_streak_counts_the_days_that_came_along_in_a_merge(client: Client) -> None:
    user = User.objects.create_user("hana", password=PASSWORD)
    Learner.objects.create(user=user)
    account = Client()
    account.force_login(user)
    with srs.use_clock(at(T0)):
        # The account's Today, read (and its past days kept) before anything came along.
        assert 'data-testid="streak"' in account.get("/tutor/today/").content.decode()
    with srs.use_clock(at(T0 - timedelta(days=1))):
        answer_check(client, BY_SLUG["fu"], 0)
    with srs.use_clock(at(T0)):
        answer_check(client, BY_SLUG["fu"], 1)
        client.post("/accounts/login/", {"username": "hana", "password": PASSWORD})
        page = text(client.get("/tutor/today/").content.decode())
    assert "2 days in a row" in page
