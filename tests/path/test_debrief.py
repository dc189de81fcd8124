"""The debrief after a quiz set and after a unit's check: right and wrong, time, slips grouped by
skill with the lesson part teaching each (only slips the engine proves), retry, mastery."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import Client

from tests.path.pathhelp import answer_check, at
from tutor import quiz
from tutor.course.lessons import TOPICS, topic_url
from tutor.path import debrief
from tutor.path.units import BY_SLUG
from tutor.quiz import srs
from tutor.quiz.base import rules_of
from tutor.quiz.cells import parse_table_key, table_cell

BASICS = BY_SLUG["basics"]
DRILL = BASICS.drills[0]
T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def dealer_amount(q: quiz.Question) -> int:
    """What the dealer would be paid for the question's cell: the "dealer assumed" slip."""
    _dealer, _win, han, fu = parse_table_key(q.key)
    assert fu is not None
    return table_cell(fu, han, True, rules_of(q.options)).ron


def play_set(client: Client, set_id: int, answers: dict[int, Any], step: int = 20) -> str:
    """Answer the basics drill's set: ``answers[n]`` is "right", "dealer" or a number. Each
    answer ``step`` seconds after the one before."""
    html = ""
    for n in range(quiz.SET_LENGTH):
        q = quiz.make_question(DRILL.kind, quiz.set_seed(set_id, n), dict(DRILL.options))
        how = answers.get(n, "right")
        value = (
            q.expected["ron"] if how == "right" else dealer_amount(q) if how == "dealer" else how
        )
        data = {**q.options, "seed": q.seed, "set": set_id, "n": n, "a_ron": str(value)}
        data["answer_key"] = uuid.uuid4().hex
        data.pop("item", None)
        when = T0 + timedelta(seconds=step * n)
        with srs.use_clock(at(when)):
            response = client.post(f"/tutor/quiz/{DRILL.kind}/answer/", data)
        assert response.status_code == 200
        html = response.content.decode()
    return html


def test_every_lesson_topic_is_a_named_skill() -> None:
    assert set(debrief.TOPIC_NAMES) == set(TOPICS)


@pytest.mark.django_db
def test_set_debrief_groups_proven_slips_by_skill_with_their_lesson(client: Client) -> None:
    html = play_set(client, 31, {2: "dealer", 5: "dealer", 7: 123})
    assert 'data-testid="debrief"' in html
    assert "Set finished: 7 of 10 right." in html  # the quiz's own score line, said once
    assert 'data-testid="debrief-right"' not in html
    # 20 s between answers: 30 s for the first (its start is not known), 9 x 20 s.
    assert "Time: 3 min 30 s" in html
    # Both "dealer" answers are the proven slip, grouped under the skill it breaks, with the
    # lesson part that teaches it; 123 is no known slip, and is said to be none.
    groups = re.findall(r'data-topic="([^"]+)"', html)
    assert groups == ["dealer"]
    assert f'href="{topic_url("dealer")}" data-testid="slip-lesson"' in html
    assert "2 slips" in html
    assert "1 wrong answer is no single known slip" in html
    # Retry the three missed, and the mastery moves.
    # The quiz's own retry button, once (the debrief does not repeat it).
    assert html.count("Retry the 3 I missed") == 1
    assert "went back to the start" in html
    # Multiple choice: the correct choice is marked in the list.
    assert html.count('class="choice is-right"') >= 10


@pytest.mark.django_db
def test_a_clean_set_says_so_and_reports_the_unit(client: Client) -> None:
    client.post("/tutor/path/read/how-scoring-works")
    for n in range(len(BASICS.check)):
        answer_check(client, BASICS, n)
    html = play_set(client, 32, {})
    assert "Every answer right: nothing to look at again." in html
    assert 'data-testid="unit-mastered"' in html
    assert "Unit 1 mastered: How scoring works." in html
    assert re.search(r"Score table: 10 of your last 10 answers right — <strong>mastered", html)
    # On to the next thing: the next unit's lesson.
    assert 'href="/tutor/lessons/fu" data-testid="continue"' in html


@pytest.mark.django_db
def test_check_debrief(client: Client) -> None:
    client.post("/tutor/path/read/how-scoring-works")
    answer_check(client, BASICS, 0)
    answer_check(client, BASICS, 1, right=False)
    page = client.get("/tutor/path/basics/check/debrief").content.decode()
    assert "1 of 2 right" in page
    assert "Not passed yet" in page
    assert 'href="/tutor/path/basics/check/?n=1" data-testid="debrief-retry"' in page
    # The payment off by a hundred (kiriage would give it) is what the engine proves.
    assert re.findall(r'data-topic="([^"]+)"', page)
    answer_check(client, BASICS, 1)
    page = client.get("/tutor/path/basics/check/debrief").content.decode()
    assert "2 of 2 right" in page
    assert "Check passed" in page
    assert 'data-testid="debrief-retry"' not in page


def test_boxes_replay_the_schedule() -> None:
    start = T0
    before = T0 - timedelta(hours=1)
    answers = [
        ("a", before, True),  # box 1
        ("a", start, True),  # box 2: up
        ("b", start, False),  # new, missed: box 0
        ("c", before, True),
        ("c", start, False),  # back to 0
    ]
    assert debrief._boxes(answers, start) == (1, 2)
