"""Test helper: write small Tenhou records (.mjlog XML) tile by tile, in MPSZ codes.

Tenhou's format: tiles are numbered 0-135, four of each kind (1m..9m, 1p..9p, 1s..9s, E S W N
Haku Hatsu Chun); 16, 52 and 88 are the red fives. Draws and discards are ``<T..>``/``<D..>``
(U/E, V/F, W/G for the other seats), calls ``<N who m>`` with Tenhou's packed code ``m``.
The builder hands out a fresh tile number of each kind as the codes ask for them, so a record
written here never holds a tile twice, and encodes the calls the way Tenhou packs them (the
reader's ``decode_call`` is the inverse, and the tests check it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

RED = {"0m": 16, "0p": 52, "0s": 88}
SEAT_DRAW = "TUVW"
SEAT_DISCARD = "DEFG"


def kind(code: str) -> int:
    digit = 5 if code[0] == "0" else int(code[0])
    return "mpsz".index(code[1]) * 9 + digit - 1


@dataclass
class Record:
    """One record being written. ``go`` is the ``<GO type>`` (169: four players, red fives,
    open tanyao, south game, phoenix room; 185 adds three players)."""

    go: int = 169
    names: tuple[str, ...] = ("A", "B", "C", "D")
    parts: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    red: bool = True
    #: The tile number handed out last.
    last: int = -1

    def __post_init__(self) -> None:
        self.red = not self.go & 0x02
        names = list(self.names) + [""] * (4 - len(self.names))
        self.parts.append(f'<GO type="{self.go}" lobby="0"/>')
        self.parts.append(
            "<UN "
            + " ".join(f'n{s}="{name}"' for s, name in enumerate(names))
            + ' dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/>'
        )
        self.parts.append('<TAIKYOKU oya="0"/>')

    @property
    def players(self) -> int:
        return 3 if self.go & 0x10 else 4

    # ------------------------------------------------------------------ tiles
    def tile(self, code: str) -> int:
        """A fresh tile number for ``code`` (``0p`` the red five; ``5p`` a plain one)."""
        if self.red and code in RED:
            number = RED[code]
            assert number not in self.used, code
            self.used.add(number)
            self.last = number
            return number
        base = kind(code) * 4
        for number in range(base, base + 4):
            if number in self.used or (self.red and number in RED.values()):
                continue
            self.used.add(number)
            self.last = number
            return number
        raise AssertionError(f"no {code} left")

    def tiles(self, text: str) -> list[int]:
        """``"123m55z"`` -> fresh tile numbers."""
        out: list[int] = []
        digits = ""
        for char in text:
            if char.isdigit():
                digits += char
            else:
                out += [self.tile(d + char) for d in digits]
                digits = ""
        return out

    # ------------------------------------------------------------------ play
    def init(
        self,
        hands: list[list[int]],
        dora: int,
        oya: int = 0,
        round_: int = 0,
        honba: int = 0,
        sticks: int = 0,
        ten: tuple[int, ...] = (250, 250, 250, 250),
    ) -> None:
        hands = hands + [[]] * (4 - len(hands))
        seats = " ".join(f'hai{s}="{",".join(map(str, h))}"' for s, h in enumerate(hands))
        self.parts.append(
            f'<INIT seed="{round_},{honba},{sticks},0,0,{dora}" '
            f'ten="{",".join(map(str, ten))}" oya="{oya}" {seats}/>'
        )

    def draw(self, seat: int, tile: int) -> int:
        self.parts.append(f"<{SEAT_DRAW[seat]}{tile}/>")
        return tile

    def discard(self, seat: int, tile: int) -> int:
        self.parts.append(f"<{SEAT_DISCARD[seat]}{tile}/>")
        return tile

    def turn(self, seat: int, code: str) -> int:
        """Draw a fresh ``code`` and discard it at once."""
        return self.discard(seat, self.draw(seat, self.tile(code)))

    def riichi(self, seat: int, tile: int, ten: str = "") -> None:
        self.parts.append(f'<REACH who="{seat}" step="1"/>')
        self.discard(seat, tile)
        self.parts.append(f'<REACH who="{seat}" ten="{ten}" step="2"/>')

    def call(self, seat: int, m: int) -> None:
        self.parts.append(f'<N who="{seat}" m="{m}" />')

    def dora(self, tile: int) -> None:
        self.parts.append(f'<DORA hai="{tile}" />')

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return '<mjloggm ver="2.3">' + "".join(self.parts) + "</mjloggm>"

    def bytes(self) -> bytes:
        return self.text().encode()


# ------------------------------------------------------------- calls, packed as Tenhou does
def pon(tiles: list[int], called: int, source: int) -> int:
    """A pon of three tiles of one kind; ``source`` 1 right, 2 across, 3 left."""
    kind_ = tiles[0] // 4
    unused = ({kind_ * 4 + i for i in range(4)} - set(tiles)).pop() - kind_ * 4
    ordered = sorted(tiles)
    return ((kind_ * 3 + ordered.index(called)) << 9) | (unused << 5) | 0x8 | source


def added_kan(pon_m: int) -> int:
    """The added kan on the pon packed as ``pon_m`` (its fourth tile is the one the pon left)."""
    return (pon_m & ~0x8) | 0x10


def closed_kan(tile: int) -> int:
    return tile << 8


def kita(tile: int) -> int:
    return (tile << 8) | 0x20


def chi(tiles: list[int], called: int) -> int:
    """A chi (always from the left) of three tiles in a run."""
    ordered = sorted(tiles)
    low = ordered[0] // 4
    run = (low // 9) * 7 + low % 9
    m = ((run * 3 + ordered.index(called)) << 10) | 0x4 | 3
    for i, tile in enumerate(ordered):
        m |= (tile % 4) << (3 + 2 * i)
    return m
