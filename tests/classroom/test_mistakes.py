"""What a wrong table answer probably means: kiriage, dealer/non-dealer, ron/tsumo, payer."""

from __future__ import annotations

import pytest

from tutor import quiz
from tutor.classroom.mistakes import meaning


def table(item: str, rules: str = "tenhou") -> quiz.Question:
    return quiz.make_question("table", 1, {"item": item, "rules": rules})


@pytest.mark.parametrize(
    ("item", "rules", "field", "given", "expected"),
    [
        # 30 fu 4 han non-dealer tsumo: 2000/3900 without kiriage, 2000/4000 with it
        (
            "table:n:tsumo:4:30",
            "tenhou",
            "tsumo_dealer",
            "4000",
            "kiriage mangan, which these rules do not use",
        ),
        ("table:n:tsumo:4:30", "mleague", "tsumo_dealer", "3900", "kiriage mangan forgotten"),
        ("table:n:ron:4:30", "mleague", "ron", "7700", "kiriage mangan forgotten"),
        # 30 fu 3 han ron: non-dealer 3900, dealer 5800
        ("table:n:ron:3:30", "tenhou", "ron", "5800", "the dealer's payment"),
        ("table:d:ron:3:30", "tenhou", "ron", "3900", "a non-dealer's payment"),
        # 30 fu 3 han non-dealer tsumo 1000/2000 (total 4000) vs ron 3900
        ("table:n:ron:3:30", "tenhou", "ron", "4000", "a tsumo payment, not the ron"),
        (
            "table:n:tsumo:3:30",
            "tenhou",
            "tsumo_dealer",
            "3900",
            "the ron payment, not a tsumo share",
        ),
        ("table:n:tsumo:3:30", "tenhou", "tsumo_others", "2000", "the other payer's share"),
    ],
)
def test_named_mistakes(item: str, rules: str, field: str, given: str, expected: str) -> None:
    found = meaning(table(item, rules), field, given)
    assert found is not None
    assert found.startswith(expected)


def test_unexplained_and_right_answers_have_no_meaning() -> None:
    q = table("table:n:ron:3:30")
    assert meaning(q, "ron", "3900") is None
    assert meaning(q, "ron", "1234") is None
    assert meaning(q, "ron", "lots") is None
    fu = quiz.make_question("fu", 1, {})
    assert meaning(fu, "fu", "20") is None
