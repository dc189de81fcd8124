"""Quiz drills: questions generated from a seed and checked against the engine, spaced
repetition, and each learner's progress.

``drills/`` holds one module per drill (``table``, ``fu``, ``yaku``, ``payments``, ``honba``,
``quick``, ``estimate``, ``exact_fu``, ``sanma``), each registering its :class:`Drill` in
``registry``; ``base`` has the types they share, ``cells`` the score-table cells, ``hands`` the
hands they drill on, ``feedback`` the slips. ``srs`` schedules items, ``progress`` stores
answers, ``views`` serves /tutor/quiz/. Other features use the quiz through ``services``.
"""

from tutor.quiz import drills  # noqa: F401  (every drill registers itself)
from tutor.quiz.base import (
    RULE_SETS,
    SET_LENGTH,
    TABLE_RULE_SETS,
    Drill,
    Field,
    FieldVerdict,
    Question,
    QuizError,
    Verdict,
    parse_number,
    set_seed,
    step_text,
)
from tutor.quiz.cells import cell_derivation, grid, table_key
from tutor.quiz.drills.fu import FU_TARGETS, WAITS
from tutor.quiz.drills.quick import QUICK_PATTERNS, quick_pattern
from tutor.quiz.hands import fu_hand
from tutor.quiz.questions import make_question
from tutor.quiz.registry import (
    candidates,
    check,
    normalise,
)
from tutor.quiz.registry import (
    drills as all_drills,
)

#: The drills' kinds, names and help at start-up, in menu order (the registry has the drills
#: registered since: ``registry.drills()``).
KINDS = tuple(d.kind for d in all_drills())
KIND_NAMES = {d.kind: d.name for d in all_drills()}
KIND_HELP = {d.kind: d.help for d in all_drills()}

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
    "Drill",
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
