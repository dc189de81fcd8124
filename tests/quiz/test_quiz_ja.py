"""The quiz in Japanese: every drill kind's question and its feedback after a wrong answer, every
slip sentence, the menu and the progress page carry no English words; payments read as players
say them (1300・2600, 4000オール, 7700点)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.quiz.test_feedback import (
    CHIITOI,
    DOUBLE_WIND,
    HONBA,
    KANCHAN_RON,
    OPEN_ITTSU,
    OPEN_PINFU,
    PINFU_TSUMO,
    RON_TRIPLET,
    ROUND_PAIR,
    SEAT_PAIR,
    SEED001,
    TANKI_RON,
    TERMINAL,
    hand_question,
    items_question,
)
from tests.support.jahelp import english_words, japanese_with_stubs
from tutor import quiz
from tutor.quiz.feedback import slips

pytestmark = pytest.mark.django_db

TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)
SECTION = re.compile(r'<h1>.*?</h1>|<section id="quiz".*?</section>', re.S)
ALT = re.compile(r'(?:alt|aria-label|title)="([^"]*)"')


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in Japanese leaves Japanese active in the thread (LocaleMiddleware does not
    reset it): give the tests that follow the default language back."""
    yield
    translation.deactivate()


def visible(page: str) -> str:
    """The quiz's heading and section as a reader (or a screen reader) gets them."""
    parts = SECTION.findall(page)
    text = " ".join(html.unescape(TAG.sub(" ", p)) for p in parts)
    labels = " ".join(html.unescape(a) for p in parts for a in ALT.findall(p))
    return " ".join(f"{text} {labels}".split())


def ja_url(name: str, *args: str) -> str:
    """The URL a Japanese reader opens (``/ja/...`` once the prefix exists)."""
    with translation.override("ja"):
        return reverse(name, args=args)


def get_ja(client: Any, url: str, data: dict[str, Any] | None = None) -> str:
    response = client.get(url, data or {}, headers={"accept-language": "ja"})
    assert response.status_code == 200
    return str(response.content.decode())


def post_ja(client: Any, q: quiz.Question, answers: dict[str, Any]) -> str:
    data = {**q.options, "seed": str(q.seed), **answers}
    url = ja_url("tutor:quiz_answer", q.kind)
    response = client.post(url, data, headers={"accept-language": "ja"})
    assert response.status_code == 200
    return str(response.content.decode())


def wrong_answers(q: quiz.Question) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in q.fields:
        if f.multiple:
            out[f"a_{f.name}"] = [v for v, _label in f.choices if v not in q.expected[f.name]][:1]
        elif f.choices:
            out[f"a_{f.name}"] = next(v for v, _label in f.choices if v != str(q.expected[f.name]))
        else:
            out[f"a_{f.name}"] = "1"
    return out


@pytest.mark.parametrize("kind", quiz.KINDS)
@pytest.mark.parametrize("mode", ["type", "choice"])
def test_every_kind_asks_and_answers_in_japanese(client, kind, mode):
    with japanese_with_stubs():
        for seed in (1, 2, 3):
            options = {"mode": mode}
            question_page = get_ja(
                client, ja_url("tutor:quiz_question", kind), {"seed": seed, **options}
            )
            assert not english_words(visible(question_page)), visible(question_page)
            q = quiz.make_question(kind, seed, options)
            page = post_ja(client, q, wrong_answers(q))
            assert "quiz-feedback wrong" in page
            shown = visible(page)
            assert not english_words(shown), shown


SLIPS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("tsumo_fu_forgotten", SEED001, {"fu": "30"}),
    ("closed_ron_fu_forgotten", TANKI_RON, {"fu": "30"}),
    ("ron_triplet_closed", RON_TRIPLET, {"fu": "50"}),
    ("seat_wind_pair_forgotten", SEAT_PAIR, {"fu": "30"}),
    ("round_wind_pair_forgotten", ROUND_PAIR, {"fu": "30"}),
    ("double_wind_other_rule", DOUBLE_WIND, {"fu": "40"}),
    ("terminal_as_simple", TERMINAL, {"fu": "30"}),
    ("wait_fu_forgotten", KANCHAN_RON, {"fu": "30"}),
    ("fu_not_rounded", KANCHAN_RON, {"fu": "32"}),
    ("pinfu_tsumo_fu_added", PINFU_TSUMO, {"fu": "30"}),
    ("open_pinfu_not_raised", OPEN_PINFU, {"fu": "20"}),
    ("chiitoitsu_rounded", CHIITOI, {"fu": "30"}),
]


@pytest.mark.parametrize(("slip", "request_", "answers"), SLIPS, ids=[s[0] for s in SLIPS])
def test_fu_slips_read_in_japanese(slip, request_, answers):
    with japanese_with_stubs():
        found = {
            i: s.text for s in slips(hand_question("fu", request_, ["fu"]), answers) for i in s.ids
        }
    assert slip in found
    assert not english_words(found[slip]), found[slip]
    assert found[slip].startswith("「")


def test_the_wait_is_named_in_japanese_in_item_slips():
    with japanese_with_stubs():
        found = slips(items_question(KANCHAN_RON), {"wait": "0"})
    text = next(s.text for s in found if s.id == "wait_fu_forgotten")
    assert "嵌張待ちの2符" in text
    assert not english_words(text)


def table(key: str, rules: str = "tenhou") -> quiz.Question:
    return quiz.make_question("table", 1, {"item": key, "rules": rules})


def test_payment_slips_read_in_japanese():
    honba = hand_question("honba", HONBA, ["tsumo_others", "tsumo_dealer", "collect"])
    ittsu = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    cases: list[tuple[quiz.Question, dict[str, Any]]] = [
        (table("table:n:tsumo:4:30", "mleague"), {"tsumo_dealer": "3900"}),
        (table("table:n:ron:4:30"), {"ron": "8000"}),
        (table("table:d:ron:3:30"), {"ron": "3900"}),
        (table("table:n:ron:3:30"), {"ron": "5800"}),
        (table("table:n:ron:3:30"), {"ron": "4000"}),
        (table("table:n:ron:3:30"), {"ron": "3840"}),
        (table("table:n:tsumo:3:30"), {"tsumo_others": "2000", "tsumo_dealer": "1000"}),
        (honba, {"collect": "1"}),
        (hand_question("honba", HONBA, ["collect"]), {"collect": str(1100 + 200 + 1000)}),
        # Kuisagari is said of the yaku the learner ticked (issue 28: their own ticks re-worked).
        (ittsu, {"yaku": ittsu.expected["yaku"], "han": "3"}),
        (hand_question("yaku", OPEN_ITTSU, ["yaku", "han"]), {"yaku": ["pinfu"], "han": "1"}),
    ]
    seen: set[str] = set()
    with japanese_with_stubs():
        for q, answers in cases:
            for slip in slips(q, answers):
                seen.update(slip.ids or (slip.id,))
                assert not english_words(slip.text), slip.text
    assert {"no_kiriage", "kiriage_assumed", "dealer_forgotten", "dealer_assumed"} <= seen
    assert {"base_rounded", "payment_not_rounded", "tsumo_split_swapped"} <= seen
    assert {"kuisagari_forgotten", "dora_forgotten", "wrong_yaku", "missed_yaku"} <= seen


def test_estimate_closeness_is_one_sentence_each_way():
    q = quiz.make_question("estimate", 4, {})
    total = int(q.expected["collect"])
    with translation.override("ja"):
        below = next(s for s in slips(q, {"collect": str(total - 1000)}) if s.id == "estimate_off")
        above = next(s for s in slips(q, {"collect": str(total + 1000)}) if s.id == "estimate_off")
    assert "1000点少なく" in below.text
    assert "1000点多く" in above.text
    english = next(s for s in slips(q, {"collect": str(total + 1000)}) if s.id == "estimate_off")
    assert "1,000 above the exact" in english.text


def test_payments_read_as_players_say_them():
    with translation.override("ja"):
        split = quiz.make_question("reverse", 1, {"item": "reverse:n:tsumo:2:30"})
        dealer = quiz.make_question("reverse", 1, {"item": "reverse:d:tsumo:2:30"})
        ron = quiz.make_question("reverse", 1, {"item": "reverse:n:ron:3:40"})
        assert "500・1000" in split.prompt
        assert "1000オール" in dealer.prompt
        assert "子のロンで5200点：" in ron.prompt
        grid = quiz.grid(False, "tsumo")
        cells = [c["text"] for row in grid["rows"] for c in row["cells"] if c["exists"]]
        assert "1300・2600" in cells
        honba = quiz.make_question("honba", 3, {"win": "tsumo", "dealer": "dealer"})
        assert re.match(r"親のツモ：[\d,]+オール、\d本場、", honba.prompt), honba.prompt
    english = quiz.make_question("reverse", 1, {"item": "reverse:n:tsumo:2:30"})
    assert "500/1,000" in english.prompt


def test_menu_and_progress_pages_are_japanese(client):
    with japanese_with_stubs():
        for name in ("tutor:quiz_index", "tutor:quiz_progress"):
            page = get_ja(client, ja_url(name))
            main = re.search(r"<main\b.*?</main>", page, re.S)
            assert main is not None
            text = html.unescape(TAG.sub(" ", main.group(0)))
            assert not english_words(text), text
        index = get_ja(client, ja_url("tutor:quiz_index"))
    assert '<option value="kanchan">嵌張</option>' in index


def test_honba_slips_use_the_rules_counter_value():
    """Classic rules count 1500 a honba: the slip says 500 from each payer, not 100 (English)."""
    from tutor.quiz import feedback

    q = hand_question("honba", {**HONBA, "rules": "classic"}, ["tsumo_others", "collect"])
    case = feedback._case(q)
    assert case is not None
    variants = {slip: numbers for slip, numbers, _params in feedback.payment_variants(case)}
    once = {k: str(v) for k, v in variants["honba_once"].items()}
    text = next(s.text for s in slips(q, once) if s.id == "honba_once")
    assert "once, 500 per counter" in text
    assert "1,500 per counter in all" in text
    full = {k: str(v) for k, v in variants["honba_full_each"].items()}
    text = next(s.text for s in slips(q, full) if s.id == "honba_full_each")
    assert "the full 1,500 per counter" in text
    assert "only 500 per counter" in text
    with translation.override("ja"):
        text = next(s.text for s in slips(q, full) if s.id == "honba_full_each")
    assert "1本場1500点" in text
    assert "500点だけ" in text
