"""Lesson plans (issue 33 items 1, 2, 5, 6, 8, 8b, 9, 10): prepared once, reordered, copied, run
with any class from the projector with Next to an end screen, or student-paced; the class asked
is always the one chosen."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.test import Client
from django.utils import timezone

from tests.classroom.conftest import World, join_by_name, teacher_client
from tests.classroom.test_live import HX
from tutor.accounts.models import Learner
from tutor.classroom import live, reports
from tutor.classroom.models import (
    Classroom,
    LessonPlan,
    LiveAnswer,
    LiveLesson,
    LiveQuestion,
    Membership,
    PlanItem,
)
from tutor.collections.models import Collection, SavedHand

pytestmark = pytest.mark.django_db

HAND = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"
RON = "2600"


def new_plan(world: World, title: str = "Tuesday: fu") -> LessonPlan:
    response = world.teacher.post("/tutor/class/plans/new", {"title": title})
    assert response.status_code == 302
    return LessonPlan.objects.latest("id")


def add(world: World, plan: LessonPlan, **data: str) -> str:
    response = world.teacher.post(f"/tutor/class/plans/{plan.pk}/add", data, headers=HX)
    assert response.status_code == 200, response.content
    return response.content.decode()


def five_item_plan(world: World) -> LessonPlan:
    plan = new_plan(world)
    add(world, plan, **{"from": HAND})
    add(world, plan, kind="table", han="3", fu="30", dealer="non", win="ron")
    add(world, plan, kind="table", han="2", fu="40", choice="1")
    add(world, plan, **{"from": HAND + "&tsumo=1"})
    add(world, plan, **{"from": "/tutor/quiz/table/?han=1&fu=30&dealer=dealer&win=ron"})
    return plan


def items(plan: LessonPlan) -> list[tuple[str, str, str]]:
    return [(i.source, i.query, i.kind) for i in plan.items.all()]


def test_the_editor_adds_reorders_removes_and_copies(world: World) -> None:
    plan = five_item_plan(world)
    assert [i.position for i in plan.items.all()] == [0, 1, 2, 3, 4]
    assert plan.items.get(position=2).options == {"han": "2", "fu": "40", "mode": "choice"}
    page = world.teacher.get(f"/tutor/class/plans/{plan.pk}/").content.decode()
    assert page.count('data-testid="plan-item"') == 5
    assert "multiple choice" in page
    first, second = plan.items.all()[:2]
    # the list is an htmx region: a move answers with the region alone
    moved = world.teacher.post(
        f"/tutor/class/plans/{plan.pk}/items/{first.pk}/move",
        {"step": "1"},
        headers={**HX, "HX-Target": "plan-items"},
    ).content.decode()
    assert moved.lstrip().startswith('<section id="plan-items"')
    assert [i.pk for i in plan.items.all()][:2] == [second.pk, first.pk]
    world.teacher.post(f"/tutor/class/plans/{plan.pk}/items/{first.pk}/move", {"to": "5"})
    assert [i.pk for i in plan.items.all()][-1] == first.pk
    world.teacher.post(f"/tutor/class/plans/{plan.pk}/items/{second.pk}/remove")
    assert [i.position for i in plan.items.all()] == [0, 1, 2, 3]
    world.teacher.post(f"/tutor/class/plans/{plan.pk}/copy")
    copy = LessonPlan.objects.latest("id")
    assert copy.pk != plan.pk
    assert copy.title == "Copy of Tuesday: fu"
    assert items(copy) == items(plan)


def test_a_collection_adds_each_of_its_hands(world: World) -> None:
    teacher = world.classroom.teacher
    deck = Collection.objects.create(owner=teacher, title="Monday")
    for n, win in enumerate(("7p", "4p")):
        SavedHand.objects.create(
            collection=deck, position=n, query=f"hand=234m234m456p55s68p&win={win}&seat=2z"
        )
    plan = new_plan(world)
    add(world, plan, deck=deck.public_id)
    assert [i.query.split("win=")[1][:2] for i in plan.items.all()] == ["7p", "4p"]
    assert plan.items.first().note == "Monday #1"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "data",
    [{"from": "https://example.com/?hand=1"}, {"kind": "nonsense"}, {"from": ""}, {}],
)
def test_what_cannot_be_added_is_said_beside_the_form(world: World, data: dict[str, str]) -> None:
    plan = new_plan(world)
    response = world.teacher.post(f"/tutor/class/plans/{plan.pk}/add", data, headers=HX)
    assert response.status_code == 400
    assert 'data-testid="plan-error"' in response.content.decode()
    assert not plan.items.exists()


def run(world: World, plan: LessonPlan, classroom: Classroom, **settings: str) -> None:
    response = world.teacher.post(
        f"/tutor/class/plans/{plan.pk}/run", {"classroom": classroom.pk, **settings}
    )
    assert response.status_code == 302, response.content


def projector(world: World, classroom: Classroom | None = None) -> str:
    pk = (classroom or world.classroom).pk
    return world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()


def press(world: World, what: str, classroom: Classroom | None = None) -> str:
    c = classroom or world.classroom
    now = live.current(c)
    assert now is not None
    response = world.teacher.post(f"/tutor/class/{c.pk}/live/{what}", {"question": now.pk})
    return str(response["Location"])


def test_a_plan_runs_with_next_to_the_end_screen(world: World) -> None:
    plan = five_item_plan(world)
    run(world, plan, world.classroom, countdown="0", leaderboard="1")
    numbers = []
    for n in range(1, 6):
        page = projector(world)
        numbers.append(re.search(r'data-testid="question-number">([^<]*)<', page).group(1))  # type: ignore[union-attr]
        if n < 5:
            assert "Next question" in page
            press(world, "next")
        else:
            assert "Finish: the end screen" in page
    assert numbers == [f"Question {n} of 5" for n in range(1, 6)]
    questions = list(LiveQuestion.objects.order_by("id"))
    assert [q.source for q in questions] == ["hand", "quiz", "quiz", "hand", "quiz"]
    assert questions[2].options.get("mode") == "choice"
    assert all(q.lesson_id == questions[0].lesson_id for q in questions)
    end = press(world, "next")
    lesson = LiveLesson.objects.get()
    assert end == f"/tutor/class/{world.classroom.pk}/lessons/{lesson.pk}/end"
    assert lesson.ended is not None
    screen = world.teacher.get(end).content.decode()
    assert 'data-testid="end-screen"' in screen
    assert 'data-testid="class-accuracy"' in screen
    assert "report-grid" not in screen  # the report stays on the teacher's own screen


def test_a_stale_projector_tab_of_an_ended_lesson_says_so(world: World) -> None:
    plan = five_item_plan(world)
    run(world, plan, world.classroom)
    old = live.current(world.classroom)
    assert old is not None
    press(world, "end")
    pk = world.classroom.pk
    for what in ("next", "reveal", "end"):
        response = world.teacher.post(f"/tutor/class/{pk}/live/{what}", {"question": old.pk})
        assert response.status_code == 302
        page = world.teacher.get(response["Location"]).content.decode()
        assert 'data-testid="lesson-ended"' in page
        assert "next-question" not in page


def test_the_class_is_chosen_never_guessed(world: World) -> None:
    other = Classroom.objects.create(teacher=world.classroom.teacher, name="Thursday club")
    # a lesson running in the older class: "Ask a class live" picks it, not the newest class
    live.start(world.classroom, live.Source("hand", query="hand=234m234m456p55s68p&win=7p"))
    page = world.teacher.get("/tutor/class/live/new?from=" + quote(HAND)).content.decode()
    selected = re.search(r'<option value="(\d+)" selected>', page)
    assert selected is not None
    assert selected.group(1) == str(world.classroom.pk)
    assert "lesson in progress" in page
    # no lesson anywhere and two classes: nothing is chosen, and a POST without one is refused
    live.end_lesson(world.classroom)
    page = world.teacher.get("/tutor/class/live/new?from=" + quote(HAND)).content.decode()
    assert re.search(r'<option value="\d+" selected>', page) is None
    refused = world.teacher.post("/tutor/class/live/new", {"from": HAND})
    assert refused.status_code == 400
    assert 'id="err-class"' in refused.content.decode()
    assert not LiveQuestion.objects.filter(classroom=other).exists()


def test_ask_live_adds_to_a_plan(world: World) -> None:
    page = world.teacher.get("/tutor/class/live/new?from=" + quote(HAND)).content.decode()
    assert 'id="add-to-plan"' in page
    response = world.teacher.post("/tutor/class/plans/add", {"from": HAND, "plan": ""})
    plan = LessonPlan.objects.get()
    assert response["Location"] == f"/tutor/class/plans/{plan.pk}/"
    world.teacher.post("/tutor/class/plans/add", {"from": HAND + "&tsumo=1", "plan": plan.pk})
    assert plan.items.count() == 2
    assert not LiveQuestion.objects.exists()  # added, not asked


def test_the_picker_and_saved_hands_offer_ask_live_to_teachers(world: World) -> None:
    picker = "/?hand=234m234m456p55s68p&win=7p&seat=2z"
    assert 'data-testid="ask-live"' in world.teacher.get(picker).content.decode()
    assert 'data-testid="ask-live"' not in world.students["Aki"].get(picker).content.decode()
    assert 'data-testid="ask-live"' not in Client().get(picker).content.decode()


def test_leaderboard_top_five_ties_share_a_place_nobody_with_nothing() -> None:
    rows = [(name, right, 1.0, 0) for name, right in [("A", 3), ("B", 3), ("C", 2), ("D", 0)]]
    places = reports.ranked(rows, False, False, 5)
    assert [(p.place, p.name) for p in places] == [(1, "A"), (1, "B"), (3, "C")]
    many = [(f"S{n}", 10 - n, 1.0, 0) for n in range(9)]
    assert [p.place for p in reports.ranked(many, False, False, 5)] == [1, 2, 3, 4, 5]
    assert reports.ranked(rows, False, True, 5)[0].name == ""


def test_speed_points_and_the_question_podium(world: World) -> None:
    plan = five_item_plan(world)
    run(world, plan, world.classroom, countdown="30", leaderboard="1", speed_points="1")
    question = live.current(world.classroom)
    assert question is not None
    LiveQuestion.objects.filter(pk=question.pk).update(
        created=timezone.now() - timedelta(seconds=15)
    )
    pk = world.classroom.pk
    for name, typed in (("Aki", RON), ("Ben", "1000")):
        world.students[name].post(
            f"/tutor/class/{pk}/live/answer",
            {"question": question.pk, "a_points": typed},
            headers=HX,
        )
    aki = LiveAnswer.objects.get(correct=True)
    assert 700 <= aki.points <= 800  # 500, and about half of 500 for half the countdown
    assert LiveAnswer.objects.get(correct=False).points == 0
    press(world, "reveal")
    page = projector(world)
    assert 'data-testid="question-podium"' in page
    board = re.search(r'data-testid="leaderboard".*?</ol>', page, re.S)
    assert board is not None
    assert "Aki" in board.group(0)
    assert "Ben" not in board.group(0)  # nothing right: not shown


def test_presence_counts_who_is_here_and_the_lobby_removes_a_name(world: World) -> None:
    pk = world.classroom.pk
    late = join_by_name(world.classroom, "Cho")
    Membership.objects.update(seen=None)
    live.start(world.classroom, live.Source("hand", query="hand=234m234m456p55s68p&win=7p"))
    live._seen_written.clear()
    world.students["Aki"].get(f"/tutor/class/{pk}/live/play")
    page = projector(world)
    assert "of 1 students" in page
    lobby = world.teacher.get(f"/tutor/class/{pk}/live/lobby").content.decode()
    assert "Aki" in lobby
    assert "Cho" not in lobby
    aki = world.member("Aki")
    ask = world.teacher.post(f"/tutor/class/{pk}/live/lobby/{aki.pk}/remove")
    assert 'data-testid="confirm-question"' in ask.content.decode()
    assert Membership.objects.filter(pk=aki.pk).exists()
    world.teacher.post(f"/tutor/class/{pk}/live/lobby/{aki.pk}/remove", {"confirm": "1"})
    assert not Membership.objects.filter(pk=aki.pk).exists()
    assert late.get(f"/tutor/class/{pk}/live/play").status_code == 200


def test_student_paced_mode(world: World) -> None:
    plan = five_item_plan(world)
    run(world, plan, world.classroom, paced="1")
    lesson = LiveLesson.objects.get()
    assert lesson.paced
    assert lesson.questions.count() == 5
    pk = world.classroom.pk
    aki = world.students["Aki"]
    # a phone on the live page (or its poll) is sent to the paced page
    assert aki.get(f"/tutor/class/{pk}/live/play")["Location"] == f"/tutor/class/{pk}/paced/"
    state = aki.get(f"/tutor/class/{pk}/live/state?key=0", headers=HX)
    assert state["HX-Redirect"] == f"/tutor/class/{pk}/paced/"
    first = aki.get(f"/tutor/class/{pk}/paced/").content.decode()
    assert "Question 1 of 5" in first
    q1 = lesson.questions.get(number=1)
    refused = aki.post(f"/tutor/class/{pk}/paced/answer", {"question": q1.pk, "a_points": "x"})
    assert refused.status_code == 400
    done = aki.post(
        f"/tutor/class/{pk}/paced/answer", {"question": q1.pk, "a_points": RON}, headers=HX
    ).content.decode()
    assert 'data-testid="paced-verdict"' in done
    assert "Right!" in done
    assert "Question 2 of 5" in aki.get(f"/tutor/class/{pk}/paced/").content.decode()
    watch = world.teacher.get(f"/tutor/class/{pk}/paced/watch").content.decode()
    assert 'data-testid="paced-grid"' in watch
    assert re.search(r"Aki</th><td class=\"is-right\">", watch)
    # students cannot watch; the teacher ends it and gets the end screen
    assert aki.get(f"/tutor/class/{pk}/paced/watch").status_code == 404
    end = world.teacher.post(f"/tutor/class/{pk}/paced/end")
    assert end["Location"] == f"/tutor/class/{pk}/lessons/{lesson.pk}/end"
    assert "This lesson has ended" in aki.get(f"/tutor/class/{pk}/paced/").content.decode()


def test_plans_belong_to_their_teacher(world: World) -> None:
    plan = five_item_plan(world)
    item = plan.items.first()
    assert item is not None
    stranger = teacher_client("other-sensei")
    urls = [
        f"/tutor/class/plans/{plan.pk}/",
        f"/tutor/class/plans/{plan.pk}/add",
        f"/tutor/class/plans/{plan.pk}/copy",
        f"/tutor/class/plans/{plan.pk}/run",
        f"/tutor/class/plans/{plan.pk}/items/{item.pk}/move",
        f"/tutor/class/plans/{plan.pk}/items/{item.pk}/remove",
    ]
    for url in urls:
        for client, status in ((stranger, 404), (world.students["Aki"], 403), (Client(), 403)):
            method = client.get if url.endswith("/") else client.post
            assert method(url).status_code == status, url
    # nor may a plan run with another teacher's class
    run_other = world.teacher.post(
        f"/tutor/class/plans/{plan.pk}/run",
        {"classroom": Classroom.objects.create(teacher=stranger_learner(), name="X").pk},
    )
    assert run_other.status_code == 400
    assert PlanItem.objects.filter(plan=plan).count() == 5


def stranger_learner() -> Learner:
    return Learner.objects.filter(user__username="other-sensei").get()
