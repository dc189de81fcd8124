"""Quiz questions: generated from a seed, answered and checked against the engine.

Pure functions (no database, no request): ``make_question(kind, seed, options)`` always builds
the same question for the same arguments, so a question or a whole set can be shared as a URL
and the server re-creates it to check an answer. Every expected answer comes from the engine
(``scorer.engine.tables`` for table cells, ``score_request`` for hands).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import PRESETS, score_request
from scorer.engine.generate import generate_request
from scorer.engine.points import base_points, limit_for, raw_payments
from scorer.engine.rules import Rules
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, LIMIT_ROWS, Cell, cell
from scorer.engine.trace import TEXT
from scorer.engine.yaku import YAKU

KINDS: Final = ("table", "reverse", "fu", "fu_items", "yaku", "payments", "honba", "quick")
KIND_NAMES: Final = {
    "table": gettext_lazy("Score table"),
    "reverse": gettext_lazy("Reverse table"),
    "fu": gettext_lazy("Fu of a hand"),
    "fu_items": gettext_lazy("Fu, item by item"),
    "yaku": gettext_lazy("Yaku and han"),
    "payments": gettext_lazy("Whole hand: every payment"),
    "honba": gettext_lazy("Honba and riichi sticks"),
    "quick": gettext_lazy("Quick method (25 / 20 / 30 / 30+ / 40+)"),
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
}
#: Rule sets offered in the filters (kiriage changes some table answers).
RULE_SETS: Final = tuple(name for name in PRESETS if name != "aotenjou")
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
    for part in value.replace(" ", ",").split(","):
        if part.strip().isdigit() and int(part) in allowed:
            out.append(int(part))
    return sorted(set(out)) or list(allowed)


def normalise(kind: str, raw: Mapping[str, str]) -> dict[str, str]:
    """The options a kind understands, with defaults; unknown values fall back to defaults."""
    if kind not in KINDS:
        raise QuizError(f"unknown quiz kind {kind!r}")
    opts = {"rules": _pick(raw.get("rules"), RULE_SETS, "tenhou")}
    if kind in ("table", "reverse", "payments", "honba"):
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
    if item and item in candidates(kind, opts):
        opts["item"] = item
    return opts


def _rules(opts: Mapping[str, str]) -> Rules:
    return PRESETS[opts.get("rules", "tenhou")]


def _rng(kind: str, seed: int, opts: Mapping[str, str]) -> random.Random:
    stable = ";".join(f"{k}={v}" for k, v in sorted(opts.items()) if k != "mode")
    return random.Random(f"{kind}:{seed}:{stable}")


def set_seed(set_id: int, n: int) -> int:
    """Question ``n`` of quiz set ``set_id``: a set is reproducible from its id."""
    return set_id * 1000 + n


# -- items (spaced repetition) -------------------------------------------------------------------


def table_key(dealer: bool, win: str, han: int, fu: int | None) -> str:
    """``table:d:ron:3:40`` (fu is omitted for a limit row: ``table:n:tsumo:6``)."""
    who = "d" if dealer else "n"
    return f"table:{who}:{win}:{han}" + ("" if fu is None else f":{fu}")


def _cell_ok(c: Cell, win: str) -> bool:
    return c.ron_exists if win == "ron" else c.tsumo_exists


def _table_cells(opts: Mapping[str, str]) -> list[tuple[bool, str, int, int | None]]:
    dealers = {"any": (False, True), "dealer": (True,), "non": (False,)}[opts["dealer"]]
    wins = {"any": ("ron", "tsumo"), "ron": ("ron",), "tsumo": ("tsumo",)}[opts["win"]]
    hans = [int(h) for h in opts.get("han", "1,2,3,4").split(",")]
    fus = [int(f) for f in opts.get("fu", ",".join(map(str, FU_COLUMNS))).split(",")]
    out: list[tuple[bool, str, int, int | None]] = []
    for dealer in dealers:
        for win in wins:
            for han in hans:
                for fu in fus:
                    if _cell_ok(cell(fu, han, dealer), win):
                        out.append((dealer, win, han, fu))
            if opts.get("limits") == "1":
                out.extend((dealer, win, low, None) for low in LIMIT_HAN.values())
    return out


def candidates(kind: str, opts: Mapping[str, str]) -> list[str]:
    """Every item a question of ``kind`` with these options can drill (for scheduling)."""
    if kind == "table":
        return [table_key(*c) for c in _table_cells(opts)]
    if kind == "reverse":
        rev = dict(opts, han="1,2,3,4", limits="0")
        return ["reverse" + table_key(*c)[5:] for c in _table_cells(rev) if c[3] != 20 or True]
    if kind in ("fu", "fu_items"):
        target = opts.get("target", "any")
        fus = [f for f in FU_TARGETS if kind == "fu" or f != 25]
        return [f"{kind}:{f}" for f in fus if target in ("any", str(f))]
    if kind == "quick":
        target = opts.get("target", "any")
        return [f"quick:{p}" for p in QUICK_PATTERNS if target in ("any", p)]
    return []


# -- shared text ---------------------------------------------------------------------------------

_PAYER: Final = {
    "discarder": gettext_lazy("The discarder"),
    "dealer": gettext_lazy("The dealer"),
    "non_dealer": gettext_lazy("Each non-dealer"),
    "each": gettext_lazy("Each other player"),
}


def step_text(step: Mapping[str, Any]) -> str:
    """An engine step in the current language: its template translated, then filled in."""
    params = {k: v for k, v in step.items() if k not in ("why", "text", "step")}
    params["tiles"] = " ".join(str(t) for t in step.get("tiles", ()))
    if "payer" in step:
        params["payer_name"] = str(_PAYER.get(str(step["payer"]), step.get("payer_name", "")))
    try:
        return _(str(step["why"])).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(step.get("text", ""))


def _steps(result: Mapping[str, Any], kinds: Sequence[str]) -> list[str]:
    return [step_text(s) for s in result["steps"] if s["step"] in kinds]


def cell_derivation(fu: int, han: int, dealer: bool, win: str, rules: Rules) -> list[str]:
    """How a table cell is worked out, in the engine's own sentences (trace.TEXT)."""
    limit, base = limit_for(han, fu, rules)
    raw = base_points(fu, han)
    lines: list[str] = []
    if limit:
        lines.append(_(TEXT["limit"]).format(han=han, fu=fu, limit=limit, base=base))
        if limit == "mangan" and han < 5 and rules.kiriage and raw == 1920:
            lines.append(_("Kiriage mangan: 1920 base points are rounded up to a mangan."))
    else:
        lines.append(_(TEXT["base_points"]).format(fu=fu, han=han, base=base))
    for payer, multiplier, unrounded, amount in raw_payments(base, dealer, win == "tsumo"):
        lines.append(
            _(TEXT["payment"]).format(
                payer_name=_PAYER[payer],
                multiplier=multiplier,
                base=base,
                raw=unrounded,
                amount=amount,
            )
        )
    return lines


def _yaku_name(yaku_id: str) -> str:
    for y in YAKU:
        if y.id == yaku_id:
            return _(y.name)
    return yaku_id


# -- number parsing and multiple choice -----------------------------------------------------------


def parse_number(text: str) -> int | None:
    digits = text.strip().replace(",", "").replace(" ", "").replace("_", "")
    return int(digits) if digits.isdigit() else None


def _choices(rng: random.Random, correct: int, pool: Sequence[int], n: int = 4) -> list[int]:
    """The right number and ``n - 1`` plausible wrong ones, nearest first, shuffled."""
    others = sorted({p for p in pool if p != correct}, key=lambda p: (abs(p - correct), p))
    picked = [correct, *others[: n - 1]]
    rng.shuffle(picked)
    return picked


def _number_field(
    name: str,
    label: str,
    correct: int,
    pool: Sequence[int],
    opts: Mapping[str, str],
    rng: random.Random,
) -> Field:
    f = Field(name, label)
    if opts.get("mode") == "choice":
        f.choices = [(str(v), str(v)) for v in _choices(rng, correct, pool)]
    return f


# -- table and reverse table ---------------------------------------------------------------------


def _who(dealer: bool, win: str) -> str:
    if dealer:
        return _("Dealer, ron") if win == "ron" else _("Dealer, tsumo")
    return _("Non-dealer, ron") if win == "ron" else _("Non-dealer, tsumo")


def _payment_fields(
    c: Cell, win: str, opts: Mapping[str, str], rng: random.Random, pool_rules: Rules
) -> tuple[list[Field], dict[str, int]]:
    rows = [cell(f, h, c.dealer, pool_rules) for h in (*HAN_ROWS, 5, 6) for f in FU_COLUMNS]
    if win == "ron":
        pool = [r.ron for r in rows]
        return [_number_field("ron", _("The discarder pays"), c.ron, pool, opts, rng)], {
            "ron": c.ron
        }
    if c.dealer:
        pool = [r.tsumo_others for r in rows]
        label = _("Each other player pays")
        return [_number_field("tsumo_others", label, c.tsumo_others, pool, opts, rng)], {
            "tsumo_others": c.tsumo_others
        }
    dealer_pays = c.tsumo_dealer or 0
    fields = [
        _number_field(
            "tsumo_others",
            _("Each non-dealer pays"),
            c.tsumo_others,
            [r.tsumo_others for r in rows],
            opts,
            rng,
        ),
        _number_field(
            "tsumo_dealer",
            _("The dealer pays"),
            dealer_pays,
            [r.tsumo_dealer or 0 for r in rows],
            opts,
            rng,
        ),
    ]
    return fields, {"tsumo_others": c.tsumo_others, "tsumo_dealer": dealer_pays}


def _parse_table_key(key: str) -> tuple[bool, str, int, int | None]:
    parts = key.split(":")
    fu = int(parts[4]) if len(parts) > 4 else None
    return parts[1] == "d", parts[2], int(parts[3]), fu


def _table(seed: int, opts: dict[str, str]) -> Question:
    rng = _rng("table", seed, opts)
    rules = _rules(opts)
    if "item" in opts:
        dealer, win, han, fu_or_none = _parse_table_key(opts["item"])
    else:
        cells = _table_cells(opts)
        if not cells:
            raise QuizError(_("No table cell matches these filters."))
        dealer, win, han, fu_or_none = rng.choice(cells)
    fu = fu_or_none if fu_or_none is not None else 30
    c = cell(fu, han, dealer, rules)
    fields, expected = _payment_fields(c, win, opts, rng, rules)
    if fu_or_none is None:
        prompt = _("%(who)s: %(limit)s (%(han)d han). What is paid?") % {
            "who": _who(dealer, win),
            "limit": c.limit,
            "han": han,
        }
    else:
        prompt = _("%(who)s: %(fu)d fu %(han)d han. What is paid?") % {
            "who": _who(dealer, win),
            "fu": fu,
            "han": han,
        }
    return Question(
        kind="table",
        seed=seed,
        key=table_key(dealer, win, han, fu_or_none),
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=cell_derivation(fu, han, dealer, win, rules),
        cell=(dealer, fu, han) if fu_or_none is not None else None,
        rules=rules.name,
    )


def _payments_of(c: Cell, win: str) -> tuple[int, ...]:
    if win == "ron":
        return (c.ron,)
    return (c.tsumo_others, c.tsumo_dealer or 0)


def _reverse(seed: int, opts: dict[str, str]) -> Question:
    rng = _rng("reverse", seed, opts)
    rules = _rules(opts)
    if "item" in opts:
        dealer, win, han, fu_or_none = _parse_table_key("table" + opts["item"][7:])
    else:
        dealer, win, han, fu_or_none = rng.choice(
            _table_cells(dict(opts, han="1,2,3,4", limits="0"))
        )
    fu = fu_or_none or 30
    shown = cell(fu, han, dealer, rules)
    target = _payments_of(shown, win)
    accepted = [
        (f, h)
        for h in HAN_ROWS
        for f in FU_COLUMNS
        if _cell_ok(c := cell(f, h, dealer, rules), win) and _payments_of(c, win) == target
    ]
    if win == "ron":
        amount = f"{shown.ron}"
    elif dealer:
        amount = _("%(each)d all") % {"each": shown.tsumo_others}
    else:
        amount = f"{shown.tsumo_others} / {shown.tsumo_dealer}"
    prompt = _("%(who)s for %(amount)s: name a fu and han that pay exactly this.") % {
        "who": _who(dealer, win),
        "amount": amount,
    }
    fields = [
        _number_field("fu", _("Fu"), fu, FU_COLUMNS, opts, rng),
        _number_field("han", _("Han"), han, HAN_ROWS, opts, rng),
    ]
    if opts.get("mode") == "choice":
        fields[0].choices = [(str(f), str(f)) for f in FU_COLUMNS]
        fields[1].choices = [(str(h), str(h)) for h in HAN_ROWS]
    pairs = ", ".join(_("%(fu)d fu %(han)d han") % {"fu": f, "han": h} for f, h in accepted)
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


# -- targeted hand generation --------------------------------------------------------------------

_SUITS: Final = "mps"
_DRAGONS: Final = ("5z", "6z", "7z")


@dataclass
class _Block:
    shape: str  # seq, trip, kan
    terminal: bool = False
    called: bool = False
    tile: str = ""  # first tile (seq) or the tile (trip / kan)


def _tile(value: int, suit: str) -> str:
    return f"{value}{suit}"


def _recipe_fu(
    blocks: Sequence[_Block],
    pair_fu: int,
    wait: str,
    win_block: int,
    tsumo: bool,
    closed: bool,
) -> int:
    """The fu the recipe should score (RULES.md §2); the engine has the last word."""
    all_seq = all(b.shape == "seq" for b in blocks)
    if closed and all_seq and pair_fu == 0 and wait == "ryanmen":
        return 20 if tsumo else 30
    raw = 20 + (10 if closed and not tsumo else 0) + (2 if tsumo else 0)
    for i, b in enumerate(blocks):
        if b.shape == "seq":
            continue
        concealed = not b.called and not (i == win_block and wait == "shanpon" and not tsumo)
        raw += (
            2 * (2 if b.terminal else 1) * (2 if concealed else 1) * (4 if b.shape == "kan" else 1)
        )
    raw += pair_fu + (2 if wait in ("kanchan", "penchan", "tanki") else 0)
    fu = -(-raw // 10) * 10
    return 30 if fu == 20 else fu


def _draw_recipe(
    rng: random.Random,
    target: int | None,
    wait: str | None,
    open_: bool | None,
    tsumo: bool | None,
    pinfu: bool | None,
    rules: Rules,
) -> tuple[list[_Block], int, str, int, bool, bool, str] | None:
    closed = not open_ if open_ is not None else rng.random() < 0.6
    tsumo = tsumo if tsumo is not None else rng.random() < 0.5
    if pinfu:
        closed, wait = True, "ryanmen"
    rich = 0.15 if target is None else min(0.85, max(0.05, (target - 25) / 60))
    blocks = []
    for _i in range(4):
        if pinfu or rng.random() > rich:
            blocks.append(_Block("seq", called=not closed and rng.random() < 0.5))
            continue
        kan = rng.random() < rich * 0.45
        blocks.append(
            _Block(
                "kan" if kan else "trip",
                terminal=rng.random() < 0.5,
                called=(not closed) and rng.random() < 0.6,
            )
        )
    if not closed and not any(b.called for b in blocks):
        rng.choice(blocks).called = True
    pair_kind = (
        "plain"
        if pinfu or rng.random() < 0.6
        else rng.choice(("dragon", "seat", "round", "double"))
    )
    pair_fu = {"plain": 0, "dragon": 2, "seat": 2, "round": 2, "double": rules.double_wind_fu}[
        pair_kind
    ]
    # The winning tile completes a concealed block or the pair.
    open_seqs = [i for i, b in enumerate(blocks) if b.shape == "seq" and not b.called]
    open_trips = [i for i, b in enumerate(blocks) if b.shape == "trip" and not b.called]
    options = []
    if open_seqs:
        options += ["ryanmen", "kanchan", "penchan"]
    if open_trips:
        options.append("shanpon")
    options.append("tanki")
    if wait is None:
        wait = rng.choice(options)
    if wait not in options:
        return None
    if wait in ("ryanmen", "kanchan", "penchan"):
        win_block = rng.choice(open_seqs)
    elif wait == "shanpon":
        win_block = rng.choice(open_trips)
    else:
        win_block = -1
    all_seq = all(b.shape == "seq" for b in blocks)
    if pinfu is False and closed and all_seq and pair_fu == 0 and wait == "ryanmen":
        return None
    fu = _recipe_fu(blocks, pair_fu, wait, win_block, tsumo, closed)
    if target is not None and fu != target:
        return None
    return blocks, pair_fu, wait, win_block, tsumo, closed, pair_kind


def _realise(
    rng: random.Random, recipe: tuple[list[_Block], int, str, int, bool, bool, str]
) -> dict[str, Any] | None:
    blocks, _pair_fu, wait, win_block, tsumo, closed, pair_kind = recipe
    counts: dict[str, int] = {}
    seat = rng.choice(("1z", "2z", "3z", "4z"))
    round_ = rng.choice(("1z", "2z"))
    tanyao = not closed and not any(b.terminal for b in blocks if b.shape != "seq")
    yakuhai_needed = not closed and not tanyao

    def take(tiles: Sequence[str]) -> bool:
        for t in tiles:
            if counts.get(t, 0) >= 4:
                return False
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1
        return True

    # pair
    value_winds = {seat, round_}
    if pair_kind == "plain":
        if tanyao:
            pair = _tile(rng.randint(2, 8), rng.choice(_SUITS))
        else:
            plain_winds = [w for w in ("1z", "2z", "3z", "4z") if w not in value_winds]
            pool = [_tile(rng.randint(1, 9), rng.choice(_SUITS)), *plain_winds]
            pair = rng.choice(pool)
    elif tanyao:
        return None
    elif pair_kind == "dragon":
        pair = rng.choice(_DRAGONS)
    elif pair_kind == "double":
        pair = seat = round_
    elif pair_kind == "seat":
        if seat == round_:
            return None
        pair = seat
    else:
        if seat == round_:
            return None
        pair = round_
    take([pair, pair])
    concealed: list[str] = []
    melds: list[str] = []
    win = ""
    honour_used = False
    for i, b in enumerate(blocks):
        suit = rng.choice(_SUITS)
        if b.shape == "seq":
            lo, hi = (2, 6) if tanyao else (1, 7)
            if i == win_block and wait == "penchan":
                v = rng.choice((1, 7))
            elif i == win_block and wait == "kanchan":
                v = rng.randint(max(lo, 1), hi)
            elif i == win_block and wait == "ryanmen":
                v = rng.randint(lo, hi)
            else:
                v = rng.randint(lo, hi)
            tiles = [_tile(v + k, suit) for k in range(3)]
            if not take(tiles):
                return None
            if i == win_block:
                if wait == "penchan":
                    w = 2 if v == 1 else 0
                elif wait == "kanchan":
                    w = 1
                else:
                    ends = [
                        e for e in (0, 2) if not (e == 0 and v == 7) and not (e == 2 and v == 1)
                    ]
                    w = rng.choice(ends)
                win = tiles[w]
                concealed += tiles[:w] + tiles[w + 1 :]
            elif b.called:
                melds.append(f"[{v}-{v + 1}{v + 2}{suit}]")
            else:
                concealed += tiles
            continue
        if b.terminal:
            if yakuhai_needed and not honour_used:
                t = rng.choice(_DRAGONS)
                honour_used = True
            else:
                t = rng.choice((_tile(1, suit), _tile(9, suit), "1z", "2z", "3z", "4z", *_DRAGONS))
        else:
            t = _tile(rng.randint(2, 8), suit)
        n = 4 if b.shape == "kan" else 3
        if not take([t] * n):
            return None
        digit, s = t[0], t[1]
        if b.shape == "kan":
            if b.called:
                melds.append(f"[{digit}={digit * 3}{s}]")
            else:
                melds.append(f"({digit * 4}{s})")
        elif b.called:
            melds.append(f"[{digit}={digit * 2}{s}]")
        elif i == win_block:
            win = t
            concealed += [t, t]
        else:
            concealed += [t] * 3
    if yakuhai_needed and not honour_used:
        return None
    if win_block == -1:
        win = pair
        concealed.append(pair)
    else:
        concealed += [pair, pair]
    if not win:
        return None
    return {
        "hand": _mpsz(concealed) + "".join(melds),
        "win": win,
        "tsumo": tsumo,
        "seat": seat,
        "round": round_,
        "riichi": closed,
    }


def _mpsz(tiles: Sequence[str]) -> str:
    out = []
    for suit in "mpsz":
        digits = sorted(t[0] for t in tiles if t[1] == suit)
        if digits:
            out.append("".join(digits) + suit)
    return "".join(out)


def _chiitoitsu(rng: random.Random, rules: Rules) -> dict[str, Any]:
    kinds = [f"{v}{s}" for s in _SUITS for v in range(1, 10)] + [f"{v}z" for v in range(1, 8)]
    pairs = rng.sample(kinds, 7)
    win = pairs[0]
    tiles = [t for p in pairs for t in (p, p)]
    tiles.remove(win)
    tsumo = rng.random() < 0.5
    return {
        "hand": _mpsz(tiles),
        "win": win,
        "tsumo": tsumo,
        "seat": rng.choice(("1z", "2z", "3z", "4z")),
        "round": "1z",
        "riichi": rng.random() < 0.7 or not tsumo,
    }


def fu_hand(
    rng: random.Random,
    *,
    target: int | None = None,
    wait: str | None = None,
    open_: bool | None = None,
    tsumo: bool | None = None,
    pinfu: bool | None = None,
    rules: str = "tenhou",
    tries: int = 4000,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A scored hand with the wanted fu / wait / openness: built from blocks chosen to hit the
    target, then checked with the engine (retried until the engine agrees)."""
    rule_set = PRESETS[rules]
    free = target is None and open_ is None and pinfu is None and tsumo is None
    if target == 25 or (free and wait in (None, "tanki") and rng.random() < 0.08):
        if open_ or pinfu or wait not in (None, "tanki") or rule_set.chiitoitsu_fu != 25:
            raise QuizError(_("A 25 fu hand is seven pairs: closed, with a single wait."))
        request = dict(_chiitoitsu(rng, rule_set), rules=rules)
        return request, score_request(request)
    if target == 20:
        if wait not in (None, "ryanmen") or open_:
            raise QuizError(_("A 20 fu hand is a closed pinfu tsumo with a two-sided wait."))
        open_, tsumo, pinfu = False, True, True
    for _i in range(tries):
        recipe = _draw_recipe(rng, target, wait, open_, tsumo, pinfu, rule_set)
        if recipe is None:
            continue
        built = _realise(rng, recipe)
        if built is None:
            continue
        request = dict(built, rules=rules)
        result = score_request(request)
        if not result["ok"] or result["yakuman"]:
            continue
        if target is not None and result["fu"] != target:
            continue
        got_wait = next(s for s in result["steps"] if s["step"] == "wait")["wait"]
        if wait is not None and got_wait != wait:
            continue
        pinfu_holds = any(y["id"] == "pinfu" for y in result["yaku"])
        if pinfu is not None and pinfu_holds != pinfu:
            continue
        closed = result["steps"][0]["closed"]
        if open_ is not None and closed == open_:
            continue
        return request, result
    raise QuizError(_("Could not build a hand with these properties: try other filters."))


# -- hand questions ------------------------------------------------------------------------------


def _facts(request: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """The situation of a hand, in words."""
    winds = {"1z": _("East"), "2z": _("South"), "3z": _("West"), "4z": _("North")}
    seat = str(request.get("seat", "1z"))
    facts = [
        _("Seat: %(seat)s%(dealer)s. Round: %(round)s.")
        % {
            "seat": winds[seat],
            "dealer": _(" (dealer)") if seat == "1z" else "",
            "round": winds[str(request.get("round", "1z"))],
        },
        _("Won by tsumo (self-draw).") if request.get("tsumo") else _("Won by ron (a discard)."),
    ]
    extras = [
        (key, label)
        for key, label in (
            ("riichi", _("riichi")),
            ("double_riichi", _("double riichi")),
            ("ippatsu", _("ippatsu")),
            ("haitei", _("last tile (haitei)")),
            ("houtei", _("last discard (houtei)")),
            ("rinshan", _("after a kan (rinshan)")),
            ("chankan", _("robbing a kan (chankan)")),
        )
        if request.get(key)
    ]
    if extras:
        facts.append(
            _("Declared / situation: %(list)s.") % {"list": ", ".join(e[1] for e in extras)}
        )
    if request.get("dora"):
        facts.append(_("Dora indicators: %(tiles)s.") % {"tiles": request["dora"]})
    if request.get("ura") and request.get("riichi"):
        facts.append(_("Ura dora indicators: %(tiles)s.") % {"tiles": request["ura"]})
    if request.get("rules", "tenhou") != "tenhou":
        facts.append(_("Rules: %(rules)s.") % {"rules": request["rules"]})
    return facts


def _fu(seed: int, opts: dict[str, str], itemised: bool) -> Question:
    kind = "fu_items" if itemised else "fu"
    rng = _rng(kind, seed, opts)
    target_text = opts["item"].split(":")[1] if "item" in opts else opts["target"]
    target = None if target_text == "any" else int(target_text)
    wait = None if opts["wait"] == "any" else opts["wait"]
    open_ = {"any": None, "open": True, "closed": False}[opts["open"]]
    if itemised and target is None:
        target = rng.choice([f for f in FU_TARGETS if f != 25])
    request, result = fu_hand(rng, target=target, wait=wait, open_=open_, rules=opts["rules"])
    fu = int(result["fu"])
    derivation = _steps(result, ("reading", "wait", "fu", "fu_total"))
    fields: list[Field]
    expected: dict[str, Any]
    if not itemised:
        fields = [_number_field("fu", _("Fu"), fu, FU_TARGETS, opts, rng)]
        expected = {"fu": fu}
        prompt = _("How many fu is this hand worth?")
    else:
        fields, expected = _fu_item_fields(result, opts, rng)
        prompt = _("Give the fu of each part of the hand, then the rounded total.")
    return Question(
        kind=kind,
        seed=seed,
        key=f"{kind}:{fu}",
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=_facts(request, result),
    )


def _fu_item_fields(
    result: Mapping[str, Any], opts: Mapping[str, str], rng: random.Random
) -> tuple[list[Field], dict[str, Any]]:
    reading = next(s for s in result["steps"] if s["step"] == "reading")
    items = list(result["fu_items"])
    used = [False] * len(items)

    def take(pred: Any) -> int:
        total = 0
        for i, item in enumerate(items):
            if not used[i] and pred(item):
                used[i] = True
                total += int(item["fu"])
        return total

    fields: list[Field] = []
    expected: dict[str, Any] = {}
    pool = (0, 2, 4, 8, 10, 16, 32)
    win_fu = take(lambda it: it["id"] in ("closed_ron", "tsumo", "pinfu_tsumo"))
    fields.append(_number_field("win", _("Win (menzen ron / tsumo)"), win_fu, pool, opts, rng))
    expected["win"] = win_fu
    for n, block in enumerate(reading["blocks"], start=1):
        tiles = sorted(block["tiles"])
        fu = take(
            lambda it, tiles=tiles: (
                it["id"].endswith(("triplet", "kan")) and sorted(it["tiles"]) == tiles
            )
        )
        label = _("Block %(n)d: %(tiles)s") % {"n": n, "tiles": " ".join(block["tiles"])}
        fields.append(_number_field(f"block{n}", label, fu, pool, opts, rng))
        expected[f"block{n}"] = fu
    pair_fu = take(lambda it: it["id"].startswith("pair_"))
    pair = reading["pairs"][0] if reading["pairs"] else []
    label = _("Pair: %(tiles)s") % {"tiles": " ".join(pair)}
    fields.append(_number_field("pair", label, pair_fu, pool, opts, rng))
    expected["pair"] = pair_fu
    wait_fu = take(lambda it: it["id"].startswith("wait_"))
    fields.append(_number_field("wait", _("Wait"), wait_fu, pool, opts, rng))
    expected["wait"] = wait_fu
    fields.append(
        _number_field("fu", _("Total, rounded"), int(result["fu"]), FU_TARGETS, opts, rng)
    )
    expected["fu"] = int(result["fu"])
    return fields, expected


def _scored_hand(
    rng: random.Random, opts: Mapping[str, str], **knobs: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A generated hand (scorer.engine.generate) that scores, with the dealer / win filters."""
    for _i in range(300):
        request = generate_request(
            rng, yakuman=False, ensure_yaku=True, wareme=False, rules=opts["rules"], **knobs
        )
        dealer = request.get("seat") == "1z"
        if opts.get("dealer") == "dealer" and not dealer:
            continue
        if opts.get("dealer") == "non" and dealer:
            continue
        if opts.get("win") in ("ron", "tsumo") and bool(request["tsumo"]) != (
            opts["win"] == "tsumo"
        ):
            continue
        result = score_request(request)
        if result["ok"] and not result["yakuman"]:
            return request, result
    raise QuizError(_("Could not build a hand with these properties: try other filters."))


def _yaku(seed: int, opts: dict[str, str]) -> Question:
    rng = _rng("yaku", seed, opts)
    request, result = _scored_hand(rng, opts, shape="standard", honba=False)
    present = sorted(
        {y["id"] for y in result["yaku"] if y["id"] not in ("dora", "aka_dora", "ura_dora")}
    )
    absent = [
        s["id"] for s in result["steps"] if s["step"] == "yaku_absent" and s["id"] != "yakuhai"
    ]
    known = {y.id for y in YAKU}
    pool = [y for y in absent if y in known and y not in present]
    rng.shuffle(pool)
    offered = set(present) | set(pool[: max(3, 8 - len(present))])
    choices = [(y.id, _(y.name)) for y in YAKU if y.id in offered]
    han = int(result["han"])
    fields = [
        Field("yaku", _("Yaku present"), choices=choices, multiple=True, numeric=False),
        _number_field("han", _("Total han (dora included)"), han, range(1, 14), opts, rng),
    ]
    return Question(
        kind="yaku",
        seed=seed,
        key=f"yaku:{min(han, 6)}",
        options=opts,
        prompt=_("Which yaku does this hand have, and how many han in all?"),
        fields=fields,
        expected={"yaku": present, "han": han},
        derivation=_steps(result, ("yaku", "dora", "han_total")),
        request=request,
        result=result,
        rules=opts["rules"],
        facts=_facts(request, result),
    )


def _payments(seed: int, opts: dict[str, str]) -> Question:
    rng = _rng("payments", seed, opts)
    request, result = _scored_hand(rng, opts, honba=False)
    pay = result["payments"]
    tsumo = bool(request["tsumo"])
    dealer = request.get("seat") == "1z"
    pool_cells = [cell(f, h, dealer) for h in (*HAN_ROWS, 5, 6, 8) for f in FU_COLUMNS]
    fields: list[Field]
    if not tsumo:
        expected = {"ron": pay["ron"]}
        fields = [
            _number_field(
                "ron", _("The discarder pays"), pay["ron"], [c.ron for c in pool_cells], opts, rng
            )
        ]
    elif dealer:
        expected = {"tsumo_others": pay["tsumo_others"]}
        fields = [
            _number_field(
                "tsumo_others",
                _("Each other player pays"),
                pay["tsumo_others"],
                [c.tsumo_others for c in pool_cells],
                opts,
                rng,
            )
        ]
    else:
        expected = {"tsumo_others": pay["tsumo_others"], "tsumo_dealer": pay["tsumo_dealer"]}
        fields = [
            _number_field(
                "tsumo_others",
                _("Each non-dealer pays"),
                pay["tsumo_others"],
                [c.tsumo_others for c in pool_cells],
                opts,
                rng,
            ),
            _number_field(
                "tsumo_dealer",
                _("The dealer pays"),
                pay["tsumo_dealer"],
                [c.tsumo_dealer or 0 for c in pool_cells],
                opts,
                rng,
            ),
        ]
    limit = result["limit"] or f"{result['fu']}:{result['han']}"
    return Question(
        kind="payments",
        seed=seed,
        key=f"payments:{'d' if dealer else 'n'}:{'tsumo' if tsumo else 'ron'}:{limit}"[:80],
        options=opts,
        prompt=_("Score this hand: what does each player pay?"),
        fields=fields,
        expected=expected,
        derivation=_steps(
            result, ("fu_total", "yaku", "dora", "han_total", "limit", "base_points", "payment")
        ),
        request=request,
        result=result,
        cell=(dealer, int(result["fu"]), int(result["han"])) if not result["limit"] else None,
        rules=opts["rules"],
        facts=_facts(request, result),
    )


def _honba(seed: int, opts: dict[str, str]) -> Question:
    """A table payment plus honba and riichi sticks, worked out by the engine on a real hand."""
    rng = _rng("honba", seed, opts)
    request, result = _scored_hand(rng, opts, honba=False)
    request = dict(request, honba=rng.randint(1, 4), sticks=rng.choice((0, 1, 1, 2, 3)))
    plain = result["payments"]
    result = score_request(request)
    pay = result["payments"]
    tsumo = bool(request["tsumo"])
    dealer = request.get("seat") == "1z"
    honba, sticks = request["honba"], request["sticks"]
    if not tsumo:
        before = _("a ron for %(ron)d") % {"ron": plain["ron"]}
    elif dealer:
        before = _("a dealer tsumo for %(each)d all") % {"each": plain["tsumo_others"]}
    else:
        before = _("a tsumo for %(others)d / %(dealer)d") % {
            "others": plain["tsumo_others"],
            "dealer": plain["tsumo_dealer"],
        }
    prompt = _(
        "%(who)s: %(before)s, with %(honba)d honba and %(sticks)d riichi stick(s) on the table. "
        "What is paid, and what does the winner collect in all?"
    ) % {
        "who": _who(dealer, "tsumo" if tsumo else "ron"),
        "before": before,
        "honba": honba,
        "sticks": sticks,
    }
    expected: dict[str, Any] = {}
    fields: list[Field] = []
    collect = int(pay["total"]) + int(pay["sticks"])
    spread = [collect + d for d in (-1000, -300, -200, -100, 100, 200, 300, 1000)]
    if not tsumo:
        expected["ron"] = pay["ron"]
        fields.append(
            _number_field(
                "ron",
                _("The discarder pays"),
                pay["ron"],
                [pay["ron"] + d for d in (-300, -100, 100, 300, 600)],
                opts,
                rng,
            )
        )
    else:
        expected["tsumo_others"] = pay["tsumo_others"]
        label = _("Each other player pays") if dealer else _("Each non-dealer pays")
        fields.append(
            _number_field(
                "tsumo_others",
                label,
                pay["tsumo_others"],
                [pay["tsumo_others"] + d for d in (-200, -100, 100, 200, 300)],
                opts,
                rng,
            )
        )
        if not dealer:
            expected["tsumo_dealer"] = pay["tsumo_dealer"]
            fields.append(
                _number_field(
                    "tsumo_dealer",
                    _("The dealer pays"),
                    pay["tsumo_dealer"],
                    [pay["tsumo_dealer"] + d for d in (-200, -100, 100, 300)],
                    opts,
                    rng,
                )
            )
    expected["collect"] = collect
    fields.append(
        _number_field("collect", _("The winner collects in all"), collect, spread, opts, rng)
    )
    derivation = _steps(result, ("payment", "honba", "sticks", "total"))
    derivation.append(
        _("With the sticks: %(total)d + %(sticks)d = %(collect)d.")
        % {"total": pay["total"], "sticks": pay["sticks"], "collect": collect}
    )
    return Question(
        kind="honba",
        seed=seed,
        key=f"honba:{'d' if dealer else 'n'}:{'tsumo' if tsumo else 'ron'}",
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=derivation,
        rules=opts["rules"],
    )


def quick_pattern(result: Mapping[str, Any]) -> str:
    """The quick method of seed 002: which pattern a scored hand belongs to."""
    reading = next(s for s in result["steps"] if s["step"] == "reading")
    if reading["form"] == "chiitoitsu":
        return "25"
    closed = bool(result["steps"][0]["closed"])
    tsumo = result["steps"][0]["how"] == "tsumo"
    if not closed:
        return "30+"
    if any(y["id"] == "pinfu" for y in result["yaku"]):
        return "20" if tsumo else "30"
    return "30+" if tsumo else "40+"


_QUICK_WHY: Final = {
    "25": gettext_lazy("Seven pairs (chiitoitsu) is always 25 fu."),
    "20": gettext_lazy("Pinfu by tsumo is 20 fu."),
    "30": gettext_lazy("Pinfu by ron is 30 fu."),
    "30+": gettext_lazy(
        "An open hand, or a closed hand won by tsumo without pinfu: 30 fu or more."
    ),
    "40+": gettext_lazy("A closed hand won by ron without pinfu: 40 fu or more."),
}


def _quick(seed: int, opts: dict[str, str]) -> Question:
    rng = _rng("quick", seed, opts)
    target = opts["item"].split(":")[1] if "item" in opts else opts["target"]
    if target == "any":
        target = rng.choice(QUICK_PATTERNS)
    table: dict[str, dict[str, Any]] = {
        "25": {"target": 25},
        "20": {"target": 20},
        "30": {"pinfu": True, "tsumo": False},
        "30+": {"open_": True}
        if rng.random() < 0.5
        else {"open_": False, "tsumo": True, "pinfu": False},
        "40+": {"open_": False, "tsumo": False, "pinfu": False},
    }
    knobs = table[target]
    request, result = fu_hand(rng, rules=opts["rules"], **knobs)
    pattern = quick_pattern(result)
    fields = [
        Field("pattern", _("Pattern"), choices=[(p, p) for p in QUICK_PATTERNS], numeric=False)
    ]
    derivation = [str(_QUICK_WHY[pattern])]
    derivation.append(_("The exact count: %(fu)d fu.") % {"fu": result["fu"]})
    derivation += _steps(result, ("fu", "fu_total"))
    return Question(
        kind="quick",
        seed=seed,
        key=f"quick:{pattern}",
        options=opts,
        prompt=_("Quick method: which fu pattern does this hand belong to?"),
        fields=fields,
        expected={"pattern": pattern},
        derivation=derivation,
        request=request,
        result=result,
        rules=opts["rules"],
        facts=_facts(request, result),
    )


def make_question(kind: str, seed: int, raw_options: Mapping[str, str] | None = None) -> Question:
    """The question ``seed`` of ``kind`` under these options: the same every time."""
    opts = normalise(kind, raw_options or {})
    if kind == "table":
        return _table(seed, opts)
    if kind == "reverse":
        return _reverse(seed, opts)
    if kind in ("fu", "fu_items"):
        return _fu(seed, opts, itemised=kind == "fu_items")
    if kind == "yaku":
        return _yaku(seed, opts)
    if kind == "payments":
        return _payments(seed, opts)
    if kind == "honba":
        return _honba(seed, opts)
    return _quick(seed, opts)


# -- checking ------------------------------------------------------------------------------------


def check(question: Question, answers: Mapping[str, Any]) -> Verdict:
    """Compare the given answers with the expected ones (any right fu/han pair for reverse).

    ``answers`` maps field names to strings (or a list of strings for a multiple field)."""
    verdicts: list[FieldVerdict] = []
    if question.kind == "reverse":
        fu = parse_number(str(answers.get("fu", "")))
        han = parse_number(str(answers.get("han", "")))
        ok = (fu, han) in question.accepted
        for name, value in (("fu", fu), ("han", han)):
            label = next(x.label for x in question.fields if x.name == name)
            shown = str(question.expected[name]) if not ok else str(value)
            verdicts.append(FieldVerdict(name, label, str(answers.get(name, "")), shown, ok))
        return Verdict(ok, verdicts)
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
                    ", ".join(names.get(g, g) for g in given_list) or "—",
                    ", ".join(names.get(w, w) for w in want) or "—",
                    ok,
                )
            )
            continue
        text = str(got[0] if isinstance(got, list) and got else got or "")
        ok = parse_number(text) == want if f.numeric else text.strip() == str(want)
        verdicts.append(FieldVerdict(f.name, f.label, text.strip() or "—", str(want), ok))
    return Verdict(all(v.ok for v in verdicts), verdicts)


# -- tables for display --------------------------------------------------------------------------


def _cell_text(c: Cell, win: str) -> tuple[str, str]:
    ron = str(c.ron) if c.ron_exists else "—"
    if not c.tsumo_exists:
        tsumo = "—"
    elif c.dealer:
        tsumo = _("%(each)d all") % {"each": c.tsumo_others}
    else:
        tsumo = f"{c.tsumo_others}/{c.tsumo_dealer}"
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
) -> dict[str, Any]:
    """The quick-reference table (1-4 han x 20-110 fu) of the engine, ready for a template:
    payments per cell, with mastery ``levels`` and one ``highlight`` cell if given."""
    rule_set = PRESETS[rules]
    rows = []
    for han in HAN_ROWS:
        cells = []
        for fu in FU_COLUMNS:
            c = cell(fu, han, dealer, rule_set)
            exists = c.exists and (
                c.ron_exists or c.tsumo_exists if win == "both" else _cell_ok(c, win)
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
                    "highlight": highlight == (dealer, fu, han),
                }
            )
        rows.append({"han": han, "cells": cells})
    title = _("Dealer") if dealer else _("Non-dealer")
    return {"dealer": dealer, "title": title, "cols": FU_COLUMNS, "rows": rows, "win": win}
