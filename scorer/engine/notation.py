"""Extended MPSZ 2.0: parse any accepted form, always write the canonical one.

Grammar (API.md): groups of digits closed by a suit letter (``123m``); open melds ``[...]``
(chi, pon, open kan), added kans ``{...}``, closed kans ``(...)``. In an open meld one tile
carries the direction it was called from: ``-`` left, ``=`` across, ``+`` right; an added kan
also marks the added tile ``^``. ``0`` is a red five. The parser is strict about characters
(nothing is skipped) and lenient about forms people paste: ``h`` for ``z``, white space between
groups, and open melds without a direction (``-`` is assumed for a chi, ``=`` otherwise).
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache
from typing import Final

from .tiles import _SORT, KIND, TileCode, is_honour, kind_of

DIRECTIONS: Final = "-=+"
_DIGITS: Final = frozenset("0123456789")
_OPENERS: Final = {"[": "]", "{": "}", "(": ")"}


class NotationError(ValueError):
    """A string that is not valid notation; ``position`` is the 0-based offending index."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


class MeldKind(StrEnum):
    CHI = "chi"
    PON = "pon"
    KAN_OPEN = "kan_open"
    KAN_ADDED = "kan_added"
    KAN_CLOSED = "kan_closed"


class Meld:
    """A declared meld, tiles in written order (the order shows where the called tile lies).

    Immutable (``Final`` attributes), with the equality, hashing and ``repr`` of the frozen
    dataclass it used to be; a hand-written slotted class because mypyc compiles its
    constructor natively (see :class:`~.request.Request`)."""

    __slots__ = ("_text", "added", "called", "direction", "first", "kind", "tiles")

    kind: Final[MeldKind]
    tiles: Final[tuple[TileCode, ...]]
    called: Final[int | None]
    direction: Final[str | None]
    added: Final[int | None]
    #: The lowest kind in the meld (the kind itself for a pon or kan).
    first: Final[int]
    #: The notation once written (see :meth:`notation`).
    _text: str

    def __init__(
        self,
        kind: MeldKind,
        tiles: tuple[TileCode, ...],
        called: int | None = None,
        direction: str | None = None,
        added: int | None = None,
    ) -> None:
        self.kind = kind
        self.tiles = tiles
        self.called = called
        self.direction = direction
        self.added = added
        self.first = min([KIND[t] for t in tiles])
        self._text = ""

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.tiles, self.called, self.direction, self.added)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Meld)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        # The kind is left out: an Enum hashes in Python, and equal melds have equal tiles.
        return hash((self.tiles, self.called, self.direction, self.added))

    def __repr__(self) -> str:
        return (
            f"Meld(kind={self.kind!r}, tiles={self.tiles!r}, called={self.called!r}, "
            f"direction={self.direction!r}, added={self.added!r})"
        )

    @property
    def is_open(self) -> bool:
        return self.kind is not MeldKind.KAN_CLOSED

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.KAN_OPEN, MeldKind.KAN_ADDED, MeldKind.KAN_CLOSED)

    def notation(self) -> str:
        """The meld in canonical notation (``[1-23m]``), written once."""
        if not self._text:
            self._text = self._write()
        return self._text

    def _write(self) -> str:
        opener = {MeldKind.KAN_ADDED: "{", MeldKind.KAN_CLOSED: "("}.get(self.kind, "[")
        body = []
        for i, tile in enumerate(self.tiles):
            body.append(tile[0])
            if i == self.called and self.direction:
                body.append(self.direction)
            if i == self.added:
                body.append("^")
        return opener + "".join(body) + self.tiles[0][1] + _OPENERS[opener]


class ParsedHand:
    """Concealed tiles (canonical order) and melds (in the order written).

    Immutable, with the equality, hashing and ``repr`` of a frozen dataclass (see
    :class:`Meld`)."""

    __slots__ = ("concealed", "melds")

    concealed: Final[tuple[TileCode, ...]]
    melds: Final[tuple[Meld, ...]]

    def __init__(self, concealed: tuple[TileCode, ...], melds: tuple[Meld, ...]) -> None:
        self.concealed = concealed
        self.melds = melds

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ParsedHand)
        return self.concealed == other.concealed and self.melds == other.melds

    def __hash__(self) -> int:
        return hash((self.concealed, self.melds))

    def __repr__(self) -> str:
        return f"ParsedHand(concealed={self.concealed!r}, melds={self.melds!r})"

    def notation(self) -> str:
        text = _write_ordered(self.concealed)  # already in canonical order
        for meld in self.melds:
            text += meld.notation()
        return text


def format_tiles(codes: tuple[TileCode, ...] | list[TileCode]) -> str:
    """Canonical MPSZ for loose tiles: sorted, one suit letter per run (``234m0p55s``)."""
    return _write_ordered(sorted(codes, key=_SORT.__getitem__))


def _write_ordered(ordered: tuple[TileCode, ...] | list[TileCode]) -> str:
    """MPSZ for tiles already in canonical order: the digits, one suit letter per run."""
    out: list[str] = []
    suit = ""
    for code in ordered:
        if code[1] != suit:
            if suit:
                out.append(suit)
            suit = code[1]
        out.append(code[0])
    if suit:
        out.append(suit)
    return "".join(out)


def _check_digit(digit: str, suit: str, position: int) -> None:
    if suit == "z" and digit in "089":
        raise NotationError(f"{digit}z is not a tile: honours are 1z to 7z", position)


@lru_cache(maxsize=4096)
def parse_tiles(text: str, *, field_label: str = "tiles") -> tuple[TileCode, ...]:
    """Parse loose tiles (no melds), e.g. dora indicators ``1m5z`` or ``1m 5z``."""
    hand = parse_hand(text)
    if hand.melds:
        raise NotationError(f"{field_label} cannot contain melds", text.find("[{("[0]))
    return hand.concealed


@lru_cache(maxsize=256)
def parse_tile(text: str) -> TileCode:
    """Parse exactly one tile (``5p``, ``0s``; ``h`` accepted for ``z``)."""
    tiles = parse_tiles(text.strip())
    if len(tiles) != 1:
        raise NotationError("expected exactly one tile, such as 5p", 0)
    return tiles[0]


# The canonical shape (loose tiles, then melds) is read in one pass below; anything else goes
# through the character-by-character parser, which also words the errors.
_MELDS_PART = re.compile(r"(?:\[[0-9=+\-]+[mpsz]\]|\{[0-9=+\-^]+[mpsz]\}|\([0-9]+[mpsz]\))*")
_MELD = re.compile(r"([\[{(])([^\]})]*)[\]})]")
#: Every tile code, to itself: the parsers hand out these very strings, so the engine's
#: lookups by code find them by identity.
_CODES: Final[dict[str, TileCode]] = {code: code for code in KIND}
#: For a suit letter: its row in the table of counts below (ten digits per suit).
_SUIT_ROW: Final[dict[str, int]] = {"m": 0, "p": 10, "s": 20, "z": 30}
#: The code of each (suit row + digit), "" where there is no such tile.
_ROW_CODES: Final[tuple[TileCode, ...]] = tuple(
    _CODES.get(f"{digit}{suit}", "") for suit in "mpsz" for digit in range(10)
)
#: Canonical order within a suit: 1 2 3 4 5 0 6 7 8 9.
_DIGIT_ORDER: Final = (1, 2, 3, 4, 5, 0, 6, 7, 8, 9)
#: Memo of parsed melds: the same melds come back hand after hand, so each is parsed once. A
#: plain dict (cheaper than ``lru_cache``), emptied by ``api.clear_caches`` and whenever it
#: reaches :data:`MEMO_LIMIT` entries.
_MELDS: Final[dict[tuple[str, str], Meld]] = {}
MEMO_LIMIT: Final = 16384


def clear_memos() -> None:
    """Empty the parse memo tables (for benchmarks, see ``api.clear_caches``)."""
    _MELDS.clear()


def parse_hand(text: str) -> ParsedHand:
    """Parse a hand in Extended MPSZ (or a lenient pasted form) into tiles and melds."""
    if not isinstance(text, str):
        raise NotationError("notation must be a string")
    # The canonical shape: groups of digits each closed by a suit letter (no 0, 8 or 9 among
    # honours), then melds. The loose tiles are counted by suit and digit as they are read and
    # written out in canonical order (a counting sort: linear in the text's length).
    counts = [0] * 40
    length = len(text)
    start = 0  # where the current run of digits began
    end = 0
    while end < length:
        char = text[end]
        if "0" <= char <= "9":
            end += 1
            continue
        row = _SUIT_ROW.get(char, -1)
        if row < 0 or end == start:
            break  # a meld begins, or not the canonical shape
        for index in range(start, end):
            counts[row + ord(text[index]) - 48] += 1
        end += 1
        start = end
    if start != end or counts[30] or counts[38] or counts[39]:
        return _parse_hand_slowly(text)  # digits without a suit, or 0z 8z 9z: worded there
    if end < length and not _MELDS_PART.fullmatch(text, end):
        return _parse_hand_slowly(text)
    tiles: list[TileCode] = []
    for row in (0, 10, 20, 30):
        for digit in _DIGIT_ORDER:
            count = counts[row + digit]
            if count:
                code = _ROW_CODES[row + digit]
                for _ in range(count):
                    tiles.append(code)
    concealed = tuple(tiles)
    if end == length:
        return ParsedHand(concealed, ())
    melds: list[Meld] = []
    for item in _MELD.findall(text, end):
        meld = _MELDS.get(item)
        if meld is None:
            try:
                meld = _meld(item[0], item[1])
            except NotationError:
                return _parse_hand_slowly(text)  # it raises again, with the position in ``text``
            if len(_MELDS) >= MEMO_LIMIT:
                _MELDS.clear()
            _MELDS[item] = meld
        melds.append(meld)
    return ParsedHand(concealed, tuple(melds))


def _parse_hand_slowly(text: str) -> ParsedHand:
    concealed: list[TileCode] = []
    melds: list[Meld] = []
    pending: list[tuple[str, int]] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _DIGITS:
            pending.append((ch, i))
        elif ch in "mpszh":
            suit = "z" if ch == "h" else ch
            if not pending:
                raise NotationError(f"'{ch}' has no digits before it", i)
            for digit, pos in pending:
                _check_digit(digit, suit, pos)
                concealed.append(digit + suit)
            pending.clear()
        elif ch in _OPENERS:
            if pending:
                raise NotationError("digits need a suit letter before a meld starts", i)
            close = text.find(_OPENERS[ch], i + 1)
            if close < 0:
                raise NotationError(f"'{ch}' is never closed", i)
            melds.append(_parse_meld(ch, text[i + 1 : close], i + 1))
            i = close
        elif ch.isspace():
            if pending:
                raise NotationError("digits need a suit letter", i)
        else:
            raise NotationError(f"unexpected character '{ch}'", i)
        i += 1
    if pending:
        raise NotationError("the last digits have no suit letter (m, p, s or z)", pending[-1][1])
    return ParsedHand(tuple(sorted(concealed, key=_SORT.__getitem__)), tuple(melds))


def _parse_meld(opener: str, body: str, offset: int) -> Meld:
    """One meld; ``offset`` is where ``body`` starts in the text, for error positions."""
    try:
        return _meld(opener, body)
    except NotationError as exc:
        position = None if exc.position is None else exc.position + offset
        raise NotationError(exc.message, position) from None


def _meld(opener: str, body: str) -> Meld:
    """A meld from its opener and body (``"[", "1-23m"``). Error positions are relative to the
    body."""
    if not body or body[-1] not in "mpszh":
        raise NotationError("a meld ends with its suit letter, as in [1-23m]", len(body))
    suit = "z" if body[-1] == "h" else body[-1]
    digits: list[str] = []
    direction: str | None = None
    called: int | None = None
    added: int | None = None
    for pos, ch in enumerate(body[:-1]):
        if ch in _DIGITS:
            _check_digit(ch, suit, pos)
            digits.append(ch)
        elif ch in DIRECTIONS:
            if not digits or called == len(digits) - 1 or direction is not None:
                raise NotationError("a meld has one direction mark, after the called tile", pos)
            direction, called = ch, len(digits) - 1
        elif ch == "^":
            if opener != "{" or not digits or added is not None:
                raise NotationError("'^' marks the added tile of an added kan {...}", pos)
            added = len(digits) - 1
        else:
            raise NotationError(f"unexpected character '{ch}' in a meld", pos)
    tiles = tuple(d + suit for d in digits)
    kinds = sorted(kind_of(t) for t in tiles)
    same = len(set(kinds)) == 1
    if opener == "(":
        if len(tiles) != 4 or not same:
            raise NotationError("a closed kan (...) is four identical tiles", 0)
        if direction is not None:
            raise NotationError("a closed kan has no direction mark", 0)
        return Meld(MeldKind.KAN_CLOSED, tiles)
    if opener == "{":
        if len(tiles) != 4 or not same:
            raise NotationError("an added kan {...} is four identical tiles", 0)
        if direction is None:
            called = next(k for k in range(4) if k != added)
            direction = "="
        if added is None:
            added = next(k for k in (3, 2) if k != called)
        if added == called:
            raise NotationError("the called tile and the added tile are different tiles", 0)
        return Meld(MeldKind.KAN_ADDED, tiles, called, direction, added)
    if len(tiles) == 4:
        if not same:
            raise NotationError("an open kan is four identical tiles", 0)
        kind = MeldKind.KAN_OPEN
    elif len(tiles) == 3 and same:
        kind = MeldKind.PON
    elif (
        len(tiles) == 3
        and not is_honour(kinds[0])
        and kinds[1] == kinds[0] + 1
        and kinds[2] == kinds[0] + 2
        and kinds[0] // 9 == kinds[2] // 9
    ):
        kind = MeldKind.CHI
    else:
        raise NotationError(
            "an open meld is a run of three (chi), three alike (pon) or four alike (kan)", 0
        )
    if direction is None:
        called, direction = 0, ("-" if kind is MeldKind.CHI else "=")
    if kind is MeldKind.CHI and direction != "-":
        raise NotationError("a chi can only be called from the left (-)", 0)
    return Meld(kind, tiles, called, direction, None)
