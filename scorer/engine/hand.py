"""Complete-hand readings: every way the tiles split into sets and a pair, and every wait.

A *reading* is one decomposition of the winning hand (four sets and a pair, seven pairs, or
kokushi) together with the wait the winning tile completed. The scorer values every reading and
keeps the best (高点法), so this module only enumerates; it never judges.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from .notation import Meld, MeldKind
from .request import Request
from .tiles import KOKUSHI_KINDS, TileCode, code_of, kind_of


class Shape(StrEnum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    KAN = "kan"


class Wait(StrEnum):
    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    TANKI = "tanki"
    SHANPON = "shanpon"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"


@dataclass(frozen=True, slots=True)
class Block:
    """One set of a reading.

    ``called``: it is a called meld (makes the hand open). ``open``: it counts as open for fu
    (called, or a triplet completed by ron). ``concealed``: it is an ankou/ankan for sanankou.
    """

    shape: Shape
    first: int
    tiles: tuple[TileCode, ...]
    called: bool = False
    open: bool = False
    concealed: bool = True
    meld: Meld | None = None

    @property
    def is_sequence(self) -> bool:
        return self.shape is Shape.SEQUENCE

    def kinds(self) -> tuple[int, ...]:
        if self.shape is Shape.SEQUENCE:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,)


Form = Literal["standard", "chiitoitsu", "kokushi"]


@dataclass(frozen=True, slots=True)
class Reading:
    """A decomposition plus the wait. ``win_block`` is None when the win completed a pair."""

    form: Form
    blocks: tuple[Block, ...]
    pairs: tuple[tuple[TileCode, ...], ...]
    wait: Wait
    win_block: int | None

    @property
    def pair(self) -> int:
        """The pair's kind (standard and kokushi readings)."""
        return kind_of(self.pairs[0][0])


def _set_partitions(
    counts: list[int],
    start: int,
    acc: list[tuple[Shape, int]],
    out: list[tuple[tuple[Shape, int], ...]],
) -> None:
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        out.append(tuple(acc))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append((Shape.TRIPLET, i))
        _set_partitions(counts, i, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((Shape.SEQUENCE, i))
        _set_partitions(counts, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def standard_partitions(counts: list[int]) -> list[tuple[int, tuple[tuple[Shape, int], ...]]]:
    """Every (pair kind, sets) split of concealed tile counts into sets and exactly one pair."""
    results: list[tuple[int, tuple[tuple[Shape, int], ...]]] = []
    if sum(counts) % 3 != 2:
        return results
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found: list[tuple[tuple[Shape, int], ...]] = []
            _set_partitions(counts, 0, [], found)
            counts[pair] += 2
            results.extend((pair, sets) for sets in found)
    return results


def is_complete(counts: list[int], melds: int = 0) -> bool:
    """Whether concealed counts (winning tile included) finish a hand with ``melds`` melds."""
    if melds == 0 and sum(counts) == 14:
        if sum(1 for c in counts if c == 2) == 7:
            return True
        if all(counts[k] for k in KOKUSHI_KINDS) and sum(counts[k] for k in KOKUSHI_KINDS) == 14:
            return True
    return bool(standard_partitions(counts))


def _meld_block(meld: Meld) -> Block:
    if meld.kind is MeldKind.CHI:
        shape = Shape.SEQUENCE
    elif meld.kind is MeldKind.PON:
        shape = Shape.TRIPLET
    else:
        shape = Shape.KAN
    tiles = tuple(sorted(meld.tiles, key=kind_of)) if shape is Shape.SEQUENCE else meld.tiles
    return Block(shape, meld.first, tiles, meld.is_open, meld.is_open, not meld.is_open, meld)


class _Pool:
    """Hands out the hand's physical tile codes (keeping red fives) to the blocks of a reading."""

    def __init__(self, codes: tuple[TileCode, ...]) -> None:
        self.by_kind: dict[int, list[TileCode]] = {}
        for code in codes:
            self.by_kind.setdefault(kind_of(code), []).append(code)

    def take(self, kind: int) -> TileCode:
        return self.by_kind[kind].pop()


def readings(request: Request) -> list[Reading]:
    """Every reading of the request's hand: each decomposition times each wait it allows."""
    concealed = request.hand.concealed
    win = request.win
    win_kind = kind_of(win)
    counts = [0] * 34
    for code in concealed:
        counts[kind_of(code)] += 1
    counts[win_kind] += 1
    meld_blocks = tuple(_meld_block(m) for m in request.hand.melds)
    out: list[Reading] = []
    ron = not request.tsumo
    for pair, sets in standard_partitions(counts):
        seen: set[tuple[Shape, int] | None] = set()
        options: list[tuple[int | None, Wait]] = []
        if pair == win_kind:
            options.append((None, Wait.TANKI))
            seen.add(None)
        for index, (shape, first) in enumerate(sets):
            if (shape, first) in seen:
                continue
            if shape is Shape.TRIPLET and first == win_kind:
                options.append((index, Wait.SHANPON))
            elif shape is Shape.SEQUENCE and first <= win_kind <= first + 2:
                pos = win_kind - first
                if pos == 1:
                    wait = Wait.KANCHAN
                elif (pos == 0 and first % 9 == 6) or (pos == 2 and first % 9 == 0):
                    wait = Wait.PENCHAN
                else:
                    wait = Wait.RYANMEN
                options.append((index, wait))
            else:
                continue
            seen.add((shape, first))
        for win_index, wait in options:
            pool = _Pool(concealed)
            blocks: list[Block] = []
            for index, (shape, first) in enumerate(sets):
                kinds = (first, first + 1, first + 2) if shape is Shape.SEQUENCE else (first,) * 3
                tiles = []
                won_here = index == win_index
                for k in kinds:
                    if won_here and k == win_kind:
                        tiles.append(win)
                        won_here = False
                    else:
                        tiles.append(pool.take(k))
                ron_completed = index == win_index and ron and shape is Shape.TRIPLET
                blocks.append(
                    Block(shape, first, tuple(tiles), False, ron_completed, not ron_completed)
                )
            if win_index is None:
                pair_tiles = (pool.take(pair), win)
            else:
                pair_tiles = (pool.take(pair), pool.take(pair))
            out.append(
                Reading(
                    "standard",
                    tuple(blocks) + meld_blocks,
                    (pair_tiles,),
                    wait,
                    win_index,
                )
            )
    if not request.hand.melds:
        if sum(1 for c in counts if c == 2) == 7:
            pool = _Pool(concealed)
            pairs = []
            for kind in range(34):
                if counts[kind] == 2:
                    pairs.append((pool.take(kind), win if kind == win_kind else pool.take(kind)))
            out.append(Reading("chiitoitsu", (), tuple(pairs), Wait.TANKI, None))
        if all(counts[k] for k in KOKUSHI_KINDS) and sum(counts) == 14:
            pair_kind = next(k for k in KOKUSHI_KINDS if counts[k] == 2)
            thirteen = (
                all(kind_of(c) in KOKUSHI_KINDS for c in concealed)
                and len({kind_of(c) for c in concealed}) == 13
            )
            singles = tuple((code_of(k),) for k in KOKUSHI_KINDS if k != pair_kind)
            out.append(
                Reading(
                    "kokushi",
                    (),
                    ((code_of(pair_kind), code_of(pair_kind)), *singles),
                    Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI,
                    None,
                )
            )
    return out
