"""Storing imported games, and moving them when an anonymous learner signs up."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Final

from django.dispatch import receiver

from scorer.gamelog import Game
from scorer.gamelog.vocab import TENHOU_ID, played_at
from tutor.accounts.learners import learner_merged
from tutor.accounts.models import Learner
from tutor.review.models import ReviewedGame

#: A Tenhou log id anywhere in a file name.
LOG_ID_IN: Final = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
#: The most games one learner keeps (the oldest beyond it are not deleted: import is refused).
MAX_GAMES = 200


def title_of(game: Game) -> str:
    names = [name or "?" for name in game.players]
    return " · ".join(names)[:160]


def meta_of(game: Game) -> dict[str, Any]:
    """The facts the list and the title show (ReviewedGame.meta), from the record."""
    rules = game.rules
    return {
        "played": game.played,
        "platform": rules.platform,
        "room": rules.room,
        "players": rules.players,
        "hanchan": rules.hanchan,
        "red_fives": rules.red_fives,
        "open_tanyao": rules.open_tanyao,
        "fast": rules.fast,
    }


def with_id(game: Game, log_id: str) -> Game:
    """The game with the id found beside the record (a file name, a pasted link) when the
    record names none (an .mjlog), and the date that id tells."""
    if game.log_id or not TENHOU_ID.match(log_id):
        return game
    return replace(game, log_id=log_id, played=game.played or played_at(log_id))


def log_id_in(name: str) -> str:
    """A Tenhou log id inside a file name (``2010081709gm-00a9-0000-fe3371ad.mjlog``), or ""."""
    match = LOG_ID_IN.search(name or "")
    return match[0] if match else ""


def keep(owner: Learner, game: Game, record: str) -> ReviewedGame:
    return ReviewedGame.objects.create(
        owner=owner,
        title=title_of(game),
        record=record,
        log_id=game.log_id,
        meta=meta_of(game),
    )


@receiver(learner_merged)
def merge_games(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """An anonymous learner's games follow them into their account."""
    ReviewedGame.objects.filter(owner=source).update(owner=target)
