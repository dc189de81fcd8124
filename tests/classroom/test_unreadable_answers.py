"""An assignment's (or a lesson phone's) answer that cannot be read (a sentence, two numbers in
one box, too long, a NUL) is refused beside its box, as the quiz refuses it: 400, neither
checked nor stored (only the first answer counts, so a typing slip must not spend it), the typed
text kept in the box. A number typed in full-width digits is read as the quiz reads it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.classroom.conftest import World
from tests.classroom.test_assignments import assign, right_answer
from tests.classroom.test_plans import five_item_plan, run
from tests.support.japanese import JA, ja_url
from tutor.classroom import assignments, live
from tutor.classroom.models import (
    Assignment,
    AssignmentAnswer,
    LiveAnswer,
    LiveLesson,
    LiveQuestion,
)
from tutor.quiz.models import Answer

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def post(
    client: Client, a: Assignment, number: int, data: dict[str, str], *, htmx: bool, ja: bool
) -> tuple[int, str]:
    if ja:
        url = ja_url("tutor:assignment_answer", a.classroom_id, a.pk)
    else:
        url = f"/tutor/class/{a.classroom_id}/a/{a.pk}/answer"
    headers = {**(HX if htmx else {}), **(JA if ja else {})}
    response = client.post(url, {"number": str(number), **data}, headers=headers)
    return response.status_code, response.content.decode()


def first_box(a: Assignment, number: int) -> str:
    q = assignments.question(a, number)
    return next(f"a_{f.name}" for f in q.fields if f.numeric and not f.choices)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
@pytest.mark.parametrize("ja", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize("typed", ["12,000 ２", "abc", "9" * 41, "1300/2600"])
def test_an_unreadable_answer_is_refused_beside_its_box_and_not_stored(
    world: World, htmx: bool, ja: bool, typed: str
) -> None:
    a = assign(world, win="ron")
    aki = world.students["Aki"]
    number = assignments.next_number(a, world.member("Aki").learner)
    assert number is not None
    box = first_box(a, number)
    data = {**right_answer(assignments.question(a, number)), box: typed}
    status, html = post(aki, a, number, data, htmx=htmx, ja=ja)
    assert status == 400
    assert not AssignmentAnswer.objects.exists()
    assert not Answer.objects.exists()
    if htmx:
        assert html.lstrip().startswith('<section id="quiz"')
    else:
        assert "<html" in html
    error = re.search(rf'data-error-for="{box}"[^>]*>([^<]+)<', html)
    assert error is not None, html[-3000:]
    text = error.group(1)
    if ja:
        assert re.search(r"[ぁ-んァ-ン一-龯]", text), text
        assert "Type" not in text
        assert "characters" not in text
    else:
        assert "Type" in text or "characters" in text, text
    # the typed text is kept in its box (HTML-escaped), the box marked invalid
    assert re.search(rf'name="{box}"[^>]*aria-invalid="true"[^>]*value="{re.escape(typed)}"', html)
    # the first answer is still to give, and it counts
    status, html = post(
        aki, a, number, right_answer(assignments.question(a, number)), htmx=htmx, ja=ja
    )
    assert status == 200
    assert AssignmentAnswer.objects.get().correct


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
def test_full_width_digits_are_read(world: World, htmx: bool) -> None:
    a = assign(world, win="ron")
    aki = world.students["Aki"]
    number = assignments.next_number(a, world.member("Aki").learner)
    assert number is not None
    q = assignments.question(a, number)
    wide = str.maketrans("0123456789", "０１２３４５６７８９")
    data = {
        f"a_{k}": f"{int(v):,}".translate(wide).replace(",", "，") for k, v in q.expected.items()
    }
    status, html = post(aki, a, number, data, htmx=htmx, ja=False)
    assert status == 200
    assert "Right!" in html
    assert AssignmentAnswer.objects.get().correct


def test_a_nul_is_refused_beside_its_box_not_by_a_bare_400_page(world: World) -> None:
    a = assign(world, win="ron")
    aki = world.students["Aki"]
    number = assignments.next_number(a, world.member("Aki").learner)
    assert number is not None
    box = first_box(a, number)
    status, html = post(aki, a, number, {box: "8000\x00"}, htmx=True, ja=False)
    assert status == 400
    assert html.lstrip().startswith('<section id="quiz"')
    assert f'data-error-for="{box}"' in html
    assert not AssignmentAnswer.objects.exists()


# -- the phones of a student-paced lesson (and the live lesson, which reads them the same way) --


def paced_lesson(world: World) -> tuple[LiveQuestion, LiveQuestion]:
    run(world, five_item_plan(world), world.classroom, paced="1")
    lesson = LiveLesson.objects.get()
    return lesson.questions.get(number=1), lesson.questions.get(number=2)


def paced_post(
    world: World, question: LiveQuestion, data: dict[str, str], *, htmx: bool, ja: bool
) -> tuple[int, str]:
    pk = world.classroom.pk
    url = ja_url("tutor:paced_answer", pk) if ja else f"/tutor/class/{pk}/paced/answer"
    headers = {**(HX if htmx else {}), **(JA if ja else {})}
    response = world.students["Aki"].post(url, {"question": question.pk, **data}, headers=headers)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
@pytest.mark.parametrize("ja", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize("typed", ["12,000 ２", "abc", "9" * 41])
def test_a_paced_phone_refuses_an_unreadable_answer_beside_its_box(
    world: World, htmx: bool, ja: bool, typed: str
) -> None:
    hand, table = paced_lesson(world)
    # the hand's one points box
    status, html = paced_post(world, hand, {"a_points": typed}, htmx=htmx, ja=ja)
    assert status == 400
    assert not LiveAnswer.objects.exists()
    if htmx:
        assert html.lstrip().startswith('<section id="paced"')
    else:
        assert "<html" in html
    error = re.search(r'data-error-for="a_points"[^>]*>([^<]+)<', html)
    assert error is not None, html[-3000:]
    japanese = re.search(r"[ぁ-んァ-ン一-龯]", error.group(1))
    assert bool(japanese) == ja, error.group(1)
    assert re.search(
        rf'name="a_points"[^>]*aria-invalid="true"[^>]*value="{re.escape(typed)}"', html
    )
    assert paced_post(world, hand, {"a_points": "２，６００"}, htmx=htmx, ja=ja)[0] in (200, 302)
    assert LiveAnswer.objects.get().correct
    # a quiz question's box: read as the quiz reads it, said beside it in the quiz's words
    with translation.override("ja" if ja else "en"):
        asked = live.prompt_for(table).question
    assert asked is not None
    box = f"a_{asked.fields[0].name}"
    status, html = paced_post(world, table, {box: typed}, htmx=htmx, ja=ja)
    assert status == 400
    assert LiveAnswer.objects.count() == 1
    assert not Answer.objects.exists()
    error = re.search(rf'data-error-for="{box}"[^>]*>([^<]+)<', html)
    assert error is not None, html[-3000:]
    with translation.override("ja" if ja else "en"):
        assert error.group(1).startswith(str(asked.fields[0].label)), error.group(1)
    assert re.search(rf'name="{box}"[^>]*value="{re.escape(typed)}"', html)


def test_a_paced_phone_says_a_nul_beside_the_box(world: World) -> None:
    hand, _table = paced_lesson(world)
    status, html = paced_post(world, hand, {"a_points": "2600\x00"}, htmx=True, ja=False)
    assert status == 400
    assert html.lstrip().startswith('<section id="paced"')
    error = re.search(r'data-error-for="a_points"[^>]*>([^<]+)<', html)
    assert error is not None
    assert "NUL" in error.group(1)
    assert "a_points" not in error.group(1)
    assert not LiveAnswer.objects.exists()


def test_a_live_phone_refuses_a_han_no_hand_has_beside_the_box(world: World) -> None:
    world.teacher.post(
        "/tutor/class/live/new",
        {"from": "/tutor/quiz/yaku/?seed=5", "classroom": world.classroom.pk},
    )
    question = LiveQuestion.objects.get()
    data = {"question": str(question.pk), "a_han": "400"}
    response = world.students["Aki"].post(
        f"/tutor/class/{world.classroom.pk}/live/answer", data, headers=HX
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="play"')
    assert re.search(r'data-error-for="a_han"[^>]*>[^<]*from 1 to 56', html)
    assert 'value="400"' in html
    assert not LiveAnswer.objects.exists()
