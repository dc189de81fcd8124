"""Waits of a ready (tenpai) hand, for the picker: which tiles win, and what each would score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .api import score_request
from .hand import is_complete
from .notation import NotationError, parse_hand
from .tiles import code_of, kind_of


@dataclass(frozen=True, slots=True)
class Wait:
    """A winning tile of a ready hand with its ron and tsumo results (API result dicts)."""

    tile: str
    ron: dict[str, Any]
    tsumo: dict[str, Any]


def missing_tiles(hand: str) -> int | None:
    """How many tiles the concealed part lacks before it is a 13-tile ready shape, or None if
    the notation is invalid. Negative when there are too many."""
    try:
        parsed = parse_hand(hand)
    except NotationError:
        return None
    return 13 - 3 * len(parsed.melds) - len(parsed.concealed)


def winning_tiles(hand: str) -> list[str]:
    """The tile kinds that complete a hand written without its winning tile (any shape)."""
    parsed = parse_hand(hand)
    counts = [0] * 34
    for code in parsed.concealed:
        counts[kind_of(code)] += 1
    used = counts[:]
    for meld in parsed.melds:
        for code in meld.tiles:
            used[kind_of(code)] += 1
    found = []
    for kind in range(34):
        if used[kind] >= 4:
            continue
        counts[kind] += 1
        if is_complete(counts, len(parsed.melds)):
            found.append(code_of(kind))
        counts[kind] -= 1
    return found


def tenpai_waits(request: Mapping[str, object], steps: bool = True) -> list[Wait]:
    """Each winning tile of ``request["hand"]`` scored by ron and by tsumo with the rest of the
    request (situation, dora, rules). Empty when the hand is not ready or not valid.
    ``steps=False``: the results leave out the explanation (see ``score_request``)."""
    hand = request.get("hand")
    if not isinstance(hand, str) or missing_tiles(hand) != 0:
        return []
    waits = []
    for tile in winning_tiles(hand):
        base = {k: v for k, v in request.items() if k not in ("win", "tsumo")}
        ron = score_request({**base, "win": tile, "tsumo": False}, steps)
        tsumo = score_request({**base, "win": tile, "tsumo": True}, steps)
        waits.append(Wait(tile, ron, tsumo))
    return waits
