"""The glossary's search box and letter index (issue 22.15), the Counting-fu table (22.16), and the
labels of issue 20.11 on the pages this branch owns. The search works without JavaScript as a GET
query; the browser test (tests/browser/test_glossary_search.py) checks the filtering as you type."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.course.glossary import TERMS
from tutor.course.termbase import BY_ID

pytestmark = pytest.mark.django_db


def _ids(html: str) -> list[str]:
    return re.findall(r'<div class="term-entry" id="([^"]+)"', html)


def test_the_whole_glossary_has_the_search_box_and_the_index(client: Client) -> None:
    html = client.get("/tutor/glossary").content.decode()
    assert _ids(html) == [t.id for t in TERMS]
    assert re.search(r'<form class="glossary-search" method="get"[^>]*role="search"', html)
    assert 'name="q"' in html
    assert 'src="/static/js/glossary.js"' in html
    index = re.search(r'data-testid="glossary-index">(.*?)</nav>', html, re.S)
    assert index
    letters = re.findall(r'data-letter="([^"]+)"', index.group(1))
    assert letters == sorted({t.concept.en[0].upper() for t in TERMS})
    assert "hidden>No term matches" in html.replace('"glossary-none" hidden', "hidden")


def test_a_query_filters_on_the_server(client: Client) -> None:
    html = client.get("/tutor/glossary?q=pinfu").content.decode()
    ids = _ids(html)
    assert ids[:2] == ["pinfu", "kuipinfu"]  # named by the query first
    assert "tsumo" in ids  # then the definitions that mention it
    assert "mangan" not in ids
    assert f"{len(ids)} of 91 terms shown." in html
    assert "Show every term" in html


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("PINFU", "pinfu"),  # case
        ("平和", "pinfu"),  # kanji
        ("all simples", "tanyao"),  # the English meaning, every word
        ("チャンタ", "chanta"),  # the nickname
    ],
)
def test_the_query_finds_a_term_by_any_of_its_names(
    client: Client, query: str, expected: str
) -> None:
    assert expected in _ids(client.get("/tutor/glossary", {"q": query}).content.decode())


def test_japanese_search_reads_hiragana_as_katakana(client: Client) -> None:
    html = client.get("/ja/tutor/glossary", {"q": "ぴんふ"}).content.decode()
    assert "pinfu" in _ids(html)
    assert "91語のうち" in html


def test_no_match_says_so(client: Client) -> None:
    html = client.get("/tutor/glossary?q=zzzz").content.decode()
    assert _ids(html) == []
    assert re.search(r'data-testid="glossary-none">No term matches', html)
    assert "0 of 91 terms shown." in html


def test_the_letter_index_filters_on_the_server(client: Client) -> None:
    html = client.get("/tutor/glossary?letter=p").content.decode()
    assert _ids(html) == [t.id for t in TERMS if t.concept.en.startswith("p")]
    assert re.search(r'data-letter="P" aria-current="page"', html)
    # an unknown letter shows everything rather than failing
    assert len(_ids(client.get("/tutor/glossary?letter=%25%25").content.decode())) == len(TERMS)


def test_the_japanese_index_is_by_kana_row(client: Client) -> None:
    html = client.get("/ja/tutor/glossary").content.decode()
    letters = re.findall(r'data-letter="([^"]+)"', html)
    assert letters[:4] == ["ア", "カ", "サ", "タ"]
    ka = _ids(client.get("/ja/tutor/glossary", {"letter": "カ"}).content.decode())
    assert "kanchan" in ka  # カンチャン
    assert "kiriage" in ka  # キリアゲ
    assert "kuisagari" in ka  # クイサガリ
    assert "fu" not in ka
    assert all(BY_ID[i].reading[0] in "カキクケコガギグゲゴ" for i in ka)


def test_glossary_shows_katakana_readings_and_nicknames(client: Client) -> None:
    html = client.get("/ja/tutor/glossary").content.decode()
    entry = html[html.index('id="chanta"') :][:800]
    assert "ホンチャンタイヤオチュー（チャンタ）" in entry
    entry = html[html.index('id="ron"') :][:800]
    assert "ロン / 栄和" in entry


# ------------------------------------------------------------------- 22.16: the fu table
def test_counting_fu_has_the_triplet_and_kan_table(client: Client) -> None:
    html = client.get("/tutor/lessons/fu").content.decode()
    table = re.search(r'data-testid="fu-table">(.*?)</table>', html, re.S)
    assert table
    rows = re.findall(
        r"<tr><th scope=\"row\">(.*?)</th><td>(\d+) fu</td><td>(\d+) fu</td></tr>", table.group(1)
    )
    assert [(int(a), int(b)) for _label, a, b in rows] == [(2, 4), (4, 8), (8, 16), (16, 32)]
    assert "Open triplet" in rows[0][0]
    assert "Closed kan" in rows[3][0]
    assert "Simples (2–8)" in table.group(1)
    ja = client.get("/ja/tutor/lessons/fu").content.decode()
    table = re.search(r'data-testid="fu-table">(.*?)</table>', ja, re.S)
    assert table
    for word in ("明刻", "暗刻", "明槓", "暗槓", "中張牌", "幺九牌", "32符"):
        assert word in table.group(1), word


def test_only_counting_fu_has_it(client: Client) -> None:
    assert 'data-testid="fu-table"' not in client.get("/tutor/lessons/exceptions").content.decode()


# -------------------------------------------------------------------------- 20.11: labels
def test_japanese_labels(client: Client) -> None:
    html = client.get("/ja/tutor/").content.decode()
    assert ">点数計算<" in html
    assert "飜符計算" not in html
    assert "<h2>資料</h2>" in html
    lesson = client.get("/ja/tutor/lessons/quick-method").content.decode()
    assert "<caption>子のロン</caption>" in lesson
    limits = client.get("/ja/tutor/lessons/limits").content.decode()
    assert "110符までです" in limits
    assert "おしまい" not in limits


def test_limit_rows_write_han_ranges_with_a_wave_dash_in_japanese(client: Client) -> None:
    ja = client.get("/ja/tutor/tables").content.decode()
    row = re.search(r'data-limit-row="haneman"[^>]*>.*?</th><td>([^<]+)</td>', ja)
    assert row
    assert row.group(1) == "6〜7"
    en = client.get("/tutor/tables").content.decode()
    row = re.search(r'data-limit-row="haneman"[^>]*>.*?</th><td>([^<]+)</td>', en)
    assert row
    assert row.group(1) == "6–7"
