"""No English left in the Japanese edition: every page kind, rendered under /ja/ with the test
client, shows no run of English words (tests/i18n/visible.py says what counts).

Fails until the catalogues are translated; each failure names the page and its English."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.i18n.visible import english_in
from tutor import quiz
from tutor.accounts.models import Learner
from tutor.classroom.models import Assignment, Classroom
from tutor.collections.models import Collection
from tutor.course.lessons import LESSONS

pytestmark = pytest.mark.django_db

HAND = "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"
BIG = "hand=111m999m111p99p&win=9p&rules=tenhou&aotenjou=1"
HX = {"HX-Request": "true"}
PASSWORD = "teach-riichi-42"


@pytest.fixture(autouse=True)
def _fast_passwords(settings: object) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


def _user(name: str, teacher: bool = False) -> Client:
    user = User.objects.create_user(name, password=PASSWORD)
    Learner.objects.create(user=user, is_teacher=teacher)
    client = Client()
    client.force_login(user)
    return client


def _get(client: Client, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == status, f"{url}: {response.status_code}"
    html = response.content.decode()
    # A class's join code is random letters (data, not English).
    for code in Classroom.objects.values_list("code", flat=True):
        html = html.replace(code, "")
    return html


def _wrong_answer(kind: str) -> Callable[[Client], str]:
    def page(client: Client) -> str:
        question = quiz.make_question(kind, 7, {})
        wrong = {
            f"a_{k}": ("1" if not isinstance(v, list) else ["1"])
            for k, v in question.expected.items()
        }
        data = {**question.options, "seed": str(question.seed), **wrong}
        response = client.post(f"/ja/tutor/quiz/{kind}/answer/", data)
        assert response.status_code in (200, 400), response.status_code
        return response.content.decode()

    return page


def _classroom() -> tuple[Client, Classroom]:
    teacher = _user("sensei1", teacher=True)
    response = teacher.post("/ja/tutor/class/new", {"name": "火曜クラブ", "rules": "tenhou"})
    assert response.status_code == 302
    return teacher, Classroom.objects.get()


def _student(classroom: Classroom) -> Client:
    student = Client()
    response = student.post(f"/ja/tutor/class/join/{classroom.code}/", {"display_name": "アキ"})
    assert response.status_code == 302
    return student


def _assignment(teacher: Client, classroom: Classroom) -> Assignment:
    data = {
        "title": "点数表の練習",
        "kind": "table",
        "count": "3",
        "han_min": "1",
        "han_max": "4",
        "fu_min": "20",
        "fu_max": "110",
        "dealer": "any",
        "win": "any",
    }
    response = teacher.post(f"/ja/tutor/class/{classroom.pk}/assign", data)
    assert response.status_code == 302
    return Assignment.objects.latest("id")


def teacher_class(client: Client) -> str:
    teacher, classroom = _classroom()
    _student(classroom)
    _assignment(teacher, classroom)
    return _get(teacher, f"/ja/tutor/class/{classroom.pk}/")


def teacher_assignment(client: Client) -> str:
    teacher, classroom = _classroom()
    a = _assignment(teacher, classroom)
    return _get(teacher, f"/ja/tutor/class/{classroom.pk}/a/{a.pk}/")


def student_assignment(client: Client) -> str:
    teacher, classroom = _classroom()
    a = _assignment(teacher, classroom)
    student = _student(classroom)
    return _get(student, f"/ja/tutor/class/{classroom.pk}/a/{a.pk}/")


def join_code(client: Client) -> str:
    _teacher, classroom = _classroom()
    return _get(client, f"/ja/tutor/class/join/{classroom.code}/")


def _live(client: Client) -> tuple[Client, Client, Classroom]:
    teacher, classroom = _classroom()
    student = _student(classroom)
    source = f"/ja/tutor/explain?{HAND}"
    response = teacher.post("/ja/tutor/class/live/new", {"from": source, "classroom": classroom.pk})
    assert response.status_code == 302
    return teacher, student, classroom


def live_projector(client: Client) -> str:
    teacher, _student_client, classroom = _live(client)
    return _get(teacher, f"/ja/tutor/class/{classroom.pk}/live/")


def live_phone(client: Client) -> str:
    _teacher, student, classroom = _live(client)
    return _get(student, f"/ja/tutor/class/{classroom.pk}/live/play")


def live_new(client: Client) -> str:
    teacher, _classroom_obj = _classroom()
    return _get(teacher, "/ja/tutor/class/live/new?from=" + quote(f"/ja/tutor/explain?{HAND}"))


def classes_teacher(client: Client) -> str:
    teacher, _classroom_obj = _classroom()
    return _get(teacher, "/ja/tutor/class/")


def _save(client: Client) -> None:
    data = {
        "from": f"/ja/tutor/explain?{HAND}",
        "title": "練習",
        "collection": "",
        "new_title": "手牌集",
    }
    response = client.post("/ja/tutor/collections/save", data)
    assert response.status_code == 302, response.status_code


def saved_hands(client: Client) -> str:
    _save(client)
    return _get(client, "/ja/tutor/collections/")


def saved_collection(client: Client) -> str:
    _save(client)
    collection = Collection.objects.first()
    assert collection is not None
    return _get(client, f"/ja/tutor/collections/{collection.public_id}/")


def progress(client: Client) -> str:
    learner = _user("kana1")
    _wrong_answer("table")(learner)
    return _get(learner, "/ja/tutor/quiz/progress/")


def _page(url: str, status: int = 200, **headers: str) -> Callable[[Client], str]:
    return lambda client: _get(client, url, status, **headers)


PAGES: dict[str, Callable[[Client], str]] = {
    "picker (empty)": _page("/ja/"),
    "picker (scored hand)": _page(f"/ja/?{HAND}"),
    "picker (scored hand, fragment)": _page(f"/ja/?{HAND}", HX_Request="true"),
    "picker (errors)": _page("/ja/?hand=123m456q&win=1x&dora=zz"),
    "picker (no yaku)": _page("/ja/?hand=123m456p789s11z23s&win=4s"),
    "picker (aotenjou)": _page(f"/ja/?{BIG}"),
    "walkthrough": _page(f"/ja/tutor/explain?{HAND}"),
    "walkthrough (all steps)": _page(f"/ja/tutor/explain?{HAND}&view=all"),
    "walkthrough (error)": _page("/ja/tutor/explain?hand=123m&win=5z"),
    "tutor index": _page("/ja/tutor/"),
    "lessons": _page("/ja/tutor/lessons/"),
    **{f"lesson {lesson.slug}": _page(f"/ja/tutor/lessons/{lesson.slug}") for lesson in LESSONS},
    "glossary": _page("/ja/tutor/glossary"),
    "tables": _page("/ja/tutor/tables"),
    "tables (M-League)": _page("/ja/tutor/tables?rules=mleague"),
    "tables (three players, split)": _page("/ja/tutor/tables?rules=tenhou_sanma&sanma_tsumo=split"),
    "tables (three players, bad rule)": _page("/ja/tutor/tables?rules=tenhou_sanma&sanma_tsumo=x"),
    "quiz index": _page("/ja/tutor/quiz/"),
    **{f"quiz {kind}": _page(f"/ja/tutor/quiz/{kind}/?seed=7") for kind in quiz.KINDS},
    **{f"quiz {kind} (wrong answer)": _wrong_answer(kind) for kind in quiz.KINDS},
    "progress": progress,
    "progress (anonymous)": _page("/ja/tutor/quiz/progress/"),
    "log in": _page("/ja/accounts/login/"),
    "sign up": _page("/ja/accounts/signup/"),
    "password reset": _page("/ja/accounts/password-reset/"),
    "password reset sent": _page("/ja/accounts/password-reset/sent/"),
    "classes (anonymous)": _page("/ja/tutor/class/"),
    "classes (teacher)": classes_teacher,
    "class (teacher)": teacher_class,
    "join": _page("/ja/tutor/class/join/"),
    "join with a code": join_code,
    "assignment (teacher)": teacher_assignment,
    "assignment (student)": student_assignment,
    "live lesson: start": live_new,
    "live lesson: projector": live_projector,
    "live lesson: phone": live_phone,
    "saved hands": saved_hands,
    "saved hands: a collection": saved_collection,
    "calculator": _page("/ja/calc"),
    "calculator (scored)": _page("/ja/calc?han=4&fu=30&dealer=1&tsumo=1"),
    "calculator (three players)": _page(
        "/ja/calc?han=5&tsumo=1&honba=1&sticks=1&rules=tenhou_sanma&sanma_tsumo=dealer"
    ),
    "calculator (three players, bad rule)": _page(
        "/ja/calc?han=5&tsumo=1&rules=tenhou_sanma&sanma_tsumo=north"
    ),
    "quiz sanma_tsumo (split, mangan)": _page(
        "/ja/tutor/quiz/sanma_tsumo/?item=sanma_tsumo:split:n:5&seed=7"
    ),
    "progress (three players)": _page("/ja/tutor/quiz/progress/?rules=tenhou_sanma"),
    "not found": _page("/ja/no-such-page", status=404),
    "bad request": _page("/ja/tutor/glossary?q=a%00b", status=400),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_no_english_on_japanese_pages(client: Client, name: str) -> None:
    html = PAGES[name](client)
    assert '<html lang="ja">' in html or name.endswith("fragment)") or "wrong answer" in name
    left = english_in(html)
    assert not left, f"{name}: English left on the Japanese page:\n  " + "\n  ".join(left)
