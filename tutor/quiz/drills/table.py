"""Table drills: the points of a fu/han cell, and the reverse (a fu and han that pay given
points). The cells, their keys and the grid beside the feedback are ``tutor.quiz.cells``'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.tables import FU_COLUMNS, HAN_ROWS
from scorer.vocabulary import join_list
from tutor.course.names import limit_label
from tutor.quiz import feedback
from tutor.quiz.base import (
    TABLE_RULE_SETS,
    Case,
    Cells,
    Drill,
    FieldVerdict,
    Question,
    QuizError,
    Verdict,
    all_text,
    fu_han_text,
    int_list,
    join_or,
    number_field,
    parse_number,
    payment_options,
    pick,
    preset_rules,
    rng_for,
    ron_text,
    rules_of,
    rules_option,
    split_text,
    who,
    winner_options,
)
from tutor.quiz.cells import (
    SANMA_TABLE,
    cell_derivation,
    cell_ok,
    fu_columns,
    parse_table_key,
    payment_fields,
    payments_of,
    table_cell,
    table_cells,
    table_key,
)
from tutor.quiz.registry import register

# -- the score table: the points of a cell ---------------------------------------------------------


def table_options(raw: Mapping[str, str]) -> dict[str, str]:
    """The rule set (three-player tables too), who wins and how, the rows and columns asked,
    and whether the limit rows are in."""
    return {
        **rules_option(raw, TABLE_RULE_SETS),
        **winner_options(raw),
        "han": ",".join(map(str, int_list(raw.get("han"), HAN_ROWS))),
        "fu": ",".join(map(str, int_list(raw.get("fu"), FU_COLUMNS))),
        "limits": pick(raw.get("limits"), ("0", "1"), "0"),
    }


def table_candidates(opts: Mapping[str, str]) -> list[str]:
    players = rules_of(opts).players
    return [table_key(*c, players=players) for c in table_cells(opts)]


def table_item(item: str, opts: Mapping[str, str]) -> str | None:
    """A cell asked for by name (a shared link, the heatmap) is asked even when a limit caps
    it; the filter only decides what is picked for the learner."""
    if item.startswith("table:") and rules_of(opts).sanma:
        # A three-player cell named by its four-player key (links made before the two had
        # separate items): the same cell, as a three-player item.
        item = SANMA_TABLE + item.removeprefix("table")
    if item in table_candidates(opts) or item in table_candidates({**opts, "limits": "1"}):
        return item
    return None


def key_case(question: Question) -> Case:
    """A table question's payments: the cell its key names (a limit row at 30 fu)."""
    parts = question.key.split(":")
    dealer, win, han = parts[1] == "d", parts[2], int(parts[3])
    fu = int(parts[4]) if len(parts) > 4 else 30
    return Case(fu, han, dealer, win == "tsumo", preset_rules(question))


def empty_filters(opts: Mapping[str, str]) -> str:
    """Why no cell matches a table drill's filters (issue 28): the filters that, widened alone,
    would leave cells, by the names the filter form gives them ("“Columns (fu)”: 20")."""
    winner = {"dealer": _("Dealer"), "non": _("Non-dealer")}
    how = {"ron": _("Ron"), "tsumo": _("Tsumo")}
    tries = (
        ("fu", ",".join(map(str, FU_COLUMNS)), _("Columns (fu)"), opts.get("fu", "")),
        ("han", ",".join(map(str, HAN_ROWS)), _("Rows (han)"), opts.get("han", "")),
        ("win", "any", _("How"), how.get(opts.get("win", ""), "")),
        ("dealer", "any", _("Who wins"), winner.get(opts.get("dealer", ""), "")),
        ("limits", "1", _("Limit hands"), _("Out")),
    )
    culprits = [
        _("“%(label)s”: %(value)s") % {"label": label, "value": value.replace(",", ", ")}
        for key, wide, label, value in tries
        # Limit rows are asked without a fu: they would not fill the rows and columns chosen.
        if opts.get(key) != wide and any(c[3] is not None for c in table_cells({**opts, key: wide}))
    ]
    if len(culprits) == 1:
        return _("No table cell matches these filters: %(filter)s leaves none. Change it.") % {
            "filter": culprits[0]
        }
    if culprits:
        return _(
            "No table cell matches these filters: %(filters)s leave none together. Change one "
            "of them."
        ) % {"filters": join_list(culprits)}
    return _("No table cell matches these filters: widen the rows and columns.")


def table_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("table", seed, opts)
    rules = rules_of(opts)
    if "item" in opts:
        dealer, win, han, fu_or_none = parse_table_key(opts["item"])
    else:
        cells = table_cells(opts)
        if not cells:
            raise QuizError(empty_filters(opts))
        dealer, win, han, fu_or_none = rng.choice(cells)
    fu = fu_or_none if fu_or_none is not None else 30
    c = table_cell(fu, han, dealer, rules)
    fields, expected = payment_fields(c, win, opts, rng, rules)
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


# -- the reverse table: a fu and han for the points ------------------------------------------------


def reverse_candidates(opts: Mapping[str, str]) -> list[str]:
    rev = dict(opts, han="1,2,3,4", limits="0")
    return ["reverse" + table_key(*c)[5:] for c in table_cells(rev)]


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
        for f in fu_columns(rules)
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
        number_field("fu", _("Fu"), fu, fu_columns(rules), opts, rng),
        number_field("han", _("Han"), han, HAN_ROWS, opts, rng),
    ]
    if opts.get("mode") == "choice":
        fields[0].choices = [(str(f), str(f)) for f in fu_columns(rules)]
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


def reverse_check(question: Question, answers: Mapping[str, Any]) -> Verdict:
    """The (fu, han) pair is judged, never each number alone: 2 han is right with 40 fu and
    wrong with 30 fu for the same points; any pair that pays them is right."""
    fu = parse_number(str(answers.get("fu", "")))
    han = parse_number(str(answers.get("han", "")))
    ok = (fu, han) in question.accepted
    given = (
        fu_han_text(fu, han)
        if fu is not None and han is not None
        else " ".join(str(answers.get(n, "")) for n in ("fu", "han")).strip() or "—"
    )
    every = join_or([fu_han_text(f, h) for f, h in question.accepted])
    shown = fu_han_text(fu, han) if ok and fu is not None and han is not None else every
    return Verdict(ok, [FieldVerdict("fu_han", _("Fu and han"), given, shown, ok)])


def reverse_marks(question: Question) -> tuple[str, Cells]:
    """Beside the feedback: the table of the question's win, every cell that pays the points
    marked (all of them are right)."""
    dealer = question.key.split(":")[1] == "d"
    also = tuple((dealer, fu, han) for fu, han in question.accepted)
    return question.key.split(":")[2], also


register(
    Drill(
        kind="table",
        name=gettext_lazy("Score table"),
        help=gettext_lazy("Fu, han, dealer or not, ron or tsumo: name the points."),
        order=10,
        build=table_question,
        options=table_options,
        candidates=table_candidates,
        item=table_item,
        case=key_case,
        variants=feedback.payment_slips,
    ),
    Drill(
        kind="reverse",
        name=gettext_lazy("Reverse table"),
        help=gettext_lazy("Given the points, name a fu and han that pay them."),
        order=20,
        build=reverse_question,
        options=payment_options,
        candidates=reverse_candidates,
        check=reverse_check,
        case=key_case,
        # Any (fu, han) pair that pays the points is right: no one slip gives a wrong pair.
        marks=reverse_marks,
    ),
)
