"""Terms: English pages show the kanji beside yaku and limit names (Riichi 立直); Japanese
pages show glossary terms' first use with furigana; the glossary gives kanji, reading, English."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from scorer.engine.yaku import YAKU_BY_ID
from tutor import quiz
from tutor.course.glossary import TERMS
from tutor.course.names import LIMIT_KANJI, YAKU_KANJI, limit_html, yaku_html

pytestmark = pytest.mark.django_db

WIKI = "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"
KANJI = re.compile(r"[\u4e00-\u9fff\u3040-\u30ff]")


def test_every_yaku_has_its_kanji() -> None:
    assert set(YAKU_BY_ID) <= set(YAKU_KANJI)
    assert all(KANJI.search(name) for name in YAKU_KANJI.values())
    assert YAKU_KANJI["riichi"] == "立直"
    assert {"mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman"} <= set(
        LIMIT_KANJI
    )


def test_name_helpers_by_language() -> None:
    with translation.override("en"):
        assert yaku_html("riichi") == 'Riichi <span class="kanji" lang="ja">立直</span>'
        assert limit_html("mangan") == 'mangan <span class="kanji" lang="ja">満貫</span>'
        assert yaku_html("riichi", "<b>") == '&lt;b&gt; <span class="kanji" lang="ja">立直</span>'
    with translation.override("ja"):
        assert "<span" not in yaku_html("riichi")
        assert "<span" not in limit_html("mangan")


def test_picker_shows_kanji_beside_the_yaku_and_keeps_the_hooks(client: Client) -> None:
    html = client.get(f"/?{WIKI}").content.decode()
    assert re.search(
        r'<li data-yaku="riichi"><span>Riichi <span class="kanji" lang="ja">立直</span>', html
    )
    assert 'data-yaku="menzen_tsumo"' in html
    mangan = client.get(f"/?{WIKI}&ippatsu=1").content.decode()
    pattern = r'data-testid="limit">[^<]+</span> <span class="kanji" lang="ja">満貫</span>'
    assert re.search(pattern, mangan)
    ja = client.get(f"/ja/?{WIKI}").content.decode()
    assert 'data-yaku="riichi"' in ja
    assert 'class="kanji"' not in ja


def test_walkthrough_yaku_steps_show_kanji(client: Client) -> None:
    html = client.get(f"/tutor/explain?{WIKI}&view=all").content.decode()
    assert re.search(
        r'class="step-title">.*?Riichi.*?<span class="kanji" lang="ja">立直</span></h2>', html
    )


def test_quiz_yaku_drill_shows_kanji(client: Client) -> None:
    html = client.get("/tutor/quiz/yaku/?seed=3").content.decode()
    assert re.search(r'<span class="kanji" lang="ja">[^<]+</span></label>', html)


def test_tables_show_limit_kanji_beside_romaji(client: Client) -> None:
    html = client.get("/tutor/tables").content.decode()
    row = re.search(r'<tr data-limit-row="mangan"[^>]*><th scope="row">(.*?)</th>', html)
    assert row
    assert "満貫" in row.group(1)
    assert "mangan" in row.group(1)


def test_glossary_gives_kanji_reading_and_english_for_every_term(client: Client) -> None:
    html = client.get("/tutor/glossary").content.decode()
    for term in TERMS:
        anchor = html.find(f'id="{term.id}"')
        assert anchor >= 0, term.id
        entry = html[anchor : anchor + 1500]
        assert term.ja.split(" / ")[0] in entry, term.id
        kana = term.reading.split(" · ")[0]
        assert re.fullmatch(r"[\u30a1-\u30faー]+", kana), (term.id, kana)  # katakana
        assert kana in entry, term.id
        with translation.override("en"):
            assert str(term.en).split(" (")[0] in entry, term.id


def test_yaku_kinds_exist() -> None:
    assert "yaku" in quiz.KINDS


# ---------------------------------------------------------------- furigana on Japanese pages
def test_first_use_of_a_term_carries_furigana() -> None:
    from tutor.course.glossary import link_terms

    text = "[[fu]]と[[han]]。[[fu]]をもう一度。[[oya]]は[[dora]]も。[[fu|符の数]]"
    with translation.override("ja"):
        seen: set[str] = set()
        html = str(link_terms(text, seen))
        more = str(link_terms("[[fu]]と[[mangan]]", seen))
    assert html.count("<ruby>") == 2  # 符 and 飜, once each
    assert '<a class="term" href="/ja/tutor/glossary#fu"' in html
    assert "<ruby>符<rt>フ</rt></ruby>" in html
    assert "<ruby>飜<rt>ハン</rt></ruby>" in html
    assert html.count("<rt>フ</rt>") == 1  # the second use: a plain link
    assert "<ruby>親" not in html  # everyday word
    assert "<ruby>ドラ" not in html  # kana
    assert ">符の数</a>" in html  # a translated label is shown as written
    assert "<rt>フ</rt>" not in more  # the same page: already seen
    assert "<ruby>満貫<rt>マンガン</rt></ruby>" in more
    assert seen >= {"fu", "han", "oya", "dora", "mangan"}


def test_english_links_are_unchanged() -> None:
    from tutor.course.glossary import link_terms

    with translation.override("en"):
        html = str(link_terms("[[fu]] and [[han|doubles]] <b>"))
    assert "<ruby>" not in html
    assert '<a class="term" href="/tutor/glossary#fu" title="fu (minipoints)">fu</a>' in html
    assert ">doubles</a>" in html
    assert "&lt;b&gt;" in html


def test_japanese_lesson_page_has_furigana_once_per_term(client: Client) -> None:
    html = client.get("/ja/tutor/lessons/fu").content.decode()
    rubies = re.findall(r'href="/ja/tutor/glossary#([a-z_-]+)"[^>]*><ruby>', html)
    assert rubies
    assert len(rubies) == len(set(rubies))
