"""Tenhou's tile numbers (0-135) and call codes, turned into Extended MPSZ (API.md).

Tiles are numbered four of each kind in the order 1m..9m, 1p..9p, 1s..9s, East South West North
Haku Hatsu Chun; 16, 52 and 88 are the red fives when the record's rules have them. A call
``m`` packs the called tiles, which one was called and from whom (relative: 1 right, 2 across,
3 left)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: The red fives' tile numbers: 0m, 0p, 0s.
RED_IDS: Final = frozenset({16, 52, 88})
#: The direction mark of the player a tile was called from, by Tenhou's relative number.
DIRECTION: Final = {1: "+", 2: "=", 3: "-"}
SUITS: Final = "mpsz"
#: The highest tile number.
MAX_TILE: Final = 135


class TileError(ValueError):
    """A tile number or call code that no record can hold."""


def kind_of(tile: int) -> int:
    """0..33: 1m..9m, 1p..9p, 1s..9s, 1z..7z."""
    return tile // 4


def digit(tile: int, red: bool) -> str:
    """The MPSZ digit of a tile (0 for a red five when the rules have them)."""
    if red and tile in RED_IDS:
        return "0"
    return str(kind_of(tile) % 9 + 1)


def suit(tile: int) -> str:
    return SUITS[kind_of(tile) // 9]


def code(tile: int, red: bool) -> str:
    """One tile in MPSZ: ``5p``, ``0s``, ``7z``."""
    check(tile)
    return _CODES[red][tile]


#: Every tile number's code, with and without red fives (the replay asks for one per move).
_CODES: Final = {
    red: tuple(digit(t, red) + suit(t) for t in range(MAX_TILE + 1)) for red in (False, True)
}


def check(tile: int) -> int:
    if not 0 <= tile <= MAX_TILE:
        raise TileError(f"tile number {tile} is outside 0-{MAX_TILE}")
    return tile


def group(tiles: list[int] | tuple[int, ...], red: bool) -> str:
    """Tiles in MPSZ, grouped by suit in m p s z order (``123m55z``)."""
    out = []
    for index, letter in enumerate(SUITS):
        digits = [digit(t, red) for t in sorted(tiles) if kind_of(t) // 9 == index]
        if digits:
            out.append("".join(digits) + letter)
    return "".join(out)


@dataclass(frozen=True)
class Call:
    """One call from a record: its kind, its tile numbers, the called one and from whom.

    ``kind``: ``chi``, ``pon``, ``open_kan`` (daiminkan), ``added_kan``, ``closed_kan``,
    ``kita`` (a north set aside, three players). ``tiles``: all the meld's tiles (four for a kan);
    ``called``: the tile taken from another player (None for a closed kan and kita); ``added``:
    the tile added to a pon (added kan only); ``source``: 1 right, 2 across, 3 left, 0 self."""

    kind: str
    tiles: tuple[int, ...]
    called: int | None
    source: int
    added: int | None = None

    @property
    def is_kan(self) -> bool:
        return self.kind in ("open_kan", "added_kan", "closed_kan")

    def notation(self, red: bool) -> str:
        """The meld in Extended MPSZ, the called tile marked with its direction."""

        def canonical(tile: int) -> tuple[int, bool]:  # 5 before 0, as Extended MPSZ orders
            return kind_of(tile), red and tile in RED_IDS

        if self.kind == "closed_kan":
            ordered = sorted(self.tiles, key=canonical)
            return "(" + "".join(digit(t, red) for t in ordered) + suit(self.tiles[0]) + ")"
        mark = DIRECTION.get(self.source, "=")
        body = ""
        # A chi in order; a pon or kan with its called tile first and an added tile last.
        order = sorted(self.tiles, key=canonical)
        if self.kind != "chi":
            order = sorted(order, key=lambda t: (t != self.called, t == self.added))
        for tile in order:
            body += digit(tile, red)
            if tile == self.called:
                body += mark
            elif tile == self.added:
                body += "^"
        opener, closer = ("{", "}") if self.kind == "added_kan" else ("[", "]")
        return opener + body + suit(self.tiles[0]) + closer


def decode_call(m: int) -> Call:
    """Tenhou's packed call code ``m`` -> :class:`Call` (raises :class:`TileError`)."""
    if not 0 <= m < 1 << 16:
        raise TileError(f"call code {m} is outside 0-65535")
    source = m & 3
    if m & 0x4:  # chi
        if source != 3:
            raise TileError(f"call code {m} is a chi not called from the left")
        t = (m & 0xFC00) >> 10
        r = t % 3
        t //= 3
        if t >= 21:
            raise TileError(f"call code {m} names a run past 7-8-9")
        base = ((t // 7) * 9 + t % 7) * 4
        tiles = (
            base + ((m >> 3) & 3),
            base + 4 + ((m >> 5) & 3),
            base + 8 + ((m >> 7) & 3),
        )
        return Call("chi", tiles, tiles[r], source)
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = (m & 0xFE00) >> 9
        r = t % 3
        t //= 3
        if t >= 34:
            raise TileError(f"call code {m} names no tile")
        base = t * 4
        unused = (m >> 5) & 3
        pon = tuple(base + i for i in range(4) if i != unused)
        if source == 0:
            raise TileError(f"call code {m} is a pon called from no one")
        if m & 0x8:
            return Call("pon", pon, pon[r], source)
        return Call("added_kan", tuple(base + i for i in range(4)), pon[r], source, base + unused)
    if m & 0x20:
        return Call("kita", (check((m & 0xFF00) >> 8),), None, 0)
    hai0 = (m & 0xFF00) >> 8
    check(hai0)
    base = hai0 // 4 * 4
    kan = tuple(base + i for i in range(4))
    if source == 0:
        return Call("closed_kan", kan, None, 0)
    return Call("open_kan", kan, hai0, source)
