"""The ordered explanation of a result: data (ids, tiles, numbers) plus an English sentence.

Each step is a dict with ``step`` (its kind), the tiles it is about (``tiles``), its numbers, a
``why`` sentence template from the rule tables and the ``params`` that fill it, and ``text``: the
English sentence already filled in. The tutor translates ``why`` and fills it again.

The steps are plain dicts and lists, complete when returned (``json.dumps`` and the templates
read them as they are), so the trace is kept cheap by doing less per step rather than by
deferring work: sentence templates are cut into pieces once; steps that follow from a few
numbers (fu lines, dora, totals, payments) are written once per round and copied with their own
``tiles`` list (:data:`_STEPS`, emptied by the engine's ``clear_caches``); the "why not" list
copies a ready-made step per reason and asks the common yaku's judges directly, on the facts
scoring already gathered for the reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter
from typing import TYPE_CHECKING, Final

from .fu import FU_RULES
from .hand import Block, Reading, Shape
from .points import base_points, ceil100, raw_payments, sanma_tsumo_rows
from .tiles import kind_of
from .yaku import COMMON, REASONS, YAKU, YAKU_BY_ID, Ctx, is_value_kind, judge_common
from .yaku import gettext_noop as _

if TYPE_CHECKING:
    from .request import Request
    from .score import Candidate, Result, YakuHit

Step = dict[str, object]

TEXT: dict[str, str] = {
    "hand": _("The hand: {hand}, won on {win} by {how}."),
    "reading.standard": _("Read as four sets and a pair: {sets}; pair {pair}."),
    "reading.chiitoitsu": _("Read as seven pairs (chiitoitsu)."),
    "reading.kokushi": _("Read as kokushi: one of each terminal and honour, plus a pair."),
    "wait": _("The winning tile {win} completed a {wait} wait on {tiles}."),
    "fu_total": _("{raw} fu in all, rounded up to {fu}."),
    "fu_total.exact": _("{raw} fu in all: already a multiple of 10."),
    "fu_total.chiitoitsu": _("Chiitoitsu stays at {fu} fu: it is never rounded."),
    "fu_total.tenpane": _(
        "{raw} fu in all, rounded up to {fu}: {fu} is above the usual {usual} for this way of "
        "winning (tenpane)."
    ),
    "fu_total.exact_tenpane": _(
        "{raw} fu in all: already a multiple of 10, and above the usual {usual} for this way of "
        "winning (tenpane)."
    ),
    "yakuman_fu": _("Fu do not change a yakuman's value; counted here for completeness."),
    # The hand's tiles, melds included; the norths set aside (three players) are counted by
    # their own step, "nuki_dora".
    "dora": _(
        "Indicator {indicator} makes {dora} the dora: {count} among the hand's tiles (melds "
        "included)."
    ),
    "ura_dora": _(
        "Ura indicator {indicator} makes {dora} the ura dora: {count} among the hand's tiles "
        "(melds included)."
    ),
    "dora.none": _(
        "Indicator {indicator} makes {dora} the dora: none among the hand's tiles (melds included)."
    ),
    "ura_dora.none": _(
        "Ura indicator {indicator} makes {dora} the ura dora: none among the hand's tiles "
        "(melds included)."
    ),
    "ura_unused": _("Ura dora only count after a riichi; these indicators count nothing."),
    "dora.nuki": _(
        "Indicator {indicator} makes {dora} the dora: {count}, counting the hand's tiles (melds "
        "included) and the {nuki} north tile(s) set aside."
    ),
    "ura_dora.nuki": _(
        "Ura indicator {indicator} makes {dora} the ura dora: {count}, counting the hand's tiles "
        "(melds included) and the {nuki} north tile(s) set aside."
    ),
    "aka_dora": _("Red fives: {count} among the hand's tiles (melds included), 1 han each."),
    "nuki_dora": _(
        "{count} north tile(s) set aside (kita): not part of the hand's shape (no set, no pair, "
        "no fu), but each counts as dora (nuki dora), 1 han each."
    ),
    "sanma.loss": _(
        "Three players: nobody sits north, and the north player's share of a tsumo is not paid "
        "(tsumo loss): the winner collects {absent} less than with four players."
    ),
    "sanma.split": _(
        "Three players: the missing north player's share of a tsumo is split between the two "
        "payers, half each before rounding."
    ),
    "sanma.dealer": _(
        "Three players: the dealer also pays the missing north player's share of a tsumo."
    ),
    # The dealer-pays rule when the dealer is the winner: no other dealer can take on the
    # share, so it is split as under the split rule (points.sanma_tsumo_rows).
    "sanma.dealer_own": _(
        "Three players: the dealer won, so no dealer is left to pay the missing north player's "
        "share; it is split between the two payers, half each before rounding."
    ),
    "han_total": _("{yaku_han} han from yaku + {dora_han} from dora = {han} han."),
    "han_yakuman": _("A yakuman hand: {count} yakuman, each a fixed limit of its own."),
    "han_yakuman.higher": _(
        "A yakuman hand: {count} yakuman, paid at its fixed value or as 13 han for each "
        "yakuman, whichever is higher."
    ),
    # Fu before han, as the tables and the seeds write a figure (30 fu 4 han, 30符4飜).
    "limit": _("{fu} fu {han} han reaches {limit}: base points {base}."),
    "limit.han": _("{han} han reaches {limit} whatever the fu: base points {base}."),
    "limit.yakuman": _("A yakuman is a fixed limit, whatever the fu and han: base points {base}."),
    "limit.yakuman_higher": _(
        "These rules pay a yakuman the higher of its fixed value and its value counted as 13 "
        "han for each yakuman: here the fixed value is higher, base points {base}."
    ),
    "limit.none": _("Below the limits: base points come from the formula."),
    "limit.aotenjou": _("Aotenjou has no limits: base points come from the formula."),
    "limit.aotenjou_higher": _(
        "These rules pay a yakuman the higher of its fixed value and its value counted as 13 "
        "han for each yakuman: here {han} han is higher, and with no limits (aotenjou) base "
        "points come from the formula."
    ),
    # No "^": the power of two is written out, then named in words.
    "base_points": _("Base points = {fu} × {power} (2 to the power of {han} han + 2) = {base}."),
    "payment": _("{payer_name} pays {multiplier} × {base} = {raw}, rounded up to {amount}."),
    "payment.exact": _("{payer_name} pays {multiplier} × {base} = {amount}."),
    "honba": _("{honba} honba: +{honba_total} ({per_payer} from each payer)."),
    "honba.ron": _("{honba} honba: +{honba_total}, all paid by the discarder."),
    "wareme.winner": _("Wareme: the winner sits at the wareme, so every payment is doubled."),
    "wareme.payer": _("Wareme: the payer at the wareme ({seat}) pays double, after the honba."),
    "wareme.none": _(
        "Wareme: the player at the wareme ({seat}) neither won nor dealt in: nothing doubles."
    ),
    "wareme.unknown": _(
        "Wareme: the player at the wareme ({seat}) pays double if they dealt in; who dealt in "
        "was not given, so nothing is doubled here."
    ),
    "pao.tsumo": _(
        "Responsibility payment (pao): {seat} let the last set of this yakuman be called, so on "
        "a tsumo {seat} pays it all: {amount}."
    ),
    "pao.ron": _(
        "Responsibility payment (pao): {seat} let the last set of this yakuman be called, so "
        "{seat} pays half the hand's value ({amount}) and the discarder the rest."
    ),
    "pao.discarder": _(
        "Responsibility payment (pao): {seat} let the last set of this yakuman be called and "
        "also dealt in, so {seat} pays it all as the discarder."
    ),
    "double_ron": _(
        "Double ron: the other winner sits nearer the discarder and collects the honba and the "
        "riichi sticks; this winner collects neither."
    ),
    "sticks": _("{sticks} riichi sticks on the table: +{points} to the winner."),
    "sticks.one": _("1 riichi stick on the table: +{points} to the winner."),
    "total": _("The winner collects {total}."),
    "total.sticks": _(
        "The winner collects {collected}: {total} in payments plus {sticks} from the riichi sticks."
    ),
}

#: The sentence the double-wind pair's fu step uses instead of its fu rule.
DOUBLE_WIND: Final = _(
    "The pair is also the round wind; these rules count a double-wind pair as {double_wind_fu} fu."
)

# Filling a sentence. A step is built as data first (its kind, tiles and numbers, in the order
# the result shows them); its ``text`` is then filled from it. Every template is cut once, when
# the module loads, into its constant pieces and the names of its fields, so that hand after hand
# only the values are turned into text: a fixed sentence is used as it stands, and most others
# are a few concatenations.

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


def _pieces(template: str) -> tuple[str, ...]:
    pieces = _PIECES.get(template)
    if pieces is None:
        pieces = _PIECES[template] = _split(template)
    return pieces


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
    pieces = _PIECES.get(template)
    if pieces is None:
        pieces = _PIECES[template] = _split(template)
    count = len(pieces)
    if count == 1:  # a fixed sentence
        return pieces[0]
    if count == 3:  # one field
        return pieces[0] + _shown(step[pieces[1]]) + pieces[2]
    if not count:
        return template.format_map({key: _shown(value) for key, value in step.items()})
    parts = [pieces[0]]
    index = 1
    while index < count:
        parts.append(_shown(step[pieces[index]]))
        parts.append(pieces[index + 1])
        index += 2
    return "".join(parts)


#: Sentences filled in this round, by template and the values of its fields (the key a tuple:
#: the template, then each field's value in the template's order). Most hands share their
#: numbers (a 30 fu total, a 1000-point payment, a dora count), so most steps find theirs here.
#: Emptied by :func:`clear_caches` (the engine's ``clear_caches``) and whenever it grows past
#: :data:`_SENTENCES_MAX` entries.
_SENTENCES: dict[tuple[object, ...], str] = {}
_SENTENCES_MAX: Final = 8192


#: Steps already written in this round whose every field but ``tiles`` follows from a few
#: numbers and words (a fu line, a dora count, the han and fu totals, a payment, the total), by
#: those values (a tuple, its first item the step's kind). A result gets a copy with its own
#: ``tiles`` list, so no two results share a mutable part and these stay as written. Their own
#: ``tiles`` is None: holding only numbers and words, they are left out of the garbage
#: collector's passes. Emptied like :data:`_SENTENCES`.
_STEPS: dict[tuple[object, ...], Step] = {}


def _keep(key: tuple[object, ...], step: Step, text: str) -> Step:
    """``step`` with its ``text``, remembered under ``key`` (see :data:`_STEPS`)."""
    step["text"] = text
    if len(_STEPS) >= _SENTENCES_MAX:
        _STEPS.clear()
    _STEPS[key] = step
    return step


def _copy(ready: Step) -> Step:
    """A remembered step for one result: a copy with a fresh, empty ``tiles`` list."""
    step = ready.copy()
    step["tiles"] = []
    return step


def clear_caches() -> None:
    """Forget the sentences and steps already written (:data:`_SENTENCES`, :data:`_STEPS`)."""
    _SENTENCES.clear()
    _STEPS.clear()


def said(template: str, step: Step) -> str:
    """:func:`fill`, remembered by the values of the template's fields.

    Only for steps whose fields are numbers and words (no tile lists, no booleans: ``True``
    and ``1`` are equal keys but read differently)."""
    pieces = _PIECES.get(template)
    if pieces is None:
        pieces = _PIECES[template] = _split(template)
    count = len(pieces)
    key: tuple[object, ...]
    if count == 1:
        return pieces[0]
    if count == 3:
        key = (template, step[pieces[1]])
    elif count == 5:
        key = (template, step[pieces[1]], step[pieces[3]])
    elif count == 7:
        key = (template, step[pieces[1]], step[pieces[3]], step[pieces[5]])
    elif count == 9:
        key = (template, step[pieces[1]], step[pieces[3]], step[pieces[5]], step[pieces[7]])
    elif count == 11:
        key = (
            template,
            step[pieces[1]],
            step[pieces[3]],
            step[pieces[5]],
            step[pieces[7]],
            step[pieces[9]],
        )
    else:
        return fill(template, step)
    text = _SENTENCES.get(key)
    if text is None:
        if len(_SENTENCES) >= _SENTENCES_MAX:
            _SENTENCES.clear()
        text = _SENTENCES[key] = fill(template, step)
    return text


#: Every sentence template of the trace that has no field (its sentence is itself).
_FIXED: Final = frozenset(
    template
    for template in (*TEXT.values(), *REASONS.values(), *(why for _, why in FU_RULES.values()))
    if len(_pieces(template)) == 1
)


def _shape_name(shape: Shape) -> str:
    """A shape's value, by identity (the enum's ``value`` property runs Python code)."""
    if shape is Shape.SEQUENCE:
        return "sequence"
    if shape is Shape.TRIPLET:
        return "triplet"
    return str(shape)


def _block(block: Block) -> dict[str, object]:
    return {
        "shape": _shape_name(block.shape),
        "tiles": list(block.tiles),
        "called": block.called,
        "open": block.open,
        "concealed": block.concealed,
        "meld": block.meld.notation() if block.meld else None,
    }


def reading_summary(candidate: Candidate) -> dict[str, object]:
    """A compact description of one valued reading (for alternatives)."""
    reading = candidate.reading
    return {
        "form": reading.form,
        "blocks": [_block(b) for b in reading.blocks],
        "pairs": [list(p) for p in reading.pairs],
        "wait": str(reading.wait),
        "han": candidate.han,
        "fu": candidate.fu,
        "yakuman": candidate.yakuman,
        "total": candidate.payments.total,
        "no_yaku": candidate.no_yaku,
        "yaku": [h.id for h in candidate.yaku],
    }


def _wait_tiles(reading: Reading, win: str) -> tuple[str, ...]:
    if reading.win_block is not None:
        return reading.blocks[reading.win_block].tiles
    if reading.form == "kokushi":
        return tuple(t for p in reading.pairs for t in p)
    kind = kind_of(win)
    return next((p for p in reading.pairs if kind_of(p[0]) == kind), (win,))


_YAKUHAI: Final = frozenset(("haku", "hatsu", "chun", "seat_wind", "round_wind", "north_wind"))


class _Absent:
    """How to write the "why not" step of one reason: a ready-made step (copied, then given its
    own ``tiles`` list and, when the sentence shows the tiles, its ``text``) and the sentence's
    constant parts around the tiles."""

    __slots__ = ("fixed", "prefix", "ready", "suffix", "tiles_only", "yaku_id")

    def __init__(self, yaku_id: str, name: str, reason: str) -> None:
        why = REASONS[reason]
        pieces = _pieces(why)
        self.yaku_id = yaku_id
        #: The sentence has no field: ``ready["text"]`` is already the whole sentence.
        self.fixed = len(pieces) == 1
        #: The sentence shows only the tiles, once: prefix + tiles + suffix.
        self.tiles_only = len(pieces) == 3 and pieces[1] == "tiles"
        self.prefix = "No " + name + ": " + pieces[0] if self.tiles_only else ""
        self.suffix = pieces[2] if self.tiles_only else ""
        self.ready: Step = {
            "step": "yaku_absent",
            "tiles": None,
            "id": yaku_id,
            "name": name,
            "reason": reason,
            "why": why,
            "text": "No " + name + ": " + why if self.fixed else "",
        }


def _absent_table() -> dict[str, _Absent]:
    """One :class:`_Absent` per reason a shown "why not" step can give (the common yaku's, by
    their prefix, and the value tiles')."""
    table: dict[str, _Absent] = {}
    for definition in YAKU:
        if definition.common:
            for reason in REASONS:
                if reason.startswith(definition.id + ".") and not reason.endswith(".holds"):
                    table[reason] = _Absent(definition.id, definition.name, reason)
    table["yakuhai.pair_only"] = _Absent("yakuhai", "Yakuhai", "yakuhai.pair_only")
    table["yakuhai.none"] = _Absent("yakuhai", "Yakuhai", "yakuhai.none")
    return table


_ABSENT: Final = _absent_table()


def _absent(yaku_id: str, name: str, reason: str, tiles: tuple[str, ...]) -> Step:
    known = _ABSENT.get(reason)
    if known is not None and known.yaku_id == yaku_id:
        if known.fixed:
            step = known.ready.copy()
            step["tiles"] = list(tiles)
            return step
        if known.tiles_only:
            step = known.ready.copy()
            step["tiles"] = list(tiles)
            step["text"] = known.prefix + " ".join(tiles) + known.suffix
            return step
    why = REASONS[reason]
    step = {
        "step": "yaku_absent",
        "tiles": list(tiles),
        "id": yaku_id,
        "name": name,
        "reason": reason,
        "why": why,
    }
    step["text"] = "No " + name + ": " + fill(why, step)
    return step


def _absent_steps(request: Request, best: Candidate, steps: list[Step]) -> None:
    """The common yaku that do not hold, each with its reason, added to ``steps``; value tiles
    grouped as yakuhai."""
    scored: set[str] = set()
    yakuhai = False  # a value-tile triplet scored
    for hit in best.yaku:
        scored.add(hit.id)
        if hit.id in _YAKUHAI:
            yakuhai = True
    # Judge again in explaining mode (scoring skipped working out the tiles behind each "no"),
    # on the facts scoring already gathered for this reading (its Ctx).
    ctx = best.ctx if best.ctx is not None else Ctx(request, best.reading)
    ctx.explain = True
    for index in range(len(COMMON)):
        definition = COMMON[index]
        if definition.id in scored:
            continue
        holds, reason, tiles = judge_common(index, ctx)
        if not holds:
            steps.append(_absent(definition.id, definition.name, reason, tiles))
    if yakuhai:
        return
    # No value-tile triplet scored (one that holds always scores): the value-tile rows would
    # each say "only a pair" when the pair is a value tile, else "no triplet".
    if is_value_kind(ctx.pair, request):
        steps.append(_absent("yakuhai", "Yakuhai", "yakuhai.pair_only", ctx.pair_tiles()))
    else:
        steps.append(_absent("yakuhai", "Yakuhai", "yakuhai.none", ()))


def usual_fu(best: Candidate) -> int:
    """The fu a hand of this pattern usually has (seed 002's table): 40 for a closed ron, 30
    for a tsumo or an open hand."""
    return 40 if any(item.id == "closed_ron" for item in best.fu_items) else 30


def is_tenpane(best: Candidate) -> bool:
    """テンパネ, as seeds 000 and 002 use the word: the fu, after rounding, are above the
    pattern's usual 30 (40 for a closed ron), seed 002's "+α"; usually triplet or kan fu plus
    the small items, e.g. a tsumo with a concealed honour triplet, 20 + 2 + 8 + 2 = 32 -> 40,
    or seed 000's 42 -> 50. An ordinary 24 -> 30, or 38 -> 40 on a closed ron, is not.
    Seven pairs and pinfu have fixed fu and are never tenpane."""
    return best.reading.form == "standard" and best.fu > usual_fu(best)


def limit_key(limit: str, han: int) -> str:
    """The limit sentence: by fu and han below 5 han, by han alone from 5, fixed for yakuman."""
    if limit == "yakuman":
        return "limit.yakuman"
    return "limit" if han < 5 else "limit.han"


_PAYER_NAMES: Final = {
    "discarder": "The discarder",
    "dealer": "The dealer",
    "non_dealer": "Each non-dealer",
    "each": "Each other player",
}
_SANMA_PAYER_NAMES: Final = {**_PAYER_NAMES, "non_dealer": "The other non-dealer"}
_SEAT_NAMES: Final = ("East", "South", "West", "North")
_SHORT_WAITS: Final = ("kanchan", "penchan", "tanki")


def build_steps(result: Result) -> list[Step]:
    """Every step of the explanation, in the order a person would count the hand.

    Each step is a dict literal (its data, in the order the API shows it) whose ``text`` is
    then filled from it (:func:`fill`)."""
    r = result.request
    rules = r.rules
    best = result.best
    reading = best.reading
    how = "tsumo" if r.tsumo else "ron"
    why = TEXT["hand"]
    step: Step = {
        "step": "hand",
        "tiles": list(r.all_tiles),
        "hand": result.hand_text,
        "win": r.win,
        "how": how,
        "closed": r.is_closed,
        "dealer": r.is_dealer,
        "why": why,
    }
    step["text"] = fill(why, step)
    steps: list[Step] = [step]

    blocks = reading.blocks
    pair_tiles = [t for p in reading.pairs for t in p]
    reading_tiles = [t for b in blocks for t in b.tiles]
    reading_tiles.extend(pair_tiles)
    why = TEXT["reading." + reading.form]
    step = {
        "step": "reading",
        "tiles": reading_tiles,
        "sets": ", ".join([" ".join(b.tiles) for b in blocks]),
        "pair": " ".join(pair_tiles),
        "why": why,
    }
    step["text"] = fill(why, step)
    step["form"] = reading.form
    step["blocks"] = [_block(b) for b in blocks]
    step["pairs"] = [list(p) for p in reading.pairs]
    step["alternatives"] = [reading_summary(c) for c in result.others]
    steps.append(step)

    wait = str(reading.wait)
    why = TEXT["wait"]
    step = {
        "step": "wait",
        "tiles": list(_wait_tiles(reading, r.win)),
        "win": r.win,
        "wait": wait,
        "fu": 2 if wait in _SHORT_WAITS and reading.form == "standard" else 0,
        "why": why,
    }
    step["text"] = fill(why, step)
    steps.append(step)

    double_wind_fu = rules.double_wind_fu
    for item in best.fu_items:
        key: tuple[object, ...] = ("fu", item.id, item.fu, item.note, double_wind_fu)
        ready = _STEPS.get(key)
        if ready is None:
            why = DOUBLE_WIND if item.note == "double_wind" else FU_RULES[item.id][1]
            ready = {
                "step": "fu",
                "tiles": None,
                "id": item.id,
                "fu": item.fu,
                "note": item.note,
                "double_wind_fu": double_wind_fu,
                "why": why,
            }
            ready = _keep(key, ready, fill(why, ready))
        step = ready.copy()
        step["tiles"] = list(item.tiles)
        steps.append(step)

    tenpane = is_tenpane(best)
    usual = usual_fu(best)
    if reading.form == "chiitoitsu":
        template = "fu_total.chiitoitsu"
    elif best.fu_raw == best.fu:
        template = "fu_total.exact_tenpane" if tenpane else "fu_total.exact"
    elif tenpane:
        template = "fu_total.tenpane"
    else:
        template = "fu_total"
    key = (template, best.fu_raw, best.fu, usual)
    ready = _STEPS.get(key)
    if ready is None:
        why = TEXT[template]
        ready = {
            "step": "fu_total",
            "tiles": None,
            "raw": best.fu_raw,
            "fu": best.fu,
            "rounded_up": best.fu != best.fu_raw and reading.form != "chiitoitsu",
            "tenpane": tenpane,
            "usual": usual,
            "why": why,
        }
        ready = _keep(key, ready, fill(why, ready))
    steps.append(_copy(ready))

    closed = r.is_closed
    for hit in best.yaku:
        why = REASONS[hit.reason]
        if why in _FIXED:
            key = ("yaku", hit.id, hit.han, why, closed)
            ready = _STEPS.get(key)
            if ready is None:
                ready = _yaku_step(hit, why, closed)
                ready["tiles"] = None  # see _STEPS
                if len(_STEPS) >= _SENTENCES_MAX:
                    _STEPS.clear()
                _STEPS[key] = ready
            step = ready.copy()
            step["tiles"] = list(hit.tiles)
        else:  # the sentence shows the hit's tiles
            step = _yaku_step(hit, why, closed)
        steps.append(step)
    if not best.yakuman:
        _absent_steps(r, best, steps)

    counts_dora = not best.yakuman or best.policy == "13han"
    for dora in result.dora:
        if not dora.number and (dora.id == "aka_dora" or dora.id == "nuki_dora"):
            continue
        # Norths set aside (three players) are dora too when the indicator points at north.
        nuki = r.nuki if dora.dora == "4z" and dora.id != "nuki_dora" else 0
        key = ("dora", dora.id, dora.number, dora.indicator, dora.dora, counts_dora, nuki)
        ready = _STEPS.get(key)
        if ready is None:
            if nuki:
                why = TEXT[dora.id + ".nuki"]
            else:
                why = TEXT[dora.id + ".none" if not dora.number else dora.id]
            if dora.id == "aka_dora" or dora.id == "nuki_dora":
                ready = {
                    "step": "dora",
                    "tiles": None,
                    "id": dora.id,
                    "count": dora.number,
                    "counted": counts_dora,
                    "why": why,
                }
            else:
                ready = {
                    "step": "dora",
                    "tiles": None,
                    "id": dora.id,
                    "count": dora.number,
                    "indicator": dora.indicator,
                    "dora": dora.dora,
                    "counted": counts_dora,
                    "why": why,
                }
                if nuki:
                    ready["nuki"] = nuki
            ready = _keep(key, ready, fill(why, ready))
        step = ready.copy()
        step["tiles"] = list(dora.tiles)
        steps.append(step)
    if r.ura and not (r.riichi or r.double_riichi):
        why = TEXT["ura_unused"]
        step = {
            "step": "dora",
            "tiles": list(r.ura),
            "id": "ura_dora",
            "count": 0,
            "counted": False,
            "why": why,
        }
        step["text"] = fill(why, step)
        steps.append(step)

    yakuman_total = best.yakuman > 0 and best.policy != "13han"
    # Aotenjou's "higher of the two" policy: the fu and han decide which value is paid.
    higher = best.yakuman > 0 and rules.aotenjou and rules.aotenjou_yakuman == "higher"
    key = ("han_total", yakuman_total, best.han, best.yakuman, best.dora_han, higher)
    ready = _STEPS.get(key)
    if ready is None:
        if yakuman_total:
            why = TEXT["han_yakuman.higher" if higher else "han_yakuman"]
            ready = {
                "step": "han_total",
                "tiles": None,
                "han": best.han,
                "count": best.yakuman,
                "yaku_han": best.han,
                "dora_han": 0,
                "why": why,
            }
        else:
            why = TEXT["han_total"]
            ready = {
                "step": "han_total",
                "tiles": None,
                "han": best.han,
                "yaku_han": best.han - best.dora_han,
                "dora_han": best.dora_han,
                "why": why,
            }
        ready = _keep(key, ready, fill(why, ready))
    steps.append(_copy(ready))

    key = ("limit", best.limit, best.han, best.fu, best.base, rules.aotenjou, higher)
    ready = _STEPS.get(key)
    if ready is None:
        if best.limit:
            raw_base = base_points(best.fu, best.han)
            why = TEXT["limit.yakuman_higher" if higher else limit_key(best.limit, best.han)]
            ready = {
                "step": "limit",
                "tiles": None,
                "limit": best.limit,
                "han": best.han,
                "fu": best.fu,
                "base": best.base,
                "formula_base": raw_base,
                "kiriage": best.limit == "mangan" and raw_base == 1920,
                "why": why,
            }
        else:
            if higher:
                why = TEXT["limit.aotenjou_higher"]
            else:
                why = TEXT["limit.aotenjou" if rules.aotenjou else "limit.none"]
            ready = {
                "step": "limit",
                "tiles": None,
                "limit": None,
                "han": best.han,
                "base": best.base,
                "why": why,
            }
        ready = _keep(key, ready, fill(why, ready))
    steps.append(_copy(ready))
    if not best.limit:
        key = ("base_points", best.fu, best.han, best.base)
        ready = _STEPS.get(key)
        if ready is None:
            why = TEXT["base_points"]
            ready = {
                "step": "base_points",
                "tiles": None,
                "fu": best.fu,
                "han": best.han,
                "power": 2 ** (best.han + 2),
                "base": best.base,
                "why": why,
            }
            ready = _keep(key, ready, fill(why, ready))
        steps.append(_copy(ready))

    rows: Sequence[tuple[str, object, int, int]]
    names = _SANMA_PAYER_NAMES if rules.sanma else _PAYER_NAMES
    if rules.sanma and r.tsumo:
        rows = sanma_tsumo_rows(best.base, r.is_dealer, rules.sanma_tsumo)
        absent = (2 if r.is_dealer else 1) * best.base
        mode = rules.sanma_tsumo
        why = TEXT["sanma.dealer_own" if mode == "dealer" and r.is_dealer else "sanma." + mode]
        step = {
            "step": "payment_rule",
            "tiles": [],
            "rule": rules.sanma_tsumo,
            "players": 3,
            "absent": ceil100(absent),
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    else:
        rows = raw_payments(best.base, r.is_dealer, r.tsumo)
    base = best.base
    for payer, multiplier, raw, amount in rows:
        name = names[payer]
        key = ("payment", name, multiplier, base, raw, amount)
        ready = _STEPS.get(key)
        if ready is None:
            why = TEXT["payment" if raw != amount else "payment.exact"]
            ready = {
                "step": "payment",
                "tiles": None,
                "payer": payer,
                "payer_name": name,
                "multiplier": multiplier,
                "base": base,
                "raw": raw,
                "amount": amount,
                "rounded_up": raw != amount,
                "why": why,
            }
            ready = _keep(key, ready, fill(why, ready))
        steps.append(_copy(ready))

    payments = best.payments
    if r.pao is not None:
        if payments.pao is None:
            template = "pao.discarder"
        else:
            template = "pao.tsumo" if r.tsumo else "pao.ron"
        why = TEXT[template]
        step = {
            "step": "pao",
            "tiles": [],
            "seat": _SEAT_NAMES[r.pao - 27],
            "pao": template[4:],
            "amount": payments.pao if payments.pao is not None else payments.ron,
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    if r.ron_order != 1:
        why = TEXT["double_ron"]
        step = {
            "step": "double_ron",
            "tiles": [],
            "ron_order": r.ron_order,
            "honba": r.honba,
            "sticks": r.sticks,
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    if r.honba and r.ron_order == 1:
        why = TEXT["honba" if r.tsumo else "honba.ron"]
        step = {
            "step": "honba",
            "tiles": [],
            "honba": r.honba,
            "honba_total": payments.honba,
            "per_payer": rules.honba_points // 3 * r.honba if r.tsumo else payments.honba,
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    if r.wareme is not None and rules.wareme:
        if r.wareme == r.seat:
            template = "wareme.winner"
        elif r.tsumo or r.discarder == r.wareme:
            template = "wareme.payer"
        elif r.discarder is None:
            template = "wareme.unknown"
        else:
            template = "wareme.none"
        why = TEXT[template]
        step = {
            "step": "wareme",
            "tiles": [],
            "seat": _SEAT_NAMES[r.wareme - 27],  # 27: East, as in points.pay
            "wareme": template[7:],
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    if r.sticks and r.ron_order == 1:
        why = TEXT["sticks" if r.sticks > 1 else "sticks.one"]
        step = {
            "step": "sticks",
            "tiles": [],
            "sticks": r.sticks,
            "points": payments.sticks,
            "why": why,
        }
        step["text"] = said(why, step)
        steps.append(step)
    key = (
        "total",
        payments.total,
        payments.ron,
        payments.tsumo_dealer,
        payments.tsumo_others,
        payments.sticks,
    )
    ready = _STEPS.get(key)
    if ready is None:
        why = TEXT["total.sticks" if payments.sticks else "total"]
        ready = {
            "step": "total",
            "tiles": None,
            "collected": payments.total + payments.sticks,
            "total": payments.total,
            "ron": payments.ron,
            "tsumo_dealer": payments.tsumo_dealer,
            "tsumo_others": payments.tsumo_others,
            "sticks": payments.sticks,
            "why": why,
        }
        ready = _keep(key, ready, fill(why, ready))
    steps.append(_copy(ready))
    return steps


def _yaku_step(hit: YakuHit, why: str, closed: bool) -> Step:
    definition = YAKU_BY_ID[hit.id]
    name = definition.name
    step: Step = {
        "step": "yaku",
        "tiles": list(hit.tiles),
        "id": hit.id,
        "han": hit.han,
        "name": name,
        "yakuman": definition.yakuman,
        "kuisagari": not closed and 0 < definition.open_han < definition.closed_han,
        "why": why,
    }
    because = why if why in _FIXED else fill(why, step)
    step["text"] = name + " (" + str(hit.han) + " han): " + because
    return step
