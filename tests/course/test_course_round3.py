"""Words, round three (issue 28): the course, the glossary and the tables as a Japanese reference
would print them, and the English sentences that stated a false premise.

Each test names the item it holds; each failed before the change. The sweeps over every page are
in test_course_sweeps.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from scorer.engine import PRESETS
from scorer.engine.yaku import YAKU_BY_ID
from scorer.numbers import power_of_two
from tests.i18n.visible import visible_text
from tutor.course.glossary import BY_ID
from tutor.course.lessons import BY_SLUG, LESSONS, facts, score_example

pytestmark = pytest.mark.django_db


def _page(client: Client, url: str) -> str:
    """A page's visible text on one line (code and notation left out; an English page's
    <html lang="en"> is not the romaji that visible_text leaves out)."""
    html = re.sub(r"<html lang=\"en\"", "<html", client.get(url).content.decode(), count=1)
    return re.sub(r"\s+", " ", " ".join(visible_text(html)))


def _paragraph(slug: str, number: int, language: str) -> str:
    with translation.override(language):
        text = str(BY_SLUG[slug].paragraphs[number - 1])
    return re.sub(r"\[\[[a-z_-]+\|([^\]]+)\]\]", r"\1", text)


def _linked(slug: str, number: int, language: str) -> str:
    """A paragraph as the page shows it: glossary marks turned into their words."""
    from tutor.course.glossary import link_terms

    with translation.override(language):
        html = str(link_terms(str(BY_SLUG[slug].paragraphs[number - 1])))
    return re.sub(r"<rt>.*?</rt>|<[^>]+>", "", html)


def _answers(slug: str, language: str) -> list[tuple[str, str]]:
    with translation.override(language):
        lesson = BY_SLUG[slug]
        pairs = [pair for e in lesson.examples for pair in score_example(e).questions]
        return pairs + [(str(q.prompt), str(q.answer)) for q in lesson.questions]


def _definition(term_id: str, language: str) -> str:
    with translation.override(language):
        return str(BY_ID[term_id].definition)


def _short(term_id: str, language: str) -> str:
    with translation.override(language):
        return str(BY_ID[term_id].en)


# ------------------------------------------------------- item 8: 万 and 億 are not explained to
# Japanese readers
def test_the_aotenjou_lesson_explains_myriad_units_in_english_only(client: Client) -> None:
    english = _page(client, "/tutor/lessons/aotenjou")
    assert "万 is 10,000, 億 is 10,000 万" in english
    japanese = _page(client, "/ja/tutor/lessons/aotenjou")
    assert "万は10000" not in japanese
    assert "4桁ごと" not in japanese
    assert "万・億の単位で読むと" not in japanese
    assert "点数早見表" in japanese  # the rest of the paragraph stays
    assert "万・億・兆・京" not in _definition("aotenjou", "ja")
    assert "myriad units" in _definition("aotenjou", "en")


def test_the_aotenjou_answer_is_one_number_in_japanese() -> None:
    (_prompt, answer), *_rest = _answers("aotenjou", "ja")
    assert answer == "483億1838万2100点です。"
    (_prompt, english), *_rest = _answers("aotenjou", "en")
    assert english == "48,318,382,100 points: 483億1838万2100 in Japanese myriad units."


# ---------------------------------------------------- item 9: what a yakuman does, said plainly
def test_a_yakuman_sentence_says_what_is_not_counted() -> None:
    japanese = _linked("han", 3, "ja")
    assert japanese.startswith("役満が成立すると通常の役やドラは数えません。")
    assert "取って代わ" not in japanese
    assert "replaces everything" not in _paragraph("han", 3, "en")
    assert _short("yakuman", "ja") == "満貫の4倍にあたる最高の点数"
    assert "最も難しい" not in _short("yakuman", "ja")


# -------------------------------------------------------- item 10: no invented reason for 30 fu
def test_the_open_pinfu_shape_is_named_not_excused() -> None:
    japanese = _linked("exceptions", 3, "ja")
    assert "これを喰い平和形といい、30符として扱います。" in japanese
    assert "代償" not in japanese
    english = _paragraph("exceptions", 3, "en")
    assert "compensation" not in english
    assert "open pinfu shape" in english


# --------------------------------------------------------- the power of two: one exponent
def test_the_formula_brackets_the_whole_exponent_in_both_languages(client: Client) -> None:
    """「2の「4飜＋2」乗」 and "2 to the power of 1 han + 2" read as 2¹ + 2: the formula brackets
    the exponent, "2 to the power of (han + 2)", 「2の（飜数＋2）乗」, and a worked power is
    raised whole, 2⁽¹⁺²⁾ = 2³ = 8 (scorer.numbers.power_of_two), with no caret (issue 19)."""
    for language, formula in (("en", "2 to the power of (han + 2)"), ("ja", "2の（飜数＋2）乗")):
        with translation.override(language):
            one = power_of_two(1)
        assert one in _paragraph("how-scoring-works", 2, language)
        for slug, number in (("how-scoring-works", 2), ("points", 1), ("aotenjou", 1)):
            assert formula in _paragraph(slug, number, language), (slug, language)
        with translation.override(language):
            assert formula in str(BY_ID["kihonten"].definition)
    for prefix in ("", "/ja"):
        for url in ("/tutor/glossary", "/tutor/lessons/how-scoring-works", "/tutor/lessons/points"):
            text = _page(client, prefix + url)
            assert "^" not in text
            assert "「4飜＋2」" not in text
            assert not re.search(r"power of \d+ han \+ 2", text)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_worked_base_points_show_the_power_of_two(language: str) -> None:
    example = BY_SLUG["how-scoring-works"].examples[0]
    with translation.override(language):
        scored = score_example(example)
        han = scored.result["han"]
        answer = scored.questions[1][1]
        assert power_of_two(han) in answer, answer
        assert facts(scored.result)["base"] in answer


# ----------------------------------------------------- leads: English rhythm, Japanese sentence
def test_japanese_leads_are_terse_declarative_sentences() -> None:
    with translation.override("ja"):
        for lesson in LESSONS:
            lead = str(lesson.summary)
            assert re.search(r"(ます|です|ません)。$", lead), (lesson.slug, lead)
            assert "ひと目で" not in lead
            assert not lead.startswith(("余興として", "符と飜から、")), lead


# ------------------------------------------------------------- answers that answer the question
def test_dora_alone_do_not_make_a_hand_says_a_yaku_other_than_dora() -> None:
    (_q, japanese), *_rest = [a for a in _answers("how-scoring-works", "ja") if "ドラだけ" in a[0]]
    assert "ドラ以外の役" in japanese
    assert "本当の役" not in japanese
    (_q, english), *_rest = [a for a in _answers("how-scoring-works", "en") if "dora" in a[0]]
    assert "real yaku" not in english


def test_a_how_many_han_question_is_answered_with_han() -> None:
    """一気通貫は何飜: 「1飜です（門前なら2飜）」, not a sentence about kuisagari alone."""
    ittsu = YAKU_BY_ID["ittsu"]
    japanese = dict(_answers("han", "ja"))
    answer = next(a for q, a in japanese.items() if "一気通貫" in q)
    assert answer.startswith(f"{ittsu.open_han}飜です（門前なら{ittsu.closed_han}飜"), answer
    english = dict(_answers("han", "en"))
    answer = next(a for q, a in english.items() if "straight" in q)
    assert answer.startswith(f"{ittsu.open_han} han ({ittsu.closed_han} closed"), answer
    for language, mark in (("ja", "何飜"), ("en", "how many han")):
        for slug in BY_SLUG:
            for prompt, answer in _answers(slug, language):
                if mark in prompt.lower():
                    assert re.search(r"\d+ ?(飜|han)", answer), (slug, prompt, answer)


# ---------------------------------------------------------------- English: no false premise
def test_1500_honba_is_some_older_styles_not_games_with_bazoro() -> None:
    for text in (
        _paragraph("honba", 1, "en"),
        _definition("honba", "en"),
        _definition("tsumifu", "en"),
    ):
        assert "some older styles" in text.lower(), text
        assert "often use 1,500" not in text
        assert "played with bazoro" not in text
    bazoro = _paragraph("how-scoring-works", 2, "en")
    assert "today's rules usually give them to every win" in bazoro
    assert str(PRESETS["classic"].honba_points) == "1500"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_fu_lesson_examples_say_how_each_hand_was_won(language: str) -> None:
    words = {"en": ("tsumo", "self-draw", "ron"), "ja": ("ツモ", "ロン")}[language]
    with translation.override(language):
        for example in BY_SLUG["fu"].examples:
            caption = str(example.caption).lower()
            assert any(word in caption for word in words), caption
            tsumo = bool(example.request.get("tsumo"))
            said_tsumo = any(word in caption for word in words[:-1])
            assert said_tsumo == tsumo, caption


def _drill_labels(client: Client, prefix: str) -> list[str]:
    """The quick drill's pattern choices, as the drill page shows them."""
    html = client.get(f"{prefix}/tutor/quiz/quick/?seed=1").content.decode()
    return re.findall(r'name="a_pattern" value="[^"]+"[^>]*> ([^<]+)</label>', html)


def test_the_quick_method_names_six_patterns_and_the_five_labels_the_drill_uses(
    client: Client,
) -> None:
    labels = _drill_labels(client, "")
    assert len(labels) == 5
    first = _paragraph("quick-method", 1, "en")
    assert "six fu patterns" in first
    assert "five labels" in first
    assert all(label in first for label in labels), (labels, first)
    shibukawa = _definition("shibukawa", "en")
    assert "five labels" in shibukawa
    assert "open 30+" not in shibukawa
    japanese = _drill_labels(client, "/ja")
    assert len(japanese) == 5
    assert all(label in _paragraph("quick-method", 1, "ja") for label in japanese), japanese


@pytest.mark.parametrize("language", ["en", "ja"])
def test_why_the_counted_yakuman_must_be_closed_names_sanankou(language: str) -> None:
    pairs = _answers("limits", language)
    answer = next(a for q, a in pairs if "closed" in q or "門前" in q)
    assert ("sanankou" if language == "en" else "三暗刻") in answer, answer
    assert ("honitsu" if language == "en" else "混一色") in answer, answer


def test_the_three_player_honba_rule_is_not_stated_as_tenhous() -> None:
    with translation.override("en"):
        addendum = " ".join(str(p) for p in BY_SLUG["points"].paragraphs[3:])
    assert "100 from each of the two payers" in addendum
    assert re.search(r"not settled|varies|vary|differ", addendum), addendum


# ----------------------------------------------------------------- the tables page's legends
def test_the_classic_tables_grey_the_25_fu_column_and_say_why(client: Client) -> None:
    html = client.get("/tutor/tables?rules=classic").content.decode()
    cells = re.findall(r'<td class="cell[^"]*" data-han="(\d)" data-fu="25"[^>]*>(.*?)</td>', html)
    assert cells
    for han, cell in cells:
        if han != "1":  # 25 fu 1 han is no hand at all, under any rules
            assert 'class="ron no-occur"' in cell, cell
            assert 'class="tsumo no-occur"' in cell, cell
    legend = _page(client, "/tutor/tables?rules=classic")
    assert "seven pairs is 50 fu" in legend
    assert "25 fu by tsumo below 3 han" not in legend
    japanese = _page(client, "/ja/tutor/tables?rules=classic")
    assert "七対子は50符" in japanese
    tenhou = client.get("/tutor/tables").content.decode()
    three = re.search(r'data-han="3" data-fu="25"[^>]*>(.*?)</td>', tenhou)
    assert three
    assert "no-occur" not in three.group(1)  # 25 fu 3 han: seven pairs by tsumo, under Tenhou


# ----------------------------------------------------- no half-width space beside Japanese text
def test_the_yaku_line_has_no_stray_space_in_japanese(client: Client) -> None:
    """「役： 立直」 and 「役牌 白」 had a half-width space; Japanese writes 「役：立直（1飜）」 and
    「役牌・白」."""
    text = _page(client, "/ja/tutor/lessons/fu")
    assert "役：役牌・中（1飜）" in text
    assert "役： " not in text
    assert not re.search(r"役牌 [白發中自場]", text)
    assert "Yaku: Chun (1)" in _page(client, "/tutor/lessons/fu")
