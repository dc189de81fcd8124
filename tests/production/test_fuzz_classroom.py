"""Hostile parameters against the classroom pages as their real users send them: a teacher with a
class, a live question and an assignment, and a student who joined. No answer is a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.classroom.conftest import join_by_name, teacher_client
from tests.production.test_fuzz_views import HOSTILE, NAMES, values
from tutor.classroom.models import Classroom

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def people() -> tuple[Client, Client, int]:
    teacher = teacher_client("sensei")
    teacher.post("/tutor/class/new", {"name": "Fuzz club", "rules": "tenhou"})
    classroom = Classroom.objects.get()
    student = join_by_name(classroom, "Aki")
    hand = "/tutor/explain?hand=234m234m456p55s68p&win=7p"
    teacher.post("/tutor/class/live/new", {"from": hand, "classroom": classroom.pk})
    return teacher, student, classroom.pk


def pages(pk: int) -> list[str]:
    base = f"/tutor/class/{pk}"
    return [
        "/tutor/class/",
        "/tutor/class/new",
        "/tutor/class/join/",
        "/tutor/class/live/new",
        f"{base}/",
        f"{base}/code",
        f"{base}/rename",
        f"{base}/regenerate",
        f"{base}/assign",
        f"{base}/a/1/",
        f"{base}/a/1/answer",
        f"{base}/a/1/results.csv",
        f"{base}/live/",
        f"{base}/live/panel",
        f"{base}/live/state",
        f"{base}/live/play",
        f"{base}/live/answer",
        f"{base}/students/1/rename",
        "/tutor/collections/",
        "/tutor/collections/save",
        "/tutor/collections/new",
    ]


@settings(
    max_examples=120,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    index=st.integers(min_value=0, max_value=20),
    data=st.dictionaries(st.sampled_from(NAMES), values, max_size=5),
    as_teacher=st.booleans(),
    post=st.booleans(),
)
def test_no_classroom_request_makes_a_500(
    people: tuple[Client, Client, int],
    index: int,
    data: dict[str, str],
    as_teacher: bool,
    post: bool,
) -> None:
    teacher, student, pk = people
    client = teacher if as_teacher else student
    client.raise_request_exception = False
    url = pages(pk)[index]
    response = client.post(url, data) if post else client.get(url, data)
    assert response.status_code < 500, (url, post, as_teacher, {k: v[:60] for k, v in data.items()})


@pytest.mark.parametrize("value", HOSTILE)
def test_live_and_assignment_numbers(people: tuple[Client, Client, int], value: str) -> None:
    teacher, student, pk = people
    for client in (teacher, student):
        client.raise_request_exception = False
        for url, field in (
            (f"/tutor/class/{pk}/live/answer", "number"),
            (f"/tutor/class/{pk}/live/", "step"),
            ("/tutor/class/live/new", "from"),
        ):
            assert client.post(url, {field: value, "a_points": value}).status_code < 500
            assert client.get(url, {field: value}).status_code < 500
    link = "/tutor/quiz/table/?" + "&".join(f"{k}={value[:3000]}" for k in ("set", "n", "seed"))
    response = teacher.post("/tutor/class/live/new", {"from": link, "classroom": pk})
    assert response.status_code < 500
