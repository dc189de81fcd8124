"""Fixtures for the classroom: a teacher with a class, students joined by name or account."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tutor.accounts.models import Learner
from tutor.classroom.models import Classroom, Membership


@pytest.fixture(autouse=True)
def _fast_passwords(settings: object) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


def teacher_client(username: str) -> Client:
    user = User.objects.create_user(username, password="teach-riichi-42")
    Learner.objects.create(user=user, is_teacher=True)
    client = Client()
    client.force_login(user)
    return client


def join_by_name(classroom: Classroom, name: str) -> Client:
    client = Client()
    response = client.post(f"/tutor/class/join/{classroom.code}/", {"display_name": name})
    assert response.status_code == 302, response.content
    return client


@dataclass
class World:
    teacher: Client
    classroom: Classroom
    students: dict[str, Client]

    def member(self, name: str) -> Membership:
        return Membership.objects.get(classroom=self.classroom, display_name=name)


@pytest.fixture
def world(db: object) -> World:
    teacher = teacher_client("sensei")
    response = teacher.post("/tutor/class/new", {"name": "Tuesday club", "rules": "tenhou"})
    assert response.status_code == 302
    classroom = Classroom.objects.get()
    students = {name: join_by_name(classroom, name) for name in ("Aki", "Ben")}
    return World(teacher, classroom, students)
