"""Fu (RULES.md §2): one table of items, and the count for one reading with every exception."""

from __future__ import annotations

from typing import Final

from .hand import Reading, Shape, Wait
from .request import Request
from .tiles import DRAGONS, NORTH, TERMINALS_AND_HONOURS, TileCode
from .yaku import gettext_noop as _


class FuItem:
    """One line of the fu count: an id of :data:`FU_RULES`, its fu and the tiles it is about.
    (A slotted class for speed, like :class:`~.points.Payments`; treat it as read-only.)"""

    __slots__ = ("fu", "id", "note", "tiles")

    def __init__(self, id: str, fu: int, tiles: tuple[TileCode, ...] = (), note: str = "") -> None:
        self.id = id
        self.fu = fu
        self.tiles = tiles
        self.note = note

    def __repr__(self) -> str:
        return f"FuItem({self.id!r}, {self.fu}, {self.tiles!r}, {self.note!r})"


#: id -> (fu, the rule in plain words). Meld ids are {open,closed}_{simple,terminal}_{triplet,kan}.
FU_RULES: Final[dict[str, tuple[int, str]]] = {
    "base": (20, _("Every winning hand starts with 20 fu (futei).")),
    "closed_ron": (10, _("A closed hand won by ron adds 10 fu (menzen kafu).")),
    "tsumo": (2, _("Winning by self-draw adds 2 fu.")),
    "pinfu_tsumo": (0, _("Pinfu by tsumo takes no tsumo fu: the hand stays at 20.")),
    "open_pinfu": (10, _("An open pinfu shape won by ron would be 20 fu; it is scored as 30.")),
    # Its fu are the rule set's (25, or 50 in classic / Kansai rules): the step fills {fu}.
    "chiitoitsu": (25, _("Seven pairs is a fixed {fu} fu, never rounded.")),
    "open_simple_triplet": (2, _("An open triplet of simples is 2 fu.")),
    "closed_simple_triplet": (4, _("A concealed triplet of simples is 4 fu.")),
    "open_terminal_triplet": (4, _("An open triplet of terminals or honours is 4 fu.")),
    "closed_terminal_triplet": (8, _("A concealed triplet of terminals or honours is 8 fu.")),
    "open_simple_kan": (8, _("An open kan of simples is 8 fu.")),
    "closed_simple_kan": (16, _("A closed kan of simples is 16 fu.")),
    "open_terminal_kan": (16, _("An open kan of terminals or honours is 16 fu.")),
    "closed_terminal_kan": (32, _("A closed kan of terminals or honours is 32 fu.")),
    "pair_dragon": (2, _("A pair of dragons is 2 fu.")),
    "pair_seat_wind": (2, _("A pair of your seat wind is 2 fu.")),
    "pair_round_wind": (2, _("A pair of the round wind is 2 fu.")),
    "pair_north": (2, _("A pair of north winds is 2 fu where north is a value tile.")),
    "wait_kanchan": (2, _("A closed wait (kanchan), inside a sequence, is 2 fu.")),
    "wait_penchan": (2, _("An edge wait (penchan), 1-2 on 3 or 8-9 on 7, is 2 fu.")),
    "wait_tanki": (2, _("A single wait on the pair (tanki) is 2 fu.")),
}

_WAIT_ITEM: Final = {
    Wait.KANCHAN: "wait_kanchan",
    Wait.PENCHAN: "wait_penchan",
    Wait.TANKI: "wait_tanki",
}


#: (open, terminal or honour, kan) -> (item id, fu) for a triplet or kan.
_SET_ITEM: Final = {
    (is_open, outer, kan): (item, FU_RULES[item][0])
    for is_open in (False, True)
    for outer in (False, True)
    for kan in (False, True)
    for item in [
        f"{'open' if is_open else 'closed'}_{'terminal' if outer else 'simple'}_"
        f"{'kan' if kan else 'triplet'}"
    ]
}


def round_up_10(raw: int) -> int:
    return -(-raw // 10) * 10


def count_fu(request: Request, reading: Reading, pinfu: bool) -> tuple[list[FuItem], int, int]:
    """The fu items of a reading, their sum and the fu used for scoring.

    ``pinfu``: whether the pinfu yaku holds for this reading (it decides the tsumo exception).
    """
    rules = request.rules
    if reading.form == "chiitoitsu":
        fu = rules.chiitoitsu_fu
        return [FuItem("chiitoitsu", fu, tuple(t for p in reading.pairs for t in p))], fu, fu
    items = [FuItem("base", 20)]
    closed = request.is_closed
    if pinfu and request.tsumo:
        items.append(FuItem("pinfu_tsumo", 0, (request.win,)))
        return items, 20, 20
    if closed and not request.tsumo:
        items.append(FuItem("closed_ron", 10, (request.win,)))
    if request.tsumo:
        items.append(FuItem("tsumo", 2, (request.win,)))
    if reading.form == "standard":
        for block in reading.blocks:
            if block.shape is Shape.SEQUENCE:
                continue
            item, fu = _SET_ITEM[
                block.open, block.first in TERMINALS_AND_HONOURS, block.shape is Shape.KAN
            ]
            note = "ron_completed" if block.open and not block.called else ""
            items.append(FuItem(item, fu, block.tiles, note))
        pair = reading.pair
        tiles = reading.pairs[0]
        if pair in DRAGONS:
            items.append(FuItem("pair_dragon", 2, tiles))
        if pair == request.seat:
            items.append(FuItem("pair_seat_wind", 2, tiles))
        if pair == request.round:
            double = pair == request.seat
            fu = 2 if not double or rules.double_wind_fu == 4 else 0
            items.append(FuItem("pair_round_wind", fu, tiles, "double_wind" if double else ""))
        if pair == NORTH and rules.north_value:  # three players: never a seat or round wind
            items.append(FuItem("pair_north", 2, tiles))
        wait_item = _WAIT_ITEM.get(reading.wait)
        if wait_item:
            wait_tiles = (
                reading.pairs[0]
                if reading.win_block is None
                else reading.blocks[reading.win_block].tiles
            )
            items.append(FuItem(wait_item, 2, wait_tiles))
    raw = 0
    for line in items:
        raw += line.fu
    if raw == 20 and not closed and not request.tsumo and rules.open_pinfu_30:
        items.append(FuItem("open_pinfu", 10))
        raw = 30
    return items, raw, round_up_10(raw)
