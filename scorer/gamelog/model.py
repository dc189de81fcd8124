"""What a game record says, hand by hand: plain typed records, turned into JSON by ``as_dict``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Final

#: How a hand ended.
ENDS: Final = ("win", "double_ron", "exhaustive_draw", "nagashi_mangan", "abortive_draw")

#: Tenhou's yaku numbers -> API.md ids (10-13 seat wind, 14-17 round wind; 36 renhou is not a
#: Tenhou ranked yaku and has no API id).
TENHOU_YAKU: Final[dict[int, str]] = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "seat_wind",
    11: "seat_wind",
    12: "seat_wind",
    13: "seat_wind",
    14: "round_wind",
    15: "round_wind",
    16: "round_wind",
    17: "round_wind",
    18: "haku",
    19: "hatsu",
    20: "chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku",
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",
    47: "kokushi",
    48: "kokushi_13",
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
    52: "dora",
    53: "ura_dora",
    54: "aka_dora",
}

#: The bounds of every number a record holds (issue 30 item 5): far beyond any real game, so
#: that a record of absurd numbers (honba 10^4000, a score of -10^30) is refused, not stored.
#: Points: a game's scores, score changes and a win's value, either sign.
MAX_POINTS: Final = 1_000_000
#: Honba and riichi sticks on the table.
MAX_COUNT: Final = 99
#: A win's fu, and its han (each yaku's, and the total).
MAX_FU: Final = 200
MAX_HAN: Final = 200
#: The final +/- of a player (uma and oka included).
MAX_FINAL: Final = 10_000
#: The reason a record with no finished hand is refused (by every surface alike).
NO_HANDS: Final = "the record holds no finished hand"


def in_range(value: int, high: int, low: int | None = None) -> bool:
    """``value`` within [low, high]; ``low`` defaults to ``-high``."""
    return (-high if low is None else low) <= value <= high


#: Tenhou's limit numbers in ``ten`` -> API.md limit names.
TENHOU_LIMIT: Final[dict[int, str | None]] = {
    0: None,
    1: "mangan",
    2: "haneman",
    3: "baiman",
    4: "sanbaiman",
    5: "yakuman",
}


#: Tenhou's rooms by the bits of ``<GO type>`` (0x20 特上, 0x80 上級, both 鳳凰) and Mahjong
#: Soul's by the name its converters write in ``rule.disp``: codes the pages name.
TENHOU_ROOMS: Final = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}


@dataclass(frozen=True)
class GameRules:
    """The rules a record names: red fives, open tanyao, three players, a south game; where it
    was played (``platform`` "tenhou" or "mahjongsoul", the ``room`` code, a fast game)."""

    red_fives: bool = True
    open_tanyao: bool = True
    players: int = 4
    hanchan: bool = True
    platform: str = "tenhou"
    room: str = ""
    fast: bool = False

    def request_rules(self) -> str | dict[str, object]:
        """The ``rules`` field of a score request under these rules (a preset when one fits):
        Tenhou's or Mahjong Soul's, four or three players."""
        preset = "mahjongsoul" if self.platform == "mahjongsoul" else "tenhou"
        if self.players == 3:
            preset += "_sanma"
        if self.red_fives and self.open_tanyao:
            return preset
        spec: dict[str, object] = {"preset": preset}
        if not self.red_fives:
            spec["red_fives"] = 0
        if not self.open_tanyao:
            spec["open_tanyao"] = False
        return spec


@dataclass(frozen=True)
class Recorded:
    """What Tenhou's server computed for one win (``fu`` 0: not recorded, as for a limit hand
    in the tenhou.net/6 JSON)."""

    fu: int
    han: int
    points: int
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[str, ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True)
class Win:
    """One win: who won from whom, the score request for it, and Tenhou's own result."""

    who: int
    from_who: int
    tsumo: bool
    pao: int | None
    request: dict[str, object]
    recorded: Recorded


@dataclass(frozen=True)
class Event:
    """One move of a hand's play, in order (the replay): ``kind`` is ``draw``, ``discard``
    (``tsumogiri``: the tile just drawn; ``riichi``: it declares riichi), ``call`` (a chi, pon
    or open kan of the tile ``source`` just discarded), ``kan`` (a closed kan, or a tile added
    to a pon), ``kita`` (three players: a north set aside) or ``dora`` (an indicator revealed,
    ``seat`` -1). Tiles in MPSZ (``0p`` a red five); ``meld`` in Extended MPSZ."""

    kind: str
    seat: int = -1
    tile: str = ""
    meld: str = ""
    call: str = ""
    source: int = -1
    tsumogiri: bool = False
    riichi: bool = False


@dataclass(frozen=True)
class Hand:
    """One hand of a game, in order. ``deals`` (each seat's 13 starting tiles) and ``events``
    (the play in order) are empty where the record's play could not be put in order."""

    number: int
    round_wind: str
    round_number: int
    honba: int
    sticks: int
    dealer: int
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    end: str
    draw_kind: str | None = None
    tenpai: tuple[int, ...] = ()
    wins: tuple[Win, ...] = field(default=())
    deals: tuple[tuple[str, ...], ...] = ()
    events: tuple[Event, ...] = ()

    def label(self) -> str:
        """``East 1, 0 honba`` in plain ASCII (the pages name the round in the learner's
        language)."""
        names = {"1z": "East", "2z": "South", "3z": "West", "4z": "North"}
        return f"{names[self.round_wind]} {self.round_number}, {self.honba} honba"


@dataclass(frozen=True)
class Game:
    """A whole record: the players' names, the rules, and the hands in order."""

    source: str
    players: tuple[str, ...]
    rules: GameRules
    hands: tuple[Hand, ...]
    final_scores: tuple[int, ...] | None = None
    #: The record stops in the middle of a hand (that hand is not listed).
    unfinished: bool = False
    #: Each player's final +/- as the record gives it (uma and oka included), when it does.
    final_points: tuple[float, ...] | None = None
    #: The game's id where the record names it (a tenhou6 ``ref``: Tenhou's log id or Mahjong
    #: Soul's game uuid); an .mjlog names none (its file name does).
    log_id: str = ""
    #: When it was played, ISO 8601 as precise as the record says ("" unknown).
    played: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def wins(self) -> list[tuple[Hand, Win]]:
        return [(hand, win) for hand in self.hands for win in hand.wins]


class RecordError(ValueError):
    """A record that cannot be read. ``hand`` (1-based, or None before the first hand) and
    ``tag`` name where reading stopped. ``kind`` names a record that is something else than a
    broken one (``mahjongsoul_raw``, ``mahjongsoul_link``, ``mjai``, ``unknown_yaku``), so a
    page can say what it is and what would work; ``name`` is the word at fault (a yaku's),
    ``platform`` where the record comes from when the reader could tell."""

    def __init__(
        self,
        message: str,
        hand: int | None = None,
        tag: str | None = None,
        kind: str = "",
        name: str = "",
        platform: str = "",
    ) -> None:
        self.reason = message
        self.hand = hand
        self.tag = tag
        self.kind = kind
        self.name = name
        #: Where the record comes from, when the reader knew it ("tenhou", "mahjongsoul").
        self.platform = platform
        where = []
        if hand is not None:
            where.append(f"hand {hand}")
        if tag is not None:
            where.append(f"tag <{tag}>")
        super().__init__(f"{message} ({', '.join(where)})" if where else message)

    def as_dict(self) -> dict[str, object]:
        """API.md's error object (code ``invalid_record``)."""
        return {
            "ok": False,
            "error": {
                "code": "invalid_record",
                "message": str(self),
                "field": "record",
                "hand": self.hand,
                "tag": self.tag,
                **({"kind": self.kind} if self.kind else {}),
            },
        }
