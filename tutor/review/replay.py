"""The hand as it was played (issue 30 item 7): each step of :mod:`scorer.gamelog.replay` as the
replay page shows it, with its moves said in words. State lives in the URL (``?step=N``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scorer.gamelog.model import Event
from scorer.gamelog.replay import Board, RiverTile, board, steps
from scorer.params import parse_int
from scorer.templatetags.tiles import tile_label
from tutor.review.present import HandView, WinView, wind_name

WINDS = ("1z", "2z", "3z", "4z")


@dataclass
class SeatView:
    seat: int
    name: str
    wind: str
    score: int
    dealer: bool
    riichi: bool
    acting: bool
    hand: list[str]
    drawn: str
    melds: list[str]
    river: list[RiverTile]
    nuki: int
    #: At the end: the river tile a ron was won on (its index), -1 none.
    won_on: int = -1
    #: This player won (at the end) or dealt in.
    won: bool = False
    dealt_in: bool = False

    @property
    def nuki_tiles(self) -> list[str]:
        return ["4z"] * self.nuki


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def move_text(event: Event, names: list[str]) -> str:
    """One move in words ("Aki discards 5 of bamboo and declares riichi")."""
    who = _name(names, event.seat)
    tile = tile_label(event.tile)
    if event.kind == "draw":
        return _("%(name)s draws %(tile)s") % {"name": who, "tile": tile}
    if event.kind == "discard" and event.riichi:
        return _("%(name)s declares riichi, discarding %(tile)s") % {"name": who, "tile": tile}
    if event.kind == "discard" and event.tsumogiri:
        return _("%(name)s discards the tile just drawn, %(tile)s") % {"name": who, "tile": tile}
    if event.kind == "discard":
        return _("%(name)s discards %(tile)s") % {"name": who, "tile": tile}
    if event.kind == "call":
        giver = _name(names, event.source)
        words = {
            "chi": _("%(name)s calls chi on %(tile)s from %(from)s"),
            "pon": _("%(name)s calls pon on %(tile)s from %(from)s"),
            "open_kan": _("%(name)s calls an open kan on %(tile)s from %(from)s"),
        }
        return words.get(event.call, words["pon"]) % {"name": who, "tile": tile, "from": giver}
    if event.kind == "kan" and event.call == "added_kan":
        return _("%(name)s adds %(tile)s to a pon (added kan)") % {"name": who, "tile": tile}
    if event.kind == "kan":
        return _("%(name)s declares a closed kan of %(tile)s") % {"name": who, "tile": tile}
    if event.kind == "kita":
        return _("%(name)s sets a north aside (kita)") % {"name": who}
    return ""


def step_text(shown: Board, names: list[str], hand: HandView) -> str:
    """What happened at this step, in words."""
    if shown.step == 0:
        return _("The deal. The dealer is %(name)s.") % {"name": _name(names, hand.hand.dealer)}
    if shown.at_end:
        return hand.end
    # 、 between moves in Japanese, not an ASCII semicolon (issue 28)
    return pgettext("list separator", "; ").join(
        t for t in (move_text(e, names) for e in shown.moves) if t
    )


def _url(public_id: str, number: int, step: int) -> str:
    return reverse("tutor:review_replay", args=[public_id, number]) + f"?step={step}"


def _won_on(river: list[RiverTile], seat: int, wins: list[WinView]) -> int:
    """The index of the discard a ron was won on in ``seat``'s river (-1: none; a robbed kan's
    or a north's tile is not in the river)."""
    for w in wins:
        if not w.tsumo and w.from_who == seat and river and river[-1].tile == w.win_tile:
            return len(river) - 1
    return -1


def replay_context(context: dict[str, Any], number: int, step_param: str | None) -> dict[str, Any]:
    """The replay page's context for hand ``number`` at ``?step=`` (a bad or missing step is
    the deal; past the end, the end)."""
    hands: list[HandView] = context["hands"]
    view = hands[number - 1]
    hand = view.hand
    names = [name for _s, name in context["names"]]
    players = len(names)
    last = len(steps(hand)) - 1
    step = parse_int(step_param or "0", 0)
    if step is None:
        step = 0
    step = min(step, last)
    shown = board(hand, step, players)
    public_id = context["stored"].public_id
    acting = {e.seat for e in shown.moves}
    wins: list[WinView] = view.wins if shown.at_end else []
    seats = []
    # East first: the seats in the order of their winds this hand.
    for s in sorted(range(players), key=lambda s: (s - hand.dealer) % players):
        state = shown.seats[s]
        seats.append(
            SeatView(
                seat=s,
                name=names[s],
                wind=wind_name(WINDS[(s - hand.dealer) % players]),
                score=hand.scores_before[s] - 1000 * state.sticks,
                dealer=s == hand.dealer,
                riichi=state.riichi,
                acting=s in acting,
                hand=state.hand,
                drawn=state.drawn,
                melds=state.melds,
                river=state.river,
                nuki=state.nuki,
                won=any(w.who == s for w in wins),
                dealt_in=any(not w.tsumo and w.from_who == s for w in wins),
                won_on=_won_on(state.river, s, wins),
            )
        )
    return {
        "view": view,
        "number": number,
        "board": shown,
        "seats": seats,
        "step": step,
        "last": last,
        "text": step_text(shown, names, view),
        "end_wins": wins,
        "left_text": ngettext("%(n)s tile left to draw", "%(n)s tiles left to draw", shown.left)
        % {"n": shown.left},
        "first_url": _url(public_id, number, 0),
        "prev_url": _url(public_id, number, step - 1) if step > 0 else "",
        "next_url": _url(public_id, number, step + 1) if step < last else "",
        "last_url": _url(public_id, number, last),
        "prev_hand": (
            reverse("tutor:review_replay", args=[public_id, number - 1])
            if number > 1 and hands[number - 2].hand.events
            else ""
        ),
        "next_hand": (
            reverse("tutor:review_replay", args=[public_id, number + 1])
            if number < len(hands) and hands[number].hand.events
            else ""
        ),
    }
