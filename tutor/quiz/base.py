"""Quiz basics: kinds, options, the question and verdict types, shared wording and checking.

Pure functions (no database, no request): ``make_question(kind, seed, options)`` always builds
the same question for the same arguments, so a question or a whole set can be shared as a URL
and the server re-creates it to check an answer. Every expected answer comes from the engine
(``scorer.engine.tables`` for table cells, ``score_request`` for hands).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scorer.answers import read_number
from scorer.calc import sanma_rule_text
from scorer.engine import ALL_PRESETS, PRESETS, THREE_PLAYER_PRESETS
from scorer.engine.notation import NotationError, format_tiles
from scorer.engine.points import base_points, ceil100, limit_for, raw_payments, sanma_tsumo_rows
from scorer.engine.rules import Rules
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, LIMIT_ROWS, Cell, cell
from scorer.engine.trace import TEXT, limit_key
from scorer.forms import HONOUR_NAMES, PRESET_LABELS
from scorer.numbers import points_text
from scorer.params import parse_int
from tutor.course.names import limit_label, yaku_label
from tutor.walkthrough.steps import SANMA_PAYER_NAMES, join_list, wait_name

KINDS: Final = (
    "table",
    "reverse",
    "fu",
    "fu_items",
    "yaku",
    "payments",
    "honba",
    "quick",
    "estimate",
    "exact_fu",
    "sanma_tsumo",
)
KIND_NAMES: Final = {
    "table": gettext_lazy("Score table"),
    "reverse": gettext_lazy("Reverse table"),
    "fu": gettext_lazy("Fu of a hand"),
    "fu_items": gettext_lazy("Fu, item by item"),
    "yaku": gettext_lazy("Yaku and han"),
    "payments": gettext_lazy("Whole hand: every payment"),
    "honba": gettext_lazy("Honba and riichi sticks"),
    "quick": gettext_lazy("Quick method (25 / 20 / 30 / 30+ / 40+)"),
    "estimate": gettext_lazy("Quick method: estimate the points"),
    "exact_fu": gettext_lazy("Quick method: count the fu or not?"),
    "sanma_tsumo": gettext_lazy("Three players: tsumo payment rules"),
}
KIND_HELP: Final = {
    "table": gettext_lazy("Fu, han, dealer or not, ron or tsumo: name the points."),
    "reverse": gettext_lazy("Given the points, name a fu and han that pay them."),
    "fu": gettext_lazy("A real hand with its situation: count its fu."),
    "fu_items": gettext_lazy("Give the fu of every block, the wait and the win, then the total."),
    "yaku": gettext_lazy("Pick every yaku the hand has and give the total han."),
    "payments": gettext_lazy("Score a whole hand: every payment."),
    "honba": gettext_lazy("Add the honba and the riichi sticks to a payment."),
    "quick": gettext_lazy("Which pattern of the quick method does the hand belong to?"),
    "estimate": gettext_lazy(
        "Against the clock: what does the winner collect? Only the exact figure is right; you "
        "see how close you were."
    ),
    "exact_fu": gettext_lazy(
        "Does the hand need an exact fu count, or does the quick method give the right points?"
    ),
    "sanma_tsumo": gettext_lazy(
        "Three-player tsumo under tsumo loss, the split rule or the dealer-pays rule: each "
        "payer's share and what the winner collects."
    ),
}
#: Seconds on the clock when the URL names none (the estimate drill is timed by design).
DEFAULT_TIMED: Final = {"estimate": 20}
#: Rule sets offered in the filters (kiriage changes some table answers).
RULE_SETS: Final = tuple(name for name in PRESETS if name != "aotenjou")
#: The score-table drill also has three-player tables (its hands are not drawn from the
#: four-player set, so sanma fits there): the tsumo rows differ (two payers).
TABLE_RULE_SETS: Final = (*RULE_SETS, *THREE_PLAYER_PRESETS)
QUICK_PATTERNS: Final = ("25", "20", "30", "30+", "40+")
WAITS: Final = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")
FU_TARGETS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_HAN: Final = {name: low for name, low, _high in LIMIT_ROWS}
SET_LENGTH: Final = 10


class QuizError(ValueError):
    """Options that name no question (bad kind, impossible filter)."""


@dataclass
class Field:
    """One answer box: typed (numeric) or chosen from ``choices`` (value, label)."""

    name: str
    label: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    multiple: bool = False
    numeric: bool = True


@dataclass
class Question:
    kind: str
    seed: int
    key: str  # the spaced-repetition item
    options: dict[str, str]  # normalised options: with kind and seed they rebuild the question
    prompt: str
    fields: list[Field]
    expected: dict[str, Any]
    derivation: list[str]
    accepted: list[tuple[int, int]] = field(default_factory=list)  # reverse: every (fu, han)
    request: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    cell: tuple[bool, int, int] | None = None  # (dealer, fu, han) to highlight in a table
    rules: str = "tenhou"
    facts: list[str] = field(default_factory=list)  # the situation, one line each


@dataclass
class FieldVerdict:
    name: str
    label: str
    given: str
    expected: str
    ok: bool


@dataclass
class Verdict:
    correct: bool
    fields: list[FieldVerdict]


# -- options -------------------------------------------------------------------------------------


def _pick(value: str | None, allowed: Sequence[str], default: str) -> str:
    return value if value is not None and value in allowed else default


def _int_list(value: str | None, allowed: Sequence[int]) -> list[int]:
    if not value:
        return list(allowed)
    out = []
    for part in value[:200].replace(" ", ",").split(","):
        number = parse_int(part)
        if number is not None and number in allowed:
            out.append(number)
    return sorted(set(out)) or list(allowed)


def normalise(kind: str, raw: Mapping[str, str]) -> dict[str, str]:
    """The options a kind understands, with defaults; unknown values fall back to defaults."""
    if kind not in KINDS:
        raise QuizError(f"unknown quiz kind {kind!r}")
    if kind == "sanma_tsumo":
        from tutor.quiz import sanma

        opts = sanma.normalise_options(raw)
        opts["mode"] = _pick(raw.get("mode"), ("type", "choice"), "type")
        item = raw.get("item", "")
        if item and item in sanma.candidates(opts):
            opts["item"] = item
        return opts
    rule_sets = TABLE_RULE_SETS if kind == "table" else RULE_SETS
    opts = {"rules": _pick(raw.get("rules"), rule_sets, "tenhou")}
    if kind in ("table", "reverse", "payments", "honba", "estimate"):
        opts["dealer"] = _pick(raw.get("dealer"), ("any", "dealer", "non"), "any")
        opts["win"] = _pick(raw.get("win"), ("any", "ron", "tsumo"), "any")
    if kind == "table":
        opts["han"] = ",".join(map(str, _int_list(raw.get("han"), HAN_ROWS)))
        opts["fu"] = ",".join(map(str, _int_list(raw.get("fu"), FU_COLUMNS)))
        opts["limits"] = _pick(raw.get("limits"), ("0", "1"), "0")
    if kind in ("fu", "fu_items"):
        targets = [str(f) for f in FU_TARGETS if kind == "fu" or f != 25]
        opts["target"] = _pick(raw.get("target"), ("any", *targets), "any")
        opts["wait"] = _pick(raw.get("wait"), ("any", *WAITS), "any")
        opts["open"] = _pick(raw.get("open"), ("any", "open", "closed"), "any")
    if kind == "quick":
        opts["target"] = _pick(raw.get("target"), ("any", *QUICK_PATTERNS), "any")
    opts["mode"] = _pick(raw.get("mode"), ("type", "choice"), "type")
    item = raw.get("item", "")
    if kind == "table" and item.startswith("table:") and rules_of(opts).sanma:
        # A three-player cell named by its four-player key (links made before the two had
        # separate items): the same cell, as a three-player item.
        item = SANMA_TABLE + item.removeprefix("table")
    if item and item in candidates(kind, opts):
        opts["item"] = item
    elif item and kind == "table" and item in candidates(kind, {**opts, "limits": "1"}):
        # A cell asked for by name (a shared link, the heatmap) is asked even when a limit
        # caps it; the filter only decides what is picked for the learner.
        opts["item"] = item
    return opts


def rules_of(opts: Mapping[str, str]) -> Rules:
    return ALL_PRESETS[opts.get("rules", "tenhou")]


def rng_for(kind: str, seed: int, opts: Mapping[str, str]) -> random.Random:
    stable = ";".join(f"{k}={v}" for k, v in sorted(opts.items()) if k != "mode")
    return random.Random(f"{kind}:{seed}:{stable}")


def set_seed(set_id: int, n: int) -> int:
    """Question ``n`` of quiz set ``set_id``: a set is reproducible from its id."""
    return set_id * 1000 + n


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
    for dealer in dealers:
        for win in wins:
            for han in hans:
                for fu in fus:
                    c = table_cell(fu, han, dealer, rules)
                    if cell_ok(c, win) and (with_limits or c.limit is None):
                        out.append((dealer, win, han, fu))
            if with_limits:
                out.extend((dealer, win, low, None) for low in LIMIT_HAN.values())
    return tuple(out)


def candidates(kind: str, opts: Mapping[str, str]) -> list[str]:
    """Every item a question of ``kind`` with these options can drill (for scheduling)."""
    if kind == "table":
        players = rules_of(opts).players
        return [table_key(*c, players=players) for c in table_cells(opts)]
    if kind == "reverse":
        rev = dict(opts, han="1,2,3,4", limits="0")
        return ["reverse" + table_key(*c)[5:] for c in table_cells(rev) if c[3] != 20 or True]
    if kind in ("fu", "fu_items"):
        target = opts.get("target", "any")
        fus = [f for f in FU_TARGETS if kind == "fu" or f != 25]
        return [f"{kind}:{f}" for f in fus if target in ("any", str(f))]
    if kind == "quick":
        target = opts.get("target", "any")
        return [f"quick:{p}" for p in QUICK_PATTERNS if target in ("any", p)]
    if kind == "estimate":
        return [f"estimate:{p}" for p in QUICK_PATTERNS]
    if kind == "exact_fu":
        return ["exact_fu:yes", "exact_fu:no"]
    if kind == "sanma_tsumo":
        from tutor.quiz import sanma

        return sanma.candidates(opts)
    return []


# -- shared text ---------------------------------------------------------------------------------

PAYER: Final = {
    "discarder": gettext_lazy("The discarder"),
    "dealer": gettext_lazy("The dealer"),
    "non_dealer": gettext_lazy("Each non-dealer"),
    "each": gettext_lazy("Each other player"),
}
#: Three players: one other non-dealer on a non-dealer's tsumo, two payers on the dealer's.
SANMA_PAYER: Final = {
    **PAYER,
    "non_dealer": gettext_lazy("The other non-dealer"),
    "each": gettext_lazy("Each of the two other players"),
}


def number(n: object) -> str:
    """Points as the page's readers write them: 12,000 in English, 12000 in Japanese
    (scorer/numbers.py, the one helper)."""
    return points_text(n)


def ron_text(points: int) -> str:
    """A ron payment as players say it: "7,700" / "7700点"."""
    return pgettext("a ron payment", "%(points)s") % {"points": number(points)}


def all_text(each: int) -> str:
    """A dealer's tsumo as players say it: "4,000 all" / "4000オール"."""
    return _("%(each)s all") % {"each": number(each)}


def split_text(others: int, dealer: int) -> str:
    """A non-dealer's tsumo as players say it: "1,300/2,600" / "1300・2600"."""
    return pgettext("a non-dealer's tsumo payment", "%(others)s/%(dealer)s") % {
        "others": number(others),
        "dealer": number(dealer),
    }


def rules_label(name: str) -> str:
    """A rule set's display name (Tenhou, M-League), translated."""
    return str(PRESET_LABELS.get(name, name))


def tile_words(tiles: Iterable[object]) -> str:
    """Tiles in a sentence: suited tiles in the compact notation (the tile images stand beside
    it), honours by name, a run of the same honour counted: "123m", "East ×3", "Haku ×2"."""
    codes = [str(t) for t in tiles]
    suited = [c for c in codes if len(c) == 2 and c[1] in "mps" and c[0].isdigit()]
    honours = [c for c in codes if c not in suited]
    parts: list[str] = []
    if suited:
        try:
            parts.append(format_tiles(suited))
        except (NotationError, ValueError, KeyError):
            parts.append(" ".join(suited))
    for code in dict.fromkeys(honours):
        name = str(HONOUR_NAMES.get(code, code))
        n = honours.count(code)
        parts.append(name if n == 1 else _("%(tile)s ×%(n)s") % {"tile": name, "n": n})
    return " ".join(parts)


#: The engine's payment and base-points sentences as the quiz writes them: × for times and the
#: power of two worked out (no "x", no "^").
def step_text(step: Mapping[str, Any]) -> str:
    """An engine step in the current language: its template translated, then filled in (words
    such as the wait or the payer as translated labels, never as the engine's ids; numbers as
    the page writes them; honour tiles by name)."""
    params: dict[str, object] = {
        k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in step.items()
        if k not in ("why", "text", "step")
    }
    params["tiles"] = tile_words(step.get("tiles", ()))
    for key, value in step.items():
        # A single honour tile (the winning tile, an indicator) by its name.
        if isinstance(value, str) and len(value) == 2 and value[1] == "z" and value[0] in "1234567":
            params[key] = tile_words([value])
    if step.get("blocks"):
        params["sets"] = join_list(tile_words(b.get("tiles", ())) for b in step["blocks"])
    if step.get("pairs"):
        params["pair"] = tile_words(step["pairs"][0])
    if "payer" in step:
        params["payer_name"] = str(PAYER.get(str(step["payer"]), step.get("payer_name", "")))
        if step.get("payer_name") == "The other non-dealer":  # three players
            params["payer_name"] = str(SANMA_PAYER_NAMES["non_dealer"])
    if "wait" in step:
        params["wait"] = wait_name(step["wait"])
    if "how" in step:
        params["how"] = _("tsumo (self-draw)") if step["how"] == "tsumo" else _("ron (a discard)")
    if step.get("limit"):
        params["limit"] = limit_label(str(step["limit"]))
    template = _(str(step["why"]))
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(step.get("text", ""))


def steps_text(result: Mapping[str, Any], kinds: Sequence[str]) -> list[str]:
    return [step_text(s) for s in result["steps"] if s["step"] in kinds]


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
        lines.append(
            _(TEXT["base_points"]).format(
                fu=fu, han=han, power=number(2 ** (han + 2)), base=number(base)
            )
        )
    tsumo = win == "tsumo"
    names = PAYER
    rows: list[tuple[str, object, int, int]] = list(raw_payments(base, dealer, tsumo))
    if rules.sanma and tsumo:
        # Three players: the engine's sentence for its tsumo rule, then its payment rows.
        names = SANMA_PAYER
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
        lines.append(
            _(TEXT["payment" if unrounded != amount else "payment.exact"]).format(
                payer_name=names[payer],
                multiplier=multiplier,
                base=number(base),
                raw=number(unrounded),
                amount=number(amount),
            )
        )
    if rules.sanma and tsumo:
        paid = [amount for _p, _m, _u, amount in rows]
        total = 2 * paid[0] if dealer else sum(paid)
        lines.append(
            _("The winner collects %(total)s in all (two payers).") % {"total": number(total)}
        )
    return lines


def fu_han_text(fu: int, han: int) -> str:
    """A (fu, han) pair as the tables name it: "40 fu 2 han" (「40符2飜」, fu first)."""
    return _("%(fu)s fu %(han)s han") % {"fu": fu, "han": han}


def join_or(items: Sequence[str]) -> str:
    """Alternatives in one string: "a", "a or b", "a, b or c" (「a、b、c のいずれか」 reads as a
    list in Japanese)."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(some)s or %(last)s") % {"some": join_list(items[:-1]), "last": items[-1]}


def yaku_name(yaku_id: str) -> str:
    return yaku_label(yaku_id)


# -- number parsing and multiple choice -----------------------------------------------------------


def parse_number(text: str) -> int | None:
    """A typed number ("12,000", "5800点", full-width digits), read by scorer.answers."""
    return read_number(text)


def number_choices(rng: random.Random, correct: int, pool: Sequence[int], n: int = 4) -> list[int]:
    """The right number and ``n - 1`` plausible wrong ones, nearest first, shuffled."""
    others = sorted({p for p in pool if p != correct}, key=lambda p: (abs(p - correct), p))
    picked = [correct, *others[: n - 1]]
    rng.shuffle(picked)
    return picked


def number_field(
    name: str,
    label: str,
    correct: int,
    pool: Sequence[int],
    opts: Mapping[str, str],
    rng: random.Random,
) -> Field:
    f = Field(name, label)
    if opts.get("mode") == "choice":
        f.choices = [(str(v), number(v)) for v in number_choices(rng, correct, pool)]
    return f


def who(dealer: bool, win: str) -> str:
    if dealer:
        return _("Dealer, ron") if win == "ron" else _("Dealer, tsumo")
    return _("Non-dealer, ron") if win == "ron" else _("Non-dealer, tsumo")


# -- checking ------------------------------------------------------------------------------------


def check(question: Question, answers: Mapping[str, Any]) -> Verdict:
    """Compare the given answers with the expected ones (any right fu/han pair for reverse).

    ``answers`` maps field names to strings (or a list of strings for a multiple field)."""
    verdicts: list[FieldVerdict] = []
    if question.kind == "reverse":
        # The (fu, han) pair is judged, never each number alone: 2 han is right with 40 fu and
        # wrong with 30 fu for the same points.
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
        label = _("Fu and han")
        return Verdict(ok, [FieldVerdict("fu_han", label, given, shown, ok)])
    for f in question.fields:
        want = question.expected[f.name]
        got = answers.get(f.name, [] if f.multiple else "")
        if f.multiple:
            given_list = sorted({str(g) for g in (got if isinstance(got, list) else [got]) if g})
            ok = given_list == sorted(want)
            names = dict(f.choices)
            verdicts.append(
                FieldVerdict(
                    f.name,
                    f.label,
                    join_list(names.get(g, g) for g in given_list) or "—",
                    join_list(names.get(w, w) for w in want) or "—",
                    ok,
                )
            )
            continue
        text = str(got[0] if isinstance(got, list) and got else got or "")
        parsed = parse_number(text) if f.numeric else None
        ok = parsed == want if f.numeric else text.strip() == str(want)
        labels = dict(f.choices)  # a chosen answer is shown by its label ("Yes, count the fu")
        given = labels.get(text.strip(), text.strip())
        shown = labels.get(str(want), str(want))
        if f.numeric:
            # Numbers as the page writes them (2,000 / 2000), the learner's too once read.
            shown = number(want) if isinstance(want, int) else shown
            given = number(parsed) if parsed is not None else given
        verdicts.append(FieldVerdict(f.name, f.label, given or "—", shown, ok))
    return Verdict(all(v.ok for v in verdicts), verdicts)
