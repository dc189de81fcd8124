"""Score-table cells as the drills ask them: the items' keys, the cells a filter allows, the
fields of a cell's payments, how a cell is worked out, and the quick-reference grid shown beside
an answer and on the progress page. Every number is the engine's (``scorer.engine.tables``)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext as _

from scorer.calc import sanma_rule_text
from scorer.engine import ALL_PRESETS
from scorer.engine.points import base_points, ceil100, limit_for, raw_payments, sanma_tsumo_rows
from scorer.engine.rules import Rules
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, LIMIT_ROWS, Cell, cell
from scorer.engine.trace import TEXT, limit_key
from tutor.course.names import limit_label
from tutor.quiz.base import (
    Field,
    all_text,
    base_points_line,
    number,
    number_field,
    payment_line,
    rules_of,
    split_text,
)

#: The lowest han of each limit row (mangan 5, haneman 6 ...).
LIMIT_HAN: Final = {name: low for name, low, _high in LIMIT_ROWS}

# -- items (spaced repetition) -------------------------------------------------------------------

#: The first part of a three-player table item's key: ``table.sanma:n:tsumo:3:40``. Three-
#: and four-player cells are separate items (a sanma tsumo is paid by two, and progress on one
#: table says nothing about the other); the parts after it are those of a four-player key.
SANMA_TABLE: Final = "table.sanma"


def table_key(dealer: bool, win: str, han: int, fu: int | None, players: int = 4) -> str:
    """``table:d:ron:3:40`` (fu is omitted for a limit row: ``table:n:tsumo:6``); with three
    ``players`` ``table.sanma:d:ron:3:40``."""
    who = "d" if dealer else "n"
    head = SANMA_TABLE if players == 3 else "table"
    return f"{head}:{who}:{win}:{han}" + ("" if fu is None else f":{fu}")


def table_key_players(key: str) -> int:
    """3 for a three-player table item's key, else 4."""
    return 3 if key.split(":", 1)[0] == SANMA_TABLE else 4


@functools.lru_cache(maxsize=4096)
def table_cell(fu: int, han: int, dealer: bool, rules: Rules) -> Cell:
    """The engine's table cell (``scorer.engine.tables.cell``), worked out once per process:
    a table question, its answer and the grid beside the feedback look at a few hundred cells,
    and there are only 2 x 11 x 6 of them per rule set (``Cell`` is frozen, safe to share)."""
    return cell(fu, han, dealer, rules)


def fu_columns(rules: Rules) -> tuple[int, ...]:
    """The table's fu columns a hand can score under ``rules``: 25 fu is seven pairs', so a
    rule set that scores them otherwise (classic: 50 fu) has no 25 fu column (issue 28)."""
    if rules.chiitoitsu_fu == 25:
        return FU_COLUMNS
    return tuple(f for f in FU_COLUMNS if f != 25)


def cell_ok(c: Cell, win: str) -> bool:
    return c.ron_exists if win == "ron" else c.tsumo_exists


def table_cells(opts: Mapping[str, str]) -> list[tuple[bool, str, int, int | None]]:
    """The cells a table question with these options may ask (the same for every learner:
    worked out once per process and set of options)."""
    return list(
        _table_cells(
            opts["dealer"],
            opts["win"],
            opts.get("han", "1,2,3,4"),
            opts.get("fu", ",".join(map(str, FU_COLUMNS))),
            opts.get("limits", "0"),
            opts.get("rules", "tenhou"),
        )
    )


@functools.lru_cache(maxsize=256)
def _table_cells(
    dealer_opt: str, win_opt: str, han_opt: str, fu_opt: str, limits: str, rules_name: str
) -> tuple[tuple[bool, str, int, int | None], ...]:
    dealers = {"any": (False, True), "dealer": (True,), "non": (False,)}[dealer_opt]
    wins = {"any": ("ron", "tsumo"), "ron": ("ron",), "tsumo": ("tsumo",)}[win_opt]
    hans = [int(h) for h in han_opt.split(",")]
    fus = [int(f) for f in fu_opt.split(",")]
    # "Limit hands: out" leaves out every cell a limit caps (70 fu 3 han is a mangan; under
    # kiriage rules 30 fu 4 han is too): those are not worked out with the formula.
    with_limits = limits == "1"
    rules = rules_of({"rules": rules_name})
    out: list[tuple[bool, str, int, int | None]] = []
    columns = fu_columns(rules)
    for dealer in dealers:
        for win in wins:
            for han in hans:
                for fu in (f for f in fus if f in columns):
                    c = table_cell(fu, han, dealer, rules)
                    if cell_ok(c, win) and (with_limits or c.limit is None):
                        out.append((dealer, win, han, fu))
            if with_limits:
                out.extend((dealer, win, low, None) for low in LIMIT_HAN.values())
    return tuple(out)


def cell_derivation(fu: int, han: int, dealer: bool, win: str, rules: Rules) -> list[str]:
    """How a table cell is worked out, in the engine's own sentences (trace.TEXT)."""
    limit, base = limit_for(han, fu, rules)
    raw = base_points(fu, han)
    lines: list[str] = []
    if limit:
        key = limit_key(limit, han)
        sentence = _(TEXT[key])
        lines.append(sentence.format(han=han, fu=fu, limit=limit_label(limit), base=number(base)))
        if limit == "mangan" and han < 5 and rules.kiriage and raw == 1920:
            lines.append(
                _("Kiriage mangan: %(base)s base points are rounded up to a mangan.")
                % {"base": number(1920)}
            )
    else:
        lines.append(base_points_line(fu, han, base))
    tsumo = win == "tsumo"
    sanma = rules.sanma and tsumo  # one other non-dealer, or two payers: their own names
    rows: list[tuple[str, object, int, int]] = list(raw_payments(base, dealer, tsumo))
    if sanma:
        # Three players: the engine's sentence for its tsumo rule, then its payment rows.
        rows = sanma_tsumo_rows(base, dealer, rules.sanma_tsumo)
        absent = ceil100((2 if dealer else 1) * base)
        lines.append(
            _(TEXT["sanma." + sanma_rule_text(rules.sanma_tsumo, dealer)]).format(
                absent=number(absent)
            )
        )
    elif rules.sanma:
        lines.append(_("With three players a ron is paid as with four: the discarder pays all."))
    for payer, multiplier, unrounded, amount in rows:
        lines.append(payment_line(payer, multiplier, base, unrounded, amount, sanma=sanma))
    if sanma:
        paid = [amount for _p, _m, _u, amount in rows]
        total = 2 * paid[0] if dealer else sum(paid)
        lines.append(
            _("The winner collects %(total)s in all (two payers).") % {"total": number(total)}
        )
    return lines


def parse_table_key(key: str) -> tuple[bool, str, int, int | None]:
    parts = key.split(":")
    fu = int(parts[4]) if len(parts) > 4 else None
    return parts[1] == "d", parts[2], int(parts[3]), fu


# -- the fields of a cell's payments ----------------------------------------------------------


@functools.lru_cache(maxsize=64)
def cell_pool(dealer: bool, rules: Rules) -> tuple[Cell, ...]:
    """The cells whose payments make the wrong choices of a multiple-choice question."""
    return tuple(
        table_cell(f, h, dealer, rules) for h in (*HAN_ROWS, 5, 6) for f in fu_columns(rules)
    )


def payment_fields(
    c: Cell, win: str, opts: Mapping[str, str], rng: random.Random, pool_rules: Rules
) -> tuple[list[Field], dict[str, int]]:
    rows = cell_pool(c.dealer, pool_rules)
    if win == "ron":
        pool = [r.ron for r in rows]
        return [number_field("ron", _("The discarder pays"), c.ron, pool, opts, rng)], {
            "ron": c.ron
        }
    if c.players == 3:
        return sanma_tsumo_fields(c, opts, rng, rows)
    if c.dealer:
        pool = [r.tsumo_others for r in rows]
        label = _("Each other player pays")
        return [number_field("tsumo_others", label, c.tsumo_others, pool, opts, rng)], {
            "tsumo_others": c.tsumo_others
        }
    dealer_pays = c.tsumo_dealer or 0
    fields = [
        number_field(
            "tsumo_others",
            _("Each non-dealer pays"),
            c.tsumo_others,
            [r.tsumo_others for r in rows],
            opts,
            rng,
        ),
        number_field(
            "tsumo_dealer",
            _("The dealer pays"),
            dealer_pays,
            [r.tsumo_dealer or 0 for r in rows],
            opts,
            rng,
        ),
    ]
    return fields, {"tsumo_others": c.tsumo_others, "tsumo_dealer": dealer_pays}


def sanma_tsumo_fields(
    c: Cell, opts: Mapping[str, str], rng: random.Random, rows: Sequence[Cell]
) -> tuple[list[Field], dict[str, int]]:
    """Three players, a tsumo: what each of the two payers pays, and what the winner
    collects in all (the row that differs from four players: one payer fewer)."""
    fields: list[Field] = []
    expected: dict[str, int] = {}
    if c.dealer:
        label = _("Each of the two other players pays")
        pool = [r.tsumo_others for r in rows]
        fields.append(number_field("tsumo_others", label, c.tsumo_others, pool, opts, rng))
        expected["tsumo_others"] = c.tsumo_others
    else:
        dealer_pays = c.tsumo_dealer or 0
        others = [r.tsumo_others for r in rows]
        fields.append(
            number_field(
                "tsumo_others", _("The other non-dealer pays"), c.tsumo_others, others, opts, rng
            )
        )
        dealers = [r.tsumo_dealer or 0 for r in rows]
        fields.append(
            number_field("tsumo_dealer", _("The dealer pays"), dealer_pays, dealers, opts, rng)
        )
        expected.update(tsumo_others=c.tsumo_others, tsumo_dealer=dealer_pays)
    totals = [r.tsumo_total for r in rows]
    label = _("The winner collects in all")
    fields.append(number_field("collect", label, c.tsumo_total, totals, opts, rng))
    expected["collect"] = c.tsumo_total
    return fields, expected


def payments_of(c: Cell, win: str) -> tuple[int, ...]:
    if win == "ron":
        return (c.ron,)
    return (c.tsumo_others, c.tsumo_dealer or 0)


# -- tables for display --------------------------------------------------------------------------


def _cell_text(c: Cell, win: str) -> tuple[str, str]:
    ron = number(c.ron) if c.ron_exists else "—"
    if not c.tsumo_exists:
        tsumo = "—"
    elif c.dealer:
        tsumo = all_text(c.tsumo_others)
    else:
        tsumo = split_text(c.tsumo_others, c.tsumo_dealer or 0)
    if c.tsumo_exists and c.players == 3:
        # Three players: what the winner collects from the two payers, after the payments.
        tsumo = _("%(payments)s = %(total)s") % {"payments": tsumo, "total": number(c.tsumo_total)}
    if win == "ron":
        return ron, ""
    if win == "tsumo":
        return tsumo, ""
    return ron, tsumo


def grid(
    dealer: bool,
    win: str = "both",
    rules: str = "tenhou",
    levels: Mapping[tuple[bool, int, int], Mapping[str, Any]] | None = None,
    highlight: tuple[bool, int, int] | None = None,
    also: Sequence[tuple[bool, int, int]] = (),
) -> dict[str, Any]:
    """The quick-reference table (1-4 han × 20-110 fu) of the engine, ready for a template:
    payments per cell, with mastery ``levels`` and the ``highlight`` cell (and the cells in
    ``also``: every cell that pays a reverse question's points) marked."""
    marked = {highlight, *also}
    rule_set = ALL_PRESETS[rules]
    rows = []
    for han in HAN_ROWS:
        cells = []
        for fu in fu_columns(rule_set):
            c = table_cell(fu, han, dealer, rule_set)
            exists = c.exists and (
                c.ron_exists or c.tsumo_exists if win == "both" else cell_ok(c, win)
            )
            seen = (levels or {}).get((dealer, fu, han), {})
            text, sub = _cell_text(c, win) if exists else ("", "")
            cells.append(
                {
                    "fu": fu,
                    "han": han,
                    "text": text,
                    "sub": sub,
                    "exists": exists,
                    "limit": c.limit,
                    "level": seen.get("level"),
                    "attempts": seen.get("attempts", 0),
                    "correct": seen.get("correct", 0),
                    "highlight": (dealer, fu, han) in marked,
                }
            )
        rows.append({"han": han, "cells": cells})
    title = _("Dealer") if dealer else _("Non-dealer")
    cols = fu_columns(rule_set)
    return {"dealer": dealer, "title": title, "cols": cols, "rows": rows, "win": win}
