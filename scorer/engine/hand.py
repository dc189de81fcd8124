"""Complete-hand readings: every way the tiles split into sets and a pair, and every wait.

A *reading* is one decomposition of the winning hand (four sets and a pair, seven pairs, or
kokushi) together with the wait the winning tile completed. The scorer values every reading and
keeps the best (高点法), so this module only enumerates; it never judges.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import product
from typing import Final, Literal

from .notation import Meld, MeldKind
from .request import Request
from .tiles import CODES, KIND, KOKUSHI_KINDS, TileCode, code_of, kind_of


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


class Block:
    """One set of a reading.

    ``called``: it is a called meld (makes the hand open). ``open``: it counts as open for fu
    (called, or a triplet completed by ron). ``concealed``: it is an ankou/ankan for sanankou.

    Immutable (``Final`` attributes), with a NamedTuple's equality, hashing and ``repr`` over
    its fields. Blocks and readings are hand-written slotted classes because mypyc compiles
    them natively: their attributes are read at every step of scoring, and a NamedTuple's
    constructor and attributes go through the interpreter.
    """

    __slots__ = ("called", "concealed", "first", "meld", "open", "shape", "tiles")

    shape: Final[Shape]
    first: Final[int]
    tiles: Final[tuple[TileCode, ...]]
    called: Final[bool]
    open: Final[bool]
    concealed: Final[bool]
    meld: Final[Meld | None]

    def __init__(
        self,
        shape: Shape,
        first: int,
        tiles: tuple[TileCode, ...],
        called: bool = False,
        open: bool = False,
        concealed: bool = True,
        meld: Meld | None = None,
    ) -> None:
        self.shape = shape
        self.first = first
        self.tiles = tiles
        self.called = called
        self.open = open
        self.concealed = concealed
        self.meld = meld

    def _fields(self) -> tuple[object, ...]:
        return (
            self.shape,
            self.first,
            self.tiles,
            self.called,
            self.open,
            self.concealed,
            self.meld,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Block)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Block(shape={self.shape!r}, first={self.first!r}, tiles={self.tiles!r}, "
            f"called={self.called!r}, open={self.open!r}, concealed={self.concealed!r}, "
            f"meld={self.meld!r})"
        )

    @property
    def is_sequence(self) -> bool:
        return self.shape is Shape.SEQUENCE

    def kinds(self) -> tuple[int, ...]:
        if self.shape is Shape.SEQUENCE:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,)


Form = Literal["standard", "chiitoitsu", "kokushi"]


class Reading:
    """A decomposition plus the wait. ``win_block`` is None when the win completed a pair.

    Immutable, with a NamedTuple's equality, hashing and ``repr`` (see :class:`Block`)."""

    __slots__ = ("blocks", "form", "pairs", "wait", "win_block")

    form: Final[Form]
    blocks: Final[tuple[Block, ...]]
    pairs: Final[tuple[tuple[TileCode, ...], ...]]
    wait: Final[Wait]
    win_block: Final[int | None]

    def __init__(
        self,
        form: Form,
        blocks: tuple[Block, ...],
        pairs: tuple[tuple[TileCode, ...], ...],
        wait: Wait,
        win_block: int | None,
    ) -> None:
        self.form = form
        self.blocks = blocks
        self.pairs = pairs
        self.wait = wait
        self.win_block = win_block

    def _fields(self) -> tuple[object, ...]:
        return (self.form, self.blocks, self.pairs, self.wait, self.win_block)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Reading)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Reading(form={self.form!r}, blocks={self.blocks!r}, pairs={self.pairs!r}, "
            f"wait={self.wait!r}, win_block={self.win_block!r})"
        )

    @property
    def pair(self) -> int:
        """The pair's kind (standard and kokushi readings)."""
        return kind_of(self.pairs[0][0])


Sets = tuple[tuple[Shape, int], ...]
SuitSplits = tuple[tuple[int | None, Sets], ...]


def _set_partitions(
    counts: list[int],
    start: int,
    stop: int,
    acc: list[tuple[Shape, int]],
    out: list[Sets],
    no_triplet: int = -1,
) -> None:
    """Every split of ``counts[start:stop]`` (one suit) into sets, depth first: at each kind a
    triplet is tried before a sequence, so the order is that of the kinds. After a sequence no
    triplet of the same kind follows: that split (6666 78 as 678 + 666) was already found as
    triplet then sequence."""
    i = start
    while i < stop and counts[i] == 0:
        i += 1
    if i == stop:
        out.append(tuple(acc))
        return
    if counts[i] >= 3 and i != no_triplet:
        counts[i] -= 3
        acc.append((Shape.TRIPLET, i))
        _set_partitions(counts, i, stop, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((Shape.SEQUENCE, i))
        _set_partitions(counts, i, stop, acc, out, i)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


#: Memo of :func:`_suit_splits` for each number suit, by the suit's nine counts: the same suit
#: patterns come back hand after hand, so each is worked out once. Plain dicts (cheaper than
#: ``lru_cache``), emptied by ``api.clear_caches`` and whenever one reaches
#: :data:`MEMO_LIMIT` entries.
_SPLITS: Final[tuple[dict[tuple[int, ...], SuitSplits], ...]] = ({}, {}, {})
#: Memo of :func:`_meld_block`, by meld.
_MELD_BLOCKS: Final[dict[Meld, Block]] = {}
MEMO_LIMIT: Final = 16384


def clear_memos() -> None:
    """Empty the memo tables (for benchmarks, see ``api.clear_caches``)."""
    for memo in _SPLITS:
        memo.clear()
    _MELD_BLOCKS.clear()


def _suit_splits(base: int, suit: tuple[int, ...]) -> SuitSplits:
    """Every split of one number suit's nine counts into sets, with a pair when the suit holds
    2 modulo 3 tiles: ``(pair kind or None, sets)``, pairs in ascending order."""
    counts = [0] * base + list(suit)
    out: list[tuple[int | None, Sets]] = []
    if sum(suit) % 3 == 0:
        found: list[Sets] = []
        _set_partitions(counts, base, base + 9, [], found)
        out.extend((None, sets) for sets in found)
        return tuple(out)
    for pair in range(base, base + 9):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found = []
            _set_partitions(counts, base, base + 9, [], found)
            counts[pair] += 2
            out.extend((pair, sets) for sets in found)
    return tuple(out)


def standard_partitions(counts: list[int]) -> list[tuple[int, Sets]]:
    """Every (pair kind, sets) split of concealed tile counts into sets and exactly one pair.

    Sets are in the order of their kinds; splits are ordered by the pair, then suit by suit."""
    # Sets take tiles three at a time within a suit, so the pair must lie in the one group
    # whose count is 2 modulo 3; a group at 1 modulo 3 (or a lone honour) can never fit.
    pair_group = -1
    honour_pair = -1
    honour_sets: list[tuple[Shape, int]] = []
    for kind in range(27, 34):
        n = counts[kind]
        if n == 0:
            continue
        if n == 3:
            honour_sets.append((Shape.TRIPLET, kind))
        elif n == 2 and pair_group < 0:
            pair_group, honour_pair = 3, kind
        else:
            return []
    suits: list[tuple[int, ...]] = []
    for group in (0, 1, 2):
        suit = tuple(counts[group * 9 : group * 9 + 9])
        rest = sum(suit) % 3
        if rest == 1:
            return []
        if rest == 2:
            if pair_group >= 0:
                return []
            pair_group = group
        suits.append(suit)
    if pair_group < 0:
        return []
    options: list[SuitSplits] = []
    for group in (0, 1, 2):
        suit = suits[group]
        memo = _SPLITS[group]
        found = memo.get(suit)
        if found is None:
            found = _suit_splits(group * 9, suit)
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[suit] = found
        options.append(found)
    if pair_group == 3:
        options.append(((honour_pair, ()),))
    results: list[tuple[int, Sets]] = []
    honours = tuple(honour_sets)
    if len(options[0]) == len(options[1]) == len(options[2]) == 1:  # nearly every hand
        pair = options[pair_group][0][0]
        assert pair is not None
        results.append((pair, options[0][0][1] + options[1][0][1] + options[2][0][1] + honours))
        return results
    # Ordered by the pair, then suit by suit (the first suit's choice varies slowest).
    pairs = sorted({pair for pair, _sets in options[pair_group] if pair is not None})
    for pair in pairs:
        chosen = list(options)
        chosen[pair_group] = tuple(o for o in options[pair_group] if o[0] == pair)
        for split in product(*chosen[:3]):
            results.append((pair, split[0][1] + split[1][1] + split[2][1] + honours))
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
    """The block of a called meld or closed kan (remembered in :data:`_MELD_BLOCKS`)."""
    block = _MELD_BLOCKS.get(meld)
    if block is None:
        block = _new_meld_block(meld)
        if len(_MELD_BLOCKS) >= MEMO_LIMIT:
            _MELD_BLOCKS.clear()
        _MELD_BLOCKS[meld] = block
    return block


def _new_meld_block(meld: Meld) -> Block:
    if meld.kind is MeldKind.CHI:
        shape = Shape.SEQUENCE
    elif meld.kind is MeldKind.PON:
        shape = Shape.TRIPLET
    else:
        shape = Shape.KAN
    tiles = tuple(sorted(meld.tiles, key=kind_of)) if shape is Shape.SEQUENCE else meld.tiles
    return Block(shape, meld.first, tiles, meld.is_open, meld.is_open, not meld.is_open, meld)


def _dealt_block(
    pool: _Pool, shape: Shape, first: int, won: bool, win: TileCode, ron: bool
) -> Block:
    """A concealed block with the hand's own codes (red fives kept, the winning tile placed)."""
    kinds = (first, first + 1, first + 2) if shape is Shape.SEQUENCE else (first,) * 3
    win_kind = KIND[win]
    completed_here = won
    tiles = []
    for k in kinds:
        if won and k == win_kind:
            tiles.append(win)
            won = False
        else:
            tiles.append(pool.take(k))
    ron_completed = completed_here and ron and shape is Shape.TRIPLET
    return Block(shape, first, tuple(tiles), False, ron_completed, not ron_completed)


class _Pool:
    """Hands out the hand's physical tile codes to the blocks of a reading.

    Only red fives differ from the plain codes. The sorted hand lists a red five after its
    plain fives and the pool gives from the end, so a red five goes to the first block (in
    reading order) that takes a tile of its kind."""

    __slots__ = ("reds",)

    def __init__(self, reds: dict[int, TileCode]) -> None:
        self.reds = dict(reds)

    def take(self, kind: int) -> TileCode:
        return self.reds.pop(kind, None) or CODES[kind]


_SEQ_TILES: tuple[tuple[TileCode, ...], ...] = tuple(
    (CODES[k], CODES[k + 1], CODES[k + 2]) if k < 27 and k % 9 <= 6 else () for k in range(34)
)
_TRIPLET_TILES: tuple[tuple[TileCode, ...], ...] = tuple((CODES[k],) * 3 for k in range(34))


def _plain_blocks() -> dict[tuple[Shape, int, bool], Block]:
    """Concealed blocks without red fives, for each shape, kind and 'completed by ron'."""
    table = {}
    for first in range(34):
        for ron_completed in (False, True):
            table[(Shape.TRIPLET, first, ron_completed)] = Block(
                Shape.TRIPLET,
                first,
                _TRIPLET_TILES[first],
                False,
                ron_completed,
                not ron_completed,
            )
            if _SEQ_TILES[first]:
                table[(Shape.SEQUENCE, first, False)] = Block(
                    Shape.SEQUENCE, first, _SEQ_TILES[first]
                )
    return table


#: Blocks are immutable, so the plain ones are made once and shared by every reading.
_PLAIN_BLOCKS: dict[tuple[Shape, int, bool], Block] = _plain_blocks()
_PLAIN_PAIRS: tuple[tuple[TileCode, TileCode], ...] = tuple((c, c) for c in CODES)


def _waits(sets: Sets, pair: int, win_kind: int) -> list[tuple[int | None, Wait]]:
    """Each distinct place the winning tile can sit in this split, with the wait it makes."""
    options: list[tuple[int | None, Wait]] = []
    seen: set[tuple[Shape, int] | None] = set()
    if pair == win_kind:
        options.append((None, Wait.TANKI))
    for index, (shape, first) in enumerate(sets):
        if shape is Shape.TRIPLET:
            if first != win_kind:
                continue
            wait = Wait.SHANPON
        elif first <= win_kind <= first + 2:
            pos = win_kind - first
            if pos == 1:
                wait = Wait.KANCHAN
            elif (pos == 0 and first % 9 == 6) or (pos == 2 and first % 9 == 0):
                wait = Wait.PENCHAN
            else:
                wait = Wait.RYANMEN
        else:
            continue
        if (shape, first) in seen:
            continue
        seen.add((shape, first))
        options.append((index, wait))
    return options


def readings(request: Request) -> list[Reading]:
    """Every reading of the request's hand: each decomposition times each wait it allows."""
    concealed = request.hand.concealed
    win = request.win
    win_kind = KIND[win]
    melds = request.hand.melds
    counts = list(request.counts)  # every tile; take the melds' tiles back out
    for meld in melds:
        for code in meld.tiles:
            counts[KIND[code]] -= 1
    # Without red fives every block's tiles are its plain codes: no need to deal them out.
    win_red = win[0] == "0"
    plain = not win_red and "0" not in "".join(concealed)
    reds = {} if plain else {KIND[code]: code for code in concealed if code[0] == "0"}
    meld_blocks = tuple([_meld_block(meld) for meld in melds])
    out: list[Reading] = []
    ron = not request.tsumo
    for pair, sets in standard_partitions(counts):
        for win_index, wait in _waits(sets, pair, win_kind):
            if plain:
                blocks = tuple(
                    [
                        _PLAIN_BLOCKS[
                            shape,
                            first,
                            ron and index == win_index and shape is Shape.TRIPLET,
                        ]
                        for index, (shape, first) in enumerate(sets)
                    ]
                )
                pair_tiles = _PLAIN_PAIRS[pair]
            else:
                # Only the blocks that hold a kind of a red five (or the red winning tile)
                # differ from the plain ones; deal those in order, as the pool decides.
                pool = _Pool(reds)
                left = pool.reds
                dealt = []
                for index, (shape, first) in enumerate(sets):
                    won = index == win_index
                    if (
                        (won and win_red)
                        or first in left
                        or (shape is Shape.SEQUENCE and (first + 1 in left or first + 2 in left))
                    ):
                        dealt.append(_dealt_block(pool, shape, first, won, win, ron))
                    else:
                        dealt.append(
                            _PLAIN_BLOCKS[shape, first, ron and won and shape is Shape.TRIPLET]
                        )
                blocks = tuple(dealt)
                if win_index is None:
                    pair_tiles = (pool.take(pair), win)
                else:
                    pair_tiles = (pool.take(pair), pool.take(pair))
            out.append(Reading("standard", blocks + meld_blocks, (pair_tiles,), wait, win_index))
    if not melds:
        if counts.count(2) == 7:
            pool = _Pool(reds)
            pairs = []
            for kind in range(34):
                if counts[kind] == 2:
                    pairs.append((pool.take(kind), win if kind == win_kind else pool.take(kind)))
            out.append(Reading("chiitoitsu", (), tuple(pairs), Wait.TANKI, None))
        # All thirteen kinds and a pair of one of them: the fourteenth tile may also be a
        # simple (19m19p19s1234567z + 5p), which is no kokushi and must not crash.
        pair_kind = next((k for k in KOKUSHI_KINDS if counts[k] == 2), None)
        if (
            counts[0]
            and counts[33]
            and all(counts[k] for k in KOKUSHI_KINDS)
            and pair_kind is not None
        ):
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
