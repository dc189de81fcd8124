"""The payments lesson's three-player addendum: its example scored live and showing what it is
there to show, its answers quoting the engine, shown in English and never half-translated."""

from __future__ import annotations

import html
import re

from django.utils import translation

from scorer.engine import score_request
from tests.course.test_lessons import _holds
from tutor.course.lessons import BY_SLUG, TOPICS, facts, score_example

POINTS = BY_SLUG["points"]
ADDENDUM = POINTS.addendum


def test_the_addendum_example_shows_what_it_is_there_to_show():
    assert ADDENDUM is not None
    for example in ADDENDUM.examples:
        assert example.shows
        result = score_request(dict(example.request))
        assert result["ok"], result
        for claim in example.shows:
            assert _holds(claim, result), claim


def test_the_sanma_example_answers_quote_the_engine():
    assert ADDENDUM is not None
    scored = score_example(ADDENDUM.examples[0])
    values = facts(scored.result)
    pay = scored.result["payments"]
    assert pay["total"] == pay["tsumo_dealer"] + pay["tsumo_others"]
    answers = [answer for _prompt, answer in scored.questions]
    assert answers[0] == (
        f"{values['han']} han: Riichi, Menzen tsumo, Nuki dora (north tiles set aside)."
    )
    assert answers[1] == (
        f"The dealer {pay['tsumo_dealer']:,} and the other non-dealer {pay['tsumo_others']:,}: "
        f"{pay['total']:,} in all; nobody pays for the empty north seat."
    )


def test_the_paragraph_quotes_only_the_honba_figures():
    assert ADDENDUM is not None
    text = str(ADDENDUM.paragraphs[0])
    # 100 and 200 per honba counter: 300 / 3 from each payer, twice that from a discarder.
    assert set(re.findall(r"\d+", text.replace("2 to 8", ""))) == {"1", "100", "200"}


def test_in_english_the_lesson_has_the_addendum_and_the_page_shows_it(client):
    assert POINTS.paragraphs[-1] is ADDENDUM.paragraphs[0]  # type: ignore[union-attr]
    assert TOPICS["sanma"] == ("points", len(POINTS.paragraphs), "tsumo loss")
    page = html.unescape(client.get("/tutor/lessons/points").content.decode())
    assert "Under tsumo loss (ツモ損)" in page
    assert f'id="p{len(POINTS.paragraphs)}"' in page
    assert "Three players (Tenhou's rules)" in page
    assert "tile-group-nuki" in page


def test_an_untranslated_addendum_is_left_out_not_mixed_in():
    assert ADDENDUM is not None
    with translation.override("ja"):
        translated = ADDENDUM.reads_in_active_language()
        assert (POINTS.paragraphs[-1] is ADDENDUM.paragraphs[0]) == translated
        assert len(POINTS.examples) == len(POINTS.own_examples) + (1 if translated else 0)
    with translation.override("en"):
        assert ADDENDUM.reads_in_active_language()


def test_the_payments_lesson_links_the_three_player_tsumo_drill(client):
    page = client.get("/tutor/lessons/points").content.decode()
    assert 'href="/tutor/quiz/sanma_tsumo/" data-drill="sanma_tsumo"' in page
