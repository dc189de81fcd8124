"""The ordered explanation of a result: data (ids, tiles, numbers) plus an English sentence.

Each step is a dict with ``step`` (its kind), the tiles it is about (``tiles``), its numbers, a
``why`` sentence template from the rule tables and the ``params`` that fill it, and ``text``: the
English sentence already filled in. The tutor translates ``why`` and fills it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .fu import FU_RULES, round_up_10
from .hand import Block, Reading
from .points import base_points, ceil100, raw_payments, sanma_tsumo_rows
from .tiles import kind_of
from .yaku import REASONS, YAKU, YAKU_BY_ID, Ctx
from .yaku import gettext_noop as _

if TYPE_CHECKING:
    from .request import Request
    from .score import Candidate, Result

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
        "{raw} fu in all, rounded up to {fu}: the 2-fu items pushed it over a ten, past the "
        "usual 30 (40 for a closed ron). This is tenpane."
    ),
    "yakuman_fu": _("Fu do not change a yakuman's value; counted here for completeness."),
    "dora": _("Indicator {indicator} makes {dora} the dora: {count} in the hand."),
    "ura_dora": _("Ura indicator {indicator} makes {dora} the ura dora: {count} in the hand."),
    "ura_unused": _("Ura dora only count after a riichi; these indicators count nothing."),
    "aka_dora": _("Red fives: {count} in the hand, 1 han each."),
    "nuki_dora": _(
        "{count} north tile(s) set aside (kita): nuki dora, 1 han each. They are not part of "
        "the hand's shape."
    ),
    "sanma.loss": _(
        "Three players: nobody sits north, and the north player's share of a tsumo is not paid "
        "(tsumo loss): {absent} fewer than with four players."
    ),
    "sanma.split": _(
        "Three players: the missing north player's share of a tsumo is split between the two "
        "payers, half each before rounding."
    ),
    "sanma.dealer": _(
        "Three players: the dealer also pays the missing north player's share of a tsumo."
    ),
    "han_total": _("{yaku_han} han from yaku + {dora_han} from dora = {han} han."),
    "han_yakuman": _("A yakuman hand: {count} yakuman, each a fixed limit of its own."),
    "limit": _("{han} han {fu} fu reaches {limit}: base points {base}."),
    "limit.han": _("{han} han reaches {limit} whatever the fu: base points {base}."),
    "limit.yakuman": _("A yakuman is a fixed limit, whatever the fu and han: base points {base}."),
    "limit.none": _("Below the limits: base points come from the formula."),
    "base_points": _("Base points = {fu} x 2^({han}+2) = {base}."),
    "payment": _("{payer_name} pays {multiplier} x {base} = {raw}, rounded up to {amount}."),
    "payment.exact": _("{payer_name} pays {multiplier} x {base} = {amount}."),
    "honba": _("{honba} honba: +{honba_total} ({per_payer} from each payer)."),
    "honba.ron": _("{honba} honba: +{honba_total}, all paid by the discarder."),
    "wareme.winner": _("Wareme: the winner sits at the wareme, so every payment is doubled."),
    "wareme.payer": _("Wareme: the payer at the wareme ({seat}) pays double, after the honba."),
    "wareme.none": _(
        "Wareme: the player at the wareme ({seat}) neither won nor dealt in: nothing doubles."
    ),
    "sticks": _("{sticks} riichi sticks on the table: +{points} to the winner."),
    "sticks.one": _("1 riichi stick on the table: +{points} to the winner."),
    "total": _("The winner collects {total}."),
    "total.sticks": _(
        "The winner collects {collected}: {total} in payments plus {sticks} from the riichi sticks."
    ),
}


# A tuple of types: isinstance checks it faster than the union ``tuple | list``.
_SEQUENCES: Final = (tuple, list)


def _tiles(codes: object) -> list[str]:
    return list(codes) if isinstance(codes, _SEQUENCES) else []


def _block(block: Block) -> dict[str, object]:
    return {
        "shape": block.shape.value,
        "tiles": list(block.tiles),
        "called": block.called,
        "open": block.open,
        "concealed": block.concealed,
        "meld": block.meld.notation() if block.meld else None,
    }


def _make(kind: str, why: str, tiles: object, params: dict[str, object]) -> Step:
    """One step: its kind, its tiles, its numbers (``params``, a dict the step may keep using),
    the ``why`` template and the ``text``.

    The sentence is only formatted when the template has a field to fill; the many fixed
    sentences (most "why not" reasons) are used as they are."""
    tile_list = list(tiles) if isinstance(tiles, _SEQUENCES) else []
    step: Step = {"step": kind, "tiles": tile_list}
    step.update(params)
    step["why"] = why
    if "{" in why or "}" in why:
        # ``params`` becomes the values shown: sequences as spaced tiles (its own dict, so
        # the step keeps the lists).
        for key, value in params.items():
            if isinstance(value, _SEQUENCES):
                params[key] = " ".join(value)
        if "tiles" not in params:
            params["tiles"] = " ".join(tile_list)
        step["text"] = why.format_map(params)
    else:
        step["text"] = why
    return step


def _step(kind: str, why: str, tiles: object = (), **params: object) -> Step:
    return _make(kind, why, tiles, params)


def reading_summary(candidate: Candidate) -> dict[str, object]:
    """A compact description of one valued reading (for alternatives)."""
    reading = candidate.reading
    return {
        "form": reading.form,
        "blocks": [_block(b) for b in reading.blocks],
        "pairs": [list(p) for p in reading.pairs],
        "wait": reading.wait.value,
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
    return next((p for p in reading.pairs if kind_of(p[0]) == kind_of(win)), (win,))


_YAKUHAI = ("haku", "hatsu", "chun", "seat_wind", "round_wind", "north_wind")


def _absent(yaku_id: str, name: str, reason: str, tiles: tuple[str, ...]) -> Step:
    step = _make(
        "yaku_absent", REASONS[reason], tiles, {"id": yaku_id, "name": name, "reason": reason}
    )
    step["text"] = "No " + name + ": " + str(step["text"])
    return step


#: The rows the "why not" list can show: the common yaku and the value-tile rows (in table
#: order, so the list reads as before). The other rows never appear there: not judged again.
_EXPLAINED: Final = tuple(d for d in YAKU if d.common or d.id in _YAKUHAI)


def _absent_steps(request: Request, best: Candidate) -> list[Step]:
    """The common yaku that do not hold, each with its reason; value tiles grouped as yakuhai."""
    steps = []
    scored = {h.id for h in best.yaku}
    yakuhai: tuple[str, tuple[str, ...]] | None = None
    # Judge again in explaining mode (scoring skipped working out the tiles behind each "no"),
    # on the facts scoring already gathered for this reading (its Ctx), and only the rows
    # that can be shown.
    ctx = best.ctx if best.ctx is not None else Ctx(request, best.reading)
    ctx.explain = True
    for definition in _EXPLAINED:
        if definition.id in scored:
            continue
        holds, reason, tiles = definition.judge(ctx)
        if holds:
            continue
        if definition.id in _YAKUHAI:
            if reason == "yakuhai.pair_only" or yakuhai is None:
                yakuhai = (reason, tiles)
        elif definition.common:
            steps.append(_absent(definition.id, definition.name, reason, tiles))
    if yakuhai and not scored.intersection(_YAKUHAI):
        steps.append(_absent("yakuhai", "Yakuhai", *yakuhai))
    return steps


def is_tenpane(best: Candidate) -> bool:
    """テンパネ (seeds 000 and 002): the 2-fu items (tsumo, waits, pairs, open simple triplets)
    push the hand past the 30 it would otherwise be (40 for a closed ron), e.g. a tsumo with a
    concealed honour triplet, 20 + 2 + 8 + 2 = 32 -> 40; an ordinary 24 -> 30 is not tenpane."""
    two = sum(item.fu for item in best.fu_items if item.fu == 2)
    usual = 40 if any(item.id == "closed_ron" for item in best.fu_items) else 30
    return best.fu > usual and best.fu > round_up_10(best.fu_raw - two)


def limit_key(limit: str, han: int) -> str:
    """The limit sentence: by fu and han below 5 han, by han alone from 5, fixed for yakuman."""
    if limit == "yakuman":
        return "limit.yakuman"
    return "limit" if han < 5 else "limit.han"


def build_steps(result: Result) -> list[Step]:
    """Every step of the explanation, in the order a person would count the hand."""
    r = result.request
    best = result.best
    reading = best.reading
    steps: list[Step] = []
    how = "tsumo" if r.tsumo else "ron"
    steps.append(
        _step(
            "hand",
            TEXT["hand"],
            r.all_tiles,
            hand=result.hand_text,
            win=r.win,
            how=how,
            closed=r.is_closed,
            dealer=r.is_dealer,
        )
    )
    sets = ", ".join(" ".join(b.tiles) for b in reading.blocks)
    pair_tiles = [t for p in reading.pairs for t in p]
    steps.append(
        {
            **_step(
                "reading",
                TEXT[f"reading.{reading.form}"],
                tuple(t for b in reading.blocks for t in b.tiles) + tuple(pair_tiles),
                sets=sets,
                pair=" ".join(pair_tiles),
            ),
            "form": reading.form,
            "blocks": [_block(b) for b in reading.blocks],
            "pairs": [list(p) for p in reading.pairs],
            "alternatives": [reading_summary(c) for c in result.others],
        }
    )
    wait_tiles = _wait_tiles(reading, r.win)
    steps.append(
        _step(
            "wait",
            TEXT["wait"],
            wait_tiles,
            win=r.win,
            wait=reading.wait.value,
            fu=2
            if reading.wait.value in ("kanchan", "penchan", "tanki") and reading.form == "standard"
            else 0,
        )
    )
    for item in best.fu_items:
        rule = FU_RULES[item.id][1]
        if item.note == "double_wind":
            rule = _(
                "The pair is also the round wind; these rules count a double-wind pair "
                "as {double_wind_fu} fu."
            )
        steps.append(
            _step(
                "fu",
                rule,
                item.tiles,
                id=item.id,
                fu=item.fu,
                note=item.note,
                double_wind_fu=r.rules.double_wind_fu,
            )
        )
    if reading.form == "chiitoitsu":
        key = "fu_total.chiitoitsu"
    elif best.fu_raw == best.fu:
        key = "fu_total.exact"
    elif is_tenpane(best):
        key = "fu_total.tenpane"
    else:
        key = "fu_total"
    steps.append(
        _step(
            "fu_total",
            TEXT[key],
            (),
            raw=best.fu_raw,
            fu=best.fu,
            rounded_up=best.fu != best.fu_raw and reading.form != "chiitoitsu",
            tenpane=key == "fu_total.tenpane",
        )
    )
    for hit in best.yaku:
        definition = YAKU_BY_ID[hit.id]
        step = _step(
            "yaku",
            REASONS[hit.reason],
            hit.tiles,
            id=hit.id,
            han=hit.han,
            name=definition.name,
            yakuman=definition.yakuman,
            kuisagari=not r.is_closed and 0 < definition.open_han < definition.closed_han,
        )
        step["text"] = f"{definition.name} ({hit.han} han): {step['text']}"
        steps.append(step)
    if not best.yakuman:
        steps.extend(_absent_steps(r, best))
    counts_dora = not best.yakuman or best.policy == "13han"
    for dora in result.dora:
        if dora.id == "aka_dora" or dora.id == "nuki_dora":
            if not dora.number:
                continue
            steps.append(
                _step(
                    "dora",
                    TEXT[dora.id],
                    dora.tiles,
                    id=dora.id,
                    count=dora.number,
                    counted=counts_dora,
                )
            )
        else:
            steps.append(
                _step(
                    "dora",
                    TEXT[dora.id],
                    dora.tiles,
                    id=dora.id,
                    count=dora.number,
                    indicator=dora.indicator,
                    dora=dora.dora,
                    counted=counts_dora,
                )
            )
    if r.ura and not (r.riichi or r.double_riichi):
        steps.append(
            _step("dora", TEXT["ura_unused"], r.ura, id="ura_dora", count=0, counted=False)
        )
    if best.yakuman and best.policy != "13han":
        steps.append(
            _step(
                "han_total",
                TEXT["han_yakuman"],
                (),
                han=best.han,
                count=best.yakuman,
                yaku_han=best.han,
                dora_han=0,
            )
        )
    else:
        dora_han = best.dora_han
        steps.append(
            _step(
                "han_total",
                TEXT["han_total"],
                (),
                han=best.han,
                yaku_han=best.han - dora_han,
                dora_han=dora_han,
            )
        )
    raw_base = base_points(best.fu, best.han)
    if best.limit:
        steps.append(
            _step(
                "limit",
                TEXT[limit_key(best.limit, best.han)],
                (),
                limit=best.limit,
                han=best.han,
                fu=best.fu,
                base=best.base,
                formula_base=raw_base,
                kiriage=best.limit == "mangan" and raw_base == 1920,
            )
        )
    else:
        steps.append(_step("limit", TEXT["limit.none"], (), limit=None, base=best.base))
        steps.append(
            _step("base_points", TEXT["base_points"], (), fu=best.fu, han=best.han, base=best.base)
        )
    names = {
        "discarder": "The discarder",
        "dealer": "The dealer",
        "non_dealer": "The other non-dealer" if r.rules.sanma else "Each non-dealer",
        "each": "Each other player",
    }
    rows: list[tuple[str, object, int, int]]
    if r.rules.sanma and r.tsumo:
        rows = sanma_tsumo_rows(best.base, r.is_dealer, r.rules.sanma_tsumo)
        absent = (2 if r.is_dealer else 1) * best.base
        steps.append(
            _step(
                "payment_rule",
                TEXT["sanma." + r.rules.sanma_tsumo],
                (),
                rule=r.rules.sanma_tsumo,
                players=3,
                absent=ceil100(absent),
            )
        )
    else:
        rows = [(p, m, raw, a) for p, m, raw, a in raw_payments(best.base, r.is_dealer, r.tsumo)]
    for payer, multiplier, raw, amount in rows:
        steps.append(
            _step(
                "payment",
                TEXT["payment" if raw != amount else "payment.exact"],
                (),
                payer=payer,
                payer_name=names[payer],
                multiplier=multiplier,
                base=best.base,
                raw=raw,
                amount=amount,
                rounded_up=raw != amount,
            )
        )
    payments = best.payments
    if r.honba:
        per = r.rules.honba_points // 3 * r.honba if r.tsumo else payments.honba
        steps.append(
            _step(
                "honba",
                TEXT["honba" if r.tsumo else "honba.ron"],
                (),
                honba=r.honba,
                honba_total=payments.honba,
                per_payer=per,
            )
        )
    if r.wareme is not None and r.rules.wareme:
        if r.wareme == r.seat:
            key = "wareme.winner"
        elif r.tsumo or r.discarder == r.wareme:
            key = "wareme.payer"
        else:
            key = "wareme.none"
        seat = ("East", "South", "West", "North")[r.wareme - 27]  # 27: East, as in points.pay
        steps.append(_step("wareme", TEXT[key], (), seat=seat, wareme=key[7:]))
    if r.sticks:
        why = TEXT["sticks" if r.sticks > 1 else "sticks.one"]
        steps.append(_step("sticks", why, (), sticks=r.sticks, points=payments.sticks))
    steps.append(
        _step(
            "total",
            TEXT["total.sticks" if payments.sticks else "total"],
            (),
            collected=payments.total + payments.sticks,
            total=payments.total,
            ron=payments.ron,
            tsumo_dealer=payments.tsumo_dealer,
            tsumo_others=payments.tsumo_others,
            sticks=payments.sticks,
        )
    )
    return steps
