"""Quick-reference score tables (早見表), generated from the engine's own point rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .points import base_points, limit_for, pay
from .rules import TENHOU, Rules
from .tiles import EAST, SOUTH

FU_COLUMNS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_ROWS: Final = (1, 2, 3, 4)
#: The limit rows of the seed tables: (limit id, lowest han, highest han or None).
LIMIT_ROWS: Final = (
    ("mangan", 5, 5),
    ("haneman", 6, 7),
    ("baiman", 8, 10),
    ("sanbaiman", 11, 12),
    ("kazoe_yakuman", 13, None),
)


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: payments without honba. ``exists`` is False for 20 fu 1 han and
    25 fu 1 han (no such hand); ``ron_exists`` is False for 20 fu (pinfu ron is 30 fu)."""

    fu: int
    han: int
    dealer: bool
    ron: int
    tsumo_dealer: int | None
    tsumo_others: int
    limit: str | None
    base: int
    kiriage: bool
    exists: bool
    ron_exists: bool
    tsumo_exists: bool
    #: 4, or 3 for sanma tables (one payer fewer on a tsumo).
    players: int = 4

    @property
    def tsumo_total(self) -> int:
        """What the winner collects on a tsumo: every other player at the table pays."""
        if self.dealer:
            return (self.players - 1) * self.tsumo_others
        return (self.tsumo_dealer or 0) + (self.players - 2) * self.tsumo_others


def cell(fu: int, han: int, dealer: bool, rules: Rules = TENHOU) -> Cell:
    """The table cell for ``fu``/``han`` under ``rules`` (limits and kiriage applied; three
    players: their tsumo payments, e.g. ``rules=PRESETS["tenhou_sanma"]``)."""
    limit, base = limit_for(han, fu, rules)
    seat = EAST if dealer else SOUTH
    common = {"dealer": dealer, "honba": 0, "sticks": 0, "rules": rules, "winner": seat}
    ron = pay(base, tsumo=False, **common)  # type: ignore[arg-type]
    tsumo = pay(base, tsumo=True, **common)  # type: ignore[arg-type]
    kiriage = limit == "mangan" and base_points(fu, han) == 1920 and han < 5
    exists = not (han == 1 and fu in (20, 25))
    return Cell(
        fu=fu,
        han=han,
        dealer=dealer,
        ron=ron.total,
        tsumo_dealer=tsumo.tsumo_dealer,
        tsumo_others=tsumo.tsumo_others or 0,
        limit=limit,
        base=base,
        kiriage=kiriage,
        exists=exists,
        ron_exists=exists and fu != 20,
        # Chiitoitsu by tsumo has menzen tsumo too, so 25 fu starts at 3 han on a tsumo.
        tsumo_exists=exists and not (fu == 25 and han < 3),
        players=rules.players,
    )


def table(dealer: bool, rules: Rules = TENHOU) -> list[list[Cell]]:
    """Rows 1-4 han, columns 20-110 fu, as in seed 000."""
    return [[cell(fu, han, dealer, rules) for fu in FU_COLUMNS] for han in HAN_ROWS]


def limit_table(dealer: bool, rules: Rules = TENHOU) -> list[tuple[str, int, int | None, Cell]]:
    """The limit rows (mangan .. kazoe yakuman) with their payments."""
    return [(name, low, high, cell(30, low, dealer, rules)) for name, low, high in LIMIT_ROWS]


def aotenjou_table(
    dealer: bool, max_han: int = 15, fus: tuple[int, ...] = FU_COLUMNS
) -> list[list[Cell]]:
    """Aotenjou: no limits, every cell by the formula, rows 1..max_han."""
    from dataclasses import replace

    rules = replace(TENHOU, name="aotenjou", aotenjou=True)
    return [[cell(fu, han, dealer, rules) for fu in fus] for han in range(1, max_han + 1)]


_MYRIADS: Final = ("", "万", "億", "兆", "京", "垓", "秭", "穣", "溝", "澗", "正", "載", "極")


def myriad(n: int) -> str:
    """Write a number with Japanese myriad units: 48318382100 -> 483億1838万2100."""
    if n == 0:
        return "0"
    parts: list[str] = []
    unit = 0
    sign = "-" if n < 0 else ""
    n = abs(n)
    while n:
        n, chunk = divmod(n, 10_000)
        if chunk:
            name = _MYRIADS[unit] if unit < len(_MYRIADS) else f"x10^{4 * unit}"
            parts.append(f"{chunk}{name}")
        unit += 1
    return sign + "".join(reversed(parts))
