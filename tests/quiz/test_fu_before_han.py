"""Issue 28: the calculator and the classroom's assignment form ask 符 before 飜, as the
tables and every native reference say a cell (30符4飜)."""

from __future__ import annotations

import pytest

from tutor.classroom.forms import AssignmentForm


@pytest.mark.parametrize("lang", ["", "/ja"])
def test_the_calculator_asks_fu_first(client, lang: str) -> None:
    html = client.get(f"{lang}/calc").content.decode()
    assert 'id="fu"' in html
    assert html.index('id="fu"') < html.index('id="han"')


def test_the_assignment_form_asks_fu_first() -> None:
    names = list(AssignmentForm().fields)
    assert names.index("fu_min") < names.index("fu_max") < names.index("han_min")
    assert names.index("han_min") < names.index("han_max")
