"""Which builder makes which kind of question: ``make_question`` dispatches on the kind."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from tutor.quiz.base import Question, normalise
from tutor.quiz.estimate import estimate_question
from tutor.quiz.exact_fu import exact_fu_question
from tutor.quiz.fu import fu_question
from tutor.quiz.honba import honba_question
from tutor.quiz.payments import payments_question
from tutor.quiz.quick import quick_question
from tutor.quiz.sanma import sanma_tsumo_question
from tutor.quiz.table import reverse_question, table_question
from tutor.quiz.yaku import yaku_question

#: One builder per kind: (seed, normalised options) -> Question.
BUILDERS: Final[dict[str, Callable[[int, dict[str, str]], Question]]] = {
    "table": table_question,
    "reverse": reverse_question,
    "fu": lambda seed, opts: fu_question(seed, opts, itemised=False),
    "fu_items": lambda seed, opts: fu_question(seed, opts, itemised=True),
    "yaku": yaku_question,
    "payments": payments_question,
    "honba": honba_question,
    "quick": quick_question,
    "estimate": estimate_question,
    "exact_fu": exact_fu_question,
    "sanma_tsumo": sanma_tsumo_question,
}


def make_question(kind: str, seed: int, raw_options: Mapping[str, str] | None = None) -> Question:
    """The question ``seed`` of ``kind`` under these options: the same every time."""
    opts = normalise(kind, raw_options or {})
    return BUILDERS[kind](seed, opts)
