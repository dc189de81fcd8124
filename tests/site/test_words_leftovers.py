"""The words the other engineers left: one wording for the base points and the limit (engine,
walkthrough and quiz), furigana over kanji only in the walkthrough's glossary links, dora and
nuki counted in one consistent way, the labels of issue 20 item 11, and the tables page's
three-player rule named by its label (issues 19 and 20)."""

from __future__ import annotations

import html
import re
from typing import Any

from django.urls import reverse
from django.utils import translation

from scorer.engine import score_request
from scorer.engine.rules import resolve_rules
from tutor.walkthrough.steps import DisplayStep, build, request_query

#: riichi, tanyao and pinfu, won by ron: below the limits.
PLAIN: dict[str, Any] = {
    "hand": "234m456p678s22p56s",
    "win": "7s",
    "riichi": True,
    "dora": "1m",
}
#: Open honitsu (kuisagari) with double East: 5 han, a limit by han alone.
OPEN: dict[str, Any] = {"hand": "123m456m9m111z[7-89m]", "win": "9m", "seat": "1z"}
#: 50 fu 4 han: a mangan below 5 han.
MANGAN: dict[str, Any] = {
    "hand": "111m456p789s22z46s",
    "win": "5s",
    "riichi": True,
    "seat": "2z",
    "dora": "3p4p5p",
}
SANMA: dict[str, Any] = {
    "hand": "99m123456p789s11z",
    "win": "9m",
    "riichi": True,
    "seat": "2z",
    "rules": "tenhou_sanma",
}


def _engine(result: dict[str, Any], kind: str, **data: object) -> list[dict[str, Any]]:
    return [
        s
        for s in result["steps"]
        if s["step"] == kind and all(s.get(k) == v for k, v in data.items())
    ]


def _walk_step(data: dict[str, Any], kind: str, language: str) -> DisplayStep:
    with translation.override(language):
        walk = build(data)
        assert walk.ok, walk.error
        return next(s for s in walk.steps if s.kind == kind)


# -- 1. base points and the limit: one wording, no "^", fu before han -------------------------


def test_the_engine_writes_the_power_of_two_out_with_no_caret():
    result = score_request(PLAIN)
    (step,) = _engine(result, "base_points")
    assert step["power"] == 2 ** (step["han"] + 2)
    # The whole exponent bracketed, so that it cannot be read as 2^han + 2 (issue 28).
    assert step["text"] == (
        f"Base points = {step['fu']} × 2 to the power of ({step['han']} + 2)"
        f" = {step['fu']} × {step['power']} = {step['base']}."
    )
    assert "^" not in step["text"]


def test_the_walkthrough_formula_is_the_engine_sentence_grouped_by_the_page():
    english = _walk_step({**PLAIN, "dora": "1m5m"}, "base_points", "en")
    assert english.extra["formula"] == "Base points = 30 × 64 = 1,920."
    assert "2⁽⁴⁺²⁾ = 2⁶ = 64" in english.text
    japanese = _walk_step({**PLAIN, "dora": "1m5m"}, "base_points", "ja")
    assert japanese.extra["formula"] == "基本点＝30符×64＝1920点。"
    assert "2⁽⁴⁺²⁾＝2⁶＝64" in japanese.text


def test_the_limit_sentence_says_fu_before_han_in_both_languages():
    (step,) = _engine(score_request(MANGAN), "limit")
    assert step["text"] == "50 fu 4 han reaches mangan: base points 2000."
    assert (
        _walk_step(MANGAN, "limit", "en").text == "50 fu 4 han reaches mangan: base points 2,000."
    )
    assert _walk_step(MANGAN, "limit", "ja").text == "50符4飜で満貫：基本点2000点。"


def test_the_quiz_keeps_no_copy_of_the_engine_sentences():
    from tutor.quiz import base, cells

    assert not hasattr(base, "_QUIZ_STEP_TEXT")
    assert not hasattr(cells, "_QUIZ_STEP_TEXT")
    with translation.override("en"):
        lines = cells.cell_derivation(30, 4, False, "ron", resolve_rules("mleague"))
    assert lines[0] == "30 fu 4 han reaches mangan: base points 2,000."


# -- 2. furigana over the kanji only -----------------------------------------------------------


def test_glossary_links_put_furigana_over_kanji_only(client):
    with translation.override("ja"):
        step = next(s for s in build(OPEN).steps if "kuisagari" in s.terms)
        links = dict(step.term_links)
    assert links["kuisagari"] == "<ruby>喰<rt>ク</rt></ruby>い<ruby>下<rt>サ</rt></ruby>がり"
    with translation.override("ja"):
        url = reverse("tutor:explain") + "?" + request_query(OPEN) + "&view=all"
    page = client.get(url, headers={"accept-language": "ja"}).content.decode()
    assert "<ruby>喰<rt>ク</rt></ruby>い<ruby>下<rt>サ</rt></ruby>がり</a>" in page
    assert "<rt>クイサガリ</rt>" not in page
    with translation.override("en"):
        assert (
            dict(next(s for s in build(OPEN).steps if "kuisagari" in s.terms).term_links)[
                "kuisagari"
            ]
            == "kuisagari"
        )


# -- 3. dora among the hand's tiles; the norths set aside counted as dora, not in the shape --


def test_dora_and_nuki_sentences_agree_on_what_the_hand_is():
    result = score_request({**SANMA, "nuki": 2, "dora": "1p"})
    (dora,) = _engine(result, "dora", id="dora")
    assert (
        dora["text"] == "Indicator 1p makes 2p the dora: 1 among the hand's tiles (melds included)."
    )
    (nuki,) = _engine(result, "dora", id="nuki_dora")
    assert nuki["text"] == (
        "2 north tile(s) set aside (kita): not part of the hand's shape (no set, no pair, no fu), "
        "but each counts as dora (nuki dora), 1 han each."
    )
    assert "in the hand" not in dora["text"] + nuki["text"]


def test_a_north_dora_counts_the_norths_set_aside_in_its_own_sentence():
    request = {**SANMA, "nuki": 2, "dora": "3z"}
    (dora,) = _engine(score_request(request), "dora", id="dora")
    assert dora["count"] == 2
    assert dora["text"] == (
        "Indicator 3z makes 4z the dora: 2, counting the hand's tiles (melds included) and the "
        "2 north tile(s) set aside."
    )
    assert _walk_step(request, "dora", "ja").text == (
        "ドラ表示牌西でドラは北：手牌（副露を含む）と抜いた北2枚を合わせて2枚。"
    )


# -- 5. labels (issue 20 item 11) --------------------------------------------------------------


def test_the_calculator_heading_in_japanese(client):
    page = client.get("/ja/calc").content.decode()
    assert "<h1" in page
    assert "点数計算（符・飜から）</h1>" in page
    assert "飜数・符から点数へ" not in page


def test_the_yaku_drill_labels_in_japanese(client):
    page = client.get("/ja/tutor/quiz/yaku/?seed=3").content.decode()
    assert "成立している役" in page
    assert "ある役" not in page.replace("成立している役", "")


# -- 6. the tables page names the three-player rule by its label -------------------------------


def test_a_bad_three_player_rule_is_named_by_its_label(client):
    english = client.get("/tutor/tables?rules=tenhou_sanma&sanma_tsumo=x").content.decode()
    assert "sanma_tsumo&#x27; must" not in english
    assert "'sanma_tsumo'" not in english
    assert (
        "“Three players: tsumo” must be one of: tsumo loss, north&#x27;s share split, dealer pays "
        "north&#x27;s share." in english
    )
    japanese = client.get("/ja/tutor/tables?rules=tenhou_sanma&sanma_tsumo=x").content.decode()
    assert (
        "「三人麻雀のツモ」はツモ損、北家の分を折半、北家の分を親が払うのどれかを選んでください。"
        in japanese
    )
    assert re.search(r"sanma_tsumo[^\"=]*must", japanese) is None


# -- 7. what the sweep found in the lessons, the glossary, the tables and the quick drill -----

TAG = re.compile(r"<(script|style)\b.*?</\1>|<rt>.*?</rt>|<[^>]+>", re.S)


def _text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(html.unescape(TAG.sub(" ", response.content.decode())).split())


def _pages() -> list[str]:
    from tutor.course.lessons import LESSONS

    urls = ["/tutor/lessons/", "/tutor/glossary", "/tutor/tables", "/tutor/tables?rules=mleague"]
    urls += ["/tutor/tables?rules=aotenjou"] + [f"/tutor/lessons/{x.slug}" for x in LESSONS]
    return urls


def test_lessons_glossary_and_tables_write_no_caret_and_no_times_x(client):
    faults = []
    for url in _pages():
        for prefix in ("", "/ja"):
            text = _text(client, prefix + url)
            for pattern in (r"\^", r"\d\s*[xX]\s*\d", r"Seed 0", r"[23]倍役満", "惜しい"):
                faults += [(prefix + url, m.group(0)) for m in re.finditer(pattern, text)]
    assert not faults


def test_the_seven_pairs_question_names_the_honour_pairs(client):
    # every tile named, none in notation (issue 28)
    english = _text(client, "/tutor/lessons/exceptions")
    assert "(the pairs of 7 of circles, 9 of bamboo, Haku and Chun make no sets)" in english
    assert "55z 77z" not in english
    japanese = _text(client, "/ja/tutor/lessons/exceptions")
    assert "（七筒・九索・白・中の対子は面子になりません）" in japanese


def test_the_glossary_writes_fu_before_han_and_the_power_in_words(client):
    japanese = _text(client, "/ja/tutor/glossary")
    assert "（関西ルールでは50符1飜）" in japanese
    assert "符×2の（飜数＋2）乗。" in japanese  # no half-width space beside 符 (issue 28)
    english = _text(client, "/tutor/glossary")
    assert "(Kansai rule: 50 fu, 1 han)" in english
    assert "fu × 2 to the power of (han + 2), capped at the limits" in english


def test_the_myriad_units_are_said_in_numbers_a_reader_knows(client):
    english = _text(client, "/tutor/lessons/aotenjou")
    assert "万 is 10,000, 億 is 10,000 万, 兆 is 10,000 億, 京 is 10,000 兆" in english
    japanese = _text(client, "/ja/tutor/lessons/aotenjou")
    # a Japanese reader is not told what 万 and 億 are (issue 28.8)
    assert "万は10000" not in japanese


def test_the_kiriage_legend_groups_its_number(client):
    english = _text(client, "/tutor/tables?rules=mleague")
    assert "* : kiriage mangan (base 1,920 rounded up)." in english
    assert "*：切り上げ満貫（基本点1920点を切り上げ）。" in _text(
        client, "/ja/tutor/tables?rules=mleague"
    )


def test_the_quick_drill_choices_say_plus_alpha_in_japanese(client):
    page = client.get("/ja/tutor/quiz/quick/?seed=0").content.decode()
    assert '<input type="radio" name="a_pattern" value="30+"> 30+α</label>' in page
    assert '<input type="radio" name="a_pattern" value="40+"> 40+α</label>' in page
    english = client.get("/tutor/quiz/quick/?seed=0").content.decode()
    assert '<input type="radio" name="a_pattern" value="30+"> 30+</label>' in english


def test_the_exact_fu_prompt_says_plus_alpha_in_japanese(client):
    page = client.get("/ja/tutor/quiz/exact_fu/?seed=0&rules=tenhou").content.decode()
    assert "それとも渋川式（パターン30+α）で正しい点数が出ますか？" in page
    english = client.get("/tutor/quiz/exact_fu/?seed=0&rules=tenhou").content.decode()
    assert "the quick method (pattern 30+) give the right points?" in english


def test_the_review_page_groups_its_size_limit(client):
    english = _text(client, "/tutor/review/")
    assert "Record files up to 1,000 kB, pasted text up to 64 kB." in english
    assert "1000 kB" not in english
