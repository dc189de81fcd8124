""" "Quiz me on this game": each win of a reviewed game as a question (how many fu below the
limits, how many han below yakuman, and what was it worth?), checked and stored through the
quiz's own machinery (:func:`tutor.quiz.services.check`, :func:`tutor.quiz.services.record_answer`)
as kind ``review``, one spaced-repetition item per win.

Only wins where Tenbo agrees with the record are asked (``WinView.quizzable``): a learner is
never graded against a figure the game page calls a possible bug. The order puts the chosen
seat's wins first, then its deal-ins (``present.quiz_order``); the summary reads back the
learner's latest answer to each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.numbers import hand_value
from tutor.accounts.models import Learner
from tutor.quiz.services import Field, Question, latest_answers, parse_number
from tutor.review.present import WinView

if TYPE_CHECKING:
    from tutor.quiz.models import Answer

KIND = "review"


def item_key(public_id: str, number: int) -> str:
    return f"{KIND}:{public_id}:{number}"


def field_label(name: str) -> str:
    return {"fu": _("fu"), "han": _("han"), "points": _("points")}.get(name, name)


def question_for(public_id: str, number: int, view: WinView) -> Question:
    """The question about win ``number`` (1-based) of the game. Its answers are the figures
    the engine and the record agree on (the view is quizzable)."""
    result = view.result
    fields = []
    expected: dict[str, Any] = {}
    if not result["yakuman"] and not result["limit"]:
        fields.append(Field("fu", _("How many fu?")))
        expected["fu"] = int(result["fu"])
    if not result["yakuman"]:
        fields.append(Field("han", _("How many han (dora included)?")))
        expected["han"] = int(result["han"])
    fields.append(Field("points", _("What was this hand worth (without honba and riichi sticks)?")))
    expected["points"] = hand_value(result["payments"])
    return Question(
        kind=KIND,
        seed=number,
        key=item_key(public_id, number),
        options={"game": public_id},
        prompt=view.text,
        fields=fields,
        expected=expected,
        derivation=[],
        request=None,
        result=result,
    )


def _latest(learner: Learner | None, public_id: str) -> dict[str, Answer]:
    """The learner's latest answer to each win of the game, by item key."""
    return latest_answers(learner, KIND, f"{KIND}:{public_id}:")


def _missed_on(answer: Answer) -> list[str]:
    """The fields an answer got wrong."""
    out = []
    for name, want in (answer.expected or {}).items():
        if parse_number(str((answer.given or {}).get(name, ""))) != want:
            out.append(name)
    return out


@dataclass
class SummaryRow:
    win: WinView
    answered: bool
    correct: bool
    missed_on: list[str] = field(default_factory=list)

    @property
    def missed_text(self) -> str:
        return pgettext("list separator", ", ").join(field_label(name) for name in self.missed_on)


def summary(learner: Learner | None, public_id: str, order: list[WinView]) -> list[SummaryRow]:
    """Each win of the quiz, in its order, with the learner's latest answer to it."""
    latest = _latest(learner, public_id)
    rows = []
    for win in order:
        answer = latest.get(item_key(public_id, win.number))
        if answer is None:
            rows.append(SummaryRow(win, False, False))
        else:
            rows.append(SummaryRow(win, True, answer.correct, _missed_on(answer)))
    return rows


def missed_numbers(learner: Learner | None, public_id: str, numbers: list[int]) -> set[int]:
    """The wins among ``numbers`` whose latest answer was wrong."""
    latest = _latest(learner, public_id)
    return {
        n
        for n in numbers
        if (answer := latest.get(item_key(public_id, n))) is not None and not answer.correct
    }
