"""Live answers typed as people type them (issue 33 items 0, 3, 4, 8c): every common form is read
and marked against the figure the question names; the rest is refused with a message inside the
phone's region, which keeps polling; an answer to a closed question says so."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.classroom.conftest import World
from tests.classroom.test_live import HX, start
from tutor.classroom import live
from tutor.classroom.models import LiveAnswer, LiveQuestion

pytestmark = pytest.mark.django_db

#: 234m234m456p55s68p + 7p: a non-dealer's ron is 2,600; tsumo 1,000/2,000 (non-dealer),
#: 2,000 all (dealer)
HAND = "/tutor/explain?hand=234m234m456p55s68p&win=7p"


def post(client: Client, world: World, question: LiveQuestion, typed: str) -> tuple[int, str]:
    response = client.post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"question": str(question.pk), "a_points": typed},
        headers=HX,
    )
    return response.status_code, response.content.decode()


def stored(question: LiveQuestion) -> tuple[str, bool]:
    row = LiveAnswer.objects.get(question=question)
    return row.value, row.correct


@pytest.mark.parametrize(
    "typed",
    [
        "1000 2000",
        "2000 1000",
        "1000-2000",
        "1,000-2,000",
        "1,000/2,000",
        "1000・2000",
        "１０００　２０００",
        "1000点・2000点",
    ],
)
def test_a_non_dealers_tsumo_typed_every_usual_way(world: World, typed: str) -> None:
    question = start(world, HAND + "&seat=2z&tsumo=1")
    assert live.prompt_for(question).shares == (1000, 2000)
    status, html = post(world.students["Aki"], world, question, typed)
    assert status == 200, html
    assert stored(question) == ("1000/2000", True)
    assert "Your answer: 1,000/2,000" in html


def test_two_honba_with_thousands(world: World) -> None:
    question = start(world, HAND + "&seat=2z&tsumo=1&honba=2")
    assert live.prompt_for(question).shares == (1200, 2200)
    status, _html = post(world.students["Aki"], world, question, "1,200-2,200")
    assert status == 200
    assert stored(question) == ("1200/2200", True)


@pytest.mark.parametrize("typed", ["2000 all", "2000オール", "2000", "2,000点オール", "2000/2000"])
def test_a_dealers_tsumo_every_usual_way(world: World, typed: str) -> None:
    question = start(world, HAND + "&seat=1z&tsumo=1")
    assert live.prompt_for(question).shares == (2000, None)
    status, html = post(world.students["Aki"], world, question, typed)
    assert status == 200, html
    assert stored(question) == ("all:2000", True)


@pytest.mark.parametrize("typed", ["2600", "2,600", "2600点", "２６００", "２，６００点"])
def test_a_ron_typed_on_a_japanese_phone(world: World, typed: str) -> None:
    question = start(world, HAND + "&seat=2z")
    status, _html = post(world.students["Aki"], world, question, typed)
    assert status == 200
    assert stored(question) == ("2600", True)


def test_no_pattern_blocks_the_box_without_a_word(world: World) -> None:
    start(world, HAND + "&seat=2z")
    phone = world.students["Aki"].get(f"/tutor/class/{world.classroom.pk}/live/play")
    assert "pattern=" not in phone.content.decode()


@pytest.mark.parametrize(
    ("url", "typed", "message"),
    [
        ("&seat=2z&tsumo=1", "1000/2000/4000", "Type two numbers: what each non-dealer pays"),
        ("&seat=2z", "1300 2600", "Type one number, such as 8000."),
        ("&seat=2z", "a sentence, not points", "Type the points as a number"),
        ("&seat=1z&tsumo=1", "all", "Type what every player pays"),
    ],
)
def test_a_refusal_is_a_message_inside_the_phone_which_keeps_polling(
    world: World, url: str, typed: str, message: str
) -> None:
    question = start(world, HAND + url)
    status, html = post(world.students["Aki"], world, question, typed)
    assert status == 400
    assert not LiveAnswer.objects.exists()
    # the region itself (swapped in place), with the poll, the message and the typed text
    assert html.lstrip().startswith('<section id="play"')
    assert 'hx-trigger="every 2s"' in html
    error = re.search(r'data-testid="answer-error">([^<]*)<', html)
    assert error is not None
    assert message in error.group(1).replace("&#x27;", "'")
    assert f'value="{typed}"' in html
    # the same phone mends the answer and it counts
    right = {"&seat=2z&tsumo=1": "1000/2000", "&seat=2z": "2600", "&seat=1z&tsumo=1": "2000 all"}
    status, html = post(world.students["Aki"], world, question, right[url])
    assert status == 200
    assert LiveAnswer.objects.get().correct


def test_the_figure_asked_for_is_named_with_sticks_on_the_table(world: World) -> None:
    question = start(world, HAND + "&seat=2z&honba=1&sticks=1")
    prompt = live.prompt_for(question)
    assert prompt.prompt == "How many points does the discarder pay?"
    assert "Riichi sticks not included" in prompt.hint
    assert prompt.total == 2900  # 2,600 and one honba; the stick's 1,000 is not the discarder's
    pk = world.classroom.pk
    for page in (f"/tutor/class/{pk}/live/play", f"/tutor/class/{pk}/live/"):
        client = world.teacher if page.endswith("live/") else world.students["Aki"]
        html = client.get(page).content.decode()
        assert "How many points does the discarder pay?" in html
        assert "Riichi sticks not included" in html
    post(world.students["Aki"], world, question, "2900")
    assert stored(question) == ("2900", True)


def test_an_answer_to_a_closed_question_says_so(world: World) -> None:
    first = start(world, "/tutor/quiz/table/?seed=77&han=3&fu=30&dealer=non&win=ron")
    world.teacher.post(f"/tutor/class/{world.classroom.pk}/live/next", {"question": str(first.pk)})
    second = live.current(world.classroom)
    assert second is not None
    assert second.pk != first.pk
    response = world.students["Aki"].post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"question": str(first.pk), "a_ron": "3900"},
        headers=HX,
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-testid="answer-closed"' in html
    assert "Question 2" in html  # the question on now, ready to answer
    assert not LiveAnswer.objects.exists()


def test_the_total_on_a_tsumo_is_a_wrong_answer_the_report_explains(world: World) -> None:
    question = start(world, HAND + "&seat=2z&tsumo=1")
    status, html = post(world.students["Aki"], world, question, "4,000")
    assert status == 200, html
    assert stored(question) == ("4000", False)
    world.teacher.post(f"/tutor/class/{world.classroom.pk}/live/end", {"question": question.pk})
    lesson = question.lesson
    assert lesson is not None
    report = world.teacher.get(f"/tutor/class/{world.classroom.pk}/lessons/{lesson.pk}/")
    assert "the total of the payments, not each payer&#x27;s share" in report.content.decode()
