"""Assignments: the quiz's questions from a seed, answers checked and stored through the quiz's
progress, the student's pages, and the teacher's results (grid, accuracy, wrong answers, CSV)."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.classroom.conftest import World
from tutor import quiz
from tutor.classroom import assignments, live
from tutor.classroom.models import Assignment, AssignmentAnswer, Classroom, LiveQuestion
from tutor.quiz.models import Answer, ItemProgress

pytestmark = pytest.mark.django_db


def assign(world: World, **extra: str) -> Assignment:
    data = {
        "title": "Table warm-up",
        "kind": "table",
        "count": "5",
        "han_min": "1",
        "han_max": "4",
        "fu_min": "20",
        "fu_max": "110",
        "dealer": "any",
        "win": "any",
        **extra,
    }
    response = world.teacher.post(f"/tutor/class/{world.classroom.pk}/assign", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Assignment.objects.latest("id")


def right_answer(q: quiz.Question) -> dict[str, str]:
    return {f"a_{k}": str(v) for k, v in q.expected.items()}


def wrong_answer(q: quiz.Question) -> dict[str, str]:
    return {f"a_{k}": str(int(v) + 100) for k, v in q.expected.items()}


def answer(client: Client, a: Assignment, number: int, data: dict[str, str]) -> str:
    url = f"/tutor/class/{a.classroom_id}/a/{a.pk}/answer"
    response = client.post(url, {"number": str(number), **data})
    assert response.status_code == 200
    return response.content.decode()


def test_the_form_and_its_validation(world: World) -> None:
    url = f"/tutor/class/{world.classroom.pk}/assign"
    assert world.teacher.get(url).status_code == 200
    bad = world.teacher.post(
        url,
        {
            "title": "x",
            "kind": "table",
            "count": "5",
            "han_min": "4",
            "han_max": "1",
            "fu_min": "20",
            "fu_max": "110",
            "dealer": "any",
            "win": "any",
        },
    )
    assert bad.status_code == 400
    assert "must not be below" in bad.content.decode()
    assert world.students["Aki"].get(url).status_code == 404


def test_filters_reach_the_quiz_and_every_student_gets_the_same_questions(world: World) -> None:
    a = assign(
        world,
        han_min="3",
        han_max="3",
        fu_min="30",
        fu_max="40",
        dealer="non",
        win="ron",
        timed="30",
    )
    assert a.options["han"] == "3"
    assert a.options["fu"] == "30,40"
    assert a.options["timed"] == "30"
    questions = [assignments.question(a, n) for n in range(a.count)]
    assert {q.key for q in questions} <= {"table:n:ron:3:30", "table:n:ron:3:40"}
    aki = world.member("Aki").learner
    ben = world.member("Ben").learner
    assert assignments.order_for(a, aki) == assignments.order_for(a, ben) == list(range(5))
    again = [assignments.question(a, n) for n in range(a.count)]
    assert [q.prompt for q in again] == [q.prompt for q in questions]
    html = (
        world.students["Aki"].get(f"/tutor/class/{world.classroom.pk}/a/{a.pk}/").content.decode()
    )
    assert questions[0].prompt in html
    assert 'data-seconds="30"' in html


def test_shuffled_assignments_shuffle_the_order_per_student(world: World) -> None:
    a = assign(world, count="12", shuffled="on")
    orders = {
        assignments.order_for(a, world.member(n).learner) == list(range(12)) for n in ("Aki", "Ben")
    }
    aki = assignments.order_for(a, world.member("Aki").learner)
    ben = assignments.order_for(a, world.member("Ben").learner)
    assert sorted(aki) == sorted(ben) == list(range(12))
    assert aki != ben or orders == {True}  # two shuffles of 12 agree with probability 1/12!


def test_answers_are_checked_stored_once_and_count_in_the_quiz_progress(world: World) -> None:
    a = assign(world)
    aki = world.students["Aki"]
    q0 = assignments.question(a, 0)
    html = answer(aki, a, 0, right_answer(q0))
    assert "Right!" in html
    html = answer(aki, a, 0, wrong_answer(q0))  # a second try does not replace the first
    assert "your first answer counts" in html
    learner = world.member("Aki").learner
    assert AssignmentAnswer.objects.get(learner=learner, number=0).correct
    assert Answer.objects.filter(learner=learner, key=q0.key).count() == 1
    assert ItemProgress.objects.filter(learner=learner, key=q0.key).exists()
    progress_page = aki.get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">1<' in progress_page
    assert "Open assignments" in progress_page
    assert "Table warm-up" in progress_page


def test_student_sees_score_and_each_question_when_done(world: World) -> None:
    a = assign(world, kind="fu", count="2")
    aki = world.students["Aki"]
    for n in range(2):
        answer(aki, a, n, right_answer(assignments.question(a, n)))
    html = aki.get(f"/tutor/class/{world.classroom.pk}/a/{a.pk}/").content.decode()
    assert "2 right of 2 answered" in html
    assert html.count("/tutor/explain?") >= 2  # each hand question links its walkthrough
    page = aki.get(f"/tutor/class/{world.classroom.pk}/").content.decode()
    assert "Done: 2 of 2 right" in page


def test_closed_and_future_assignments(world: World) -> None:
    a = assign(world)
    Assignment.objects.filter(pk=a.pk).update(due=timezone.now() - timedelta(minutes=1))
    aki = world.students["Aki"]
    q0 = assignments.question(a, 0)
    url = f"/tutor/class/{a.classroom_id}/a/{a.pk}/answer"
    assert aki.post(url, {"number": "0", **right_answer(q0)}).status_code == 403
    assert (
        "This assignment is closed"
        in aki.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/").content.decode()
    )
    Assignment.objects.filter(pk=a.pk).update(opens=timezone.now() + timedelta(days=1), due=None)
    assert aki.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/").status_code == 404
    assert aki.post(url, {"number": "99"}).status_code == 404


def test_results_grid_accuracy_wrong_answers_and_csv(world: World) -> None:
    a = assign(
        world,
        han_min="4",
        han_max="4",
        fu_min="30",
        fu_max="30",
        dealer="non",
        win="tsumo",
        count="3",
    )
    q = assignments.question(a, 0)
    assert q.expected == {"tsumo_others": 2000, "tsumo_dealer": 3900}
    for n in range(3):
        answer(world.students["Aki"], a, n, right_answer(q))
    answer(world.students["Ben"], a, 0, right_answer(q))
    # kiriage where the rules (tenhou) have none: 2000/4000
    answer(world.students["Ben"], a, 1, {"a_tsumo_others": "2000", "a_tsumo_dealer": "4000"})
    html = world.teacher.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/").content.decode()
    ben_row = re.search(r'<tr data-student="Ben">(.*?)</tr>', html, re.S)
    assert ben_row is not None
    assert re.findall(r'data-mark="(.)"', ben_row.group(1)) == ["1", "0", "-"]
    assert re.findall(r'data-testid="accuracy">(\d+)%', html) == ["100", "50", "100"]
    assert "2,000/4,000" in html
    assert "kiriage mangan, which these rules do not use" in html
    response = world.teacher.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/results.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert (
        response["Content-Disposition"] == 'attachment; filename="tuesday-club-table-warm-up.csv"'
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    header = ["Student"]
    for n in (1, 2, 3):
        header += [f"Q{n} answer", f"Q{n} right", f"Q{n} seconds"]
    assert rows[0] == [*header, "Score", "Percent"]
    texts = [assignments.expected_text(assignments.question(a, n)) for n in range(3)]
    assert ["Aki", texts[0], "1", "", texts[1], "1", "", texts[2], "1", "", "3", "100"] in rows
    assert ["Ben", texts[0], "1", "", "2,000/4,000", "0", "", "", "", "", "1", "33"] in rows
    # the page shows what each student answered and their percentage
    assert 'data-testid="given">2,000/4,000</small>' in html
    assert re.findall(r'data-testid="percent">(\d+)%', html) == ["100", "33"]


def test_results_give_the_time_each_answer_took(world: World) -> None:
    a = assign(world, count="2")
    aki = world.students["Aki"]
    assert aki.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/").status_code == 200  # question 1
    answer(aki, a, 0, right_answer(assignments.question(a, 0)))
    answer(aki, a, 1, right_answer(assignments.question(a, 1)))  # never shown: time unknown
    first, second = AssignmentAnswer.objects.order_by("number")
    assert first.seconds is not None
    assert 0 <= first.seconds < 60
    assert second.seconds is None
    html = world.teacher.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/").content.decode()
    assert 'class="secs">0 s</small>' in html or 'class="secs">1 s</small>' in html


def test_csv_never_holds_a_formula(world: World) -> None:
    a = assign(world, count="1")
    member = world.member("Aki")
    member.display_name = "=HYPERLINK(1)"
    member.save()
    body = world.teacher.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/results.csv").content.decode()
    assert "'=HYPERLINK(1)" in body


def test_class_heatmap_sums_the_students_table_drills(world: World) -> None:
    a = assign(
        world,
        han_min="4",
        han_max="4",
        fu_min="30",
        fu_max="30",
        dealer="non",
        win="tsumo",
        count="1",
    )
    q = assignments.question(a, 0)
    answer(world.students["Aki"], a, 0, right_answer(q))
    answer(world.students["Ben"], a, 0, wrong_answer(q))
    html = world.teacher.get(f"/tutor/class/{world.classroom.pk}/?win=tsumo").content.decode()
    cell = re.search(r'<td class="([^"]*)" data-cell="n:4:30"[^>]*>', html)
    assert cell is not None
    assert "1 of 2 right" in cell.group(0)
    fragment = world.teacher.get(
        f"/tutor/class/{world.classroom.pk}/?win=ron",
        headers={"HX-Request": "true", "HX-Target": "heatmap"},
    ).content.decode()
    assert fragment.lstrip().startswith('<section id="heatmap"')


def test_wrong_answers_of_other_drills_are_named_by_the_quizs_slips(world: World) -> None:
    a = assign(world, kind="payments", count="1")
    Assignment.objects.filter(pk=a.pk).update(seed=10)  # a fixed hand
    a.refresh_from_db()
    q = assignments.question(a, 0)
    from tutor.quiz.feedback import slips

    # find a wrong number the quiz can name for this hand, and answer it
    named = None
    for f in q.fields:
        for delta in (-100, 100, -200, 200, -300, 300, -1000, 1000, -2000, 2000):
            given = {k: str(v) for k, v in q.expected.items()}
            given[f.name] = str(int(q.expected[f.name]) + delta)
            if slips(q, given):
                named = given
                break
        if named:
            break
    assert named is not None, "the quiz names a slip near this hand's payments"
    answer(world.students["Aki"], a, 0, {f"a_{k}": v for k, v in named.items()})
    res = assignments.results(a)
    assert res.wrong[0].meaning == " ".join(x.text for x in slips(q, named)[:2])


def test_manage_an_assignment_edit_extend_delete_copy_preview(world: World) -> None:
    a = assign(world, count="2")
    pk = world.classroom.pk
    base = f"/tutor/class/{pk}/a/{a.pk}/"
    results = world.teacher.get(base).content.decode()
    for link in ("preview-assignment", "edit-assignment", "copy-assignment", "delete-assignment"):
        assert f'id="{link}"' in results
    # preview as a student: every question, with its answer
    preview = world.teacher.get(base + "preview").content.decode()
    assert preview.count('data-testid="preview-question"') == 2
    assert "The answer:" in preview
    # extend: a later due date (typed in the class's time zone)
    response = world.teacher.post(
        base + "edit", {"title": "Renamed", "opens": "2026-01-01T09:00", "due": "2031-01-01T09:00"}
    )
    assert response.status_code == 302
    a.refresh_from_db()
    assert a.title == "Renamed"
    assert a.due is not None
    assert a.due.year == 2031
    bad = world.teacher.post(
        base + "edit", {"title": "x", "opens": "2026-01-01T09:00", "due": "2025-01-01T09:00"}
    )
    assert bad.status_code == 400
    # copy, and set it for two classes at once
    world.teacher.post("/tutor/class/new", {"name": "Thursday club", "rules": "mleague"})
    other = Classroom.objects.get(name="Thursday club")
    form = world.teacher.get(f"/tutor/class/{pk}/assign?copy={a.pk}").content.decode()
    assert 'value="Copy of Renamed"' in form
    assert "Thursday club" in form
    response = world.teacher.post(
        f"/tutor/class/{pk}/assign",
        {
            "title": "Both classes",
            "kind": "table",
            "count": "3",
            "han_min": "3",
            "han_max": "6",
            "fu_min": "30",
            "fu_max": "40",
            "dealer": "any",
            "win": "any",
            "also": [str(other.pk)],
        },
    )
    assert response.status_code == 302
    both = Assignment.objects.filter(title="Both classes")
    assert {x.classroom_id for x in both} == {pk, other.pk}
    assert both.get(classroom=other).options["rules"] == "mleague"
    # the han range reaches haneman: only 3-4 han cells and the mangan and haneman rows
    keys = set()
    mine = both.get(classroom_id=pk)
    for n in range(60):
        q = assignments.make("table", n, mine.options)
        keys.add(q.key.split(":")[3])
    assert keys == {"3", "4", "5", "6"}
    # delete asks first
    ask = world.teacher.post(base + "delete")
    assert ask.status_code == 200
    assert Assignment.objects.filter(pk=a.pk).exists()
    world.teacher.post(base + "delete", {"confirm": "1"})
    assert not Assignment.objects.filter(pk=a.pk).exists()


def test_a_scheduled_assignment_is_marked(world: World) -> None:
    a = assign(world, count="1")
    a.opens = timezone.now() + timedelta(days=3)
    a.save()
    page = world.teacher.get(f"/tutor/class/{world.classroom.pk}/").content.decode()
    assert 'data-testid="scheduled"' in page
    assert "scheduled: opens" in page


def test_a_live_question_with_an_assignments_filters_and_multiple_choice(world: World) -> None:
    pk = world.classroom.pk
    a = assign(world, count="1", han_min="2", han_max="2", fu_min="30", fu_max="30", choice="1")
    assert a.options["mode"] == "choice"
    world.teacher.post("/tutor/class/live/new", {"classroom": pk, "assignment": a.pk})
    question = LiveQuestion.objects.latest("id")
    assert question.kind == "table"
    assert question.options["mode"] == "choice"
    prompt = live.prompt_for(question)
    assert prompt.question is not None
    assert "2 han" in prompt.question.prompt
    assert all(f.choices for f in prompt.question.fields)  # multiple choice
