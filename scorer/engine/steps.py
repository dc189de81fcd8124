"""The steps of an explanation, typed: one immutable class per step kind.

A step is built as one of these classes (its kind's fields, nothing else) by the builders of
:mod:`scorer.engine.trace`, then written out with :meth:`as_dict` as the API.md step: ``step``
(its kind), ``tiles``, its fields in the order the result shows them, the ``why`` sentence
template and ``text``, that template filled from the step's own fields. The classes are the one
place a step kind's fields are listed; :data:`KINDS` maps each kind to its class.

Immutable (``Final`` attributes) and slotted, written by hand rather than as frozen dataclasses
for the reason the engine's other hot classes are (:class:`scorer.engine.hand.Block`): mypyc
compiles their constructors natively, where a dataclass keeps its generated, interpreted
``__init__`` (a frozen one took 3.5 µs per step, compiled, against 0.1 µs).

Filling a sentence: every template is cut once, when first used, into its constant pieces and
the names of its fields, so that hand after hand only the values are turned into text (a fixed
sentence is used as it stands, most others are a few concatenations).
"""

from __future__ import annotations

from string import Formatter
from typing import Final

#: A step as the API returns it (docs/API.md, "steps").
Step = dict[str, object]

# ----------------------------------------------------------------------------- sentences

#: Template -> (literal, field, literal, ..., literal); ``()`` when a field has a format spec
#: or a conversion (none of ours does: those go through ``str.format_map``).
_PIECES: dict[str, tuple[str, ...]] = {}


def _split(template: str) -> tuple[str, ...]:
    pieces: list[str] = []
    literal = ""
    for text, name, spec, conversion in Formatter().parse(template):
        literal += text
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            return ()
        pieces.append(literal)
        pieces.append(name)
        literal = ""
    pieces.append(literal)
    return tuple(pieces)


def pieces(template: str) -> tuple[str, ...]:
    """``template`` cut into literal, field name, literal, ..., literal (remembered)."""
    cut = _PIECES.get(template)
    if cut is None:
        cut = _PIECES[template] = _split(template)
    return cut


def _shown(value: object) -> str:
    """A value as a sentence shows it: tile lists spaced, anything else as ``format`` does."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return " ".join(value)
    return str(value)  # numbers, booleans, None: what format() writes with no spec


def fill(template: str, step: Step) -> str:
    """``template`` filled from the step's own fields (``tiles`` and other tile lists shown
    spaced): the sentence ``str.format_map`` would write, without parsing the template again."""
    cut = _PIECES.get(template)
    if cut is None:
        cut = _PIECES[template] = _split(template)
    count = len(cut)
    if count == 1:  # a fixed sentence
        return cut[0]
    if count == 3:  # one field
        return cut[0] + _shown(step[cut[1]]) + cut[2]
    if not count:
        return template.format_map({key: _shown(value) for key, value in step.items()})
    parts = [cut[0]]
    index = 1
    while index < count:
        parts.append(_shown(step[cut[index]]))
        parts.append(cut[index + 1])
        index += 2
    return "".join(parts)


#: Sentences filled in this round, by template and the values of its fields (the key a tuple:
#: the template, then each field's value in the template's order). Emptied by
#: :func:`clear_sentences` (the engine's ``clear_caches``) and whenever it grows past
#: :data:`SENTENCES_MAX` entries.
_SENTENCES: dict[tuple[object, ...], str] = {}
SENTENCES_MAX: Final = 8192


def clear_sentences() -> None:
    """Forget the sentences already filled (:data:`_SENTENCES`)."""
    _SENTENCES.clear()


def said(template: str, step: Step) -> str:
    """:func:`fill`, remembered by the values of the template's fields.

    Only for steps whose fields are numbers and words (no tile lists, no booleans: ``True``
    and ``1`` are equal keys but read differently)."""
    cut = pieces(template)
    count = len(cut)
    if count == 1:
        return cut[0]
    if count > 11 or not count:
        return fill(template, step)
    key = (template, *[step[cut[index]] for index in range(1, count, 2)])
    text = _SENTENCES.get(key)
    if text is None:
        if len(_SENTENCES) >= SENTENCES_MAX:
            _SENTENCES.clear()
        text = _SENTENCES[key] = fill(template, step)
    return text


def _filled(step: Step) -> Step:
    """``step`` with its ``text``: its ``why`` filled from its own fields."""
    step["text"] = fill(str(step["why"]), step)
    return step


def _said(step: Step) -> Step:
    """``step`` with its ``text`` (:func:`said`: numbers and words only)."""
    step["text"] = said(str(step["why"]), step)
    return step


# ----------------------------------------------------------------------------- the hand


class HandStep:
    """The hand as given: its tiles, the winning tile, tsumo or ron, closed, dealer."""

    __slots__ = ("closed", "dealer", "hand", "how", "tiles", "why", "win")

    tiles: Final[tuple[str, ...]]
    hand: Final[str]
    win: Final[str]
    how: Final[str]
    closed: Final[bool]
    dealer: Final[bool]
    why: Final[str]

    def __init__(
        self,
        tiles: tuple[str, ...],
        hand: str,
        win: str,
        how: str,
        closed: bool,
        dealer: bool,
        why: str,
    ) -> None:
        self.tiles = tiles
        self.hand = hand
        self.win = win
        self.how = how
        self.closed = closed
        self.dealer = dealer
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "hand",
                "tiles": list(self.tiles),
                "hand": self.hand,
                "win": self.win,
                "how": self.how,
                "closed": self.closed,
                "dealer": self.dealer,
                "why": self.why,
            }
        )


class ReadingStep:
    """How the tiles are read: the sets and the pair, the form, the other readings. Built
    for one result and written out once, so its lists go into the dict as they are."""

    __slots__ = ("alternatives", "blocks", "form", "pair", "pairs", "sets", "tiles", "why")

    tiles: Final[list[str]]
    sets: Final[str]
    pair: Final[str]
    why: Final[str]
    form: Final[str]
    blocks: Final[list[dict[str, object]]]
    pairs: Final[list[list[str]]]
    alternatives: Final[list[dict[str, object]]]

    def __init__(
        self,
        tiles: list[str],
        sets: str,
        pair: str,
        why: str,
        form: str,
        blocks: list[dict[str, object]],
        pairs: list[list[str]],
        alternatives: list[dict[str, object]],
    ) -> None:
        self.tiles = tiles
        self.sets = sets
        self.pair = pair
        self.why = why
        self.form = form
        self.blocks = blocks
        self.pairs = pairs
        self.alternatives = alternatives

    def as_dict(self) -> Step:
        step = _filled(
            {
                "step": "reading",
                "tiles": self.tiles,
                "sets": self.sets,
                "pair": self.pair,
                "why": self.why,
            }
        )
        step["form"] = self.form
        step["blocks"] = self.blocks
        step["pairs"] = self.pairs
        step["alternatives"] = self.alternatives
        return step


class WaitStep:
    """The wait the winning tile completed, and its fu."""

    __slots__ = ("fu", "tiles", "wait", "why", "win")

    tiles: Final[tuple[str, ...]]
    win: Final[str]
    wait: Final[str]
    fu: Final[int]
    why: Final[str]

    def __init__(
        self,
        tiles: tuple[str, ...],
        win: str,
        wait: str,
        fu: int,
        why: str,
    ) -> None:
        self.tiles = tiles
        self.win = win
        self.wait = wait
        self.fu = fu
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "wait",
                "tiles": list(self.tiles),
                "win": self.win,
                "wait": self.wait,
                "fu": self.fu,
                "why": self.why,
            }
        )


# ----------------------------------------------------------------------------- fu


class FuStep:
    """One fu item (base, closed ron, a triplet, the wait, ...)."""

    __slots__ = ("double_wind_fu", "fu", "id", "note", "tiles", "why")

    tiles: Final[tuple[str, ...]]
    id: Final[str]
    fu: Final[int]
    note: Final[str]
    double_wind_fu: Final[int]
    why: Final[str]

    def __init__(
        self,
        tiles: tuple[str, ...],
        id: str,
        fu: int,
        note: str,
        double_wind_fu: int,
        why: str,
    ) -> None:
        self.tiles = tiles
        self.id = id
        self.fu = fu
        self.note = note
        self.double_wind_fu = double_wind_fu
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "fu",
                "tiles": list(self.tiles),
                "id": self.id,
                "fu": self.fu,
                "note": self.note,
                "double_wind_fu": self.double_wind_fu,
                "why": self.why,
            }
        )


class FuTotalStep:
    """The fu added up and rounded."""

    __slots__ = ("fu", "raw", "rounded_up", "tenpane", "usual", "why")

    raw: Final[int]
    fu: Final[int]
    rounded_up: Final[bool]
    tenpane: Final[bool]
    usual: Final[int]
    why: Final[str]

    def __init__(
        self,
        raw: int,
        fu: int,
        rounded_up: bool,
        tenpane: bool,
        usual: int,
        why: str,
    ) -> None:
        self.raw = raw
        self.fu = fu
        self.rounded_up = rounded_up
        self.tenpane = tenpane
        self.usual = usual
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "fu_total",
                "tiles": [],
                "raw": self.raw,
                "fu": self.fu,
                "rounded_up": self.rounded_up,
                "tenpane": self.tenpane,
                "usual": self.usual,
                "why": self.why,
            }
        )


# ----------------------------------------------------------------------------- yaku and dora


class YakuStep:
    """A yaku that scores; its sentence opens on the yaku's name and han."""

    __slots__ = ("han", "id", "kuisagari", "name", "tiles", "why", "yakuman")

    tiles: Final[tuple[str, ...]]
    id: Final[str]
    han: Final[int]
    name: Final[str]
    yakuman: Final[bool]
    kuisagari: Final[bool]
    why: Final[str]

    def __init__(
        self,
        tiles: tuple[str, ...],
        id: str,
        han: int,
        name: str,
        yakuman: bool,
        kuisagari: bool,
        why: str,
    ) -> None:
        self.tiles = tiles
        self.id = id
        self.han = han
        self.name = name
        self.yakuman = yakuman
        self.kuisagari = kuisagari
        self.why = why

    def as_dict(self) -> Step:
        step: Step = {
            "step": "yaku",
            "tiles": list(self.tiles),
            "id": self.id,
            "han": self.han,
            "name": self.name,
            "yakuman": self.yakuman,
            "kuisagari": self.kuisagari,
            "why": self.why,
        }
        step["text"] = self.name + " (" + str(self.han) + " han): " + fill(self.why, step)
        return step


class YakuAbsentStep:
    """A common yaku the hand does not have, and why not."""

    __slots__ = ("id", "name", "reason", "tiles", "why")

    tiles: Final[tuple[str, ...]]
    id: Final[str]
    name: Final[str]
    reason: Final[str]
    why: Final[str]

    def __init__(
        self,
        tiles: tuple[str, ...],
        id: str,
        name: str,
        reason: str,
        why: str,
    ) -> None:
        self.tiles = tiles
        self.id = id
        self.name = name
        self.reason = reason
        self.why = why

    def as_dict(self) -> Step:
        step: Step = {
            "step": "yaku_absent",
            "tiles": list(self.tiles),
            "id": self.id,
            "name": self.name,
            "reason": self.reason,
            "why": self.why,
        }
        step["text"] = "No " + self.name + ": " + fill(self.why, step)
        return step


class DoraStep:
    """Dora of one kind (``id``: dora, ura_dora, aka_dora, nuki_dora): ``indicator`` and
    ``dora`` only for indicated kinds, ``nuki`` (norths set aside that the indicator points
    at) only when there are some."""

    __slots__ = ("count", "counted", "dora", "id", "indicator", "nuki", "tiles", "why")

    tiles: Final[tuple[str, ...]]
    id: Final[str]
    count: Final[int]
    indicator: Final[str | None]
    dora: Final[str | None]
    counted: Final[bool]
    why: Final[str]
    nuki: Final[int]

    def __init__(
        self,
        tiles: tuple[str, ...],
        id: str,
        count: int,
        indicator: str | None,
        dora: str | None,
        counted: bool,
        why: str,
        nuki: int,
    ) -> None:
        self.tiles = tiles
        self.id = id
        self.count = count
        self.indicator = indicator
        self.dora = dora
        self.counted = counted
        self.why = why
        self.nuki = nuki

    def as_dict(self) -> Step:
        step: Step = {"step": "dora", "tiles": list(self.tiles), "id": self.id, "count": self.count}
        if self.indicator is not None:
            step["indicator"] = self.indicator
            step["dora"] = self.dora
        step["counted"] = self.counted
        step["why"] = self.why
        if self.nuki:
            step["nuki"] = self.nuki
        return _filled(step)


class HanTotalStep:
    """The han added up; ``count`` (the number of yakuman) only for a yakuman total."""

    __slots__ = ("count", "dora_han", "han", "why", "yaku_han")

    han: Final[int]
    count: Final[int | None]
    yaku_han: Final[int]
    dora_han: Final[int]
    why: Final[str]

    def __init__(
        self,
        han: int,
        count: int | None,
        yaku_han: int,
        dora_han: int,
        why: str,
    ) -> None:
        self.han = han
        self.count = count
        self.yaku_han = yaku_han
        self.dora_han = dora_han
        self.why = why

    def as_dict(self) -> Step:
        step: Step = {"step": "han_total", "tiles": [], "han": self.han}
        if self.count is not None:
            step["count"] = self.count
        step["yaku_han"] = self.yaku_han
        step["dora_han"] = self.dora_han
        step["why"] = self.why
        return _filled(step)


# ----------------------------------------------------------------------------- points


class LimitStep:
    """The limit reached (``limit`` None below the limits: then ``fu``, ``formula_base`` and
    ``kiriage`` are None and left out)."""

    __slots__ = ("base", "formula_base", "fu", "han", "kiriage", "limit", "why")

    limit: Final[str | None]
    han: Final[int]
    fu: Final[int | None]
    base: Final[int]
    formula_base: Final[int | None]
    kiriage: Final[bool | None]
    why: Final[str]

    def __init__(
        self,
        limit: str | None,
        han: int,
        fu: int | None,
        base: int,
        formula_base: int | None,
        kiriage: bool | None,
        why: str,
    ) -> None:
        self.limit = limit
        self.han = han
        self.fu = fu
        self.base = base
        self.formula_base = formula_base
        self.kiriage = kiriage
        self.why = why

    def as_dict(self) -> Step:
        step: Step = {"step": "limit", "tiles": [], "limit": self.limit, "han": self.han}
        if self.limit is not None:
            step["fu"] = self.fu
            step["base"] = self.base
            step["formula_base"] = self.formula_base
            step["kiriage"] = self.kiriage
        else:
            step["base"] = self.base
        step["why"] = self.why
        return _filled(step)


class BasePointsStep:
    """Base points from the formula: fu × 2^(han + 2)."""

    __slots__ = ("base", "fu", "han", "power", "why")

    fu: Final[int]
    han: Final[int]
    power: Final[int]
    base: Final[int]
    why: Final[str]

    def __init__(
        self,
        fu: int,
        han: int,
        power: int,
        base: int,
        why: str,
    ) -> None:
        self.fu = fu
        self.han = han
        self.power = power
        self.base = base
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "base_points",
                "tiles": [],
                "fu": self.fu,
                "han": self.han,
                "power": self.power,
                "base": self.base,
                "why": self.why,
            }
        )


class PaymentRuleStep:
    """Three players, a tsumo: who pays the missing north player's share."""

    __slots__ = ("absent", "players", "rule", "why")

    rule: Final[str]
    players: Final[int]
    absent: Final[int]
    why: Final[str]

    def __init__(
        self,
        rule: str,
        players: int,
        absent: int,
        why: str,
    ) -> None:
        self.rule = rule
        self.players = players
        self.absent = absent
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "payment_rule",
                "tiles": [],
                "rule": self.rule,
                "players": self.players,
                "absent": self.absent,
                "why": self.why,
            }
        )


class PaymentStep:
    """What one kind of payer pays."""

    __slots__ = ("amount", "base", "multiplier", "payer", "payer_name", "raw", "rounded_up", "why")

    payer: Final[str]
    payer_name: Final[str]
    #: Of the base points: 1, 2, 4 or 6; 1.5 and 2.5 for three players splitting the north
    #: share.
    multiplier: Final[object]
    base: Final[int]
    raw: Final[int]
    amount: Final[int]
    rounded_up: Final[bool]
    why: Final[str]

    def __init__(
        self,
        payer: str,
        payer_name: str,
        multiplier: object,
        base: int,
        raw: int,
        amount: int,
        rounded_up: bool,
        why: str,
    ) -> None:
        self.payer = payer
        self.payer_name = payer_name
        self.multiplier = multiplier
        self.base = base
        self.raw = raw
        self.amount = amount
        self.rounded_up = rounded_up
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "payment",
                "tiles": [],
                "payer": self.payer,
                "payer_name": self.payer_name,
                "multiplier": self.multiplier,
                "base": self.base,
                "raw": self.raw,
                "amount": self.amount,
                "rounded_up": self.rounded_up,
                "why": self.why,
            }
        )


class PaoStep:
    """The responsibility payment (pao): who pays what."""

    __slots__ = ("amount", "pao", "seat", "why")

    seat: Final[str]
    pao: Final[str]
    amount: Final[int | None]
    why: Final[str]

    def __init__(
        self,
        seat: str,
        pao: str,
        amount: int | None,
        why: str,
    ) -> None:
        self.seat = seat
        self.pao = pao
        self.amount = amount
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "pao",
                "tiles": [],
                "seat": self.seat,
                "pao": self.pao,
                "amount": self.amount,
                "why": self.why,
            }
        )


class DoubleRonStep:
    """The second winner of a double ron collects neither honba nor sticks."""

    __slots__ = ("honba", "ron_order", "sticks", "why")

    ron_order: Final[int]
    honba: Final[int]
    sticks: Final[int]
    why: Final[str]

    def __init__(
        self,
        ron_order: int,
        honba: int,
        sticks: int,
        why: str,
    ) -> None:
        self.ron_order = ron_order
        self.honba = honba
        self.sticks = sticks
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "double_ron",
                "tiles": [],
                "ron_order": self.ron_order,
                "honba": self.honba,
                "sticks": self.sticks,
                "why": self.why,
            }
        )


class HonbaStep:
    """The honba counters' points."""

    __slots__ = ("honba", "honba_total", "per_payer", "why")

    honba: Final[int]
    honba_total: Final[int]
    per_payer: Final[int]
    why: Final[str]

    def __init__(
        self,
        honba: int,
        honba_total: int,
        per_payer: int,
        why: str,
    ) -> None:
        self.honba = honba
        self.honba_total = honba_total
        self.per_payer = per_payer
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "honba",
                "tiles": [],
                "honba": self.honba,
                "honba_total": self.honba_total,
                "per_payer": self.per_payer,
                "why": self.why,
            }
        )


class WaremeStep:
    """Wareme: who pays double (``wareme``: winner, payer, none or unknown)."""

    __slots__ = ("seat", "wareme", "why")

    seat: Final[str]
    wareme: Final[str]
    why: Final[str]

    def __init__(
        self,
        seat: str,
        wareme: str,
        why: str,
    ) -> None:
        self.seat = seat
        self.wareme = wareme
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "wareme",
                "tiles": [],
                "seat": self.seat,
                "wareme": self.wareme,
                "why": self.why,
            }
        )


class SticksStep:
    """The riichi sticks on the table, collected by the winner."""

    __slots__ = ("points", "sticks", "why")

    sticks: Final[int]
    points: Final[int]
    why: Final[str]

    def __init__(
        self,
        sticks: int,
        points: int,
        why: str,
    ) -> None:
        self.sticks = sticks
        self.points = points
        self.why = why

    def as_dict(self) -> Step:
        return _said(
            {
                "step": "sticks",
                "tiles": [],
                "sticks": self.sticks,
                "points": self.points,
                "why": self.why,
            }
        )


class TotalStep:
    """What the winner collects."""

    __slots__ = ("collected", "ron", "sticks", "total", "tsumo_dealer", "tsumo_others", "why")

    collected: Final[int]
    total: Final[int]
    ron: Final[int | None]
    tsumo_dealer: Final[int | None]
    tsumo_others: Final[int | None]
    sticks: Final[int]
    why: Final[str]

    def __init__(
        self,
        collected: int,
        total: int,
        ron: int | None,
        tsumo_dealer: int | None,
        tsumo_others: int | None,
        sticks: int,
        why: str,
    ) -> None:
        self.collected = collected
        self.total = total
        self.ron = ron
        self.tsumo_dealer = tsumo_dealer
        self.tsumo_others = tsumo_others
        self.sticks = sticks
        self.why = why

    def as_dict(self) -> Step:
        return _filled(
            {
                "step": "total",
                "tiles": [],
                "collected": self.collected,
                "total": self.total,
                "ron": self.ron,
                "tsumo_dealer": self.tsumo_dealer,
                "tsumo_others": self.tsumo_others,
                "sticks": self.sticks,
                "why": self.why,
            }
        )


#: Each step kind (the API's ``step`` field) and its class, in the order a result lists them.
KINDS: Final[dict[str, type]] = {
    "hand": HandStep,
    "reading": ReadingStep,
    "wait": WaitStep,
    "fu": FuStep,
    "fu_total": FuTotalStep,
    "yaku": YakuStep,
    "yaku_absent": YakuAbsentStep,
    "dora": DoraStep,
    "han_total": HanTotalStep,
    "limit": LimitStep,
    "base_points": BasePointsStep,
    "payment_rule": PaymentRuleStep,
    "payment": PaymentStep,
    "pao": PaoStep,
    "double_ron": DoubleRonStep,
    "honba": HonbaStep,
    "wareme": WaremeStep,
    "sticks": SticksStep,
    "total": TotalStep,
}
