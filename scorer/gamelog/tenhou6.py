"""The tenhou.net/6 viewer JSON -> :class:`Game`.

``{"title", "name", "rule", "log": [[[round, honba, sticks], scores, dora indicators,
ura indicators, haipai0, takes0, discards0, ... haipai3, takes3, discards3, result]]}``. Tiles
are 11-19 (man), 21-29 (pin), 31-39 (sou), 41-47 (honours), 51-53 the red fives; a discard of
60 is the tile just drawn, ``r`` marks the riichi discard, 0 the turn of an open kan. Calls are
strings whose letter says the kind (``c`` chi, ``p`` pon, ``m`` open kan, ``a`` closed kan,
``k`` added kan) and, by where it stands, from whom; the tile after the letter is the called
(or added) one. Three players: the fourth seat's parts are empty, ``f44`` among the discards
sets a north aside (kita), and Tenhou lists the norths under ドラ.

The JSON keeps each player's draws and discards apart, not the order of play, so the situation
of a win that the order alone tells (ippatsu, haitei, houtei, rinshan, double riichi, tenhou,
chiihou) is read from the recorded yaku list; riichi is read from the winner's discards, and
chankan from the discarder's last move (a kan added to a pon: a yakuman's list names no
chankan). A ron may rob an added kan, a closed kan (kokushi) or a north set aside. Each hand
is replayed player by player and refused, naming the hand and the part it failed on, when its
tiles do not add up."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from .model import TENHOU_YAKU, Game, GameRules, Hand, Recorded, RecordError, Win

WINDS: Final = ("1z", "2z", "3z", "4z")
#: Tenhou's yaku names in its own numbering (0-54), as the JSON writes them.
YAKU_NAMES: Final = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風_東",
    "自風_南",
    "自風_西",
    "自風_北",
    "場風_東",
    "場風_南",
    "場風_西",
    "場風_北",
    "役牌_白",
    "役牌_發",
    "役牌_中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
]
_YAKU_ID: Final = {name.replace("_", " "): number for number, name in enumerate(YAKU_NAMES)}
_YAKU: Final = re.compile(r"^(.+?)\((\d+)飜\)$|^(.+?)\(役満\)$")
_POINTS: Final = re.compile(
    r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(\d+)(?:-(\d+))?点(∀)?$"
)
_LIMITS: Final = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "数え役満": "yakuman",
    "役満": "yakuman",
}
#: How the hand ended, by the result's first word.
_DRAWS: Final = {
    "流局": ("exhaustive_draw", None),
    "全員聴牌": ("exhaustive_draw", None),
    "全員不聴": ("exhaustive_draw", None),
    "流し満貫": ("nagashi_mangan", "nm"),
    "九種九牌": ("abortive_draw", "yao9"),
    "四家立直": ("abortive_draw", "reach4"),
    "三家和了": ("abortive_draw", "ron3"),
    "四槓散了": ("abortive_draw", "kan4"),
    "四風連打": ("abortive_draw", "kaze4"),
}
#: The letter's place in a pon/kan string -> the direction mark (left, across, right).
_PON_FROM: Final = {0: "-", 2: "=", 4: "+"}
_KAN_FROM: Final = {0: "-", 2: "=", 6: "+"}


def tile_code(value: object, red: bool = True) -> str:
    """A tenhou.net/6 tile number -> MPSZ (raises ValueError)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a tile")
    if value in (51, 52, 53):
        return ("0" if red else "5") + "mps"[value - 51]
    suit, digit = divmod(value, 10)
    if not (1 <= suit <= 4 and 1 <= digit <= (7 if suit == 4 else 9)):
        raise ValueError(f"{value} is not a tile")
    return f"{digit}{'mpsz'[suit - 1]}"


def _kind(value: int) -> int:
    return {51: 15, 52: 25, 53: 35}.get(value, value)


@dataclass
class _Meld:
    kind: str  # chi pon open_kan closed_kan added_kan
    tiles: list[int]
    called: int | None
    direction: str
    added: int | None = None

    def notation(self, red: bool) -> str:
        """Extended MPSZ: a chi in order; a pon or kan with its called tile first (marked with
        its direction), the others in canonical order (5 before 0), an added tile last."""
        suit = tile_code(self.tiles[0], red)[1]

        def canonical(tile: int) -> tuple[int, bool]:
            return _kind(tile), red and tile > 50

        if self.kind == "closed_kan":
            ordered = sorted(self.tiles, key=canonical)
            return "(" + "".join(tile_code(t, red)[0] for t in ordered) + suit + ")"
        if self.kind == "chi":
            body = ""
            for tile in sorted(self.tiles, key=canonical):
                body += tile_code(tile, red)[0] + (self.direction if tile == self.called else "")
            return "[" + body + suit + "]"
        rest = list(self.tiles)
        assert self.called is not None
        rest.remove(self.called)
        if self.added is not None:
            rest.remove(self.added)
        body = tile_code(self.called, red)[0] + self.direction
        body += "".join(tile_code(t, red)[0] for t in sorted(rest, key=canonical))
        if self.added is not None:
            body += tile_code(self.added, red)[0] + "^"
            return "{" + body + suit + "}"
        return "[" + body + suit + "]"


def _split_call(text: str, letters: str) -> tuple[str, int, list[int]]:
    """``"45p4545"`` -> ("p", 2, [45, 45, 45]): the letter, its place, the tiles (the one after
    the letter first)."""
    match = re.fullmatch(r"((?:\d\d)*)([a-z])(\d\d(?:\d\d)*)", text)
    if match is None or match[2] not in letters:
        raise ValueError(f"{text!r} is not a call")
    before, letter, after = match[1], match[2], match[3]
    tiles = [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    tiles += [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    return letter, len(before), tiles


@dataclass
class _Player:
    hand: list[int]
    melds: list[_Meld] = field(default_factory=list)
    riichi: bool = False
    riichi_last: bool = False  # the last discard declared riichi (a ron on it: no stick paid)
    last_take: int | None = None
    last_discard: int | None = None
    last_added: int | None = None  # the tile just added to a kan (a chankan's winning tile)
    #: A tile of the closed kan just declared (kokushi may rob it, like an added kan's tile).
    last_closed_kan: int | None = None
    nuki: int = 0  # norths set aside (kita, three players): ``f44`` in the discards

    def remove(self, tile: int) -> None:
        if tile not in self.hand:
            raise ValueError(f"tile {tile} is not in the hand")
        self.hand.remove(tile)

    def take(self, value: object) -> None:
        self.last_added = None
        self.last_closed_kan = None
        if isinstance(value, int) and not isinstance(value, bool):
            tile_code(value)
            self.hand.append(value)
            self.last_take = value
            return
        if not isinstance(value, str):
            raise ValueError(f"{value!r} is not a draw or a call")
        letter, place, tiles = _split_call(value, "cpm")
        for tile in tiles:
            tile_code(tile)
        called, own = tiles[0], tiles[1:]
        if letter == "c":
            if place != 0 or len(tiles) != 3:
                raise ValueError(f"{value!r} is not a chi")
            kinds = sorted(_kind(t) for t in tiles)
            if kinds[0] > 40 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                raise ValueError(f"{value!r} is not a run")
            meld = _Meld("chi", sorted(tiles, key=_kind), called, "-")
        elif letter == "p":
            if place not in _PON_FROM or len(tiles) != 3 or len({_kind(t) for t in tiles}) != 1:
                raise ValueError(f"{value!r} is not a pon")
            meld = _Meld("pon", tiles, called, _PON_FROM[place])
        else:
            if place not in _KAN_FROM or len(tiles) != 4 or len({_kind(t) for t in tiles}) != 1:
                raise ValueError(f"{value!r} is not an open kan")
            meld = _Meld("open_kan", tiles, called, _KAN_FROM[place])
        for tile in own:
            self.remove(tile)
        self.melds.append(meld)
        self.last_take = None

    def discard(self, value: object) -> None:
        self.last_added = None
        self.last_closed_kan = None
        self.riichi_last = False
        if value == 0:
            return  # the turn of an open kan: no discard
        if isinstance(value, int) and not isinstance(value, bool):
            tile = self.last_take if value == 60 else value
            if tile is None:
                raise ValueError("a discard of the drawn tile with no tile drawn")
            self.remove(tile)
            self.last_discard = tile
            return
        if not isinstance(value, str):
            raise ValueError(f"{value!r} is not a discard")
        if value.startswith("r") and value[1:].isdigit():
            number = int(value[1:])
            tile = self.last_take if number == 60 else number
            if tile is None:
                raise ValueError("a riichi discard of the drawn tile with no tile drawn")
            self.remove(tile)
            self.riichi = True
            self.riichi_last = True
            self.last_discard = tile
            return
        if value == "f44":
            # Three players: a north set aside (kita); the next draw is its replacement. It can
            # be ronned like a discard (not as chankan).
            self.remove(44)
            self.nuki += 1
            self.last_discard = 44
            return
        letter, _place, tiles = _split_call(value, "ak")
        if letter == "a":
            if len(tiles) != 4 or len({_kind(t) for t in tiles}) != 1:
                raise ValueError(f"{value!r} is not a closed kan")
            for tile in tiles:
                self.remove(tile)
            self.melds.append(_Meld("closed_kan", sorted(tiles), None, ""))
            # Not a discard: a ron now robs the kan (kokushi), never the tile given before.
            self.last_discard = None
            self.last_closed_kan = tiles[0]
            return
        kind = _kind(tiles[0])
        pon = next((m for m in self.melds if m.kind == "pon" and _kind(m.tiles[0]) == kind), None)
        if pon is None or len(tiles) != 4:
            raise ValueError(f"{value!r} adds to no pon")
        rest = list(tiles)
        for tile in pon.tiles:
            if tile in rest:
                rest.remove(tile)
        if len(rest) != 1:
            raise ValueError(f"{value!r} does not match its pon")
        self.remove(rest[0])
        pon.kind, pon.tiles, pon.added = "added_kan", [*pon.tiles, rest[0]], rest[0]
        self.last_added = rest[0]
        self.last_discard = None


def _points(text: str, players: int) -> tuple[int, int, str | None, int]:
    """``"30符1飜1000点"`` -> (fu, han, limit, points collected without honba or sticks); fu and
    han are 0 where a limit hides them. A tsumo is paid by the ``players - 1`` others (three
    players: the record's shares are as paid, so a tsumo loss shows in the total)."""
    match = _POINTS.match(text)
    if match is None:
        raise ValueError(f"{text!r} is not a points line")
    fu = int(match[1] or 0)
    han = int(match[2] or 0)
    limit = _LIMITS.get(match[3] or "")
    first = int(match[4])
    if match[6]:  # ∀: a dealer's tsumo, each of the others pays it
        return fu, han, limit, first * (players - 1)
    if match[5]:  # a non-dealer's tsumo: the other non-dealers' share, then the dealer's
        return fu, han, limit, first * (players - 2) + int(match[5])
    return fu, han, limit, first


class _Reader:
    def __init__(self, rules: GameRules) -> None:
        self.rules = rules

    def hand(self, number: int, entry: object) -> Hand:
        players = self.rules.players
        if not isinstance(entry, list) or len(entry) != 4 + 3 * 4 + 1:
            raise RecordError("a hand has 17 parts", number, "log")
        head, scores, dora, ura = entry[0], entry[1], entry[2], entry[3]
        if not (
            isinstance(head, list)
            and len(head) == 3
            and all(isinstance(v, int) and v >= 0 for v in head)
            and head[0] < 16
            and isinstance(scores, list)
            and len(scores) == 4
            and all(isinstance(v, int) for v in scores)
        ):
            raise RecordError("the round, honba, sticks or scores are not numbers", number, "head")
        red = self.rules.red_fives
        try:
            dora_codes = "".join(tile_code(t, red) for t in _list(dora))
            ura_codes = "".join(tile_code(t, red) for t in _list(ura))
        except ValueError as exc:
            raise RecordError(str(exc), number, "dora") from None
        seats: list[_Player] = []
        for seat in range(4):
            haipai, takes, discards = entry[4 + 3 * seat : 7 + 3 * seat]
            part = f"seat {seat}"
            try:
                start = _list(haipai)
                for tile in start:
                    tile_code(tile)
                if seat < players and len(start) != 13:
                    raise ValueError(f"{len(start)} tiles dealt, not 13")
                player = _Player(list(start))
                takes_list, discards_list = _list(takes), _list(discards)
                if len(discards_list) > len(takes_list):
                    raise ValueError("more discards than draws")
                for i, value in enumerate(takes_list):
                    player.take(value)
                    if i < len(discards_list):
                        player.discard(discards_list[i])
            except ValueError as exc:
                raise RecordError(f"{part}: {exc}", number, "play") from None
            seats.append(player)
        kyoku, honba, sticks = head
        dealer = kyoku % 4
        before = tuple(int(v) for v in scores[:players])
        result = entry[16]
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise RecordError("the result is missing", number, "result")
        word = result[0]
        total = [0] * players
        # Each riichi put a stick on the table (1,000 from its player), unless the riichi
        # discard itself was ronned; the sticks a win collects count them, as Tenhou's do.
        ronned = set()
        if word == "和了":
            for info in result[2::2]:
                if isinstance(info, list) and len(info) >= 2 and info[0] != info[1]:
                    ronned.add(info[1])
        deposits = [
            int(seats[s].riichi and not (seats[s].riichi_last and s in ronned))
            for s in range(players)
        ]
        table_sticks = sticks + sum(deposits)
        wins: list[Win] = []
        if word == "和了":
            pairs = result[1:]
            if not pairs or len(pairs) % 2:
                raise RecordError("a win without its score changes", number, "result")
            for deltas, info in zip(pairs[::2], pairs[1::2], strict=True):
                at_win = [kyoku, honba, table_sticks]
                win = self.win(
                    number, at_win, dealer, seats, deltas, info, dora_codes, ura_codes, wins
                )
                wins.append(win)
                for s in range(players):
                    total[s] += win.recorded.deltas[s]
            end = "win" if len(wins) == 1 else "double_ron"
            kind = None
        elif word in _DRAWS:
            end, kind = _DRAWS[word]
            if len(result) > 1:
                changes = _list(result[1])
                if len(changes) < players or not all(isinstance(v, int) for v in changes):
                    raise RecordError("the score changes are not numbers", number, "result")
                total = [int(v) for v in changes[:players]]
        else:
            raise RecordError(f"an unknown result {word[:20]!r}", number, "result")
        for s in range(players):
            total[s] -= 1000 * deposits[s]
        return Hand(
            number=number,
            round_wind=WINDS[kyoku // 4],
            round_number=kyoku % 4 + 1,
            honba=honba,
            sticks=sticks,
            dealer=dealer,
            scores_before=before,
            scores_after=tuple(before[s] + total[s] for s in range(players)),
            end=end,
            draw_kind=kind,
            wins=tuple(wins),
        )

    def win(
        self,
        number: int,
        head: list[int],
        dealer: int,
        seats: list[_Player],
        deltas: object,
        info: object,
        dora: str,
        ura: str,
        earlier: list[Win],
    ) -> Win:
        players = self.rules.players
        red = self.rules.red_fives
        changes = _list(deltas)
        details = _list(info)
        if (
            len(changes) < players
            or not all(isinstance(v, int) for v in changes)
            or len(details) < 4
            or not all(isinstance(v, int) and 0 <= v < players for v in details[:3])
            or not all(isinstance(v, str) for v in details[3:])
        ):
            raise RecordError("a win's details are not as the format has them", number, "result")
        who, from_who, pao_who = (int(v) for v in details[:3])
        tsumo = who == from_who
        try:
            fu, han, limit, points = _points(str(details[3]), players)
            yaku: list[tuple[str, int]] = []
            yakuman: list[str] = []
            listed: set[int] = set()
            for text in details[4:]:
                match = _YAKU.match(str(text))
                name = (match[1] or match[3]) if match else None
                if match and name == "抜きドラ" and match[2]:
                    # Not in Tenhou's numbering (its own records count norths with ドラ).
                    yaku.append(("nuki_dora", int(match[2])))
                    continue
                if name is None or name not in _YAKU_ID or _YAKU_ID[name] not in TENHOU_YAKU:
                    raise ValueError(f"an unknown yaku {text!r}")
                number_id = _YAKU_ID[name]
                listed.add(number_id)
                if match and match[3]:
                    yakuman.append(TENHOU_YAKU[number_id])
                elif match and int(match[2]):
                    yaku.append((TENHOU_YAKU[number_id], int(match[2])))
        except ValueError as exc:
            raise RecordError(str(exc), number, "result") from None
        winner = seats[who]
        chankan = False
        try:
            if tsumo:
                if winner.last_take is None:
                    raise ValueError("a tsumo with no tile drawn")
                win_tile = winner.last_take
                concealed = list(winner.hand)
                concealed.remove(win_tile)
            else:
                loser = seats[from_who]
                # The tile given: an added kan's (chankan), a closed kan's (kokushi), or the
                # last discard (a north set aside counts as one).
                given = [loser.last_added, loser.last_closed_kan, loser.last_discard]
                win_tile_or_none = next((t for t in given if t is not None), None)
                if win_tile_or_none is None:
                    raise ValueError("a ron with no tile discarded")
                win_tile = win_tile_or_none
                chankan = loser.last_added is not None
                concealed = list(winner.hand)
            if len(concealed) + 3 * len(winner.melds) != 13:
                raise ValueError("the winning hand has the wrong number of tiles")
        except ValueError as exc:
            raise RecordError(f"seat {who}: {exc}", number, "result") from None
        seat_of = (who - dealer) % players
        concealed.sort(key=lambda t: (_kind(t) // 10, _kind(t) % 10, t))
        hand_text = _group(concealed, red) + "".join(m.notation(red) for m in winner.melds)
        request: dict[str, object] = {
            "hand": hand_text,
            "win": tile_code(win_tile, red),
            "tsumo": tsumo,
            "seat": WINDS[seat_of],
            "round": WINDS[head[0] // 4],
            "riichi": winner.riichi and 21 not in listed,
            "double_riichi": 21 in listed,
            "ippatsu": 2 in listed,
            "haitei": 5 in listed,
            "houtei": 6 in listed,
            "rinshan": 4 in listed,
            # From the play (a yakuman's list names no chankan, as the .mjlog reader has it).
            "chankan": chankan,
            "tenhou": 37 in listed,
            "chiihou": 38 in listed,
            "dora": dora,
            "ura": ura if winner.riichi else "",
            "honba": head[1],
            "sticks": head[2],
            "rules": self.rules.request_rules(),
        }
        pao = pao_who if pao_who != who else None
        if pao is not None:
            request["pao"] = WINDS[(pao - dealer) % players]
        if winner.nuki:
            request["nuki"] = winner.nuki
        if not tsumo:
            request["discarder"] = WINDS[(from_who - dealer) % players]
            if any(w.from_who == from_who for w in earlier):
                request["ron_order"] = 2
        recorded = Recorded(
            fu=fu,
            han=han or sum(h for _y, h in yaku),
            points=points,
            limit=limit,
            yaku=tuple(yaku),
            yakuman=tuple(yakuman),
            deltas=tuple(int(v) for v in changes[:players]),
        )
        return Win(who, from_who, tsumo, pao, request, recorded)


def _group(tiles: list[int], red: bool) -> str:
    out = ""
    for suit in "mpsz":
        digits = "".join(tile_code(t, red)[0] for t in tiles if tile_code(t, red)[1] == suit)
        if digits:
            out += digits + suit
    return out


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    return value


def _fourth_seat_empty(log: list[Any]) -> bool:
    """A three-player record whose rule name does not say so (三): the first hand deals the
    fourth seat nothing and gives it no score."""
    first = log[0] if log else None
    return (
        isinstance(first, list)
        and len(first) == 17
        and isinstance(first[1], list)
        and len(first[1]) == 4
        and first[1][3] == 0
        and first[13] == []
    )


def read_tenhou6(raw: bytes) -> Game:
    """Read the tenhou.net/6 JSON; raises :class:`RecordError`."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise RecordError("the record is not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise RecordError('not a tenhou.net/6 record: it has no "log"', None, "log")
    names = data.get("name", ["", "", "", ""])
    rule = data.get("rule", {})
    if not isinstance(names, list) or not isinstance(rule, dict):
        raise RecordError('"name" or "rule" is not as the format has them', None, "name")
    disp = str(rule.get("disp", ""))
    aka = [rule.get(k) for k in ("aka", "aka51", "aka52", "aka53")]
    red = (
        any(isinstance(v, int) and v > 0 for v in aka) if any(v is not None for v in aka) else True
    )
    rules = GameRules(
        red_fives=red,
        open_tanyao="喰" in disp or not disp,
        players=3 if "三" in disp or _fourth_seat_empty(data["log"]) else 4,
        hanchan="南" in disp,
    )
    reader = _Reader(rules)
    hands = []
    for index, entry in enumerate(data["log"][:100]):
        try:
            hands.append(reader.hand(index + 1, entry))
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(
                f"the hand is not as the format has it ({exc})", index + 1, "log"
            ) from None
    players = tuple(str(n)[:64] for n in names[: rules.players])
    return Game("tenhou6", players, rules, tuple(hands))
