""" "Quiz me on this game": each win of a reviewed game as a question (what was it worth, and
below the limits, how many fu?), checked and stored through the quiz's own machinery
(:func:`tutor.quiz.services.check`, :func:`tutor.quiz.services.record_answer`) as kind ``review``,
one spaced-repetition item per win."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tutor.quiz.services import Field, Question
from tutor.review.present import WinView

KIND = "review"


def question_for(public_id: str, number: int, view: WinView, result: dict[str, Any]) -> Question:
    """The question about win ``number`` (1-based) of the game; the answers are the engine's,
    which the game page shows agree with Tenhou's record."""
    payments = result["payments"]
    points = int(payments["total"]) - int(payments["honba"])
    fields = [Field("points", _("What was this hand worth (without honba and riichi sticks)?"))]
    expected: dict[str, Any] = {"points": points}
    if not result["yakuman"] and not result["limit"]:
        fields.append(Field("fu", _("How many fu?")))
        expected["fu"] = int(result["fu"])
    return Question(
        kind=KIND,
        seed=number,
        key=f"{KIND}:{public_id}:{number}",
        options={"game": public_id},
        prompt=view.text,
        fields=fields,
        expected=expected,
        derivation=[],
        request=None,
        result=result,
    )
