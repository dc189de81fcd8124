"""Payments worded as players say them, in English and Japanese (issue 13)."""

from __future__ import annotations

import re
from html import unescape

from django.utils import translation

from scorer.calc import PointsForm, answer
from scorer.engine import score_request
from scorer.picker import payment_lines

# 3 han 40 fu: non-dealer tsumo 1300/2600, dealer tsumo 2600 all, non-dealer ron 5200.
NON_DEALER_TSUMO = {"han": "3", "fu": "40", "tsumo": "1"}
DEALER_TSUMO = {"han": "4", "fu": "30", "tsumo": "1", "dealer": "1"}
RON = {"han": "4", "fu": "30"}


def short(data, language):
    with translation.override(language):
        form = PointsForm(data)
        assert form.is_valid(), form.errors
        result = answer(form.cleaned_data)
        assert result is not None
        return result.short, result.lines


def test_calculator_short_payment_in_english():
    assert short(NON_DEALER_TSUMO, "en")[0] == "1,300/2,600"
    assert short(DEALER_TSUMO, "en")[0] == "3,900 all"
    assert short(RON, "en")[0] == "7,700"


def test_calculator_short_payment_in_japanese():
    assert short(NON_DEALER_TSUMO, "ja")[0] == "1300・2600"
    assert short(DEALER_TSUMO, "ja")[0] == "3900オール"
    assert short(RON, "ja")[0] == "7700点"


def test_payment_sentences_in_japanese_are_whole_sentences():
    _, lines = short(NON_DEALER_TSUMO, "ja")
    assert lines == ["1300・2600：親が2600点、子がそれぞれ1300点を支払います。"]
    _, lines = short(DEALER_TSUMO, "ja")
    assert lines == ["3900オール：子がそれぞれ3900点を支払います。"]
    _, lines = short({**RON, "honba": "2", "sticks": "1"}, "ja")
    assert lines == [
        "放銃者が8300点を支払います。",
        "本場分600点を含みます。",
        "さらに供託リーチ棒1本で1000点。",
        "和了者の受け取りは合計9300点です。",
    ]


def test_payment_sentences_of_a_scored_hand_in_both_languages():
    result = score_request(
        {"hand": "223344m45668p55s", "win": "7p", "tsumo": True, "riichi": True, "seat": "2z"},
        steps=False,
    )
    with translation.override("en"):
        lines = payment_lines(result, dealer=False)
    assert lines[0] == "2,000/3,900: the dealer pays 3,900, each other player 2,000."
    with translation.override("ja"):
        lines = payment_lines(result, dealer=False)
    assert lines[0] == "2000・3900：親が3900点、子がそれぞれ2000点を支払います。"


def test_picker_page_in_japanese_says_the_unit_and_the_payment(client):
    url = "/?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&dora=9s&seat=2z"
    page = unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="ja", follow=True).content.decode())
    assert re.search(r"\d+・\d+：親が\d+点、子がそれぞれ\d+点を支払います。", page)
    assert "飜" in page
    assert "符" in page
    # The engine's English payment step never reaches the page's payment list.
    assert "the dealer pays" not in page


def test_step_words_read_as_before_in_english_and_as_players_say_them_in_japanese():
    from scorer.engine.hand import Wait
    from scorer.vocabulary import STEP_WORDS, step_word

    assert {w.value for w in Wait} == set(STEP_WORDS["wait"])
    with translation.override("en"):
        for param, words in STEP_WORDS.items():
            for word in words:
                assert step_word(param, word) == word
    with translation.override("ja"):
        assert step_word("wait", "kanchan") == "嵌張"
        assert step_word("payer_name", "The dealer") == "親"
        assert step_word("seat", "West") == "西"
        assert step_word("wait", "unknown") == "unknown"
    wareme = {"preset": "tenhou", "wareme": True}
    request = {"hand": "123m456p789s1z234p", "win": "1z", "tsumo": True, "seat": "3z"}
    result = score_request({**request, "wareme": "2z", "rules": wareme})
    seen = set()
    for step in result["steps"]:
        for param in ("wait", "payer_name", "seat"):
            if param in step:
                seen.add(param)
                assert str(step[param]) in STEP_WORDS[param], (param, step[param])
    assert seen == {"wait", "payer_name", "seat"}


def test_big_points_read_in_myriad_units_in_japanese():
    from scorer.picker import points_text

    with translation.override("ja"):
        assert points_text(99_999) == "99999"
        # 万 only where no limit applies: from 100万, which no limited hand reaches (issue 28)
        assert points_text(192_000) == "192000"
        assert points_text(1_639_000) == "163万9000"
    with translation.override("en"):
        assert points_text(163_900) == "163,900"
