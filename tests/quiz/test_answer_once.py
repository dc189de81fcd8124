"""An answer POST is stored exactly once: the form carries a random key (unique in the database);
a resent, doubled or retried POST finds its answer, and a failed one leaves nothing behind."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import OperationalError
from django.test import Client

from tests.quiz.quizhelp import post_answer, right_answers
from tutor import quiz
from tutor.accounts.models import Learner
from tutor.quiz import progress
from tutor.quiz.models import Answer, ItemProgress

pytestmark = pytest.mark.django_db

KEY = "0123456789abcdef0123456789abcdef"


def question() -> quiz.Question:
    return quiz.make_question("table", 42, {})


def test_the_question_form_carries_a_fresh_answer_key(client: Client) -> None:
    keys = set()
    for _ in range(2):
        html = client.get("/tutor/quiz/table/?seed=42").content.decode()
        found = re.search(r'name="answer_key" value="([0-9a-f]{32})"', html)
        assert found
        keys.add(found.group(1))
    assert len(keys) == 2


def test_the_same_form_posted_twice_is_stored_once(client: Client) -> None:
    q = question()
    first = post_answer(client, q, right_answers(q), answer_key=KEY)
    second = post_answer(client, q, right_answers(q), answer_key=KEY)
    assert first.status_code == second.status_code == 200
    assert b"Right!" in second.content
    assert Answer.objects.count() == 1
    item = ItemProgress.objects.get()
    assert item.attempts == 1


def test_a_retry_whose_first_response_was_lost_continues_as_that_learner() -> None:
    """The first POST committed but its response (and so the session cookie) never arrived:
    the browser's retry, without the cookie, must not store again or leave an orphan learner."""
    q = question()
    post_answer(Client(), q, right_answers(q), answer_key=KEY)
    retry = Client()
    response = post_answer(retry, q, right_answers(q), answer_key=KEY)
    assert response.status_code == 200
    assert Answer.objects.count() == 1
    assert Learner.objects.count() == 1
    # The retrying browser now is that learner: its next answer joins the same progress.
    other = quiz.make_question("table", 43, {})
    post_answer(retry, other, right_answers(other), answer_key="f" * 32)
    assert Learner.objects.count() == 1
    assert Answer.objects.count() == 2


def test_someone_elses_key_does_not_hand_over_their_progress(client: Client) -> None:
    q = question()
    post_answer(client, q, right_answers(q), answer_key=KEY)
    stranger = Client()
    other = quiz.make_question("table", 44, {})
    post_answer(stranger, other, right_answers(other), answer_key="e" * 32)  # has a learner
    post_answer(stranger, q, right_answers(q), answer_key=KEY)
    assert Learner.objects.count() == 2
    mine = Learner.objects.get(pk=client.session["tutor_learner"])
    assert mine.answers.count() == 1


def test_a_failed_answer_leaves_no_learner_and_no_session(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first answer makes the learner: if storing fails, the learner goes too."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(progress, "_record", fail)
    q = question()
    client.raise_request_exception = False
    response = post_answer(client, q, right_answers(q), answer_key=KEY)
    assert response.status_code == 500
    assert Learner.objects.count() == 0
    assert Answer.objects.count() == 0


def test_a_locked_database_is_retried_with_the_learner_and_session(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = progress._record
    calls: list[int] = []

    def locked_once(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(*args, **kwargs)

    monkeypatch.setattr(progress, "_record", locked_once)
    q = question()
    response = post_answer(client, q, right_answers(q), answer_key=KEY)
    assert response.status_code == 200
    assert len(calls) == 2
    assert Learner.objects.count() == 1
    assert Answer.objects.count() == 1
    # The session names the learner that was finally stored.
    assert client.session["tutor_learner"] == Learner.objects.get().pk


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", str(2**63)),
        ("seed", "9" * 5000),
        ("seed", "²"),
        ("set", "٣"),
        ("n", "99"),
        ("timed", "-5"),
        ("a_han", "1" * 5000),
        ("a_han", "3\x00"),
        ("answer_key", "not-hex!"),
    ],
)
def test_hostile_answer_fields_get_a_clear_400(client: Client, field: str, value: str) -> None:
    q = question()
    data: dict[str, Any] = {**q.options, "seed": str(q.seed), **right_answers(q), field: value}
    response = client.post("/tutor/quiz/table/answer/", data)
    assert response.status_code == 400
    text = response.content.decode()
    assert field.removeprefix("a_") in text or "answer" in text
    assert Answer.objects.count() == 0


def test_a_stored_answer_is_bounded(client: Client) -> None:
    q = quiz.make_question("yaku", 3, {})
    post_answer(client, q, {"a_yaku": ["riichi"] * 20, "a_han": "1" * 40})
    for answer in Answer.objects.all():
        assert len(str(answer.given)) < 2000
