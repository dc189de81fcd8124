"""The course in Japanese: the catalogue keeps every mark and placeholder, lesson text and the
self-check answers read as Japanese sentences, and the tables say payments as players do
("1000・2000", "2000オール")."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import escape

from scorer.engine.tables import cell
from tutor.course import views
from tutor.course.glossary import TERMS
from tutor.course.lessons import LESSONS, facts, score_example
from tutor.course.views import _cell_view

CATALOGUE = Path(__file__).parents[2] / "tutor/course/locale/ja/LC_MESSAGES/django.po"

#: What a Japanese lesson sentence may keep in Latin letters: tile codes (9m, 223344m, 77p),
#: WRC (a rule set's name) and the M of Mリーグ, Mリーガー.
ALLOWED_LATIN = re.compile(r"(?<![A-Za-z0-9])\d+[mpsz](?![A-Za-z])|WRC|M(?=リー)")


def _entries() -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs of the course catalogue (header left out)."""
    pairs: list[tuple[str, str]] = []
    for block in CATALOGUE.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = ""
        for line in block.splitlines():
            head = re.match(r"^(msgctxt|msgid|msgstr) (\".*\")$", line)
            if head:
                current = head.group(1)
                fields[current] = ast.literal_eval(head.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if fields.get("msgid"):
            pairs.append((fields["msgid"], fields.get("msgstr", "")))
    return pairs


def _marks(text: str) -> tuple[list[str], ...]:
    return (
        sorted(re.findall(r"\{\w+\}", text)),
        sorted(re.findall(r"%\(\w+\)[sd]", text)),
        sorted(re.findall(r"\[\[([a-z_-]+)", text)),
        sorted(re.findall(r"</?\w+", text)),
    )


def test_every_course_entry_is_translated_with_the_same_marks():
    entries = _entries()
    assert len(entries) > 400
    for msgid, msgstr in entries:
        assert msgstr, msgid
        assert _marks(msgid) == _marks(msgstr), (msgid, msgstr)


def _latin_words(text: str) -> list[str]:
    text = re.sub(r"\[\[[a-z_-]+(?:\|([^\]]*))?\]\]", r"\1", text)
    text = re.sub(r"\{\w+\}", "", text)
    return re.findall(r"[A-Za-z]+", ALLOWED_LATIN.sub("", text))


def test_lesson_text_is_japanese():
    with translation.override("ja"):
        for lesson in LESSONS:
            texts = [lesson.title, lesson.summary, *lesson.paragraphs]
            texts += [e.caption for e in lesson.examples]
            texts += [q.prompt for e in lesson.examples for q in e.questions]
            texts += [q.answer for e in lesson.examples for q in e.questions]
            texts += [q.prompt for q in lesson.questions] + [q.answer for q in lesson.questions]
            for text in map(str, texts):
                assert not _latin_words(text), (lesson.slug, text)
                assert not re.search(r"[,:;](?=\s|$)", text), (lesson.slug, text)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_self_check_answers_are_whole_japanese_sentences(lesson):
    """Every number comes from the engine, inside one Japanese sentence: 符, 飜 and 点 follow
    their numbers with no space, and the limit is named in Japanese."""
    with translation.override("ja"):
        for example in lesson.examples:
            scored = score_example(example)
            assert scored.ok
            values = facts(scored.result)
            for (_prompt, answer), question in zip(
                scored.questions, example.questions, strict=True
            ):
                assert answer.endswith("。"), answer
                # the yaku names belong to the scorer's catalogue; the rest is ours
                own = str(question.answer).format(**{**values, "yaku": "役"})
                assert not _latin_words(own), own
                assert not re.search(r"\d (符|飜|点)", own), own
                for key in ("fu", "raw_fu"):
                    if "{" + key + "}" in str(question.answer):
                        assert f"{values[key]}符" in own, own


def test_the_yaku_list_uses_the_japanese_separator():
    example = LESSONS[0].examples[0]
    with translation.override("ja"):
        yaku = facts(score_example(example).result)["yaku"]
    assert "、" in yaku
    assert ", " not in yaku


def test_table_payments_read_as_players_say_them():
    non_dealer, dealer = cell(30, 3, False), cell(30, 3, True)
    with translation.override("ja"):
        assert _cell_view(non_dealer)["tsumo"] == "1000・2000"
        assert _cell_view(dealer)["tsumo"] == "2000オール"
    with translation.override("en"):
        assert _cell_view(non_dealer)["tsumo"] == "1,000/2,000"
        assert _cell_view(dealer)["tsumo"] == "2,000 all"


def _page_ja(view: Callable[[Any], HttpResponse], path: str) -> str:
    """A course page rendered in Japanese (the view called directly, whatever the URL scheme
    for languages is)."""
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    request.htmx = False  # type: ignore[attr-defined]
    with translation.override("ja"):
        return view(request).content.decode()


def test_glossary_and_tables_pages_in_japanese():
    page = _page_ja(views.glossary, "/tutor/glossary")
    assert "用語集" in page
    with translation.override("ja"):
        for term in TERMS:
            assert escape(str(term.definition)) in page
            assert not _latin_words(str(term.definition).replace("0m 0p 0s", "")), term.id
    tables = _page_ja(views.tables, "/tutor/tables")
    assert "点数早見表" in tables
    assert "2000オール" in tables
    assert "1000・2000" in tables
    assert "<small>mangan</small>" not in tables  # 満貫 is not repeated in romaji
    bad = _page_ja(views.tables, "/tutor/tables?rules=nope")
    assert "ルール設定「nope」はありません" in bad


def test_aotenjou_tables_read_big_numbers_in_myriad_units_in_japanese():
    """Seed 003's 40 fu 14 han: 1048万5800 for a non-dealer ron; under 10万 plain digits."""
    with translation.override("ja"):
        ron: Any = views._tables("tenhou", True)["aotenjou"]
        ron = ron[0]
    row = next(r for r in ron["rows"] if r["han"] == 14)
    assert "1048万5800" in [c["ron"] for c in row["cells"]]
    small = next(r for r in ron["rows"] if r["han"] == 1)
    assert "1000" in [c["ron"] for c in small["cells"]]
    with translation.override("en"):
        ron = views._tables("tenhou", True)["aotenjou"]
        ron = ron[0]
    row = next(r for r in ron["rows"] if r["han"] == 14)
    assert "10,485,800" in [c["ron"] for c in row["cells"]]


def test_a_yakuman_is_listed_as_a_yakuman_not_as_13_han(client):
    """The worked examples' yaku lists: daisangen (yakuman), suuankou tanki (double yakuman);
    under aotenjou's 13-han policy the yakuman is 13 han."""
    page = client.get("/tutor/lessons/limits").content.decode()
    assert "(yakuman)" in page
    assert "(double yakuman)" in page
    assert "(13)" not in page
    assert "(26)" not in page
    aotenjou = client.get("/tutor/lessons/aotenjou").content.decode()
    assert "(13)" in aotenjou
    japanese = _page_ja(lambda request: views.lesson(request, "limits"), "/tutor/lessons/limits")
    assert "（役満）" in japanese
    assert "（ダブル役満）" in japanese


def test_a_yakuman_example_is_scored_as_yakuman_not_by_han_and_fu(client):
    page = client.get("/tutor/lessons/limits").content.decode()
    assert "Yakuman: 32,000 points." in page
    # a tsumo: each payer's share first, the total after (issue 20.4)
    assert "6× yakuman: 48,000/96,000 (192,000 in all)." in page
    assert "78 han" not in page
    japanese = _page_ja(lambda request: views.lesson(request, "limits"), "/tutor/lessons/limits")
    assert "役満：32000点。" in japanese
    assert "6倍役満：48000・96000（192000点）。" in japanese  # no 万 below aotenjou (issue 28)


def test_answers_write_points_as_japanese_players_do():
    """Plain digits in Japanese (11700点), digit groups in English (11,700); an aotenjou answer
    is written in myriad units in Japanese, beside the digits in English."""
    first = LESSONS[0].examples[0]
    with translation.override("ja"):
        answers = [a for _q, a in score_example(first).questions]
    assert any("11700点" in a for a in answers)
    with translation.override("en"):
        answers = [a for _q, a in score_example(first).questions]
    assert any("11,700" in a for a in answers)
    aotenjou = next(lesson for lesson in LESSONS if lesson.slug == "aotenjou").examples[0]
    with translation.override("ja"):
        (_prompt, answer), *_rest = score_example(aotenjou).questions
    # one number, in myriad units: a Japanese reader needs no 万 explained (issue 28.8)
    assert answer == "483億1838万2100点です。"
