"""Quiz basics: the types every drill shares (a question, its answer fields and verdict, a
slip, a drill), reading options, the shared wording, and checking an answer field by field.

Pure functions (no database, no request). Each drill (a module of ``tutor/quiz/drills/``) is
one :class:`Drill`: how it reads its options, which items it drills, how it builds a question
(always the same for the same seed and options, so a question or a whole set can be shared as a
URL) and what its feedback adds; ``tutor.quiz.registry`` serves them by kind. Every expected
answer comes from the engine (``scorer.engine.tables`` for table cells, ``score_request`` for
hands).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scorer.answers import read_number
from scorer.engine import ALL_PRESETS, PRESETS, THREE_PLAYER_PRESETS
from scorer.engine.notation import NotationError, format_tiles
from scorer.engine.rules import Rules
from scorer.numbers import points_text, power_of_two
from scorer.params import parse_int
from scorer.vocabulary import (
    HONOUR_NAMES,
    PAYER_NAMES,
    PRESET_LABELS,
    SANMA_PAYER_NAMES,
    join_list,
    wait_name,
)
from tutor.course.lessons import topic_url
from tutor.course.names import limit_label

#: Rule sets offered in the filters (kiriage changes some table answers).
RULE_SETS: Final = tuple(name for name in PRESETS if name != "aotenjou")
#: The score-table drill also has three-player tables (its hands are not drawn from the
#: four-player set, so sanma fits there): the tsumo rows differ (two payers).
TABLE_RULE_SETS: Final = (*RULE_SETS, *THREE_PLAYER_PRESETS)
SET_LENGTH: Final = 10
#: The prefix of an answer field's name in a form (``a_ron``): the rest is the field's name.
ANSWER_PREFIX: Final = "a_"
#: The largest question seed a URL may give: a seed fits a 63-bit database integer with room to
#: spare, and so do a set's seeds (set * 1000 + n).
MAX_SEED: Final = 10**15


class QuizError(ValueError):
    """Options that name no question (bad kind, impossible filter)."""


@dataclass
class Field:
    """One answer box: typed (numeric) or chosen from ``choices`` (value, label); ``kanji``:
    the choices are yaku ids, shown with their kanji on English pages."""

    name: str
    label: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    multiple: bool = False
    numeric: bool = True
    kanji: bool = False
    #: The lowest and highest number a typed answer can be: one outside is refused with a
    #: message beside the field (:func:`field_error`), neither checked nor stored.
    bounds: tuple[int, int] | None = None
    #: The tiles the field asks about, drawn beside ``short`` on the question page (issue 28:
    #: tiles drawn, not "123m" in prose); ``label`` keeps them in words for the other pages.
    tiles: list[dict[str, str]] = field(default_factory=list)
    short: str = ""


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
    #: The field's tiles and short label (see :class:`Field`), for the answers table.
    tiles: list[dict[str, str]] = field(default_factory=list)
    short: str = ""


@dataclass
class Verdict:
    correct: bool
    fields: list[FieldVerdict]


@dataclass(frozen=True)
class Slip:
    """What the feedback names for a wrong answer: one slip as a fact, or (``ids`` longer than
    one) two or more slips that each give the learner's number, likeliest first."""

    id: str
    field: str
    value: str
    text: str
    topic: str
    ids: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    #: Two or more slips: the sentence with each "if you ..." a link to its lesson section.
    html: str = ""

    @property
    def url(self) -> str:
        """The lesson section that teaches the rule (the likeliest slip's)."""
        return topic_url(self.topic)


#: A slip applied to a question: (slip id, the answer it leads to for the fields it changes, the
#: parameters of its sentence).
Variant = tuple[str, dict[str, int], dict[str, object]]


@dataclass(frozen=True)
class Case:
    """The facts a question's payments are worked out from, which the feedback re-works with
    a slip applied (``tutor.quiz.feedback``)."""

    fu: int
    han: int
    dealer: bool
    tsumo: bool
    rules: Rules
    honba: int = 0
    sticks: int = 0
    raw: int | None = None  # the unrounded fu of a real hand
    items: tuple[tuple[str, int, str], ...] = ()  # (id, fu, note) of a real hand
    form: str = "standard"
    closed: bool = True  # a real hand without an open meld (a table cell: unknown, closed)
    red: int = 0  # the han of red fives in a real hand
    kuisagari: tuple[str, ...] = ()  # the yaku of a real open hand worth one han less open


#: The cells of a table in a question: (dealer, fu, han).
Cells = tuple[tuple[bool, int, int], ...]


# -- a drill -------------------------------------------------------------------------------------


def no_items(opts: Mapping[str, str]) -> list[str]:
    return []


def no_variants(question: Question, case: Case | None) -> list[Variant]:
    return []


def no_notes(question: Question, answers: Mapping[str, Any], found: list[Slip]) -> list[Slip]:
    return found


def preset_rules(question: Question) -> Rules:
    """The preset a question names (the engine's own rule object)."""
    return ALL_PRESETS.get(question.rules, ALL_PRESETS["tenhou"])


def table_marks(question: Question) -> tuple[str, Cells]:
    """The score table beside a question's feedback: the win its payments are for, no other
    cell marked than the question's own."""
    return ("ron" if question.expected.get("ron") is not None else "tsumo"), ()


def check_fields(question: Question, answers: Mapping[str, Any]) -> Verdict:
    """Compare each answer field with the expected one.

    ``answers`` maps field names to strings (or a list of strings for a multiple field)."""
    verdicts: list[FieldVerdict] = []
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
        verdicts.append(
            FieldVerdict(f.name, f.label, given or "—", shown, ok, tiles=f.tiles, short=f.short)
        )
    return Verdict(all(v.ok for v in verdicts), verdicts)


@dataclass(frozen=True)
class Drill:
    """One kind of question and everything the quiz needs to serve it.

    A drill module (``tutor/quiz/drills/``) builds its drills and registers them
    (``tutor.quiz.registry.register``): the menu, the question and answer URLs, the checking,
    the feedback, the progress page and the classroom's assignments then serve each one by its
    ``kind``, and nothing outside its module needs to name it."""

    #: The URL's slug, and the kind stored with every answer (at most 20 characters).
    kind: str
    #: The drill's name (the menu, the page title) and one sentence saying what it asks.
    name: str | Promise
    help: str | Promise
    #: Its place in the menu, lowest first.
    order: int
    #: The question for a seed and normalised options: the same every time.
    build: Callable[[int, dict[str, str]], Question]
    #: The drill's own options read from a request, with their defaults (a value it does not
    #: know falls back to the default); the registry adds ``mode`` and ``item``.
    options: Callable[[Mapping[str, str]], dict[str, str]]
    #: Every spaced-repetition item a question with these options can drill.
    candidates: Callable[[Mapping[str, str]], list[str]] = no_items
    #: An item asked for by name (a shared link, the heatmap): the item to ask, or None to let
    #: the schedule pick. Default: the item when it is one of ``candidates``.
    item: Callable[[str, Mapping[str, str]], str | None] | None = None
    #: Judge an answer (field by field unless the drill says otherwise).
    check: Callable[[Question, Mapping[str, Any]], Verdict] = check_fields
    #: The rule set a question is asked under.
    rules: Callable[[Question], Rules] = preset_rules
    #: The facts its feedback re-works payments from (default: the question's hand).
    case: Callable[[Question], Case | None] | None = None
    #: The slips its answers can be re-worked with (see ``tutor.quiz.feedback``).
    variants: Callable[[Question, Case | None], list[Variant]] = no_variants
    #: The slips re-worked from the learner's own answers, where they change what a slip
    #: gives (the yaku drill: the han of the yaku the learner ticked); else ``variants``.
    answered_variants: (
        Callable[[Question, Case | None, Mapping[str, Any]], list[Variant]] | None
    ) = None
    #: The feedback's list once the slips are found, with what the drill adds (the yaku drill's
    #: why and why not, how close an estimate was).
    notes: Callable[[Question, Mapping[str, Any], list[Slip]], list[Slip]] = no_notes
    #: The score table beside the feedback of a question with a ``cell``: the win column shown
    #: and the other cells marked.
    marks: Callable[[Question], tuple[str, Cells]] = table_marks
    #: Seconds on the clock when the URL names none (None: untimed unless the learner asks).
    timed: int | None = None


# -- options -------------------------------------------------------------------------------------


def pick(value: str | None, allowed: Sequence[str], default: str) -> str:
    """``value`` when it is one of ``allowed``, else ``default``."""
    return value if value is not None and value in allowed else default


def int_list(value: str | None, allowed: Sequence[int]) -> list[int]:
    """The numbers of a comma-separated list that are ``allowed`` (all of them when none is)."""
    if not value:
        return list(allowed)
    out = []
    for part in value[:200].replace(" ", ",").split(","):
        number = parse_int(part)
        if number is not None and number in allowed:
            out.append(number)
    return sorted(set(out)) or list(allowed)


def rules_option(raw: Mapping[str, str], rule_sets: Sequence[str] = RULE_SETS) -> dict[str, str]:
    """The ``rules`` option: one of ``rule_sets``, Tenhou's by default."""
    return {"rules": pick(raw.get("rules"), rule_sets, "tenhou")}


def winner_options(raw: Mapping[str, str]) -> dict[str, str]:
    """Who wins (``dealer``: any, dealer, non) and how (``win``: any, ron, tsumo)."""
    return {
        "dealer": pick(raw.get("dealer"), ("any", "dealer", "non"), "any"),
        "win": pick(raw.get("win"), ("any", "ron", "tsumo"), "any"),
    }


def payment_options(raw: Mapping[str, str]) -> dict[str, str]:
    """The rule set, who wins and how: the options of a drill on payments."""
    return {**rules_option(raw), **winner_options(raw)}


def rules_of(opts: Mapping[str, str]) -> Rules:
    return ALL_PRESETS[opts.get("rules", "tenhou")]


def rng_for(kind: str, seed: int, opts: Mapping[str, str]) -> random.Random:
    stable = ";".join(f"{k}={v}" for k, v in sorted(opts.items()) if k != "mode")
    return random.Random(f"{kind}:{seed}:{stable}")


def set_seed(set_id: int, n: int) -> int:
    """Question ``n`` of quiz set ``set_id``: a set is reproducible from its id."""
    return set_id * 1000 + n


# -- shared text ---------------------------------------------------------------------------------


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


#: A payment in the quiz's working, one payer (or one share) per sentence: "The discarder pays
#: 4 × 960 = 3,840, rounded up to 3,900." 「子はそれぞれ 640 → 700点ずつ支払います。」
PAYMENT_LINE: Final = {
    "discarder": gettext_lazy("The discarder pays %(calc)s."),
    "dealer": gettext_lazy("The dealer pays %(calc)s."),
    "non_dealer": gettext_lazy("Each non-dealer pays %(calc)s."),
    "each": gettext_lazy("Each other player pays %(calc)s."),
}
SANMA_PAYMENT_LINE: Final = {
    **PAYMENT_LINE,
    "non_dealer": gettext_lazy("The other non-dealer pays %(calc)s."),
    "each": gettext_lazy("Each of the two other players pays %(calc)s."),
}


def payment_line(
    payer: str, multiplier: object, base: int, raw: int, amount: int, *, sanma: bool = False
) -> str:
    """One payer's share worked out: the base times the payer's multiple (left out when it is
    1: "640", never "1 × 640 = 640"), then the rounding when it changes the number."""
    product = number(base)
    if str(multiplier) != "1":
        product = _("%(times)s × %(base)s = %(raw)s") % {
            "times": multiplier,
            "base": number(base),
            "raw": number(raw),
        }
    calc = product
    if raw != amount:
        calc = _("%(raw)s, rounded up to %(amount)s") % {"raw": product, "amount": number(amount)}
    lines = SANMA_PAYMENT_LINE if sanma else PAYMENT_LINE
    return str(lines.get(payer, PAYMENT_LINE["discarder"])) % {"calc": calc}


def base_points_line(fu: int, han: int, base: int) -> str:
    """The base points worked out, the power of two written so that it cannot be read as
    2^han + 2 (issue 28, scorer.numbers.power_of_two): "Base points: 30 × 32 = 960
    (2⁽³⁺²⁾ = 2⁵ = 32)." """
    return _("Base points: %(fu)s × %(value)s = %(base)s (%(power)s).") % {
        "fu": fu,
        "value": number(2 ** (han + 2)),
        "base": number(base),
        "power": power_of_two(han),
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
        params["payer_name"] = str(PAYER_NAMES.get(str(step["payer"]), step.get("payer_name", "")))
        if step.get("payer_name") == "The other non-dealer":  # three players
            params["payer_name"] = str(SANMA_PAYER_NAMES["non_dealer"])
    if "wait" in step:
        params["wait"] = wait_name(step["wait"])
    if "how" in step:
        params["how"] = _("tsumo (self-draw)") if step["how"] == "tsumo" else _("ron (a discard)")
    if step.get("limit"):
        params["limit"] = limit_label(str(step["limit"]))
    if step.get("step") == "payment" and "payer" in step:
        sanma = step.get("payer_name") == "The other non-dealer" or bool(step.get("sanma"))
        return payment_line(
            str(step["payer"]),
            step.get("multiplier", 1),
            int(step["base"]),
            int(step.get("raw", step["amount"])),
            int(step["amount"]),
            sanma=sanma,
        )
    if step.get("step") == "base_points" and "power" in step:
        return base_points_line(int(step["fu"]), int(step["han"]), int(step["base"]))
    template = _(str(step["why"]))
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(step.get("text", ""))


def steps_text(result: Mapping[str, Any], kinds: Sequence[str]) -> list[str]:
    return [step_text(s) for s in result["steps"] if s["step"] in kinds]


def fu_han_text(fu: int, han: int) -> str:
    """A (fu, han) pair as the tables name it: "40 fu 2 han" (「40符2飜」, fu first)."""
    return _("%(fu)s fu %(han)s han") % {"fu": fu, "han": han}


def join_or(items: Sequence[str]) -> str:
    """Alternatives in one string: "a", "a or b", "a, b or c" (「a、b、c のいずれか」 reads as a
    list in Japanese)."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(some)s or %(last)s") % {"some": join_list(items[:-1]), "last": items[-1]}


# -- number parsing and multiple choice -----------------------------------------------------------


def parse_number(text: str) -> int | None:
    """A typed number ("12,000", "5800点", full-width digits), read by scorer.answers."""
    return read_number(text)


def field_error(f: Field, value: str) -> str:
    """The message shown beside a typed answer that field ``f`` refuses: a number outside its
    ``bounds`` ("" for an answer that is checked as it is given)."""
    if f.bounds is None or f.choices:
        return ""
    number = parse_number(value)
    low, high = f.bounds
    if number is None or low <= number <= high:
        return ""
    return _("%(label)s: a whole number from %(low)s to %(high)s.") % {
        "label": f.label,
        "low": low,
        "high": high,
    }


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
