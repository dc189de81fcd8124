"""The quiz as the path uses it: the one module of ``tutor/path`` that imports ``tutor.quiz``.

The path orders and gates the quiz's own questions, answers and schedule; every name it takes
from the quiz comes through here, so that it follows the quiz's public API from one place (the
drills and their questions, checking, the feedback's slips, storing an answer, the schedule's
clock and boxes, and the answer and item rows the path reads).
"""

from __future__ import annotations

from tutor.quiz.services import (
    FU_TARGETS,
    SET_LENGTH,
    Answer,
    Field,
    FieldVerdict,
    ItemProgress,
    Question,
    QuizError,
    Slip,
    Verdict,
    candidates,
    check,
    drills,
    form,
    hand_facts,
    hand_tiles,
    kind_name,
    kinds,
    make_question,
    next_box,
    normalise,
    now,
    number_field,
    record_answer,
    set_seed,
    slips,
    steps_text,
)

#: Every drill's kind and name, in menu order (the registry's drills when the path loads).
KINDS = kinds()
KIND_NAMES = {kind: kind_name(kind) for kind in KINDS}

__all__ = [
    "FU_TARGETS",
    "KINDS",
    "KIND_NAMES",
    "SET_LENGTH",
    "Answer",
    "Field",
    "FieldVerdict",
    "ItemProgress",
    "Question",
    "QuizError",
    "Slip",
    "Verdict",
    "candidates",
    "check",
    "drills",
    "form",
    "hand_facts",
    "hand_tiles",
    "make_question",
    "next_box",
    "normalise",
    "now",
    "number_field",
    "record_answer",
    "set_seed",
    "slips",
    "steps_text",
]
