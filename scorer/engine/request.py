"""Turn a request mapping (API.md) into a validated :class:`Request`, or an :class:`EngineError`.

Every field has a parser that either returns a typed value or raises ``EngineError`` with the
API.md error code, a sentence a person can act on, and the field it is about. Validation follows
RULES.md §7b: tile counts, red fives, hand size, and the situation flags that cannot go together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .notation import (
    _CODES,
    MEMO_LIMIT,
    MeldKind,
    NotationError,
    ParsedHand,
    parse_hand,
    parse_tile,
    parse_tiles,
)
from .rules import ALL_PRESETS, TENHOU, Rules, RulesError, resolve_rules
from .tiles import _SORT, EAST, KIND, NORTH, SUITS, TileCode, code_of, kind_of, tile_name

BOOL_FIELDS: Final = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
)
#: The situation flags: every boolean field but ``tsumo``.
SITUATION_FIELDS: Final = BOOL_FIELDS[1:]
#: The request fields of API.md, in its order (``discarder`` is our addition, for wareme, and
#: so is ``nuki``: north tiles set aside, three players only; neither is listed here).
REQUEST_FIELDS: Final = (
    "hand",
    "win",
    "tsumo",
    "seat",
    "round",
    *SITUATION_FIELDS,
    "dora",
    "ura",
    "honba",
    "sticks",
    "wareme",
    "rules",
)
#: The attributes of :class:`Request` given to its constructor, in order.
REQUEST_ATTRIBUTES: Final = (
    "hand",
    "win",
    "tsumo",
    "seat",
    "round",
    *SITUATION_FIELDS,
    "dora",
    "ura",
    "honba",
    "sticks",
    "wareme",
    "discarder",
    "rules",
    "nuki",
    "pao",
    "ron_order",
)
_TRUE: Final = frozenset({"1", "true", "on", "yes"})
_FALSE: Final = frozenset({"0", "false", "off", "no", ""})
WIND_CODES: Final = ("1z", "2z", "3z", "4z")


class EngineError(ValueError):
    """A request the engine cannot score; carries the API.md error object."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": False,
            "error": {"code": self.code, "message": self.message, "field": self.field},
        }


class Request:
    """A validated scoring request. Winds are tile kinds (27 East .. 30 North).

    Immutable: every attribute is ``Final`` (mypy refuses an assignment; the compiled engine
    makes them read-only). Equality, hashing and ``repr`` are those of the frozen dataclass it
    used to be: the request fields, not the facts computed from them. A hand-written slotted
    class rather than a dataclass because mypyc compiles its constructor to native code, where
    a dataclass keeps the generated, interpreted ``__init__`` (ten times slower here).
    """

    __slots__ = (
        "all_tiles",
        "chankan",
        "chiihou",
        "counts",
        "discarder",
        "dora",
        "double_riichi",
        "haitei",
        "hand",
        "honba",
        "honours",
        "houtei",
        "ippatsu",
        "is_closed",
        "kinds",
        "nuki",
        "pao",
        "riichi",
        "rinshan",
        "ron_order",
        "round",
        "rules",
        "seat",
        "sticks",
        "suits",
        "tenhou",
        "tsumo",
        "ura",
        "wareme",
        "win",
    )

    hand: Final[ParsedHand]
    win: Final[TileCode]
    tsumo: Final[bool]
    seat: Final[int]
    round: Final[int]
    riichi: Final[bool]
    double_riichi: Final[bool]
    ippatsu: Final[bool]
    haitei: Final[bool]
    houtei: Final[bool]
    rinshan: Final[bool]
    chankan: Final[bool]
    tenhou: Final[bool]
    chiihou: Final[bool]
    dora: Final[tuple[TileCode, ...]]
    ura: Final[tuple[TileCode, ...]]
    honba: Final[int]
    sticks: Final[int]
    wareme: Final[int | None]
    discarder: Final[int | None]
    rules: Final[Rules]
    #: North tiles set aside as nuki dora (kita), three players only: not part of the hand.
    nuki: Final[int]
    #: The seat responsible for a big three dragons / big four winds (pao), or None.
    pao: Final[int | None]
    #: In a double ron, 1 for the winner nearest the discarder, 2 for the other (who collects
    #: no honba and no riichi sticks).
    ron_order: Final[int]
    # Facts every rule asks for, computed once in __init__.
    all_tiles: Final[tuple[TileCode, ...]]
    """Every tile of the winning hand: concealed, winning tile and meld tiles."""
    kinds: Final[tuple[int, ...]]
    counts: Final[tuple[int, ...]]
    """How many of each of the 34 kinds the winning hand holds (kans count four)."""
    is_closed: Final[bool]
    """No called meld (a closed kan keeps the hand closed)."""
    suits: Final[tuple[int, ...]]
    """The number suits present (0 manzu, 1 pinzu, 2 souzu)."""
    honours: Final[int]
    """How many honour tiles the hand holds."""

    def __init__(
        self,
        hand: ParsedHand,
        win: TileCode,
        tsumo: bool = False,
        seat: int = EAST,
        round: int = EAST,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        dora: tuple[TileCode, ...] = (),
        ura: tuple[TileCode, ...] = (),
        honba: int = 0,
        sticks: int = 0,
        wareme: int | None = None,
        discarder: int | None = None,
        rules: Rules = TENHOU,
        nuki: int = 0,
        pao: int | None = None,
        ron_order: int = 1,
    ) -> None:
        self.hand = hand
        self.win = win
        self.tsumo = tsumo
        self.seat = seat
        self.round = round
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.haitei = haitei
        self.houtei = houtei
        self.rinshan = rinshan
        self.chankan = chankan
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.dora = dora
        self.ura = ura
        self.honba = honba
        self.sticks = sticks
        self.wareme = wareme
        self.discarder = discarder
        self.rules = rules
        self.nuki = nuki
        self.pao = pao
        self.ron_order = ron_order
        # Plain loops: they are fast as Python and compile well with mypyc.
        tiles = (*hand.concealed, win)
        closed = True
        for meld in hand.melds:
            tiles += meld.tiles
            if meld.is_open:
                closed = False
        kinds: list[int] = []
        counts = [0] * 34
        for code in tiles:
            kind = KIND[code]
            kinds.append(kind)
            counts[kind] += 1
        honours = 0
        for kind in range(27, 34):
            honours += counts[kind]
        suits: list[int] = []
        for suit in (0, 1, 2):
            base = suit * 9
            for kind in range(base, base + 9):
                if counts[kind]:
                    suits.append(suit)
                    break
        self.all_tiles = tiles
        self.kinds = tuple(kinds)
        self.counts = tuple(counts)
        self.is_closed = closed
        self.suits = tuple(suits)
        self.honours = honours

    def _fields(self) -> tuple[object, ...]:
        """The request fields in order: what equality, hashing and ``repr`` look at."""
        return (
            self.hand,
            self.win,
            self.tsumo,
            self.seat,
            self.round,
            self.riichi,
            self.double_riichi,
            self.ippatsu,
            self.haitei,
            self.houtei,
            self.rinshan,
            self.chankan,
            self.tenhou,
            self.chiihou,
            self.dora,
            self.ura,
            self.honba,
            self.sticks,
            self.wareme,
            self.discarder,
            self.rules,
            self.nuki,
            self.pao,
            self.ron_order,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Request)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        values = ", ".join(
            f"{n}={v!r}" for n, v in zip(REQUEST_ATTRIBUTES, self._fields(), strict=True)
        )
        return f"Request({values})"

    @property
    def is_dealer(self) -> bool:
        return self.seat == EAST

    def to_fields(self) -> dict[str, object]:
        """The request back as canonical API fields (for URLs, links and the trace)."""
        out: dict[str, object] = {"hand": self.hand.notation(), "win": self.win}
        for name in BOOL_FIELDS:
            if getattr(self, name):
                out[name] = True
        out["seat"] = code_of(self.seat)
        out["round"] = code_of(self.round)
        if self.dora:
            out["dora"] = "".join(t[0] + t[1] for t in self.dora)
        if self.ura:
            out["ura"] = "".join(t[0] + t[1] for t in self.ura)
        for name in ("honba", "sticks"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.wareme is not None:
            out["wareme"] = code_of(self.wareme)
        if self.discarder is not None:
            out["discarder"] = code_of(self.discarder)
        if self.nuki:
            out["nuki"] = self.nuki
        if self.pao is not None:
            out["pao"] = code_of(self.pao)
        if self.ron_order != 1:
            out["ron_order"] = self.ron_order
        return out


def _bool(data: Mapping[str, object], name: str) -> bool:
    value = data.get(name, False)
    if value is True or value is False or value is None:
        return bool(value)
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise EngineError("invalid_situation", f"'{name}' must be true or false", name)


#: Honba and riichi sticks on the table: no game comes near 99 of either.
MAX_COUNTER: Final = 99


#: The most norths a hand can set aside (there are four): what a refused ``nuki`` names. A
#: larger number up to MAX_COUNTER passes here and is refused as a fifth north by the tile count.
MAX_NUKI: Final = 4


def _int(data: Mapping[str, object], name: str, most: int = MAX_COUNTER) -> int:
    """A counter field; ``most`` is the largest value the refusal names (MAX_COUNTER is the
    largest read)."""
    value = data.get(name, 0)
    if type(value) is int and 0 <= value <= MAX_COUNTER:
        return value
    if value is None or value == "":
        return 0
    message = f"'{name}' must be a whole number from 0 to {most}"
    if isinstance(value, bool):
        raise EngineError("invalid_situation", message, name)
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            raise EngineError("invalid_situation", message, name)
        value = int(text)
    if not isinstance(value, int) or value < 0 or value > MAX_COUNTER:
        raise EngineError("invalid_situation", message, name)
    return value


_WIND_KINDS: Final = {code: kind_of(code) for code in WIND_CODES}


def _wind(data: Mapping[str, object], name: str, default: str | None) -> int | None:
    value = data.get(name, default)
    if isinstance(value, str) and value in _WIND_KINDS:
        return _WIND_KINDS[value]
    if value is None or value == "":
        return None if default is None else kind_of(default)
    if not isinstance(value, str) or value.strip().replace("h", "z") not in WIND_CODES:
        raise EngineError(
            "invalid_situation",
            f"'{name}' must be a wind: 1z East, 2z South, 3z West, 4z North",
            name,
        )
    return kind_of(value.strip().replace("h", "z"))


def _notation_error(field: str, exc: NotationError, text: str) -> EngineError:
    where = f" (at character {exc.position + 1})" if exc.position is not None and text else ""
    return EngineError("invalid_notation", f"{exc.message}{where}", field)


def _indicators(value: object, name: str) -> tuple[TileCode, ...]:
    """The dora (or ura) indicators: ``value`` is the request's field."""
    if value is None or value == "":
        return ()
    if not isinstance(value, str):
        raise EngineError("invalid_notation", f"'{name}' must be tiles in MPSZ, e.g. 1m5z", name)
    if value in KIND:  # one tile as its own code, the usual case
        return (value,)
    found = _INDICATORS.get(value)
    if found is not None:
        return found
    # Tile codes one after another ("2m5p"), the usual form: as parse_tiles reads them, sorted.
    codes: list[TileCode] = []
    if len(value) % 2 == 0:
        for start in range(0, len(value), 2):
            code = _CODES.get(value[start : start + 2])
            if code is None:
                break
            codes.append(code)
    if codes and 2 * len(codes) == len(value):
        codes.sort(key=_SORT.__getitem__)
        found = tuple(codes)
    else:
        try:
            found = parse_tiles(value, field_label=f"{name} indicators")
        except NotationError as exc:
            raise _notation_error(name, exc, value) from None
    if len(_INDICATORS) >= MEMO_LIMIT:
        _INDICATORS.clear()
    _INDICATORS[value] = found
    return found


#: Memo of parsed indicator fields (``"2m5p"``), emptied by ``api.clear_caches`` and at
#: :data:`MEMO_LIMIT` entries (the fields are at most 40 characters, checked before parsing).
_INDICATORS: Final[dict[str, tuple[TileCode, ...]]] = {}


def clear_memos() -> None:
    """Empty the memo tables (for benchmarks, see ``api.clear_caches``)."""
    _INDICATORS.clear()


#: The longest text each tile field may hold, checked before parsing: the longest real hand
#: (four kans with marks and spaces) is under 60 characters, five indicators 10.
MAX_FIELD_LENGTH: Final = {"hand": 128, "win": 8, "dora": 40, "ura": 40}
_MAX_HAND: Final = MAX_FIELD_LENGTH["hand"]
_MAX_WIN: Final = MAX_FIELD_LENGTH["win"]
_MAX_INDICATORS: Final = max(MAX_FIELD_LENGTH["dora"], MAX_FIELD_LENGTH["ura"])


def _check_lengths(data: Mapping[str, object]) -> None:
    for name, limit in MAX_FIELD_LENGTH.items():
        value = data.get(name)
        if isinstance(value, str) and len(value) > limit:
            raise EngineError(
                "invalid_notation", f"'{name}' is too long: at most {limit} characters", name
            )


def _flag(data: Mapping[str, object], name: str) -> bool:
    value = data.get(name, False)
    if value is True or value is False:
        return value
    return _bool(data, name)


def parse_request(data: Mapping[str, object]) -> Request:
    """Parse and validate every field of a request; raises :class:`EngineError`.

    Problems are reported in a fixed order: the request itself, then the length of each tile
    field (before anything is parsed), then the fields one by one as below."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise EngineError("invalid_notation", "a request is an object with a 'hand' field", None)
    hand_text = data.get("hand")
    win_text = data.get("win")
    dora_text = data.get("dora")
    ura_text = data.get("ura")
    if (
        (isinstance(hand_text, str) and len(hand_text) > _MAX_HAND)
        or (isinstance(win_text, str) and len(win_text) > _MAX_WIN)
        or (isinstance(dora_text, str) and len(dora_text) > _MAX_INDICATORS)
        or (isinstance(ura_text, str) and len(ura_text) > _MAX_INDICATORS)
    ):
        _check_lengths(data)  # names the first field that is too long
    if not isinstance(hand_text, str) or not hand_text.strip():
        raise EngineError("invalid_notation", "enter a hand, such as 123m456p789s11z23p", "hand")
    try:
        hand = parse_hand(hand_text)
    except NotationError as exc:
        raise _notation_error("hand", exc, hand_text) from None
    if not isinstance(win_text, str) or not win_text.strip():
        raise EngineError("invalid_notation", "choose the winning tile, such as 5p", "win")
    if win_text in KIND:  # the tile's own code, the usual case
        win = win_text
    else:
        try:
            win = parse_tile(win_text)
        except NotationError as exc:
            message = f"the winning tile: {exc.message}"
            raise EngineError("invalid_notation", message, "win") from None
    # The flags one by one, in BOOL_FIELDS order (so the first bad one is named).
    tsumo = _flag(data, "tsumo")
    riichi = _flag(data, "riichi")
    double_riichi = _flag(data, "double_riichi")
    ippatsu = _flag(data, "ippatsu")
    haitei = _flag(data, "haitei")
    houtei = _flag(data, "houtei")
    rinshan = _flag(data, "rinshan")
    chankan = _flag(data, "chankan")
    tenhou = _flag(data, "tenhou")
    chiihou = _flag(data, "chiihou")
    spec = data.get("rules")
    if spec is None or (type(spec) is str and spec in ALL_PRESETS):
        rules = TENHOU if spec is None else ALL_PRESETS[spec]
    else:
        try:
            rules = resolve_rules(spec)
        except RulesError as rules_error:  # its own name: mypyc types a name by its first use
            raise EngineError("invalid_rules", str(rules_error), "rules") from None
    seat = _wind(data, "seat", "1z") or EAST
    round_wind = _wind(data, "round", "1z") or EAST
    request = Request(
        hand=hand,
        win=win,
        tsumo=tsumo,
        seat=seat,
        round=round_wind,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        tenhou=tenhou,
        chiihou=chiihou,
        dora=_indicators(dora_text, "dora"),
        ura=_indicators(ura_text, "ura"),
        honba=_int(data, "honba"),
        sticks=_int(data, "sticks"),
        wareme=_wind(data, "wareme", None),
        discarder=_wind(data, "discarder", None),
        rules=rules,
        nuki=_int(data, "nuki", MAX_NUKI) if "nuki" in data else 0,
        pao=_wind(data, "pao", None),
        ron_order=(_int(data, "ron_order", 2) or 1) if "ron_order" in data else 1,
    )
    validate_tiles(request)
    validate_situation(request)
    return request


def validate_tiles(request: Request) -> None:
    """Counts per kind (≤ 4 with indicators), red fives (≤ 1 per suit) and hand size."""
    indicators = request.dora + request.ura
    counts = list(request.counts)
    for code in indicators:
        counts[KIND[code]] += 1
    counts[NORTH] += request.nuki
    if request.rules.sanma:
        _check_sanma_tiles(request, counts)
    melds = request.hand.melds
    kans = 0
    for meld in melds:
        if meld.is_kan:
            kans += 1
    most = 0
    for count in counts:
        if count > most:
            most = count
    if most <= 4 and len(request.all_tiles) == 14 + kans and len(melds) <= 4:
        # Two red fives of a suit need two fives of it (red or not): only then count them.
        if counts[4] < 2 and counts[13] < 2 and counts[22] < 2:
            return  # the usual case
        tiles = request.all_tiles + indicators
        if tiles.count("0m") < 2 and tiles.count("0p") < 2 and tiles.count("0s") < 2:
            return
    # Find the first problem and word it.
    _explain_tiles(request, counts, request.all_tiles + indicators)


#: The tiles three players leave out: 2m to 8m (red 5m included).
SANMA_ABSENT: Final = frozenset(range(1, 8))


def _check_sanma_tiles(request: Request, counts: list[int]) -> None:
    """Three players: no 2m-8m anywhere, no chi (called sequences)."""
    for kind in SANMA_ABSENT:
        if counts[kind]:
            raise EngineError(
                "invalid_tiles",
                f"{code_of(kind)}: three-player mahjong plays without 2m to 8m "
                "(only 1m and 9m of the characters suit)",
                _field_holding(request, kind),
            )
    for meld in request.hand.melds:
        if meld.kind is MeldKind.CHI:
            raise EngineError(
                "invalid_tiles",
                f"{meld.notation()}: three-player mahjong has no chi (called sequences); "
                "only pon and kan",
                "hand",
            )


def _explain_tiles(request: Request, counts: list[int], tiles: tuple[TileCode, ...]) -> None:
    """Raise the error for the first problem: ``counts`` per kind and ``tiles`` include the
    indicators."""
    red = [0, 0, 0]
    for code in tiles:
        if code[0] == "0":
            red[SUITS.index(code[1])] += 1
    for kind, count in enumerate(counts):
        if count > 4:
            ordinal = {5: "a fifth", 6: "a sixth"}.get(count, f"{count} copies of")
            name = code_of(kind)
            where = "hand, melds, winning tile and indicators"
            if kind == NORTH and request.nuki:
                where += ", and the norths set aside as nuki"
            raise EngineError(
                "invalid_tiles",
                f"{ordinal} {name}: there are only four of each tile ({where} together)",
                _field_holding(request, kind),
            )
    for suit, count in enumerate(red):
        if count > 1:
            code = "0" + SUITS[suit]
            raise EngineError(
                "invalid_tiles",
                f"two red fives ({code}): there is only one {tile_name(code)}",
                _field_holding(request, kind_of(code)),
            )
    kans = sum(1 for m in request.hand.melds if m.is_kan)
    size = len(request.all_tiles)
    expected = 14 + kans
    if len(request.hand.melds) > 4 or size != expected:
        held = len(request.hand.concealed)
        want = 13 - 3 * len(request.hand.melds)
        if held < want:
            detail = f"{want - held} more tile{'s' if want - held > 1 else ''} needed"
        else:
            detail = f"{held - want} tile{'s' if held - want > 1 else ''} too many"
        raise EngineError(
            "invalid_tiles",
            f"a winning hand has 14 tiles (one more per kan) with the winning tile; "
            f"this one has {size}: {detail}",
            "hand",
        )


def _field_holding(request: Request, kind: int) -> str:
    if kind == NORTH and request.nuki and not any(kind_of(t) == kind for t in request.all_tiles):
        return "nuki"
    if any(kind_of(t) == kind for t in request.dora):
        return "dora"
    if any(kind_of(t) == kind for t in request.ura):
        return "ura"
    if kind_of(request.win) == kind and not any(kind_of(t) == kind for t in request.hand.concealed):
        return "win"
    return "hand"


def validate_situation(r: Request) -> None:
    """The RULES.md §7b combinations of situation flags that cannot happen in a real game."""
    if not (
        r.riichi
        or r.double_riichi
        or r.ippatsu
        or r.chankan
        or r.rinshan
        or r.haitei
        or r.houtei
        or r.tenhou
        or r.chiihou
        or r.wareme is not None
        or r.nuki
        or r.rules.sanma
        or r.pao is not None
        or r.ron_order != 1
    ):
        return
    closed = r.is_closed
    has_kan = any(m.is_kan for m in r.hand.melds)
    sanma = r.rules.sanma
    checks: list[tuple[bool, str, str]] = [
        (
            r.nuki > 0 and not sanma,
            "nuki",
            "nuki dora (north tiles set aside) are a three-player rule; choose a sanma preset",
        ),
        (r.nuki > 4, "nuki", "there are only four north tiles to set aside"),
        (
            r.pao is not None and r.pao == r.seat,
            "pao",
            "the winner cannot be responsible (pao) for their own hand",
        ),
        (r.ron_order > 2, "ron_order", "'ron_order' is 1 (nearest the discarder) or 2"),
        (
            r.ron_order != 1 and r.tsumo,
            "ron_order",
            "'ron_order' is for a double ron: a tsumo has one winner",
        ),
        (
            sanma and r.seat == NORTH,
            "seat",
            "three players sit East, South and West: there is no north seat",
        ),
        (
            sanma and r.round == NORTH,
            "round",
            "three-player games have no north round",
        ),
        (
            sanma and r.wareme is not None,
            "wareme",
            "wareme is a four-player rule here",
        ),
        (r.riichi and not closed, "riichi", "riichi needs a closed hand (no called melds)"),
        (
            r.double_riichi and not closed,
            "double_riichi",
            "double riichi needs a closed hand (no called melds)",
        ),
        (r.ippatsu and not closed, "ippatsu", "ippatsu needs a closed hand"),
        (
            r.ippatsu and not (r.riichi or r.double_riichi),
            "ippatsu",
            "ippatsu only follows a riichi",
        ),
        (r.chankan and r.tsumo, "chankan", "chankan (robbing a kan) is always a ron, not a tsumo"),
        (r.rinshan and not r.tsumo, "rinshan", "rinshan (the replacement tile) is always a tsumo"),
        (
            r.rinshan and not has_kan and not r.nuki,
            "rinshan",
            "rinshan needs a kan in the hand (or, three players, a north set aside)"
            if sanma
            else "rinshan needs a kan in the hand",
        ),
        (r.haitei and not r.tsumo, "haitei", "haitei is a tsumo on the last tile; use houtei"),
        (r.houtei and r.tsumo, "houtei", "houtei is a ron on the last discard; use haitei"),
        (r.haitei and r.rinshan, "haitei", "a rinshan draw is never the haitei tile"),
        (r.houtei and r.chankan, "houtei", "houtei and chankan cannot both happen"),
        (r.tenhou and not r.is_dealer, "tenhou", "tenhou is the dealer's win; use chiihou"),
        (r.tenhou and not r.tsumo, "tenhou", "tenhou is a tsumo on the first draw"),
        (r.chiihou and r.is_dealer, "chiihou", "chiihou is a non-dealer's win; use tenhou"),
        (r.chiihou and not r.tsumo, "chiihou", "chiihou is a tsumo on the first draw"),
        (
            (r.tenhou or r.chiihou) and bool(r.hand.melds),
            "tenhou" if r.tenhou else "chiihou",
            "a first-draw win has no melds",
        ),
        (
            (r.tenhou or r.chiihou) and r.nuki > 0,
            "tenhou" if r.tenhou else "chiihou",
            "setting a north aside is a call: no first-draw win after it",
        ),
        (
            (r.tenhou or r.chiihou) and (r.riichi or r.double_riichi),
            "tenhou" if r.tenhou else "chiihou",
            "no riichi is possible before a first-draw win",
        ),
        (
            r.wareme is not None and not r.rules.wareme,
            "wareme",
            "the wareme seat needs the wareme rule switched on",
        ),
    ]
    for failed, name, message in checks:
        if failed:
            raise EngineError("invalid_situation", message, name)
