"""The tutor app's models, defined in its feature subpackages and gathered here for Django.

Each feature keeps its models beside its views (tutor/<feature>/models.py); all belong to the
one ``tutor`` app and its one migration history.
"""

from tutor.accounts.models import Learner
from tutor.quiz.models import Answer, ItemProgress

__all__ = ["Answer", "ItemProgress", "Learner"]
