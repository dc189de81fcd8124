"""Quiz text a learner reads names things in words (issue 9): no raw engine id, no invented fu
on a limit row."""

from __future__ import annotations

import re

import pytest

from tests.course.test_lessons import assert_no_raw_ids
from tutor import quiz


@pytest.mark.parametrize("kind", quiz.KINDS)
def test_no_raw_id_in_a_question_or_its_derivation(kind):
    for seed in range(8):
        options = {"limits": "1", "rules": ("tenhou", "wrc", "mleague")[seed % 3]}
        q = quiz.make_question(kind, seed, options)
        text = " ".join([q.prompt, *q.derivation, *q.facts, *(f.label for f in q.fields)])
        text += " ".join(label for f in q.fields for _v, label in f.choices)
        assert_no_raw_ids(text, f"{kind}:{seed}")


@pytest.mark.parametrize("rules", quiz.RULE_SETS)
def test_limit_rows_do_not_invent_a_fu_count(rules):
    opts = {"limits": "1", "rules": rules}
    keys = [k for k in quiz.candidates("table", quiz.normalise("table", opts)) if k.count(":") == 3]
    assert keys
    for key in keys:
        q = quiz.make_question("table", 1, dict(opts, item=key))
        assert not any(re.search(r"\d+ fu", line) for line in q.derivation), q.derivation
        assert "_" not in q.prompt
