"""The path in Japanese: every page and fragment of it under /ja/ shows no English
(tests/i18n/visible.py), and the numbers and words read as Japanese pages write them."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.i18n.visible import english_in
from tests.path.pathhelp import answer_check, at, form, master_unit
from tutor import quiz
from tutor.path import checks, daily, exam
from tutor.path.units import BY_SLUG
from tutor.quiz import srs

T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
PASSWORD = "ja-riichi-pass-9"


def ja(client: Client, url: str, status: int = 200) -> str:
    response = client.get("/ja" + url)
    assert response.status_code == status, url
    return response.content.decode()


def no_english(html: str, where: str) -> None:
    left = english_in(html)
    assert not left, f"{where}: English left on the Japanese page:\n  " + "\n  ".join(left)


@pytest.mark.django_db
def test_the_path_pages_in_japanese(client: Client) -> None:
    with srs.use_clock(at(T0)):
        no_english(ja(client, "/tutor/path/"), "path (new)")
        no_english(ja(client, "/tutor/today/"), "today (new)")
        no_english(ja(client, "/"), "picker with the strip (first visit)")
        master_unit(client, BY_SLUG["basics"])
        client.post("/ja/tutor/path/read/fu")
        answer_check(client, BY_SLUG["fu"], 0, right=False)
        client.post("/ja/tutor/today/settings", {"goal": "10"})
    with srs.use_clock(at(T0 + timedelta(days=1))):
        pages = {
            "path": "/tutor/path/",
            "unit": "/tutor/path/fu/",
            "later unit": "/tutor/path/limits/",
            "check": "/tutor/path/fu/check/?n=1",
            "check debrief": "/tutor/path/fu/check/debrief",
            "today": "/tutor/today/",
            "picker strip": "/",
            "placement": "/tutor/path/placement/",
            "placement result": "/tutor/path/placement/?result=1",
            "exam": "/tutor/path/exam/?hand=wins:3",
            "daily": "/tutor/daily/",
            "offline": "/tutor/offline/",
            "lesson": "/tutor/lessons/fu",
            "lessons": "/tutor/lessons/",
        }
        for name, url in pages.items():
            html = ja(client, url)
            assert '<html lang="ja">' in html, name
            no_english(html, name)
        today = ja(client, "/tutor/today/")
        assert re.search(r"\d+\s*問の復習（約\d+分）", re.sub(r"<[^>]+>", "", today))


@pytest.mark.django_db
def test_answers_and_debriefs_in_japanese(client: Client) -> None:
    unit = BY_SLUG["basics"]
    q = checks.check_question(unit, 1)
    response = client.post(
        "/ja/tutor/path/basics/check/answer",
        {"n": 1, **form(q, right=False)},
        headers={"HX-Request": "true"},
    )
    no_english(response.content.decode(), "check answer (fragment)")
    # The set's end in Japanese, with its debrief.
    for n in range(10):
        qq = quiz.make_question("table", quiz.set_seed(6, n), dict(unit.drills[0].options))
        data = {**qq.options, "seed": qq.seed, "set": 6, "n": n, **form(qq, n != 3)}
        data.pop("item", None)
        end = client.post("/ja/tutor/quiz/table/answer/", data).content.decode()
    assert "振り返り" in end
    no_english(end, "quiz set end with the debrief")
    hand = exam.hand_for("wins:2", None)
    assert hand is not None
    page = ja(client, "/tutor/path/exam/?hand=wins:2")
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    answers = {f"a_{k}": str(v) for k, v in hand.question.expected.items()}
    done = client.post(
        "/ja/tutor/path/exam/answer",
        {"hand": "wins:2", "token": token.group(1), "answer_key": uuid.uuid4().hex, **answers},
    ).content.decode()
    no_english(done, "exam answer")
    day = daily.hand_of(daily.today_date())
    page = ja(client, "/tutor/daily/")
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token is not None
    answers = {f"a_{k}": "1" for k in day.question.expected}
    result = client.post(
        "/ja/tutor/daily/answer",
        {"hand": day.source, "token": token.group(1), "answer_key": uuid.uuid4().hex, **answers},
    ).content.decode()
    no_english(result, "hand of the day answered")
    share = re.search(r'data-testid="share-text">([^<]*)<', result)
    assert share is not None
    assert share.group(1).startswith("点棒 今日の一問")


@pytest.mark.django_db
def test_sign_up_welcome_in_japanese(client: Client) -> None:
    answer_check(client, BY_SLUG["fu"], 0)
    response = client.post(
        "/ja/accounts/signup/",
        {"username": "aoi", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response["Location"] == "/ja/tutor/today/"
    html = client.get(response["Location"]).content.decode()
    assert "ようこそ、aoiさん。" in html
    no_english(html.replace("aoi", ""), "today with the welcome")
    assert User.objects.get().learner.answers.count() == 1
