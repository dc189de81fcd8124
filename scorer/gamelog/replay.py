"""A hand as it was played, step by step: the table after each move (issue 30 item 7).

A step is one move: a draw or a call together with what the same player did at once (the
discard, a kan, a north set aside), or a move on its own; a new dora indicator belongs to the
step that revealed it. Step 0 is the deal; the last step is the end of the hand (the win or
the draw). :func:`board` replays the hand's events up to a step and returns each player's
concealed tiles, melds, river (the riichi tile turned, the tiles others called marked), the
dora indicators revealed and the tiles left in the wall. Pure Python beside the readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.engine.tiles import sort_key

from .mjlog import WALL_DRAWS
from .model import Event, Hand

#: The moves a draw or a call takes along into its step (the same player's next move).
_FOLLOW = ("discard", "kan", "kita")


@dataclass(frozen=True)
class RiverTile:
    """One discard in a river."""

    tile: str
    riichi: bool = False  # the riichi declaration: drawn turned
    tsumogiri: bool = False  # the tile just drawn
    called: bool = False  # taken by another player's call


@dataclass
class Seat:
    """One player at a step."""

    hand: list[str] = field(default_factory=list)  # concealed, sorted, the drawn tile apart
    drawn: str = ""
    melds: list[str] = field(default_factory=list)  # Extended MPSZ
    river: list[RiverTile] = field(default_factory=list)
    nuki: int = 0
    riichi: bool = False
    sticks: int = 0  # riichi sticks put down this hand (1,000 each)
    #: Where each pon sits among ``melds``, by its kind (an added kan replaces it).
    pons: dict[str, int] = field(default_factory=dict)


@dataclass
class Board:
    """The table after ``step`` of ``steps`` (0: the deal; ``steps``: the end)."""

    step: int
    steps: int
    seats: list[Seat]
    dora: list[str]
    left: int
    moves: list[Event]
    at_end: bool


def steps(hand: Hand) -> list[tuple[int, int]]:
    """Each step's events as ``(start, stop)`` indexes (step 0, the deal, takes the first
    indicator; the end of the hand is one more step, with no events)."""
    events = hand.events
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(events) and events[i].kind == "dora":
        i += 1
    out.append((0, i))
    while i < len(events):
        start = i
        first = events[i]
        i += 1
        if (
            first.kind in ("draw", "call")
            and i < len(events)
            and events[i].seat == first.seat
            and events[i].kind in _FOLLOW
        ):
            i += 1
        while i < len(events) and events[i].kind == "dora":
            i += 1
        out.append((start, i))
    out.append((len(events), len(events)))
    return out


def _sorted(tiles: list[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def board(hand: Hand, step: int, players: int) -> Board:
    """The table after ``step`` (clamped to the hand's steps)."""
    ranges = steps(hand)
    last = len(ranges) - 1
    step = max(0, min(step, last))
    stop = ranges[step][1]
    seats = [Seat(hand=list(hand.deals[s]) if s < len(hand.deals) else []) for s in range(players)]
    dora: list[str] = []
    draws = 0
    pending_riichi: int | None = None
    for event in hand.events[:stop]:
        if pending_riichi is not None and event.kind != "dora":
            # The riichi discard passed without a ron: the stick is down.
            seats[pending_riichi].sticks += 1
            pending_riichi = None
        if event.kind == "dora":
            dora.append(event.tile)
            continue
        if not 0 <= event.seat < players:
            continue
        seat = seats[event.seat]
        _settle(seat)
        if event.kind == "draw":
            seat.drawn = event.tile
            draws += 1
        elif event.kind == "discard":
            _remove(seat, event.tile)
            seat.river.append(RiverTile(event.tile, event.riichi, event.tsumogiri))
            if event.riichi:
                seat.riichi = True
                pending_riichi = event.seat
        elif event.kind == "call":
            _take_from(seats, event)
            _use(seat, event.meld, event.tile)
            if event.call == "pon":
                seat.pons[_plain(event.tile)] = len(seat.melds)
            seat.melds.append(event.meld)
        elif event.kind == "kan" and event.call == "added_kan":
            _remove(seat, event.tile)
            where = seat.pons.pop(_plain(event.tile), None)
            if where is None:
                seat.melds.append(event.meld)
            else:
                seat.melds[where] = event.meld
        elif event.kind == "kan":
            _use(seat, event.meld, "")
            seat.melds.append(event.meld)
        elif event.kind == "kita":
            _remove(seat, event.tile)
            seat.nuki += 1
    for seat in seats:
        seat.hand = _sorted(seat.hand)
    start, _stop = ranges[step]
    return Board(
        step=step,
        steps=last,
        seats=seats,
        dora=dora,
        left=max(0, WALL_DRAWS[players] - draws),
        moves=[e for e in hand.events[start:stop] if e.kind != "dora"],
        at_end=step == last,
    )


def _plain(tile: str) -> str:
    """A tile's kind: a red five as a five."""
    return tile.replace("0", "5")


def _remove(seat: Seat, tile: str) -> None:
    if tile in seat.hand:
        seat.hand.remove(tile)


def _settle(seat: Seat) -> None:
    """The drawn tile joins the hand (before the player's next move is applied)."""
    if seat.drawn:
        seat.hand.append(seat.drawn)
        seat.drawn = ""


def _take_from(seats: list[Seat], event: Event) -> None:
    """Mark the called tile in the river it came from."""
    if not 0 <= event.source < len(seats):
        return
    river = seats[event.source].river
    if river and river[-1].tile == event.tile:
        last = river[-1]
        river[-1] = RiverTile(last.tile, last.riichi, last.tsumogiri, called=True)


def _use(seat: Seat, meld: str, called: str) -> None:
    """Take a meld's own tiles out of the concealed hand (all but the called one)."""
    suit = meld[-2]
    digits = [c for c in meld if c.isdigit()]
    if called:
        digits.remove(called[0])
    for digit in digits:
        _remove(seat, digit + suit)
