"""Score an API.md request with the ``mahjong`` package (2.1.0), as an independent reference.

``score_with_mahjong(request)`` parses the request itself (Extended MPSZ, melds with their
kinds), maps the rule switches onto the package's ``OptionalRules`` and returns a normalised
record that can be compared field by field with our engine's result::

    {"valid": bool, "error": None | "invalid_notation" | "invalid_tiles" | "not_winning"
                              | "no_yaku" | "invalid_situation" | "invalid_rules",
     "han", "fu", "yakuman", "ron", "tsumo_dealer", "tsumo_others", "total", "honba", "sticks",
     "yaku": [sorted API.md ids], "yaku_han": {id: han}, "limit": str | None,
     "yakuman_choices": [ids]}  # yakuman_stacking off: the equal largest yakuman (any counts)

How each switch reaches the package:

- ``red_fives``, ``open_tanyao``, ``kiriage``, ``double_yakuman``, ``open_pinfu_30``,
  ``pinfu_tsumo`` (inverted ``fu_for_pinfu_tsumo``), ``kazoe`` (``KAZOE_LIMITED`` or
  ``KAZOE_SANBAIMAN``): native ``OptionalRules`` options.
- ``honba_points`` 1500: five times the honba count (the package pays 300 per counter).
- ``double_wind_fu`` 2 and ``chiitoitsu_fu`` 50 (Kansai, 1 han): the package has no option, so
  its fu calculator is wrapped (``_FuCalculator`` below, installed in
  ``mahjong.hand_calculating.hand``); with the default switches the wrapper changes nothing.
- ``yakuman_stacking`` off and ``sanbaiman_from_10``: the package's points are recomputed from
  the adjusted han with its own ``ScoresCalculator``.
- ``aotenjou``: the package's ``Aotenjou`` calculator, honba added as in RULES.md §5 (the
  package drops them). Yakuman: "13han" is the package's own way (13 han each, implied yaku
  removed, with our engine's documented implied-yaku list, ``AOTENJOU_IMPLIED``); "fixed" and
  "higher" are modelled for a single yakuman (base 2,500,000). Several yakuman under
  "fixed"/"higher", kokushi under aotenjou (its fu is a house rule) and ``wareme`` (the request
  does not say who discarded) raise :class:`Unsupported`.
- ``players`` 3 (sanma): the package's ``is_three_player`` (2m-8m absent, 1m indicator -> 9m,
  a tsumo paid by two players, the tsumo loss; honba 200 on a ron, 100 from each payer on a
  tsumo) with ``num_nuki_dora`` for the request's ``nuki`` (each 1 han, plus 1 more per dora or
  ura indicator pointing at north). The package has no chi check, no seat check and no split
  rule: no 2m-8m, no chi, no north seat or round and nuki only with three players are checked
  here; ``sanma_tsumo`` other than "loss" and ``north_yakuhai`` raise :class:`Unsupported`.
- Presets: the engine's own table (``scorer.engine.rules.PRESETS``) when importable, since
  what a preset holds is a documented rule choice; else ``PRESETS`` below (RULES.md §7).

Two places where the package departs from RULES.md are corrected, each at its source: an open
hand won by tsumo with no other fu gets its 2 tsumo fu (the package drops them like pinfu
tsumo, visible only with ``open_pinfu_30`` off), and the aotenjou implied-yaku filter no longer
crashes when a yaku it removes is absent. Otherwise the package is used as it is; it agrees
with all 333 Tenhou cases and every example (tests/engine/test_mahjong_ref.py).
"""

from __future__ import annotations

import contextvars
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import mahjong.hand_calculating.hand as _mahjong_hand
from mahjong.constants import EAST
from mahjong.hand_calculating.fu import FuCalculator, FuDetail
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator
from mahjong.meld import Meld

from scorer.engine.request import BOOL_FIELDS
from scorer.engine.yaku import IMPLIED

__all__ = [
    "DEFAULT_RULES",
    "PRESETS",
    "Unsupported",
    "resolve_rules",
    "score_with_mahjong",
]


class Unsupported(Exception):
    """A rule the mahjong package cannot be configured to follow."""


# -- rules ---------------------------------------------------------------------------------------

DEFAULT_RULES: dict[str, object] = {
    "red_fives": 3,
    "open_tanyao": True,
    "kiriage": False,
    "kazoe": True,
    "sanbaiman_from_10": False,
    "double_yakuman": False,
    "yakuman_stacking": True,
    "double_wind_fu": 4,
    "chiitoitsu_fu": 25,
    "open_pinfu_30": True,
    "pinfu_tsumo": True,
    "honba_points": 300,
    "aotenjou": False,
    "aotenjou_yakuman": "higher",
    "wareme": False,
    "players": 4,
    "sanma_tsumo": "loss",
    "north_yakuhai": False,
}

# RULES.md §7, used when scorer.engine.rules is not importable (see _preset).
PRESETS: dict[str, dict[str, object]] = {
    "tenhou": {},
    "mahjongsoul": {"double_yakuman": True},
    "mleague": {"kiriage": True, "double_wind_fu": 2},
    "wrc": {"kiriage": True, "kazoe": False, "double_wind_fu": 2},
    "ema": {"red_fives": 0, "kazoe": False, "double_wind_fu": 2},
    "classic": {
        "red_fives": 0,
        "double_yakuman": True,
        "chiitoitsu_fu": 50,
        "honba_points": 1500,
    },
    "aotenjou": {"aotenjou": True},
}


class _RulesError(ValueError):
    pass


def _preset(name: str) -> dict[str, Any]:
    """A preset's switches: the engine's own table when it is there, else the table above.

    What a preset contains is a rule choice (RULES.md §7 leaves several cells to "confirm",
    and the engine documents its sources in scorer/engine/rules.py), so the reference takes the
    engine's reading rather than second-guessing it; only the switches are checked.
    """
    try:
        from scorer.engine.rules import ALL_PRESETS as ENGINE_PRESETS
    except ImportError:  # pragma: no cover - before the engine exists
        if name not in PRESETS:
            raise _RulesError(name) from None
        return {**DEFAULT_RULES, **PRESETS[name]}
    if name not in ENGINE_PRESETS:
        raise _RulesError(name)
    switches = ENGINE_PRESETS[name].switches()
    return {key: switches.get(key, value) for key, value in DEFAULT_RULES.items()}


def resolve_rules(spec: object) -> dict[str, Any]:
    """A preset name or ``{"preset": name, switch: value}`` as a full switch dict."""
    if spec is None or spec == "":
        spec = "tenhou"
    if isinstance(spec, str):
        return _preset(spec)
    if not isinstance(spec, Mapping):
        raise _RulesError(repr(spec))
    rules = resolve_rules(spec.get("preset", "tenhou"))
    for key, value in spec.items():
        if key == "preset":
            continue
        if key not in DEFAULT_RULES:
            raise _RulesError(key)
        rules[key] = value
    return rules


# -- fu for the two switches the package lacks ---------------------------------------------------

_FU_SWITCHES: contextvars.ContextVar[tuple[int, int]] = contextvars.ContextVar(
    "mahjong_ref_fu_switches", default=(4, 25)
)


class _FuCalculator(FuCalculator):
    """The package's fu, plus ``double_wind_fu`` = 2 and Kansai chiitoitsu (50 fu)."""

    @staticmethod
    def calculate_fu(
        hand: Any,
        win_tile: int,
        win_group: Any,
        config: HandConfig,
        valued_tiles: Sequence[int | None] | None = None,
        melds: Any = None,
    ) -> tuple[list[FuDetail], int]:
        double_wind_fu, chiitoitsu_fu = _FU_SWITCHES.get()
        if len(hand) == 7 and chiitoitsu_fu == 50:
            return [FuDetail(fu=50, reason=FuCalculator.BASE)], 50
        if double_wind_fu == 2 and valued_tiles:
            # A wind that is both seat and round wind is listed twice (4 fu): list it once.
            valued_tiles = list(dict.fromkeys(valued_tiles))
        details, fu = FuCalculator.calculate_fu(
            hand, win_tile, win_group, config, valued_tiles, melds
        )
        is_open = any(m.opened for m in melds or ())
        if config.is_tsumo and is_open and all(d["reason"] != FuCalculator.TSUMO for d in details):
            # RULES.md §2: only pinfu tsumo (a closed hand) goes without the 2 tsumo fu. The
            # package also drops them for an open hand with no other fu (unseen while
            # open_pinfu_30 adds its 2 fu instead): put them back.
            details = [d for d in details if d["reason"] != FuCalculator.HAND_WITHOUT_FU]
            details.append(FuDetail(fu=2, reason=FuCalculator.TSUMO))
            fu = (sum(d["fu"] for d in details) + 9) // 10 * 10
        return details, fu


vars(_mahjong_hand)["FuCalculator"] = _FuCalculator  # used by HandCalculator


# Under aotenjou's "13han" policy a yakuman is added to the other yaku except those it implies;
# RULES.md §6 leaves the list to each implementation ("document the implied-yaku list you use").
# This is our engine's documented list (scorer/engine/yaku.py, IMPLIED), adopted here as a rule
# choice. The package's own filter removes a subset of it: it keeps menzen tsumo with tenhou /
# chiihou, the seat and round wind yakuhai with shousuushii / daisuushii, and chinitsu with an
# all-souzu ryuuiisou (it also crashes with ValueError when a yaku it removes is absent).
AOTENJOU_IMPLIED: dict[str, frozenset[str]] = dict(IMPLIED)


class _Aotenjou(Aotenjou):
    """The package's aotenjou scoring with the implied-yaku list above."""

    @staticmethod
    def aotenjou_filter_yaku(hand_yaku: Any, config: HandConfig) -> None:
        present = {YAKU_IDS[type(y).__name__] for y in hand_yaku}
        implied: set[str] = set()
        for ident in present:
            implied |= AOTENJOU_IMPLIED.get(ident, frozenset())
        hand_yaku[:] = [y for y in hand_yaku if YAKU_IDS[type(y).__name__] not in implied]


# -- notation ------------------------------------------------------------------------------------

_SUITS = "mpsz"
_TOKEN = re.compile(r"\s*(?:([0-9]+)([mpszh])|([\[{(])([0-9\-=+^]+)([mpszh])([\]})]))")


class _NotationError(ValueError):
    pass


def _kind(digit: str, suit: str) -> int:
    if suit == "z" and digit in "089":
        raise _NotationError(f"{digit}z")
    if digit == "0":
        return _SUITS.index(suit) * 9 + 4
    return _SUITS.index(suit) * 9 + int(digit) - 1


# a tile is (kind, red)
Tile = tuple[int, bool]


def _tiles(digits: str, suit: str) -> list[Tile]:
    suit = "z" if suit == "h" else suit
    return [(_kind(d, suit), d == "0") for d in digits]


def parse_tiles(text: str) -> list[Tile]:
    tiles, melds = parse_hand(text)
    if melds:
        raise _NotationError("melds in a tile list")
    return tiles


def parse_hand(text: str) -> tuple[list[Tile], list[tuple[str, list[Tile]]]]:
    """Concealed tiles and melds ``(type, tiles)``; type chi/pon/kan_open/kan_added/kan_closed."""
    concealed: list[Tile] = []
    melds: list[tuple[str, list[Tile]]] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise _NotationError(text[pos:])
        pos = m.end()
        if m.group(1):
            concealed += _tiles(m.group(1), m.group(2))
            continue
        opener, body, suit, closer = m.group(3), m.group(4), m.group(5), m.group(6)
        if "([{".index(opener) != ")]}".index(closer):
            raise _NotationError(m.group(0))
        marks = re.sub(r"[0-9]", "", body)
        tiles = _tiles(re.sub(r"[^0-9]", "", body), suit)
        kinds = sorted(k for k, _ in tiles)
        same = len(set(kinds)) == 1
        if opener == "(":
            if len(tiles) != 4 or not same or marks:
                raise _NotationError(m.group(0))
            melds.append(("kan_closed", tiles))
        elif opener == "{":
            if len(tiles) != 4 or not same or marks.count("^") != 1:
                raise _NotationError(m.group(0))
            melds.append(("kan_added", tiles))
        elif len(tiles) == 4 and same:
            melds.append(("kan_open", tiles))
        elif len(tiles) == 3 and same:
            melds.append(("pon", tiles))
        elif (
            len(tiles) == 3
            and kinds[0] < 27
            and kinds[1] == kinds[0] + 1
            and kinds[2] == kinds[0] + 2
            and kinds[0] // 9 == kinds[2] // 9
        ):
            if marks.strip("-"):
                raise _NotationError("chi called from a side other than the left")
            melds.append(("chi", tiles))
        else:
            raise _NotationError(m.group(0))
    return concealed, melds


# -- yaku ids ------------------------------------------------------------------------------------

YAKU_IDS: dict[str, str] = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haku": "haku",
    "Hatsu": "hatsu",
    "Chun": "chun",
    "SeatWindEast": "seat_wind",
    "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind",
    "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind",
    "RoundWindNorth": "round_wind",
    "Sanshoku": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroto": "honroutou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi_13",
    "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "junsei_chuuren",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu",
    "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Dora": "dora",
    "AkaDora": "aka_dora",
    "UraDora": "ura_dora",
}

_PACKAGE_SITUATION_ERRORS = {
    HandCalculator.ERR_OPEN_HAND_RIICHI,
    HandCalculator.ERR_OPEN_HAND_DABURI,
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI,
    HandCalculator.ERR_CHANKAN_WITH_TSUMO,
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO,
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO,
    HandCalculator.ERR_HOUTEI_WITH_TSUMO,
    HandCalculator.ERR_HAITEI_WITH_RINSHAN,
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN,
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER,
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO,
    HandCalculator.ERR_TENHOU_WITH_MELD,
    HandCalculator.ERR_CHIIHOU_AS_DEALER,
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO,
    HandCalculator.ERR_CHIIHOU_WITH_MELD,
}

_FLAGS = BOOL_FIELDS
_WIND_CODES = {"1z": 0, "2z": 1, "3z": 2, "4z": 3}


def _error(code: str) -> dict[str, Any]:
    return {
        "valid": False,
        "error": code,
        "han": None,
        "fu": None,
        "yakuman": None,
        "ron": None,
        "tsumo_dealer": None,
        "tsumo_others": None,
        "total": None,
        "honba": None,
        "sticks": None,
        "yaku": [],
        "yaku_han": {},
        "limit": None,
        "yakuman_choices": [],
    }


def _bool(value: object) -> bool:
    if isinstance(value, str):
        return value.lower() in ("1", "true", "on")
    return bool(value)


def _ids_136(tiles: list[Tile], used: list[int]) -> list[int]:
    """136-format ids: the red five is copy 0 of its kind, plain copies take 1, 2, 3 (0)."""
    out: list[int] = []
    for kind, red in tiles:
        if red:
            copy = 0
            if used[kind] & 1:
                raise _NotationError("two red fives of one suit")
        else:
            order = (1, 2, 3, 0) if kind in (4, 13, 22) else (0, 1, 2, 3)
            free = [c for c in order if not used[kind] >> c & 1]
            if not free:
                raise _NotationError("more than four of a kind")
            copy = free[0]
        used[kind] |= 1 << copy
        out.append(kind * 4 + copy)
    return out


def _fixed_yakuman_cost(config: HandConfig) -> Any:
    base = 2_500_000
    if config.is_tsumo:
        main, additional = 2 * base, (2 if config.is_dealer else 1) * base
    else:
        main, additional = (6 if config.is_dealer else 4) * base, 0
    return {
        "main": main,
        "additional": additional,
        "main_bonus": 0,
        "additional_bonus": 0,
        "kyoutaku_bonus": 0,
        "total": main + 2 * additional,
        "yaku_level": "yakuman",
    }


def score_with_mahjong(request: Mapping[str, Any]) -> dict[str, Any]:
    """Score ``request`` (API.md) with the mahjong package; return the normalised record."""
    try:
        rules = resolve_rules(request.get("rules"))
    except _RulesError:
        return _error("invalid_rules")
    if rules["wareme"] and request.get("wareme"):
        raise Unsupported("wareme: the request does not say who discarded")
    sanma = rules["players"] == 3
    if sanma and (rules["sanma_tsumo"] != "loss" or rules["north_yakuhai"]):
        raise Unsupported("three players: only the tsumo loss, north a guest wind")

    # tiles
    try:
        concealed, melds = parse_hand(str(request["hand"]))
        win = parse_tiles(str(request["win"]))
        dora = parse_tiles(str(request.get("dora") or ""))
        ura = parse_tiles(str(request.get("ura") or ""))
    except (_NotationError, KeyError):
        return _error("invalid_notation")
    if len(win) != 1:
        return _error("invalid_notation")
    n_tiles = len(concealed) + 1 + sum(3 for _ in melds)
    everything = concealed + win + [t for _, ts in melds for t in ts] + dora + ura
    counts = [0] * 34
    for kind, _ in everything:
        counts[kind] += 1
    reds = [sum(1 for k, r in everything if r and k == five) for five in (4, 13, 22)]
    try:
        nuki = int(request.get("nuki") or 0)
    except (TypeError, ValueError):
        return _error("invalid_situation")
    counts[30] += nuki
    if sanma and (any(counts[1:8]) or any(kind == "chi" for kind, _ in melds)):
        return _error("invalid_tiles")  # 2m-8m are not in the set; no chi with three players
    if n_tiles != 14 or max(counts) > 4 or max(reds) > 1:
        return _error("invalid_tiles")
    used = [0] * 34
    for five in (4, 13, 22):
        plain = sum(1 for k, r in everything if k == five and not r)
        if plain == 4 and rules["red_fives"] != 0:
            # One of the four fives of a suit is the red one; the package would count it.
            raise Unsupported("four plain fives of one suit in a set with red fives")
    hand_ids = _ids_136(concealed, used)
    win_id = _ids_136(win, used)[0]
    meld_objs: list[Meld] = []
    for mtype, ts in melds:
        ids = sorted(_ids_136(ts, used))
        package_type = {
            "chi": Meld.CHI,
            "pon": Meld.PON,
            "kan_open": Meld.KAN,
            "kan_added": Meld.SHOUMINKAN,
            "kan_closed": Meld.KAN,
        }[mtype]
        meld_objs.append(Meld(package_type, ids, opened=mtype != "kan_closed"))
    dora_ids = _ids_136(dora, used)
    ura_ids = _ids_136(ura, used)
    all_ids = hand_ids + [win_id] + [i for m in meld_objs for i in m.tiles]

    # situation (RULES.md §7b checks the package does not make)
    flags = {name: _bool(request.get(name, False)) for name in _FLAGS}
    try:
        seat = _WIND_CODES[str(request.get("seat") or "1z")]
        round_wind = _WIND_CODES[str(request.get("round") or "1z")]
    except KeyError:
        return _error("invalid_situation")
    has_kan = any(len(m.tiles) == 4 for m in meld_objs)
    if flags["rinshan"] and not has_kan and not nuki:
        return _error("invalid_situation")
    if (nuki and not sanma) or (sanma and (seat == 3 or round_wind == 3)):
        return _error("invalid_situation")
    if nuki and (flags["tenhou"] or flags["chiihou"]):
        return _error("invalid_situation")

    honba = int(request.get("honba") or 0)
    sticks = int(request.get("sticks") or 0)
    honba_factor = 5 if rules["honba_points"] == 1500 else 1
    options = OptionalRules(
        has_open_tanyao=bool(rules["open_tanyao"]),
        has_aka_dora=rules["red_fives"] != 0,
        has_double_yakuman=bool(rules["double_yakuman"]),
        kazoe_limit=HandConstants.KAZOE_LIMITED
        if rules["kazoe"]
        else HandConstants.KAZOE_SANBAIMAN,
        kiriage=bool(rules["kiriage"]),
        fu_for_open_pinfu=bool(rules["open_pinfu_30"]),
        fu_for_pinfu_tsumo=not rules["pinfu_tsumo"],
        limit_to_sextuple_yakuman=False,
        is_three_player=sanma,
    )
    config = HandConfig(
        is_tsumo=flags["tsumo"],
        is_riichi=flags["riichi"],
        is_ippatsu=flags["ippatsu"],
        is_rinshan=flags["rinshan"],
        is_chankan=flags["chankan"],
        is_haitei=flags["haitei"],
        is_houtei=flags["houtei"],
        is_daburu_riichi=flags["double_riichi"],
        is_tenhou=flags["tenhou"],
        is_chiihou=flags["chiihou"],
        player_wind=EAST + seat,
        round_wind=EAST + round_wind,
        tsumi_number=0 if rules["aotenjou"] else honba * honba_factor,
        kyoutaku_number=0,
        options=options,
        num_nuki_dora=nuki,
    )
    if rules["chiitoitsu_fu"] == 50:
        config.yaku.chiitoitsu.han_closed = 1
    calculator: type[ScoresCalculator] = _Aotenjou if rules["aotenjou"] else ScoresCalculator
    token = _FU_SWITCHES.set((int(rules["double_wind_fu"]), int(rules["chiitoitsu_fu"])))
    try:
        response = HandCalculator.estimate_hand_value(
            all_ids,
            win_id,
            melds=meld_objs,
            dora_indicators=dora_ids,
            ura_dora_indicators=ura_ids,
            config=config,
            scores_calculator_factory=calculator,
        )
    finally:
        _FU_SWITCHES.reset(token)

    if response.error:
        if response.error in _PACKAGE_SITUATION_ERRORS:
            return _error("invalid_situation")
        if response.error == HandCalculator.ERR_HAND_NOT_WINNING:
            return _error("not_winning")
        if response.error == HandCalculator.ERR_NO_YAKU:
            return _error("no_yaku")
        raise AssertionError(f"unexpected package error {response.error}")  # pragma: no cover

    yaku_list = list(response.yaku or [])
    yakuman_yaku = [y for y in yaku_list if y.is_yakuman]
    is_open = any(m.opened for m in meld_objs)
    han = int(response.han or 0)
    fu = int(response.fu or 0)
    cost = response.cost
    assert cost is not None

    def yaku_han(y: Any) -> int:
        return int(y.han_open if is_open and y.han_open else y.han_closed)

    yakuman = 0
    choices: list[str] = []
    if yakuman_yaku and rules["aotenjou"]:
        # The package scores aotenjou yakuman as 13 han each (26 for a double), the yaku they
        # imply removed and dora counted: our "13han" policy. "fixed" is modelled for a single
        # yakuman as base points 2,500,000 (10,000,000 / 15,000,000 by ron, split as §5 on
        # tsumo); kokushi's aotenjou fu (25 or 30 in RULES.md §6) is not modelled.
        if any(type(y).__name__.endswith("KokushiMusou") for y in yakuman_yaku):
            raise Unsupported("kokushi's fu under aotenjou")
        yakuman = sum(yaku_han(y) for y in yakuman_yaku) // 13
        policy = rules["aotenjou_yakuman"]
        if policy != "13han":
            if yakuman != 1:
                raise Unsupported(f"{yakuman} yakuman under aotenjou_yakuman={policy}")
            fixed = _fixed_yakuman_cost(config)
            if policy == "fixed" or fixed["total"] > cost["total"]:
                cost = fixed
    elif yakuman_yaku:
        if not rules["yakuman_stacking"]:
            # Only the largest yakuman counts; between equal ones the choice is free, so the
            # record lists them all under "yakuman_choices".
            han = max(yaku_han(y) for y in yakuman_yaku)
            choices = sorted(
                {YAKU_IDS[type(y).__name__] for y in yakuman_yaku if yaku_han(y) == han}
            )
            yaku_list = [max(yakuman_yaku, key=yaku_han)]
            cost = ScoresCalculator.calculate_scores(han, fu, config, True)
        yakuman = han // 13
    elif rules["sanbaiman_from_10"] and han == 10 and not rules["aotenjou"]:
        cost = ScoresCalculator.calculate_scores(11, fu, config, False)

    main = cost["main"] + cost["main_bonus"]
    additional = cost["additional"] + cost["additional_bonus"]
    if rules["aotenjou"]:
        main += honba * 100 * (1 if flags["tsumo"] else 3) * honba_factor
        additional += honba * 100 * honba_factor if flags["tsumo"] else 0
    others = 1 if sanma else 2  # payers besides the dealer (or the first payer)
    if flags["tsumo"]:
        ron = None
        if seat == 0:
            tsumo_dealer, tsumo_others = None, main
            total = (others + 1) * main
        else:
            tsumo_dealer, tsumo_others = main, additional
            total = main + others * additional
    else:
        ron, tsumo_dealer, tsumo_others = main, None, None
        total = main

    limit: str | None = None
    if yakuman:
        limit = "yakuman"
    elif rules["aotenjou"]:
        limit = None
    elif han >= 13:
        limit = "kazoe_yakuman" if rules["kazoe"] else "sanbaiman"
    elif han >= 11 or (han == 10 and rules["sanbaiman_from_10"]):
        limit = "sanbaiman"
    elif han >= 8:
        limit = "baiman"
    elif han >= 6:
        limit = "haneman"
    else:
        base = fu * 2 ** (han + 2)
        if han == 5 or base >= 2000 or (rules["kiriage"] and base == 1920):
            limit = "mangan"

    yaku_ids: dict[str, int] = {}
    for y in yaku_list:
        name = YAKU_IDS[type(y).__name__]
        yaku_ids[name] = yaku_ids.get(name, 0) + yaku_han(y)
    return {
        "valid": True,
        "error": None,
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "ron": ron,
        "tsumo_dealer": tsumo_dealer,
        "tsumo_others": tsumo_others,
        "total": total,
        "honba": honba * int(rules["honba_points"]) * (2 if sanma else 3) // 3,
        "sticks": sticks * 1000,
        "yaku": sorted(yaku_ids),
        "yaku_han": dict(sorted(yaku_ids.items())),
        "limit": limit,
        "yakuman_choices": choices,
    }


# -- the hand set shared by tests/engine/test_differential.py and bench/engine.py ----------------

# (label, rules, number of hands, generator knobs). Mostly Tenhou rules; then one block per
# switch, with knobs that make the switch matter (yakuman shapes for the yakuman switches,
# open hands for open_pinfu_30 / open_tanyao, chiitoitsu for chiitoitsu_fu, no red fives where
# the rules have none).
DIFFERENTIAL_BLOCKS: list[tuple[str, str | dict[str, object], int, dict[str, Any]]] = [
    ("tenhou", "tenhou", 8000, {}),
    ("tenhou/yaku", "tenhou", 2000, {"ensure_yaku": True}),
    ("tenhou/yakuman", "tenhou", 200, {"yakuman": True}),
    ("kiriage", {"preset": "tenhou", "kiriage": True}, 300, {"ensure_yaku": True}),
    ("red_fives=0", {"preset": "tenhou", "red_fives": 0}, 300, {"red_fives": False}),
    ("double_yakuman", {"preset": "tenhou", "double_yakuman": True}, 300, {"yakuman": True}),
    ("kazoe=off", {"preset": "tenhou", "kazoe": False}, 300, {"ensure_yaku": True}),
    ("sanbaiman_from_10", {"preset": "tenhou", "sanbaiman_from_10": True}, 200, {}),
    ("double_wind_fu=2", {"preset": "tenhou", "double_wind_fu": 2}, 1500, {}),
    ("open_pinfu_30=off", {"preset": "tenhou", "open_pinfu_30": False}, 300, {"open": True}),
    (
        "pinfu_tsumo=off",
        {"preset": "tenhou", "pinfu_tsumo": False},
        300,
        {"open": False, "ensure_yaku": True},
    ),
    ("open_tanyao=off", {"preset": "tenhou", "open_tanyao": False}, 200, {"open": True}),
    ("chiitoitsu_fu=50", {"preset": "tenhou", "chiitoitsu_fu": 50}, 200, {"shape": "chiitoitsu"}),
    ("honba_points=1500", {"preset": "tenhou", "honba_points": 1500}, 200, {}),
    (
        "yakuman_stacking=off",
        {"preset": "tenhou", "yakuman_stacking": False},
        200,
        {"yakuman": True},
    ),
    ("mahjongsoul", "mahjongsoul", 150, {}),
    ("mleague", "mleague", 150, {}),
    ("wrc", "wrc", 150, {}),
    ("ema", "ema", 150, {"red_fives": False}),
    ("classic", "classic", 150, {"red_fives": False}),
    (
        "aotenjou/13han",
        {"preset": "aotenjou", "aotenjou_yakuman": "13han"},
        250,
        {"shape": "standard"},
    ),
    ("aotenjou", "aotenjou", 150, {"shape": "standard", "yakuman": False}),
]
DIFFERENTIAL_SEED = 20_250_601


def differential_cases() -> list[tuple[str, dict[str, object]]]:
    """Every (label, request) of the differential run, the same on every call.

    A hand the reference cannot model (:class:`Unsupported`: several yakuman under aotenjou's
    "higher" policy, kokushi under aotenjou) is replaced by the next one drawn; this happens to
    a handful of the aotenjou hands and to nothing else.
    """
    from scorer.engine.generate import generate_request

    cases: list[tuple[str, dict[str, object]]] = []
    for index, (label, rules, count, knobs) in enumerate(DIFFERENTIAL_BLOCKS):
        rng = random.Random(DIFFERENTIAL_SEED + index)
        while sum(1 for lbl, _ in cases if lbl == label) < count:
            request = generate_request(rng, rules=rules, **knobs)
            if resolve_rules(rules)["aotenjou"]:
                try:
                    score_with_mahjong(request)
                except Unsupported:
                    continue
            cases.append((label, request))
    return cases


# -- three players: the sanma differential set (tests/engine/test_differential_sanma.py) ---------

# Kept apart from DIFFERENTIAL_BLOCKS so that bench/engine.py keeps timing the same hands.
SANMA_BLOCKS: list[tuple[str, str | dict[str, object], int, dict[str, Any]]] = [
    ("tenhou_sanma", "tenhou_sanma", 2500, {}),
    ("tenhou_sanma/yaku", "tenhou_sanma", 800, {"ensure_yaku": True}),
    ("tenhou_sanma/open", "tenhou_sanma", 400, {"open": True, "ensure_yaku": True}),
    ("tenhou_sanma/yakuman", "tenhou_sanma", 150, {"yakuman": True}),
    ("mahjongsoul_sanma", "mahjongsoul_sanma", 600, {}),
    ("mahjongsoul_sanma/yakuman", "mahjongsoul_sanma", 150, {"yakuman": True}),
    (
        "sanma honba_points=1500",
        {"preset": "tenhou_sanma", "honba_points": 1500},
        200,
        {},
    ),
    ("sanma kiriage", {"preset": "tenhou_sanma", "kiriage": True}, 200, {"ensure_yaku": True}),
]
SANMA_SEED = 20_251_123


def sanma_differential_cases() -> list[tuple[str, dict[str, object]]]:
    """Every (label, request) of the three-player differential run, the same on every call:
    generated three-player hands (no 2m-8m, no chi, seats East South West), many with norths
    set aside as nuki dora."""
    from scorer.engine.generate import generate_request

    cases: list[tuple[str, dict[str, object]]] = []
    for index, (label, rules, count, knobs) in enumerate(SANMA_BLOCKS):
        rng = random.Random(SANMA_SEED + index)
        for _ in range(count):
            cases.append((label, generate_request(rng, rules=rules, sanma=True, **knobs)))
    return cases
