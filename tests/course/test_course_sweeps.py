"""Sweeps over every course page, the glossary and the tables, in both languages (issue 28,
extending issue 19's): no notation in the sentences a learner reads (tiles are drawn or named),
fu before han, and in Japanese one way to write numbers (plain digits; 万 only under aotenjou,
and one style per sentence), Japanese punctuation and no half-width space beside Japanese text.

The pages are read as a reader sees them (tests/i18n/visible.py: text nodes and the attributes a
reader meets; literal notation in <code> is left out). The lesson data is read too, so that a
sentence the page folds away (a self-check answer) is swept as well."""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import translation

from scorer.engine import PRESETS
from tests.i18n.visible import visible_text
from tutor.course.glossary import TERMS, link_terms
from tutor.course.lessons import LESSONS, score_example

pytestmark = pytest.mark.django_db

SLUGS = [lesson.slug for lesson in LESSONS]
PAGES = ["/tutor/", "/tutor/lessons/", "/tutor/glossary"]
PAGES += [f"/tutor/lessons/{slug}" for slug in SLUGS]
PAGES += [f"/tutor/tables?rules={name}" for name in PRESETS] + ["/tutor/tables?aotenjou=1"]
#: Pages where aotenjou's numbers are shown (万 allowed there, in Japanese).
AOTENJOU_PAGES = {"/tutor/lessons/aotenjou", "/tutor/tables?rules=aotenjou"}
AOTENJOU_PAGES |= {"/tutor/tables?aotenjou=1", "/tutor/glossary"}

#: A tile code or a run of them in a sentence: 9m, 223344m, 0m, 45668p, 5z.
NOTATION = re.compile(r"(?<![A-Za-z0-9])\d+[mpsz](?![A-Za-z])")
JAPANESE = r"[\u3001-\u303f\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]"


def _chunks(client: Client, url: str) -> list[str]:
    """The visible text of a page (an English page too: its <html lang="en"> is not the
    romaji-beside-kanji that visible_text leaves out)."""
    html = re.sub(r"<html lang=\"en\"", "<html", client.get(url).content.decode(), count=1)
    return [" ".join(c.split()) for c in visible_text(html)]


def _words(text: str) -> str:
    """A lesson paragraph as the page reads it: [[term]] marks turned into their words."""
    return re.sub(r"<rt>.*?</rt>|<[^>]+>", "", html_module.unescape(str(link_terms(text))))


def _own_texts(language: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every sentence the course owns: lesson titles, leads, paragraphs,
    captions, questions and answers (filled), glossary meanings and definitions."""
    with translation.override(language):
        for lesson in LESSONS:
            yield lesson.slug, str(lesson.title)
            yield lesson.slug, str(lesson.summary)
            for paragraph in lesson.paragraphs:
                yield lesson.slug, _words(str(paragraph))
            for example in lesson.examples:
                yield lesson.slug, str(example.caption)
                for prompt, answer in score_example(example).questions:
                    yield lesson.slug, prompt
                    yield lesson.slug, answer
            for question in lesson.questions:
                yield lesson.slug, str(question.prompt)
                yield lesson.slug, str(question.answer)
        for term in TERMS:
            yield f"glossary#{term.id}", str(term.en)
            yield f"glossary#{term.id}", str(term.definition)


# ------------------------------------------------------------------------ notation in prose
@pytest.mark.parametrize("prefix", ["", "/ja"])
def test_no_tile_codes_in_the_sentences_of_the_course_pages(client: Client, prefix: str) -> None:
    found = {}
    for url in PAGES:
        codes = [c for c in _chunks(client, prefix + url) if NOTATION.search(c)]
        if codes:
            found[url] = codes[:5]
    assert not found, found


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_tile_codes_in_the_course_sentences_even_folded_away(language: str) -> None:
    found = [(where, text) for where, text in _own_texts(language) if NOTATION.search(text)]
    assert not found, found[:8]


# -------------------------------------------------------------------------- fu before han
HAN_THEN_FU = {
    "en": re.compile(r"\d+\s*han\s*(?:with|at)?\s*\d+\s*fu|\bhan and fu\b|\bhan or fu\b", re.I),
    "ja": re.compile(r"\d+飜\s*\d+符|何飜何符|飜(?:と|や|・)符"),
}


@pytest.mark.parametrize(("prefix", "language"), [("", "en"), ("/ja", "ja")])
def test_fu_come_before_han_on_every_course_page(
    client: Client, prefix: str, language: str
) -> None:
    found = {}
    for url in PAGES:
        bad = [c for c in _chunks(client, prefix + url) if HAN_THEN_FU[language].search(c)]
        if bad:
            found[url] = bad[:5]
    assert not found, found


@pytest.mark.parametrize("language", ["en", "ja"])
def test_fu_come_before_han_in_every_course_sentence(language: str) -> None:
    found = [(w, t) for w, t in _own_texts(language) if HAN_THEN_FU[language].search(t)]
    assert not found, found[:8]


# ---------------------------------------------------------------- Japanese: numbers and marks
MYRIAD = re.compile(r"\d+[万億兆京]")
PLAIN_BIG = re.compile(r"(?<![\d,])\d{5,}(?![\d,])")


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[。！？])", text) if s.strip()]


def test_japanese_pages_write_man_only_where_aotenjou_is_shown(client: Client) -> None:
    found = {}
    for url in PAGES:
        if url in AOTENJOU_PAGES:
            continue
        bad = [c for c in _chunks(client, "/ja" + url) if MYRIAD.search(c)]
        if bad:
            found[url] = bad[:5]
    assert not found, found


def test_the_limits_lesson_writes_six_yakuman_in_plain_digits(client: Client) -> None:
    """Six yakuman by tsumo is 192000点 (issue 28.5), not 19万2000点: no limit hand is written in
    myriad units."""
    text = " ".join(_chunks(client, "/ja/tutor/lessons/limits"))
    assert "192000点" in text
    assert "19万2000" not in text


def test_each_japanese_sentence_writes_its_numbers_one_way(client: Client) -> None:
    found = []
    texts = [t for _w, t in _own_texts("ja")]
    for url in PAGES:
        texts += _chunks(client, "/ja" + url)
    for text in texts:
        for sentence in _sentences(text):
            if MYRIAD.search(sentence) and PLAIN_BIG.search(sentence):
                found.append(sentence)
    assert not found, found[:8]


def test_japanese_course_sentences_use_japanese_punctuation_and_spacing() -> None:
    """No ASCII comma, colon or semicolon in a Japanese list, and no half-width space beside
    Japanese text (「30符 4飜」, 「符 × 2の」): a space only between two Latin or numeric
    tokens of a formula."""
    bad = []
    for where, text in _own_texts("ja"):
        if re.search(r"[,:;]", text):
            bad.append((where, "ASCII punctuation", text))
        if re.search(rf"{JAPANESE} | {JAPANESE}", text):
            bad.append((where, "half-width space", text))
    assert not bad, bad[:8]


@pytest.mark.parametrize(
    "url", ["/tutor/glossary", "/tutor/tables", "/tutor/tables?rules=classic", "/tutor/lessons/"]
)
def test_japanese_reference_pages_use_japanese_punctuation(client: Client, url: str) -> None:
    bad = [c for c in _chunks(client, "/ja" + url) if re.search(r"[,;]|:(?!\d)", c)]
    assert not bad, bad[:8]
