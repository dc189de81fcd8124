"""Hostile text in the answer boxes of the forms outside the quiz's own pages (an assignment, a
student-paced phone, the review's quiz, the placement check): never a 500; an answer refused
(400) stores nothing and keeps what was typed in its box, to be mended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.classroom.conftest import World, join_by_name, teacher_client
from tests.classroom.test_assignments import assign
from tests.classroom.test_plans import five_item_plan, run
from tests.conftest import LOGS
from tests.production.test_fuzz_views import values
from tutor.classroom import assignments, live
from tutor.classroom.models import AssignmentAnswer, Classroom, LiveAnswer, LiveLesson
from tutor.path import checks
from tutor.quiz.models import Answer
from tutor.review.models import ReviewedGame

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world() -> World:
    teacher = teacher_client("sensei")
    teacher.post("/tutor/class/new", {"name": "Fuzz club", "rules": "tenhou"})
    classroom = Classroom.objects.get()
    return World(teacher, classroom, {"Aki": join_by_name(classroom, "Aki")})


def stored() -> tuple[int, int, int]:
    return AssignmentAnswer.objects.count(), LiveAnswer.objects.count(), Answer.objects.count()


def refused_or_read(post: Callable[[], Any], typed: str, kept: bool = True) -> None:
    """Post; never a 500; a 400 stores nothing and (``kept``) shows the typed text again."""
    before = stored()
    response = post()
    assert response.status_code < 500, typed[:80]
    if response.status_code == 400:
        assert stored() == before, typed[:80]
        html = response.content.decode()
        if kept and "\x00" not in typed and len(typed) <= 2000:
            assert f'value="{escape(typed)}"' in html, typed[:80]


@FUZZ
@given(typed=values, htmx=st.booleans())
def test_an_assignment_answer(world: World, typed: str, htmx: bool) -> None:
    a = assign(world, win="ron")
    aki = world.students["Aki"]
    aki.raise_request_exception = False
    number = assignments.next_number(a, world.member("Aki").learner)
    if number is None:
        return
    q = assignments.question(a, number)
    data = {"number": str(number), **{f"a_{f.name}": typed for f in q.fields}}
    headers = {"HX-Request": "true"} if htmx else {}
    url = f"/tutor/class/{a.classroom_id}/a/{a.pk}/answer"
    refused_or_read(lambda: aki.post(url, data, headers=headers), typed)


@FUZZ
@given(typed=values, htmx=st.booleans())
def test_a_paced_answer(world: World, typed: str, htmx: bool) -> None:
    if not LiveLesson.objects.exists():
        run(world, five_item_plan(world), world.classroom, paced="1")
    lesson = LiveLesson.objects.get()
    aki = world.students["Aki"]
    aki.raise_request_exception = False
    answered = set(LiveAnswer.objects.values_list("question_id", flat=True))
    question = next((q for q in lesson.questions.all() if q.pk not in answered), None)
    if question is None:
        return
    prompt = live.prompt_for(question)
    data = {"question": str(question.pk), **{f"a_{f.name}": typed for f in prompt.fields}}
    headers = {"HX-Request": "true"} if htmx else {}
    url = f"/tutor/class/{world.classroom.pk}/paced/answer"
    # a choice field shows its choices, not the typed text
    kept = all(not f.choices for f in prompt.fields)
    refused_or_read(lambda: aki.post(url, data, headers=headers), typed, kept)


@FUZZ
@given(typed=values, htmx=st.booleans(), box=st.sampled_from(["fu", "han", "points"]))
def test_a_review_quiz_answer(client: Client, typed: str, htmx: bool, box: str) -> None:
    if not ReviewedGame.objects.exists():
        record = (LOGS / "pao-tsumo.mjlog").read_bytes()
        client.post("/tutor/review/import", {"file": SimpleUploadedFile("g.mjlog", record)})
    game = ReviewedGame.objects.get()
    client.raise_request_exception = False
    data = {"fu": "30", "han": "1", "points": "1000", box: typed, "answer_key": "k"}
    headers = {"HX-Request": "true"} if htmx else {}
    url = f"/tutor/review/{game.public_id}/quiz/3/answer"
    refused_or_read(lambda: client.post(url, data, headers=headers), typed)


@FUZZ
@given(typed=values, htmx=st.booleans(), n=st.integers(min_value=0, max_value=3))
def test_a_placement_answer(client: Client, typed: str, htmx: bool, n: int) -> None:
    client.raise_request_exception = False
    _unit, q = checks.placement_question(n)
    data: dict[str, Any] = {"n": n, "answer_key": "ab" * 16}
    data.update({f"a_{f.name}": typed for f in q.fields})
    headers = {"HX-Request": "true"} if htmx else {}
    kept = all(not f.choices for f in q.fields)
    refused_or_read(
        lambda: client.post("/tutor/path/placement/answer", data, headers=headers), typed, kept
    )
