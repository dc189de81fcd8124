"""Table drills: the points of a fu/han cell, and the reverse (a fu and han for given points);
the quick-reference grid shown beside them and on the progress page."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from scorer.engine import ALL_PRESETS
from scorer.engine.rules import Rules
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, Cell
from tutor.course.names import limit_label
from tutor.quiz.base import (
    Field,
    Question,
    QuizError,
    all_text,
    cell_derivation,
    cell_ok,
    number,
    number_field,
    rng_for,
    ron_text,
    rules_of,
    split_text,
    table_cell,
    table_cells,
    table_key,
    who,
)
from tutor.walkthrough.steps import join_list

# -- table and reverse table ---------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _pool(dealer: bool, rules: Rules) -> tuple[Cell, ...]:
    """The cells whose payments make the wrong choices of a multiple-choice question."""
    return tuple(table_cell(f, h, dealer, rules) for h in (*HAN_ROWS, 5, 6) for f in FU_COLUMNS)


def _payment_fields(
    c: Cell, win: str, opts: Mapping[str, str], rng: random.Random, pool_rules: Rules
) -> tuple[list[Field], dict[str, int]]:
    rows = _pool(c.dealer, pool_rules)
    if win == "ron":
        pool = [r.ron for r in rows]
        return [number_field("ron", _("The discarder pays"), c.ron, pool, opts, rng)], {
            "ron": c.ron
        }
    if c.players == 3:
        return _sanma_tsumo_fields(c, opts, rng, rows)
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


def _sanma_tsumo_fields(
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


def parse_table_key(key: str) -> tuple[bool, str, int, int | None]:
    parts = key.split(":")
    fu = int(parts[4]) if len(parts) > 4 else None
    return parts[1] == "d", parts[2], int(parts[3]), fu


def table_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("table", seed, opts)
    rules = rules_of(opts)
    if "item" in opts:
        dealer, win, han, fu_or_none = parse_table_key(opts["item"])
    else:
        cells = table_cells(opts)
        if not cells:
            raise QuizError(_("No table cell matches these filters."))
        dealer, win, han, fu_or_none = rng.choice(cells)
    fu = fu_or_none if fu_or_none is not None else 30
    c = table_cell(fu, han, dealer, rules)
    fields, expected = _payment_fields(c, win, opts, rng, rules)
    if fu_or_none is None:
        prompt = _("%(who)s: %(limit)s (%(han)d han). What is paid?") % {
            "who": who(dealer, win),
            "limit": limit_label(c.limit),
            "han": han,
        }
    else:
        prompt = _("%(who)s: %(fu)d fu %(han)d han. What is paid?") % {
            "who": who(dealer, win),
            "fu": fu,
            "han": han,
        }
    if rules.sanma:
        prompt = _("Three players (sanma). %(question)s") % {"question": prompt}
    return Question(
        kind="table",
        seed=seed,
        key=table_key(dealer, win, han, fu_or_none, players=rules.players),
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=cell_derivation(fu, han, dealer, win, rules),
        cell=(dealer, fu, han) if fu_or_none is not None else None,
        rules=rules.name,
    )


def payments_of(c: Cell, win: str) -> tuple[int, ...]:
    if win == "ron":
        return (c.ron,)
    return (c.tsumo_others, c.tsumo_dealer or 0)


def reverse_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("reverse", seed, opts)
    rules = rules_of(opts)
    if "item" in opts:
        dealer, win, han, fu_or_none = parse_table_key("table" + opts["item"][7:])
    else:
        dealer, win, han, fu_or_none = rng.choice(
            table_cells(dict(opts, han="1,2,3,4", limits="0"))
        )
    fu = fu_or_none or 30
    shown = table_cell(fu, han, dealer, rules)
    target = payments_of(shown, win)
    accepted = [
        (f, h)
        for h in HAN_ROWS
        for f in FU_COLUMNS
        if cell_ok(c := table_cell(f, h, dealer, rules), win) and payments_of(c, win) == target
    ]
    if win == "ron":
        amount = ron_text(shown.ron)
    elif dealer:
        amount = all_text(shown.tsumo_others)
    else:
        amount = split_text(shown.tsumo_others, shown.tsumo_dealer or 0)
    prompt = _("%(who)s for %(amount)s: name a fu and han that pay exactly this.") % {
        "who": who(dealer, win),
        "amount": amount,
    }
    fields = [
        number_field("fu", _("Fu"), fu, FU_COLUMNS, opts, rng),
        number_field("han", _("Han"), han, HAN_ROWS, opts, rng),
    ]
    if opts.get("mode") == "choice":
        fields[0].choices = [(str(f), str(f)) for f in FU_COLUMNS]
        fields[1].choices = [(str(h), str(h)) for h in HAN_ROWS]
    pairs = join_list(_("%(fu)d fu %(han)d han") % {"fu": f, "han": h} for f, h in accepted)
    derivation = [_("Every pair that pays this: %(pairs)s.") % {"pairs": pairs}]
    derivation += cell_derivation(fu, han, dealer, win, rules)
    return Question(
        kind="reverse",
        seed=seed,
        key="reverse" + table_key(dealer, win, han, fu)[5:],
        options=opts,
        prompt=prompt,
        fields=fields,
        expected={"fu": fu, "han": han},
        derivation=derivation,
        accepted=accepted,
        cell=(dealer, fu, han),
        rules=rules.name,
    )


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
        for fu in FU_COLUMNS:
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
    return {"dealer": dealer, "title": title, "cols": FU_COLUMNS, "rows": rows, "win": win}
