"""Fu (RULES.md §2): one table of items, and the count for one reading with every exception."""

from __future__ import annotations

from typing import Final, NamedTuple

from .hand import Reading, Shape, Wait
from .request import Request
from .tiles import DRAGONS, TileCode, is_terminal_or_honour
from .yaku import gettext_noop as _


class FuItem(NamedTuple):
    """One line of the fu count: an id of :data:`FU_RULES`, its fu and the tiles it is about."""

    id: str
    fu: int
    tiles: tuple[TileCode, ...] = ()
    note: str = ""


#: id -> (fu, the rule in plain words). Meld ids are {open,closed}_{simple,terminal}_{triplet,kan}.
FU_RULES: Final[dict[str, tuple[int, str]]] = {
    "base": (20, _("Every winning hand starts with 20 fu (futei).")),
    "closed_ron": (10, _("A closed hand won by ron adds 10 fu (menzen kafu).")),
    "tsumo": (2, _("Winning by self-draw adds 2 fu.")),
    "pinfu_tsumo": (0, _("Pinfu by tsumo takes no tsumo fu: the hand stays at 20.")),
    "open_pinfu": (10, _("An open hand with no fu at all is rounded up to 30 fu.")),
    "chiitoitsu": (25, _("Seven pairs is a fixed 25 fu, never rounded.")),
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
    "wait_kanchan": (2, _("A closed wait (kanchan), inside a sequence, is 2 fu.")),
    "wait_penchan": (2, _("An edge wait (penchan), 1-2 on 3 or 8-9 on 7, is 2 fu.")),
    "wait_tanki": (2, _("A single wait on the pair (tanki) is 2 fu.")),
}

_WAIT_ITEM: Final = {
    Wait.KANCHAN: "wait_kanchan",
    Wait.PENCHAN: "wait_penchan",
    Wait.TANKI: "wait_tanki",
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
            state = "open" if block.open else "closed"
            size = "terminal" if is_terminal_or_honour(block.first) else "simple"
            shape = "kan" if block.shape is Shape.KAN else "triplet"
            item = f"{state}_{size}_{shape}"
            note = "ron_completed" if block.open and not block.called else ""
            items.append(FuItem(item, FU_RULES[item][0], block.tiles, note))
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
        wait_item = _WAIT_ITEM.get(reading.wait)
        if wait_item:
            wait_tiles = (
                reading.pairs[0]
                if reading.win_block is None
                else reading.blocks[reading.win_block].tiles
            )
            items.append(FuItem(wait_item, 2, wait_tiles))
    raw = sum(i.fu for i in items)
    if raw == 20 and not closed and not request.tsumo and rules.open_pinfu_30:
        items.append(FuItem("open_pinfu", 10))
        raw = 30
    return items, raw, round_up_10(raw)
