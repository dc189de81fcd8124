"""The quiz as the path uses it: the one module of ``tutor/path`` that imports ``tutor.quiz``.

The path orders and gates the quiz's own questions, answers and schedule; every name it takes
from the quiz comes through here, so that it follows the quiz's public API from one place (the
drills and their questions, checking, the feedback's slips, storing an answer, the schedule's
clock and boxes, and the answer and item rows the path reads).
"""

from __future__ import annotations

from tutor.quiz import (
    FU_TARGETS,
    KIND_NAMES,
    KINDS,
    SET_LENGTH,
    FieldVerdict,
    QuizError,
    candidates,
    check,
    make_question,
    normalise,
    set_seed,
)
from tutor.quiz.base import Field, Question, Verdict, number_field, steps_text
from tutor.quiz.feedback import Slip, slips
from tutor.quiz.hands import hand_facts
from tutor.quiz.models import Answer, ItemProgress
from tutor.quiz.progress import record_answer
from tutor.quiz.srs import next_box, now
from tutor.quiz.views import hand_tiles

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
