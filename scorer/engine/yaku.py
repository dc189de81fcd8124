"""The yaku table: id, han closed/open, predicate and explanation side by side.

Each judge looks at one :class:`Ctx` (a reading of a request) and returns a verdict
``(holds, reason, tiles)``: ``reason`` is a key of :data:`REASONS`, an English sentence
that explains why the yaku holds or why it does not, and ``tiles`` are the tiles it is about.
Sentences are marked with :func:`gettext_noop` so the web layer can translate them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .hand import Block, Reading, Shape, Wait
from .request import BOOL_FIELDS, Request
from .tiles import (
    DRAGONS,
    GREEN_KINDS,
    HONOURS,
    KOKUSHI_KINDS,
    NORTH,
    TERMINALS,
    TERMINALS_AND_HONOURS,
    WINDS,
    TileCode,
    is_simple,
    is_terminal_or_honour,
    kind_of,
)

Verdict = tuple[bool, str, tuple[TileCode, ...]]


def gettext_noop(message: str) -> str:
    """Marks a sentence for translation without translating it (the engine has no Django)."""
    return message


class Ctx:
    """What the judges need to know about one reading, computed once."""

    __slots__ = (
        "closed",
        "counts",
        "explain",
        "facts",
        "kan_count",
        "pair",
        "reading",
        "request",
        "seqs",
        "standard",
        "tiles",
        "trips",
    )

    def __init__(
        self, request: Request, reading: Reading, explain: bool = False, facts: int = -1
    ) -> None:
        # Scoring only needs whether each yaku holds; the tiles that break a yaku are worked
        # out only when explaining the chosen reading.
        self.explain = explain
        #: The hand's facts (:func:`hand_facts`), shared by every reading of the hand: the
        #: scorer passes the mask it has already worked out.
        self.facts = facts if facts >= 0 else hand_facts(request)
        self.request = request
        self.reading = reading
        self.closed = request.is_closed
        self.standard = reading.form == "standard"
        self.tiles: tuple[TileCode, ...] = request.all_tiles
        self.counts = request.counts
        seqs: list[int] = []
        trips: list[int] = []
        kans = 0
        for b in reading.blocks:
            if b.shape is Shape.SEQUENCE:
                seqs.append(b.first)
            else:
                trips.append(b.first)
                kans += b.shape is Shape.KAN
        self.seqs = seqs
        self.trips = trips
        self.kan_count = kans
        self.pair = reading.pair if self.standard else -1

    def blocks_of(self, kind: int) -> tuple[TileCode, ...]:
        for b in self.reading.blocks:
            if b.shape is not Shape.SEQUENCE and b.first == kind:
                return b.tiles
        return ()

    def tiles_where(self, test: tuple[bool, ...]) -> tuple[TileCode, ...]:
        """The hand's tiles whose kind passes ``test`` (a table: one bool per kind)."""
        kinds = self.request.kinds
        tiles = self.tiles
        found: list[TileCode] = []
        for index in range(len(tiles)):
            if test[kinds[index]]:
                found.append(tiles[index])
        return tuple(found)

    def culprits(self, test: tuple[bool, ...]) -> tuple[TileCode, ...]:
        """The tiles that break a yaku: only worked out when explaining."""
        return self.tiles_where(test) if self.explain else ()

    def pair_tiles(self) -> tuple[TileCode, ...]:
        return self.reading.pairs[0] if self.reading.pairs else ()


def _kinds_where(test: Callable[[int], bool]) -> tuple[bool, ...]:
    """A table of ``test`` for each of the 34 kinds (for :meth:`Ctx.tiles_where`)."""
    return tuple(test(kind) for kind in range(34))


_NOT_SIMPLE: Final = _kinds_where(lambda k: not is_simple(k))
_HONOUR: Final = _kinds_where(lambda k: k >= 27)
_SIMPLE: Final = _kinds_where(lambda k: not is_terminal_or_honour(k))
_DRAGON: Final = _kinds_where(lambda k: k in DRAGONS)
_WIND: Final = _kinds_where(lambda k: k in WINDS)
#: For each suit: the number tiles of the other two suits.
_OTHER_SUITS: Final = tuple(
    tuple(kind < 27 and kind // 9 != suit for kind in range(34)) for suit in range(3)
)


def _block_tiles(blocks: list[Block]) -> tuple[TileCode, ...]:
    return tuple(t for b in blocks for t in b.tiles)


# ---------------------------------------------------------------- situation yaku


def _riichi(c: Ctx) -> Verdict:
    r = c.request
    if r.riichi and not r.double_riichi:
        return True, "riichi.holds", ()
    if r.double_riichi:
        return False, "riichi.double", ()
    return False, "riichi.none", ()


def _double_riichi(c: Ctx) -> Verdict:
    return c.request.double_riichi, "double_riichi.holds", ()


def _ippatsu(c: Ctx) -> Verdict:
    return c.request.ippatsu, "ippatsu.holds", (c.request.win,)


def _menzen_tsumo(c: Ctx) -> Verdict:
    if not c.request.tsumo:
        return False, "menzen_tsumo.ron", (c.request.win,)
    if not c.closed:
        return False, "menzen_tsumo.open", ()
    return True, "menzen_tsumo.holds", (c.request.win,)


def _flag(name: str) -> Callable[[Ctx], Verdict]:
    reason = f"{name}.holds"

    def judge(c: Ctx) -> Verdict:
        return bool(getattr(c.request, name)), reason, (c.request.win,)

    return judge


# ---------------------------------------------------------------- shape yaku


def _pinfu(c: Ctx) -> Verdict:
    r = c.request
    if not c.standard:
        return False, "pinfu.shape", ()
    if not c.closed:
        return False, "pinfu.open", ()
    trips = [b for b in c.reading.blocks if b.shape is not Shape.SEQUENCE]
    if trips:
        # A kan is named as a kan, not as the triplet it holds.
        reason = "pinfu.kan" if len(trips[0].tiles) == 4 else "pinfu.triplet"
        return False, reason, trips[0].tiles
    if is_value_kind(c.pair, r):
        return False, "pinfu.value_pair", c.pair_tiles()
    if c.reading.wait is not Wait.RYANMEN:
        return False, "pinfu.wait", _wait_tiles(c)
    if r.tsumo and not r.rules.pinfu_tsumo:
        return False, "pinfu.tsumo_rule", (r.win,)
    return True, "pinfu.holds", c.tiles


def _tanyao(c: Ctx) -> Verdict:
    if not c.facts & _SIMPLES_ONLY:  # a terminal or honour somewhere
        return False, "tanyao.terminal", c.culprits(_NOT_SIMPLE)
    if not c.closed and not c.request.rules.open_tanyao:
        return False, "tanyao.open_rule", ()
    return True, "tanyao.holds", c.tiles


def _peikou_count(c: Ctx) -> int:
    if not c.standard or not c.closed:
        return 0
    seen: dict[int, int] = {}
    for first in c.seqs:
        seen[first] = seen.get(first, 0) + 1
    return sum(n // 2 for n in seen.values())


def _twin_tiles(c: Ctx) -> tuple[TileCode, ...]:
    seqs = [b for b in c.reading.blocks if b.is_sequence]
    firsts = [b.first for b in seqs]
    return _block_tiles([b for b in seqs if firsts.count(b.first) >= 2])


def _iipeikou(c: Ctx) -> Verdict:
    if c.reading.form == "chiitoitsu":
        return False, "iipeikou.chiitoitsu", ()
    if not c.closed:
        return False, "iipeikou.open", ()
    n = _peikou_count(c)
    if n == 1:
        return True, "iipeikou.holds", _twin_tiles(c)
    if n == 2:
        return False, "iipeikou.ryanpeikou", _twin_tiles(c)
    return False, "iipeikou.none", ()


def _ryanpeikou(c: Ctx) -> Verdict:
    if _peikou_count(c) == 2:
        return True, "ryanpeikou.holds", _twin_tiles(c)
    return False, "ryanpeikou.none", ()


def is_value_kind(kind: int, r: Request) -> bool:
    """A dragon, the seat wind or the round wind (or north, where three-player rules make it a
    value tile): a pair of it is worth fu."""
    return (
        kind in DRAGONS
        or kind == r.seat
        or kind == r.round
        or (kind == NORTH and r.rules.north_value)
    )


def _yakuhai(kind_of_rule: Callable[[Request], int], key: str) -> Callable[[Ctx], Verdict]:
    def judge(c: Ctx) -> Verdict:
        kind = kind_of_rule(c.request)
        if kind < 0:  # not a value tile under these rules (north, mostly)
            return False, "yakuhai.none", ()
        if kind in c.trips:
            tiles = c.blocks_of(kind)
            # A kan is named as a kan (its four tiles), not as the triplet it holds.
            return True, f"{key}.kan" if len(tiles) == 4 else f"{key}.holds", tiles
        if c.pair == kind:
            return False, "yakuhai.pair_only", c.pair_tiles()
        return False, "yakuhai.none", ()

    return judge


def _haku(r: Request) -> int:
    return DRAGONS[0]


def _hatsu(r: Request) -> int:
    return DRAGONS[1]


def _chun(r: Request) -> int:
    return DRAGONS[2]


def _seat(r: Request) -> int:
    return r.seat


def _round(r: Request) -> int:
    return r.round


def _north(r: Request) -> int:
    """North, where three-player rules make it a value tile; else no kind at all."""
    return NORTH if r.rules.north_value else -1


def _chiitoitsu(c: Ctx) -> Verdict:
    if c.reading.form == "chiitoitsu":
        return True, "chiitoitsu.holds", c.tiles
    return False, "chiitoitsu.none", ()


def _sanshoku(c: Ctx) -> Verdict:
    if not c.standard:
        return False, "sanshoku.none", ()
    seqs = c.seqs
    for n in seqs:  # four sets hold at most one such n: which one is tried first is moot
        if n < 7 and n + 9 in seqs and n + 18 in seqs:
            blocks = _first_blocks(c, (n, n + 9, n + 18), sequence=True)
            return True, "sanshoku.holds", blocks
    return False, "sanshoku.none", ()


def _first_blocks(c: Ctx, firsts: tuple[int, ...], *, sequence: bool) -> tuple[TileCode, ...]:
    chosen: list[Block] = []
    for first in firsts:
        for b in c.reading.blocks:
            if b.first == first and b.is_sequence == sequence and b not in chosen:
                chosen.append(b)
                break
    return _block_tiles(chosen)


def _ittsu(c: Ctx) -> Verdict:
    if not c.standard:
        return False, "ittsu.none", ()
    seqs = c.seqs
    for base in seqs:  # at most one suit can hold all three
        if base % 9 == 0 and base < 27 and base + 3 in seqs and base + 6 in seqs:
            return True, "ittsu.holds", _first_blocks(c, (base, base + 3, base + 6), sequence=True)
    return False, "ittsu.none", ()


def _outside(c: Ctx) -> tuple[bool, tuple[TileCode, ...]]:
    """Every set and the pair hold a terminal or honour; else the first block that does not."""
    for b in c.reading.blocks:
        if b.shape is Shape.SEQUENCE:
            if b.first % 9 not in (0, 6):  # neither 1-2-3 nor 7-8-9
                return False, b.tiles
        elif b.first not in TERMINALS_AND_HONOURS:
            return False, b.tiles
    if c.pair not in TERMINALS_AND_HONOURS:
        return False, c.pair_tiles()
    return True, ()


def _chanta(c: Ctx) -> Verdict:
    if not c.standard:
        return False, "chanta.shape", ()
    ok, culprit = _outside(c)
    if not ok:
        return False, "chanta.inner", culprit
    if not c.seqs:
        return False, "chanta.no_sequence", ()
    if not c.request.honours:
        return False, "chanta.junchan", ()
    return True, "chanta.holds", c.tiles


def _junchan(c: Ctx) -> Verdict:
    if not c.standard:
        return False, "junchan.shape", ()
    ok, culprit = _outside(c)
    if not ok:
        return False, "junchan.inner", culprit
    if c.request.honours:
        return False, "junchan.honour", c.culprits(_HONOUR)
    if not c.seqs:
        return False, "junchan.no_sequence", ()
    return True, "junchan.holds", c.tiles


def _toitoi(c: Ctx) -> Verdict:
    if not c.standard:
        return False, "toitoi.shape", ()
    seqs = [b for b in c.reading.blocks if b.is_sequence]
    if seqs:
        return False, "toitoi.sequence", seqs[0].tiles
    return True, "toitoi.holds", c.tiles


def concealed_triplets(c: Ctx) -> list[Block]:
    return [b for b in c.reading.blocks if not b.is_sequence and b.concealed]


def _sanankou(c: Ctx) -> Verdict:
    found = concealed_triplets(c)
    if len(found) >= 3:
        return True, "sanankou.holds", _block_tiles(found)
    ron_made = [b for b in c.reading.blocks if not b.is_sequence and not b.called and b.open]
    if len(found) == 2 and ron_made:
        return False, "sanankou.ron", ron_made[0].tiles
    return False, "sanankou.none", _block_tiles(found) if c.explain else ()


def _sanshoku_doukou(c: Ctx) -> Verdict:
    trips = set(c.trips)
    for n in range(9):
        if n in trips and n + 9 in trips and n + 18 in trips:
            tiles = _first_blocks(c, (n, n + 9, n + 18), sequence=False)
            return True, "sanshoku_doukou.holds", tiles
    return False, "sanshoku_doukou.none", ()


def _sankantsu(c: Ctx) -> Verdict:
    if c.kan_count == 3:
        kans = [b for b in c.reading.blocks if b.shape is Shape.KAN]
        return True, "sankantsu.holds", _block_tiles(kans)
    return False, "sankantsu.none", ()


def _shousangen(c: Ctx) -> Verdict:
    dragon_sets = [k for k in c.trips if k in DRAGONS]
    if len(dragon_sets) == 2 and c.pair in DRAGONS:
        tiles = c.blocks_of(dragon_sets[0]) + c.blocks_of(dragon_sets[1]) + c.pair_tiles()
        return True, "shousangen.holds", tiles
    return False, "shousangen.none", ()


def _honroutou(c: Ctx) -> Verdict:
    if not c.facts & _OUTER_ONLY:  # a simple somewhere
        return False, "honroutou.inner", c.culprits(_SIMPLE)
    if c.reading.form == "kokushi":
        return False, "honroutou.none", ()
    return True, "honroutou.holds", c.tiles


def _suits_used(c: Ctx) -> set[int]:
    return set(c.request.suits)


def _honitsu(c: Ctx) -> Verdict:
    suits = c.request.suits
    has_honours = c.request.honours > 0
    if len(suits) > 1:
        return False, "honitsu.suits", _second_suit_tiles(c, suits)
    if not has_honours:
        return False, "honitsu.chinitsu", ()
    if not suits:
        return False, "honitsu.none", ()
    return True, "honitsu.holds", c.tiles


def _second_suit_tiles(c: Ctx, suits: tuple[int, ...]) -> tuple[TileCode, ...]:
    if not c.explain:
        return ()
    counts = c.counts
    main = suits[0]
    most = -1
    for suit in suits:  # the suit with the most tiles (the first of equals)
        held = 0
        for kind in range(suit * 9, suit * 9 + 9):
            held += counts[kind]
        if held > most:
            main, most = suit, held
    return c.tiles_where(_OTHER_SUITS[main])


def _chinitsu(c: Ctx) -> Verdict:
    if len(c.request.suits) == 1 and not c.request.honours:
        return True, "chinitsu.holds", c.tiles
    return False, "chinitsu.none", ()


# ---------------------------------------------------------------- yakuman


def _kokushi(c: Ctx) -> Verdict:
    ok = c.reading.form == "kokushi" and c.reading.wait is Wait.KOKUSHI
    return ok, "kokushi.holds", c.tiles


def _kokushi_13(c: Ctx) -> Verdict:
    ok = c.reading.form == "kokushi" and c.reading.wait is Wait.KOKUSHI_13
    return ok, "kokushi_13.holds", c.tiles


def _suuankou(c: Ctx) -> Verdict:
    found = concealed_triplets(c)
    ok = len(found) == 4 and c.reading.wait is not Wait.TANKI
    return ok, "suuankou.holds", _block_tiles(found)


def _suuankou_tanki(c: Ctx) -> Verdict:
    found = concealed_triplets(c)
    ok = len(found) == 4 and c.reading.wait is Wait.TANKI
    return ok, "suuankou_tanki.holds", _block_tiles(found) + c.pair_tiles()


def _daisangen(c: Ctx) -> Verdict:
    ok = all(d in c.trips for d in DRAGONS)
    return ok, "daisangen.holds", c.tiles_where(_DRAGON)


def _winds_in_trips(c: Ctx) -> int:
    return sum(1 for w in WINDS if w in c.trips)


def _shousuushii(c: Ctx) -> Verdict:
    ok = _winds_in_trips(c) == 3 and c.pair in WINDS
    return ok, "shousuushii.holds", c.tiles_where(_WIND)


def _daisuushii(c: Ctx) -> Verdict:
    return _winds_in_trips(c) == 4, "daisuushii.holds", c.tiles_where(_WIND)


def _tsuuiisou(c: Ctx) -> Verdict:
    ok = c.reading.form != "kokushi" and all(kind_of(t) >= 27 for t in c.tiles)
    return ok, "tsuuiisou.holds", c.tiles


def _chinroutou(c: Ctx) -> Verdict:
    ok = c.reading.form != "kokushi" and all(kind_of(t) in TERMINALS for t in c.tiles)
    return ok, "chinroutou.holds", c.tiles


def _ryuuiisou(c: Ctx) -> Verdict:
    return all(kind_of(t) in GREEN_KINDS for t in c.tiles), "ryuuiisou.holds", c.tiles


def _chuuren_counts(c: Ctx) -> tuple[bool, bool]:
    """(chuuren, junsei): 1112345678999 plus one tile of the same suit, closed, no melds."""
    if c.request.hand.melds or c.reading.form != "standard":
        return False, False
    suits = _suits_used(c)
    if len(suits) != 1 or any(c.counts[k] for k in HONOURS):
        return False, False
    base = suits.pop() * 9
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    counts = c.counts[base : base + 9]
    if any(counts[i] < need[i] for i in range(9)):
        return False, False
    extra = next(i for i in range(9) if counts[i] > need[i])
    return True, kind_of(c.request.win) - base == extra


def _chuuren(c: Ctx) -> Verdict:
    ok, junsei = _chuuren_counts(c)
    return ok and not junsei, "chuuren.holds", c.tiles


def _junsei_chuuren(c: Ctx) -> Verdict:
    ok, junsei = _chuuren_counts(c)
    return ok and junsei, "junsei_chuuren.holds", c.tiles


def _suukantsu(c: Ctx) -> Verdict:
    kans = [b for b in c.reading.blocks if b.shape is Shape.KAN]
    return len(kans) == 4, "suukantsu.holds", _block_tiles(kans)


def _wait_tiles(c: Ctx) -> tuple[TileCode, ...]:
    reading = c.reading
    if reading.win_block is not None:
        return reading.blocks[reading.win_block].tiles
    win = kind_of(c.request.win)
    return next((p for p in reading.pairs if kind_of(p[0]) == win), (c.request.win,))


# ---------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class YakuDef:
    """One row of the yaku table. ``open_han`` 0 means closed only; ``double`` marks the
    patterns that count as double yakuman where that rule is on. ``needs`` are facts of
    :func:`hand_facts` that every hand with this yaku has: scoring skips the judge when one is
    missing (explaining still asks every judge, for its reason)."""

    id: str
    closed_han: int
    open_han: int
    judge: Callable[[Ctx], Verdict]
    name: str
    yakuman: bool = False
    double: bool = False
    #: Shown in the tutor's "why not" list when it does not hold.
    common: bool = False
    #: A bit mask of :data:`FACT_BITS`; see :func:`fact_names` for the names.
    needs: int = 0


def _needs(*facts: str) -> int:
    mask = 0
    for name in facts:
        mask |= FACT_BITS[name]  # a KeyError here is a typo in the table
    return mask


def fact_names(mask: int) -> frozenset[str]:
    """The names of the facts in a bit mask (for tests and for reading the table)."""
    return frozenset(name for name, bit in FACT_BITS.items() if mask & bit)


#: Every fact :func:`hand_facts` can report, each a bit of the mask it returns.
FACTS: Final = (
    *BOOL_FIELDS,  # the situation flags, as given (tsumo, riichi, ...)
    # the melds
    "closed",  # no called meld (closed kans allowed)
    "no_melds",
    "kans3",
    "kans4",
    # tile counts of the whole hand
    "simples_only",
    "outer_only",  # terminals and honours only
    "honours",
    "no_honours",
    "one_suit",
    "three_suits",
    "no_fives",  # no 5 of any suit: every set can touch a terminal or honour
    "nine_in_suit",  # some suit holds each of 1 to 9
    "trips3",  # three kinds held three or more times
    "trips4",
    "haku3",
    "hatsu3",
    "chun3",
    "seat3",
    "round3",
    "dragons8",
    "dragons9",
    "winds11",
    "winds12",
    "north3",  # three north tiles where north is a value tile (three players)
    "seven_pairs",
    "kokushi",  # every terminal and honour kind is held
    "all_honours",
    "all_terminals",
    "all_green",
)
FACT_BITS: Final = {name: 1 << index for index, name in enumerate(FACTS)}
_SIMPLES_ONLY: Final = FACT_BITS["simples_only"]
_OUTER_ONLY: Final = FACT_BITS["outer_only"]
_THREE_SUITS: Final = FACT_BITS["three_suits"]
_NINE_IN_SUIT: Final = FACT_BITS["nine_in_suit"]
ALL_FACTS: Final = (1 << len(FACTS)) - 1

YAKU: Final[tuple[YakuDef, ...]] = (
    YakuDef("riichi", 1, 0, _riichi, "Riichi", needs=_needs("riichi")),
    YakuDef("double_riichi", 2, 0, _double_riichi, "Double riichi", needs=_needs("double_riichi")),
    YakuDef("ippatsu", 1, 0, _ippatsu, "Ippatsu", needs=_needs("ippatsu")),
    YakuDef(
        "menzen_tsumo",
        1,
        0,
        _menzen_tsumo,
        "Menzen tsumo",
        common=True,
        needs=_needs("tsumo", "closed"),
    ),
    YakuDef("pinfu", 1, 0, _pinfu, "Pinfu", common=True, needs=_needs("closed")),
    YakuDef("tanyao", 1, 1, _tanyao, "Tanyao", common=True, needs=_needs("simples_only")),
    YakuDef("iipeikou", 1, 0, _iipeikou, "Iipeikou", common=True, needs=_needs("closed")),
    YakuDef("haku", 1, 1, _yakuhai(_haku, "haku"), gettext_noop("Haku"), needs=_needs("haku3")),
    YakuDef(
        "hatsu", 1, 1, _yakuhai(_hatsu, "hatsu"), gettext_noop("Hatsu"), needs=_needs("hatsu3")
    ),
    YakuDef("chun", 1, 1, _yakuhai(_chun, "chun"), gettext_noop("Chun"), needs=_needs("chun3")),
    YakuDef("seat_wind", 1, 1, _yakuhai(_seat, "seat_wind"), "Seat wind", needs=_needs("seat3")),
    YakuDef(
        "round_wind", 1, 1, _yakuhai(_round, "round_wind"), "Round wind", needs=_needs("round3")
    ),
    YakuDef(
        "north_wind", 1, 1, _yakuhai(_north, "north_wind"), "North wind", needs=_needs("north3")
    ),
    YakuDef("haitei", 1, 1, _flag("haitei"), "Haitei", needs=_needs("haitei")),
    YakuDef("houtei", 1, 1, _flag("houtei"), "Houtei", needs=_needs("houtei")),
    YakuDef("rinshan", 1, 1, _flag("rinshan"), "Rinshan kaihou", needs=_needs("rinshan")),
    YakuDef("chankan", 1, 1, _flag("chankan"), "Chankan", needs=_needs("chankan")),
    YakuDef("chiitoitsu", 2, 0, _chiitoitsu, "Chiitoitsu", needs=_needs("seven_pairs")),
    YakuDef(
        "sanshoku", 2, 1, _sanshoku, "Sanshoku doujun", common=True, needs=_needs("three_suits")
    ),
    YakuDef("ittsu", 2, 1, _ittsu, "Ittsu", common=True, needs=_needs("nine_in_suit")),
    YakuDef("chanta", 2, 1, _chanta, "Chanta", common=True, needs=_needs("no_fives", "honours")),
    YakuDef("toitoi", 2, 2, _toitoi, "Toitoi", common=True, needs=_needs("trips4")),
    YakuDef("sanankou", 2, 2, _sanankou, "Sanankou", common=True, needs=_needs("trips3")),
    YakuDef(
        "sanshoku_doukou",
        2,
        2,
        _sanshoku_doukou,
        "Sanshoku doukou",
        needs=_needs("trips3", "three_suits"),
    ),
    YakuDef("sankantsu", 2, 2, _sankantsu, "Sankantsu", needs=_needs("kans3")),
    YakuDef("shousangen", 2, 2, _shousangen, "Shousangen", needs=_needs("dragons8")),
    YakuDef("honroutou", 2, 2, _honroutou, "Honroutou", needs=_needs("outer_only")),
    YakuDef("ryanpeikou", 3, 0, _ryanpeikou, "Ryanpeikou", needs=_needs("closed")),
    YakuDef(
        "junchan", 3, 2, _junchan, "Junchan", common=True, needs=_needs("no_fives", "no_honours")
    ),
    YakuDef("honitsu", 3, 2, _honitsu, "Honitsu", common=True, needs=_needs("one_suit", "honours")),
    YakuDef("chinitsu", 6, 5, _chinitsu, "Chinitsu", needs=_needs("one_suit", "no_honours")),
)

_CHUUREN_NEEDS: Final = _needs("no_melds", "one_suit", "no_honours")
YAKUMAN: Final[tuple[YakuDef, ...]] = (
    YakuDef("kokushi", 13, 0, _kokushi, "Kokushi musou", True, needs=_needs("kokushi")),
    YakuDef(
        "kokushi_13",
        13,
        0,
        _kokushi_13,
        "Kokushi musou, 13-sided wait",
        True,
        True,
        needs=_needs("kokushi"),
    ),
    YakuDef("suuankou", 13, 0, _suuankou, "Suuankou", True, needs=_needs("trips4", "closed")),
    YakuDef(
        "suuankou_tanki",
        13,
        0,
        _suuankou_tanki,
        "Suuankou tanki",
        True,
        True,
        needs=_needs("trips4", "closed"),
    ),
    YakuDef("daisangen", 13, 13, _daisangen, "Daisangen", True, needs=_needs("dragons9")),
    YakuDef("shousuushii", 13, 13, _shousuushii, "Shousuushii", True, needs=_needs("winds11")),
    YakuDef("daisuushii", 13, 13, _daisuushii, "Daisuushii", True, True, needs=_needs("winds12")),
    YakuDef("tsuuiisou", 13, 13, _tsuuiisou, "Tsuuiisou", True, needs=_needs("all_honours")),
    YakuDef("chinroutou", 13, 13, _chinroutou, "Chinroutou", True, needs=_needs("all_terminals")),
    YakuDef("ryuuiisou", 13, 13, _ryuuiisou, "Ryuuiisou", True, needs=_needs("all_green")),
    YakuDef("chuuren", 13, 0, _chuuren, "Chuuren poutou", True, needs=_CHUUREN_NEEDS),
    YakuDef(
        "junsei_chuuren",
        13,
        0,
        _junsei_chuuren,
        "Junsei chuuren poutou",
        True,
        True,
        needs=_CHUUREN_NEEDS,
    ),
    YakuDef("suukantsu", 13, 13, _suukantsu, "Suukantsu", True, needs=_needs("kans4")),
    YakuDef("tenhou", 13, 0, _flag("tenhou"), "Tenhou", True, needs=_needs("tenhou")),
    YakuDef("chiihou", 13, 0, _flag("chiihou"), "Chiihou", True, needs=_needs("chiihou")),
)

YAKU_BY_ID: Final = {y.id: y for y in (*YAKU, *YAKUMAN)}

#: Under aotenjou's "13 han" policy a yakuman is added to the ordinary yaku, except those it
#: already implies (seed 003 counts suuankou without toitoi and sanankou). Our list: each
#: yakuman implies the yaku that every hand of that yakuman necessarily has *because of* the
#: yakuman's own pattern. Winds are the pattern of shousuushii and daisuushii, so their wind
#: yakuhai go; a seat or round wind triplet beside another yakuman (seed 003's double South
#: with suuankou) is kept.
IMPLIED: Final[dict[str, frozenset[str]]] = {
    "suuankou": frozenset({"toitoi", "sanankou"}),
    "suuankou_tanki": frozenset({"toitoi", "sanankou"}),
    # Shousangen cannot hold beside daisangen here; listed because other engines award both.
    "daisangen": frozenset({"haku", "hatsu", "chun", "shousangen"}),
    "shousuushii": frozenset({"seat_wind", "round_wind"}),
    "daisuushii": frozenset({"toitoi", "seat_wind", "round_wind"}),
    "tsuuiisou": frozenset({"honroutou", "toitoi"}),
    "chinroutou": frozenset({"honroutou", "toitoi"}),
    "ryuuiisou": frozenset({"honitsu", "chinitsu"}),
    "chuuren": frozenset({"chinitsu"}),
    "junsei_chuuren": frozenset({"chinitsu"}),
    "suukantsu": frozenset({"sankantsu", "toitoi"}),
    "tenhou": frozenset({"menzen_tsumo"}),
    "chiihou": frozenset({"menzen_tsumo"}),
}

_ = gettext_noop
#: Every reason a judge can give, as an English sentence. ``{tiles}`` is filled by the caller.
REASONS: Final[dict[str, str]] = {
    "riichi.holds": _("Riichi was declared with a closed, ready hand."),
    "riichi.double": _("Counted as double riichi instead."),
    "riichi.none": _("No riichi was declared."),
    "double_riichi.holds": _("Riichi was declared on the very first discard."),
    "ippatsu.holds": _("The hand won within one go-around of the riichi, with no call between."),
    "menzen_tsumo.holds": _("A closed hand that drew its own winning tile."),
    "menzen_tsumo.ron": _("The winning tile was a discard (ron), not a self-draw."),
    "menzen_tsumo.open": _("The hand is open: self-draw is only a yaku for a closed hand."),
    "pinfu.holds": _(
        "Closed, four sequences, a pair worth no fu and a two-sided wait: nothing adds fu."
    ),
    "pinfu.shape": _("Pinfu needs four sets and a pair, not this shape."),
    "pinfu.open": _("Pinfu is for closed hands only."),
    "pinfu.triplet": _("{tiles} is a triplet; pinfu needs four sequences."),
    "pinfu.kan": _("{tiles} is a kan; pinfu needs four sequences."),
    "pinfu.value_pair": _("The pair {tiles} is a value tile and is worth fu."),
    "pinfu.wait": _("The wait on {tiles} is not two-sided (ryanmen)."),
    "pinfu.tsumo_rule": _("These rules do not allow pinfu by tsumo."),
    "tanyao.holds": _("Every tile is a simple, 2 to 8."),
    "tanyao.terminal": _("{tiles}: terminals and honours break all-simples."),
    "tanyao.open_rule": _("These rules do not allow tanyao in an open hand (no kuitan)."),
    "iipeikou.holds": _("Two identical sequences {tiles} in a closed hand."),
    "iipeikou.none": _("No two sequences are identical."),
    "iipeikou.open": _("Iipeikou is for closed hands only."),
    "iipeikou.ryanpeikou": _("Two pairs of identical sequences count as ryanpeikou instead."),
    "iipeikou.chiitoitsu": _("This reading is seven pairs, which has no sequences to pair up."),
    "ryanpeikou.holds": _("Two pairs of identical sequences {tiles} in a closed hand."),
    "ryanpeikou.none": _("There are not two pairs of identical sequences."),
    "haku.holds": _("A triplet of white dragons {tiles}."),
    "hatsu.holds": _("A triplet of green dragons {tiles}."),
    "chun.holds": _("A triplet of red dragons {tiles}."),
    "seat_wind.holds": _("A triplet of your own seat wind {tiles}."),
    "round_wind.holds": _("A triplet of the round wind {tiles}."),
    "north_wind.holds": _(
        "A triplet of north winds {tiles}: these three-player rules make north a value tile."
    ),
    "haku.kan": _("A kan of white dragons {tiles}."),
    "hatsu.kan": _("A kan of green dragons {tiles}."),
    "chun.kan": _("A kan of red dragons {tiles}."),
    "seat_wind.kan": _("A kan of your own seat wind {tiles}."),
    "round_wind.kan": _("A kan of the round wind {tiles}."),
    "north_wind.kan": _(
        "A kan of north winds {tiles}: these three-player rules make north a value tile."
    ),
    "yakuhai.pair_only": _("{tiles} is only a pair; a value tile needs a triplet for han."),
    "yakuhai.none": _("There is no triplet of a dragon, the seat wind or the round wind."),
    "haitei.holds": _("Won by drawing the last tile of the wall."),
    "houtei.holds": _("Won on the last discard of the hand."),
    "rinshan.holds": _("Won on the replacement tile drawn after a kan."),
    "chankan.holds": _("Won by robbing a tile another player added to a kan."),
    "chiitoitsu.holds": _("Seven different pairs."),
    "chiitoitsu.none": _("The hand is not seven pairs."),
    "sanshoku.holds": _("The same sequence in all three suits: {tiles}."),
    "sanshoku.none": _("No sequence appears in all three suits."),
    "ittsu.holds": _("1-2-3, 4-5-6 and 7-8-9 of one suit: {tiles}."),
    "ittsu.none": _("No suit has 1-2-3, 4-5-6 and 7-8-9."),
    "chanta.holds": _("Every set and the pair hold a terminal or an honour."),
    "chanta.shape": _("Chanta needs four sets and a pair."),
    "chanta.inner": _("{tiles} has no terminal or honour."),
    "chanta.no_sequence": _("With no sequence at all this is honroutou, not chanta."),
    "chanta.junchan": _("No honours: counted as junchan instead."),
    "junchan.holds": _("Every set and the pair hold a terminal (1 or 9), with no honours."),
    "junchan.shape": _("Junchan needs four sets and a pair."),
    "junchan.inner": _("{tiles} has no terminal."),
    "junchan.honour": _("{tiles}: junchan allows no honours."),
    "junchan.no_sequence": _("With no sequence at all this is chinroutou, not junchan."),
    "toitoi.holds": _("All four sets are triplets or kans."),
    "toitoi.shape": _("Toitoi needs four sets and a pair."),
    "toitoi.sequence": _("{tiles} is a sequence."),
    "sanankou.holds": _("Three concealed triplets or kans: {tiles}."),
    "sanankou.ron": _("{tiles} was completed by ron, so it counts as an open triplet."),
    "sanankou.none": _("Fewer than three concealed triplets."),
    "sanshoku_doukou.holds": _("A triplet of the same number in all three suits: {tiles}."),
    "sanshoku_doukou.none": _("No number has a triplet in all three suits."),
    "sankantsu.holds": _("Three kans: {tiles}."),
    "sankantsu.none": _("Fewer than three kans."),
    "shousangen.holds": _("Two dragon triplets and a dragon pair: {tiles}."),
    "shousangen.none": _("Not two dragon triplets with a dragon pair."),
    "honroutou.holds": _("Every tile is a terminal or an honour."),
    "honroutou.inner": _("{tiles} is a simple."),
    "honroutou.none": _("Kokushi does not also count honroutou."),
    "honitsu.holds": _("One suit plus honours."),
    # Which suit is "the hand's" is arbitrary (seven pairs of two suits): say only that there
    # are two, and what honitsu is made of.
    "honitsu.suits": _(
        "{tiles}: the hand has more than one suit; honitsu is made of one suit and honours only."
    ),
    "honitsu.chinitsu": _("No honours: counted as chinitsu instead."),
    "honitsu.none": _("There is no number suit at all."),
    "chinitsu.holds": _("Every tile is of one suit."),
    "chinitsu.none": _("More than one suit, or honours."),
    "kokushi.holds": _("One of each terminal and honour, one of them paired."),
    "kokushi_13.holds": _("Kokushi waiting on all thirteen terminals and honours."),
    "suuankou.holds": _("Four concealed triplets."),
    "suuankou_tanki.holds": _("Four concealed triplets, won on the pair."),
    "daisangen.holds": _("Triplets of all three dragons."),
    "shousuushii.holds": _("Three wind triplets and a wind pair."),
    "daisuushii.holds": _("Triplets of all four winds."),
    "tsuuiisou.holds": _("Every tile is an honour."),
    "chinroutou.holds": _("Every tile is a terminal."),
    "ryuuiisou.holds": _("Every tile is green: 2 3 4 6 8 of bamboo and green dragons."),
    "chuuren.holds": _("1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more, closed."),
    "junsei_chuuren.holds": _("1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit waiting on all nine tiles."),
    "suukantsu.holds": _("Four kans."),
    "tenhou.holds": _("The dealer won on the very first draw."),
    "chiihou.holds": _("Won on the first draw, before any call."),
}


_GREEN_LIST: Final = tuple(sorted(GREEN_KINDS))


def hand_facts(r: Request) -> int:
    """The facts of :data:`FACTS` that hold for the whole hand (every reading shares them), as
    a bit mask of :data:`FACT_BITS`.

    Each is a cheap count over the 34 kinds; together they rule out nearly every row of the
    yaku tables before any reading is judged.
    """
    b = FACT_BITS
    c = r.counts
    size = len(r.all_tiles)
    facts = 0
    # The situation flags (BOOL_FIELDS) are facts as they stand; read one by one, as
    # attributes (far cheaper than getattr by name once compiled), and most are off.
    if r.tsumo:
        facts |= b["tsumo"]
    if r.riichi:
        facts |= b["riichi"]
    if r.double_riichi:
        facts |= b["double_riichi"]
    if r.ippatsu:
        facts |= b["ippatsu"]
    if r.haitei:
        facts |= b["haitei"]
    if r.houtei:
        facts |= b["houtei"]
    if r.rinshan:
        facts |= b["rinshan"]
    if r.chankan:
        facts |= b["chankan"]
    if r.tenhou:
        facts |= b["tenhou"]
    if r.chiihou:
        facts |= b["chiihou"]
    melds = r.hand.melds
    if not melds:
        facts |= b["no_melds"] | b["closed"]
        if c.count(2) == 7:
            facts |= b["seven_pairs"]
    else:
        if r.is_closed:
            facts |= b["closed"]
        kans = 0
        for meld in melds:
            kans += meld.is_kan
        if kans >= 3:
            facts |= b["kans3"] if kans == 3 else b["kans3"] | b["kans4"]
    honours = r.honours
    outer = honours + c[0] + c[8] + c[9] + c[17] + c[18] + c[26]
    if outer == 0:
        facts |= b["simples_only"]
    elif outer == size:
        facts |= b["outer_only"]
        if honours == size:
            facts |= b["all_honours"]
        elif honours == 0:
            facts |= b["all_terminals"]
    facts |= b["honours"] if honours else b["no_honours"]
    suits = len(r.suits)
    if suits == 1:
        facts |= b["one_suit"]
    elif suits == 3:
        facts |= b["three_suits"]
    if not (c[4] or c[13] or c[22]):
        facts |= b["no_fives"]
        if honours and all(c[k] for k in KOKUSHI_KINDS):
            facts |= b["kokushi"]
    elif (
        (c[4] and c[0] and c[8] and all(c[0:9]))
        or (c[13] and all(c[9:18]))
        or (c[22] and all(c[18:27]))
    ):
        facts |= b["nine_in_suit"]
    trips = 0
    for n in c:
        if n >= 3:
            trips += 1
    if trips >= 3:
        facts |= b["trips3"] if trips == 3 else b["trips3"] | b["trips4"]
    if honours >= 3:
        if c[31] >= 3:
            facts |= b["haku3"]
        if c[32] >= 3:
            facts |= b["hatsu3"]
        if c[33] >= 3:
            facts |= b["chun3"]
        if c[r.seat] >= 3:
            facts |= b["seat3"]
        if c[r.round] >= 3:
            facts |= b["round3"]
        if c[NORTH] >= 3 and r.rules.north_value:
            facts |= b["north3"]
        if c[31] + c[32] + c[33] >= 8:
            facts |= b["dragons8"]
            if c[31] >= 3 and c[32] >= 3 and c[33] >= 3:
                facts |= b["dragons9"]
        if c[27] + c[28] + c[29] + c[30] >= 11:
            facts |= b["winds11"]
            if c[27] >= 3 and c[28] >= 3 and c[29] >= 3 and c[30] >= 3:
                facts |= b["winds12"]
    if r.suits in ((), (2,)) and sum(c[k] for k in _GREEN_LIST) == size:
        facts |= b["all_green"]
    return facts


#: The common yaku (``common=True`` rows of :data:`YAKU`, in table order): the ones the "why
#: not" list explains when they do not hold (:func:`judge_common`).
COMMON: Final = tuple(y for y in YAKU if y.common)


def judge_common(index: int, ctx: Ctx) -> Verdict:
    """The verdict of ``COMMON[index]`` for this reading: its judge called by name, which once
    compiled is a direct call (far cheaper than calling the row's ``judge`` attribute, and the
    verdict is not boxed). tests/engine/test_trace_speed.py checks the order against
    :data:`COMMON`."""
    if index < 5:
        if index == 0:
            return _menzen_tsumo(ctx)
        if index == 1:
            return _pinfu(ctx)
        if index == 2:
            return _tanyao(ctx)
        if index == 3:
            return _iipeikou(ctx)
        if not ctx.facts & _THREE_SUITS:  # the hand's facts already say no
            return False, "sanshoku.none", ()
        return _sanshoku(ctx)
    if index == 5:
        if not ctx.facts & _NINE_IN_SUIT:
            return False, "ittsu.none", ()
        return _ittsu(ctx)
    if index == 6:
        return _chanta(ctx)
    if index == 7:
        return _toitoi(ctx)
    if index == 8:
        return _sanankou(ctx)
    if index == 9:
        return _junchan(ctx)
    if index == 10:
        return _honitsu(ctx)
    return COMMON[index].judge(ctx)  # a common row added to the table but not above


@lru_cache(maxsize=16384)
def rows_for(facts: int) -> tuple[tuple[YakuDef, ...], tuple[YakuDef, ...]]:
    """The rows of :data:`YAKU` and :data:`YAKUMAN` whose needs these facts meet."""
    return (
        tuple(y for y in YAKU if y.needs & facts == y.needs),
        tuple(y for y in YAKUMAN if y.needs & facts == y.needs),
    )


def judge_all(ctx: Ctx, table: tuple[YakuDef, ...]) -> list[tuple[YakuDef, Verdict]]:
    """Every row of ``table`` with its verdict for this reading."""
    return [(y, y.judge(ctx)) for y in table]
