"""Random winning hands as API.md request dicts, for drills, property tests and benchmarks.

Pure standard library and independent of the rest of the engine: a request is built from tile
*kinds* (0..33: 0-8 manzu, 9-17 pinzu, 18-26 souzu, 27-33 East South West North haku hatsu
chun) and written in Extended MPSZ. Everything is drawn from the ``random.Random`` passed in,
so a seed reproduces the same requests on every platform.

Every request is a complete winning hand with legal counts (at most four of a kind counting
the hand, the melds and the dora / ura indicators; at most one red five per suit) and a
situation that RULES.md §7b accepts: riichi, double riichi and ippatsu only when closed,
ippatsu only with riichi, chankan only by ron, rinshan only by tsumo after a kan, haitei only
by tsumo and never with rinshan, houtei only by ron, tenhou only for the dealer and chiihou
only for a non-dealer, both by tsumo without melds. A hand may still have no yaku (a legal
request that scores ``no_yaku``) unless ``ensure_yaku`` is set.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from .request import SITUATION_FIELDS

__all__ = ["Shape", "generate_request", "generate_requests"]

Shape = Literal["any", "standard", "chiitoitsu", "kokushi"]
MeldType = Literal["chi", "pon", "kan_open", "kan_added", "kan_closed"]

# A tile *code* here is an int: a kind 0..33, or RED_BASE + suit (34 0m, 35 0p, 36 0s).
RED_BASE: Final = 34
FIVES: Final = (4, 13, 22)
SUIT_LETTERS: Final = "mpsz"
HONOURS: Final = tuple(range(27, 34))
WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONOURS: Final = TERMINALS + HONOURS
SIMPLES: Final = tuple(k for k in range(27) if k % 9 not in (0, 8))
GREEN: Final = (19, 20, 21, 23, 25, 32)
WIND_CODES: Final = ("1z", "2z", "3z", "4z")

# Ordinary themes: each shapes which groups are drawn, so that every yaku turns up often.
_THEMES: Final[dict[str, float]] = {
    "mixed": 24,
    "tanyao": 10,
    "sequences": 10,
    "flush": 5,
    "half_flush": 8,
    "outside": 6,
    "triplets": 7,
    "honours": 8,
    "sanshoku": 4,
    "ittsu": 4,
    "peikou": 5,
    "doukou": 2,
    "honroutou": 2,
    "sangen": 3,
}
# Yakuman themes (sometimes): the shape alone is the yakuman (or nearly).
_YAKUMAN_THEMES: Final[dict[str, float]] = {
    "daisangen": 3,
    "suushii": 3,
    "tsuuiisou": 2,
    "chinroutou": 2,
    "ryuuiisou": 2,
    "chuuren": 2,
    "suuankou": 4,
    "suukantsu": 1,
}
# Themes that stay closed, and themes that always carry a yaku even when open.
_CLOSED_THEMES: Final = frozenset({"chuuren", "suuankou"})
_OPEN_YAKU_THEMES: Final = frozenset(
    {
        "flush",
        "half_flush",
        "outside",
        "triplets",
        "honours",
        "sanshoku",
        "ittsu",
        "doukou",
        "honroutou",
        "sangen",
        *_YAKUMAN_THEMES,
    }
)
_SEQUENCE_ONLY_THEMES: Final = frozenset({"sequences", "sanshoku", "ittsu", "peikou", "chuuren"})


class _Retry(Exception):
    """The random choices painted themselves into a corner: draw again."""


def kind_of(code: int) -> int:
    """The kind of a tile code (a red five is its suit's five)."""
    return FIVES[code - RED_BASE] if code >= RED_BASE else code


def tile_str(code: int) -> str:
    """One tile in MPSZ (``5m``, ``0p``, ``7z``)."""
    if code >= RED_BASE:
        return "0" + SUIT_LETTERS[code - RED_BASE]
    return f"{code % 9 + 1}{SUIT_LETTERS[code // 9]}"


def _sort_key(code: int) -> tuple[int, float]:
    kind = kind_of(code)
    # Canonical digit order 1 2 3 4 5 0 6 7 8 9: a red five sorts right after the plain fives.
    return kind // 9, kind % 9 + (0.5 if code >= RED_BASE else 0.0)


def tiles_str(codes: Sequence[int]) -> str:
    """Loose tiles in canonical MPSZ: suits m p s z, digits 1 2 3 4 5 0 6 7 8 9."""
    out: list[str] = []
    ordered = sorted(codes, key=_sort_key)
    for i, code in enumerate(ordered):
        out.append(tile_str(code)[0])
        if i + 1 == len(ordered) or _sort_key(ordered[i + 1])[0] != _sort_key(code)[0]:
            out.append(SUIT_LETTERS[kind_of(code) // 9])
    return "".join(out)


@dataclass
class _Meld:
    """A declared meld; ``tiles`` holds codes (reds filled in last)."""

    type: MeldType
    tiles: list[int]
    called: int = -1  # index of the called tile in ``tiles`` (-1 for a closed kan)
    direction: str = ""  # '-', '=' or '+'

    @property
    def is_open(self) -> bool:
        return self.type != "kan_closed"

    @property
    def is_kan(self) -> bool:
        return len(self.tiles) == 4

    def notation(self) -> str:
        suit = SUIT_LETTERS[kind_of(self.tiles[0]) // 9]
        digits = [tile_str(c)[0] for c in self.tiles]
        if self.type == "kan_closed":
            return "(" + "".join(digits) + suit + ")"
        body: list[str] = []
        for i, digit in enumerate(digits):
            body.append(digit)
            if i == self.called:
                body.append(self.direction)
            if self.type == "kan_added" and i == len(digits) - 1:
                body.append("^")
        opener, closer = ("{", "}") if self.type == "kan_added" else ("[", "]")
        return opener + "".join(body) + suit + closer


@dataclass
class _Hand:
    """A winning hand under construction: counts of every kind, groups, then melds."""

    counts: list[int] = field(default_factory=lambda: [0] * 34)
    groups: list[list[int]] = field(default_factory=list)  # 3-tile groups (kinds)
    pair: int = -1
    extra: list[int] = field(default_factory=list)  # irregular shapes: the full 14 kinds

    def take(self, kinds: Sequence[int]) -> None:
        for k in kinds:
            if self.counts[k] >= 4:
                raise _Retry
            self.counts[k] += 1

    def room(self, kinds: Sequence[int]) -> bool:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        return all(self.counts[k] + n <= 4 for k, n in need.items())


# -- small helpers -------------------------------------------------------------------------------


def _weighted(rng: random.Random, table: Mapping[str, float]) -> str:
    names = list(table)
    return rng.choices(names, weights=[table[n] for n in names])[0]


def _seq(start: int) -> list[int]:
    return [start, start + 1, start + 2]


def _seq_starts(kinds: Sequence[int]) -> list[int]:
    """Starts of the sequences lying wholly inside ``kinds`` (number suits only)."""
    pool = set(kinds)
    return [k for k in sorted(pool) if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]


def _add_group(
    rng: random.Random,
    hand: _Hand,
    kinds: Sequence[int],
    p_seq: float,
    starts: Sequence[int] | None = None,
) -> None:
    """Add one random sequence (probability ``p_seq``) or triplet drawn from ``kinds``."""
    seq_starts = list(starts) if starts is not None else _seq_starts(kinds)
    for _ in range(30):
        if seq_starts and rng.random() < p_seq:
            group = _seq(rng.choice(seq_starts))
        else:
            k = rng.choice(list(kinds))
            group = [k, k, k]
        if hand.room(group):
            hand.take(group)
            hand.groups.append(group)
            return
    raise _Retry


def _add_pair(rng: random.Random, hand: _Hand, kinds: Sequence[int]) -> None:
    options = [k for k in kinds if hand.counts[k] <= 2]
    if not options:
        raise _Retry
    hand.pair = rng.choice(options)
    hand.take([hand.pair, hand.pair])


# -- the themes ----------------------------------------------------------------------------------


def _build_standard(rng: random.Random, theme: str, hand: _Hand) -> None:
    """Fill ``hand`` with four groups and a pair shaped by ``theme``."""
    every = range(34)
    numbers = range(27)
    if theme == "mixed":
        for _ in range(4):
            _add_group(rng, hand, every, 0.6)
        _add_pair(rng, hand, WINDS if rng.random() < 0.25 else every)  # wind pairs: fu
    elif theme == "tanyao":
        for _ in range(4):
            _add_group(rng, hand, SIMPLES, 0.65)
        _add_pair(rng, hand, SIMPLES)
    elif theme == "sequences":
        for _ in range(4):
            _add_group(rng, hand, numbers, 1.0)
        _add_pair(rng, hand, WINDS if rng.random() < 0.25 else numbers)
    elif theme in ("flush", "half_flush"):
        suit = rng.randrange(3)
        own = list(range(suit * 9, suit * 9 + 9))
        pool = own if theme == "flush" else own + list(HONOURS)
        for _ in range(4):
            _add_group(rng, hand, pool, 0.55, _seq_starts(own))
        _add_pair(rng, hand, pool)
    elif theme == "outside":
        junchan = rng.random() < 0.4
        ends = [k for k in numbers if k % 9 in (0, 6)]
        pool = list(TERMINALS) if junchan else list(TERMINALS_AND_HONOURS)
        for _ in range(4):
            _add_group(rng, hand, pool, 0.65, ends)
        _add_pair(rng, hand, pool)
    elif theme == "triplets":
        for _ in range(4):
            _add_group(rng, hand, every, 0.0)
        _add_pair(rng, hand, every)
    elif theme == "honours":  # a dragon triplet (yakuhai), sometimes another honour one
        _add_group(rng, hand, DRAGONS, 0.0)
        if rng.random() < 0.4:
            _add_group(rng, hand, HONOURS, 0.0)
        while len(hand.groups) < 4:
            _add_group(rng, hand, every, 0.6)
        _add_pair(rng, hand, every)
    elif theme == "sanshoku":
        rank = rng.randrange(7)
        for suit in range(3):
            group = _seq(suit * 9 + rank)
            hand.take(group)
            hand.groups.append(group)
        _add_group(rng, hand, every, 0.6)
        _add_pair(rng, hand, every)
    elif theme == "ittsu":
        suit = rng.randrange(3)
        for rank in (0, 3, 6):
            group = _seq(suit * 9 + rank)
            hand.take(group)
            hand.groups.append(group)
        _add_group(rng, hand, every, 0.6)
        _add_pair(rng, hand, every)
    elif theme == "peikou":
        for _ in range(2 if rng.random() < 0.3 else 1):
            start = rng.choice(_seq_starts(numbers))
            for _ in range(2):
                hand.take(_seq(start))
                hand.groups.append(_seq(start))
        while len(hand.groups) < 4:
            _add_group(rng, hand, numbers, 0.8)
        _add_pair(rng, hand, every)
    elif theme == "doukou":
        rank = rng.randrange(9)
        for suit in range(3):
            k = suit * 9 + rank
            hand.take([k, k, k])
            hand.groups.append([k, k, k])
        _add_group(rng, hand, every, 0.5)
        _add_pair(rng, hand, every)
    elif theme == "honroutou":
        for _ in range(4):
            _add_group(rng, hand, TERMINALS_AND_HONOURS, 0.0)
        _add_pair(rng, hand, TERMINALS_AND_HONOURS)
    elif theme == "sangen":  # shousangen, sometimes daisangen by chance of the draw
        dragons = list(DRAGONS)
        rng.shuffle(dragons)
        for k in dragons[:2]:
            hand.take([k, k, k])
            hand.groups.append([k, k, k])
        hand.pair = dragons[2]
        hand.take([hand.pair, hand.pair])
        for _ in range(2):
            _add_group(rng, hand, every, 0.6)
    else:
        _build_yakuman(rng, theme, hand)


def _build_yakuman(rng: random.Random, theme: str, hand: _Hand) -> None:
    every = range(34)
    if theme == "daisangen":
        for k in DRAGONS:
            hand.take([k, k, k])
            hand.groups.append([k, k, k])
        _add_group(rng, hand, every, 0.6)
        _add_pair(rng, hand, every)
    elif theme == "suushii":
        winds = list(WINDS)
        rng.shuffle(winds)
        big = rng.random() < 0.4
        for k in winds[: 4 if big else 3]:
            hand.take([k, k, k])
            hand.groups.append([k, k, k])
        if big:
            _add_pair(rng, hand, every)
        else:
            hand.pair = winds[3]
            hand.take([hand.pair, hand.pair])
            _add_group(rng, hand, every, 0.6)
    elif theme == "tsuuiisou":
        for _ in range(4):
            _add_group(rng, hand, HONOURS, 0.0)
        _add_pair(rng, hand, HONOURS)
    elif theme == "chinroutou":
        for _ in range(4):
            _add_group(rng, hand, TERMINALS, 0.0)
        _add_pair(rng, hand, TERMINALS)
    elif theme == "ryuuiisou":
        for _ in range(4):
            _add_group(rng, hand, GREEN, 0.45, [19])
        _add_pair(rng, hand, GREEN)
    elif theme == "chuuren":
        base = 9 * rng.randrange(3)
        shape = [base + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
        shape.append(base + rng.randrange(9))
        hand.take(shape)
        hand.extra = shape
    elif theme in ("suuankou", "suukantsu"):
        for _ in range(4):
            _add_group(rng, hand, every, 0.0)
        _add_pair(rng, hand, every)
    else:  # pragma: no cover - a theme name typo
        raise ValueError(f"unknown theme {theme!r}")


def _build_chiitoitsu(rng: random.Random, hand: _Hand, yakuman: bool) -> None:
    styles = ("mixed", "tanyao", "flush", "half_flush", "honroutou", "honours")
    # seven pairs of honours is tsuuiisou, the one yakuman of this shape
    style = "honours" if yakuman else rng.choices(styles, (10, 3, 2, 3, 1, 1))[0]
    if style == "tanyao":
        pool: list[int] = list(SIMPLES)
    elif style in ("flush", "half_flush"):
        suit = rng.randrange(3)
        pool = list(range(suit * 9, suit * 9 + 9))
        if style == "half_flush":
            pool += list(HONOURS)
    elif style == "honroutou":
        pool = list(TERMINALS_AND_HONOURS)
    elif style == "honours":
        pool = list(HONOURS)
    else:
        pool = list(range(34))
    kinds = rng.sample(pool, 7)
    for k in kinds:
        hand.take([k, k])
    hand.extra = [k for k in kinds for _ in range(2)]


def _build_kokushi(rng: random.Random, hand: _Hand) -> None:
    shape = [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)]
    hand.take(shape)
    hand.extra = shape


# -- melds ---------------------------------------------------------------------------------------


def _make_meld(rng: random.Random, group: list[int], mtype: MeldType) -> _Meld:
    if mtype == "chi":
        return _Meld("chi", list(group), rng.randrange(3), "-")
    k = group[0]
    if mtype == "pon":
        return _Meld("pon", [k, k, k], rng.randrange(3), rng.choice("-=+"))
    if mtype == "kan_open":
        return _Meld("kan_open", [k, k, k, k], rng.randrange(4), rng.choice("-=+"))
    if mtype == "kan_added":
        return _Meld("kan_added", [k, k, k, k], rng.randrange(3), rng.choice("-=+"))
    return _Meld("kan_closed", [k, k, k, k])


def _choose_melds(
    rng: random.Random,
    hand: _Hand,
    theme: str,
    want_open: bool,
    kans: bool | None,
    sanma: bool = False,
) -> list[_Meld]:
    """Turn some groups into declared melds; return them (the groups left stay concealed)."""
    n = len(hand.groups)
    order = list(range(n))
    rng.shuffle(order)
    triplets = [i for i in order if hand.groups[i][0] == hand.groups[i][1]]
    kan_idx: set[int] = set()
    if theme == "suukantsu":
        kan_idx = set(triplets)
    elif kans is not False:
        for i in triplets:
            if rng.random() < (0.15 if theme != "triplets" else 0.3):
                kan_idx.add(i)
        if kans and not kan_idx:
            if not triplets:
                raise _Retry
            kan_idx.add(triplets[0])
    for i in kan_idx:
        if hand.counts[hand.groups[i][0]] != 3:
            raise _Retry  # the fourth tile is already elsewhere in the hand
    open_idx: set[int] = set()
    if want_open:
        how_many = rng.choices((1, 2, 3, 4), (35, 35, 20, 10))[0]
        open_idx = set(order[:how_many])
    melds: list[_Meld] = []
    concealed: list[list[int]] = []
    for i, group in enumerate(hand.groups):
        is_triplet = group[0] == group[1]
        if i in kan_idx:
            hand.take([group[0]])
            if i in open_idx:
                mtype: MeldType = rng.choice(("kan_open", "kan_added"))
            else:
                mtype = "kan_closed"
            melds.append(_make_meld(rng, group, mtype))
        elif i in open_idx and (is_triplet or not sanma):  # three players cannot chi
            melds.append(_make_meld(rng, group, "pon" if is_triplet else "chi"))
        else:
            concealed.append(group)
    hand.groups = concealed
    if want_open and not any(m.is_open for m in melds):
        raise _Retry
    rng.shuffle(melds)
    return melds


# -- indicators and red fives --------------------------------------------------------------------


def _indicator_for(
    rng: random.Random, hand: _Hand, present: Sequence[int], aim: float, sanma: bool = False
) -> int:
    """A dora indicator kind with a free copy; often one that points at a tile of the hand."""

    def indicator_of(dora: int) -> int:
        if sanma and dora == 8:  # three players: 1m points to 9m
            return 0
        if dora < 27:
            return dora - 1 if dora % 9 else dora + 8
        if dora in WINDS:
            return 27 + (dora - 27 - 1) % 4
        return 31 + (dora - 31 - 1) % 3

    for _ in range(20):
        if present and rng.random() < aim:
            k = indicator_of(rng.choice(present))
        else:
            k = rng.randrange(34)
        if hand.counts[k] < 4:
            hand.take([k])
            return k
    raise _Retry


def _assign_reds(rng: random.Random, slots: list[tuple[list[int], int]]) -> None:
    """Make at most one five per suit red, with about the chance a real set gives."""
    for suit, five in enumerate(FIVES):
        places = [(lst, i) for lst, i in slots if lst[i] == five]
        # A set has one red among its four fives (so four visible fives include it); the
        # chance is boosted a little so that reds show up often.
        if places and (len(places) == 4 or rng.random() < 0.35 * len(places)):
            lst, i = rng.choice(places)
            lst[i] = RED_BASE + suit


# -- the public API ------------------------------------------------------------------------------


def generate_request(
    rng: random.Random,
    *,
    shape: Shape = "any",
    open: bool | None = None,
    kans: bool | None = None,
    yakuman: bool | None = None,
    red_fives: bool = True,
    situations: bool = True,
    ensure_yaku: bool = False,
    honba: bool = True,
    wareme: bool = False,
    rules: str | Mapping[str, object] | None = None,
    sanma: bool = False,
) -> dict[str, object]:
    """One random, valid, complete winning hand as an API.md request dict.

    - ``shape``: ``standard`` (four groups and a pair), ``chiitoitsu``, ``kokushi``, or ``any``.
    - ``open``: ``True`` at least one open meld, ``False`` closed (closed kans allowed),
      ``None`` either.
    - ``kans``: ``True`` at least one kan, ``False`` none, ``None`` sometimes.
    - ``yakuman``: ``True`` always a yakuman (a yakuman shape, or tenhou / chiihou), ``False``
      never on purpose, ``None`` now and then.
    - ``red_fives``: allow red fives (``0m 0p 0s``). ``situations``: draw riichi, ippatsu,
      haitei... (else only the plain win). ``ensure_yaku``: make sure the hand has some yaku
      (riichi for closed hands, a yaku-bearing shape for open ones). ``honba``: draw honba and
      riichi sticks (else 0). ``wareme``: add a ``wareme`` seat. ``rules``: added as ``rules``.
    - ``sanma``: a three-player hand (give three-player ``rules`` too): no 2m-8m, no chi,
      seats East South West, often norths set aside (``nuki``).
    """
    if shape in ("chiitoitsu", "kokushi") and (open or kans):
        raise ValueError(f"a {shape} hand has no melds")
    for _ in range(200):
        try:
            return _generate(
                rng,
                shape=shape,
                open_=open,
                kans=kans,
                yakuman=yakuman,
                red_fives=red_fives,
                situations=situations,
                ensure_yaku=ensure_yaku,
                honba=honba,
                wareme=wareme,
                rules=rules,
                sanma=sanma,
            )
        except _Retry:
            continue
    raise RuntimeError("could not draw a hand with these knobs")  # pragma: no cover


def _generate(
    rng: random.Random,
    *,
    shape: Shape,
    open_: bool | None,
    kans: bool | None,
    yakuman: bool | None,
    red_fives: bool,
    situations: bool,
    ensure_yaku: bool,
    honba: bool,
    wareme: bool,
    rules: str | Mapping[str, object] | None,
    sanma: bool = False,
) -> dict[str, object]:
    hand = _Hand()
    if sanma:
        for kind in range(1, 8):  # 2m-8m are not in a three-player set: no room for them
            hand.counts[kind] = 4
    if shape == "any" and (open_ or kans):
        shape = "standard"
    want_yakuman = rng.random() < 0.06 if yakuman is None else yakuman
    if shape == "any":
        weights = (85, 0, 15) if want_yakuman else (88, 9, 3)
        shape = rng.choices(("standard", "chiitoitsu", "kokushi"), weights)[0]
    blessing = (
        situations
        and not open_
        and not kans
        and (rng.random() < (0.15 if want_yakuman else 0.01))
        and yakuman is not False
    )

    # 1. the shape
    theme: str = shape
    if shape == "chiitoitsu":
        _build_chiitoitsu(rng, hand, want_yakuman and not blessing)
    elif shape == "kokushi":
        _build_kokushi(rng, hand)
    else:
        themes = dict(_YAKUMAN_THEMES) if want_yakuman and not blessing else dict(_THEMES)
        if open_:
            themes = {t: w for t, w in themes.items() if t not in _CLOSED_THEMES}
        if open_ is False and "suukantsu" in themes:
            themes["suukantsu"] /= 2
        if kans:
            themes = {t: w for t, w in themes.items() if t not in _SEQUENCE_ONLY_THEMES}
        elif kans is False:
            themes.pop("suukantsu", None)
        if ensure_yaku and open_:
            themes = {t: w for t, w in themes.items() if t in _OPEN_YAKU_THEMES}
        theme = _weighted(rng, themes)
        _build_standard(rng, theme, hand)

    # 2. open or closed, melds
    if theme in _CLOSED_THEMES or shape != "standard" or blessing:
        want_open = False
    elif open_ is None:
        want_open = rng.random() < (0.3 if theme in ("sequences", "peikou") else 0.5)
    else:
        want_open = open_
    if ensure_yaku and want_open and theme not in _OPEN_YAKU_THEMES:
        # Open hands of a plain theme get a dragon triplet: yakuhai whatever the rules.
        dragon = rng.choice(DRAGONS)
        if hand.counts[dragon] != 0 or not hand.groups:
            raise _Retry
        old = hand.groups[0]
        for k in old:
            hand.counts[k] -= 1
        hand.take([dragon] * 3)
        hand.groups[0] = [dragon] * 3
    melds: list[_Meld] = []
    if shape == "standard" and not blessing:
        melds = _choose_melds(rng, hand, theme, want_open, kans, sanma)
    has_kan = any(m.is_kan for m in melds)
    is_open = any(m.is_open for m in melds)

    # 3. the concealed tiles and the winning tile
    concealed: list[int] = list(hand.extra)
    for group in hand.groups:
        concealed.extend(group)
    if hand.pair >= 0:
        concealed += [hand.pair, hand.pair]
    if theme == "suuankou":
        # Four concealed triplets: won by tsumo, or by ron on the pair (tanki).
        tsumo = rng.random() < 0.6
        win_index = rng.randrange(len(concealed)) if tsumo else concealed.index(hand.pair)
    else:
        tsumo = True if blessing else rng.random() < 0.5
        win_index = rng.randrange(len(concealed))
    win_kind = concealed[win_index]

    # 4. seat, round, norths set aside (three players) and situation flags
    if sanma:
        seat = rng.randrange(3)
        round_wind = rng.choices(range(3), (60, 35, 5))[0]
        nuki = 0 if blessing else rng.choices(range(5), (40, 30, 17, 9, 4))[0]
        nuki = min(nuki, 4 - hand.counts[30])
        hand.counts[30] += nuki
    else:
        seat = rng.randrange(4)
        round_wind = rng.choices(range(4), (55, 35, 7, 3))[0]
        nuki = 0
    flags = dict.fromkeys(
        SITUATION_FIELDS,
        False,
    )
    if blessing:
        flags["tenhou" if seat == 0 else "chiihou"] = True
    elif situations:
        if not is_open and rng.random() < 0.5:
            flags["double_riichi" if rng.random() < 0.06 else "riichi"] = True
        if tsumo:
            if (has_kan or nuki) and rng.random() < 0.25:
                flags["rinshan"] = True
            elif rng.random() < 0.05:
                flags["haitei"] = True
        else:
            # Robbing a kan: all four copies of the winning tile are accounted for.
            if hand.counts[win_kind] == 1 and rng.random() < 0.12:
                flags["chankan"] = True
            elif rng.random() < 0.05:
                flags["houtei"] = True
        riichi = flags["riichi"] or flags["double_riichi"]
        if riichi and not flags["rinshan"] and rng.random() < 0.2:
            flags["ippatsu"] = True
    closed_without_yaku = not (is_open or flags["riichi"] or flags["double_riichi"] or tsumo)
    if ensure_yaku and closed_without_yaku and not blessing:
        flags["riichi"] = True

    # 5. dora and ura indicators (a kan turns over one more of each)
    present = sorted(set(concealed) | {kind_of(t) for m in melds for t in m.tiles})
    n_dora = 1 + sum(m.is_kan for m in melds)
    aim = 0.4
    if rng.random() < 0.06:  # a dora-heavy hand now and then: kazoe and the top limits
        n_dora, aim = min(5, n_dora + rng.randint(2, 4)), 0.9
    if nuki:
        present.append(30)  # the norths set aside are dora too when north is
    dora = [_indicator_for(rng, hand, present, aim, sanma) for _ in range(n_dora)]
    ura: list[int] = []
    if flags["riichi"] or flags["double_riichi"] or rng.random() < 0.03:
        ura = [_indicator_for(rng, hand, present, aim, sanma) for _ in range(n_dora)]
    if flags["chankan"] and hand.counts[win_kind] != 1:
        flags["chankan"] = False  # an indicator showed a copy of the robbed tile

    # 6. red fives, then the strings
    if red_fives:
        slots: list[tuple[list[int], int]] = [(concealed, i) for i in range(len(concealed))]
        for m in melds:
            slots += [(m.tiles, i) for i in range(len(m.tiles))]
        slots += [(dora, i) for i in range(len(dora))]
        slots += [(ura, i) for i in range(len(ura))]
        _assign_reds(rng, slots)
    win = concealed.pop(win_index)
    for m in melds:
        if m.type == "chi":
            continue
        if m.type == "kan_closed":
            m.tiles.sort(key=_sort_key)
            continue
        # Plain fives before the red one (canonical digit order); the called tile keeps its
        # place, and the added tile of an added kan goes last, where it carries '^'.
        called = m.tiles[m.called]
        rest = sorted((t for i, t in enumerate(m.tiles) if i != m.called), key=_sort_key)
        added = rest.pop(rng.randrange(len(rest))) if m.type == "kan_added" else None
        rest.insert(m.called, called)
        m.tiles = rest if added is None else [*rest, added]
    hand_str = tiles_str(concealed) + "".join(m.notation() for m in melds)

    request: dict[str, object] = {
        "hand": hand_str,
        "win": tile_str(win),
        "tsumo": tsumo,
        "seat": WIND_CODES[seat],
        "round": WIND_CODES[round_wind],
        **flags,
        "dora": tiles_str(dora),
        "ura": tiles_str(ura),
        "honba": 0,
        "sticks": 0,
    }
    if honba:
        if rng.random() < 0.3:
            request["honba"] = rng.randint(1, 5)
        if rng.random() < 0.25:
            request["sticks"] = rng.randint(1, 3)
    if wareme:
        request["wareme"] = WIND_CODES[rng.randrange(4)]
    if nuki:
        request["nuki"] = nuki
    if rules is not None:
        request["rules"] = rules if isinstance(rules, str) else dict(rules)
    return request


def generate_requests(seed: int, n: int, *, red_fives: bool = True) -> list[dict[str, object]]:
    """``n`` requests drawn from ``random.Random(seed)`` with the default knobs."""
    rng = random.Random(seed)
    return [generate_request(rng, red_fives=red_fives) for _ in range(n)]
