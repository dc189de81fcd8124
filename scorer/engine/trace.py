"""The ordered explanation of a result: data (ids, tiles, numbers) plus an English sentence.

Each step is one of the typed steps of :mod:`scorer.engine.steps` (one class per kind), built
here by one small function per kind and written out as the API.md dict: ``step`` (its kind), the
tiles it is about (``tiles``), its numbers, a ``why`` sentence template from the rule tables and
``text``, that template filled in English. The tutor translates ``why`` and fills it again.

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
from typing import TYPE_CHECKING, Final

from .fu import FU_RULES
from .hand import Block, Reading, Shape
from .points import base_points, ceil100, raw_payments, sanma_tsumo_rows
from .steps import (
    _SENTENCES,
    SENTENCES_MAX,
    BasePointsStep,
    DoraStep,
    DoubleRonStep,
    FuStep,
    FuTotalStep,
    HandStep,
    HanTotalStep,
    HonbaStep,
    LimitStep,
    PaoStep,
    PaymentRuleStep,
    PaymentStep,
    ReadingStep,
    Step,
    SticksStep,
    TotalStep,
    WaitStep,
    WaremeStep,
    YakuAbsentStep,
    YakuStep,
    clear_sentences,
    fill,
    pieces,
    said,
)
from .tiles import kind_of
from .yaku import COMMON, REASONS, YAKU, YAKU_BY_ID, Ctx, is_value_kind, judge_common
from .yaku import gettext_noop as _

if TYPE_CHECKING:
    from .request import Request
    from .score import Candidate, Result, YakuHit

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
    # The whole exponent in brackets, so that it cannot be read as 2^han + 2 (issue 28); no
    # "^", notation a reader does not write (issue 19).
    "base_points": _(
        "Base points = {fu} × 2 to the power of ({han} + 2) = {fu} × {power} = {base}."
    ),
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

#: Steps already written in this round whose every field but ``tiles`` follows from a few
#: numbers and words (a fu line, a dora count, the han and fu totals, a payment, the total), by
#: those values (a tuple, its first item the step's kind). A result gets a copy with its own
#: ``tiles`` list, so no two results share a mutable part and these stay as written. Their own
#: ``tiles`` is None: holding only numbers and words, they are left out of the garbage
#: collector's passes. Emptied with the sentences (:func:`clear_caches`) and whenever it grows
#: past ``SENTENCES_MAX`` entries.
_STEPS: dict[tuple[object, ...], Step] = {}

__all__ = ["TEXT", "_SENTENCES", "build_steps", "clear_caches", "fill", "said"]


def _keep(key: tuple[object, ...], step: Step) -> Step:
    """``step`` (written out, ``text`` included), remembered under ``key`` (see :data:`_STEPS`)."""
    step["tiles"] = None
    if len(_STEPS) >= SENTENCES_MAX:
        _STEPS.clear()
    _STEPS[key] = step
    return step


def _copy(ready: Step, tiles: Sequence[str] = ()) -> Step:
    """A remembered step for one result: a copy with its own ``tiles`` list."""
    step = ready.copy()
    step["tiles"] = list(tiles)
    return step


def clear_caches() -> None:
    """Forget the sentences and steps already written (``_SENTENCES``, :data:`_STEPS`)."""
    clear_sentences()
    _STEPS.clear()


#: Every sentence template of the trace that has no field (its sentence is itself).
_FIXED: Final = frozenset(
    template
    for template in (*TEXT.values(), *REASONS.values(), *(why for _, why in FU_RULES.values()))
    if len(pieces(template)) == 1
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
        cut = pieces(why)
        self.yaku_id = yaku_id
        #: The sentence has no field: ``ready["text"]`` is already the whole sentence.
        self.fixed = len(cut) == 1
        #: The sentence shows only the tiles, once: prefix + tiles + suffix.
        self.tiles_only = len(cut) == 3 and cut[1] == "tiles"
        self.prefix = "No " + name + ": " + cut[0] if self.tiles_only else ""
        self.suffix = cut[2] if self.tiles_only else ""
        #: The step as written (its ``text`` right when :attr:`fixed`), ``tiles`` None.
        self.ready: Step = YakuAbsentStep((), yaku_id, name, reason, why).as_dict()
        self.ready["tiles"] = None


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
    return YakuAbsentStep(tiles, yaku_id, name, reason, REASONS[reason]).as_dict()


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
    Seven pairs and pinfu have fixed fu and are never tenpane; nor is a yakuman, whose fu
    change nothing."""
    return best.reading.form == "standard" and not best.yakuman and best.fu > usual_fu(best)


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
    """Every step of the explanation, in the order a person would count the hand: one builder
    per kind, each writing its typed step (:mod:`scorer.engine.steps`) out as the API's dict."""
    r = result.request
    best = result.best
    steps: list[Step] = [_hand_step(result), _reading_step(result), _wait_step(result)]
    _fu_steps(result, steps)
    steps.append(_fu_total_step(best))
    _yaku_steps(result, steps)
    if not best.yakuman:
        _absent_steps(r, best, steps)
    _dora_steps(result, steps)
    higher = best.yakuman > 0 and r.rules.aotenjou and r.rules.aotenjou_yakuman == "higher"
    steps.append(_han_total_step(result, higher))
    steps.append(_limit_step(result, higher))
    if not best.limit:
        steps.append(_base_points_step(best.fu, best.han, best.base))
    _payment_steps(result, steps)
    if r.pao is not None:
        steps.append(_pao_step(result, r.pao))
    if r.ron_order != 1:
        steps.append(DoubleRonStep(r.ron_order, r.honba, r.sticks, TEXT["double_ron"]).as_dict())
    if r.honba and r.ron_order == 1:
        steps.append(_honba_step(result))
    if r.wareme is not None and r.rules.wareme:
        steps.append(_wareme_step(result, r.wareme))
    if r.sticks and r.ron_order == 1:
        why = TEXT["sticks" if r.sticks > 1 else "sticks.one"]
        steps.append(SticksStep(r.sticks, best.payments.sticks, why).as_dict())
    steps.append(_total_step(result))
    return steps


# ----------------------------------------------------------------------------- the hand


def _hand_step(result: Result) -> Step:
    r = result.request
    return HandStep(
        tiles=r.all_tiles,
        hand=result.hand_text,
        win=r.win,
        how="tsumo" if r.tsumo else "ron",
        closed=r.is_closed,
        dealer=r.is_dealer,
        why=TEXT["hand"],
    ).as_dict()


def _reading_step(result: Result) -> Step:
    reading = result.best.reading
    blocks = reading.blocks
    pair_tiles = [t for p in reading.pairs for t in p]
    reading_tiles = [t for b in blocks for t in b.tiles]
    reading_tiles.extend(pair_tiles)
    return ReadingStep(
        tiles=reading_tiles,
        sets=", ".join([" ".join(b.tiles) for b in blocks]),
        pair=" ".join(pair_tiles),
        why=TEXT["reading." + reading.form],
        form=reading.form,
        blocks=[_block(b) for b in blocks],
        pairs=[list(p) for p in reading.pairs],
        alternatives=[reading_summary(c) for c in result.others],
    ).as_dict()


def _wait_step(result: Result) -> Step:
    reading = result.best.reading
    win = result.request.win
    wait = str(reading.wait)
    return WaitStep(
        tiles=_wait_tiles(reading, win),
        win=win,
        wait=wait,
        fu=2 if wait in _SHORT_WAITS and reading.form == "standard" else 0,
        why=TEXT["wait"],
    ).as_dict()


# ----------------------------------------------------------------------------- fu


def _fu_steps(result: Result, steps: list[Step]) -> None:
    double_wind_fu = result.request.rules.double_wind_fu
    for item in result.best.fu_items:
        key: tuple[object, ...] = ("fu", item.id, item.fu, item.note, double_wind_fu)
        ready = _STEPS.get(key)
        if ready is None:
            why = DOUBLE_WIND if item.note == "double_wind" else FU_RULES[item.id][1]
            step = FuStep((), item.id, item.fu, item.note, double_wind_fu, why)
            ready = _keep(key, step.as_dict())
        steps.append(_copy(ready, item.tiles))


def _fu_total_step(best: Candidate) -> Step:
    tenpane = is_tenpane(best)
    usual = usual_fu(best)
    chiitoitsu = best.reading.form == "chiitoitsu"
    if chiitoitsu:
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
        rounded_up = best.fu != best.fu_raw and not chiitoitsu
        step = FuTotalStep(best.fu_raw, best.fu, rounded_up, tenpane, usual, TEXT[template])
        ready = _keep(key, step.as_dict())
    return _copy(ready)


# ----------------------------------------------------------------------------- yaku and dora


def _yaku_steps(result: Result, steps: list[Step]) -> None:
    closed = result.request.is_closed
    for hit in result.best.yaku:
        why = REASONS[hit.reason]
        if why not in _FIXED:  # the sentence shows the hit's tiles
            steps.append(_yaku_step(hit, hit.tiles, why, closed))
            continue
        key = ("yaku", hit.id, hit.han, why, closed)
        ready = _STEPS.get(key)
        if ready is None:
            ready = _keep(key, _yaku_step(hit, (), why, closed))
        steps.append(_copy(ready, hit.tiles))


def _yaku_step(hit: YakuHit, tiles: tuple[str, ...], why: str, closed: bool) -> Step:
    definition = YAKU_BY_ID[hit.id]
    kuisagari = not closed and 0 < definition.open_han < definition.closed_han
    step = YakuStep(tiles, hit.id, hit.han, definition.name, definition.yakuman, kuisagari, why)
    return step.as_dict()


def _dora_steps(result: Result, steps: list[Step]) -> None:
    r = result.request
    best = result.best
    counted = not best.yakuman or best.policy == "13han"
    for dora in result.dora:
        unindicated = dora.id == "aka_dora" or dora.id == "nuki_dora"
        if not dora.number and unindicated:
            continue
        # Norths set aside (three players) are dora too when the indicator points at north.
        nuki = r.nuki if dora.dora == "4z" and dora.id != "nuki_dora" else 0
        key = ("dora", dora.id, dora.number, dora.indicator, dora.dora, counted, nuki)
        ready = _STEPS.get(key)
        if ready is None:
            if nuki:
                why = TEXT[dora.id + ".nuki"]
            else:
                why = TEXT[dora.id + ".none" if not dora.number else dora.id]
            indicator = None if unindicated else dora.indicator
            shown = None if unindicated else dora.dora
            step = DoraStep((), dora.id, dora.number, indicator, shown, counted, why, nuki)
            ready = _keep(key, step.as_dict())
        steps.append(_copy(ready, dora.tiles))
    if r.ura and not (r.riichi or r.double_riichi):
        why = TEXT["ura_unused"]
        steps.append(DoraStep(r.ura, "ura_dora", 0, None, None, False, why, 0).as_dict())


def _han_total_step(result: Result, higher: bool) -> Step:
    best = result.best
    yakuman_total = best.yakuman > 0 and best.policy != "13han"
    key = ("han_total", yakuman_total, best.han, best.yakuman, best.dora_han, higher)
    ready = _STEPS.get(key)
    if ready is None:
        if yakuman_total:
            why = TEXT["han_yakuman.higher" if higher else "han_yakuman"]
            step = HanTotalStep(best.han, best.yakuman, best.han, 0, why)
        else:
            yaku_han = best.han - best.dora_han
            step = HanTotalStep(best.han, None, yaku_han, best.dora_han, TEXT["han_total"])
        ready = _keep(key, step.as_dict())
    return _copy(ready)


# ----------------------------------------------------------------------------- points


def _limit_step(result: Result, higher: bool) -> Step:
    best = result.best
    aotenjou = result.request.rules.aotenjou
    key = ("limit", best.limit, best.han, best.fu, best.base, aotenjou, higher)
    ready = _STEPS.get(key)
    if ready is None:
        if best.limit:
            raw_base = base_points(best.fu, best.han)
            why = TEXT["limit.yakuman_higher" if higher else limit_key(best.limit, best.han)]
            kiriage = best.limit == "mangan" and raw_base == 1920
            step = LimitStep(best.limit, best.han, best.fu, best.base, raw_base, kiriage, why)
        else:
            if higher:
                why = TEXT["limit.aotenjou_higher"]
            else:
                why = TEXT["limit.aotenjou" if aotenjou else "limit.none"]
            step = LimitStep(None, best.han, None, best.base, None, None, why)
        ready = _keep(key, step.as_dict())
    return _copy(ready)


def _base_points_step(fu: int, han: int, base: int) -> Step:
    key = ("base_points", fu, han, base)
    ready = _STEPS.get(key)
    if ready is None:
        step = BasePointsStep(fu, han, 2 ** (han + 2), base, TEXT["base_points"])
        ready = _keep(key, step.as_dict())
    return _copy(ready)


def _payment_steps(result: Result, steps: list[Step]) -> None:
    """The payment rule of a three-player tsumo, then one step per kind of payer."""
    r = result.request
    rules = r.rules
    base = result.best.base
    rows: Sequence[tuple[str, object, int, int]]
    names = _SANMA_PAYER_NAMES if rules.sanma else _PAYER_NAMES
    if rules.sanma and r.tsumo:
        rows = sanma_tsumo_rows(base, r.is_dealer, rules.sanma_tsumo)
        absent = ceil100((2 if r.is_dealer else 1) * base)
        mode = rules.sanma_tsumo
        why = TEXT["sanma.dealer_own" if mode == "dealer" and r.is_dealer else "sanma." + mode]
        steps.append(PaymentRuleStep(mode, 3, absent, why).as_dict())
    else:
        rows = raw_payments(base, r.is_dealer, r.tsumo)
    for payer, multiplier, raw, amount in rows:
        name = names[payer]
        key = ("payment", name, multiplier, base, raw, amount)
        ready = _STEPS.get(key)
        if ready is None:
            why = TEXT["payment" if raw != amount else "payment.exact"]
            step = PaymentStep(payer, name, multiplier, base, raw, amount, raw != amount, why)
            ready = _keep(key, step.as_dict())
        steps.append(_copy(ready))


def _pao_step(result: Result, pao: int) -> Step:
    r = result.request
    payments = result.best.payments
    if payments.pao is None:
        template = "pao.discarder"
    elif r.tsumo:
        template = "pao.tsumo"
    else:
        template = "pao.ron"
    amount = payments.pao if payments.pao is not None else payments.ron
    return PaoStep(_SEAT_NAMES[pao - 27], template[4:], amount, TEXT[template]).as_dict()


def _honba_step(result: Result) -> Step:
    r = result.request
    total = result.best.payments.honba
    per_payer = r.rules.honba_points // 3 * r.honba if r.tsumo else total
    why = TEXT["honba" if r.tsumo else "honba.ron"]
    return HonbaStep(r.honba, total, per_payer, why).as_dict()


def _wareme_step(result: Result, wareme: int) -> Step:
    r = result.request
    if wareme == r.seat:
        template = "wareme.winner"
    elif r.tsumo or r.discarder == wareme:
        template = "wareme.payer"
    elif r.discarder is None:
        template = "wareme.unknown"
    else:
        template = "wareme.none"
    seat = _SEAT_NAMES[wareme - 27]  # 27: East, as in points.pay
    return WaremeStep(seat, template[7:], TEXT[template]).as_dict()


def _total_step(result: Result) -> Step:
    p = result.best.payments
    key = ("total", p.total, p.ron, p.tsumo_dealer, p.tsumo_others, p.sticks)
    ready = _STEPS.get(key)
    if ready is None:
        why = TEXT["total.sticks" if p.sticks else "total"]
        step = TotalStep(
            p.total + p.sticks, p.total, p.ron, p.tsumo_dealer, p.tsumo_others, p.sticks, why
        )
        ready = _keep(key, step.as_dict())
    return _copy(ready)
