"""Where a walkthrough came from (issue 30 item 11): a reviewed game's win opens the walkthrough
with ``&game=<public id>&game_win=<n>``; the walkthrough keeps those two in its step links
(:func:`origin_query`) and shows :func:`origin` beside its figures: what the record says where
it differs from Tenbo's, and links back to the game at that win and to the hand as played.

The hook is small on the walkthrough's side (its view appends :func:`origin_query`, its
template loads the ``review_origin`` tag); all of it lives here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlencode

from django.http import HttpRequest, QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from scorer.engine import score_request
from scorer.gamelog import RecordError, read_record
from scorer.gamelog.check import Checked, differences
from tutor.accounts.learners import learner_for
from tutor.review.models import ReviewedGame
from tutor.review.present import Row, owns, round_label, win_view

#: A public id (secrets.token_urlsafe) and a win number, as the game page writes them.
_PUBLIC_ID: Final = re.compile(r"^[\w-]{1,16}$")


def origin_query(query: QueryDict) -> str:
    """``&game=...&game_win=...`` when the walkthrough came from a reviewed game, else ""."""
    game, number = query.get("game", ""), query.get("game_win", "")
    if not _PUBLIC_ID.match(game) or not number.isdigit() or len(number) > 4:
        return ""
    return "&" + urlencode({"game": game, "game_win": number})


@dataclass
class Origin:
    """The win a walkthrough came from, as its box shows it."""

    text: str
    hand: str
    differs: list[Row]
    agrees: bool
    game_url: str
    replay_url: str


def origin(request: HttpRequest) -> Origin | None:
    """The box for the walkthrough of ``request``: None unless it came from a win of a game
    the viewer may see (the owner's, or a shared one) and still shows that win's hand."""
    if not origin_query(request.GET):
        return None
    stored = ReviewedGame.objects.filter(public_id=request.GET["game"]).first()
    if stored is None:
        return None
    learner = learner_for(request, create=False)
    if not owns(stored, learner) and not stored.shared:
        return None
    try:
        game = read_record(stored.record)
    except RecordError:
        return None
    number = int(request.GET["game_win"])
    if not 1 <= number <= len(game.wins):
        return None
    hand, win = game.wins[number - 1]
    # The walkthrough shows this win only while its hand is the win's (the form may change it).
    if (
        request.GET.get("hand") != win.request["hand"]
        or request.GET.get("win") != win.request["win"]
    ):
        return None
    result: dict[str, Any] = score_request(win.request, steps=False)
    checked = Checked(hand, win, result, tuple(differences(hand, win, result, game.rules.players)))
    names = [name or "?" for name in game.players]
    view = win_view(number, checked, names, None, stored.public_id)
    index = game.hands.index(hand) + 1
    return Origin(
        text=view.text,
        hand=round_label(hand),
        differs=[row for row in view.rows if not row.same]
        + [
            Row(_("Score change: %(name)s") % {"name": c.name}, c.recorded, c.computed, False)
            for c in view.changes
            if not c.same
        ],
        agrees=checked.agrees,
        game_url=reverse("tutor:review_game", args=[stored.public_id]) + f"#{view.anchor}",
        replay_url=(
            reverse("tutor:review_replay", args=[stored.public_id, index]) + "?step=999"
            if hand.events
            else ""
        ),
    )
