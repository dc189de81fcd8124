"""The tutor app's models, defined in its feature subpackages and gathered here for Django.

Each feature keeps its models beside its views (tutor/<feature>/models.py); all belong to the
one ``tutor`` app and its one migration history.
"""

from tutor.accounts.models import Learner
from tutor.classroom.models import (
    Assignment,
    AssignmentAnswer,
    Classroom,
    LiveAnswer,
    LiveQuestion,
    Membership,
)
from tutor.collections.models import Collection, SavedHand
from tutor.path.models import LessonRead, PathSettings, TimedHand, UnitDone
from tutor.quiz.models import Answer, ItemProgress
from tutor.review.models import ReviewedGame

__all__ = [
    "Answer",
    "Assignment",
    "AssignmentAnswer",
    "Classroom",
    "Collection",
    "ItemProgress",
    "Learner",
    "LessonRead",
    "LiveAnswer",
    "LiveQuestion",
    "Membership",
    "PathSettings",
    "ReviewedGame",
    "SavedHand",
    "TimedHand",
    "UnitDone",
]
