"""The quiz menu's way in (issue 22.13): a "Review N due" button for each drill with questions
due again, and a suggested path for a beginner ("Start here")."""

from __future__ import annotations

import html as htmllib
import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.quiz.quizhelp import answer
from tutor.quiz import srs

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _index(client, prefix: str = "") -> str:
    return str(client.get(prefix + "/tutor/quiz/").content.decode())


def test_review_buttons_name_what_is_due(client):
    with srs.use_clock(lambda: T0):
        for seed in (11, 12, 13):
            answer(client, "table", seed, {}, right=False)
        answer(client, "fu", 5, {}, right=False)
        page = _index(client)
        assert 'data-testid="review-due"' not in page  # missed ones come back in a minute
    with srs.use_clock(lambda: T0 + timedelta(hours=1)):
        page = _index(client)
    buttons = re.findall(r'<a class="button quiz-review" href="([^"]*)">([^<]*)</a>', page)
    assert buttons == [
        ("/tutor/quiz/table/", "Review 3 due: Score table"),
        ("/tutor/quiz/fu/", "Review 1 due: Fu of a hand"),
    ]
    # The button's drill is asked without a seed: the schedule picks a due question.
    with srs.use_clock(lambda: T0 + timedelta(hours=1)):
        question = client.get(buttons[0][0]).content.decode()
    assert "seed=" in question  # its own link names the question it picked
    ja = _index(client, "/ja")
    assert "Review" not in ja


def test_a_beginner_is_shown_where_to_start(client):
    page = _index(client)
    start = re.search(r'<section class="quiz-start is-new"[^>]*>(.*?)</section>', page, re.S)
    assert start, "no 'Start here' for a new learner"
    assert "Start here" in start[1]
    links = [htmllib.unescape(h) for h in re.findall(r'<a href="([^"]*)">', start[1])]
    assert links == [
        "/tutor/quiz/table/?mode=choice",
        "/tutor/quiz/yaku/",
        "/tutor/quiz/fu/?mode=choice",
        "/tutor/quiz/payments/",
    ]
    for url in links:
        assert client.get(url).status_code == 200
    ja = _index(client, "/ja")
    assert "Start here" not in ja
    assert 'data-testid="start-here"' in ja
