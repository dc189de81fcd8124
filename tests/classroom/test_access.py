"""Rules of access, table-driven over every classroom URL: another teacher, another class's
student, this class's student (on teacher pages) and an anonymous visitor get 404 or 403, never
data; teacher actions are POST-only and CSRF-protected."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import URLPattern

from tests.classroom.conftest import join_by_name, teacher_client
from tutor.classroom import urls as classroom_urls
from tutor.classroom.models import (
    Assignment,
    Classroom,
    LessonPlan,
    LiveLesson,
    LiveQuestion,
    Membership,
    PlanItem,
)
from tutor.collections.models import Collection, SavedHand

pytestmark = pytest.mark.django_db

SECRET_NAME = "Secret-Class-Name"
STUDENT = "Hidden-Student"
SECRET_PLAN = "Secret-Plan-Title"


@dataclass
class Scene:
    owner: Client
    member: Client
    clients: dict[str, Client]
    ids: dict[str, object]


@pytest.fixture
def scene(db: object) -> Scene:
    owner = teacher_client("owner")
    owner.post("/tutor/class/new", {"name": SECRET_NAME, "rules": "tenhou"})
    classroom = Classroom.objects.get()
    member = join_by_name(classroom, STUDENT)
    owner.post(
        f"/tutor/class/{classroom.pk}/assign",
        {
            "title": "Secret drill",
            "kind": "table",
            "count": "2",
            "han_min": "1",
            "han_max": "4",
            "fu_min": "20",
            "fu_max": "110",
            "dealer": "any",
            "win": "any",
        },
    )
    assignment = Assignment.objects.get()
    deck = Collection.objects.create(owner=classroom.teacher, title="Deck")
    SavedHand.objects.create(collection=deck, title="h", query="hand=234m234m456p55s68p&win=7p")
    owner.post("/tutor/class/live/new", {"deck": deck.public_id, "classroom": classroom.pk})
    assert LiveQuestion.objects.exists()
    other_teacher = teacher_client("other")
    other_teacher.post("/tutor/class/new", {"name": "Other class", "rules": "tenhou"})
    other_class = Classroom.objects.get(name="Other class")
    other_student = join_by_name(other_class, "Outsider")
    membership = Membership.objects.get(display_name=STUDENT)
    owner.post("/tutor/class/plans/new", {"title": SECRET_PLAN})
    plan = LessonPlan.objects.get()
    owner.post(f"/tutor/class/plans/{plan.pk}/add", {"deck": deck.public_id})
    return Scene(
        owner,
        member,
        {
            "other teacher": other_teacher,
            "other class's student": other_student,
            "anonymous": Client(),
        },
        {
            "pk": classroom.pk,
            "aid": assignment.pk,
            "member": membership.pk,
            "code": classroom.code,
            "lid": LiveLesson.objects.get().pk,
            "question": LiveQuestion.objects.get().pk,
            "plan": plan.pk,
            "item": PlanItem.objects.get().pk,
        },
    )


# (url name, method, path template, who else may use it: "member" for the class's students)
Route = tuple[str, str, str, str]
ROUTES: list[Route] = [
    ("class", "GET", "/tutor/class/{pk}/", "member"),
    ("class_code", "GET", "/tutor/class/{pk}/code", ""),
    ("class_rename", "POST", "/tutor/class/{pk}/rename", ""),
    ("class_regenerate", "POST", "/tutor/class/{pk}/regenerate", ""),
    ("student_rename", "POST", "/tutor/class/{pk}/students/{member}/rename", ""),
    ("student_remove", "POST", "/tutor/class/{pk}/students/{member}/remove", ""),
    ("assignment_new", "GET", "/tutor/class/{pk}/assign", ""),
    ("assignment_new", "POST", "/tutor/class/{pk}/assign", ""),
    ("assignment", "GET", "/tutor/class/{pk}/a/{aid}/", "member"),
    ("assignment_answer", "POST", "/tutor/class/{pk}/a/{aid}/answer", "member"),
    ("assignment_csv", "GET", "/tutor/class/{pk}/a/{aid}/results.csv", ""),
    ("assignment_edit", "GET", "/tutor/class/{pk}/a/{aid}/edit", ""),
    ("assignment_edit", "POST", "/tutor/class/{pk}/a/{aid}/edit", ""),
    ("assignment_delete", "POST", "/tutor/class/{pk}/a/{aid}/delete", ""),
    ("assignment_preview", "GET", "/tutor/class/{pk}/a/{aid}/preview", ""),
    ("assignment_new", "GET", "/tutor/class/{pk}/assign?copy={aid}", ""),
    ("live", "GET", "/tutor/class/{pk}/live/", ""),
    ("live_panel", "GET", "/tutor/class/{pk}/live/panel", ""),
    ("live_reveal", "POST", "/tutor/class/{pk}/live/reveal", ""),
    ("live_next", "POST", "/tutor/class/{pk}/live/next", ""),
    ("live_end", "POST", "/tutor/class/{pk}/live/end", ""),
    ("live_play", "GET", "/tutor/class/{pk}/live/play", "member"),
    ("live_state", "GET", "/tutor/class/{pk}/live/state", "member"),
    ("live_answer", "POST", "/tutor/class/{pk}/live/answer", "member"),
    ("live_banner", "GET", "/tutor/class/{pk}/live/banner", "member"),
    ("live_lobby", "GET", "/tutor/class/{pk}/live/lobby", ""),
    ("lesson_report", "GET", "/tutor/class/{pk}/lessons/{lid}/", ""),
    ("lesson_csv", "GET", "/tutor/class/{pk}/lessons/{lid}/report.csv", ""),
    # the projector's poll with another class's question and a forged token
    ("live_panel", "GET", "/tutor/class/{pk}/live/panel?q={question}&t=forged", ""),
    ("live_new", "POST", "/tutor/class/live/new?classroom={pk}", ""),
    ("lobby_remove", "POST", "/tutor/class/{pk}/live/lobby/{member}/remove", ""),
    ("lesson_end_screen", "GET", "/tutor/class/{pk}/lessons/{lid}/end", ""),
    ("paced_play", "GET", "/tutor/class/{pk}/paced/", "member"),
    ("paced_answer", "POST", "/tutor/class/{pk}/paced/answer", "member"),
    ("paced_watch", "GET", "/tutor/class/{pk}/paced/watch", ""),
    ("paced_end", "POST", "/tutor/class/{pk}/paced/end", ""),
    # lesson plans: the teacher's own (any other teacher: 404; students, visitors: 403)
    ("plan", "GET", "/tutor/class/plans/{plan}/", ""),
    ("plan_add", "POST", "/tutor/class/plans/{plan}/add", ""),
    ("plan_rename", "POST", "/tutor/class/plans/{plan}/rename", ""),
    ("plan_copy", "POST", "/tutor/class/plans/{plan}/copy", ""),
    ("plan_delete", "POST", "/tutor/class/plans/{plan}/delete", ""),
    ("plan_run", "POST", "/tutor/class/plans/{plan}/run", ""),
    ("plan_move", "POST", "/tutor/class/plans/{plan}/items/{item}/move", ""),
    ("plan_remove", "POST", "/tutor/class/plans/{plan}/items/{item}/remove", ""),
    ("plan_add_to", "POST", "/tutor/class/plans/add?plan={plan}", ""),
]
#: Pages open to everyone by design (checked below for what they show).
PUBLIC = {"classes", "class_create", "join", "join_code", "live_new", "plans", "plan_create"}


def _post_data(ids: dict[str, object]) -> dict[str, object]:
    """Valid data for every POST of the table (so the owner's calls succeed)."""
    return {
        "classroom": ids["pk"],
        "name": "Renamed",
        "display_name": "Renamed",
        "number": "0",
        "question": ids["question"],
        "a_ron": "1000",
        "a_points": "1000",
        "title": "x",
        "opens": "2026-01-01T10:00",
        "kind": "table",
        "count": "1",
        "han_min": "1",
        "han_max": "4",
        "fu_min": "20",
        "fu_max": "110",
        "dealer": "any",
        "win": "any",
        "from": "/tutor/explain?hand=234m234m456p55s68p&win=7p",
        "plan": ids["plan"],
    }


def test_every_classroom_url_is_in_the_table() -> None:
    names = {p.name for p in classroom_urls.urlpatterns if isinstance(p, URLPattern)}
    assert names == {r[0] for r in ROUTES} | PUBLIC


def _call(client: Client, method: str, path: str, ids: dict[str, object]) -> object:
    url = path.format(**ids)
    if method == "GET":
        return client.get(url)
    return client.post(url, _post_data(ids))


@pytest.mark.parametrize("route", ROUTES, ids=[f"{r[1]} {r[0]}" for r in ROUTES])
def test_intruders_get_404_or_403_never_data(scene: Scene, route: Route) -> None:
    name, method, path, allowed = route
    intruders = dict(scene.clients)
    if allowed != "member":
        intruders["this class's student"] = scene.member
    for who, client in intruders.items():
        response = _call(client, method, path, scene.ids)
        status = response.status_code  # type: ignore[attr-defined]
        assert status in (403, 404), f"{who} got {status} on {method} {name}"
        body = response.content.decode()  # type: ignore[attr-defined]
        assert SECRET_NAME not in body, f"{who} saw the class on {name}"
        assert STUDENT not in body, f"{who} saw a student on {name}"
        assert SECRET_PLAN not in body, f"{who} saw the plan on {name}"
    classroom = Classroom.objects.get(name=SECRET_NAME)
    assert classroom.name == SECRET_NAME
    assert classroom.code == scene.ids["code"]
    assert Membership.objects.filter(display_name=STUDENT).exists()
    assert LessonPlan.objects.get().title == SECRET_PLAN
    assert PlanItem.objects.count() == 1


def test_the_plan_lists_are_each_teachers_own(scene: Scene) -> None:
    for who, client in scene.clients.items():
        listing = client.get("/tutor/class/plans/")
        if who == "other teacher":
            assert listing.status_code == 200
            assert SECRET_PLAN not in listing.content.decode()
        else:
            assert listing.status_code == 403, who
            assert client.post("/tutor/class/plans/new", {"title": "x"}).status_code == 403
    assert scene.member.get("/tutor/class/plans/").status_code == 403
    assert SECRET_PLAN in scene.owner.get("/tutor/class/plans/").content.decode()


@pytest.mark.parametrize("route", ROUTES, ids=[f"{r[1]} {r[0]}" for r in ROUTES])
def test_the_owner_can_use_every_teacher_url(scene: Scene, route: Route) -> None:
    name, method, path, allowed = route
    client = scene.member if allowed == "member" else scene.owner
    response = _call(client, method, path, scene.ids)
    assert response.status_code in (200, 204, 302), name  # type: ignore[attr-defined]


def test_teacher_actions_are_post_only(scene: Scene) -> None:
    for name, method, path, _allowed in ROUTES:
        if method == "POST" and name not in ("assignment_new", "assignment_edit", "live_new"):
            assert scene.owner.get(path.format(**scene.ids)).status_code == 405, name


def test_posts_need_the_csrf_token(scene: Scene) -> None:
    owner = scene.owner
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = owner.cookies
    for name, method, path, allowed in ROUTES:
        if method == "POST" and allowed != "member":
            assert (
                strict.post(path.format(**scene.ids), _post_data(scene.ids)).status_code == 403
            ), name
    member = Client(enforce_csrf_checks=True)
    member.cookies = scene.member.cookies
    response = member.post("/tutor/class/{pk}/live/answer".format(**scene.ids), {"number": "1"})
    assert response.status_code == 403


def test_public_pages_reveal_nothing_else(scene: Scene) -> None:
    for client in scene.clients.values():
        listing = client.get("/tutor/class/").content.decode()
        assert SECRET_NAME not in listing
        assert STUDENT not in listing
    join = Client().get("/tutor/class/join/{code}/".format(**scene.ids)).content.decode()
    assert SECRET_NAME in join  # a join page names the class you are joining, and nothing more
    assert STUDENT not in join
    assert "owner" not in join
    assert Client().post("/tutor/class/new", {"name": "x"}).status_code == 403
