"""Quiz mode: drills of the score tables, fu, yaku and payments, with spaced repetition.

Questions are rebuilt from (kind, seed, options) by tutor.quiz; the answer is checked on the
server and stored by tutor.quiz.progress. Each page is one template; htmx swaps its partials.
"""

from __future__ import annotations

import functools
import random
import uuid
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.timesince import timeuntil
from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext
from django.views.decorators.http import require_GET, require_POST

from config.guard import field_errors, input_errors
from scorer.engine import ALL_PRESETS, THREE_PLAYER_PRESETS
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from scorer.vocabulary import wait_name
from tutor import quiz
from tutor.accounts.learners import learner_for
from tutor.quiz import feedback, form, progress, registry, srs
from tutor.quiz.base import ANSWER_PREFIX, MAX_SEED, Cells, Drill, rules_label
from tutor.quiz.drills import sanma
from tutor.quiz.hands import hand_tiles

#: Request parameters that are not question options (answers are named ``a_<field>``).
_NOT_OPTIONS = (
    "seed",
    "set",
    "n",
    "timed",
    "only",
    "csrfmiddlewaretoken",
    "answer_key",
    "expired",
)
#: The time limits a learner can choose for a timed set (seconds per question), and the range
#: a typed one is kept in.
TIME_CHOICES = (10, 15, 20, 30, 45, 60, 90)
TIME_DEFAULT = 20
#: The numeric parameters and their largest values (a timed question waits at most an hour).
LIMITS = {"seed": MAX_SEED, "set": MAX_SEED // 1000 - 1, "n": quiz.SET_LENGTH - 1, "timed": 3600}
#: Each numeric parameter by the name the page gives it (a message names the field by its
#: label, never the parameter: "Seconds per question: a whole number from 0 to 3600.").
LABELS = {
    "seed": gettext_lazy("Question number"),
    "set": gettext_lazy("Set number"),
    "n": gettext_lazy("Question in the set"),
    "timed": gettext_lazy("Seconds per question"),
}
#: A chosen time limit is at least 3 s (a larger number is refused as out of range).
TIME_RANGE = (3, LIMITS["timed"])
#: The longest answer value kept: numbers and choice ids are short; anything longer is refused
#: before it is checked or stored.


def _drill(kind: str) -> Drill:
    drill = registry.find(kind)
    if drill is None:
        raise Http404("no such quiz")
    return drill


def _int(value: str | None, default: int | None = None, name: str = "seed") -> int | None:
    """A numeric parameter already checked by :func:`_bad_parameter` (``default`` if absent)."""
    number = parse_int(value, 0, LIMITS[name]) if value is not None else None
    return default if number is None else number


def _bad_parameter(data: QueryDict) -> str | None:
    """The message for the first numeric parameter given but unreadable or out of range."""
    for name, high in LIMITS.items():
        value = data.get(name)
        if value is not None and value.strip() and parse_int(value, 0, high) is None:
            return gettext("%(label)s: a whole number from 0 to %(high)s.") % {
                "label": LABELS[name],
                "high": high,
            }
    return None


def _bad_answer(data: QueryDict) -> str | None:
    """The message for an answer form key that is not one of ours."""
    key = data.get("answer_key", "")
    if len(key) > 32 or not all(c in "0123456789abcdef" for c in key):
        return gettext("This answer's form key is not valid: reload the question.")
    return None


def _options(data: QueryDict) -> dict[str, str]:
    return {
        k: ",".join(data.getlist(k))
        for k in data
        if k not in _NOT_OPTIONS and not k.startswith(ANSWER_PREFIX)
    }


def _timed(value: str | None) -> int | None:
    """The learner's time limit per question (seconds), kept within ``TIME_RANGE``."""
    seconds = _int(value, name="timed")
    if not seconds:
        return None
    return min(max(seconds, TIME_RANGE[0]), TIME_RANGE[1])


def _positions(value: str | None, n: int) -> list[int]:
    """The questions of a set being asked: all of them, or (``only=2,5``, a retry of the ones
    missed) just those; the current question is always one of them."""
    chosen = _chosen(value)
    return chosen if n in chosen else list(range(quiz.SET_LENGTH))


def _chosen(value: str | None) -> list[int]:
    """The set positions ``only`` names (``"2,5"`` → [2, 5]; none when absent or unreadable)."""
    if not value:
        return []
    picked = (parse_int(p, 0, quiz.SET_LENGTH - 1) for p in value.split(",")[: quiz.SET_LENGTH])
    return sorted({p for p in picked if p is not None})


def schedule_text(box: int, correct: bool, when: str) -> str:
    """When a question comes back, in words a learner knows (not "Box 0")."""
    if not correct:
        return gettext(
            "Missed questions come back soon: you will see this one again in %(when)s."
        ) % {"when": when}
    if box >= srs.MAX_BOX:
        return gettext("Learnt: you will see this one again in %(when)s, to keep it fresh.") % {
            "when": when
        }
    if box < 2:
        # A streak is news from two in a row: "right 0 times in a row" after a right answer
        # (a box that starts at 0) or "1 time in a row" say nothing the verdict does not.
        return gettext("You will see this one again in %(when)s.") % {"when": when}
    return ngettext(
        "Right %(n)s time in a row: you will see this one again in %(when)s.",
        "Right %(n)s times in a row: you will see this one again in %(when)s.",
        box,
    ) % {"n": box, "when": when}


def _url(name: str, kind: str, params: dict[str, Any]) -> str:
    clean = {k: v for k, v in params.items() if v not in (None, "")}
    return reverse(f"tutor:{name}", args=[kind]) + ("?" + urlencode(clean) if clean else "")


def _public_options(question: quiz.Question) -> dict[str, str]:
    """The options worth putting in a URL (defaults left out)."""
    defaults = quiz.normalise(question.kind, {})
    return {k: v for k, v in question.options.items() if defaults.get(k) != v or k == "item"}


def _context(request: HtmxHttpRequest, question: quiz.Question, data: QueryDict) -> dict[str, Any]:
    set_id = _int(data.get("set"), name="set")
    n = _int(data.get("n"), 0, name="n") or 0
    # A drill may be timed by default (the estimate drill); the learner's own choice wins.
    raw_timed = data.get("timed")
    timed = _timed(raw_timed) if raw_timed is not None else registry.drill(question.kind).timed
    positions = _positions(data.get("only"), n)
    # A retry (``only`` given and read) is one even when it asks every question again: the set
    # where every answer was missed (issue 22.14) is labelled and ends as a retry.
    retrying = positions == _chosen(data.get("only"))
    only = ",".join(map(str, positions)) if retrying else ""
    opts = _public_options(question)
    share = {**opts, "seed": question.seed}
    if set_id is not None:
        share = {**{k: v for k, v in opts.items() if k != "item"}, "set": set_id, "n": n}
        share["only"] = only
        nxt: str | None = None
        later = [p for p in positions if p > n]
        if later:
            nxt = _url("quiz_question", question.kind, {**share, "n": later[0], "timed": timed})
    else:
        filters = {k: v for k, v in opts.items() if k != "item"}
        nxt = _url("quiz_question", question.kind, {**filters, "timed": timed})
    hidden = {**question.options, "seed": str(question.seed), "answer_key": uuid.uuid4().hex}
    if set_id is not None:
        hidden.update(set=str(set_id), n=str(n))
        if only:
            hidden["only"] = only
    if timed:
        hidden["timed"] = str(timed)
    return {
        "question": question,
        "kind_name": registry.drill(question.kind).name,
        "tiles": hand_tiles(question.request),
        "hidden": hidden,
        "answer_url": reverse("tutor:quiz_answer", args=[question.kind]),
        "share_url": request.build_absolute_uri(_url("quiz_question", question.kind, share)),
        "next_url": nxt,
        "set_id": set_id,
        "set_n": positions.index(n) + 1 if n in positions else n + 1,
        "set_length": len(positions),
        "positions": positions,
        "retrying": retrying,
        "timed": timed,
        "verdict": None,
        "given": {},
        "max_answer": form.MAX_ANSWER,
    }


@functools.lru_cache(maxsize=1024)
def _cached_grid_html(
    dealer: bool,
    win: str,
    rules: str,
    highlight: tuple[bool, int, int],
    language: str | None,
    also: Cells = (),
) -> SafeString:
    return render_to_string(
        "quiz/_table.html", {"grid": quiz.grid(dealer, win, rules, highlight=highlight, also=also)}
    )


def grid_html(
    dealer: bool, win: str, rules: str, highlight: tuple[bool, int, int], also: Cells = ()
) -> SafeString:
    """The score table shown beside an answer's feedback, with the question's cell marked.

    It is the same for every learner, so it is rendered once per process and cell (and
    language): rendering its 44 cells was a third of an answer's cost. While developing
    (DEBUG) it is rendered each time, so that template edits show up."""
    if settings.DEBUG:
        return _cached_grid_html.__wrapped__(dealer, win, rules, highlight, get_language(), also)
    return _cached_grid_html(dealer, win, rules, highlight, get_language(), also)


def _render(request: HtmxHttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    if context.get("question") is not None:
        context["rows"] = form.rows(
            context["question"],
            context.get("given", {}),
            context.get("verdict"),
            context.get("field_errors"),
        )
    template = "quiz/question.html#quiz" if request.htmx else "quiz/question.html"
    return render(request, template, context, status=status)


def _in_active_language(msgid: str) -> str:
    """A sentence added for three players, translated; "" while a non-English page has no
    translation for it yet (the page never mixes English in)."""
    text = gettext(msgid)
    if text == msgid and not (get_language() or "en").startswith("en"):
        return ""
    return text


#: A beginner's first drills, in order (issue 22.13): read the table, then name the yaku, count
#: the fu, and score a whole hand; ``"choice"`` starts a drill with multiple choice.
BEGINNER_PATH = (("table", "choice"), ("yaku", ""), ("fu", "choice"), ("payments", ""))


@require_GET
def quiz_index(request: HtmxHttpRequest) -> HttpResponse:
    """The quiz menu: kinds, table filters, the learner's accuracy and streaks."""
    learner = learner_for(request, create=False)
    kinds = [
        {"kind": d.kind, "name": d.name, "help": d.help, "set": random.randrange(1, 10**6)}
        for d in registry.drills()
    ]
    stats = progress.stats(learner)
    path = [
        {
            "kind": drill.kind,
            "name": drill.name,
            "help": drill.help,
            "choice": bool(mode),
            "url": _url("quiz_question", drill.kind, {"mode": mode}),
        }
        for drill, mode in ((registry.drill(kind), mode) for kind, mode in BEGINNER_PATH)
    ]
    context = {
        "kinds": kinds,
        "stats": stats,
        # The drills with questions due again, most due first: the schedule picks them.
        "due": sorted((k for k in stats.kinds if k.due), key=lambda k: -k.due),
        "path": path,
        "sanma_link": _in_active_language(gettext_noop("Three players (sanma)")),
        "sanma_note": _in_active_language(
            gettext_noop(
                "With three players (sanma) a tsumo has two payers: you also give what the "
                "winner collects."
            )
        ),
        # The table drill's rule sets (the three-player tables last).
        "rule_sets": [(r, rules_label(r)) for r in quiz.TABLE_RULE_SETS],
        # The three-player tsumo drill: its presets and payment rules.
        "sanma_rule_sets": [(r, rules_label(r)) for r in THREE_PLAYER_PRESETS],
        "pay_rules": [(r, sanma.PAY_RULE_NAMES[r]) for r in sanma.PAY_RULES],
        "fu_columns": FU_COLUMNS,
        "han_rows": HAN_ROWS,
        "fu_targets": quiz.FU_TARGETS,
        "waits": [(w, wait_name(w)) for w in quiz.WAITS],
        "time_choices": TIME_CHOICES,
        "time_default": TIME_DEFAULT,
        "time_max": TIME_RANGE[1],
    }
    return render(request, "quiz/index.html", context)


@require_GET
def quiz_question(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """One question. ``seed`` (or ``set`` and ``n``) makes it reproducible; without them the
    spaced-repetition schedule picks the item that is due."""
    drill = _drill(kind)
    data = request.GET
    bad = _bad_parameter(data)
    if bad is not None:
        return _render(request, {"error": bad, "kind_name": drill.name, "question": None}, 400)
    raw = _options(data)
    set_id = _int(data.get("set"), name="set")
    # Only an answer makes a learner: looking at questions (or a crawler doing so) stores nothing.
    learner = learner_for(request, create=False)
    if set_id is not None:
        seed = quiz.set_seed(set_id, _int(data.get("n"), 0, name="n") or 0)
    elif _int(data.get("seed")) is not None:
        seed = _int(data.get("seed")) or 0
    else:
        seed = random.randrange(1, 10**9)
        if "item" not in raw:
            try:
                keys = quiz.candidates(kind, quiz.normalise(kind, raw))
            except quiz.QuizError:
                keys = []
            if keys:
                states = progress.states(learner, keys)
                raw["item"] = srs.choose(keys, states, srs.now(), random.Random(seed))
    try:
        question = quiz.make_question(kind, seed, raw)
    except quiz.QuizError as error:
        context: dict[str, Any] = {
            "error": str(error),
            "kind_name": drill.name,
            "question": None,
        }
        return _render(request, context, status=400)
    context = _context(request, question, data)
    response = _render(request, context)
    if request.htmx:
        response["HX-Push-Url"] = context["share_url"]
    return response


@field_errors(form.is_answer_field)
@require_POST
def quiz_answer(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """Check an answer on the server, store it, and show the derivation. An answer field that
    cannot be read (too long, a NUL: config/guard.py refuses those first) brings the question
    back with the message beside that field (400), and nothing is stored."""
    drill = _drill(kind)
    data = request.POST
    bad = _bad_parameter(data) or _bad_answer(data)
    if bad is not None:
        return _render(request, {"error": bad, "kind_name": drill.name, "question": None}, 400)
    seed = _int(data.get("seed"))
    if seed is None:
        return _render(
            request,
            {
                "error": gettext("This answer has no question seed."),
                "kind_name": drill.name,
                "question": None,
            },
            status=400,
        )
    try:
        question = quiz.make_question(kind, seed, _options(data))
    except quiz.QuizError as error:
        return _render(
            request,
            {"error": str(error), "kind_name": drill.name, "question": None},
            status=400,
        )
    unreadable = {
        **form.answer_errors(data, question),
        **form.labelled(question, input_errors(request)),
    }
    if unreadable:
        context = _context(request, question, data)
        context["field_errors"] = unreadable
        known = {ANSWER_PREFIX + f.name for f in question.fields}
        # A field this question does not have cannot show its message beside it.
        context["form_error"] = next(
            (message for name, message in unreadable.items() if name not in known), ""
        )
        given = form.given(data, question)
        context["given"] = {
            name: value for name, value in given.items() if ANSWER_PREFIX + name not in unreadable
        }
        return _render(request, context, status=400)
    answers: dict[str, Any] = form.given(data, question)
    verdict = quiz.check(question, answers)
    item, learner, _repeated = progress.record_answer(
        request, question, verdict, answers, data.get("answer_key", "")
    )
    context = _context(request, question, data)
    table = None
    if question.cell is not None:
        dealer, _fu, _han = question.cell
        win, also = drill.marks(question)
        table = grid_html(dealer, win, question.rules, question.cell, also)
    set_score: dict[str, Any] | None = None
    if context["set_id"] is not None and context["next_url"] is None:
        set_id, positions = context["set_id"], context["positions"]
        seeds = {quiz.set_seed(set_id, i): i for i in positions}
        rows = learner.answers.filter(kind=kind, seed__in=list(seeds)).order_by("created", "id")
        last = {row.seed: row.correct for row in rows}
        missed = [i for seed, i in seeds.items() if last.get(seed) is False]
        set_score = {
            "right": sum(last.values()),
            "asked": len(last),
            "missed": len(missed),
        }
        if missed:
            # The same questions again (same seeds, same options), only the ones missed.
            retry = {
                **{k: v for k, v in _public_options(question).items() if k != "item"},
                "set": set_id,
                "n": missed[0],
                "only": ",".join(map(str, missed)),
                "timed": context["timed"],
            }
            set_score["retry_url"] = _url("quiz_question", kind, retry)
    interval = timeuntil(item.due, item.last_seen)
    context.update(
        verdict=verdict,
        # The timer ran out (quiz.js sends ``expired``): the feedback says so, not "Not quite".
        timed_out=bool(context["timed"]) and data.get("expired") == "1" and not verdict.correct,
        slips=[] if verdict.correct else feedback.slips(question, answers),
        given=answers,
        item=item,
        interval=interval,
        schedule=schedule_text(item.box, verdict.correct, interval),
        table=table,
        set_score=set_score,
        progress_url=reverse("tutor:quiz_progress"),
    )
    return _render(request, context)


@require_GET
def quiz_progress(request: HtmxHttpRequest) -> HttpResponse:
    """The quick-reference table coloured by mastery, with accuracy and streaks."""
    win = data_win = request.GET.get("win", "both")
    if win not in ("both", "ron", "tsumo"):
        win = data_win = "both"
    rules = request.GET.get("rules", "tenhou")
    if rules not in quiz.TABLE_RULE_SETS:
        rules = "tenhou"
    learner = learner_for(request, create=False)
    # Three- and four-player cells are separate items: the table shown is the rules' own.
    levels = progress.table_levels(learner, win, ALL_PRESETS[rules].players)
    context = {
        "tables": [quiz.grid(False, win, rules, levels), quiz.grid(True, win, rules, levels)],
        "win": data_win,
        "rules": rules,
        "sanma": ALL_PRESETS[rules].sanma,
        "stats": progress.stats(learner),
        "levels": range(srs.MAX_BOX + 1),
        "max_level": srs.MAX_BOX,
    }
    template = "quiz/progress.html#heatmap" if request.htmx else "quiz/progress.html"
    return render(request, template, context)
