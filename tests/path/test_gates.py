"""The path's gates: lesson read -> check passed -> drills mastered -> the next unit opens;
states, Continue, placement, units opened by hand, mastery kept (tutor.path.progress)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from tests.path.pathhelp import answer_check, drill_set, form, master_unit, pass_check
from tutor import quiz
from tutor.accounts.models import Learner
from tutor.path import checks, progress
from tutor.path.models import UnitDone
from tutor.path.units import BY_SLUG, NEED, UNITS, WINDOW, Drill
from tutor.quiz import srs

BASICS = BY_SLUG["basics"]
FU = BY_SLUG["fu"]
T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


# -- the pure rules ------------------------------------------------------------------------------


def test_pass_mark() -> None:
    assert [progress.pass_mark(n) for n in (1, 2, 3, 4, 6)] == [1, 2, 2, 3, 4]


def test_a_drill_is_mastered_by_its_recent_answers() -> None:
    drill = Drill("table")
    assert not progress.drill_state(drill, []).mastered
    assert progress.drill_state(drill, []).to_go == NEED
    eight = [True] * NEED + [False] * (WINDOW - NEED)
    assert progress.drill_state(drill, eight).mastered
    # Only the last WINDOW count: older right answers do not.
    seven = [False] + [True] * (NEED - 1) + [False] * 2 + [True] * 10
    state = progress.drill_state(drill, seven)
    assert state.right == NEED - 1
    assert not state.mastered
    # The misses at the window's end leave as new right answers come in.
    assert state.to_go == 1


def test_check_state_and_its_next_question() -> None:
    state = progress.CheckState(3, {0: True, 2: False})
    assert state.answered == 2
    assert state.right == 1
    assert not state.passed
    assert state.next_position() == 1
    retry = progress.CheckState(3, {0: True, 1: True, 2: False})
    assert retry.passed
    assert retry.finished
    assert retry.next_position() == 2


def test_next_step_goes_lesson_check_then_drills() -> None:
    none = progress.CheckState(2, {})
    drills = [progress.drill_state(d, []) for d in FU.drills]
    assert progress.next_step(FU, False, none, drills).what == "lesson"
    assert progress.next_step(FU, True, none, drills).what == "check"
    passed = progress.CheckState(len(FU.check), dict.fromkeys(range(len(FU.check)), True))
    step = progress.next_step(FU, True, passed, drills)
    assert step.what == "drill"
    assert step.drill is not None
    assert step.drill.drill == FU.drills[0]
    first_done = [progress.drill_state(FU.drills[0], [True] * WINDOW), drills[1]]
    step = progress.next_step(FU, True, passed, first_done)
    assert step.drill is not None
    assert step.drill.drill == FU.drills[1]


def test_every_unit_names_a_lesson_its_examples_and_its_drills() -> None:
    from tutor.course.lessons import BY_SLUG as LESSONS

    for unit in UNITS:
        lesson = LESSONS[unit.lesson]
        assert unit.check
        assert unit.drills
        for item in unit.check:
            assert item.example < len(lesson.own_examples)
        # Every question builds, and is one the engine answers.
        for q in checks.check_questions(unit):
            assert q.expected
            assert q.result is not None
            assert q.result["ok"]
        for drill in unit.drills:
            assert drill.kind in quiz.KINDS
            quiz.normalise(drill.kind, dict(drill.options))  # a filter the quiz understands
            assert drill.kind in lesson.drills or drill.kind == "exact_fu", (unit.slug, drill)


# -- through the pages -----------------------------------------------------------------------------


def learner_of(client: Client) -> Learner:
    return Learner.objects.get(pk=client.session["tutor_learner"])


@pytest.mark.django_db
def test_a_new_learner_starts_at_unit_one(client: Client) -> None:
    state = progress.path_state(None)
    assert [u.status for u in state.units] == [progress.NOT_STARTED] * len(UNITS)
    assert state.units[0].open
    assert not state.units[1].open
    assert state.step.what == "lesson"
    assert state.step.unit is BASICS
    page = client.get("/tutor/path/").content.decode()
    assert 'href="/tutor/lessons/how-scoring-works" data-testid="continue"' in page
    # Looking makes no learner.
    assert not Learner.objects.exists()


@pytest.mark.django_db
def test_unit_one_from_lesson_to_mastered_opens_unit_two(client: Client) -> None:
    with srs.use_clock(lambda: T0):
        response = client.post("/tutor/path/read/how-scoring-works")
        assert response["Location"] == "/tutor/path/basics/check/"
        state = progress.path_state(learner_of(client))
        assert state.units[0].status == progress.IN_PROGRESS
        assert state.step.what == "check"
        answer_check(client, BASICS, 0)
        answer_check(client, BASICS, 1, right=False)
        state = progress.path_state(learner_of(client))
        assert not state.units[0].check.passed
        assert state.step.what == "check"
        assert state.step.url.endswith("?n=1")  # the one missed
        answer_check(client, BASICS, 1)
        state = progress.path_state(learner_of(client))
        assert state.step.what == "drill"
        drill = BASICS.drills[0]
        # Seven right of ten: not yet.
        drill_set(client, drill, 11, wrong={0, 1, 2})
        assert not progress.path_state(learner_of(client)).units[0].mastered
        drill_set(client, drill, 12)
        state = progress.path_state(learner_of(client))
    assert state.units[0].mastered
    assert state.units[0].done is not None
    assert state.units[0].done.done_at == T0
    assert state.units[1].open
    assert state.units[1].status == progress.NOT_STARTED
    assert state.step.unit is FU
    assert state.step.what == "lesson"
    page = client.get("/tutor/path/").content.decode()
    assert re.search(r'data-unit="basics" data-status="mastered"', page)
    assert 'href="/tutor/lessons/fu" data-testid="continue"' in page


@pytest.mark.django_db
def test_mastery_is_kept_after_later_misses(client: Client) -> None:
    master_unit(client, BASICS)
    learner = learner_of(client)
    assert progress.path_state(learner).units[0].mastered
    drill_set(client, BASICS.drills[0], 99, wrong=set(range(10)))
    assert progress.path_state(learner).units[0].mastered
    assert UnitDone.objects.filter(learner=learner).count() == 1


@pytest.mark.django_db
def test_drill_answers_outside_the_filter_do_not_count(client: Client) -> None:
    client.post("/tutor/path/read/how-scoring-works")
    pass_check(client, BASICS)
    # Ten right answers of the score table at dealer tsumo: not the unit's cells.
    drill_set(client, Drill("table", {"dealer": "dealer", "win": "tsumo"}), 5)
    state = progress.path_state(learner_of(client)).units[0]
    assert not state.mastered
    assert state.drills[0].recent == ()


@pytest.mark.django_db
def test_a_later_unit_opens_by_hand_and_counts(client: Client) -> None:
    # Unit 2 is not open, but its page is, and working on it starts it.
    page = client.get("/tutor/path/fu/").content.decode()
    assert "Nothing is locked" in page
    client.post("/tutor/path/read/fu")
    state = progress.path_state(learner_of(client))
    assert state.units[1].status == progress.IN_PROGRESS
    assert state.units[1].open
    # Continue still goes to the first unit not mastered.
    assert state.step.unit is BASICS


@pytest.mark.django_db
def test_a_check_answer_is_a_quiz_answer(client: Client) -> None:
    answer_check(client, FU, 0)
    learner = learner_of(client)
    q = checks.check_question(FU, 0)
    row = learner.answers.get()
    assert (row.kind, row.key, row.seed, row.correct) == ("fu", q.key, q.seed, True)
    item = learner.items.get()
    assert item.key == q.key
    assert item.box == 1


@pytest.mark.django_db
def test_the_same_check_answer_twice_is_stored_once(client: Client) -> None:
    q = checks.check_question(FU, 0)
    data = {"n": 0, **form(q, key="ab" * 16)}
    client.post("/tutor/path/fu/check/answer", data)
    client.post("/tutor/path/fu/check/answer", data)
    assert learner_of(client).answers.count() == 1


@pytest.mark.django_db
def test_placement_skips_the_units_answered_right(client: Client) -> None:
    plan = checks.placement_plan()
    # Right for units 1 and 2, a miss in unit 3: it stops there.
    for n, (unit, _seed, _kind, _options) in enumerate(plan):
        _u, q = checks.placement_question(n)
        right = UNITS.index(unit) < 2
        response = client.post("/tutor/path/placement/answer", {"n": n, **form(q, right)})
        if UNITS.index(unit) == 2:
            assert response["Location"].endswith("?result=1")
            break
        assert response["Location"].endswith(f"?n={n + 1}")
    page = client.get("/tutor/path/placement/?result=1").content.decode()
    assert "You skip the first 2 units" in page
    state = progress.path_state(learner_of(client))
    # Unit 3 is open, and its question answered in the placement starts it.
    assert [u.status for u in state.units[:4]] == [
        progress.MASTERED,
        progress.MASTERED,
        progress.IN_PROGRESS,
        progress.NOT_STARTED,
    ]
    assert state.units[0].placed
    assert state.units[2].open
    assert state.step.unit is UNITS[2]


@pytest.mark.django_db
def test_placement_with_a_first_miss_skips_nothing(client: Client) -> None:
    _u, q = checks.placement_question(0)
    response = client.post("/tutor/path/placement/answer", {"n": 0, **form(q, False)})
    assert response["Location"].endswith("?result=1")
    page = client.get("/tutor/path/placement/?result=1").content.decode()
    assert "The path starts at the first unit" in page
    assert not UnitDone.objects.exists()


@pytest.mark.django_db
def test_lesson_page_has_real_check_questions_and_mark_as_read(client: Client) -> None:
    page = client.get("/tutor/lessons/fu").content.decode()
    # Three worked examples, each with its real question (a form, not a revealed answer).
    assert page.count('action="/tutor/path/fu/check/answer"') == 3
    assert 'data-testid="mark-read"' in page
    response = answer_check(client, FU, 1, right=False, **{"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="check')  # the question's region only
    assert "Not quite." in html


@pytest.mark.django_db
def test_course_list_continues_where_left_off(client: Client) -> None:
    assert "course-continue" not in client.get("/tutor/lessons/").content.decode()
    client.post("/tutor/path/read/how-scoring-works")
    client.post("/tutor/path/read/fu")
    page = client.get("/tutor/lessons/").content.decode()
    assert re.search(r'data-testid="course-continue">.*href="/tutor/lessons/exceptions"', page)
    assert page.count('data-testid="lesson-read"') == 2


@pytest.mark.django_db
def test_bad_check_answers(client: Client) -> None:
    q = checks.check_question(FU, 0)
    long = {"n": 0, **form(q), "a_fu": "9" * 41}
    response = client.post("/tutor/path/fu/check/answer", long)
    assert response.status_code == 400
    assert "at most 40 characters" in response.content.decode()
    nul = client.post("/tutor/path/fu/check/answer", {"n": 0, **form(q), "a_fu": "4\x000"})
    assert nul.status_code == 400
    assert client.get("/tutor/path/nope/").status_code == 404
    assert client.get("/tutor/path/fu/check/?n=99").status_code == 200  # the last one
    assert client.post("/tutor/path/read/nope").status_code == 404
    assert not learner_for_client(client)


def learner_for_client(client: Client) -> bool:
    return "tutor_learner" in client.session


@pytest.mark.django_db
def test_path_state_costs_few_queries(client: Client, django_assert_max_num_queries) -> None:
    master_unit(client, BASICS)
    learner = learner_of(client)
    with django_assert_max_num_queries(20):
        progress.path_state(learner)
    with django_assert_max_num_queries(8):
        progress.path_state(learner, only_current=True)


def test_timezone_free_helpers() -> None:
    assert progress.check_url(FU) == "/tutor/path/fu/check/"
    assert progress.check_url(FU, 2) == "/tutor/path/fu/check/?n=2"
    assert "set=" in progress.drill_url(FU.drills[0])
    assert T0 + timedelta(0) == T0
