"""Tile kinds, codes and the small facts about them that every rule needs.

A tile *kind* is an int 0..33: 0-8 manzu 1-9, 9-17 pinzu, 18-26 souzu, 27-33 honours
(East South West North, haku hatsu chun). A tile *code* is the notation of one physical tile:
``"5m"``, ``"0p"`` (red five), ``"7z"``. Red fives are the same kind as the five, so counting
and shape logic works on kinds while dora and display keep the codes.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "mpsz"
TileCode = str

EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (HAKU, HATSU, CHUN)
TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
HONOURS: Final = frozenset(range(27, 34))
TERMINALS_AND_HONOURS: Final = TERMINALS | HONOURS
#: The thirteen kinds of kokushi musou, in order.
KOKUSHI_KINDS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: 2s 3s 4s 6s 8s and hatsu: the tiles with no red on them (ryuuiisou).
GREEN_KINDS: Final = frozenset({19, 20, 21, 23, 25, HATSU})
FIVES: Final = (4, 13, 22)

_SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27}


def _kind(code: TileCode) -> int:
    digit = int(code[0])
    return _SUIT_BASE[code[1]] + (4 if digit == 0 else digit - 1)


#: Every valid code to its kind; lookups beat parsing in the hot paths.
KIND: Final[dict[TileCode, int]] = {
    f"{d}{s}": _kind(f"{d}{s}") for s in "mps" for d in "0123456789"
} | {f"{d}z": _kind(f"{d}z") for d in "1234567"}


def kind_of(code: TileCode) -> int:
    """The kind (0..33) of a valid tile code; red fives map to their five."""
    return KIND[code]


def is_red(code: TileCode) -> bool:
    return code[0] == "0"


#: The plain code of each kind.
CODES: Final[tuple[TileCode, ...]] = tuple(f"{k % 9 + 1}{SUITS[k // 9]}" for k in range(34))


def code_of(kind: int, red: bool = False) -> TileCode:
    """The code of a kind; ``red`` gives ``0m/0p/0s`` for a five."""
    if red and kind in FIVES:
        return "0" + SUITS[kind // 9]
    return CODES[kind]


def is_valid_code(code: str) -> bool:
    """Whether ``code`` is one tile such as ``5m``, ``0p`` or ``7z`` (ASCII digits only:
    ``str.isdigit`` also accepts "²" and "٣", which name no tile)."""
    if len(code) != 2 or code[1] not in SUITS or not "0" <= code[0] <= "9":
        return False
    if code[1] == "z":
        return "1" <= code[0] <= "7"
    return True


def suit_of(kind: int) -> int:
    """0 manzu, 1 pinzu, 2 souzu, 3 honours."""
    return kind // 9


def number_of(kind: int) -> int:
    """1..9 for number tiles, 1..7 for honours."""
    return kind % 9 + 1


def is_honour(kind: int) -> bool:
    return kind >= 27


def is_terminal_or_honour(kind: int) -> bool:
    return kind in TERMINALS_AND_HONOURS


def is_simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


def dora_after(indicator: int) -> int:
    """The dora a given indicator points to: the next tile, cycling within its group."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator <= NORTH:
        return EAST + (indicator - EAST + 1) % 4
    return HAKU + (indicator - HAKU + 1) % 3


def _sort_key(code: TileCode) -> int:
    digit = int(code[0])
    return SUITS.index(code[1]) * 100 + (11 if digit == 0 else 2 * digit)


_SORT: Final[dict[TileCode, int]] = {code: _sort_key(code) for code in KIND}


def sort_key(code: TileCode) -> int:
    """Canonical order: suits m p s z, digits 1 2 3 4 5 0 6 7 8 9."""
    return _SORT[code]


def red_suit_index(code: TileCode) -> int | None:
    return SUITS.index(code[1]) if code[0] == "0" else None


KIND_NAMES: Final = tuple(
    [f"{n} of characters" for n in range(1, 10)]
    + [f"{n} of circles" for n in range(1, 10)]
    + [f"{n} of bamboo" for n in range(1, 10)]
    + ["East wind", "South wind", "West wind", "North wind"]
    + ["white dragon", "green dragon", "red dragon"]
)


def tile_name(code: TileCode) -> str:
    """An English name for screen readers: "red five of circles", "East wind"."""
    kind = kind_of(code)
    if is_red(code):
        return "red five of " + KIND_NAMES[kind].split(" of ")[1]
    return KIND_NAMES[kind]
