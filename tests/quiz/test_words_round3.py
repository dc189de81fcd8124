"""Issue 28, the quiz's sentences: a streak only from two, one payer per share with no "1 ×",
the power of two written whole, no 万 below 100万, 40符（＋α）, no "before doubling" in a fu
question, no 25 fu cell under rules without 25 fu hands, three-player rules refused by the
four-player drills, an empty table filter that says which filter empties it, and after a wrong
answer the mistake first with the working behind "Show the working"."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.quiz.test_slip_oracle import right_answers
from tutor import quiz
from tutor.quiz.base import RULE_SETS
from tutor.quiz.cells import grid, table_cells
from tutor.quiz.feedback import slips, variants
from tutor.quiz.views import schedule_text

HAND_KINDS = ("yaku", "payments", "honba", "estimate", "fu", "fu_items", "quick", "exact_fu")


# -- a streak only from two ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_streak_is_said_only_from_two(lang: str) -> None:
    with translation.override(lang):
        for box in (0, 1):
            text = schedule_text(box, True, "1")
            assert "in a row" not in text
            assert "連続" not in text
            assert "0" not in text
        two = schedule_text(2, True, "1")
    assert ("2 times in a row" if lang == "en" else "2回連続正解") in two


@pytest.mark.django_db
def test_a_first_right_answer_says_right_and_no_zero_streak(client) -> None:
    q = quiz.make_question("table", 3, {})
    answers = {f"a_{k}": v for k, v in right_answers(q).items()}
    page = client.post(
        f"/ja/tutor/quiz/{q.kind}/answer/", {**q.options, "seed": str(q.seed), **answers}
    ).content.decode()
    assert "正解！" in page
    assert "0回連続" not in page
    assert "1回連続" not in page


# -- payments: one payer per share ---------------------------------------------------------------


def test_a_share_is_said_once_per_payer_without_one_times() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:tsumo:2:40"})
    assert "Each non-dealer pays 640, rounded up to 700." in q.derivation
    assert "The dealer pays 2 × 640 = 1,280, rounded up to 1,300." in q.derivation
    with translation.override("ja"):
        q = quiz.make_question("table", 1, {"item": "table:n:tsumo:2:40"})
    assert "子はそれぞれ640 → 700点ずつ支払います。" in q.derivation
    assert "親は2×640＝1280 → 1300点を支払います。" in q.derivation


def _all_sentences(kind: str, preset: str, seeds: range) -> list[str]:
    out: list[str] = []
    for seed in seeds:
        q = quiz.make_question(kind, seed, {"rules": preset})
        out += q.derivation
        for _slip, numbers, _params in variants(q):
            answers = {**right_answers(q), **{k: str(v) for k, v in numbers.items()}}
            out += [s.text for s in slips(q, answers)]
    return out


@pytest.mark.parametrize("preset", RULE_SETS)
@pytest.mark.parametrize("kind", ["table", "payments", "honba", "estimate"])
def test_no_sentence_writes_one_times_a_share_or_a_legal_register(kind: str, preset: str) -> None:
    for lang in ("en", "ja"):
        with translation.override(lang):
            for text in _all_sentences(kind, preset, range(4)):
                assert " 1 × " not in text, text
                assert not text.startswith("1 × "), text
                assert "power of" not in text, text
                assert "乗" not in text, text
                for word in ("（それぞれ）", "支払者", "各自"):
                    assert word not in text, text
                if lang == "ja":
                    # Points in plain digits below 100万 (scorer.numbers): never 19万2000点.
                    assert "万" not in text, text


def test_the_power_of_two_is_written_whole() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:ron:1:30"})
    assert q.derivation[0] == "Base points: 30 × 8 = 240 (2⁽¹⁺²⁾ = 2³ = 8)."
    with translation.override("ja"):
        q = quiz.make_question("table", 1, {"item": "table:n:ron:1:30"})
    assert q.derivation[0] == "基本点は30符×8＝240点（2⁽¹⁺²⁾＝2³＝8）。"


# -- the quick method's patterns -------------------------------------------------------------------


def test_the_quick_drill_says_40_fu_plus_alpha() -> None:
    with translation.override("ja"):
        q = quiz.make_question("quick", 1, {"item": "quick:40+"})
        text = " ".join(q.derivation)
    assert "40符（＋α）" in text
    assert "40符以上" not in text


# -- fu questions ----------------------------------------------------------------------------------


def test_a_fu_question_says_nothing_of_doubling() -> None:
    seen = 0
    for seed in range(20):
        q = quiz.make_question("fu", seed, {"target": "40"})
        for slip, numbers, _p in variants(q):
            if slip == "fu_not_rounded":
                found = slips(q, {"fu": str(numbers["fu"])})
                assert found
                assert "doubling" not in found[0].text
                seen += 1
    assert seen


# -- classic: no 25 fu cell ----------------------------------------------------------------------


def test_rules_without_25_fu_hands_ask_no_25_fu_cell() -> None:
    opts = quiz.normalise("table", {"rules": "classic"})
    assert all(fu != 25 for _d, _w, _h, fu in table_cells(opts))
    assert 25 not in grid(False, "both", "classic")["cols"]
    assert 25 in grid(False, "both", "tenhou")["cols"]
    q = quiz.make_question("table", 1, {"rules": "classic", "item": "table:n:ron:2:25"})
    assert q.key != "table:n:ron:2:25"
    for seed in range(30):
        q = quiz.make_question("reverse", seed, {"rules": "classic", "mode": "choice"})
        assert all(fu != 25 for fu, _han in q.accepted)
        assert "25" not in [v for v, _label in q.fields[0].choices]


# -- three-player rules in a four-player drill's URL ---------------------------------------------


@pytest.mark.parametrize("kind", HAND_KINDS)
def test_three_player_rules_are_refused_by_a_four_player_drill(client, kind: str) -> None:
    response = client.get(f"/tutor/quiz/{kind}/?rules=tenhou_sanma&seed=1")
    assert response.status_code == 400
    page = response.content.decode()
    assert "four-player" in page
    assert "Tenhou, three players" in page or "three players" in page
    ja = client.get(f"/ja/tutor/quiz/{kind}/?rules=tenhou_sanma&seed=1").content.decode()
    assert "四人麻雀" in ja
    # The table drill has three-player tables: served, not refused.
    assert client.get("/tutor/quiz/table/?rules=tenhou_sanma&seed=1").status_code == 200


# -- an empty filter says which --------------------------------------------------------------------


def test_an_empty_table_filter_names_the_filters_that_empty_it() -> None:
    with pytest.raises(quiz.QuizError) as error:
        quiz.make_question("table", 1, {"fu": "20", "win": "ron"})
    text = str(error.value)
    assert "“Columns (fu)”: 20" in text
    assert "“How”: Ron" in text
    assert "Rows" not in text
    with translation.override("ja"), pytest.raises(quiz.QuizError) as error:
        quiz.make_question("table", 1, {"fu": "20", "win": "ron"})
    assert "「列（符）」20" in str(error.value)


# -- after a wrong answer: the mistake first, the working behind a <details> -----------------------


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["", "/ja"])
def test_a_wrong_answer_leads_with_the_mistake_and_hides_the_working(client, lang: str) -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:ron:3:30"})
    data = {**q.options, "seed": str(q.seed), "a_ron": "5800"}
    page = client.post(f"{lang}/tutor/quiz/table/answer/", data).content.decode()
    feedback = page[page.index('class="quiz-feedback') :]
    assert feedback.index('data-testid="slips"') < feedback.index('class="quiz-answers"')
    details = re.search(r'<details class="quiz-working".*?</details>', feedback, re.S)
    assert details, feedback
    assert "<summary>" in details.group(0)
    assert 'class="quiz-derivation"' in details.group(0)
    assert 'data-testid="answer-table"' in details.group(0)
    outside = feedback.replace(details.group(0), "")
    assert 'data-testid="answer-table"' not in outside
    assert 'class="quiz-derivation"' not in outside


@pytest.mark.parametrize("preset", RULE_SETS)
def test_an_item_slip_names_the_item_then_the_total(preset: str) -> None:
    """Never "0 fu, 30 fu would be right without the 2 tsumo fu": the item's number, then what
    it does to the total."""
    said = 0
    for seed in range(8):
        q = quiz.make_question("fu_items", seed, {"rules": preset})
        for _slip, numbers, params in variants(q):
            if not params.get("item") or "fu" not in numbers or len(numbers) < 2:
                continue
            answers = {**right_answers(q), **{k: str(v) for k, v in numbers.items()}}
            for slip in slips(q, answers):
                assert not re.match(r"\d+ fu, \d+ fu", slip.text), slip.text
                assert "would be right" not in slip.text, slip.text
                assert slip.text.endswith(
                    f"So the total is {numbers['fu']} fu instead of {q.expected['fu']}."
                )
                # Which block or pair: "Block 2: 16 fu counts this set as simples …".
                if slip.field.startswith("block"):
                    assert slip.text.startswith(f"Block {slip.field[5:]}: "), slip.text
                said += 1
    assert said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_chankan_is_a_ron_on_an_added_kan_not_on_a_discard(lang: str) -> None:
    from tutor.quiz.hands import hand_facts

    with translation.override(lang):
        facts = hand_facts({"tsumo": False, "chankan": True, "seat": "2z", "round": "1z"})
        plain = hand_facts({"tsumo": False, "seat": "2z", "round": "1z"})
    text = " ".join(facts)
    assert "discard" not in text
    assert "捨て牌" not in text
    assert "chankan" in text or "槍槓" in text
    assert text.count("chankan") + text.count("槍槓") == 1
    assert facts != plain


@pytest.mark.django_db
def test_the_heatmap_says_fu_before_han(client) -> None:
    from tests.quiz.quizhelp import answer

    answer(client, "table", 1, {"item": "table:n:ron:3:30"}, right=True)
    page = client.get("/tutor/quiz/progress/?win=ron").content.decode()
    assert "30 fu 3 han: 1 of 1 right" in page
    assert " han 30 fu" not in page


@pytest.mark.parametrize("lang", ["", "/ja"])
def test_fu_by_item_draws_each_blocks_tiles_instead_of_notation(client, lang: str) -> None:
    """Issue 28, no notation in prose: "Block 1: 123m" → "Block 1" and its tiles drawn."""
    q = quiz.make_question("fu_items", 2, {})
    page = client.get(f"{lang}/tutor/quiz/fu_items/?seed=2").content.decode()
    labels = re.findall(r'<label for="q-(?:block\d|pair)">(.*?)</label>', page, re.S)
    assert len(labels) == sum(1 for f in q.fields if f.name.startswith(("block", "pair")))
    for label in labels:
        assert '<span class="label-tiles"><img' in label
        text = re.sub(r"<[^>]+>", "", label)
        assert not re.search(r"\d[mpsz]\b", text), text
