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

from .model import (
    MAX_COUNT,
    MAX_FINAL,
    MAX_FU,
    MAX_HAN,
    MAX_POINTS,
    TENHOU_ROOMS,
    Event,
    Game,
    GameRules,
    Hand,
    Recorded,
    RecordError,
    Win,
    in_range,
)
from .vocab import (
    DRAW_WORDS,
    LIMIT_WORDS,
    MAHJONGSOUL_ID,
    MAHJONGSOUL_ONLY,
    MAHJONGSOUL_ROOMS,
    POINTS_LINE,
    TENHOU_ID,
    TENHOU_ROOM_LETTERS,
    YAKU_IDS,
    YAKU_ITEM,
    played_at,
)

WINDS: Final = ("1z", "2z", "3z", "4z")
#: The letter's place in a pon/kan string -> the direction mark (left, across, right).
_PON_FROM: Final = {0: "-", 2: "=", 4: "+"}
_KAN_FROM: Final = {0: "-", 2: "=", 6: "+"}
#: A direction mark -> the seat it points at, counted from the caller.
_OFFSET: Final = {"-": -1, "=": 2, "+": 1}
#: The API ids of the yaku that tell a win's situation (the JSON keeps no order of play).
_SITUATION: Final = ("double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "tenhou", "chiihou")


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


def _taken(value: str) -> _Meld:
    """A call among the draws (``c`` chi, ``p`` pon, ``m`` open kan) -> its meld; raises
    ValueError."""
    letter, place, tiles = _split_call(value, "cpm")
    for tile in tiles:
        tile_code(tile)
    called = tiles[0]
    if letter == "c":
        if place != 0 or len(tiles) != 3:
            raise ValueError(f"{value!r} is not a chi")
        kinds = sorted(_kind(t) for t in tiles)
        if kinds[0] > 40 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise ValueError(f"{value!r} is not a run")
        return _Meld("chi", sorted(tiles, key=_kind), called, "-")
    if letter == "p":
        if place not in _PON_FROM or len(tiles) != 3 or len({_kind(t) for t in tiles}) != 1:
            raise ValueError(f"{value!r} is not a pon")
        return _Meld("pon", tiles, called, _PON_FROM[place])
    if place not in _KAN_FROM or len(tiles) != 4 or len({_kind(t) for t in tiles}) != 1:
        raise ValueError(f"{value!r} is not an open kan")
    return _Meld("open_kan", tiles, called, _KAN_FROM[place])


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
        meld = _taken(value)
        own = list(meld.tiles)
        assert meld.called is not None
        own.remove(meld.called)
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
    match = POINTS_LINE.match(text)
    if match is None or not (match[1] or match[3]):
        raise ValueError(f"{text!r} is not a points line")
    fu = int(match[1] or 0)
    han = int(match[2] or 0)
    limit = LIMIT_WORDS.get(match[3] or "")
    first = int(match[4])
    if match[6]:  # ∀: a dealer's tsumo, each of the others pays it
        points = first * (players - 1)
    elif match[5]:  # a non-dealer's tsumo: the other non-dealers' share, then the dealer's
        points = first * (players - 2) + int(match[5])
    else:
        points = first
    if not (in_range(fu, MAX_FU, 0) and in_range(han, MAX_HAN, 0) and points <= MAX_POINTS):
        raise ValueError(f"{text!r} is out of range")
    return fu, han, limit, points


def _number(value: object, bound: int, low: int | None = None) -> int:
    """A whole number of the record within the bounds (a float that is whole counts: some
    converters write ``0.0``); raises ValueError."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not in_range(value, bound, low):
        raise ValueError(f"{str(value)[:20]} is not a number in range")
    return value


def _points_list(value: object, players: int) -> list[int]:
    """Scores or score changes: one whole number of points per seat (four places)."""
    values = _list(value)
    if len(values) < players:
        raise ValueError("fewer values than players")
    return [_number(v, MAX_POINTS) for v in values[:players]]


def _in_order(
    entry: list[Any], players: int, dealer: int, red: bool
) -> tuple[tuple[tuple[str, ...], ...], tuple[Event, ...]]:
    """The hand's deals and its play in order, for the replay (the JSON keeps each player's
    draws and discards apart, as the viewer needs them). The turn passes to the next seat after
    each discard, unless a player's next draw is a call of that very tile from that seat (a
    pon or kan before a chi); a kan, a north set aside or an open kan's ``0`` keeps the turn.
    New dora indicators: at once for a closed kan, after the replacement draw for an open or
    added kan (as Tenhou reveals them). Run on a hand the reader has already checked; no events
    when the draws and discards cannot all be put in one order."""
    deals = tuple(tuple(tile_code(t, red) for t in entry[4 + 3 * s]) for s in range(players))
    takes = [list(entry[5 + 3 * s]) for s in range(players)]
    discards = [list(entry[6 + 3 * s]) for s in range(players)]
    indicators = list(entry[2])
    events: list[Event] = []
    shown = 0

    def reveal() -> None:
        nonlocal shown
        if shown < len(indicators):
            events.append(Event("dora", tile=tile_code(indicators[shown], red)))
            shown += 1

    def source(seat: int, meld: _Meld) -> int:
        return (seat + _OFFSET[meld.direction]) % players

    reveal()
    took, gave = [0] * players, [0] * players
    melds: list[list[_Meld]] = [[] for _ in range(players)]
    turn, pending, drawn, calling = dealer, 0, None, False
    for _step in range(4 * 200):
        if took[turn] >= len(takes[turn]):
            break
        take = takes[turn][took[turn]]
        took[turn] += 1
        if isinstance(take, str) != calling:
            return deals, ()  # a call where the turn came round, or a draw where a call was
        if isinstance(take, str):
            meld = _taken(take)
            assert meld.called is not None
            called = tile_code(meld.called, red)
            events.append(
                Event("call", turn, called, meld.notation(red), meld.kind, source(turn, meld))
            )
            melds[turn].append(meld)
            drawn = None
            if meld.kind == "open_kan":
                pending += 1
        else:
            events.append(Event("draw", turn, tile_code(take, red)))
            drawn = take
            while pending:  # the replacement tile of an open or added kan is drawn
                reveal()
                pending -= 1
        if gave[turn] >= len(discards[turn]):
            break  # the hand ends on this draw (a tsumo, or the wall is out)
        value = discards[turn][gave[turn]]
        gave[turn] += 1
        calling = False  # the same seat draws next
        if value == 0:
            continue  # an open kan: its replacement tile comes next
        if value == "f44":
            events.append(Event("kita", turn, tile_code(44, red)))
            continue
        if isinstance(value, str) and not value.startswith("r"):
            letter, _place, tiles = _split_call(value, "ak")
            if letter == "a":
                meld = _Meld("closed_kan", sorted(tiles), None, "")
                plain = tile_code(_kind(tiles[0]), False)  # the kind (a red five's too)
                kan = Event("kan", turn, plain, meld.notation(red), meld.kind)
                events.append(kan)
                reveal()
                continue
            pon = next(
                m for m in melds[turn] if m.kind == "pon" and _kind(m.tiles[0]) == _kind(tiles[0])
            )
            rest = list(tiles)
            for held in pon.tiles:
                rest.remove(held)
            added = _Meld("added_kan", [*pon.tiles, rest[0]], pon.called, pon.direction, rest[0])
            melds[turn][melds[turn].index(pon)] = added
            code = tile_code(rest[0], red)
            events.append(Event("kan", turn, code, added.notation(red), added.kind))
            pending += 1
            continue
        riichi = isinstance(value, str)
        number = int(value[1:]) if isinstance(value, str) else int(value)
        given = drawn if number == 60 else number
        if given is None:
            return deals, ()
        tile: int = given
        code = tile_code(tile, red)
        events.append(Event("discard", turn, code, tsumogiri=number == 60, riichi=riichi))
        callers = []
        for step in range(1, players):
            seat = (turn + step) % players
            if took[seat] < len(takes[seat]) and isinstance(takes[seat][took[seat]], str):
                meld = _taken(takes[seat][took[seat]])
                if meld.called == tile and source(seat, meld) == turn:
                    callers.append((meld.kind == "chi", step, seat))
        calling = bool(callers)
        turn = min(callers)[2] if callers else (turn + 1) % players
    if took != [len(t) for t in takes] or gave != [len(d) for d in discards]:
        return deals, ()
    return deals, tuple(events)


class _Reader:
    def __init__(self, rules: GameRules) -> None:
        self.rules = rules

    def hand(self, number: int, entry: object) -> Hand:
        players = self.rules.players
        if not isinstance(entry, list) or len(entry) != 4 + 3 * 4 + 1:
            raise RecordError("a hand has 17 parts", number, "log")
        head, scores, dora, ura = entry[0], entry[1], entry[2], entry[3]
        try:
            if not isinstance(head, list) or len(head) != 3 or len(_list(scores)) != 4:
                raise ValueError("not three numbers and four scores")
            kyoku = _number(head[0], 15, 0)
            honba, sticks = (_number(v, MAX_COUNT, 0) for v in head[1:])
            before = tuple(_points_list(scores, players))
        except ValueError:
            raise RecordError(
                "the round, honba, sticks or scores are not numbers in range", number, "head"
            ) from None
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
        dealer = kyoku % 4
        try:
            deals, events = _in_order(entry, players, dealer, red)
        except (ValueError, StopIteration, KeyError, IndexError):
            deals, events = (), ()
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
        elif word in DRAW_WORDS:
            end, kind = DRAW_WORDS[word]
            if len(result) > 1:
                try:
                    total = _points_list(result[1], players)
                except ValueError:
                    raise RecordError(
                        "the score changes are not numbers in range", number, "result"
                    ) from None
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
            deals=deals,
            events=events,
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
        details = _list(info)
        try:
            changes = _points_list(deltas, players)
        except ValueError:
            changes = []
        if (
            not changes
            or len(details) < 4
            or not all(isinstance(v, int) and 0 <= v < players for v in details[:3])
            or not all(isinstance(v, str) for v in details[3:])
        ):
            raise RecordError("a win's details are not as the format has them", number, "result")
        who, from_who, pao_who = (int(v) for v in details[:3])
        tsumo = who == from_who
        try:
            fu, han, limit, points = _points(str(details[3]), players)
        except ValueError as exc:
            raise RecordError(str(exc), number, "result") from None
        yaku: list[tuple[str, int]] = []
        yakuman: list[str] = []
        listed: set[str] = set()
        for text in details[4:]:
            match = YAKU_ITEM.match(str(text))
            name = (match[1] or match[3]) if match else None
            if match is None or name is None or name not in YAKU_IDS:
                word = str(name or text)[:40]
                where = "a Mahjong Soul record: " if self.rules.platform == "mahjongsoul" else ""
                raise RecordError(
                    f"{where}an unknown yaku {word!r}",
                    number,
                    "result",
                    kind="unknown_yaku",
                    name=word,
                    platform=self.rules.platform,
                )
            found = YAKU_IDS[name]
            listed.add(found)
            if match[3]:
                yakuman.append(found)
            elif int(match[2]) > MAX_HAN:
                raise RecordError(f"{text[:40]!r} is out of range", number, "result")
            elif int(match[2]):
                yaku.append((found, int(match[2])))
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
            "riichi": winner.riichi and "double_riichi" not in listed,
            **{flag: flag in listed for flag in _SITUATION[:5]},
            # From the play (a yakuman's list names no chankan, as the .mjlog reader has it).
            "chankan": chankan,
            **{flag: flag in listed for flag in _SITUATION[5:]},
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
            deltas=tuple(changes),
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


def _yaku_words(log: list[Any]) -> set[str]:
    """Every yaku name the record's wins give (for telling a Mahjong Soul game by its words)."""
    words: set[str] = set()
    for entry in log[:100]:
        result = entry[16] if isinstance(entry, list) and len(entry) == 17 else None
        if not isinstance(result, list):
            continue
        for info in result[2::2]:
            if isinstance(info, list):
                for text in info[4:]:
                    match = YAKU_ITEM.match(text) if isinstance(text, str) else None
                    if match:
                        words.add(match[1] or match[3])
    return words


def _platform(ref: str, disp: str, log: list[Any]) -> tuple[str, str]:
    """Where the game was played and its room code: by the game id, the rule's name, or (a
    header a converter left out) the yaku names only Mahjong Soul's converters write."""
    for word, room in MAHJONGSOUL_ROOMS:
        if word in disp:
            return "mahjongsoul", room
    if MAHJONGSOUL_ID.match(ref) or _yaku_words(log) & MAHJONGSOUL_ONLY:
        return "mahjongsoul", ""
    if match := TENHOU_ID.match(ref):
        return "tenhou", TENHOU_ROOMS.get(int(match[2], 16) & 0xA0, "")
    room = next((code for letter, code in TENHOU_ROOM_LETTERS if letter in disp), "")
    return "tenhou", room


def _final(value: object, players: int) -> tuple[tuple[int, ...], tuple[float, ...]] | None:
    """``sc``: each seat's final score and +/- (uma and oka included), or None."""
    if not isinstance(value, list) or len(value) < 2 * players:
        return None
    scores, points = [], []
    for s in range(players):
        score, plus = value[2 * s], value[2 * s + 1]
        if isinstance(score, bool) or isinstance(plus, bool):
            return None
        if not isinstance(plus, int | float) or not -MAX_FINAL <= plus <= MAX_FINAL:
            return None
        try:
            scores.append(_number(score, MAX_POINTS))
        except ValueError:
            return None
        points.append(float(plus))
    return tuple(scores), tuple(points)


def not_a_record(data: object) -> RecordError:
    """The refusal of JSON that is no tenhou.net/6 record, saying what it is where it can."""
    if (
        isinstance(data, dict)
        and isinstance(data.get("head"), dict)
        and ("data" in data or "records" in data or "uuid" in data["head"])
    ):
        return RecordError(
            "a Mahjong Soul record in its own format: convert it to tenhou.net/6 JSON first",
            None,
            "head",
            kind="mahjongsoul_raw",
        )
    if isinstance(data, dict) and data.get("type") in ("start_game", "start_kyoku"):
        return RecordError(
            "an mjai event log, not a game record: give the game's tenhou.net/6 JSON",
            None,
            "type",
            kind="mjai",
        )
    return RecordError('not a tenhou.net/6 record: it has no "log"', None, "log")


def read_tenhou6(raw: bytes) -> Game:
    """Read the tenhou.net/6 JSON (Tenhou's, or a Mahjong Soul game written in it by a
    converter); raises :class:`RecordError`."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        try:  # one object per line: an mjai log?
            first = json.loads(raw.lstrip().split(b"\n", 1)[0])
        except (ValueError, UnicodeDecodeError, RecursionError):
            first = None
        if isinstance(first, dict):
            raise not_a_record(first) from None
        raise RecordError("the record is not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise not_a_record(data)
    names = data.get("name", ["", "", "", ""])
    rule = data.get("rule", {})
    if not isinstance(names, list) or not isinstance(rule, dict):
        raise RecordError('"name" or "rule" is not as the format has them', None, "name")
    disp = str(rule.get("disp", ""))[:100]
    ref = data.get("ref")
    log_id = ref if isinstance(ref, str) and re.fullmatch(r"[\w-]{1,64}", ref) else ""
    platform, room = _platform(log_id, disp, data["log"])
    aka = [rule.get(k) for k in ("aka", "aka51", "aka52", "aka53")]
    red = (
        any(isinstance(v, int) and v > 0 for v in aka) if any(v is not None for v in aka) else True
    )
    three = "三" in disp or "3-Player" in disp or _fourth_seat_empty(data["log"])
    rules = GameRules(
        red_fives=red,
        # Mahjong Soul's converters name no 喰 in English; its ranked rules have open tanyao.
        open_tanyao="喰" in disp or not disp or platform == "mahjongsoul",
        players=3 if three else 4,
        hanchan="南" in disp or "South" in disp,
        platform=platform,
        room=room,
        fast="速" in disp,
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
    final = _final(data.get("sc"), rules.players)
    return Game(
        "tenhou6",
        players,
        rules,
        tuple(hands),
        final_scores=final[0] if final else None,
        final_points=final[1] if final else None,
        log_id=log_id,
        played=played_at(log_id, data.get("title")),
    )
