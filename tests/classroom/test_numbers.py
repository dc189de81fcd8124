"""One number format (issue 33 items 8d, 11): a tsumo's shares read the same in the live report,
the assignment grid and both CSVs ("1,300/2,600"; 1300・2600 in Japanese); an assignment set
for two classes says, when one copy is edited, that the other keeps its own."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.classroom.conftest import World
from tutor import quiz
from tutor.classroom import assignments, live
from tutor.classroom.models import Assignment, Classroom

pytestmark = pytest.mark.django_db


def test_a_tsumo_reads_one_way_everywhere() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:tsumo:4:30", "rules": "tenhou"})
    assert [f.name for f in q.fields] == ["tsumo_others", "tsumo_dealer"]
    given = {"tsumo_others": "2000", "tsumo_dealer": "3900"}
    assert assignments.given_text(q, given) == "2,000/3,900"
    assert assignments.expected_text(q) == live.value_text("2000/3900") == "2,000/3,900"
    with translation.override("ja"):
        assert assignments.given_text(q, given) == "2000・3900"
        assert live.value_text("2000/3900") == "2000・3900"
        # a single number too: plain digits in Japanese, never "2,000" beside "2000点"
        ron = quiz.make_question("table", 1, {"item": "table:n:ron:4:30", "rules": "tenhou"})
        assert assignments.given_text(ron, {"ron": "7700"}) == "7700"


def test_editing_one_copy_of_an_assignment_names_the_others(world: World) -> None:
    other = Classroom.objects.create(teacher=world.classroom.teacher, name="Thursday club")
    data = {
        "title": "Warm-up",
        "kind": "table",
        "count": "2",
        "han_min": "1",
        "han_max": "4",
        "fu_min": "20",
        "fu_max": "110",
        "dealer": "any",
        "win": "any",
        "also": [str(other.pk)],
    }
    response = world.teacher.post(f"/tutor/class/{world.classroom.pk}/assign", data)
    assert response.status_code == 302
    mine = Assignment.objects.get(classroom=world.classroom)
    theirs = Assignment.objects.get(classroom=other)
    page = world.teacher.get(f"/tutor/class/{world.classroom.pk}/a/{mine.pk}/edit")
    html = page.content.decode()
    assert 'data-testid="copies"' in html
    assert "This changes the copy of Tuesday club only" in html
    assert f"/tutor/class/{other.pk}/a/{theirs.pk}/edit" in html
    alone = world.teacher.post(
        f"/tutor/class/{world.classroom.pk}/assign", {**data, "title": "Alone", "also": []}
    )
    assert alone.status_code == 302
    single = Assignment.objects.get(title="Alone")
    edit = world.teacher.get(f"/tutor/class/{world.classroom.pk}/a/{single.pk}/edit")
    assert 'data-testid="copies"' not in edit.content.decode()
