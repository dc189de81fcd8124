"""Storing imported games, and moving them when an anonymous learner signs up."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from scorer.gamelog import Game
from tutor.accounts.learners import learner_merged
from tutor.accounts.models import Learner
from tutor.review.models import ReviewedGame

#: The most games one learner keeps (the oldest beyond it are not deleted: import is refused).
MAX_GAMES = 200


def title_of(game: Game) -> str:
    names = [name or "?" for name in game.players]
    return " · ".join(names)[:160]


def keep(owner: Learner, game: Game, record: str) -> ReviewedGame:
    return ReviewedGame.objects.create(owner=owner, title=title_of(game), record=record)


@receiver(learner_merged)
def merge_games(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """An anonymous learner's games follow them into their account."""
    ReviewedGame.objects.filter(owner=source).update(owner=target)
