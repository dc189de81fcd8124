"""Tenhou's ``.mjlog`` XML -> :class:`Game`.

The XML is parsed by ``defusedxml`` (no entity expansion, no external entities, no DTD), and
only after the size check. The play is replayed tile by tile: every draw, discard and call is
checked against the hands, so a record whose tags contradict each other is refused with the
hand and tag it failed on. The situation of each win (riichi, double riichi, ippatsu, haitei,
houtei, rinshan, chankan, tenhou, chiihou) is worked out from the play, never copied from
Tenhou's yaku list, so that comparing the engine's yaku with the list is a real check."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import unquote

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from .model import (
    MAX_COUNT,
    MAX_FINAL,
    MAX_FU,
    MAX_HAN,
    MAX_POINTS,
    TENHOU_LIMIT,
    TENHOU_ROOMS,
    TENHOU_YAKU,
    Event,
    Game,
    GameRules,
    Hand,
    Recorded,
    RecordError,
    Win,
    in_range,
)
from .tiles import Call, TileError, check, code, decode_call, group, kind_of

#: The largest record read, in bytes: a whole south game is about 30 kB, a long one 60 kB.
MAX_RECORD_BYTES: Final = 1_000_000
#: Draws in a four-player hand before the wall is exhausted (136 - 14 dead wall - 52 dealt).
WALL_DRAWS: Final = {4: 70, 3: 55}
_DRAW: Final = re.compile(r"^([TUVW])(\d{1,3})$")
_DISCARD: Final = re.compile(r"^([DEFG])(\d{1,3})$")
WINDS: Final = ("1z", "2z", "3z", "4z")


def _ints(text: str | None, what: str, hand: int | None, tag: str) -> list[int]:
    if text is None:
        raise RecordError(f"the attribute {what} is missing", hand, tag)
    if text.strip() == "":
        return []
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise RecordError(f"the attribute {what} is not a list of numbers", hand, tag) from None


def _hundreds(text: str | None, what: str, hand: int | None, tag: str) -> list[int]:
    """Scores or score changes in hundreds of points (``ten``, ``sc``), each within the bounds."""
    values = _ints(text, what, hand, tag)
    if not all(in_range(v * 100, MAX_POINTS) for v in values):
        raise RecordError(f"a value of {what} is out of range", hand, tag)
    return values


def _counts(text: str | None, what: str, hand: int | None, tag: str) -> list[int]:
    """Honba and riichi sticks (``ba``)."""
    values = _ints(text, what, hand, tag)
    if not all(in_range(v, MAX_COUNT, 0) for v in values):
        raise RecordError(f"a value of {what} is out of range", hand, tag)
    return values


def _tiles(text: str | None, what: str, hand: int | None, tag: str) -> list[int]:
    values = _ints(text, what, hand, tag)
    for value in values:
        if not 0 <= value <= 135:
            raise RecordError(f"tile number {value} in {what} is outside 0-135", hand, tag)
    return values


@dataclass
class _Play:
    """The state of one hand being replayed."""

    players: int
    oya: int
    hands: list[list[int]]
    calls: list[list[Call]] = field(default_factory=list)
    draws: int = 0
    any_call: bool = False
    discards: list[int] = field(default_factory=list)
    riichi: list[bool] = field(default_factory=list)
    double_riichi: list[bool] = field(default_factory=list)
    pending_riichi: list[bool] = field(default_factory=list)
    ippatsu: list[bool] = field(default_factory=list)
    after_kan: int | None = None  # the seat whose next draw is a replacement tile
    rinshan_draw: bool = False
    last_draw: tuple[int, int] | None = None  # (seat, tile)
    last_discard: tuple[int, int] | None = None
    added_kan: tuple[int, int] | None = None  # (seat, tile) of the kan just added
    #: A kan that may still be robbed (an added kan; a closed kan, by kokushi) stands only once
    #: its replacement tile is drawn: that draw, not the call, breaks ippatsu.
    kan_standing: bool = False
    first_draw: list[bool] = field(default_factory=list)
    #: The play in order, for the replay.
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.hands)
        self.calls = [[] for _ in range(n)]
        self.discards = [0] * n
        self.riichi = [False] * n
        self.double_riichi = [False] * n
        self.pending_riichi = [False] * n
        self.ippatsu = [False] * n
        self.first_draw = [False] * n


class _Reader:
    def __init__(self) -> None:
        self.players: list[str] = ["", "", "", ""]
        self.rules = GameRules()
        self.hands: list[Hand] = []
        self.final: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.number = 0  # 1-based number of the hand being read
        self.play: _Play | None = None
        self.init: dict[str, object] = {}
        self.deals: tuple[tuple[str, ...], ...] = ()
        self.wins: list[Win] = []
        self.scores_after: list[int] | None = None
        self.unfinished = False

    # ------------------------------------------------------------------ header
    def go(self, el: ET.Element) -> None:
        try:
            kind = int(el.get("type", "169"))
        except ValueError:
            raise RecordError("the game type is not a number", None, "GO") from None
        self.rules = GameRules(
            red_fives=not kind & 0x02,
            open_tanyao=not kind & 0x04,
            players=3 if kind & 0x10 else 4,
            hanchan=bool(kind & 0x08),
            room=TENHOU_ROOMS[kind & 0xA0],
            fast=bool(kind & 0x40),
        )

    def un(self, el: ET.Element) -> None:
        for seat in range(4):
            name = el.get(f"n{seat}")
            if name is not None:
                self.players[seat] = unquote(name)[:64]

    # ------------------------------------------------------------------ hands
    def start(self, el: ET.Element) -> None:
        self.finish()
        self.number += 1
        n = self.number
        seed = _ints(el.get("seed"), "seed", n, "INIT")
        if len(seed) != 6:
            raise RecordError(
                "seed has six numbers (round, honba, sticks, dice, dice, dora)", n, "INIT"
            )
        ten = _hundreds(el.get("ten"), "ten", n, "INIT")
        players = self.rules.players
        if len(ten) < players:
            raise RecordError(f"ten has {players} scores", n, "INIT")
        try:
            oya = int(el.get("oya", ""))
        except ValueError:
            raise RecordError("oya is not a seat", n, "INIT") from None
        if (
            not 0 <= oya < players
            or not 0 <= seed[0] < 16
            or not in_range(seed[1], MAX_COUNT, 0)
            or not in_range(seed[2], MAX_COUNT, 0)
        ):
            raise RecordError("round, honba, sticks or dealer out of range", n, "INIT")
        check_tile(seed[5], n, "INIT")
        hands = []
        for seat in range(players):
            tiles = _tiles(el.get(f"hai{seat}"), f"hai{seat}", n, "INIT")
            if len(tiles) != 13:
                raise RecordError(f"hai{seat} deals {len(tiles)} tiles, not 13", n, "INIT")
            hands.append(tiles)
        dealt = [t for hand in hands for t in hand]
        if len(set(dealt)) != len(dealt):
            raise RecordError("a tile is dealt twice", n, "INIT")
        self.play = _Play(players, oya, hands)
        self.play.first_draw = [True] * players
        self.play.events.append(Event("dora", tile=code(seed[5], self.rules.red_fives)))
        self.deals = tuple(tuple(code(t, self.rules.red_fives) for t in h) for h in hands)
        self.init = {
            "round": seed[0],
            "honba": seed[1],
            "sticks": seed[2],
            "oya": oya,
            "ten": [score * 100 for score in ten[:players]],
        }
        self.wins = []
        self.scores_after = None

    def current(self, tag: str) -> _Play:
        if self.play is None:
            raise RecordError("play before the first <INIT>", self.number or None, tag)
        return self.play

    def draw(self, seat: int, tile: int, tag: str) -> None:
        play = self.current(tag)
        if seat >= play.players:
            raise RecordError("a draw by a seat not in the game", self.number, tag)
        if any(tile in hand for hand in play.hands):
            raise RecordError(f"tile {tile} is drawn while a player holds it", self.number, tag)
        play.hands[seat].append(tile)
        play.events.append(Event("draw", seat, code(tile, self.rules.red_fives)))
        play.draws += 1
        if play.kan_standing:
            play.ippatsu = [False] * play.players
            play.kan_standing = False
        play.rinshan_draw = play.after_kan == seat
        play.after_kan = None
        play.last_draw = (seat, tile)
        play.added_kan = None

    def discard(self, seat: int, tile: int, tag: str) -> None:
        play = self.current(tag)
        if seat >= play.players or tile not in play.hands[seat]:
            raise RecordError(
                f"seat {seat} discards tile {tile}, which it does not hold", self.number, tag
            )
        play.hands[seat].remove(tile)
        play.events.append(
            Event(
                "discard",
                seat,
                code(tile, self.rules.red_fives),
                tsumogiri=play.last_draw == (seat, tile),
                riichi=play.pending_riichi[seat],
            )
        )
        if play.pending_riichi[seat]:
            play.pending_riichi[seat] = False
            play.riichi[seat] = True
            play.double_riichi[seat] = play.discards[seat] == 0 and not play.any_call
            play.ippatsu[seat] = True
        elif play.ippatsu[seat]:
            play.ippatsu[seat] = False
        play.discards[seat] += 1
        play.first_draw[seat] = False
        play.last_discard = (seat, tile)
        play.added_kan = None
        play.rinshan_draw = False

    def call(self, el: ET.Element) -> None:
        tag = "N"
        play = self.current(tag)
        try:
            seat = int(el.get("who", ""))
            call = decode_call(int(el.get("m", "")))
        except ValueError as exc:
            raise RecordError(f"a call with a bad who or m ({exc})", self.number, tag) from None
        if not 0 <= seat < play.players:
            raise RecordError("a call by a seat not in the game", self.number, tag)
        hand = play.hands[seat]
        if call.kind == "added_kan":
            assert call.added is not None
            pon = next(
                (
                    c
                    for c in play.calls[seat]
                    if c.kind == "pon" and kind_of(c.tiles[0]) == kind_of(call.added)
                ),
                None,
            )
            if pon is None or call.added not in hand:
                raise RecordError(
                    "an added kan without its pon or its fourth tile", self.number, tag
                )
            hand.remove(call.added)
            added = Call("added_kan", call.tiles, pon.called, pon.source, call.added)
            play.calls[seat][play.calls[seat].index(pon)] = added
            play.added_kan = (seat, call.added)
            red = self.rules.red_fives
            play.events.append(
                Event("kan", seat, code(call.added, red), added.notation(red), "added_kan")
            )
        elif call.kind == "kita":
            if call.tiles[0] not in hand:
                raise RecordError(
                    "a north set aside that the player does not hold", self.number, tag
                )
            hand.remove(call.tiles[0])
            play.calls[seat].append(call)
            play.added_kan = None
            play.events.append(Event("kita", seat, code(call.tiles[0], self.rules.red_fives)))
        else:
            own = [t for t in call.tiles if t != call.called]
            if call.called is not None:
                if play.last_discard is None or play.last_discard[1] != call.called:
                    raise RecordError(
                        "a call of a tile that was not just discarded", self.number, tag
                    )
                if (seat + call.source) % 4 != play.last_discard[0] and play.players == 4:
                    raise RecordError(
                        "a call from a seat that did not discard the tile", self.number, tag
                    )
            for tile in own:
                if tile not in hand:
                    raise RecordError(
                        f"a call using tile {tile}, which the player does not hold",
                        self.number,
                        tag,
                    )
                hand.remove(tile)
            play.calls[seat].append(call)
            play.added_kan = None
            red = self.rules.red_fives
            if call.called is None:  # a closed kan
                plain = code(call.tiles[0], False)  # the kind (a red five's too)
                event = Event("kan", seat, plain, call.notation(red), call.kind)
            else:
                source = play.last_discard[0] if play.last_discard else -1
                event = Event(
                    "call", seat, code(call.called, red), call.notation(red), call.kind, source
                )
            play.events.append(event)
        play.any_call = True
        if call.kind in ("added_kan", "closed_kan"):
            # Robbed (chankan, or kokushi on a closed kan), it never completes and breaks
            # nothing: Tenhou scores the robber's ippatsu. It breaks ippatsu when it stands.
            play.kan_standing = True
        else:
            play.ippatsu = [False] * play.players
        play.after_kan = seat if call.is_kan or call.kind == "kita" else None

    def reach(self, el: ET.Element) -> None:
        play = self.current("REACH")
        try:
            seat, step = int(el.get("who", "")), int(el.get("step", ""))
        except ValueError:
            raise RecordError("a riichi with a bad who or step", self.number, "REACH") from None
        if not 0 <= seat < play.players or step not in (1, 2):
            raise RecordError("a riichi with a bad who or step", self.number, "REACH")
        if step == 1:
            play.pending_riichi[seat] = True

    def dora(self, tile: int) -> None:
        """A new dora indicator (after a kan)."""
        play = self.current("DORA")
        play.events.append(Event("dora", tile=code(tile, self.rules.red_fives)))

    # ------------------------------------------------------------------ endings
    def agari(self, el: ET.Element) -> None:
        tag = "AGARI"
        play = self.current(tag)
        n = self.number
        rules = self.rules
        try:
            who, from_who = int(el.get("who", "")), int(el.get("fromWho", ""))
        except ValueError:
            raise RecordError("who or fromWho is not a seat", n, tag) from None
        if not (0 <= who < play.players and 0 <= from_who < play.players):
            raise RecordError("who or fromWho is not a seat", n, tag)
        tsumo = who == from_who
        hai = _tiles(el.get("hai"), "hai", n, tag)
        machi = _tiles(el.get("machi"), "machi", n, tag)
        if len(machi) != 1 or machi[0] not in hai:
            raise RecordError("machi is not one of the winning hand's tiles", n, tag)
        win_tile = machi[0]
        melds = [decode_call_checked(m, n, tag) for m in _ints(el.get("m", ""), "m", n, tag)]
        nuki = sum(1 for c in melds if c.kind == "kita")
        melds = [c for c in melds if c.kind != "kita"]
        if len(hai) + 3 * len(melds) != 14:
            raise RecordError(
                f"the winning hand has {len(hai)} tiles beside {len(melds)} melds", n, tag
            )
        concealed = list(hai)
        concealed.remove(win_tile)
        # The calls as played carry the direction of the called tile; the record's own m too.
        held = sorted(play.hands[who] + ([] if tsumo else [win_tile]))
        if sorted(hai) != held:
            raise RecordError("the winning hand is not the hand the play left", n, tag)
        if tsumo and (play.last_draw is None or play.last_draw != (who, win_tile)):
            raise RecordError("a tsumo on a tile the winner did not just draw", n, tag)
        chankan = False
        if not tsumo:
            if play.added_kan is not None and play.added_kan == (from_who, win_tile):
                chankan = True
            elif play.last_discard != (from_who, win_tile):
                # A ron on a closed kan's tile (kokushi) or, three players, on a north just
                # set aside: neither is a discard.
                last_call = play.calls[from_who][-1] if play.calls[from_who] else None
                if not (
                    last_call
                    and last_call.kind in ("closed_kan", "kita")
                    and win_tile in last_call.tiles
                ):
                    raise RecordError("a ron on a tile the discarder did not just give", n, tag)
        ba = _counts(el.get("ba"), "ba", n, tag)
        ten = _ints(el.get("ten"), "ten", n, tag)
        sc = _hundreds(el.get("sc"), "sc", n, tag)
        if len(ba) != 2 or len(ten) != 3 or len(sc) < 2 * play.players:
            raise RecordError("ba, ten or sc has the wrong number of values", n, tag)
        if not (in_range(ten[0], MAX_FU, 0) and in_range(ten[1], MAX_POINTS, 0)):
            raise RecordError("the fu or points of ten are out of range", n, tag)
        dora = _tiles(el.get("doraHai"), "doraHai", n, tag)
        ura = _tiles(el.get("doraHaiUra", ""), "doraHaiUra", n, tag)
        yaku_pairs = _ints(el.get("yaku", ""), "yaku", n, tag)
        yakuman_ids = _ints(el.get("yakuman", ""), "yakuman", n, tag)
        if not all(in_range(h, MAX_HAN, 0) for h in yaku_pairs[1::2]):
            raise RecordError("a yaku's han is out of range", n, tag)
        if (
            len(yaku_pairs) % 2
            or any(y not in TENHOU_YAKU for y in [*yaku_pairs[::2], *yakuman_ids])
            or ten[2] not in TENHOU_LIMIT
        ):
            raise RecordError("an unknown yaku or limit number", n, tag)
        yaku = tuple(
            (TENHOU_YAKU[y], h) for y, h in zip(yaku_pairs[::2], yaku_pairs[1::2], strict=True) if h
        )
        pao_text = el.get("paoWho")
        pao = None
        if pao_text is not None:
            try:
                pao = int(pao_text)
            except ValueError:
                raise RecordError("paoWho is not a seat", n, tag) from None
            if not 0 <= pao < play.players:
                raise RecordError("paoWho is not a seat", n, tag)
        walls = WALL_DRAWS[play.players]
        last_tile = play.draws >= walls
        seat_of = (who - play.oya) % play.players
        round_index = int(str(self.init["round"]))
        red = rules.red_fives
        request: dict[str, object] = {
            # A north set aside (kita) is no meld: it reaches the request as ``nuki``.
            "hand": group(concealed, red)
            + "".join(c.notation(red) for c in play.calls[who] if c.kind != "kita"),
            "win": code(win_tile, red),
            "tsumo": tsumo,
            "seat": WINDS[seat_of],
            "round": WINDS[round_index // 4],
            "riichi": play.riichi[who] and not play.double_riichi[who],
            "double_riichi": play.double_riichi[who],
            "ippatsu": play.ippatsu[who],
            "haitei": tsumo and last_tile and not play.rinshan_draw,
            "houtei": not tsumo and last_tile and not chankan,
            "rinshan": tsumo and play.rinshan_draw,
            "chankan": chankan,
            "tenhou": tsumo and seat_of == 0 and play.first_draw[who] and not play.any_call,
            "chiihou": tsumo and seat_of != 0 and play.first_draw[who] and not play.any_call,
            "dora": "".join(code(t, red) for t in dora),
            "ura": "".join(code(t, red) for t in ura),
            "honba": ba[0],
            "sticks": ba[1],
            "rules": rules.request_rules(),
        }
        if nuki:
            request["nuki"] = nuki
        if pao is not None:
            request["pao"] = WINDS[(pao - play.oya) % play.players]
        if not tsumo:
            request["discarder"] = WINDS[(from_who - play.oya) % play.players]
            earlier = [w for w in self.wins if w.from_who == from_who]
            if earlier:
                # A double ron: Tenhou lists the winner nearest the discarder first, and only
                # that one collects the honba and the sticks (the record may repeat the honba).
                nearest = (earlier[0].who - from_who) % play.players
                if (who - from_who) % play.players < nearest:
                    raise RecordError("a double ron listing the farther winner first", n, tag)
                request["ron_order"] = 2
                # The table's honba and sticks, which the nearer winner collected (the record
                # writes them for the second winner as 0, or the honba alone).
                request["honba"] = earlier[0].request["honba"]
                request["sticks"] = earlier[0].request["sticks"]
        deltas = tuple(sc[2 * s + 1] * 100 for s in range(play.players))
        recorded = Recorded(
            fu=ten[0],
            han=sum(h for _y, h in yaku),
            points=ten[1],
            limit=TENHOU_LIMIT[ten[2]],
            yaku=yaku,
            yakuman=tuple(TENHOU_YAKU[y] for y in yakuman_ids),
            deltas=deltas,
        )
        self.wins.append(Win(who, from_who, tsumo, pao, request, recorded))
        self.scores_after = [sc[2 * s] * 100 + deltas[s] for s in range(play.players)]
        self.end = "win" if len(self.wins) == 1 else "double_ron"
        self.draw_kind: str | None = None
        self.tenpai: tuple[int, ...] = ()
        self.ended(el)

    def ryuukyoku(self, el: ET.Element) -> None:
        tag = "RYUUKYOKU"
        play = self.current(tag)
        n = self.number
        sc = _hundreds(el.get("sc"), "sc", n, tag)
        if len(sc) < 2 * play.players:
            raise RecordError("sc has the wrong number of values", n, tag)
        self.scores_after = [(sc[2 * s] + sc[2 * s + 1]) * 100 for s in range(play.players)]
        kind = el.get("type")
        self.draw_kind = kind
        self.tenpai = tuple(s for s in range(play.players) if el.get(f"hai{s}") is not None)
        if kind is None:
            self.end = "exhaustive_draw"
        elif kind == "nm":
            self.end = "nagashi_mangan"
        else:
            self.end = "abortive_draw"
        self.ended(el)

    def ended(self, el: ET.Element) -> None:
        owari = el.get("owari")
        if owari is not None:
            parts = owari.split(",")
            try:
                values = [int(part) for part in parts[::2]]
                points = [float(part) for part in parts[1::2]]
            except ValueError:
                raise RecordError("owari is not a list of scores", self.number, el.tag) from None
            players = self.rules.players
            if (
                len(values) < players
                or len(points) < players
                or not all(in_range(v * 100, MAX_POINTS) for v in values)
                or not all(-MAX_FINAL <= p <= MAX_FINAL for p in points)  # NaN fails too
            ):
                raise RecordError("owari is out of range", self.number, el.tag)
            self.final = tuple(v * 100 for v in values[:players])
            self.final_points = tuple(points[:players])

    def finish(self) -> None:
        """Close the hand being read (at the next <INIT> or the end of the record)."""
        if self.play is None:
            return
        if self.scores_after is None:
            self.play = None
            self.unfinished = True
            return  # a record cut off mid-hand: the hand never ended and is not listed
        init = self.init
        round_index = int(str(init["round"]))
        ten = init["ten"]
        assert isinstance(ten, list)
        self.hands.append(
            Hand(
                number=self.number,
                round_wind=WINDS[round_index // 4],
                round_number=round_index % 4 + 1,
                honba=int(str(init["honba"])),
                sticks=int(str(init["sticks"])),
                dealer=int(str(init["oya"])),
                scores_before=tuple(ten),
                scores_after=tuple(self.scores_after),
                end=self.end,
                draw_kind=self.draw_kind,
                tenpai=self.tenpai,
                wins=tuple(self.wins),
                deals=self.deals,
                events=tuple(self.play.events),
            )
        )
        self.play = None


def check_tile(value: int, hand: int | None, tag: str) -> int:
    try:
        return check(value)
    except TileError as exc:
        raise RecordError(str(exc), hand, tag) from None


def decode_call_checked(m: int, hand: int | None, tag: str) -> Call:
    try:
        return decode_call(m)
    except TileError as exc:
        raise RecordError(str(exc), hand, tag) from None


def read_mjlog(data: bytes | str) -> Game:
    """Read a ``.mjlog`` record; raises :class:`RecordError` for anything it cannot read."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    try:
        root = fromstring(raw, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise RecordError("the record declares a DTD or entities, which records never do") from None
    except ET.ParseError as exc:
        raise RecordError(f"the record is not well-formed XML ({exc})") from None
    if root.tag != "mjloggm":
        raise RecordError("not a Tenhou record: the root tag is not <mjloggm>", None, root.tag[:40])
    reader = _Reader()
    handlers = {
        "GO": reader.go,
        "UN": reader.un,
        "INIT": reader.start,
        "N": reader.call,
        "REACH": reader.reach,
        "AGARI": reader.agari,
        "RYUUKYOKU": reader.ryuukyoku,
    }
    for el in root:
        tag = el.tag
        if not isinstance(tag, str):
            continue
        handler = handlers.get(tag)
        if handler is not None:
            handler(el)
            continue
        if match := _DRAW.match(tag):
            reader.draw("TUVW".index(match[1]), check_tile(int(match[2]), reader.number, tag), tag)
        elif match := _DISCARD.match(tag):
            reader.discard(
                "DEFG".index(match[1]), check_tile(int(match[2]), reader.number, tag), tag
            )
        elif tag == "DORA":
            reader.dora(
                check_tile(
                    int(el.get("hai", "-1") or -1) if (el.get("hai") or "").isdigit() else -1,
                    reader.number,
                    tag,
                )
            )
        elif tag in ("SHUFFLE", "TAIKYOKU", "BYE"):
            continue
        else:
            raise RecordError("an unknown tag", reader.number or None, tag[:40])
    reader.finish()
    players = tuple(reader.players[: reader.rules.players])
    return Game(
        "mjlog",
        players,
        reader.rules,
        tuple(reader.hands),
        reader.final,
        reader.unfinished,
        reader.final_points,
    )
