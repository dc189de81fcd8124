"""The learner's path as data: the units in order, each a lesson of the course, a scored check
on the lesson's worked examples, and the quiz's drills that practise it.

Nothing here is a copy: a unit names a lesson of ``tutor.course.lessons`` by its slug, its check
asks about that lesson's own worked examples (``tutor.path.checks`` builds the questions from the
engine's result), and its drills are the quiz's kinds with a filter (``tutor.quiz``), answered on
the quiz's own pages and stored with the quiz's answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: What a check question asks about a worked example: its fu, its han, its yaku and han, or
#: what each player pays (with honba and riichi sticks when the example has them).
ASKS: Final = ("fu", "han", "yaku", "pay")

#: A drill is mastered when this many of the learner's last ``WINDOW`` answers to it are right.
WINDOW: Final = 10
NEED: Final = 8


@dataclass(frozen=True)
class Drill:
    """A quiz kind with the filter the unit drills it under (the quiz's own options)."""

    kind: str
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CheckItem:
    """One question of a unit's check: ``asks`` about worked example ``example`` (from 0)."""

    example: int
    asks: str


@dataclass(frozen=True)
class Unit:
    slug: str
    #: The course lesson the unit teaches from (tutor.course.lessons.BY_SLUG).
    lesson: str
    #: What the learner can do once the unit is mastered, in one line.
    goal: Promise
    check: tuple[CheckItem, ...]
    drills: tuple[Drill, ...]
    #: "choice": the check offers four answers to pick from; "type": the learner types them.
    mode: str = "type"


UNITS: Final[tuple[Unit, ...]] = (
    Unit(
        "basics",
        "how-scoring-works",
        _("Read a score from the table: fu and han give the points."),
        (CheckItem(0, "han"), CheckItem(0, "pay")),
        (
            Drill(
                "table",
                {"mode": "choice", "dealer": "non", "win": "ron", "han": "1,2,3,4", "fu": "30,40"},
            ),
        ),
        mode="choice",
    ),
    Unit(
        "fu",
        "fu",
        _("Count the fu of a hand, item by item."),
        (CheckItem(0, "fu"), CheckItem(1, "fu"), CheckItem(2, "fu")),
        (Drill("fu", {"mode": "choice"}), Drill("fu_items")),
        mode="choice",
    ),
    Unit(
        "exceptions",
        "exceptions",
        _("Pinfu, seven pairs, the open pinfu shape and a triplet won by ron."),
        (CheckItem(0, "fu"), CheckItem(1, "fu"), CheckItem(2, "fu"), CheckItem(3, "fu")),
        (Drill("fu"),),
    ),
    Unit(
        "han",
        "han",
        _("Name the yaku and add up the han, dora included."),
        (CheckItem(0, "yaku"), CheckItem(1, "yaku")),
        (Drill("yaku"),),
    ),
    Unit(
        "points",
        "points",
        _("Turn fu and han into every payment, limits included."),
        (CheckItem(0, "pay"), CheckItem(1, "pay")),
        (Drill("table"), Drill("payments")),
    ),
    Unit(
        "honba",
        "honba",
        _("Add the honba and the riichi sticks."),
        # The lesson's second example is played with wareme (one seat pays double): the
        # payment fields of the drills do not ask that, so the check asks the first one.
        (CheckItem(0, "pay"),),
        (Drill("honba"),),
    ),
    Unit(
        "quick",
        "quick-method",
        _("Score at the table with the quick method, and know when to count the fu."),
        (CheckItem(0, "pay"), CheckItem(1, "pay")),
        (Drill("quick"), Drill("exact_fu")),
    ),
    Unit(
        "limits",
        "limits",
        _("Mangan and above, under the house's rules."),
        (CheckItem(0, "pay"), CheckItem(1, "pay"), CheckItem(2, "pay")),
        (Drill("table", {"limits": "1"}),),
    ),
)

BY_SLUG: Final[dict[str, Unit]] = {unit.slug: unit for unit in UNITS}


def number_of(unit: Unit) -> int:
    """The unit's place on the path, from 1."""
    return UNITS.index(unit) + 1


def unit_for_lesson(lesson: str) -> Unit | None:
    return next((u for u in UNITS if u.lesson == lesson), None)
