"""The end of a quiz set and the words around it (issue 11, item 12): a set ends with "retry the
ones I missed", the timed set's limit is the learner's choice, and the schedule is explained in
words a learner knows ("Box 0: back in 1 minute" is gone)."""

from __future__ import annotations

import html as htmllib
import re
from datetime import UTC, datetime

import pytest

from tests.quiz.quizhelp import post_answer, right_answers
from tutor import quiz
from tutor.quiz import srs

pytestmark = pytest.mark.django_db
SET = 42
MISSED = (2, 6)
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def clock():
    with srs.use_clock(lambda: T0):
        yield


def _answer(client, n: int, right: bool, only: str = "", timed: str = "") -> str:
    q = quiz.make_question("table", quiz.set_seed(SET, n), {})
    given = right_answers(q) if right else dict.fromkeys(right_answers(q), "1")
    extra = {k: v for k, v in (("only", only), ("timed", timed)) if v}
    response = post_answer(client, q, {**given, **extra}, set=str(SET), n=str(n))
    assert response.status_code == 200
    return str(response.content.decode())


def _href(page: str, css: str) -> str:
    match = re.search(rf'<a class="button {css}" href="([^"]*)"', page)
    assert match, css
    return htmllib.unescape(match.group(1))


def test_a_set_ends_with_retry_the_ones_i_missed(client):
    for n in range(quiz.SET_LENGTH):
        page = _answer(client, n, right=n not in MISSED)
    assert "Set finished: 8 of 10 right." in page
    assert "Retry the 2 I missed" in page
    retry = _href(page, "quiz-retry")
    assert f"set={SET}" in retry
    assert "n=2" in retry
    assert "only=2%2C6" in retry
    # The retry asks the same questions again, only those.
    first = client.get(retry).content.decode()
    assert "Question 1 of 2" in first
    assert "the ones you missed" in first
    q2 = quiz.make_question("table", quiz.set_seed(SET, 2), {})
    assert q2.prompt in first
    assert 'name="only" value="2,6"' in first
    page = _answer(client, 2, right=True, only="2,6")
    nxt = _href(page, "quiz-next")
    assert "n=6" in nxt
    assert "only=2%2C6" in nxt
    second = client.get(nxt).content.decode()
    assert "Question 2 of 2" in second
    assert quiz.make_question("table", quiz.set_seed(SET, 6), {}).prompt in second
    page = _answer(client, 6, right=False, only="2,6")
    assert "Retry finished: 1 of 2 right." in page
    assert "Retry the one I missed" in page
    assert "only=6" in _href(page, "quiz-retry")
    # Progress stays the last, focused way out (keyboard users press Enter to go on).
    assert re.search(r'<a class="button quiz-next" href="/tutor/quiz/progress/" autofocus>', page)
    page = _answer(client, 6, right=True, only="6")
    assert "Retry finished: 1 of 1 right." in page
    assert "button quiz-retry" not in page
    assert "Nothing to retry: every answer was right." in page


def test_a_bad_only_list_falls_back_to_the_whole_set(client):
    page = client.get(f"/tutor/quiz/table/?set={SET}&n=3&only=1,x,99").content.decode()
    assert "Question 4 of 10" in page
    assert 'name="only"' not in page


def test_the_time_limit_is_the_learners_choice(client):
    index = client.get("/tutor/quiz/").content.decode()
    for kind in quiz.KINDS:
        form = re.search(
            rf'<form class="timed-form" method="get" action="/tutor/quiz/{kind}/">(.*?)</form>',
            index,
            re.S,
        )
        assert form, kind
        assert re.search(r'<input type="number" id="timed-\w+" name="timed" value="20"', form[1])
        assert 'name="set"' in form.group(1)
    assert "Timed (20 s)" not in index
    for asked, shown in (("45", "45"), ("1", "3"), ("3000", "3000")):
        page = client.get(f"/tutor/quiz/table/?set=1&n=0&timed={asked}").content.decode()
        assert f'data-seconds="{shown}"' in page
        assert f'data-timed="{shown}"' in page
    # More than an hour is refused, with the field named (hostile-input rule of the quiz).
    refused = client.get("/tutor/quiz/table/?set=1&n=0&timed=99999")
    assert refused.status_code == 400
    # The field by its label, never the parameter (issue 19 item 10).
    assert "Seconds per question: a whole number from 0 to 3600." in refused.content.decode()
    page = _answer(client, 0, right=True, timed="45")
    assert "timed=45" in _href(page, "quiz-next")


def test_the_schedule_is_explained_in_plain_words(client):
    wrong = _answer(client, 0, right=False)
    assert not re.search(r"\bBox \d", wrong)
    assert "Missed questions come back soon: you will see this one again in 1" in wrong
    q = quiz.make_question("table", quiz.set_seed(SET, 1), {})
    right = post_answer(client, q, right_answers(q)).content.decode()
    assert not re.search(r"\bBox \d", right)
    # A streak is said from two in a row (issue 28): one right answer is no streak.
    assert "You will see this one again in 10" in right
    assert "in a row" not in right
    legend = client.get("/tutor/quiz/progress/").content.decode()
    assert "box 1" not in legend
    assert "right 1 time in a row" in legend
    assert "learnt" in legend


def test_a_set_with_every_answer_missed_retries_as_a_retry(client):
    """Issue 22.14: the retry of a set where every answer was missed asks all ten again, and is
    still a retry: labelled as one while it runs, and it ends as one (not "Set finished")."""
    for n in range(quiz.SET_LENGTH):
        page = _answer(client, n, right=False)
    assert "Set finished: 0 of 10 right." in page
    assert "Retry the 10 I missed" in page
    retry = _href(page, "quiz-retry")
    assert "only=0%2C1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9" in retry
    first = client.get(retry).content.decode()
    assert "Question 1 of 10" in first
    assert "(again: the ones you missed)" in first
    assert 'name="only" value="0,1,2,3,4,5,6,7,8,9"' in first
    every = ",".join(map(str, range(quiz.SET_LENGTH)))
    for n in range(quiz.SET_LENGTH):
        page = _answer(client, n, right=n == 3, only=every)
        assert "(again: the ones you missed)" in page
        if n < quiz.SET_LENGTH - 1:
            assert "only=0%2C1%2C2" in _href(page, "quiz-next")
    assert "Retry finished: 1 of 10 right." in page
    assert "Set finished" not in page
    assert "Retry the 9 I missed" in page
