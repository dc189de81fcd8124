"""Quiz me on this game: each win as a question, checked and stored with the quiz progress."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import LOGS
from tests.i18n.visible import english_in
from tutor.quiz.models import Answer, ItemProgress
from tutor.review.models import ReviewedGame

pytestmark = pytest.mark.django_db

PAO = (LOGS / "pao-tsumo.mjlog").read_bytes()


def imported(client) -> ReviewedGame:
    client.post("/tutor/review/import", {"file": SimpleUploadedFile("g.mjlog", PAO)})
    return ReviewedGame.objects.get()


def test_question_page_and_link_from_the_game(client):
    game = imported(client)
    body = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert f"/tutor/review/{game.public_id}/quiz/" in body
    start = client.get(f"/tutor/review/{game.public_id}/quiz/")
    assert start["Location"] == f"/tutor/review/{game.public_id}/quiz/1/"  # no seat: play order
    page = client.get(f"/tutor/review/{game.public_id}/quiz/3/").content.decode()
    assert 'data-testid="quiz-form"' in page
    assert 'name="points"' in page
    assert 'name="fu"' in page  # 30 fu 1 han: below the limits
    assert 'name="han"' in page
    limit = client.get(f"/tutor/review/{game.public_id}/quiz/5/").content.decode()
    assert 'name="fu"' not in limit  # a yakuman: no fu asked
    assert 'name="han"' not in limit


def test_right_answer_full_page_is_stored(client):
    game = imported(client)
    response = client.post(
        f"/tutor/review/{game.public_id}/quiz/3/answer",
        {"points": "1,000", "fu": "30", "han": "1", "answer_key": "k1"},
    )
    body = response.content.decode()
    assert 'data-correct="1"' in body
    answer = Answer.objects.get()
    assert (answer.kind, answer.key, answer.correct) == (
        "review",
        f"review:{game.public_id}:3",
        True,
    )
    assert ItemProgress.objects.get().key == f"review:{game.public_id}:3"
    assert 'data-testid="next"' in body


def test_wrong_answer_fragment(client):
    game = imported(client)
    response = client.post(
        f"/tutor/review/{game.public_id}/quiz/5/answer",
        {"points": "16000", "answer_key": "k2"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="quiz-answer">')
    assert 'data-correct="0"' in body
    assert "<td>32,000</td>" in body
    assert Answer.objects.get().correct is False


def test_the_same_answer_posted_twice_is_stored_once(client):
    game = imported(client)
    url = f"/tutor/review/{game.public_id}/quiz/3/answer"
    client.post(url, {"points": "1000", "fu": "30", "han": "1", "answer_key": "same"})
    client.post(url, {"points": "1000", "fu": "30", "han": "1", "answer_key": "same"})
    assert Answer.objects.count() == 1


def test_another_learner_cannot_quiz_on_an_unshared_game(client):
    from django.test import Client

    game = imported(client)
    assert Client().get(f"/tutor/review/{game.public_id}/quiz/1/").status_code == 404
    assert client.get(f"/tutor/review/{game.public_id}/quiz/9/").status_code == 404


def test_japanese_quiz_has_no_english_and_says_wrong_plainly(client):
    game = imported(client)
    page = client.get(f"/ja/tutor/review/{game.public_id}/quiz/3/").content.decode()
    for name in ("うさぎファンシー", "CLS", "酸欠少女さユり", "tacos"):
        page = page.replace(name, "")
    assert not english_in(page)
    body = client.post(
        f"/ja/tutor/review/{game.public_id}/quiz/3/answer",
        {"points": "2000", "fu": "40", "han": "2", "answer_key": "k3"},
    ).content.decode()
    assert "不正解です" in body
