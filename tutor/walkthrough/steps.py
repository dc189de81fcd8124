"""Turn an engine result's trace (``result["steps"]``) into display steps for the tutor.

Everything the walkthrough page shows is computed here: the translated sentence of each step,
which tiles of the drawn hand it lights up, the numbers it carries, the glossary terms it links,
and the rule sensitivity (the same request re-scored with one rule switch flipped). Templates only
lay these objects out; no rule logic lives in them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import (
    get_language,
    gettext_lazy,
    ngettext,
    pgettext,
    pgettext_lazy,
)
from django.utils.translation import gettext as _

from scorer.engine import score_request
from scorer.engine.notation import MeldKind, NotationError, format_tiles, parse_hand
from scorer.engine.request import REQUEST_FIELDS as ENGINE_FIELDS
from scorer.engine.rules import RulesError, resolve_rules
from scorer.engine.tables import myriad
from scorer.engine.tiles import is_valid_code, kind_of
from scorer.numbers import points_text, power_of_two
from scorer.params import loads_json, parse_int
from scorer.templatetags.tiles import tile_label as scorer_tile_label
from scorer.vocabulary import (
    HONOUR_NAMES,
    PAYER_NAMES,
    PRESET_LABELS,
    SANMA_PAYER_NAMES,
    join_list,
    wait_name,
    yakuman_name,
)
from tutor.course.glossary import BY_ID as TERMS_BY_ID
from tutor.course.glossary import furigana
from tutor.course.names import LIMIT_NAMES

Result = dict[str, Any]

#: The request fields a walkthrough URL carries: API.md's, ``nuki`` (north tiles set aside
#: with three players, docs/API.md §7) after the indicators, and ``discarder`` (who dealt
#: in, for wareme) after the wareme seat: every field the engine reads, so the walkthrough
#: scores a URL exactly as /api/score does.
REQUEST_FIELDS: tuple[str, ...] = tuple(
    name
    for field_name in ENGINE_FIELDS
    for name in (
        (field_name, "nuki")
        if field_name == "ura"
        else (field_name, "discarder")
        if field_name == "wareme"
        else (field_name,)
    )
)

#: Fields a link may carry beyond the form's (a reviewed game's win, docs/API.md §8): kept
#: in the request and in every link, not shown as form fields.
LINK_FIELDS: tuple[str, ...] = ("pao", "ron_order")


#: A short label for each fu item id (the step's title).
FU_LABELS: dict[str, Promise] = {
    "base": gettext_lazy("Base fu (futei)"),
    "closed_ron": gettext_lazy("Closed ron (menzen kafu)"),
    "tsumo": gettext_lazy("Tsumo fu"),
    "pinfu_tsumo": gettext_lazy("Pinfu by tsumo"),
    "open_pinfu": gettext_lazy("Open pinfu shape"),
    "chiitoitsu": gettext_lazy("Seven pairs"),
    "open_simple_triplet": gettext_lazy("Open triplet of simples"),
    "closed_simple_triplet": gettext_lazy("Concealed triplet of simples"),
    "open_terminal_triplet": gettext_lazy("Open triplet of terminals or honours"),
    "closed_terminal_triplet": gettext_lazy("Concealed triplet of terminals or honours"),
    "open_simple_kan": gettext_lazy("Open kan of simples"),
    "closed_simple_kan": gettext_lazy("Closed kan of simples"),
    "open_terminal_kan": gettext_lazy("Open kan of terminals or honours"),
    "closed_terminal_kan": gettext_lazy("Closed kan of terminals or honours"),
    "pair_dragon": gettext_lazy("Dragon pair"),
    "pair_seat_wind": gettext_lazy("Seat-wind pair"),
    "pair_round_wind": gettext_lazy("Round-wind pair"),
    "wait_kanchan": gettext_lazy("Closed wait (kanchan)"),
    "wait_penchan": gettext_lazy("Edge wait (penchan)"),
    "wait_tanki": gettext_lazy("Pair wait (tanki)"),
}

#: Glossary anchors for fu items, waits and limits.
FU_TERMS: dict[str, tuple[str, ...]] = {
    "base": ("futei",),
    "closed_ron": ("menzen", "ron"),
    "tsumo": ("tsumo",),
    "pinfu_tsumo": ("pinfu", "tsumo"),
    "open_pinfu": ("pinfu",),
    "chiitoitsu": ("chiitoitsu",),
    "pair_dragon": ("yakuhai",),
    "pair_seat_wind": ("yakuhai",),
    "pair_round_wind": ("yakuhai", "renpuuhai"),
    "wait_kanchan": ("kanchan",),
    "wait_penchan": ("penchan",),
    "wait_tanki": ("tanki", "nobetan"),
}


def fixed_yakuman(result: Mapping[str, Any]) -> bool:
    """The hand is paid as a yakuman limit: its fu (and its han) do not change the points.

    Under aotenjou a yakuman counted as 13 han has no limit, and the fu do count; with the
    "higher of the two" setting they decide which value wins, so they matter there too."""
    if not result.get("yakuman") or result.get("limit") != "yakuman":
        return False
    switches = result.get("rules_switches") or {}
    return not (switches.get("aotenjou") and switches.get("aotenjou_yakuman") == "higher")


SECTION_NAMES: dict[str, Promise] = {
    "hand": gettext_lazy("Hand"),
    "fu": gettext_lazy("Fu"),
    "yaku": gettext_lazy("Yaku"),
    "dora": gettext_lazy("Dora"),
    "points": gettext_lazy("Points"),
    "rules": gettext_lazy("Rules"),
}

_SECTION_OF = {
    "hand": "hand",
    "reading": "hand",
    "wait": "hand",
    "fu": "fu",
    "fu_total": "fu",
    "yaku": "yaku",
    "yaku_absent": "yaku",
    "dora": "dora",
    "han_total": "dora",
    "limit": "points",
    "base_points": "points",
    "payment_rule": "points",
    "payment": "points",
    "honba": "points",
    "sticks": "points",
    "wareme": "points",
    "pao": "points",
    "double_ron": "points",
    "total": "points",
    "rules": "rules",
}

#: Steps whose ``tiles`` are tiles of the hand (the test checks they are named and lit).
TILE_STEPS = frozenset({"hand", "reading", "wait", "fu", "yaku", "yaku_absent", "dora"})


# ----------------------------------------------------------------------------- the request


def request_from_query(query: Mapping[str, Any]) -> dict[str, object]:
    """Query parameters (a QueryDict or a plain mapping) to an engine request dict.

    Only the request fields of API.md are kept; ``rules`` may be a preset name or a JSON object.
    """
    data: dict[str, object] = {}
    for name in (*REQUEST_FIELDS, *LINK_FIELDS):
        value = query.get(name)
        if value is None:
            continue
        data[name] = value
    rules = data.get("rules")
    if isinstance(rules, str) and rules.strip().startswith("{"):
        # Bad JSON stays a string: the engine reports it as invalid_rules, by the rules field.
        with contextlib.suppress(ValueError):
            data["rules"] = loads_json(rules)
    switch = query.get("wareme_rule")
    if switch in ("0", "1"):
        # The form's wareme switch (the picker's field name): a rules object with it set.
        rules = data.get("rules")
        if isinstance(rules, Mapping):
            data["rules"] = {**rules, "wareme": switch == "1"}
        elif switch == "1" and (isinstance(rules, str) or rules is None):
            data["rules"] = {"preset": rules or "tenhou", "wareme": True}
    return data


def request_query(data: Mapping[str, object]) -> str:
    """The query string of a request dict (rules objects as JSON), for links."""
    pairs: list[tuple[str, str]] = []
    for name in (*REQUEST_FIELDS, *LINK_FIELDS):
        if name not in data:
            continue
        value = data[name]
        if isinstance(value, Mapping):
            pairs.append((name, json.dumps(value, separators=(",", ":"))))
        elif isinstance(value, bool):
            pairs.append((name, "1" if value else "0"))
        else:
            pairs.append((name, str(value)))
    return urlencode(pairs)


# ----------------------------------------------------------------------------- the hand


@dataclass(frozen=True)
class Slot:
    """One drawn tile of the hand."""

    index: int
    code: str
    label: str
    sideways: bool = False
    facedown: bool = False


@dataclass(frozen=True)
class TileGroup:
    """Concealed tiles, the winning tile, or one meld."""

    kind: str
    label: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class HandView:
    groups: tuple[TileGroup, ...]
    win_index: int

    @property
    def slots(self) -> list[Slot]:
        return [s for g in self.groups for s in g.slots]


def tile_label(code: str) -> str:
    """A tile's name for people and screen readers, translated (the picker's own labels)."""
    return scorer_tile_label(code)


def draw_hand(hand: str, win: str, nuki: int = 0) -> HandView:
    """The hand as groups of slots: concealed tiles, then the winning tile, then the melds,
    then (three players) the ``nuki`` norths set aside, which are not part of the hand."""
    parsed = parse_hand(hand)
    groups: list[TileGroup] = []
    index = 0
    concealed: list[Slot] = []
    for code in parsed.concealed:
        concealed.append(Slot(index, code, tile_label(code)))
        index += 1
    groups.append(TileGroup("concealed", _("Concealed tiles"), tuple(concealed)))
    win_index = index
    groups.append(TileGroup("win", _("Winning tile"), (Slot(index, win, tile_label(win)),)))
    index += 1
    for meld in parsed.melds:
        slots: list[Slot] = []
        closed_kan = meld.kind is MeldKind.KAN_CLOSED
        for i, code in enumerate(meld.tiles):
            facedown = closed_kan and i in (0, len(meld.tiles) - 1)
            sideways = i == meld.called or i == meld.added
            slots.append(Slot(index, code, tile_label(code), sideways, facedown))
            index += 1
        label = {
            MeldKind.CHI: _("Called sequence (chi)"),
            MeldKind.PON: _("Called triplet (pon)"),
            MeldKind.KAN_OPEN: _("Open kan"),
            MeldKind.KAN_ADDED: _("Added kan"),
            MeldKind.KAN_CLOSED: _("Closed kan"),
        }[meld.kind]
        groups.append(TileGroup("meld", label, tuple(slots)))
    if nuki > 0:
        north = "4z"
        set_aside = tuple(Slot(index + i, north, tile_label(north)) for i in range(nuki))
        groups.append(TileGroup("nuki", _("Norths set aside (nuki dora)"), set_aside))
    return HandView(tuple(groups), win_index)


def light(hand: HandView, tiles: list[str]) -> frozenset[int]:
    """The slots a step's tiles refer to: exact codes first, the winning tile preferred for
    its own code, then the same kind (a red five for a plain five)."""
    slots = hand.slots
    used: set[int] = set()
    for code in tiles:
        if not is_valid_code(code):
            continue
        choice: int | None = None
        if code == slots[hand.win_index].code and hand.win_index not in used:
            choice = hand.win_index
        if choice is None:
            choice = next((s.index for s in slots if s.code == code and s.index not in used), None)
        if choice is None:
            kind = kind_of(code)
            choice = next(
                (s.index for s in slots if kind_of(s.code) == kind and s.index not in used), None
            )
        if choice is not None:
            used.add(choice)
    return frozenset(used)


# ----------------------------------------------------------------------------- steps


@dataclass
class Note:
    """A line added under a step: an explanation the trace implies, or a rule difference."""

    text: str
    url: str = ""
    kind: str = "note"


@dataclass
class DisplayStep:
    number: int
    kind: str
    section: str
    title: str
    text: str
    tiles: list[str]
    lit: frozenset[int]
    data: dict[str, object] = field(default_factory=dict)
    terms: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    extra: dict[str, object] = field(default_factory=dict)
    #: The steps a group step folds together (the near misses), shown on demand.
    children: list[DisplayStep] = field(default_factory=list)

    @property
    def template(self) -> str:
        """The partial that draws this step: a group of near misses has its own."""
        return "walkthrough/_near_misses.html" if self.children else "walkthrough/_step.html"

    @property
    def tile_views(self) -> list[Slot]:
        return [Slot(i, c, tile_label(c)) for i, c in enumerate(self.tiles)]

    @property
    def term_links(self) -> list[tuple[str, str]]:
        """(anchor, shown name) of each glossary term the step links: the romaji in English
        pages; in Japanese pages the headword with furigana over its kanji only (喰い下がり: a
        reading over 喰 and 下, none over the kana), as the glossary writes it."""
        links: list[tuple[str, str]] = []
        for term_id in self.terms:
            term = TERMS_BY_ID.get(term_id)
            if term is None:  # an id without a glossary entry is never shown as a word
                continue
            if japanese():
                links.append((term_id, furigana(term)))
            else:
                kana, _sep, romaji = term.reading.partition(" · ")
                links.append((term_id, romaji or kana))
        return links

    @property
    def section_name(self) -> str:
        return str(SECTION_NAMES[self.section])


def japanese() -> bool:
    """Whether the page is being written in Japanese."""
    return (get_language() or "").startswith("ja")


#: Whether the walkthrough being written plays under aotenjou: its Japanese figures are then all
#: written in myriad units, one style per sentence (「4×57万3440＝229万3760」, issue 28.5).
_AOTENJOU: ContextVar[bool] = ContextVar("walkthrough_aotenjou", default=False)


def number(n: object) -> str:
    """Points and other numbers as the page's language writes them (scorer/numbers.py):
    11,600 in English; 11600, or 1億2345万6789 from 100万 up, in Japanese (under aotenjou every
    figure of the walkthrough in myriad units)."""
    return points_text(n, aotenjou=_AOTENJOU.get())


def rules_label(name: object) -> str:
    """A rule set's display name (Tenhou, M-League), translated; a preset with switches changed
    by a rules object (``tenhou+custom``) says so in words."""
    preset, custom, _rest = str(name).partition("+custom")
    label = str(PRESET_LABELS.get(preset, preset))
    return _("%(preset)s, with changed rules") % {"preset": label} if custom else label


def honour_name(code: str) -> str:
    """An honour tile's name (``5z`` -> Haku / 白); any other code as it is."""
    name = HONOUR_NAMES.get(code.replace("h", "z"))
    return str(name) if name is not None else code


def tile_word(code: object) -> str:
    """One tile in a sentence: an honour by its name, a suited tile in the compact notation
    the tile images beside the sentence explain (``5m``)."""
    return honour_name(code) if isinstance(code, str) else str(code)


def tiles_text(tiles: object) -> str:
    """Tiles in a sentence: suited tiles in compact notation (``123m45p``), honours by name
    (``South South`` / ``南南``), never honour codes."""
    codes = [t for t in tiles if isinstance(t, str)] if isinstance(tiles, list | tuple) else []
    if not codes or not all(is_valid_code(c) for c in codes):
        return " ".join(str(t) for t in codes)
    suited = [c for c in codes if c[1] in "mps"]
    honours = [c for c in codes if c[1] not in "mps"]
    parts = [format_tiles(suited)] if suited else []
    if honours:
        ordered = sorted(honours, key=lambda c: c[0])
        # Names in a row: "Haku Haku Haku" in English, 白白白 in Japanese.
        parts.append(("" if japanese() else " ").join(honour_name(c) for c in ordered))
    return " ".join(parts)


def hand_text(hand: str) -> str:
    """A hand in a sentence: its concealed tiles, then each meld after a +, honours named."""
    try:
        parsed = parse_hand(hand)
    except NotationError:
        return hand
    parts = [tiles_text(list(parsed.concealed))] if parsed.concealed else []
    parts += [tiles_text(list(meld.tiles)) for meld in parsed.melds]
    return " + ".join(parts)


#: Step fields that hold one tile code (the winning tile, a dora indicator and its dora).
_TILE_FIELDS = frozenset({"win", "indicator", "dora"})


def translate(step: Mapping[str, Any], **overrides: object) -> str:
    """``gettext(step["why"]).format(**params)``: numbers grouped, tiles in MPSZ."""
    params: dict[str, object] = {}
    for key, value in step.items():
        if key in ("step", "why", "text"):
            continue
        if isinstance(value, list):
            params[key] = tiles_text(value)
        elif key in _TILE_FIELDS and isinstance(value, str):
            params[key] = tile_word(value)
        else:
            params[key] = number(value)
    params.setdefault("tiles", "")
    params.update(overrides)
    try:
        return _(str(step["why"])).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(step.get("text", ""))


def _block_text(block: Mapping[str, Any]) -> str:
    return tiles_text(block.get("tiles", []))


def _reading_text(form: str, blocks: list[Mapping[str, Any]], pairs: list[list[str]]) -> str:
    if form == "chiitoitsu":
        return _("seven pairs: %(pairs)s") % {"pairs": join_list([tiles_text(p) for p in pairs])}
    if form == "kokushi":
        return _("kokushi")
    sets = join_list([_block_text(b) for b in blocks])
    pair = join_list([tiles_text(p) for p in pairs])
    return _("%(sets)s + pair %(pair)s") % {"sets": sets, "pair": pair}


#: A renderer: fills a display step (title, sentence, notes, terms, data) from its engine step,
#: the drawn hand and the whole result.
Renderer = Callable[[DisplayStep, Mapping[str, Any], HandView, Result], None]


def _render_hand(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("The hand")
    d.text = translate(step, how=how_won(step, result), hand=hand_text(str(step.get("hand", ""))))
    d.notes.append(
        Note(_("The winner is the dealer.") if step.get("dealer") else _("A non-dealer won."))
    )
    d.notes.append(
        Note(_("The hand is closed (menzen).") if step.get("closed") else _("The hand is open."))
    )
    d.terms = ["tsumo" if step.get("how") == "tsumo" else "ron", "menzen", "oya"]


def how_won(step: Mapping[str, Any], result: Result) -> str:
    """How the hand was won, in words: robbing a kan is a ron, but not on a discard."""
    if step.get("how") == "tsumo":
        return _("tsumo (self-draw)")
    if any(y.get("id") == "chankan" for y in result.get("yaku", [])):
        return _("ron (robbing a kan)")
    return _("ron (a discard)")


def _render_reading(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    d.title = _("Why the hand is complete")
    form = str(step.get("form"))
    blocks = list(step.get("blocks", []))
    pairs = [list(p) for p in step.get("pairs", [])]
    if form == "standard":
        d.text = _("Four sets and a pair: %(reading)s.") % {
            "reading": _reading_text(form, blocks, pairs)
        }
    d.extra["blocks"] = [
        {
            "tiles": list(b.get("tiles", [])),
            "label": _block_label(b),
        }
        for b in blocks
    ] + _pair_blocks(form, pairs)
    alternatives = []
    for alt in step.get("alternatives", []):
        summary = _reading_text(
            str(alt.get("form")), list(alt.get("blocks", [])), list(alt.get("pairs", []))
        )
        if alt.get("no_yaku"):
            value = _("no yaku: cannot win this way")
        elif alt.get("yakuman"):
            value = _("yakuman, %(total)s points") % {"total": number(alt.get("total"))}
        else:
            value = _("%(fu)s fu %(han)s han, %(total)s points") % {
                "han": alt.get("han"),
                "fu": alt.get("fu"),
                "total": number(alt.get("total")),
            }
        alternatives.append(
            _("%(reading)s (%(wait)s wait): %(value)s")
            % {"reading": summary, "wait": wait_name(alt.get("wait")), "value": value}
        )
    d.extra["alternatives"] = alternatives
    if alternatives:
        d.notes.append(
            Note(
                _(
                    "The tiles can be read in more than one way; the reading worth the "
                    "most points is kept (kouten-hou)."
                )
            )
        )
        d.terms.append("kouten")
    d.terms += {"chiitoitsu": ["chiitoitsu"], "kokushi": ["kokushi"]}.get(
        form, ["mentsu", "jantou"]
    )


def _render_wait(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("The wait")
    wait = str(step.get("wait"))
    d.text = wait_sentence(wait, str(step.get("win")), list(step.get("tiles") or ()), result)
    if step.get("fu"):
        note = _("This wait adds %(fu)s fu.") % {"fu": step.get("fu")}
    elif _form(result) == "chiitoitsu":
        # A pair wait, yet no 2 fu; the fixed fu themselves are said once, at the fu step.
        note = _("Seven pairs is always won on a pair wait, but the wait adds no fu.")
    else:
        note = _("This wait adds no fu.")
    d.notes.append(Note(note))
    d.terms = ["kokushi" if wait.startswith("kokushi") else wait]
    d.data = {"wait": wait}


def wait_sentence(wait: str, win: str, tiles: list[str], result: Result) -> str:
    """The winning tile and what it completed, tiles named: "The winning tile is red dragon
    (shanpon wait): it completes the red dragon triplet." /
    「和了牌は中（シャンポン待ち）。中の刻子ができました。」; kokushi
    「和了牌は一萬。国士無双十三面待ちです。」."""
    # The tile twice, as the sentence names it twice (the winning tile, then its set).
    words = {"win": tile_label(win), "wait": wait_name(wait), "tile": tile_label(win)}
    if wait == "kokushi_13":
        return _("The winning tile is %(win)s: a thirteen-sided kokushi wait.") % words
    if wait == "kokushi":
        return _("The winning tile is %(win)s: a single-tile kokushi wait.") % words
    if wait == "shanpon":
        return (
            _("The winning tile is %(win)s (%(wait)s wait): it completes the %(tile)s triplet.")
            % words
        )
    if wait == "tanki":
        if _form(result) == "chiitoitsu":
            return (
                _("The winning tile is %(win)s (%(wait)s wait): it completes the seventh pair.")
                % words
            )
        return (
            _("The winning tile is %(win)s (%(wait)s wait): it completes the %(tile)s pair.")
            % words
        )
    words["run"] = run_name(tiles)
    return (
        _("The winning tile is %(win)s (%(wait)s wait): it completes the sequence %(run)s.") % words
    )


def run_name(tiles: list[str]) -> str:
    """A sequence in words: "4-5-6 of circles" / 「四五六筒」 (a red five as a five)."""
    codes = [t for t in tiles if is_valid_code(t)]
    if not codes:
        return tiles_text(tiles)
    plain = [("5" if c[0] == "0" else c[0]) + c[1] for c in codes]
    last = tile_label(plain[-1])
    if japanese():  # 四五六筒: each number's kanji, then the suit once
        return "".join(tile_label(c)[:-1] for c in plain) + last[-1:]
    suit = last.partition(" of ")[2]
    return _("%(numbers)s of %(suit)s") % {"numbers": "-".join(c[0] for c in plain), "suit": suit}


def _render_fu(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    item = str(step.get("id"))
    d.title = _("%(label)s: +%(fu)s fu") % {
        "label": FU_LABELS.get(item, item),
        "fu": step.get("fu"),
    }
    d.text = translate(step, fu_total=step.get("fu_total"))
    if step.get("note") == "ron_completed":
        d.notes.append(
            Note(
                _(
                    "This triplet was completed by a discard (ron on a shanpon wait), so it "
                    "counts as an open triplet."
                )
            )
        )
    d.terms = list(FU_TERMS.get(item, ("fu",)))
    d.data = {"fu": step.get("fu"), "id": item}
    if fixed_yakuman(result) and item == "base":
        d.notes.insert(0, Note(str(YAKUMAN_FU_NOTE), kind="yakuman"))
        d.terms.append("yakuman")


def _render_fu_total(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    d.title = _("Adding up the fu")
    if _form(result) == "chiitoitsu":
        # The fu step has just said seven pairs are a fixed number, never rounded.
        d.text = _("%(fu)s fu in all.") % {"fu": step.get("fu")}
    d.data = {"raw": step.get("raw"), "fu": step.get("fu")}
    fu_items = [s for s in result["steps"] if s["step"] == "fu"]
    d.extra["sum"] = " + ".join(str(s.get("fu")) for s in fu_items) + f" = {step.get('raw')}"
    d.terms = ["fu"] + (["tenpane"] if step.get("tenpane") else [])
    if step.get("tenpane") and not fixed_yakuman(result):
        d.notes.append(Note(str(TENPANE_NOTE)))
    if fixed_yakuman(result):
        d.notes.insert(0, Note(str(YAKUMAN_FU_NOTE), kind="yakuman"))
        d.terms.append("yakuman")


def _render_yaku(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    name = _(str(step.get("name")))
    d.title = _("%(name)s: %(han)s han") % {"name": name, "han": step.get("han")}
    kan = VALUE_KAN.get(str(step.get("id")))
    if kan is not None and len(step.get("tiles") or ()) == 4:
        # A value-tile kan: the yaku's sentence says "triplet", its own says "kan".
        d.text = str(kan) % {"tiles": tiles_text(step.get("tiles"))}
    if step.get("yakuman"):
        multiple = max(1, int(step.get("han") or 13) // 13)
        d.title = _("%(name)s: %(value)s") % {"name": name, "value": yakuman_name(multiple)}
        d.terms.append("yakuman")
    if step.get("kuisagari"):
        d.notes.append(Note(_("The hand is open, so this yaku is worth one han less.")))
        d.terms.append("kuisagari")
    d.terms.append("yaku")
    d.data = {"yaku": step.get("id"), "han": step.get("han")}


def _render_yaku_absent(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    # The value-tile rows are judged together as "Yakuhai", a name no yaku row carries.
    name = _("Yakuhai") if step.get("id") == "yakuhai" else _(str(step.get("name")))
    d.title = _("Not %(name)s") % {"name": name}
    d.extra["name"] = name
    d.data = {"absent": step.get("id"), "reason": step.get("reason")}
    d.terms = [str(step.get("id"))]
    if step.get("reason") == "honitsu.suits":
        d.text = honitsu_suits(str(result.get("hand", "")))


#: Each suit's name in a sentence ("characters" / 萬子).
SUIT_NAMES: dict[str, Promise] = {
    "m": pgettext_lazy("suit", "characters"),
    "p": pgettext_lazy("suit", "circles"),
    "s": pgettext_lazy("suit", "bamboo"),
}


def honitsu_suits(hand: str) -> str:
    """Why a hand of two or three suits is not honitsu, naming its suits from the one with the
    most tiles: 「萬子のほかに筒子・索子があります。混一色は1種類の数牌と字牌だけで作る役です。」"""
    counts = dict.fromkeys("mps", 0)
    with contextlib.suppress(NotationError):
        parsed = parse_hand(hand)
        for code in [*parsed.concealed, *(t for meld in parsed.melds for t in meld.tiles)]:
            if code[1] in counts:
                counts[code[1]] += 1
    suits = sorted((s for s in "mps" if counts[s]), key=lambda s: -counts[s])
    first, others = suits[0] if suits else "m", suits[1:]
    return _(
        "Besides %(first)s the hand has %(others)s; honitsu is made of one suit and honours only."
    ) % {
        "first": SUIT_NAMES[first],
        "others": pgettext("list of suits", " and ").join(str(SUIT_NAMES[s]) for s in others),
    }


def _render_dora(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    dora_id = str(step.get("id"))
    d.title = {
        "dora": _("Dora"),
        "ura_dora": _("Ura dora"),
        "aka_dora": _("Red fives (aka dora)"),
        "nuki_dora": _("Nuki dora (kita)"),
    }.get(dora_id, _("Dora"))
    if step.get("indicator"):
        d.extra["indicator"] = step["indicator"]
        d.extra["dora"] = step.get("dora")
        if not step.get("nuki"):  # the norths set aside keep the engine's longer sentence
            d.text = dora_sentence(step)
    if step.get("dora") == "4z" and _has_nuki(result):
        d.notes.append(Note(_("The norths set aside are dora of this indicator too.")))
    if dora_id == "nuki_dora":
        _nuki_dora(d, step)
        # The norths set aside, not a north of the hand itself.
        d.lit = frozenset(
            slot.index for group in hand.groups if group.kind == "nuki" for slot in group.slots
        )
    if not step.get("counted") and step.get("count"):
        d.notes.append(Note(_("A yakuman ignores dora: these are not counted.")))
    d.terms = [{"ura_dora": "ura-dora", "aka_dora": "aka-dora"}.get(dora_id, "dora")]
    d.data = {"dora-count": step.get("count")}


def dora_sentence(step: Mapping[str, Any]) -> str:
    """An indicated dora step in one sentence, tiles named (the indicator is not itself a dora,
    said by naming both): 「ドラ表示牌は九索なので、ドラは一索。手牌にはありません。」."""
    count = int(step.get("count") or 0)
    words = {
        "indicator": tile_label(str(step["indicator"])),
        "dora": tile_label(str(step.get("dora"))),
        "count": count,
    }
    if step.get("id") == "ura_dora":
        if not count:
            text = _(
                "The ura indicator is %(indicator)s, so the ura dora is %(dora)s: none in the hand."
            )
        else:
            text = ngettext(
                "The ura indicator is %(indicator)s, so the ura dora is %(dora)s: %(count)s in "
                "the hand (melds included).",
                "The ura indicator is %(indicator)s, so the ura dora is %(dora)s: %(count)s in "
                "the hand (melds included).",
                count,
            )
    elif not count:
        text = _("The indicator is %(indicator)s, so the dora is %(dora)s: none in the hand.")
    else:
        text = ngettext(
            "The indicator is %(indicator)s, so the dora is %(dora)s: %(count)s in the hand "
            "(melds included).",
            "The indicator is %(indicator)s, so the dora is %(dora)s: %(count)s in the hand "
            "(melds included).",
            count,
        )
    return text % words


def _render_han_total(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    d.title = _("Total han")
    d.data = {"han": step.get("han")}
    d.terms = ["han"]
    if result.get("yakuman") and step.get("count"):
        # Counting yakuman belongs with the yaku, not with the dora.
        d.section = "yaku"
    if fixed_yakuman(result):
        d.title = _("How many yakuman")
        count = int(step.get("count") or result.get("yakuman") or 1)
        d.text = ngettext(
            "This hand is worth %(count)s yakuman: a yakuman is counted on its own, not in han.",
            "This hand is worth %(count)s yakuman: a yakuman is counted on its own, not in han.",
            count,
        ) % {"count": count}
        d.terms = ["yakuman"]


def _render_limit(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("The limit")
    limit = step.get("limit")
    d.text = translate(step, limit=LIMIT_NAMES.get(limit, limit))
    if fixed_yakuman(result):
        d.text = _(
            "A %(value)s is paid a fixed amount, whatever its han and fu: base points %(base)s."
        ) % {
            "value": yakuman_name(int(result.get("yakuman") or 1)),
            "base": number(step.get("base")),
        }
    if step.get("kiriage"):
        d.notes.append(
            Note(
                _("Base %(base)s is rounded up to a mangan here (kiriage mangan).")
                % {"base": number(1920)}
            )
        )
        d.terms.append("kiriage")
    if limit:
        d.terms.append(str(limit).replace("_", "-"))
    d.data = {"limit": limit or "", "base": step.get("base")}


def _render_base_points(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    d.title = _("Base points")
    han = int(step.get("han") or 0)
    # The whole exponent raised, so that it cannot be read as 2^han + 2 (issue 28).
    d.text = _("Base points are fu × 2 to the power of (han + 2): here %(power)s.") % {
        "power": power_of_two(han)
    }
    d.extra["formula"] = _("Base points = %(fu)s × %(value)s = %(base)s.") % {
        "fu": number(step.get("fu")),
        "value": number(2 ** (han + 2)),
        "base": number(step.get("base")),
    }
    d.notes.append(
        Note(
            _(
                "The +2 is bazoro (場ゾロ): under today's rules every win is given two han "
                "besides its yaku; the quick-reference tables already include them."
            )
        )
    )
    d.terms = ["kihonten", "bazoro"]
    d.data = {"base": step.get("base")}


def _render_payment_rule(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    _payment_rule(d, step, result)


def _render_payment(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    payer = str(step.get("payer"))
    names = {**PAYER_NAMES, **SANMA_PAYER_NAMES} if _three(result) else PAYER_NAMES
    name = str(names.get(payer, payer))
    d.title = _("Payment: %(payer)s") % {"payer": name}
    d.text = payment_text(step, _three(result))
    if not step.get("rounded_up"):
        d.notes.append(Note(_("Already a multiple of 100: nothing to round.")))
    d.data = {"payer": payer, "amount": step.get("amount")}
    d.terms = ["oya"]


def _render_honba(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("Honba")
    d.terms = ["honba"]
    d.data = {"honba": step.get("honba_total")}
    if _three(result):
        _sanma_honba(d, step, result)


def _render_wareme(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("Wareme")
    seat = {"East": _("East"), "South": _("South"), "West": _("West"), "North": _("North")}
    d.text = translate(step, seat=seat.get(str(step.get("seat")), step.get("seat")))
    d.terms = ["wareme"]
    d.data = {"wareme": step.get("wareme")}


def _render_pao(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("Responsibility payment (pao)")
    seat = {"East": _("East"), "South": _("South"), "West": _("West"), "North": _("North")}
    d.text = translate(step, seat=seat.get(str(step.get("seat")), step.get("seat")))
    d.data = {"pao": step.get("pao"), "amount": step.get("amount")}


def _render_double_ron(
    d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result
) -> None:
    d.title = _("Double ron")


def _render_sticks(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("Riichi sticks")
    d.terms = ["kyoutaku"]
    d.data = {"sticks": step.get("points")}


def _render_total(d: DisplayStep, step: Mapping[str, Any], hand: HandView, result: Result) -> None:
    d.title = _("What the winner collects")
    d.data = {"total": step.get("total")}
    total = int(step.get("total") or 0)
    # 万 only under aotenjou (issue 28.5): a limited hand of six yakuman is 192000点, with no
    # myriad reading and no aotenjou link. A Japanese sentence already writes an aotenjou
    # total in myriad units, so the grouped-digits aid is for English readers only.
    if result.get("rules_switches", {}).get("aotenjou"):
        d.terms.append("aotenjou")
        if total >= 100_000 and not japanese():
            d.extra["grouped"] = f"{total:,}"
            d.extra["myriad"] = myriad(total)


#: How each kind of step is shown: one renderer per kind (the engine's step kinds,
#: :data:`scorer.engine.steps.KINDS`), each filling the display step in the page's language.
RENDERERS: dict[str, Renderer] = {
    "hand": _render_hand,
    "reading": _render_reading,
    "wait": _render_wait,
    "fu": _render_fu,
    "fu_total": _render_fu_total,
    "yaku": _render_yaku,
    "yaku_absent": _render_yaku_absent,
    "dora": _render_dora,
    "han_total": _render_han_total,
    "limit": _render_limit,
    "base_points": _render_base_points,
    "payment_rule": _render_payment_rule,
    "payment": _render_payment,
    "honba": _render_honba,
    "wareme": _render_wareme,
    "pao": _render_pao,
    "double_ron": _render_double_ron,
    "sticks": _render_sticks,
    "total": _render_total,
}


def _display(step: Mapping[str, Any], hand: HandView, result: Result) -> DisplayStep:
    kind = str(step["step"])
    tiles = [str(t) for t in step.get("tiles", [])]
    lit = light(hand, tiles) if kind in TILE_STEPS else frozenset()
    d = DisplayStep(0, kind, _SECTION_OF.get(kind, "points"), "", translate(step), tiles, lit)
    render = RENDERERS.get(kind)
    if render is None:
        d.title = kind
    else:
        render(d, step, hand, result)
    return d


#: What tenpane is, said once, under the fu total of a hand that has it (seeds 000 and 002).
TENPANE_NOTE = gettext_lazy(
    "Tenpane (テンパネ): fu above the usual 30 (40 for a closed ron) after rounding up, the "
    '"+α" the quick tables leave out. It usually comes from triplet or kan fu plus the small '
    "2-fu items (tsumo, wait, pair)."
)

#: A value-tile yaku won with a kan: its sentence says kan, not triplet.
VALUE_KAN: dict[str, Promise] = {
    "haku": gettext_lazy("A kan of white dragons: %(tiles)s."),
    "hatsu": gettext_lazy("A kan of green dragons: %(tiles)s."),
    "chun": gettext_lazy("A kan of red dragons: %(tiles)s."),
    "seat_wind": gettext_lazy("A kan of your own seat wind: %(tiles)s."),
    "round_wind": gettext_lazy("A kan of the round wind: %(tiles)s."),
    "north_wind": gettext_lazy(
        "A kan of north winds: %(tiles)s. These three-player rules make north a value tile."
    ),
}

#: Who pays, as the subject of a payment sentence (Japanese: 親は, 子はそれぞれ ...).
PAYER_SUBJECTS: dict[str, Promise] = {
    "discarder": pgettext_lazy("payment sentence", "The discarder"),
    "dealer": pgettext_lazy("payment sentence", "The dealer"),
    "non_dealer": pgettext_lazy("payment sentence", "Each non-dealer"),
    "each": pgettext_lazy("payment sentence", "Each other player"),
}
SANMA_PAYER_SUBJECTS: dict[str, Promise] = {
    "non_dealer": pgettext_lazy("payment sentence", "The other non-dealer"),
    "each": pgettext_lazy("payment sentence", "Each of the two other players"),
}


def payment_text(step: Mapping[str, Any], three: bool) -> str:
    """One payer's payment as players say it: "Each non-dealer pays 1,280, rounded up to
    1,300." / 「子はそれぞれ 1280 → 1300点ずつ支払います。」; the multiplication shown only when
    it multiplies (4 × 400 = 1,600)."""
    payer = str(step.get("payer"))
    subjects = {**PAYER_SUBJECTS, **SANMA_PAYER_SUBJECTS} if three else PAYER_SUBJECTS
    each = payer == "each" or (payer == "non_dealer" and not three)
    multiplier = step.get("multiplier")
    if multiplier == 1:
        calc = number(step.get("base"))
    else:
        calc = pgettext("payment", "%(multiplier)s × %(base)s = %(raw)s") % {
            "multiplier": number(multiplier),
            "base": number(step.get("base")),
            "raw": number(step.get("raw")),
        }
    words = {
        "payer": str(subjects.get(payer, payer)),
        "calc": calc,
        "amount": number(step.get("amount")),
    }
    if step.get("rounded_up"):
        if each:
            return (
                pgettext(
                    "payment, each payer", "%(payer)s pays %(calc)s, rounded up to %(amount)s."
                )
                % words
            )
        return (
            pgettext("payment, one payer", "%(payer)s pays %(calc)s, rounded up to %(amount)s.")
            % words
        )
    if each:
        return pgettext("payment, each payer", "%(payer)s pays %(calc)s.") % words
    return pgettext("payment, one payer", "%(payer)s pays %(calc)s.") % words


def _form(result: Result) -> str:
    """The form of the kept reading: standard, chiitoitsu or kokushi."""
    for step in result["steps"]:
        if step.get("step") == "reading":
            return str(step.get("form", ""))
    return ""


def _three(result: Result) -> bool:
    """The hand was scored for three players (sanma)."""
    return (result.get("rules_switches") or {}).get("players") == 3


def _has_nuki(result: Result) -> bool:
    return any(y["id"] == "nuki_dora" for y in result["yaku"])


def _nuki_dora(d: DisplayStep, step: Mapping[str, Any]) -> None:
    """Nuki dora: the norths set aside (kita), 1 han each, with the replacement draw."""
    count = int(step.get("count") or 0)
    d.text = ngettext(
        "%(count)s north was set aside (kita): each north set aside is 1 han of dora, "
        "so %(count)s han.",
        "%(count)s norths were set aside (kita): each north set aside is 1 han of dora, "
        "so %(count)s han.",
        count,
    ) % {"count": count}
    for note in (
        gettext_lazy(
            "With three players a north may be set aside instead of kept or discarded; for each "
            "north set aside the player draws a replacement tile from the dead wall, as after a "
            "kan."
        ),
        gettext_lazy(
            "The norths set aside are not part of the hand's shape: they make no set or pair, "
            "add no fu and do not break tanyao, but each counts as dora."
        ),
    ):
        d.notes.append(Note(str(note)))


def _payment_rule(d: DisplayStep, step: Mapping[str, Any], result: Result) -> None:
    """Three players, a tsumo: who pays the share the missing north player would have paid."""
    rule = str(step.get("rule"))
    absent = number(step.get("absent"))
    dealer_won = any(
        s.get("step") == "payment" and s.get("payer") == "each" for s in result["steps"]
    )
    d.title = _("Three players: the missing north seat")
    d.terms = ["tsumo"]
    d.data = {"rule": rule, "absent": step.get("absent")}
    note = ""
    if rule == "loss":
        d.text = _(
            "With three players nobody sits north. Under tsumo loss (ツモ損) each of the two "
            "payers pays what they would pay with four players, and the north player's share, "
            "%(absent)s, is not paid by anyone: before honba, the winner collects %(absent)s less "
            "than with four players."
        ) % {"absent": absent}
    elif rule == "split" or (rule == "dealer" and dealer_won):
        d.text = _(
            "With three players nobody sits north. Under these rules the north player's share "
            "is split between the two payers: half of it is added to each payer's share, "
            "counted in base points before rounding up to 100."
        )
        if rule == "dealer":
            note = _(
                "These rules make the dealer pay the north player's share when a non-dealer "
                "wins by tsumo; on the dealer's own tsumo it is split."
            )
    else:
        d.text = _(
            "With three players nobody sits north. Under these rules the dealer pays the north "
            "player's share on top of their own: 3 × base points instead of 2 ×; the other "
            "non-dealer pays 1 × base points as usual."
        )
    if note:
        d.notes.append(Note(note))


def _sanma_honba(d: DisplayStep, step: Mapping[str, Any], result: Result) -> None:
    """Three players: a counter's points are shared by three, so each payer pays a third."""
    points = int((result.get("rules_switches") or {}).get("honba_points") or 300)
    per = points // 3
    note = _(
        "With three players each honba counter is worth %(points)s / 3 = %(per)s from each "
        "payer: %(per)s from each of the two payers on a tsumo, %(two)s from the discarder on "
        "a ron."
    )
    words = {"points": number(points), "per": number(per), "two": number(2 * per)}
    d.notes.append(Note(note % words))


YAKUMAN_FU_NOTE = gettext_lazy(
    "Fu do not matter for a yakuman: its value is fixed. They are counted here only to show "
    "the method."
)


def _pair_blocks(form: str, pairs: list[list[str]]) -> list[dict[str, object]]:
    """The pair(s) of a reading as labelled groups. Kokushi has one pair and twelve single
    tiles: the singles are one group, not twelve "pairs"."""
    if form != "kokushi":
        return [{"tiles": list(p), "label": _("pair")} for p in pairs]
    pair = [p for p in pairs if len(p) == 2]
    singles = [t for p in pairs if len(p) != 2 for t in p]
    groups: list[dict[str, object]] = [{"tiles": list(p), "label": _("pair")} for p in pair]
    if singles:
        groups.append({"tiles": singles, "label": _("one each of the other terminals and honours")})
    return groups


def _block_label(block: Mapping[str, Any]) -> str:
    shape = str(block.get("shape"))
    names = {"sequence": _("sequence"), "triplet": _("triplet"), "kan": _("kan")}
    label = names.get(shape, shape)
    if block.get("called"):
        return _("%(shape)s, called") % {"shape": label}
    if block.get("open"):
        return _("%(shape)s, completed by ron") % {"shape": label}
    return label


# ----------------------------------------------------------------------------- near misses

#: The kind of the step that folds the near misses ("Not sanshoku", ...) together.
NEAR_MISSES = "near_misses"


def group_near_misses(steps: list[DisplayStep]) -> list[DisplayStep]:
    """Fold each run of "why not" steps into one step that lists them, so a plain hand is not
    a long row of "Not ..." steps: the reasons are shown when the learner asks for them."""
    out: list[DisplayStep] = []
    run: list[DisplayStep] = []

    def flush() -> None:
        if not run:
            return
        names = join_list([str(s.extra.get("name", "")) for s in run])
        count = len(run)
        group = DisplayStep(
            0,
            NEAR_MISSES,
            "yaku",
            _("Yaku this hand does not have, and why"),
            ngettext(
                "%(count)s common yaku is not in this hand: %(names)s.",
                "%(count)s common yaku are not in this hand: %(names)s.",
                count,
            )
            % {"count": count, "names": names},
            [],
            frozenset(),
            data={"count": count},
            terms=["yaku"],
            children=list(run),
        )
        out.append(group)
        run.clear()

    for step in steps:
        if step.kind == "yaku_absent":
            run.append(step)
            continue
        flush()
        out.append(step)
    flush()
    return out


# ----------------------------------------------------------------------------- rule sensitivity

#: The switches the walkthrough flips, and the step each difference is shown at.
SENSITIVE: dict[str, str] = {
    "double_wind_fu": "fu_total",
    "open_pinfu_30": "fu_total",
    "pinfu_tsumo": "fu_total",
    "chiitoitsu_fu": "fu_total",
    "kiriage": "limit",
    "kazoe": "limit",
    "sanbaiman_from_10": "limit",
    "aotenjou_yakuman": "limit",
    "red_fives": "han_total",
    "double_yakuman": "han_total",
    "yakuman_stacking": "han_total",
    "honba_points": "total",
    "sanma_tsumo": "payment_rule",
    "north_yakuhai": "han_total",
    "wareme": "total",
}
#: Switches that matter only with three players.
THREE_PLAYER_SWITCHES = frozenset({"sanma_tsumo", "north_yakuhai"})

SETTING_LABELS: dict[tuple[str, object], Promise] = {
    ("double_wind_fu", 2): gettext_lazy("With a 2-fu double-wind pair"),
    ("double_wind_fu", 4): gettext_lazy("With a 4-fu double-wind pair"),
    ("open_pinfu_30", True): gettext_lazy("If the open pinfu shape were raised to 30 fu"),
    ("open_pinfu_30", False): gettext_lazy("Where the open pinfu shape is not raised to 30 fu"),
    ("pinfu_tsumo", True): gettext_lazy("Where pinfu may be won by tsumo"),
    ("pinfu_tsumo", False): gettext_lazy("Where pinfu cannot be won by tsumo"),
    ("chiitoitsu_fu", 50): gettext_lazy("With Kansai chiitoitsu (50 fu, 1 han)"),
    ("chiitoitsu_fu", 25): gettext_lazy("With standard chiitoitsu (25 fu, 2 han)"),
    ("kiriage", True): gettext_lazy("With kiriage mangan"),
    ("kiriage", False): gettext_lazy("Without kiriage mangan"),
    ("kazoe", True): gettext_lazy("With kazoe yakuman"),
    ("kazoe", False): gettext_lazy("Without kazoe yakuman"),
    ("sanbaiman_from_10", True): gettext_lazy("Where 10 han is already sanbaiman"),
    ("sanbaiman_from_10", False): gettext_lazy("Where 10 han is still baiman"),
    ("aotenjou_yakuman", "fixed"): gettext_lazy("With fixed aotenjou yakuman points"),
    ("aotenjou_yakuman", "13han"): gettext_lazy("With each aotenjou yakuman counted as 13 han"),
    ("aotenjou_yakuman", "higher"): gettext_lazy(
        "With the higher of the two aotenjou yakuman values"
    ),
    ("red_fives", 0): gettext_lazy("Without red fives"),
    ("red_fives", 3): gettext_lazy("With red fives"),
    ("double_yakuman", True): gettext_lazy("With double-yakuman patterns"),
    ("double_yakuman", False): gettext_lazy("Without double-yakuman patterns"),
    ("yakuman_stacking", True): gettext_lazy("If yakuman stacked"),
    ("yakuman_stacking", False): gettext_lazy("If yakuman did not stack"),
    ("honba_points", 300): gettext_lazy("With 300-point honba"),
    ("honba_points", 1500): gettext_lazy("With 1,500-point honba"),
    ("sanma_tsumo", "loss"): gettext_lazy("With tsumo loss (the north share unpaid)"),
    ("sanma_tsumo", "split"): gettext_lazy("With the north share split between the payers"),
    ("sanma_tsumo", "dealer"): gettext_lazy("With the dealer paying the north share"),
    ("north_yakuhai", True): gettext_lazy("If north were a value tile"),
    ("north_yakuhai", False): gettext_lazy("If north were a guest wind"),
    ("wareme", True): gettext_lazy("With wareme"),
    ("wareme", False): gettext_lazy("Without wareme"),
}

_OTHER_VALUES: dict[str, tuple[object, ...]] = {
    "double_wind_fu": (2, 4),
    "chiitoitsu_fu": (25, 50),
    "red_fives": (0, 3),
    "honba_points": (300, 1500),
    "aotenjou_yakuman": ("fixed", "13han", "higher"),
    "sanma_tsumo": ("loss", "split", "dealer"),
}


@dataclass
class Sensitivity:
    switch: str
    value: object
    step: str
    text: str
    query: str


def _alternatives(
    switch: str, current: object, data: Mapping[str, object], result: Result
) -> list[object]:
    """The other values of a switch worth trying on this hand."""
    if switch == "wareme" and not data.get("wareme"):
        return []  # no seat at the wareme: the switch cannot change anything
    if isinstance(current, bool):
        return [not current]
    values = [v for v in _OTHER_VALUES.get(switch, ()) if v != current]
    if switch == "sanma_tsumo" and result["steps"][0].get("dealer"):
        # On the dealer's own tsumo no dealer is left to pay the north share: the rule splits
        # it, so naming "the dealer paying" would be a false premise (the split says it).
        values = [v for v in values if v != "dealer"]
    return values


def _changes(old: Result, new: Result) -> list[str]:
    parts: list[str] = []
    if new["fu"] != old["fu"]:
        parts.append(_("%(new)s fu, not %(old)s") % {"new": new["fu"], "old": old["fu"]})
    if new["han"] != old["han"] and not (old["yakuman"] and new["yakuman"]):
        parts.append(_("%(new)s han, not %(old)s") % {"new": new["han"], "old": old["han"]})
    if new["yakuman"] != old["yakuman"]:
        multiples = {"new": yakuman_name(new["yakuman"]), "old": yakuman_name(old["yakuman"])}
        if old["yakuman"] and new["yakuman"]:
            parts.append(_("a %(new)s, not a %(old)s") % multiples)
        elif new["yakuman"]:
            parts.append(_("a %(new)s") % multiples)
        else:
            parts.append(_("no longer a %(old)s") % multiples)
    elif new["limit"] != old["limit"]:
        names = {"new": LIMIT_NAMES.get(new["limit"]), "old": LIMIT_NAMES.get(old["limit"])}
        if old["limit"] is None:
            parts.append(_("a %(new)s") % names)
        elif new["limit"] is None:
            parts.append(_("no longer a %(old)s") % names)
        else:
            parts.append(_("%(new)s, not %(old)s") % names)
    old_total, new_total = old["payments"]["total"], new["payments"]["total"]
    if new_total != old_total:
        parts.append(
            _("%(new)s points, not %(old)s") % {"new": number(new_total), "old": number(old_total)}
        )
    return parts


def rule_sensitivity(data: Mapping[str, object], result: Result) -> list[Sensitivity]:
    """Re-score the request with each relevant switch flipped; report what changes."""
    try:
        rules = resolve_rules(data.get("rules"))
    except RulesError:
        return []
    switches = rules.switches()
    spec = data.get("rules")
    if isinstance(spec, Mapping):
        base: dict[str, object] = dict(spec)
    else:
        base = {"preset": spec if isinstance(spec, str) and spec else "tenhou"}
    found: list[Sensitivity] = []
    for switch, step in SENSITIVE.items():
        if switch == "aotenjou_yakuman" and not switches["aotenjou"]:
            continue
        if switch in THREE_PLAYER_SWITCHES and switches["players"] != 3:
            continue
        for value in _alternatives(switch, switches[switch], data, result):
            flipped = {**data, "rules": {**base, switch: value}}
            if switch == "wareme" and not value:
                flipped.pop("wareme")  # a wareme seat is refused where the rules have none
            other = score_request(flipped, steps=False)
            label = SETTING_LABELS.get((switch, value), switch)
            if not other.get("ok"):
                code = other["error"]["code"]
                if code in ("no_yaku", "not_winning"):
                    # One whole translated sentence per reason (the engine's message is English).
                    if code == "no_yaku":
                        text = _("%(setting)s, this hand could not win: it has no yaku.")
                    else:
                        text = _(
                            "%(setting)s, this hand could not win: its tiles are not a "
                            "complete hand."
                        )
                    text %= {"setting": label}
                    found.append(Sensitivity(switch, value, step, text, request_query(flipped)))
                continue
            parts = _changes(result, other)
            if parts:
                text = _("%(setting)s, this hand would be %(changes)s.") % {
                    "setting": label,
                    "changes": pgettext("list separator", "; ").join(parts),
                }
                found.append(Sensitivity(switch, value, step, text, request_query(flipped)))
    return found


# ----------------------------------------------------------------------------- the walkthrough


@dataclass
class Walkthrough:
    data: dict[str, object]
    result: Result
    steps: list[DisplayStep] = field(default_factory=list)
    hand: HandView | None = None
    sensitivity: list[Sensitivity] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.result.get("ok"))

    @property
    def error(self) -> dict[str, Any]:
        return dict(self.result.get("error") or {})

    @property
    def total_display(self) -> str:
        """The total with digit grouping, and in myriad units when it is large (aotenjou)."""
        total = int(self.result["payments"]["total"])
        if self.result.get("rules_switches", {}).get("aotenjou") and total >= 100_000:
            # in Japanese the myriad units alone (4718万6000点)
            return myriad(total) if japanese() else f"{total:,} ({myriad(total)})"
        return number(total)  # 144000点: 万 only under aotenjou (issue 28.5)

    @property
    def query(self) -> str:
        return request_query(self.data)

    @property
    def figure(self) -> SafeString:
        """Fu before han, as the seeds write it: "30 fu 4 han" / 「30符4飜」, each number in its
        own marked span."""
        fu = format_html(
            '<span data-testid="fu">{}</span>', _("%(fu)s fu") % {"fu": self.result["fu"]}
        )
        han = format_html(
            '<span data-testid="han">{}</span>', _("%(han)s han") % {"han": self.result["han"]}
        )
        return mark_safe(pgettext("fu, then han", "%(fu)s %(han)s") % {"fu": fu, "han": han})

    @property
    def payment_display(self) -> str:
        """What the hand pays as players say it: a ron's points; a tsumo's shares and its
        total ("3,900 all (11,700 points)" / 「3900オール（11700点）」, "1,300/2,600 (5,200
        points)" / 「1300・2600（5200点）」)."""
        payments = self.result["payments"]
        if payments.get("ron") is not None:
            return _("%(total)s points") % {"total": self.total_display}
        token = _AOTENJOU.set(bool(self.result.get("rules_switches", {}).get("aotenjou")))
        try:
            return self._shares(payments)
        finally:
            _AOTENJOU.reset(token)

    def _shares(self, payments: Mapping[str, Any]) -> str:
        total = number(payments.get("total"))
        if payments.get("tsumo_dealer") is not None:
            return _("%(others)s/%(dealer)s (%(total)s points)") % {
                "others": number(payments.get("tsumo_others")),
                "dealer": number(payments.get("tsumo_dealer")),
                "total": total,
            }
        return _("%(each)s all (%(total)s points)") % {
            "each": number(payments.get("tsumo_others")),
            "total": total,
        }

    @property
    def yakuman_headline(self) -> str:
        """ "Yakuman" (or "Double yakuman") when the hand is paid as a yakuman: its han and fu
        are not what it is worth, so the header does not show them."""
        if not self.ok or not fixed_yakuman(self.result):
            return ""
        name = yakuman_name(int(self.result.get("yakuman") or 1))
        return name[:1].upper() + name[1:]


def build(data: Mapping[str, object]) -> Walkthrough:
    """Score a request and turn its trace into display steps (or carry the engine's error)."""
    request = dict(data)
    result = score_request(request)
    token = _AOTENJOU.set(bool(result.get("ok")) and _aotenjou(request))
    try:
        return _build(request, result)
    finally:
        _AOTENJOU.reset(token)


def _aotenjou(request: Mapping[str, object]) -> bool:
    try:
        return resolve_rules(request.get("rules")).aotenjou
    except RulesError:
        return False


def _build(request: dict[str, Any], result: Result) -> Walkthrough:
    walk = Walkthrough(request, result)
    if not result.get("ok"):
        return walk
    try:
        nuki = parse_int(str(request.get("nuki", 0)), 0, 4) or 0
        walk.hand = draw_hand(str(result["hand"]), str(result["win"]), nuki)
    except NotationError:  # pragma: no cover - the engine already parsed it
        return walk
    try:
        switches = resolve_rules(request.get("rules")).switches()
    except RulesError:  # pragma: no cover - the engine already resolved it
        switches = {}
    result["rules_switches"] = switches
    steps = [_display(s, walk.hand, result) for s in result["steps"]]
    walk.sensitivity = rule_sensitivity(request, result)
    for sens in walk.sensitivity:
        target = next((s for s in steps if s.kind == sens.step), steps[-1])
        target.notes.append(Note(sens.text, sens.query, "rule"))
    summary = DisplayStep(
        0,
        "rules",
        "rules",
        _("Rule sensitivity"),
        _("The rule set used: %(rules)s.") % {"rules": rules_label(result.get("rules"))},
        [],
        frozenset(),
    )
    if walk.sensitivity:
        summary.notes = [Note(s.text, s.query, "rule") for s in walk.sensitivity]
    else:
        summary.notes = [Note(_("No rule switch would change the score of this hand."))]
    steps.append(summary)
    steps = group_near_misses(steps)
    for i, step in enumerate(steps, start=1):
        step.number = i
        for child in step.children:
            child.number = i
    walk.steps = steps
    return walk


__all__ = [
    "NEAR_MISSES",
    "REQUEST_FIELDS",
    "DisplayStep",
    "HandView",
    "Sensitivity",
    "Walkthrough",
    "build",
    "draw_hand",
    "group_near_misses",
    "light",
    "request_from_query",
    "request_query",
    "rule_sensitivity",
    "translate",
]
