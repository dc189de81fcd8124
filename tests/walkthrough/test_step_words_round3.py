"""The step sentences of issue 28, in English and Japanese: no false premise (chankan is not a
discard, a kan is not a triplet, honitsu is one suit plus honours, tenpane is never said of a
yakuman), the rule switches in the conditional, one fact once, tiles named rather than coded,
and the power of two that cannot be read as 2^han + 2. Each sentence lives in one renderer of
tutor/walkthrough/steps.py or one template of the engine's tables."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import translation

from scorer.engine import score_request
from tutor.walkthrough.steps import DisplayStep, build

CHANKAN = {"hand": "234m456p678s34s22z", "win": "5s", "chankan": True}
KAN = {"hand": "(2222m)456p678s345s9s", "win": "9s", "riichi": True}
SUUANKOU = {"hand": "111m222p333s444z5z", "win": "5z", "tsumo": True}
CHIITOITSU = {"hand": "1122m3344m5566p7s", "win": "7s"}
DORA = {"hand": "234m456p678s345s2z", "win": "2z", "riichi": True, "dora": "9s"}
SHANPON = {"hand": "234m456p678s77z55s", "win": "7z"}
KOKUSHI = {"hand": "19m19p19s1234567z", "win": "1m"}
PLAIN = {"hand": "234m567p234s44z67s", "win": "8s", "tsumo": True, "riichi": True}


def _walk(request: Mapping[str, object], language: str) -> list[DisplayStep]:
    with translation.override(language):
        walk = build(dict(request))
        assert walk.ok, walk.error
        steps = []
        for step in walk.steps:
            steps.extend([step, *step.children])
        return steps


def _step(request: Mapping[str, object], kind: str, language: str = "en", **data: object):
    return next(
        s
        for s in _walk(request, language)
        if s.kind == kind and all(s.data.get(k) == v for k, v in data.items())
    )


def _engine(request: Mapping[str, object], kind: str) -> dict[str, Any]:
    return next(s for s in score_request(dict(request))["steps"] if s["step"] == kind)


def test_chankan_is_a_ron_on_a_tile_added_to_a_kan_not_on_a_discard():
    english = _step(CHANKAN, "hand").text
    assert "robbing a kan" in english
    assert "discard" not in english
    assert "槍槓" in _step(CHANKAN, "hand", "ja").text
    assert "discard" in _step({**CHANKAN, "chankan": False, "riichi": True}, "hand").text


def test_a_rule_switch_says_what_the_hand_would_be():
    notes = [n.text for s in _walk(CHIITOITSU, "en") for n in s.notes if n.kind == "rule"]
    assert notes
    assert all(", this hand would be " in text for text in notes if "this hand" in text)
    assert not [text for text in notes if ", this hand is " in text]


def test_honitsu_names_the_suits_and_says_honours_belong():
    english = _step(CHIITOITSU, "yaku_absent", absent="honitsu").text
    assert english == (
        "Besides characters the hand has circles and bamboo; honitsu is made of one suit and "
        "honours only."
    )
    assert "main suit" not in _engine(CHIITOITSU, "yaku_absent")["text"]
    japanese = _step(CHIITOITSU, "yaku_absent", "ja", absent="honitsu").text
    assert (
        japanese == "萬子のほかに筒子・索子があります。混一色は1種類の数牌と字牌だけで作る役です。"
    )


def test_a_kan_is_called_a_kan_in_the_pinfu_step():
    result = score_request(KAN)
    pinfu = next(s for s in result["steps"] if s.get("id") == "pinfu")
    assert pinfu["reason"] == "pinfu.kan"
    assert "is a kan" in pinfu["text"]
    assert "triplet" not in pinfu["text"]
    japanese = _step(KAN, "yaku_absent", "ja", absent="pinfu").text
    assert "槓子" in japanese
    assert "刻子" not in japanese


def test_tenpane_is_never_said_of_a_yakuman():
    total = _engine(SUUANKOU, "fu_total")
    assert total["tenpane"] is False
    assert "tenpane" not in str(total["text"])
    for language, word in (("en", "tenpane"), ("ja", "テンパネ")):
        for step in _walk(SUUANKOU, language):
            assert word not in step.text.lower()
            assert "tenpane" not in step.terms
            assert not [n for n in step.notes if word in n.text.lower()]


def test_the_power_of_two_raises_the_whole_exponent():
    engine = _engine(PLAIN, "base_points")
    assert f"2 to the power of ({engine['han']} + 2) = 20 × 32 = " in str(engine["text"])
    assert "to the power of 3 han + 2" not in str(engine["text"])
    english = _step(PLAIN, "base_points")
    assert "2⁽³⁺²⁾ = 2⁵ = 32" in english.text
    assert english.extra["formula"] == "Base points = 20 × 32 = 640."
    japanese = _step(PLAIN, "base_points", "ja")
    assert "2⁽³⁺²⁾＝2⁵＝32" in japanese.text
    assert "「" not in str(japanese.extra["formula"])


def test_seven_pairs_fixed_fu_is_said_once():
    for language, fact in (("en", "fixed"), ("ja", "固定")):
        said = [
            text
            for step in _walk(CHIITOITSU, language)
            for text in (step.text, *(n.text for n in step.notes if n.kind != "rule"))
            if fact in text
        ]
        assert len(said) == 1, said


def test_the_dora_step_names_its_tiles_in_one_sentence():
    japanese = _step(DORA, "dora", "ja")
    assert japanese.text == "ドラ表示牌は九索なので、ドラは一索。手牌にはありません。"
    assert not japanese.notes
    english = _step(DORA, "dora")
    assert english.text == (
        "The indicator is 9 of bamboo, so the dora is 1 of bamboo: none in the hand."
    )
    assert not re.search(r"\d[mpsz]", english.text)


def test_the_winning_tile_step_names_the_tile_and_what_it_completed():
    assert (
        _step(SHANPON, "wait", "ja").text == "和了牌は中（シャンポン待ち）。中の刻子ができました。"
    )
    assert _step(KOKUSHI, "wait", "ja").text == "和了牌は一萬。国士無双十三面待ちです。"
    assert _step(SHANPON, "wait").text == (
        "The winning tile is red dragon (shanpon wait): it completes the red dragon triplet."
    )
    ryanmen = _step(CHANKAN, "wait", "ja").text
    assert ryanmen == "和了牌は五索（両面待ち）。三四五索の順子ができました。"
    assert _step(CHANKAN, "wait").text == (
        "The winning tile is 5 of bamboo (ryanmen wait): it completes the sequence 3-4-5 of bamboo."
    )


def test_a_value_tile_kan_is_a_kan_in_the_engines_sentence_too():
    # The quiz and the API read the engine's sentence: 「白の刻子：白×4」 called a kan a triplet.
    request = {"hand": "234m456p678s2s(5555z)", "win": "2s", "tsumo": True}
    haku = next(s for s in score_request(request)["steps"] if s.get("id") == "haku")
    assert haku["text"] == "Haku (1 han): A kan of white dragons 5z 5z 5z 5z."
    with translation.override("ja"):
        japanese = translation.gettext(haku["why"])
    assert "槓子" in japanese
    assert "刻子" not in japanese
    plain = {"hand": "234m456p678s2s555z", "win": "2s", "tsumo": True}
    triplet = next(s for s in score_request(plain)["steps"] if s.get("id") == "haku")
    assert triplet["text"] == "Haku (1 han): A triplet of white dragons 5z 5z 5z."


SANMA_DEALER_TSUMO = {
    "hand": "111m999p22s33s789s",
    "win": "2s",
    "tsumo": True,
    "seat": "1z",
    "riichi": True,
    "rules": "tenhou_sanma",
}


def test_the_dealer_pays_rule_is_not_offered_on_the_dealers_own_tsumo():
    # On the dealer's own tsumo no dealer is left to pay the north share: it is split, so
    # "With the dealer paying the north share, ..." would be a false premise.
    texts = [n.text for s in _walk(SANMA_DEALER_TSUMO, "en") for n in s.notes if n.kind == "rule"]
    assert any(t.startswith("With the north share split") for t in texts), texts
    assert not [t for t in texts if "dealer paying" in t]


def test_wareme_is_a_rule_switch_the_sensitivity_reports():
    request = {
        "hand": "234m567p234s44z67s",
        "win": "8s",
        "tsumo": True,
        "riichi": True,
        "seat": "2z",
        "wareme": "2z",
        "rules": {"preset": "tenhou", "wareme": True},
    }
    texts = [n.text for s in _walk(request, "en") for n in s.notes if n.kind == "rule"]
    assert any(t.startswith("Without wareme, this hand would be") for t in texts), texts
    summary = next(s for s in _walk(request, "en") if s.kind == "rules")
    assert "No rule switch would change" not in " ".join(n.text for n in summary.notes)
