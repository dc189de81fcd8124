"""Teachers, classes, join codes and QR codes, students joining, renaming and removing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.classroom.conftest import World, join_by_name, teacher_client
from tutor.accounts.models import Learner
from tutor.classroom.models import CODE_ALPHABET, Classroom, Membership, new_code

pytestmark = pytest.mark.django_db


def test_sign_up_offers_i_teach_and_grants_the_role(client: Client) -> None:
    assert "I teach" in client.get("/accounts/signup/").content.decode()
    client.post(
        "/accounts/signup/",
        {
            "username": "mei",
            "password1": "dealer-repeat-8",
            "password2": "dealer-repeat-8",
            "teacher": "on",
        },
    )
    assert Learner.objects.get(user__username="mei").is_teacher
    other = Client()
    other.post(
        "/accounts/signup/",
        {"username": "sora", "password1": "dealer-repeat-8", "password2": "dealer-repeat-8"},
    )
    assert not Learner.objects.filter(user__username="sora", is_teacher=True).exists()


def test_only_teachers_create_classes(client: Client) -> None:
    assert client.post("/tutor/class/new", {"name": "X"}).status_code == 403
    User.objects.create_user("pupil", password="x-very-long-9")
    pupil = Client()
    pupil.login(username="pupil", password="x-very-long-9")
    assert pupil.post("/tutor/class/new", {"name": "X"}).status_code == 403
    assert not Classroom.objects.exists()
    teacher = teacher_client("t1")
    assert teacher.get("/tutor/class/new").status_code == 405
    assert teacher.post("/tutor/class/new", {"name": "   "}).status_code == 400
    response = teacher.post("/tutor/class/new", {"name": "Evening", "rules": "mleague"})
    classroom = Classroom.objects.get()
    assert response["Location"] == f"/tutor/class/{classroom.pk}/"
    assert classroom.rules == "mleague"


def test_join_codes_are_unambiguous() -> None:
    for bad in "0O1lI":
        assert bad not in CODE_ALPHABET
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)


def test_teacher_page_shows_code_and_a_server_side_qr(world: World) -> None:
    html = world.teacher.get(f"/tutor/class/{world.classroom.pk}/").content.decode()
    assert world.classroom.code in html
    assert re.search(r'<div class="qr" data-testid="qr"><svg viewBox="0 0 \d+ \d+"', html)
    assert "Aki" in html
    assert "Ben" in html
    code_page = world.teacher.get(f"/tutor/class/{world.classroom.pk}/code").content.decode()
    assert "<svg" in code_page
    assert f"/tutor/class/join/{world.classroom.code}/" in code_page
    svg = code_page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "http" not in svg  # drawn here: no external reference, no third-party request


def test_students_join_by_name_or_account(world: World) -> None:
    assert Membership.objects.filter(classroom=world.classroom).count() == 2
    assert world.member("Aki").learner.user is None
    User.objects.create_user("chika", password="chika-pass-123")
    chika = Client()
    chika.login(username="chika", password="chika-pass-123")
    form = chika.get(f"/tutor/class/join/{world.classroom.code.lower()}/").content.decode()
    assert 'value="chika"' in form
    chika.post(f"/tutor/class/join/{world.classroom.code}/", {"display_name": "Chika"})
    assert world.member("Chika").learner.user.username == "chika"  # type: ignore[union-attr]
    # joining twice keeps one membership
    chika.post(f"/tutor/class/join/{world.classroom.code}/", {"display_name": "Chika"})
    assert Membership.objects.filter(classroom=world.classroom).count() == 3
    page = world.students["Aki"].get(f"/tutor/class/{world.classroom.pk}/")
    assert "You are in this class as Aki" in page.content.decode()


def test_join_by_typed_code_and_bad_codes(client: Client, world: World) -> None:
    response = client.post("/tutor/class/join/", {"code": f" {world.classroom.code.lower()} "})
    assert response["Location"] == f"/tutor/class/join/{world.classroom.code}/"
    assert client.post("/tutor/class/join/", {"code": "ZZZZZZ"}).status_code == 400
    assert client.get("/tutor/class/join/ZZZZZZ/").status_code == 404
    assert (
        client.post(
            f"/tutor/class/join/{world.classroom.code}/", {"display_name": " \n "}
        ).status_code
        == 400
    )


def test_teacher_renames_removes_and_regenerates(world: World) -> None:
    pk = world.classroom.pk
    aki = world.member("Aki")
    assert world.teacher.get(f"/tutor/class/{pk}/students/{aki.pk}/rename").status_code == 405
    world.teacher.post(f"/tutor/class/{pk}/students/{aki.pk}/rename", {"display_name": "Akiko"})
    aki.refresh_from_db()
    assert aki.display_name == "Akiko"
    ben = world.member("Ben")
    # Remove asks first: nothing happens until it is confirmed
    ask = world.teacher.post(f"/tutor/class/{pk}/students/{ben.pk}/remove")
    assert ask.status_code == 200
    assert "Remove Ben from the class?" in ask.content.decode()
    assert Membership.objects.filter(pk=ben.pk).exists()
    world.teacher.post(f"/tutor/class/{pk}/students/{ben.pk}/remove", {"confirm": "1"})
    assert not Membership.objects.filter(pk=ben.pk).exists()
    assert world.students["Ben"].get(f"/tutor/class/{pk}/").status_code == 404
    # ... and a ban: the join code no longer lets Ben in (his old score does not come back)
    again = world.students["Ben"].post(
        f"/tutor/class/join/{world.classroom.code}/", {"display_name": "Ben"}
    )
    assert again.status_code == 400
    assert "removed you from this class" in again.content.decode()
    assert not Membership.objects.filter(classroom=world.classroom, display_name="Ben").exists()
    old = world.classroom.code
    ask = world.teacher.post(f"/tutor/class/{pk}/regenerate")
    assert ask.status_code == 200
    assert "The old code stops working" in ask.content.decode()
    world.classroom.refresh_from_db()
    assert world.classroom.code == old  # not before it is confirmed
    world.teacher.post(f"/tutor/class/{pk}/regenerate", {"confirm": "1"})
    world.classroom.refresh_from_db()
    assert world.classroom.code != old
    assert Client().get(f"/tutor/class/join/{old}/").status_code == 404
    world.teacher.post(f"/tutor/class/{pk}/rename", {"name": "Wednesday club"})
    world.classroom.refresh_from_db()
    assert world.classroom.name == "Wednesday club"


def test_names_are_escaped(world: World) -> None:
    join_by_name(world.classroom, '<script>alert("x")</script>')
    html = world.teacher.get(f"/tutor/class/{world.classroom.pk}/").content.decode()
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert" in html


def test_anonymous_student_keeps_their_class_on_sign_up(world: World) -> None:
    aki = world.students["Aki"]
    aki.post(
        "/accounts/signup/",
        {"username": "aki", "password1": "aki-signs-up-5", "password2": "aki-signs-up-5"},
    )
    member = world.member("Aki")
    assert member.learner.user is not None
    assert member.learner.user.username == "aki"
    assert aki.get(f"/tutor/class/{world.classroom.pk}/").status_code == 200


def test_a_teacher_trying_their_own_class_by_name_stays_its_teacher(world: World) -> None:
    browser = Client()
    browser.post(f"/tutor/class/join/{world.classroom.code}/", {"display_name": "Test me"})
    assert world.classroom.members.filter(display_name="Test me").exists()
    browser.post("/accounts/login/", {"username": "sensei", "password": "teach-riichi-42"})
    teacher = world.classroom.teacher
    assert not Membership.objects.filter(classroom=world.classroom, learner=teacher).exists()
    assert not world.classroom.members.filter(display_name="Test me").exists()
    page = browser.get(f"/tutor/class/{world.classroom.pk}/").content.decode()
    assert 'id="regenerate"' in page  # the teacher's page, not a student's


def test_a_second_student_on_a_shared_browser_joins_as_themselves(world: World) -> None:
    shared = world.students["Aki"]
    url = f"/tutor/class/join/{world.classroom.code}/"
    page = shared.get(url)
    assert page.status_code == 200  # not redirected as Aki
    assert "This browser is in the class as Aki" in page.content.decode()
    assert shared.post(url, {"display_name": "Chika"}).status_code == 302
    names = set(world.classroom.members.values_list("display_name", flat=True))
    assert names == {"Aki", "Ben", "Chika"}  # Aki is not renamed
    chika = world.member("Chika")
    assert chika.learner_id != world.member("Aki").learner_id


def test_duplicate_names_in_a_class_are_numbered(world: World) -> None:
    join_by_name(world.classroom, "Aki")
    join_by_name(world.classroom, "aki")
    names = sorted(world.classroom.members.values_list("display_name", flat=True))
    assert names == ["Aki", "Aki (2)", "Ben", "aki (3)"]
    ben = world.member("Ben")
    world.teacher.post(
        f"/tutor/class/{world.classroom.pk}/students/{ben.pk}/rename", {"display_name": "Aki"}
    )
    ben.refresh_from_db()
    assert ben.display_name == "Aki (4)"


def test_a_wrong_time_zone_is_said_next_to_the_field(world: World) -> None:
    pk = world.classroom.pk
    response = world.teacher.post(
        f"/tutor/class/{pk}/rename", {"name": "Tuesday club", "time_zone": "Mars/Olympus"}
    )
    assert response["Location"].endswith("?zone_error=1#class-zone")
    page = world.teacher.get(response["Location"]).content.decode()
    assert 'id="zone-error"' in page
    world.classroom.refresh_from_db()
    assert world.classroom.time_zone == "UTC"
