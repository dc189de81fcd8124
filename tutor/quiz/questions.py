"""A drill's question as every page asks it: built by its drill from the registry, its wrong
choices (multiple-choice mode) taken from the slips of ``feedback``. Above both, so that the
registry never imports the feedback that serves drills through it."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from scorer.engine import THREE_PLAYER_PRESETS
from tutor.quiz.base import Question, QuizError, rules_label
from tutor.quiz.feedback import slip_choices
from tutor.quiz.registry import drill, normalise


def make_question(kind: str, seed: int, raw_options: Mapping[str, str] | None = None) -> Question:
    """The question ``seed`` of ``kind`` under these options: the same every time."""
    opts = normalise(kind, raw_options or {})
    asked = (raw_options or {}).get("rules")
    if asked in THREE_PLAYER_PRESETS and opts.get("rules") != asked:
        # A three-player rule set in the URL of a four-player drill: say so, rather than serve
        # four-player hands under a three-player name (issue 28).
        raise QuizError(
            _(
                "This drill's hands are four-player: it has no questions under %(rules)s. "
                "Three-player payments are drilled in “%(table)s” and “%(sanma)s”."
            )
            % {
                "rules": rules_label(str(asked)),
                "table": drill("table").name,
                "sanma": drill("sanma_tsumo").name,
            }
        )
    question = drill(kind).build(seed, opts)
    if opts.get("mode") == "choice":
        # The wrong choices are the answers the catalogued slips give (issue 28).
        slip_choices(question)
    return question
