"""Quiz drills: questions generated from a seed and checked against the engine, spaced
repetition, and each learner's progress.

One module per drill kind (``table``, ``fu``, ``yaku``, ``payments``, ``honba``, ``quick``),
``hands`` for the hands they drill on, ``base`` for what they share, ``questions`` to build one by
kind. ``srs`` schedules items, ``progress`` stores answers, ``views`` serves /tutor/quiz/.
This package's namespace is the drills' public API: ``quiz.make_question``, ``quiz.check`` ...
"""

from tutor.quiz.base import (
    FU_TARGETS,
    KIND_HELP,
    KIND_NAMES,
    KINDS,
    QUICK_PATTERNS,
    RULE_SETS,
    SET_LENGTH,
    TABLE_RULE_SETS,
    WAITS,
    Field,
    FieldVerdict,
    Question,
    QuizError,
    Verdict,
    candidates,
    cell_derivation,
    check,
    normalise,
    parse_number,
    set_seed,
    step_text,
    table_key,
)
from tutor.quiz.hands import fu_hand
from tutor.quiz.questions import make_question
from tutor.quiz.quick import quick_pattern
from tutor.quiz.table import grid

__all__ = [
    "FU_TARGETS",
    "KINDS",
    "KIND_HELP",
    "KIND_NAMES",
    "QUICK_PATTERNS",
    "RULE_SETS",
    "SET_LENGTH",
    "TABLE_RULE_SETS",
    "WAITS",
    "Field",
    "FieldVerdict",
    "Question",
    "QuizError",
    "Verdict",
    "candidates",
    "cell_derivation",
    "check",
    "fu_hand",
    "grid",
    "make_question",
    "normalise",
    "parse_number",
    "quick_pattern",
    "set_seed",
    "step_text",
    "table_key",
]
