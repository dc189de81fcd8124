"""The quiz reads typed numbers through scorer.answers (issue 33 item 4): "5800点" and full-width
digits are right; text that is no number is said beside its box, not marked wrong."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.quiz.quizhelp import post_answer
from tutor import quiz
from tutor.quiz.models import Answer

pytestmark = pytest.mark.django_db

OPTIONS = {"item": "table:n:ron:3:30", "rules": "tenhou"}


def to_full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "0" <= c <= "9" else c for c in text)


@pytest.mark.parametrize("write", ["{}", "{}点", "{:,}", "{:,} points"])
def test_a_number_typed_as_people_type_it_is_right(write: str) -> None:
    q = quiz.make_question("table", 1, OPTIONS)
    want = q.expected["ron"]
    for typed in (write.format(want), to_full_width(write.format(want))):
        response = post_answer(Client(), q, {"a_ron": typed})
        assert response.status_code == 200, typed
        assert "pattern=" not in response.content.decode()
    assert Answer.objects.filter(correct=True).count() == 2


def test_text_that_is_no_number_is_said_beside_its_box() -> None:
    q = quiz.make_question("table", 1, OPTIONS)
    response = post_answer(Client(), q, {"a_ron": "about four thousand"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Type the points as a number, such as 8000." in html
    assert 'id="err-q-ron"' in html
    assert not Answer.objects.exists()
