"""Quiz filters ask only what they promise (issue 11, item 3): "Limit hands: Out" never asks a
cell a limit caps (70 fu 3 han, 80 fu 4 han; 30 fu 4 han under kiriage rules)."""

from __future__ import annotations

import pytest

from scorer.engine import PRESETS
from scorer.engine.tables import cell
from tutor import quiz
from tutor.quiz.cells import parse_table_key


def capped(key: str, rules: str) -> bool:
    dealer, _win, han, fu = parse_table_key(key.replace("reverse", "table", 1))
    return fu is None or cell(fu, han, dealer, PRESETS[rules]).limit is not None


@pytest.mark.parametrize("rules", quiz.RULE_SETS)
@pytest.mark.parametrize("kind", ["table", "reverse"])
def test_limits_out_never_offers_a_capped_cell(kind, rules):
    opts = quiz.normalise(kind, {"limits": "0", "rules": rules})
    keys = quiz.candidates(kind, opts)
    assert keys
    assert [k for k in keys if capped(k, rules)] == []


def test_limits_out_leaves_out_the_cells_named_in_the_issue():
    keys = quiz.candidates("table", quiz.normalise("table", {"limits": "0"}))
    for who in ("n", "d"):
        for win in ("ron", "tsumo"):
            assert f"table:{who}:{win}:3:70" not in keys
            assert f"table:{who}:{win}:4:80" not in keys
            assert f"table:{who}:{win}:4:40" not in keys
    assert "table:n:ron:3:60" in keys  # 60 fu 3 han is still below the limit
    assert "table:n:ron:4:30" in keys  # ... and 30 fu 4 han without kiriage
    kiriage = quiz.candidates("table", quiz.normalise("table", {"limits": "0", "rules": "mleague"}))
    assert "table:n:ron:4:30" not in kiriage
    assert "table:n:ron:3:60" not in kiriage


def test_limits_in_still_asks_capped_cells_and_limit_rows():
    keys = quiz.candidates("table", quiz.normalise("table", {"limits": "1"}))
    assert "table:n:ron:3:70" in keys
    assert "table:n:ron:5" in keys


@pytest.mark.parametrize("rules", ["tenhou", "mleague"])
def test_limits_out_questions_are_never_capped(rules):
    """The questions themselves (seeded, as a set asks them) obey the filter."""
    opts = {"limits": "0", "rules": rules, "han": "3,4", "fu": "30,40,60,70,80,90,100,110"}
    for seed in range(60):
        q = quiz.make_question("table", seed, opts)
        assert not capped(q.key, rules), (seed, q.key, q.prompt)


def test_a_filter_that_only_names_capped_cells_says_so():
    with pytest.raises(quiz.QuizError):
        quiz.make_question("table", 1, {"limits": "0", "han": "4", "fu": "80,90,100,110"})


def test_a_capped_cell_asked_for_by_name_is_still_asked():
    """A link to one cell (the heatmap, a shared question) names it: the filter does not drop it."""
    q = quiz.make_question("table", 1, {"item": "table:n:ron:3:70"})
    assert q.key == "table:n:ron:3:70"
    assert q.expected == {"ron": 8000}
