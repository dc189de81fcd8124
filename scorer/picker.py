"""The tile picker's state: URL query <-> state, the actions a click applies, tile counts.

The whole picker lives in the URL. Its fields are the API request fields (``hand``, ``win``,
``tsumo``, ``seat`` ... ``rules`` and the rule switches as top-level fields) plus two UI fields
(``mode``, ``index``). A click adds one *action* field (``add=5p``, ``remove=win``, ...) that
:func:`apply_action` folds into the state; :meth:`PickerState.query` then writes the canonical
query again (defaults left out), which is what the address bar and the share link hold.

No scoring happens here: the engine scores, this module only counts and moves tiles.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorer.engine import score_request
from scorer.engine.notation import Meld, MeldKind, NotationError, format_tiles, parse_hand
from scorer.engine.points import base_points
from scorer.engine.request import BOOL_FIELDS, WIND_CODES
from scorer.engine.rules import ALL_PRESETS, Rules, RulesError, resolve_rules
from scorer.engine.tables import myriad
from scorer.engine.tiles import EAST, NORTH, SUITS, code_of, is_valid_code, kind_of, sort_key
from scorer.engine.waits import tenpai_waits
from scorer.errors import notation_message, page_message
from scorer.numbers import han_range
from scorer.numbers import points_text as points_text  # re-exported: one helper for all
from scorer.params import loads_json, parse_int
from scorer.vocabulary import (
    FU_LABELS,
    HONOUR_NAMES,
    LIMIT_LABELS,
    PRESET_LABELS,
    YAKU_LABELS,
    yakuman_label,
)

#: The situation flags (every request bool except ``tsumo``, which is the ron/tsumo choice).
FLAGS: Final = tuple(name for name in BOOL_FIELDS if name != "tsumo")
SWITCH_DEFAULTS: Final[dict[str, object]] = Rules().switches()
#: The URL/form field of a rule switch whose name is also a request field: the ``wareme``
#: switch (the rule) and the ``wareme`` request field (the seat) must not share one name.
SWITCH_FIELDS: Final[dict[str, str]] = {
    name: ("wareme_rule" if name == "wareme" else name) for name in SWITCH_DEFAULTS
}
MODES: Final = ("hand", "win", "chi", "pon", "kan", "added", "closed", "dora", "ura")
MELD_MODES: Final = ("chi", "pon", "kan", "added", "closed")
DIRECTIONS: Final = ("-", "=", "+")
#: Fields that are actions (one click) or form plumbing: never part of the canonical URL.
TRANSIENT: Final = (
    "add",
    "take",
    "setwin",
    "unmeld",
    "undora",
    "unura",
    "clear",
    "do",
    "paste",
    "_preset",
    "_shown",
    "_sit",
    "kita",
    "unnuki",
    "sanma",
)
#: The fields shown in the situation panel (their errors appear there).
SITUATION_FIELDS: Final = (
    *BOOL_FIELDS,
    "seat",
    "round",
    "dora",
    "ura",
    "nuki",
    "honba",
    "sticks",
)
MAX_INDICATORS: Final = 5
#: The engine's han rows that are dora, not yaku (the panel lists them under "Dora").
DORA_IDS: Final = frozenset({"dora", "ura_dora", "aka_dora", "nuki_dora"})
#: North tiles a three-player hand may set aside (there are four norths).
MAX_NUKI: Final = 4
#: The three-player switch: a four-player preset's three-player counterpart and back. A preset
#: without one turns into Tenhou's three-player rules (the common online rule set).
SANMA_OF: Final[dict[str, str]] = {"tenhou": "tenhou_sanma", "mahjongsoul": "mahjongsoul_sanma"}
FOUR_OF: Final[dict[str, str]] = {three: four for four, three in SANMA_OF.items()}
#: Characters a three-player set does not have (2m-8m and the red 5m).
SANMA_MISSING: Final = frozenset(f"{n}m" for n in "02345678")
#: Palette order: each suit 1-9 with the red five after the five, then the honours.
_SUIT_ROWS: Final = tuple(
    tuple(
        code
        for n in range(1, 10)
        for code in ((f"{n}{suit}", f"0{suit}") if n == 5 else (f"{n}{suit}",))
    )
    for suit in "mps"
)
PALETTE: Final[tuple[tuple[str, ...], ...]] = (*_SUIT_ROWS, tuple(f"{n}z" for n in range(1, 8)))

_TRUE: Final = frozenset({"1", "true", "on", "yes"})
_MELD_RE: Final = re.compile(r"[\[{(][^\]})]*[\]})]")


def _flag(value: str | None) -> bool:
    return value is not None and value.strip().lower() in _TRUE


@dataclass
class PickerState:
    """Everything the picker shows, as plain values (the concealed tiles exclude ``win``)."""

    concealed: list[str] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    win: str | None = None
    tsumo: bool = False
    seat: str = "1z"
    round: str = "1z"
    flags: dict[str, bool] = field(default_factory=dict)
    dora: list[str] = field(default_factory=list)
    ura: list[str] = field(default_factory=list)
    #: North tiles set aside as nuki dora (kita), three players only.
    nuki: int = 0
    honba: str = ""
    sticks: str = ""
    wareme: str = ""
    #: Who dealt in on a ron (a seat wind), said by the learner for wareme: the engine doubles
    #: a ron the wareme seat dealt in; the page never guesses it.
    discarder: str = ""
    rules: str = "tenhou"
    switches: dict[str, str] = field(default_factory=dict)
    mode: str = "hand"
    direction: str = "="
    #: Where the called tile sits in a chi: 0 lowest, 1 middle, 2 highest.
    chi_pos: int = 0
    #: A meld click puts the suit's red five in the meld (beside the called tile, or as it).
    red: bool = False
    index: bool = False
    #: Text of a hand that could not be read (kept so the learner can fix it), and why.
    bad_hand: str = ""
    problems: dict[str, str] = field(default_factory=dict)
    #: Typed notation that could not be read: the box keeps it so it can be corrected.
    bad_paste: str = ""

    # ------------------------------------------------------------------ notation
    @property
    def hand(self) -> str:
        """The request's ``hand``: concealed tiles (without the winning tile), then melds."""
        return format_tiles(self.concealed) + "".join(m.notation() for m in self.melds)

    @property
    def typed(self) -> str:
        """What the notation box shows: concealed tiles, the winning tile last, then melds."""
        if self.bad_paste:
            return self.bad_paste
        if self.bad_hand:
            return self.bad_hand
        win = self.win or ""
        return format_tiles(self.concealed) + win + "".join(m.notation() for m in self.melds)

    @property
    def tiles_needed(self) -> int:
        """Concealed tiles plus winning tile a complete hand has (14, 3 fewer per meld)."""
        return 14 - 3 * len(self.melds)

    @property
    def tiles_held(self) -> int:
        return len(self.concealed) + (1 if self.win else 0)

    @property
    def missing(self) -> int:
        """Tiles still to add (negative: too many)."""
        return self.tiles_needed - self.tiles_held

    @property
    def shown(self) -> str:
        """What the palette's look depends on besides the tiles (mode, direction, index)."""
        extra = (f"c{self.chi_pos}" if self.chi_pos else "") + ("r" if self.red else "")
        extra += "3" if self.three else ""
        return f"{self.mode}{self.direction}{int(self.index)}{extra}"

    # ------------------------------------------------------------------ rules
    def rules_spec(self) -> str | dict[str, object]:
        """The request's ``rules``: the preset name, or an object with the changed switches."""
        if not self.switches:
            return self.rules
        return {"preset": self.rules, **self.switches}

    def effective_rules(self) -> Rules:
        try:
            return resolve_rules(self.rules_spec())
        except RulesError:
            return ALL_PRESETS.get(self.rules, ALL_PRESETS["tenhou"])

    @property
    def three(self) -> bool:
        """Three-player mahjong (sanma): a three-player preset, or the ``players`` switch at 3."""
        return self.effective_rules().sanma

    def set_three(self, on: bool) -> None:
        """The three-player switch: move to the preset's three-player (or four-player)
        counterpart. Switch changes made for the old preset are dropped, as when a preset is
        picked; leaving three players also drops the norths set aside (four players have no
        kita) and the chi mode is left when entering (three players have no chi)."""
        if on == self.three:
            return
        if on:
            self.rules = SANMA_OF.get(self.rules, "tenhou_sanma")
            if self.mode == "chi":
                self.mode = "hand"
        else:
            self.rules = FOUR_OF.get(self.rules, self.rules)
            self.nuki = 0
        self.switches = {}

    # ------------------------------------------------------------------ output
    def request_fields(self) -> dict[str, str]:
        """The API request fields as strings (canonical; defaults left out), in API order."""
        out: dict[str, str] = {}
        if self.hand or self.bad_hand:
            out["hand"] = self.bad_hand or self.hand
        if self.win:
            out["win"] = self.win
        if self.tsumo:
            out["tsumo"] = "1"
        if self.seat != "1z":
            out["seat"] = self.seat
        if self.round != "1z":
            out["round"] = self.round
        for name in FLAGS:
            if self.flags.get(name):
                out[name] = "1"
        if self.dora:
            out["dora"] = "".join(self.dora)
        if self.ura:
            out["ura"] = "".join(self.ura)
        if self.nuki:
            out["nuki"] = str(self.nuki)
        for name in ("honba", "sticks"):
            value = getattr(self, name).strip()
            if value and value != "0":
                out[name] = value
        if self.wareme:
            out["wareme"] = self.wareme
        if self.discarder:
            out["discarder"] = self.discarder
        if self.rules != "tenhou":
            out["rules"] = self.rules
        out.update({SWITCH_FIELDS[name]: value for name, value in self.switches.items()})
        return out

    def query(self) -> str:
        """The canonical query string of the whole state (request fields + UI fields)."""
        fields = self.request_fields()
        if self.mode != "hand":
            fields["mode"] = self.mode
        if self.direction != "=":
            fields["from"] = self.direction
        if self.chi_pos:
            fields["chi"] = str(self.chi_pos)
        if self.red:
            fields["red"] = "1"
        if self.index:
            fields["index"] = "1"
        return urlencode(fields)

    def explain_query(self) -> str:
        """The request fields for the tutor's walkthrough: a rules object as JSON."""
        fields = self.request_fields()
        for name in self.switches:
            fields.pop(SWITCH_FIELDS[name], None)
        if self.switches:
            fields["rules"] = json.dumps(self.rules_spec(), separators=(",", ":"))
        return urlencode(fields)

    def engine_request(self, **overrides: object) -> dict[str, object]:
        """The request dict for ``score_request`` (rules as a preset name or an object)."""
        data: dict[str, object] = dict(self.request_fields())
        for name in self.switches:
            data.pop(SWITCH_FIELDS[name], None)
        data["rules"] = self.rules_spec()
        data.update(overrides)
        return data


_SITUATION_ERRORS: Final = frozenset({*SITUATION_FIELDS, "rules", "wareme", "discarder"})


def situation_key(state: PickerState, errors: Mapping[str, str]) -> str:
    """A short fingerprint of what the situation panel draws that its own controls do not
    already show (indicator tiles, rule switch values, notes, messages)."""
    shown = repr(
        (
            state.dora,
            state.ura,
            state.rules,
            sorted(state.switches.items()),
            state.index,
            state.nuki,
            # The "who dealt in" select: shown with a wareme seat, listing the other seats.
            (state.wareme, state.seat, state.three) if state.wareme else None,
            # The note beside ura-dora indicators that count nothing without a riichi.
            bool(state.ura) and not (state.flags.get("riichi") or state.flags.get("double_riichi")),
            sorted((k, v) for k, v in errors.items() if k in _SITUATION_ERRORS),
        )
    )
    return hashlib.blake2s(shown.encode(), digest_size=6).hexdigest()


# ---------------------------------------------------------------------- query -> state
def state_from_query(query: QueryDict | Mapping[str, str]) -> PickerState:
    """Read a state from query parameters; unreadable values become ``problems``, never errors."""

    def get(name: str) -> str | None:
        if isinstance(query, QueryDict):
            values = query.getlist(name)
            return values[-1] if values else None
        value = query.get(name)
        return value if isinstance(value, str) else None

    state = PickerState()
    hand_text = (get("hand") or "").strip()
    if hand_text:
        try:
            parsed = parse_hand(hand_text)
            state.concealed = list(parsed.concealed)
            state.melds = list(parsed.melds)
        except NotationError as exc:
            state.bad_hand = hand_text
            state.problems["hand"] = notation_message(exc.message, exc.position)
    win_text = (get("win") or "").strip().replace("h", "z")
    if win_text:
        if is_valid_code(win_text):
            state.win = win_text
        else:
            state.problems["win"] = _("The winning tile must be one tile, such as 5p.")
    state.tsumo = _flag(get("tsumo"))
    # One default seat everywhere, the API's: East, the dealer (a blank page, a link without
    # ``seat`` and an API request score alike; the picker shows the seat beside the hand).
    for name in ("seat", "round"):
        value = (get(name) or "1z").strip()
        if value in WIND_CODES:
            setattr(state, name, value)
    state.flags = {name: _flag(get(name)) for name in FLAGS}
    for name in ("dora", "ura"):
        text = (get(name) or "").strip()
        if not text:
            continue
        try:
            parsed = parse_hand(text)
            if parsed.melds:
                raise NotationError("indicators are loose tiles")
            setattr(state, name, list(parsed.concealed))
        except NotationError:
            state.problems[name] = _("Indicators are tiles such as 1m5z.")
    nuki = (get("nuki") or "").strip()
    if nuki:
        count = parse_int(nuki, 0, MAX_NUKI)
        if count is None:
            state.problems["nuki"] = _("Nuki dora are counted 0 to 4 (there are four norths).")
        else:
            state.nuki = count
    state.honba = (get("honba") or "").strip()
    state.sticks = (get("sticks") or "").strip()
    wareme = (get("wareme") or "").strip()
    state.wareme = wareme if wareme in WIND_CODES else ""
    discarder = (get("discarder") or "").strip()
    # The winner does not deal in to themselves: a seat left from before is dropped.
    state.discarder = discarder if discarder in WIND_CODES and discarder != state.seat else ""
    rules = (get("rules") or "tenhou").strip()
    given = {k: get(SWITCH_FIELDS[k]) for k in SWITCH_DEFAULTS}
    if rules.startswith("{"):
        # A rules object, as the API and the tutor's links write it: {"preset": ..., switch: v}.
        try:
            spec = loads_json(rules)
        except ValueError:
            spec = {}
        spec = spec if isinstance(spec, dict) else {}
        rules = str(spec.get("preset", "tenhou"))
        given.update({k: _switch_text(v) for k, v in spec.items() if k in SWITCH_DEFAULTS})
    state.rules = rules if rules in ALL_PRESETS else "tenhou"
    preset_shown = get("_preset")
    if preset_shown is None or preset_shown == state.rules:
        state.switches = _changed_switches(state.rules, given)
        # The three-player switch counts only when the preset menu did not change (a preset
        # picked from the menu decides the number of players itself).
        three = (get("sanma") or "").strip()
        if three in ("0", "1"):
            state.set_three(three == "1")
    elif preset_shown in ALL_PRESETS and ALL_PRESETS[preset_shown].sanma and not state.three:
        # A four-player preset picked from the menu leaves three players: no norths set aside.
        state.nuki = 0
    mode = get("mode") or "hand"
    state.mode = mode if mode in MODES else "hand"
    direction = get("from") or "="
    state.direction = direction if direction in DIRECTIONS else "="
    chi_pos = (get("chi") or "0").strip()
    state.chi_pos = int(chi_pos) if chi_pos in ("0", "1", "2") else 0
    state.red = _flag(get("red"))
    state.index = _flag(get("index"))
    if state.three and state.mode == "chi":
        state.mode = "hand"
    return state


def _changed_switches(preset: str, given: Mapping[str, str | None]) -> dict[str, str]:
    """The switches that differ from the preset (values kept as canonical strings)."""
    base = ALL_PRESETS[preset].switches()
    changed: dict[str, str] = {}
    for name, raw in given.items():
        if raw is None or raw == "":
            continue
        try:
            value = resolve_rules({"preset": preset, name: raw}).switches()[name]
        except RulesError:
            continue
        if value != base[name]:
            changed[name] = _switch_text(value)
    return changed


def _switch_text(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


# ---------------------------------------------------------------------- counting
@dataclass(frozen=True, slots=True)
class Usage:
    """How many of each kind (0..33) and of each red five (m, p, s) are in play."""

    kinds: tuple[int, ...]
    red: tuple[int, int, int]

    def left(self, code: str) -> int:
        """Copies of ``code`` still free (never below 0). A red five is one of the four."""
        kind_left = max(0, 4 - self.kinds[kind_of(code)])
        if code[0] == "0":
            return min(kind_left, max(0, 1 - self.red[SUITS.index(code[1])]))
        return kind_left


def all_tiles(state: PickerState) -> list[str]:
    """Every physical tile on the picker: hand, winning tile, melds and indicators."""
    tiles = list(state.concealed)
    if state.win:
        tiles.append(state.win)
    for meld in state.melds:
        tiles.extend(meld.tiles)
    return tiles + state.dora + state.ura + [code_of(NORTH)] * state.nuki


def usage(state: PickerState) -> Usage:
    kinds = [0] * 34
    red = [0, 0, 0]
    for code in all_tiles(state):
        kinds[kind_of(code)] += 1
        if code[0] == "0":
            red[SUITS.index(code[1])] += 1
    return Usage(tuple(kinds), (red[0], red[1], red[2]))


def over_count(state: PickerState) -> tuple[str, str] | None:
    """(field, message) when a tile is used more often than the set has it, else None."""
    used = usage(state)
    for kind, count in enumerate(used.kinds):
        if count > 4:
            code = code_of(kind)
            if count == 5:
                text = _("There are only four of each tile: a fifth %(tile)s is one too many.")
            else:
                text = _("There are only four of each tile: %(count)s copies of %(tile)s.")
            return _field_of(state, code), text % {"tile": code, "count": count}
    for suit, count in enumerate(used.red):
        if count > 1:
            code = "0" + SUITS[suit]
            return _field_of(state, code), _("Two red fives (%(tile)s): there is only one.") % {
                "tile": code
            }
    return None


def _field_of(state: PickerState, code: str) -> str:
    kind = kind_of(code)
    if kind == NORTH and state.nuki:
        return "nuki"
    for name in ("dora", "ura"):
        if any(kind_of(t) == kind for t in getattr(state, name)):
            return name
    return "hand"


def hand_view(state: PickerState) -> tuple[list[str], str | None]:
    """The tiles the hand row shows, and the tile in its winning slot.

    Only a complete hand has a winning tile: while tiles are missing the last tile added
    sits, sorted, among the others and the winning slot stays empty (the state and its URL
    keep ``win``, so the next tile added still becomes the winning tile).
    """
    if state.win and state.missing > 0:
        return sorted([*state.concealed, state.win], key=sort_key), None
    return list(state.concealed), state.win


def numbered(tiles: list[str]) -> list[tuple[str, int]]:
    """Each tile with its rank among the tiles of its kind (the second 3m is 2): the hand
    buttons' ids (``hand-3m-2``). A tile added or taken leaves the others' ids as they were, so
    the page's morph keeps their buttons instead of drawing every tile after it again."""
    seen: dict[str, int] = {}
    out = []
    for code in tiles:
        seen[code] = seen.get(code, 0) + 1
        out.append((code, seen[code]))
    return out


def win_choices(state: PickerState) -> list[str]:
    """The tiles a complete hand could have been won on (each kind once, sorted): one tap on
    one makes it the winning tile. Empty while the hand is incomplete."""
    if not state.win or state.missing != 0 or state.mode == "win":
        return []
    return sorted({*state.concealed, state.win}, key=sort_key)


# ---------------------------------------------------------------------- melds
def _run(code: str, position: int = 0, red: bool = False) -> list[str] | None:
    """The chi with the called tile ``code`` at ``position`` of the run (0 lowest, 2 highest),
    the called tile first as the notation writes it (``[3-45m]``, ``[4-35m]``, ``[5-34m]``).

    ``red``: the run's five is the red five (the called tile itself when it is the five); a
    run without a five then cannot be built. None when the run would leave 1-9.
    """
    if code[1] == "z" or not 0 <= position <= 2:
        return None
    suit = code[1]
    number = 5 if code[0] == "0" else int(code[0])
    start = number - position
    if not 1 <= start <= 7:
        return None
    if red and not start <= 5 <= start + 2:
        return None
    called = f"0{suit}" if red and number == 5 else code
    others = [
        f"0{suit}" if red and n == 5 else f"{n}{suit}"
        for n in range(start, start + 3)
        if n != number
    ]
    return [called, *others]


def _alike(code: str, count: int, red: bool = False) -> list[str]:
    """``count`` copies of a kind with ``code`` (maybe the red five) among them, first.

    ``red`` on a plain five: the second tile is the red five (one not called)."""
    plain = code_of(kind_of(code))
    tiles = [code] + [plain] * (count - 1)
    if red and code[0] == "5" and code[1] != "z" and count > 1:
        tiles[1] = "0" + code[1]
    return tiles


def make_meld(
    mode: str, code: str, direction: str, chi_pos: int = 0, red: bool = False
) -> Meld | None:
    """The meld a click in a meld mode declares: ``code`` is the called tile (a chi's called
    tile sits at ``chi_pos`` of its run); ``red`` puts the suit's red five in the meld."""
    if red and (code[1] == "z" or code[0] not in "05") and mode != "chi":
        return None
    if mode == "chi":
        run = _run(code, chi_pos, red)
        return None if run is None else Meld(MeldKind.CHI, tuple(run), 0, "-")
    if mode in ("pon", "kan", "added"):
        tiles = _alike(code, 4 if mode == "kan" else 3, red)
        # The called tile sits where it came from: left first, across second, right last.
        called = {"-": 0, "=": 1, "+": len(tiles) - 1}[direction]
        tiles.insert(called, tiles.pop(0))
        if mode == "pon":
            return Meld(MeldKind.PON, tuple(tiles), called, direction)
        if mode == "kan":
            return Meld(MeldKind.KAN_OPEN, tuple(tiles), called, direction)
        # The added tile is written last and drawn on top of the called one.
        added = (*tiles, code_of(kind_of(code)))
        return Meld(MeldKind.KAN_ADDED, added, called, direction, 3)
    if mode == "closed":
        tiles = _alike(code, 4, red)
        # A red five goes in the middle, where it shows between the two face-down tiles.
        if tiles[0][0] == "0":
            tiles[0], tiles[1] = tiles[1], tiles[0]
        return Meld(MeldKind.KAN_CLOSED, tuple(tiles))
    return None


def meld_fits(state: PickerState, meld: Meld) -> bool:
    """Enough copies left for every tile of the meld (a red five only once)."""
    need: dict[int, int] = {}
    red: dict[str, int] = {}
    for code in meld.tiles:
        need[kind_of(code)] = need.get(kind_of(code), 0) + 1
        if code[0] == "0":
            red[code[1]] = red.get(code[1], 0) + 1
    used = usage(state)
    if any(used.kinds[k] + n > 4 for k, n in need.items()):
        return False
    return all(used.red[SUITS.index(s)] + n <= 1 for s, n in red.items())


@dataclass(frozen=True, slots=True)
class PaletteTile:
    code: str
    left: int
    enabled: bool


def palette(state: PickerState) -> list[list[PaletteTile]]:
    """The palette rows (m, p, s, z) with what is left and whether a click does anything."""
    used = usage(state)
    rows = []
    three = state.three
    for row in PALETTE:
        tiles = []
        for code in row:
            if three and code in SANMA_MISSING:
                continue
            left = used.left(code)
            if state.mode in MELD_MODES:
                meld = make_meld(state.mode, code, state.direction, state.chi_pos, state.red)
                enabled = meld is not None and meld_fits(state, meld)
            else:
                enabled = left > 0
            tiles.append(PaletteTile(code, left, enabled))
        rows.append(tiles)
    return rows


# ---------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Notice:
    """An action that was refused: the message shows beside ``field``."""

    field: str
    message: str


def has_action(query: QueryDict | Mapping[str, str]) -> bool:
    return any(name in query for name in TRANSIENT)


def apply_action(state: PickerState, query: QueryDict | Mapping[str, str]) -> Notice | None:
    """Apply the one action the query carries to ``state`` (in place); a refusal is returned."""

    def get(name: str) -> str:
        if isinstance(query, QueryDict):
            values = query.getlist(name)
            return values[-1].strip() if values else ""
        value = query.get(name)
        return value.strip() if isinstance(value, str) else ""

    pasted = get("paste")
    if "paste" in query and pasted != state.typed:
        notice = paste(state, pasted)
        if notice:
            return notice
    if "clear" in query:
        # "Clear the hand": the tiles go (hand, winning tile, melds); the situation stays as
        # set (ron/tsumo, seat, round, flags, indicators, honba, sticks, rules), so clearing
        # never turns the learner into the dealer.
        state.concealed, state.melds, state.win = [], [], None
        state.bad_hand, state.bad_paste = "", ""
        state.problems.pop("hand", None)
        state.problems.pop("win", None)
        state.mode, state.chi_pos, state.red = "hand", 0, False
        return None
    if code := get("add"):
        return _add(state, code.replace("h", "z"))
    if code := get("take"):
        return _remove(state, code)
    if code := get("setwin"):
        return _set_win(state, code)
    if unmeld := get("unmeld"):
        number = parse_int(unmeld, 0, len(state.melds) - 1) if state.melds else None
        if number is None:
            return Notice("hand", _("There is no such meld to take back."))
        del state.melds[number]
        return None
    if "kita" in query:
        return _kita(state)
    if "unnuki" in query:
        state.nuki = max(0, state.nuki - 1)
        return None
    for name in ("dora", "ura"):
        code = get("un" + name)
        tiles = getattr(state, name)
        if code in tiles:
            tiles.remove(code)
    return None


def _kita(state: PickerState) -> Notice | None:
    """Set a north aside as nuki dora (three players only; a fifth north is refused)."""
    if not state.three:
        return Notice("nuki", _("Only three-player mahjong sets norths aside (kita)."))
    if state.nuki >= MAX_NUKI or usage(state).left(code_of(NORTH)) <= 0:
        return Notice("nuki", _("No north left: all four are in use."))
    state.nuki += 1
    return None


def _add(state: PickerState, code: str) -> Notice | None:
    if not is_valid_code(code):
        return Notice("palette", _("%(tile)s is not a tile.") % {"tile": code})
    if state.three and code in SANMA_MISSING:
        return Notice(
            "palette",
            _("Three players play without 2m to 8m: %(tile)s is not in the set.") % {"tile": code},
        )
    if state.mode in MELD_MODES:
        meld = make_meld(state.mode, code, state.direction, state.chi_pos, state.red)
        if meld is None:
            if state.mode != "chi":
                return Notice("palette", _("Only a five can be a red five."))
            if state.red:
                return Notice("palette", _("With the red five, the run must hold a five."))
            if state.chi_pos == 1:
                return Notice(
                    "palette", _("As the middle tile of a run, the called tile must be 2 to 8.")
                )
            if state.chi_pos == 2:
                return Notice(
                    "palette", _("As the highest tile of a run, the called tile must be 3 to 9.")
                )
            return Notice("palette", _("A chi is a run of three: start it at 1 to 7."))
        if not meld_fits(state, meld):
            return Notice("palette", _("Not enough %(tile)s left for that meld.") % {"tile": code})
        if len(state.melds) >= 4:
            return Notice("palette", _("A hand has at most four melds."))
        if state.tiles_held > state.tiles_needed - 3:
            return Notice("palette", _("No room for another meld: remove a tile first."))
        state.melds.append(meld)
        state.mode = "hand"
        state.chi_pos, state.red = 0, False
        return None
    if usage(state).left(code) <= 0:
        return Notice(
            "palette",
            _("No %(tile)s left: all four are in use (one red five per suit).") % {"tile": code},
        )
    if state.mode in ("dora", "ura"):
        tiles = getattr(state, state.mode)
        if len(tiles) >= MAX_INDICATORS:
            return Notice(state.mode, _("At most five indicators (one per kan and the first)."))
        tiles.append(code)
        state.mode = "hand"
        return None
    if state.missing <= 0:
        return Notice("palette", _("The hand is complete: remove a tile before adding another."))
    if state.win:
        state.concealed.append(state.win)
        state.concealed.sort(key=sort_key)
    state.win = code
    return None


def _remove(state: PickerState, code: str) -> Notice | None:
    if code == "win":
        state.win = None
    elif code in state.concealed:
        state.concealed.remove(code)
    elif code == state.win:
        # An incomplete hand shows its last tile among the others (see hand_view).
        state.win = None
    return None


def _set_win(state: PickerState, code: str) -> Notice | None:
    if code in state.concealed:
        state.concealed.remove(code)
        if state.win:
            state.concealed.append(state.win)
            state.concealed.sort(key=sort_key)
        state.win = code
    state.mode = "hand"
    return None


def paste(state: PickerState, text: str) -> Notice | None:
    """Replace the tiles from typed notation; the last concealed tile written is the winner."""
    if not text:
        state.concealed, state.melds, state.win, state.bad_hand = [], [], None, ""
        return None
    try:
        parsed = parse_hand(text)
    except NotationError as exc:
        state.bad_paste = text
        return Notice("paste", notation_message(exc.message, exc.position))
    state.bad_hand = ""
    state.problems.pop("hand", None)
    state.melds = list(parsed.melds)
    concealed = list(parsed.concealed)
    last = _last_written(text)
    if last is not None and last in concealed:
        concealed.remove(last)
        state.win = last
    else:
        state.win = None
    state.concealed = concealed
    return None


def _last_written(text: str) -> str | None:
    """The last concealed tile in written order (melds skipped): ``123m5p`` -> ``5p``."""
    plain = _MELD_RE.sub(" ", text)
    match = re.search(r"([0-9])[^0-9]*?([mpszh])[^0-9]*$", plain)
    if not match:
        return None
    code = match.group(1) + ("z" if match.group(2) == "h" else match.group(2))
    return code if is_valid_code(code) else None


# ---------------------------------------------------------------------- the score panel
@dataclass(frozen=True, slots=True)
class WaitView:
    """A winning tile of a ready hand, with what it scores by ron and by tsumo."""

    tile: str
    ron: str
    tsumo: str
    ron_ok: bool
    tsumo_ok: bool


@dataclass
class Panel:
    """What the score panel shows for a state."""

    status: str  # empty | building | ready | noten | too_many | scored | error
    missing: int = 0
    result: dict[str, object] | None = None
    errors: dict[str, str] = field(default_factory=dict)
    waits: list[WaitView] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    big_total: str = ""
    #: The total with a thousands separator, as people read it (the hook keeps the digits).
    total_text: str = ""
    #: (id, label, "2 han" or "Yakuman") per yaku and (id, label, fu, tiles) per fu item,
    #: for the template. Dora of every kind are not yaku: they are listed apart (``dora``).
    yaku: list[tuple[str, str, str]] = field(default_factory=list)
    dora: list[tuple[str, str, str]] = field(default_factory=list)
    fu_items: list[tuple[str, str, object, list[str]]] = field(default_factory=list)
    limit: str = ""
    #: The fu items added up and rounded ("20 + 2 + 2 = 24 → 30 fu"); empty for a yakuman.
    fu_sum: str = ""
    #: Why the limit applies ("30 fu 4 han: kiriage mangan under M-League rules.").
    limit_why: str = ""
    #: "Yakuman" / "Double yakuman" when the hand is paid as a yakuman (its han and fu are not
    #: what it is worth, so the panel shows this instead of them).
    yakuman: str = ""
    #: Ready hand: the situation errors that stop its waits from winning (field -> message).
    wait_errors: dict[str, str] = field(default_factory=dict)


def _points(value: object) -> str:
    """Points as the page's language writes them (scorer/numbers.py): 11,600; in Japanese
    11600 as scoring books write them, 1億2345万6789 from 10万 up. Empty for a non-number."""
    return points_text(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def payment_lines(result: Mapping[str, object], dealer: bool, players: int = 4) -> list[str]:
    """The payments as sentences: "2,000/3,900: the dealer pays 3,900, each other player
    2,000." (a non-dealer's tsumo) or "3,900 all: each other player pays 3,900.".

    With three ``players`` a tsumo has two payers, and the sentences say so."""
    pay = result.get("payments")
    if not isinstance(pay, Mapping):
        return []
    lines = []
    if pay.get("ron") is not None:
        lines.append(_("The discarder pays %(ron)s.") % {"ron": _points(pay["ron"])})
    elif pay.get("tsumo_dealer") is not None:
        words = {"dealer": _points(pay["tsumo_dealer"]), "others": _points(pay["tsumo_others"])}
        if players == 3:
            lines.append(
                _(
                    "%(others)s/%(dealer)s: the dealer pays %(dealer)s, the other non-dealer "
                    "%(others)s (three players: there is no north seat to pay)."
                )
                % words
            )
        else:
            lines.append(
                _(
                    "%(others)s/%(dealer)s: the dealer pays %(dealer)s, "
                    "each other player %(others)s."
                )
                % words
            )
    elif dealer and players == 3:
        lines.append(
            _("%(each)s all: each of the two other players pays %(each)s.")
            % {"each": _points(pay.get("tsumo_others"))}
        )
    elif dealer:
        lines.append(
            _("%(each)s all: each other player pays %(each)s.")
            % {"each": _points(pay.get("tsumo_others"))}
        )
    else:
        lines.append(_("Each player pays %(each)s.") % {"each": _points(pay.get("tsumo_others"))})
    honba = pay.get("honba")
    if isinstance(honba, int) and honba:
        lines.append(_("Honba included: %(points)s.") % {"points": _points(honba)})
    sticks = pay.get("sticks")
    if isinstance(sticks, int) and sticks:
        lines.append(
            ngettext(
                "Plus %(points)s from %(n)s riichi stick.",
                "Plus %(points)s from %(n)s riichi sticks.",
                sticks // 1000,
            )
            % {"points": _points(sticks), "n": sticks // 1000}
        )
        total = pay.get("total")
        if isinstance(total, int):
            lines.append(
                _("The winner collects %(all)s in all.") % {"all": _points(total + sticks)}
            )
    extra = pay.get("wareme_extra")
    if isinstance(extra, int) and extra:
        lines.append(_("Wareme doubles: %(points)s more.") % {"points": _points(extra)})
    return lines


def sentence(message: str) -> str:
    """A message as a sentence: a capital first letter and a full stop."""
    text = str(message).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    # Japanese sentences end in 。 or a closing ）, and take no English full stop.
    return text if text[-1] in ".!?)。！？）" else text + "."


def _han_text(han: object, yakuman: bool) -> str:
    """A yaku row's value: "2 han", or "Yakuman" for a yakuman (13 han each is bookkeeping)."""
    if yakuman and isinstance(han, int) and han >= 13:
        return yakuman_label(han // 13)
    # "1 han", "2 han": no plural form in either language (one msgid with the tables' rows).
    return _("%(han)s han") % {"han": han}


def _situation_error(result: Mapping[str, object]) -> tuple[str, str]:
    """(field, message) when the engine refused a wait for a situation field (not the tiles,
    not a missing yaku); ("", "") otherwise."""
    error = result.get("error")
    if result.get("ok") or not isinstance(error, Mapping):
        return "", ""
    name = error.get("field")
    if not isinstance(name, str) or name in ("hand", "win") or error.get("code") == "no_yaku":
        return "", ""
    return name, page_message(error)


def _short(result: Mapping[str, object]) -> tuple[str, bool]:
    """One wait's outcome in a few words: "3900 (30 fu 4 han)" or why it does not score."""
    if not result.get("ok"):
        error = result.get("error")
        code = error.get("code") if isinstance(error, Mapping) else None
        return (_("no yaku") if code == "no_yaku" else _("cannot win")), False
    pay = result["payments"]
    total = pay.get("total") if isinstance(pay, Mapping) else None
    limit = result.get("limit")
    count = result.get("yakuman")
    if limit == "yakuman" and isinstance(count, int) and count > 0:
        how = yakuman_label(count)
    elif limit:
        how = str(LIMIT_LABELS.get(str(limit), limit))
    else:
        how = _("%(fu)s fu %(han)s han") % {"fu": result.get("fu"), "han": result.get("han")}
    # "3,900 (30 fu 4 han)"; Japanese says the unit: 3,900点（30符4飜）.
    return _("%(points)s (%(how)s)") % {"points": _points(total), "how": how}, True


def fu_sum_line(result: Mapping[str, object]) -> str:
    """The fu items added up and rounded up to a ten: "20 + 2 + 2 = 24 → 30 fu".

    Chiitoitsu's fixed fu are not rounded; a yakuman's fu do not count (empty line)."""
    items = result.get("fu_items")
    fu = result.get("fu")
    if result.get("yakuman") or not isinstance(items, list) or not isinstance(fu, int):
        return ""
    values = [int(item["fu"]) for item in items if int(item["fu"])]
    if [str(item["id"]) for item in items] == ["chiitoitsu"]:
        return _("Chiitoitsu: a fixed %(fu)s fu, not rounded.") % {"fu": fu}
    raw = sum(values)
    added = " + ".join(str(v) for v in values) + f" = {raw}" if len(values) > 1 else str(raw)
    if raw == fu:
        return _("%(added)s fu") % {"added": added}
    return _("%(added)s → %(fu)s fu") % {"added": added, "fu": fu}


def _number(n: int) -> str:
    return points_text(n)


def limit_reason(result: Mapping[str, object], state: PickerState) -> str:
    """Why an ordinary hand is capped, in one sentence, from the engine's han, fu and limit.

    The engine decides the limit (``points.limit_for``); this only says which of its
    conditions the hand met, naming the rules when a switch of theirs made the difference."""
    limit, han, fu = result.get("limit"), result.get("han"), result.get("fu")
    if not limit or limit == "yakuman" or not isinstance(han, int) or not isinstance(fu, int):
        return ""
    rules = state.effective_rules()
    named = _rules_name(state)
    label = str(LIMIT_LABELS.get(str(limit), limit)).lower()
    words = {"han": han, "fu": fu, "limit": label, "rules": named}
    if limit == "mangan" and han < 5:
        raw = base_points(fu, han)
        words["base"] = _number(raw)
        if raw >= 2000:
            return (
                _(
                    "%(fu)s fu %(han)s han: the base points (%(base)s) pass 2,000, "
                    "so the hand is capped at mangan."
                )
                % words
            )
        return (
            _(
                "%(fu)s fu %(han)s han: kiriage mangan under %(rules)s "
                "(the base points, %(base)s, are rounded up to mangan)."
            )
            % words
        )
    if limit == "sanbaiman" and han >= 13:
        return (
            _("%(han)s han: sanbaiman, the highest limit under %(rules)s (no kazoe yakuman).")
            % words
        )
    if limit == "sanbaiman" and han == 10 and rules.sanbaiman_from_10:
        return _("10 han: sanbaiman under %(rules)s (sanbaiman from 10 han).") % words
    if limit == "kazoe_yakuman":
        return _("%(han)s han: 13 han or more is a counted (kazoe) yakuman.") % words
    if limit == "mangan":
        return _("%(han)s han: mangan, whatever the fu.") % words
    ranges = {
        "haneman": (6, 7),
        "baiman": (8, 9) if rules.sanbaiman_from_10 else (8, 10),
        "sanbaiman": (10, 12) if rules.sanbaiman_from_10 else (11, 12),
    }
    low, high = ranges.get(str(limit), (han, han))
    words["range"] = han_range(int(low), int(high))
    return _("%(han)s han: %(limit)s (%(range)s han), whatever the fu.") % words


def _rules_name(state: PickerState) -> str:
    """The rules by their display name ("M-League rules"), or "these rules" when changed."""
    if state.switches:
        return _("these rules")
    return _("%(preset)s rules") % {"preset": PRESET_LABELS.get(state.rules, state.rules)}


def build_panel(state: PickerState) -> Panel:
    """Score the state with the engine, or say what is missing (and list the waits)."""
    errors = dict(state.problems)
    if state.bad_hand:
        return Panel("error", errors=errors)
    over = over_count(state)
    if over:
        errors.setdefault(over[0], over[1])
        return Panel("error", errors=errors)
    if state.tiles_held == 0 and not state.melds:
        return Panel("empty", missing=state.tiles_needed, errors=errors)
    missing = state.missing
    if missing < 0:
        return Panel("too_many", missing=missing, errors=errors)
    if missing == 1:
        tiles = [*state.concealed, *([state.win] if state.win else [])]
        ready_hand = format_tiles(tiles) + "".join(m.notation() for m in state.melds)
        data = state.engine_request(hand=ready_hand)
        data.pop("win", None)
        views = []
        refused: dict[str, str] = {}
        for wait in tenpai_waits(data, steps=False):
            ron, ron_ok = _short(wait.ron)
            tsumo, tsumo_ok = _short(wait.tsumo)
            views.append(WaitView(wait.tile, ron, tsumo, ron_ok, tsumo_ok))
            # A situation the engine refuses (riichi on an open hand ...) is said once, here
            # and beside its control, rather than as a bare "cannot win" on every wait.
            for result in (wait.ron, wait.tsumo):
                name, message = _situation_error(result)
                if name:
                    refused.setdefault(name, sentence(message))
        for name, message in refused.items():
            errors.setdefault(name, message)
        return Panel(
            "ready" if views else "noten",
            missing=1,
            waits=views,
            errors=errors,
            wait_errors=refused,
        )
    if missing > 0:
        return Panel("building", missing=missing, errors=errors)
    result = score_request(state.engine_request(), steps=False)
    if not result.get("ok"):
        error = result["error"]
        assert isinstance(error, Mapping)
        errors.setdefault(str(error.get("field") or "hand"), page_message(error))
        return Panel("error", result=result, errors=errors)
    dealer = kind_of(state.seat) == EAST
    pay = result.get("payments")
    total = pay.get("total") if isinstance(pay, Mapping) else None
    big = ""
    # The myriad reading beside a huge total (Japanese totals are written so already).
    if isinstance(total, int) and total >= 100_000_000 and myriad(total) != _points(total):
        big = myriad(total)
    yaku = result.get("yaku")
    fu_items = result.get("fu_items")
    limit = result.get("limit")
    count = result.get("yakuman")
    paid_as_yakuman = limit == "yakuman" and isinstance(count, int) and count > 0
    yakuman = yakuman_label(int(count)) if paid_as_yakuman and isinstance(count, int) else ""
    rows = [
        (
            str(y["id"]),
            str(YAKU_LABELS.get(str(y["id"]), y["id"])),
            _han_text(y["han"], bool(yakuman)),
        )
        for y in (yaku if isinstance(yaku, list) else [])
    ]
    return Panel(
        "scored",
        result=result,
        errors=errors,
        payments=payment_lines(result, dealer, state.effective_rules().players),
        big_total=big,
        total_text=_points(total),
        yaku=[row for row in rows if row[0] not in DORA_IDS],
        dora=[row for row in rows if row[0] in DORA_IDS],
        fu_items=[
            (
                str(f["id"]),
                str(FU_LABELS.get(str(f["id"]), f["id"])),
                f["fu"],
                # Honour tiles by name (Haku, 白), never a code: the row is read as words.
                [str(HONOUR_NAMES.get(t, t)) for t in f["tiles"]],
            )
            for f in (fu_items if isinstance(fu_items, list) else [])
        ],
        limit=yakuman or (str(LIMIT_LABELS.get(str(limit), limit)) if limit else ""),
        yakuman=yakuman,
        fu_sum=fu_sum_line(result),
        limit_why=limit_reason(result, state),
    )


# ---------------------------------------------------------------------- links from elsewhere
def fields_from_request(data: Mapping[str, object]) -> dict[str, str]:
    """An API request dict as picker/tutor URL fields: booleans as 1/0, a rules object
    flattened to ``rules=<preset>`` plus one field per switch. ``urlencode`` the result."""
    out: dict[str, str] = {}
    for name, value in data.items():
        if name == "rules" and isinstance(value, Mapping):
            out["rules"] = str(value.get("preset", "tenhou"))
            for switch, setting in value.items():
                if switch != "preset":
                    out[SWITCH_FIELDS.get(str(switch), str(switch))] = _switch_text(setting)
        elif isinstance(value, bool):
            out[name] = "1" if value else "0"
        elif value is not None:
            out[name] = str(value)
    return out


def request_from_query(query: QueryDict | Mapping[str, str]) -> dict[str, object]:
    """The engine request a picker/tutor URL stands for (what ``/tutor/explain`` should score)."""
    return state_from_query(query).engine_request()
