"""A parameter the input guard refuses (a NUL byte, over 2,000 characters; config/guard.py) is
shown as its field's error on the pages whose form has that field: the picker, the calculator,
the walkthrough's form and the quiz answer. The API keeps answering 400 with its error object,
and a page with no field for the parameter answers with the 400 page."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from config.guard import MAX_VALUE
from tests.quiz.quizhelp import post_answer, right_answers
from tutor import quiz
from tutor.quiz.models import Answer

pytestmark = pytest.mark.django_db

LONG = "1" * (MAX_VALUE + 1)
TOO_LONG = "is too long: at most 2000 characters"
NUL = "holds a NUL character"


def _text(response: object) -> str:
    return html.unescape(response.content.decode())  # type: ignore[attr-defined]


def _error_with_id(page: str, element_id: str) -> str:
    found = re.search(rf'<p class="field-error"[^>]* id="{element_id}"[^>]*>([^<]*)</p>', page)
    assert found, f"no error #{element_id} on the page"
    return found.group(1)


# ---------------------------------------------------------------------- picker
@pytest.mark.parametrize(
    ("field", "value", "says"),
    [("hand", LONG, TOO_LONG), ("hand", "123m\x00", NUL), ("win", "5p\x00", NUL)],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_picker_shows_a_refused_field_beside_it(
    client: Client, field: str, value: str, says: str, htmx: bool
) -> None:
    query = {"hand": "123m456p789s11z", "win": "2z", field: value}
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get("/?" + urlencode(query), headers=headers)
    assert response.status_code == 200
    page = _text(response)
    message = _error_with_id(page, f"err-{field}")
    assert f"“{field}” {says}" in message
    assert "\x00" not in page
    assert f'value="{LONG}"' not in page  # not echoed into a field


def test_picker_reports_a_refused_action_under_the_palette(client: Client) -> None:
    response = client.get("/?" + urlencode({"hand": "123m", "add": "5p\x00"}))
    assert response.status_code == 200
    assert f"“add” {NUL}" in _error_with_id(_text(response), "err-palette")


# ---------------------------------------------------------------------- calculator
@pytest.mark.parametrize(
    ("field", "value", "says"), [("han", LONG, TOO_LONG), ("fu", "30\x00", NUL)]
)
def test_calculator_shows_a_refused_field_beside_it(
    client: Client, field: str, value: str, says: str
) -> None:
    response = client.get("/calc?" + urlencode({"han": "3", "fu": "30", field: value}))
    assert response.status_code == 200
    page = _text(response)
    assert f"“{field}” {says}" in _error_with_id(page, f"err-{field}")


def test_calculator_without_the_refused_field_scores_nothing(client: Client) -> None:
    """A refused field is an error of the form: no result is worked out from the others."""
    good = _text(client.get("/calc?han=3&fu=30"))
    refused = _text(client.get("/calc?" + urlencode({"han": "3", "fu": "30", "dealer": LONG})))
    assert "3,900" in good or "3900" in good
    assert "3,900" not in refused
    assert "3900" not in refused


# ---------------------------------------------------------------------- walkthrough
@pytest.mark.parametrize(
    ("field", "value", "says"),
    [("hand", "234m234m456p55s68p\x00", NUL), ("dora", LONG, TOO_LONG)],
)
def test_walkthrough_form_shows_a_refused_field_beside_it(
    client: Client, field: str, value: str, says: str
) -> None:
    query = {"hand": "234m234m456p55s68p", "win": "7p", "tsumo": "1", field: value}
    response = client.get("/tutor/explain?" + urlencode(query))
    assert response.status_code == 200
    page = _text(response)
    found = re.search(rf'data-error-for="{field}">([^<]*)<', page)
    assert found
    assert f"“{field}” {says}" in found.group(1)
    assert 'class="request-form"' in page
    # The other fields keep what was typed.
    assert 'value="7p"' in page


# ---------------------------------------------------------------------- quiz answer
@pytest.mark.parametrize(
    ("value", "says"),
    [(LONG, TOO_LONG), ("3900\x00", NUL), ("9" * 41, "at most 40 characters")],
)
def test_quiz_answer_shows_an_unreadable_answer_beside_its_field(
    client: Client, value: str, says: str
) -> None:
    q = quiz.make_question("table", 42, {})
    first, *others = q.fields
    answers = right_answers(q)
    answers[f"a_{first.name}"] = value
    response = post_answer(client, q, answers, answer_key="c" * 32)
    assert response.status_code == 400
    page = _text(response)
    found = re.search(rf'data-error-for="a_{first.name}">([^<]*)<', page)
    assert found
    assert says in found.group(1)
    assert 'class="quiz-form"' in page
    assert f'aria-describedby="err-q-{first.name}"' in page
    # Nothing checked, nothing stored; the other answers are kept in their boxes.
    assert "quiz-feedback" not in page
    assert Answer.objects.count() == 0
    for f in others:
        assert f'value="{q.expected[f.name]}"' in page
    # The same form then answers normally.
    again = post_answer(client, q, right_answers(q), answer_key="d" * 32)
    assert again.status_code == 200
    assert Answer.objects.count() == 1


def test_quiz_answer_field_the_question_lacks_is_said_above_the_form(client: Client) -> None:
    q = quiz.make_question("table", 42, {})
    response = post_answer(client, q, {**right_answers(q), "a_nothing": "1\x00"})
    assert response.status_code == 400
    page = _text(response)
    assert f'<p class="quiz-error" role="alert">“a_nothing” {NUL}.</p>' in page
    assert 'class="quiz-form"' in page
    assert Answer.objects.count() == 0


# ---------------------------------------------------------------------- elsewhere
def test_the_api_still_answers_with_its_error_object(client: Client) -> None:
    response = client.get("/api/score?" + urlencode({"hand": "123m\x00", "win": "1m"}))
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False
    assert body["error"]["field"] == "hand"
    assert NUL in body["error"]["message"]


@pytest.mark.parametrize(
    "url",
    [
        "/tutor/explain?" + urlencode({"hand": "123m", "step": "1\x00"}),
        "/tutor/quiz/table/?" + urlencode({"seed": "1\x00"}),
        "/?" + urlencode({"zzz": LONG}),
    ],
)
def test_a_parameter_without_a_field_gets_the_400_page(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert "This request cannot be read" in _text(response)
    assert "HX-Reswap" not in response


def test_htmx_swaps_a_field_error_but_not_the_400_page(client: Client) -> None:
    """Pages swap an htmx 400 into their target (base.html's htmx-config): the quiz answer's is
    its form with the field error; the 400 page is a whole page, so it says not to swap it."""
    htmx = {"HX-Request": "true"}
    page = client.get("/tutor/quiz/table/?seed=1").content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', page)
    assert config
    assert "{#" not in page  # a template comment spans one line: no stray text in the page
    handling = json.loads(config.group(1))["responseHandling"]
    first_match = next(r for r in handling if re.fullmatch(r["code"], "400"))
    assert first_match["swap"] is True
    assert not any(r["swap"] for r in handling if re.fullmatch(r["code"], "500"))
    refused = client.get("/tutor/quiz/table/?" + urlencode({"seed": "1\x00"}), headers=htmx)
    assert refused.status_code == 400
    assert refused["HX-Reswap"] == "none"
    q = quiz.make_question("table", 42, {})
    answers = {**right_answers(q), f"a_{q.fields[0].name}": "9" * 41}
    fragment = post_answer(client, q, answers, htmx=True)
    assert fragment.status_code == 400
    assert "HX-Reswap" not in fragment
    assert fragment.content.decode().lstrip().startswith('<section id="quiz"')
