"""Fu before han in the teacher's forms too (issue 28: "the assignment form asks 飜 before 符"),
as the seeds, the tables and every other page write them: 30符4飜."""

from __future__ import annotations

import pytest

from tests.classroom.conftest import World
from tests.classroom.test_plans import new_plan

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("prefix", ["", "/ja"])
def test_the_assignment_form_asks_fu_before_han(world: World, prefix: str) -> None:
    page = world.teacher.get(f"{prefix}/tutor/class/{world.classroom.pk}/assign")
    html = page.content.decode()
    assert html.index('name="fu_min"') < html.index('name="fu_max"') < html.index('name="han_min"')
    assert html.index('name="han_min"') < html.index('name="han_max"')


@pytest.mark.parametrize("prefix", ["", "/ja"])
def test_the_plan_asks_fu_before_han(world: World, prefix: str) -> None:
    plan = new_plan(world)
    html = world.teacher.get(f"{prefix}/tutor/class/plans/{plan.pk}/").content.decode()
    assert html.index('id="add-fu"') < html.index('id="add-han"')
