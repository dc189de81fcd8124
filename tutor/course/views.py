"""Course pages: the tutor's landing page, lessons, glossary and quick-reference tables.

Views call the engine (through tutor.course.lessons and scorer.engine.tables) and render; an
htmx request gets only the region it swaps (a template partial).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorer.calc import SANMA_TSUMO_CHOICES
from scorer.engine import ALL_PRESETS
from scorer.engine.fu import FU_RULES
from scorer.engine.rules import Rules, RulesError, resolve_rules
from scorer.engine.tables import FU_COLUMNS, Cell, aotenjou_table, limit_table, table
from scorer.engine.yaku import YAKU_BY_ID
from scorer.http import HtmxHttpRequest
from scorer.numbers import han_range, points_text
from scorer.vocabulary import ALL_PRESET_CHOICES, PRESET_LABELS, yakuman_label
from tutor.course.glossary import TERMS, Term, link_terms
from tutor.course.lessons import BY_SLUG, LESSONS, score_example
from tutor.course.names import LIMIT_NAMES, yaku_label
from tutor.quiz import services as quiz
from tutor.walkthrough import steps as walkthrough

#: How the seed tables name the limits (Japanese names are the terms players use).
LIMIT_LABELS = {
    "mangan": gettext_lazy("満貫"),
    "haneman": gettext_lazy("跳満"),
    "baiman": gettext_lazy("倍満"),
    "sanbaiman": gettext_lazy("三倍満"),
    "kazoe_yakuman": gettext_lazy("数え役満"),
    "yakuman": gettext_lazy("役満"),
}


# ----------------------------------------------------------------------------- landing page


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    """The tutor's landing page: lessons, worked examples to walk through, and the way to the
    picker for the learner's own hand (built tile by tile there, then explained)."""
    examples = []
    for lesson in LESSONS:
        for example in lesson.examples[:1]:
            examples.append(
                {
                    "caption": example.caption,
                    "lesson": lesson,
                    "query": walkthrough.request_query(example.request),
                }
            )
    return render(
        request,
        "course/index.html",
        {
            "lessons": LESSONS,
            "examples": examples,
        },
    )


# ----------------------------------------------------------------------------- lessons


@require_GET
def lessons(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "course/lessons.html", {"lessons": LESSONS})


@require_GET
def lesson(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    current = BY_SLUG.get(slug)
    if current is None:
        raise Http404(_("No such lesson."))
    position = LESSONS.index(current)
    examples = []
    for example in current.examples:
        scored = score_example(example)
        query = walkthrough.request_query(example.request)
        hand = (
            walkthrough.draw_hand(
                str(scored.result["hand"]),
                str(scored.result["win"]),
                int(str(example.request.get("nuki", 0))),
            )
            if scored.ok
            else None
        )
        limit = scored.result.get("limit")
        yaku = [_yaku_item(y, limit) for y in scored.result.get("yaku", [])]
        total = (
            points_text(scored.result["payments"]["total"], aotenjou=scored.aotenjou)
            if scored.ok
            else ""
        )
        split = tsumo_split(scored.result, scored.aotenjou) if scored.ok else ""
        examples.append(
            {
                "scored": scored,
                "query": query,
                "hand": hand,
                "yaku": yaku,
                # One phrase per language: "Yaku: Riichi (1), Pinfu (1)", 「役：立直（1飜）」.
                "yaku_text": pgettext("list separator", ", ").join(yaku),
                "total": total,
                "split": split,
                "yakuman": yakuman_label(int(scored.result.get("yakuman") or 0)),
            }
        )
    quick_rows = _quick_rows(current.table_fus) if current.table_fus else []
    seen: set[str] = set()
    paragraphs = [link_terms(str(p), seen) for p in current.paragraphs]
    fu_rows = _fu_rows(seen) if current.fu_table else []
    return render(
        request,
        "course/lesson.html",
        {
            "lesson": current,
            "number": position + 1,
            # One set for the page: a term's first use carries its furigana (Japanese).
            "paragraphs": paragraphs,
            "fu_rows": fu_rows,
            "examples": examples,
            "questions": [(str(q.prompt), str(q.answer)) for q in current.questions],
            "previous": LESSONS[position - 1] if position > 0 else None,
            "next": LESSONS[position + 1] if position + 1 < len(LESSONS) else None,
            "quick_rows": quick_rows,
            "quick_fus": current.table_fus,
            "drills": [
                {"kind": drill.kind, "name": drill.name, "help": drill.help}
                for drill in map(quiz.find, current.drills)
                if drill is not None
            ],
        },
    )


def tsumo_split(result: Mapping[str, Any], aotenjou: bool = False) -> str:
    """What each payer pays on a tsumo, as the calculator writes it (1,300/2,600; 3,900 all;
    Japanese 1300・2600, 3900オール; under aotenjou 262万1500・524万2900); "" for a ron."""
    pay = result["payments"]
    if pay.get("ron") is not None or not pay.get("tsumo_others"):
        return ""
    others, dealer = pay.get("tsumo_others"), pay.get("tsumo_dealer")
    if dealer:
        return _("%(others)s/%(dealer)s") % {
            "others": points_text(others, aotenjou=aotenjou),
            "dealer": points_text(dealer, aotenjou=aotenjou),
        }
    return _("%(each)s all") % {"each": points_text(others, aotenjou=aotenjou)}


def _yaku_item(yaku: Mapping[str, Any], limit: str | None) -> str:
    """A yaku and its value: "Riichi (1)"; a yakuman says so ("Daisangen (yakuman)") rather
    than the 13 han it stands for, except under aotenjou's 13-han policy, where it is 13 han."""
    name = yaku_label(yaku["id"])
    entry = YAKU_BY_ID.get(yaku["id"])
    if limit == "yakuman" and entry is not None and entry.yakuman:
        if yaku["han"] >= 26:
            return _("%(yaku)s (double yakuman)") % {"yaku": name}
        return _("%(yaku)s (yakuman)") % {"yaku": name}
    return _("%(yaku)s (%(han)s)") % {"yaku": name, "han": yaku["han"]}


def _fu_rows(seen: set[str]) -> list[dict[str, object]]:
    """The fu of a triplet or kan, open or closed, of simples or of terminals and honours: the
    2/4/8/16/32 table of the seeds, its figures from the engine's fu items."""
    rows = (
        ("open", "triplet", pgettext_lazy("fu table", "[[minko|Open triplet]] (pon)")),
        ("closed", "triplet", pgettext_lazy("fu table", "[[anko|Concealed triplet]]")),
        ("open", "kan", pgettext_lazy("fu table", "[[minkan|Open kan]]")),
        ("closed", "kan", pgettext_lazy("fu table", "[[ankan|Closed kan]]")),
    )
    return [
        {
            "label": link_terms(str(label), seen),
            "simple": FU_RULES[f"{state}_simple_{shape}"][0],
            "terminal": FU_RULES[f"{state}_terminal_{shape}"][0],
        }
        for state, shape, label in rows
    ]


def _quick_rows(fus: tuple[int, ...]) -> list[dict[str, object]]:
    """Non-dealer ron rows by han for a few fu columns, from the engine's table."""
    rows = table(False)
    index = {fu: i for i, fu in enumerate(FU_COLUMNS)}
    return [
        {"han": han, "cells": [row[index[fu]].ron for fu in fus]}
        for han, row in zip((1, 2, 3, 4), rows, strict=True)
    ]


# ----------------------------------------------------------------------------- glossary


#: The kana index of the Japanese glossary: each row of the syllabary by its first letter, with
#: the katakana that open a reading in it (voiced and small forms with their plain letter).
KANA_ROWS: tuple[tuple[str, str], ...] = (
    ("ア", "アイウエオァィゥェォヴ"),
    ("カ", "カキクケコガギグゲゴ"),
    ("サ", "サシスセソザジズゼゾ"),
    ("タ", "タチツテトダヂヅデドッ"),
    ("ナ", "ナニヌネノ"),
    ("ハ", "ハヒフヘホバビブベボパピプペポ"),
    ("マ", "マミムメモ"),
    ("ヤ", "ヤユヨャュョ"),
    ("ラ", "ラリルレロ"),
    ("ワ", "ワヲン"),
)


def _katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


def index_letter(term: Term, japanese: bool) -> str:
    """The index letter a term is filed under: its romaji's first letter (A–Z) on English pages,
    the row of the syllabary its reading opens in (ア カ サ …) on Japanese pages."""
    if japanese:
        first = term.concept.reading[:1]
        return next((row for row, kana in KANA_ROWS if first in kana), first)
    return term.concept.en[:1].upper()


def search_text(term: Term) -> str:
    """What the search box looks in: headword, reading (katakana), romaji, meaning, definition;
    lower case, so the search ignores case (and, through :func:`_katakana`, hiragana/katakana)."""
    parts = (term.ja, term.concept.reading, term.concept.nickname, term.concept.en)
    return " ".join((*parts, str(term.en), str(term.definition))).lower()


def matches(term: Term, query: str) -> bool:
    """Every word of ``query`` is in the term's search text (hiragana read as katakana)."""
    text = search_text(term)
    return all(word in text for word in _katakana(query.lower()).split())


def names_text(term: Term) -> str:
    """A term's names (headword, reading, nickname, romaji, short meaning), lower case."""
    concept = term.concept
    return " ".join((term.ja, concept.reading, concept.nickname, concept.en, str(term.en))).lower()


def names_match(term: Term, query: str) -> bool:
    """The query is in the term's names, not only in its definition: such terms are listed
    first (glossary.js orders the entries the same way as you type)."""
    return all(word in names_text(term) for word in _katakana(query.lower()).split())


@require_GET
def glossary(request: HtmxHttpRequest) -> HttpResponse:
    """The glossary, with a search box (``?q=``, filtered as you type by glossary.js) and a
    letter index (``?letter=P``; kana rows on Japanese pages). Both work without JavaScript."""
    japanese = (get_language() or "").startswith("ja")
    query = request.GET.get("q", "").strip()[:60]
    letter = request.GET.get("letter", "").strip()[:2]
    letters = sorted({index_letter(t, japanese) for t in TERMS})
    if japanese:
        letters = [row for row, _kana in KANA_ROWS if row in letters]
    if letter and not japanese:
        letter = letter.upper()
    if letter not in letters:
        letter = ""
    shown = [
        t
        for t in TERMS
        if (not query or matches(t, query)) and (not letter or index_letter(t, japanese) == letter)
    ]
    if query:  # terms named by the query first, then those whose definition mentions it
        shown.sort(key=lambda t: not names_match(t, query))
    # A reading is "カナ · romaji": the romaji is marked as such, so a Japanese page does not
    # count it as English left over.
    terms = [
        {
            "term": t,
            "kana": t.concept.reading,
            "nickname": t.concept.nickname,
            "romaji": t.concept.en,
            "search": search_text(t),
            "names": names_text(t),
        }
        for t in shown
    ]
    template = _("{shown} of {total} terms shown.")
    return render(
        request,
        "course/glossary.html",
        {
            "terms": terms,
            "query": query,
            "letter": letter,
            "letters": letters,
            "count": len(terms),
            "total": len(TERMS),
            "shown_template": template,
            "shown_text": template.format(shown=len(terms), total=len(TERMS)),
        },
    )


# ----------------------------------------------------------------------------- tables


def _cell_view(cell: Cell, group: bool = False, rules: Rules | None = None) -> dict[str, object]:
    """A table cell's display values: points with a thousands separator, a non-dealer's
    tsumo as "1,000/2,000" (each non-dealer, then the dealer) and a dealer's as "2,000 all";
    in Japanese "1000・2000", "2000オール", big aotenjou numbers in myriad units (1048万5800).
    Three players: the tsumo figures are followed by what the winner collects in all. Under
    rules whose seven pairs is not 25 fu (classic: 50 fu), no hand is 25 fu: the cell is grey.
    ``group``: an aotenjou table, every Japanese figure in myriad units (one style a row)."""
    no_25 = rules is not None and rules.chiitoitsu_fu != 25 and cell.fu == 25

    def show(value: int) -> str:
        return points_text(value, aotenjou=group)

    # One whole phrase per language: "1,000/2,000" and "2,000 all" read "1,000・2,000" and
    # "2,000オール" in Japanese.
    tsumo_text = (
        _("%(each)s all") % {"each": show(cell.tsumo_others)}
        if cell.dealer
        else _("%(others)s/%(dealer)s")
        % {"others": show(cell.tsumo_others), "dealer": show(cell.tsumo_dealer or 0)}
    )
    if cell.players == 3:
        # Three players: two payers, so what the winner collects follows the payments.
        tsumo_text = _("%(payments)s = %(total)s") % {
            "payments": tsumo_text,
            "total": show(cell.tsumo_total),
        }
    return {
        "fu": cell.fu,
        "han": cell.han,
        "exists": cell.exists,
        "ron": show(cell.ron),
        "ron_exists": cell.ron_exists and not no_25,
        "tsumo": tsumo_text,
        "tsumo_exists": cell.tsumo_exists and not no_25,
        "limit": cell.limit or "",
        "limit_label": LIMIT_LABELS.get(cell.limit or "", ""),
        "kiriage": cell.kiriage,
    }


def _tsumo_note(dealer: bool, rules: Rules) -> str:
    """What the bracketed tsumo figures are (three players: two payers, then the total, by the
    rule that pays a tsumo; on the dealer's own tsumo "dealer pays" splits the share)."""
    if rules.sanma and rules.sanma_tsumo == "dealer" and dealer:
        return str(
            _(
                "Three players, the dealer paying the north share: on the dealer's own tsumo "
                "the share is split. In brackets, what each of the two other players pays on a "
                "tsumo (half the absent north player's share included), then what the winner "
                "collects in all."
            )
        )
    if rules.sanma and rules.sanma_tsumo == "dealer":
        return str(
            _(
                "Three players, the dealer paying the north share: in brackets, what the other "
                "non-dealer, then the dealer, pays on a tsumo (the dealer also pays the absent "
                "north player's share), then what the winner collects in all."
            )
        )
    if rules.sanma and rules.sanma_tsumo == "split" and dealer:
        return str(
            _(
                "Three players, the north share split: in brackets, what each of the two other "
                "players pays on a tsumo (half the absent north player's share included), then "
                "what the winner collects in all."
            )
        )
    if rules.sanma and rules.sanma_tsumo == "split":
        return str(
            _(
                "Three players, the north share split: in brackets, what the other non-dealer, "
                "then the dealer, pays on a tsumo (each with half the absent north player's "
                "share included), then what the winner collects in all."
            )
        )
    if rules.sanma and dealer:
        return str(
            _(
                "Three players: in brackets, what each of the two other players pays on a "
                "tsumo, then what the winner collects in all (no north player pays)."
            )
        )
    if rules.sanma:
        return str(
            _(
                "Three players: in brackets, what the other non-dealer, then the dealer, pays "
                "on a tsumo, then what the winner collects in all (no north player pays)."
            )
        )
    if dealer:
        return str(_("In brackets: what each non-dealer pays on a tsumo."))
    return str(_("In brackets: what each non-dealer, then the dealer, pays on a tsumo."))


def _legend(rules: Rules) -> str:
    """What the dash and the grey cells of a table mean under ``rules``: seven pairs' fixed fu
    decide whether any hand is 25 fu (none where it is 50, as in the classic rules)."""
    if rules.chiitoitsu_fu != 25:
        return _(
            "— : no such hand (20 fu 1 han, 25 fu 1 han). Grey: the hand cannot be won that way "
            "(20 fu by ron; 25 fu at all, as seven pairs is %(fu)s fu under these rules); "
            "figure kept for reference."
        ) % {"fu": rules.chiitoitsu_fu}
    return _(
        "— : no such hand (20 fu 1 han, 25 fu 1 han). Grey: the hand cannot be won that way "
        "(20 fu by ron, 25 fu by tsumo below 3 han); figure kept for reference."
    )


def _limit_name(limit: str) -> str:
    """The limit's name beside its kanji label (mangan beside 満貫), or nothing where the name
    reads the same as the label (Japanese pages would show 満貫 満貫)."""
    name = str(LIMIT_NAMES.get(limit, limit))
    return "" if name == str(LIMIT_LABELS.get(limit, "")) else name


def _tables(
    rules_name: str, with_aotenjou: bool = False, sanma_tsumo: str = ""
) -> dict[str, object]:
    rules = resolve_rules(rules_name)
    if rules.sanma and sanma_tsumo and sanma_tsumo != rules.sanma_tsumo:
        rules = resolve_rules({"preset": rules_name, "sanma_tsumo": sanma_tsumo})
    grids = []
    for dealer in (True, False):
        grids.append(
            {
                "dealer": dealer,
                "title": _("Dealer (親)") if dealer else _("Non-dealer (子)"),
                "tsumo_note": _tsumo_note(dealer, rules),
                "legend": _legend(rules),
                "rows": [
                    {
                        "han": row[0].han,
                        "cells": [_cell_view(c, rules.aotenjou, rules) for c in row],
                    }
                    for row in table(dealer, rules)
                ],
                "limits": [
                    {
                        "limit": name,
                        "label": LIMIT_LABELS.get(cell.limit or name, name),
                        # the row's own limit: 13+ han is sanbaiman where kazoe is off
                        "name": _limit_name(cell.limit or name),
                        "low": low,
                        "high": high,
                        "range": han_range(low, high),
                        "cell": _cell_view(cell, rules.aotenjou),
                    }
                    for name, low, high, cell in limit_table(dealer, rules)
                ],
            }
        )
    titles = {
        (False, "ron"): _("Aotenjou, non-dealer ron"),
        (True, "ron"): _("Aotenjou, dealer ron"),
        (False, "tsumo"): _("Aotenjou, non-dealer tsumo (each non-dealer, the dealer)"),
        (True, "tsumo"): _("Aotenjou, dealer tsumo (each player)"),
    }
    aotenjou = [
        {
            "dealer": dealer,
            "win": win,
            "title": titles[dealer, win],
            "rows": [
                {"han": row[0].han, "cells": [_cell_view(c, True) for c in row]}
                for row in aotenjou_table(dealer, 15)
            ],
        }
        for win in ("ron", "tsumo")
        for dealer in (False, True)
    ]
    if not with_aotenjou:
        aotenjou = []
    return {
        "rules": rules,
        "grids": grids,
        "aotenjou": aotenjou,
        "fus": FU_COLUMNS,
        "kiriage": rules.kiriage,
    }


@require_GET
def tables(request: HtmxHttpRequest) -> HttpResponse:
    """Quick-reference tables (早見表) for a preset, generated by the engine."""
    name = request.GET.get("rules") or "tenhou"
    error = ""
    try:
        resolve_rules(name)
    except RulesError:
        # The only error a preset name can raise; worded here so that it is translated.
        labels = (str(label) for _name, label in ALL_PRESET_CHOICES)
        error = _("unknown rule preset '%(name)s'; choose one of %(choices)s") % {
            "name": name,
            "choices": pgettext("list separator", ", ").join(labels),
        }
        name = "tenhou"
    # The aotenjou tables (a curiosity, two more printed pages) only when asked for.
    with_aotenjou = request.GET.get("aotenjou") == "1" or name == "aotenjou"
    # Three players: the rule that pays a tsumo (the preset's own unless chosen); four players
    # have no use for it.
    sanma = ALL_PRESETS[name].sanma
    rule_names = dict(SANMA_TSUMO_CHOICES)
    sanma_tsumo = request.GET.get("sanma_tsumo") or ALL_PRESETS[name].sanma_tsumo
    tsumo_error = ""
    if sanma_tsumo not in rule_names and sanma:
        # The field by its label, as the page shows it, never the parameter's name.
        tsumo_error = _("“%(label)s” must be one of: %(choices)s.") % {
            "label": _("Three players: tsumo"),
            "choices": pgettext("list separator", ", ").join(
                str(choice) for _value, choice in SANMA_TSUMO_CHOICES
            ),
        }
    if sanma_tsumo not in rule_names:
        sanma_tsumo = ALL_PRESETS[name].sanma_tsumo
    label = PRESET_LABELS.get(name, name)
    if sanma:
        label = _("%(rules)s, %(tsumo)s") % {"rules": label, "tsumo": rule_names[sanma_tsumo]}
    context: dict[str, object] = {
        "presets": ALL_PRESET_CHOICES,
        "preset": name,
        "preset_label": label,
        "with_aotenjou": with_aotenjou,
        "rules_error": error,
        "sanma": sanma,
        "sanma_tsumo": sanma_tsumo,
        "sanma_tsumo_choices": SANMA_TSUMO_CHOICES,
        "sanma_tsumo_error": tsumo_error,
        **_tables(name, with_aotenjou, sanma_tsumo if sanma else ""),
    }
    if request.htmx:
        return render(request, "course/tables.html#tables_region", context)
    return render(request, "course/tables.html", context)
