"""The walkthrough in Japanese: every word it fills into a step sentence is a translated label (no
English id such as ``kanchan``, ``non_dealer`` or ``mangan``), every sentence it builds itself is
one whole translated sentence, numbers are written as Japanese players write them, and glossary
links show the term in kanji with its reading."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.support.jahelp import english_words, japanese_with_stubs
from tutor.walkthrough.steps import DisplayStep, request_from_query, request_query
from tutor.walkthrough.steps import build as build_request

HANDS: dict[str, dict[str, Any]] = {
    "pinfu tsumo": {"hand": "123m45655p34789s", "win": "2s", "tsumo": "1", "seat": "2z"},
    "kanchan ron, closed triplet, honba, sticks, dora": {
        "hand": "13999m456p777s22z",
        "win": "2m",
        "riichi": "1",
        "seat": "2z",
        "honba": "2",
        "sticks": "1",
        "dora": "1m",
    },
    "chiitoitsu, dealer tsumo": {
        "hand": "1122m3344p5566s7z",
        "win": "7z",
        "riichi": "1",
        "seat": "1z",
        "tsumo": "1",
    },
    "yakuman": {"hand": "555666777z123m4p", "win": "4p", "seat": "2z"},
    "open hand, shanpon ron": {"hand": "234m678s22p88s[6=66p]", "win": "8s", "seat": "3z"},
    "aotenjou": {"hand": "555666777z123m4p", "win": "4p", "seat": "1z", "rules": "aotenjou"},
    "sanma tsumo": {
        "hand": "123p456p789s1155z",
        "win": "5z",
        "tsumo": "1",
        "seat": "2z",
        "rules": "tenhou_sanma",
    },
    "wareme": {
        "hand": "123m45655p34789s",
        "win": "2s",
        "tsumo": "1",
        "seat": "2z",
        "wareme": "3z",
        "rules": '{"preset":"tenhou","wareme":true}',
    },
    "kiriage rules": {"hand": "234m45655p34789s", "win": "2s", "riichi": "1", "rules": "mleague"},
}


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in Japanese leaves Japanese active in the thread (LocaleMiddleware does not
    reset it): give the tests that follow the default language back."""
    yield
    translation.deactivate()


def build(data: dict[str, Any]):
    """The walkthrough of a request given as query parameters (rules may be JSON)."""
    return build_request(request_from_query(data))


def texts(step: DisplayStep) -> list[str]:
    """Everything the walkthrough writes for a step: title, sentence, notes, readings."""
    out = [step.title, step.text, *(note.text for note in step.notes)]
    extra: dict[str, Any] = step.extra
    out += [str(a) for a in extra.get("alternatives", [])]
    out += [str(b["label"]) for b in extra.get("blocks", [])]
    out.append(step.section_name)
    for child in step.children:
        out += texts(child)
    return out


@pytest.mark.parametrize("name", HANDS)
def test_japanese_steps_have_no_english_words(name):
    with japanese_with_stubs():
        walk = build(HANDS[name])
        assert walk.ok, walk.error
        left = {
            f"[{step.kind}] {text}": words
            for step in walk.steps
            for text in texts(step)
            if (words := english_words(text))
        }
    assert not left


def test_the_english_steps_still_read_in_english():
    walk = build(HANDS["kanchan ron, closed triplet, honba, sticks, dora"])
    wait = next(s for s in walk.steps if s.kind == "wait")
    assert "kanchan wait" in wait.text
    payment = next(s for s in walk.steps if s.kind == "payment")
    assert payment.title == "Payment: The discarder"


def test_words_filled_into_engine_sentences_are_japanese_labels():
    with translation.override("ja"):
        walk = build(HANDS["kanchan ron, closed triplet, honba, sticks, dora"])
        steps = {s.kind: s for s in walk.steps}
        # the stubs are not used here: the template may still be English, the fillings are not
        assert "嵌張" in steps["wait"].text
        assert "kanchan" not in steps["wait"].text
        assert "放銃者" in steps["payment"].text
        assert steps["payment"].title == "支払い：放銃者"
        hand = build(HANDS["pinfu tsumo"]).steps[0]
        assert "ツモ" in hand.text
        assert "tsumo" not in hand.text.replace("tsumo=", "")
        sanma = build(HANDS["sanma tsumo"])
        payers = [s.title for s in sanma.steps if s.kind == "payment"]
        assert "支払い：もう1人の子" in payers
        assert any(s.kind == "payment_rule" and s.title for s in sanma.steps)
        wareme = next(s for s in build(HANDS["wareme"]).steps if s.kind == "wareme")
        assert "西" in wareme.text
        assert "West" not in wareme.text


def test_sanma_payment_titles_in_english_name_the_other_non_dealer():
    walk = build(HANDS["sanma tsumo"])
    titles = [s.title for s in walk.steps if s.kind == "payment"]
    assert "Payment: The other non-dealer" in titles
    rule = next(s for s in walk.steps if s.kind == "payment_rule")
    assert rule.title != "payment_rule"


def test_japanese_numbers_are_written_as_players_write_them():
    with translation.override("ja"):
        walk = build(HANDS["yakuman"])
        total = next(s for s in walk.steps if s.kind == "total")
        # as players write points (32000点), myriad units from 10万 up
        assert "32000点" in total.text
        assert "32,000" not in total.text
        big = build(HANDS["aotenjou"])
        assert big.total_display == "4718万6000"
        sentences = " ".join(s.text for s in big.steps if s.kind in ("payment", "total"))
        assert re.search(r"\d+億|\d+万", sentences), sentences
    english = build(HANDS["yakuman"])
    assert "32,000" in next(s for s in english.steps if s.kind == "total").text


def test_lists_and_rule_sensitivity_read_as_one_japanese_sentence():
    with translation.override("ja"):
        walk = build(HANDS["pinfu tsumo"])
        reading = next(s for s in walk.steps if s.kind == "reading")
        assert reading.text == "4面子1雀頭：123m、456p、234s、789s＋雀頭55p。"
        rules = next(s for s in walk.steps if s.kind == "rules")
        assert rules.text == "使用したルール：天鳳。" or "Tenhou" in rules.text  # scorer's label
        changes = [n.text for n in rules.notes]
        assert "平和ツモなしのルールなら、この手は20符ではなく30符、" in changes[0]
        assert changes[0].endswith("1500点ではなく1100点になります。")


def test_glossary_links_show_kanji_with_furigana_in_japanese(client):
    data = HANDS["kanchan ron, closed triplet, honba, sticks, dora"]
    with translation.override("ja"):
        url = reverse("tutor:explain") + "?" + request_query(data) + "&view=all"
    page = client.get(url, headers={"accept-language": "ja"}).content.decode()
    # furigana over the kanji, as the glossary writes them (tutor.course.glossary.furigana)
    assert "<ruby>嵌張<rt>カンチャン</rt></ruby>" in page
    terms = re.findall(r'<p class="terms">(.*?)</p>', page, re.S)
    shown = " ".join(html.unescape(re.sub(r"<rt>.*?</rt>|<[^>]+>", "", t)) for t in terms)
    assert not english_words(shown, allowed=())
    english = client.get(reverse("tutor:explain") + "?" + request_query(data) + "&view=all")
    assert ">kanchan</a>" in english.content.decode()


def test_error_line_is_one_translated_sentence_with_its_link(client):
    with translation.override("ja"):
        url = reverse("tutor:explain") + "?hand=123m&win=1m"
    page = client.get(url, headers={"accept-language": "ja"}).content.decode()
    assert "手牌入力に戻って</a>ください。" in page
    # the engine's error beside its field, in Japanese
    assert "あと10枚必要です。" in page
