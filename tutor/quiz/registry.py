"""The drills, by kind: each drill module registers its :class:`~tutor.quiz.base.Drill` here,
and the rest of the quiz serves a kind through it (options, items, questions, checking).

The modules of ``tutor/quiz/drills/`` are imported with the package (``tutor.quiz``), so every
drill is registered before a question is asked: adding a drill is adding one module there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tutor.quiz.base import Drill, Question, QuizError, Verdict, check_fields, pick

#: The registered drills by kind, in the order they register (:func:`drills` sorts them).
DRILLS: Final[dict[str, Drill]] = {}


def register(*drills: Drill) -> None:
    """Serve these drills (a drill module calls this once, at import)."""
    for drill in drills:
        if drill.kind in DRILLS and DRILLS[drill.kind] is not drill:
            raise ValueError(f"two drills of kind {drill.kind!r}")
        DRILLS[drill.kind] = drill


def drills() -> list[Drill]:
    """Every drill, in menu order."""
    return sorted(DRILLS.values(), key=lambda d: (d.order, d.kind))


def find(kind: str) -> Drill | None:
    """The drill of ``kind``, or None (a question that no drill builds: the review's)."""
    return DRILLS.get(kind)


def drill(kind: str) -> Drill:
    """The drill of ``kind`` (QuizError when there is none)."""
    found = DRILLS.get(kind)
    if found is None:
        raise QuizError(f"unknown quiz kind {kind!r}")
    return found


def normalise(kind: str, raw: Mapping[str, str]) -> dict[str, str]:
    """The options a kind understands, with defaults; unknown values fall back to defaults.
    ``mode`` (typing or multiple choice) is every drill's; ``item`` is kept when the drill
    accepts it."""
    found = drill(kind)
    opts = found.options(raw)
    opts["mode"] = pick(raw.get("mode"), ("type", "choice"), "type")
    item = raw.get("item", "")
    if item:
        chosen = (
            found.item(item, opts)
            if found.item is not None
            else (item if item in found.candidates(opts) else None)
        )
        if chosen:
            opts["item"] = chosen
    return opts


def candidates(kind: str, opts: Mapping[str, str]) -> list[str]:
    """Every item a question of ``kind`` with these options can drill (for scheduling)."""
    return drill(kind).candidates(opts)


def check(question: Question, answers: Mapping[str, Any]) -> Verdict:
    """Judge the given answers: by the question's drill, or field by field for a question no
    drill builds (the review's).

    ``answers`` maps field names to strings (or a list of strings for a multiple field)."""
    found = find(question.kind)
    return (found.check if found is not None else check_fields)(question, answers)
