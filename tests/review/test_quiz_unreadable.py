"""The review's quiz refuses a box it cannot read (a sentence, two numbers, too long, a NUL)
beside that box, as the quiz does: 400, neither checked nor stored, the typed text kept. A
number in full-width digits is read as the quiz reads it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.review.test_quiz import imported
from tutor.quiz.models import Answer, ItemProgress

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
RIGHT = {"points": "1000", "fu": "30", "han": "1"}  # win 3: 30 fu 1 han, 1,000


def post(client: Client, url: str, data: dict[str, str], htmx: bool, ja: bool) -> tuple[int, str]:
    headers = {**(HX if htmx else {}), **({"Accept-Language": "ja"} if ja else {})}
    response = client.post(("/ja" if ja else "") + url, data, headers=headers)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
@pytest.mark.parametrize("ja", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize(
    ("box", "typed"),
    [
        ("points", "12,000 ２"),
        ("fu", "abc"),
        ("han", "9" * 41),
        ("points", "500/1000"),
    ],
)
def test_an_unreadable_box_is_refused_beside_it_and_nothing_is_stored(
    client: Client, htmx: bool, ja: bool, box: str, typed: str
) -> None:
    game = imported(client)
    url = f"/tutor/review/{game.public_id}/quiz/3/answer"
    status, html = post(client, url, {**RIGHT, box: typed, "answer_key": "k1"}, htmx, ja)
    assert status == 400
    assert not Answer.objects.exists()
    assert not ItemProgress.objects.exists()
    if htmx:
        assert html.lstrip().startswith('<div id="quiz-answer">')
    else:
        assert "<html" in html
    error = re.search(rf'data-error-for="{box}">([^<]+)<', html)
    assert error is not None, html[-2000:]
    assert (
        ("Type" not in error.group(1))
        if ja
        else ("Type" in error.group(1) or "at most" in error.group(1))
    )
    # named shortly, as the summary names a miss ("Points: …"), never by the whole question
    if not ja:
        assert error.group(1).startswith(box.capitalize() + ": "), error.group(1)
    # the typed text stays in its box, marked; the other boxes keep theirs
    assert re.search(rf'name="{box}"[^>]*value="{re.escape(typed)}" aria-invalid="true"', html)
    other = next(name for name in RIGHT if name != box)
    assert (
        f'name="{other}" inputmode="numeric" autocomplete="off" required value="{RIGHT[other]}"'
        in html
    )
    # mended, it is checked and stored
    status, html = post(client, url, {**RIGHT, "answer_key": "k2"}, htmx, ja)
    assert status == 200
    assert Answer.objects.get().correct


def test_full_width_digits_are_read(client: Client) -> None:
    game = imported(client)
    url = f"/tutor/review/{game.public_id}/quiz/3/answer"
    data = {"points": "１，０００", "fu": "３０", "han": "１", "answer_key": "k"}
    status, html = post(client, url, data, True, False)
    assert status == 200
    assert 'data-correct="1"' in html
    assert Answer.objects.get().correct


def test_a_nul_is_said_beside_its_box(client: Client) -> None:
    game = imported(client)
    url = f"/tutor/review/{game.public_id}/quiz/3/answer"
    status, html = post(client, url, {**RIGHT, "fu": "30\x00", "answer_key": "k"}, True, False)
    assert status == 400
    assert html.lstrip().startswith('<div id="quiz-answer">')
    error = re.search(r'data-error-for="fu">([^<]+)<', html)
    assert error is not None
    assert "NUL" in error.group(1)
    assert "a_fu" not in error.group(1)
    assert not Answer.objects.exists()
