"""The quiz as other features use it (the classroom, the course, the review, the path): the one
module of ``tutor.quiz`` they import, besides Django's wiring (``models``, ``admin``, ``urls``).

- the drills: :func:`drills`, :func:`drill` and :func:`find` (kind, name, help ...),
  :func:`kind_name`, and :func:`register` for a feature that brings a drill of its own;
- questions: :func:`make_question`, :func:`normalise`, :func:`check`, :func:`slips` (what the
  feedback names), and the types :class:`Question`, :class:`Field`, :class:`Verdict`;
- the score table: :func:`table_key`, :func:`parse_table_key`, :func:`table_cells`, :func:`grid`;
- hands: :func:`hand_tiles` (to draw), :func:`hand_facts` (in words);
- progress: :func:`record` and :func:`record_answer` (an answer counts in the learner's own
  progress and schedule), :func:`latest_answers` (a learner's latest answer to each item of a
  feature's own question set), :func:`group_table_levels` (a class's mastery of the table);
- the rows, for a feature's own reading of answers and schedules: :class:`Answer`,
  :class:`ItemProgress`, and the schedule's clock :func:`now` and :func:`next_box`;
- the answer form (:mod:`tutor.quiz.form`: what was given, what cannot be read, the rows a
  template draws), as ``services.form``;
- the form's conventions: :data:`ANSWER_PREFIX`, :data:`MAX_SEED`, :func:`field_error` (a
  typed number a field refuses, with the message to show beside it).
"""

from __future__ import annotations

from django.utils.functional import Promise

from tutor.quiz import form, srs
from tutor.quiz.base import (
    ANSWER_PREFIX,
    MAX_SEED,
    RULE_SETS,
    SET_LENGTH,
    Drill,
    Field,
    FieldVerdict,
    Question,
    QuizError,
    Slip,
    Verdict,
    field_error,
    number_field,
    parse_number,
    rules_of,
    set_seed,
    steps_text,
)
from tutor.quiz.cells import grid, parse_table_key, table_cells, table_key
from tutor.quiz.drills.fu import FU_TARGETS
from tutor.quiz.feedback import slips
from tutor.quiz.hands import hand_facts, hand_tiles
from tutor.quiz.models import Answer, ItemProgress
from tutor.quiz.progress import group_table_levels, latest_answers, record, record_answer
from tutor.quiz.questions import make_question
from tutor.quiz.registry import (
    candidates,
    check,
    drill,
    drills,
    find,
    normalise,
    register,
)

#: The schedule's clock and its next box (the path reads when items fall due).
now = srs.now
next_box = srs.next_box


def kinds() -> tuple[str, ...]:
    """Every drill's kind, in menu order."""
    return tuple(d.kind for d in drills())


def kind_name(kind: str) -> str | Promise:
    """The name of the drill of ``kind``, or the kind itself when no drill serves it (an
    assignment of a drill since removed)."""
    found = find(kind)
    return found.name if found is not None else kind


__all__ = [
    "ANSWER_PREFIX",
    "FU_TARGETS",
    "MAX_SEED",
    "RULE_SETS",
    "SET_LENGTH",
    "Answer",
    "Drill",
    "Field",
    "FieldVerdict",
    "ItemProgress",
    "Question",
    "QuizError",
    "Slip",
    "Verdict",
    "candidates",
    "check",
    "drill",
    "drills",
    "field_error",
    "find",
    "form",
    "grid",
    "group_table_levels",
    "hand_facts",
    "hand_tiles",
    "kind_name",
    "kinds",
    "latest_answers",
    "make_question",
    "next_box",
    "normalise",
    "now",
    "number_field",
    "parse_number",
    "parse_table_key",
    "record",
    "record_answer",
    "register",
    "rules_of",
    "set_seed",
    "slips",
    "steps_text",
    "table_cells",
    "table_key",
]
