"""Issue 19 item 2: each feedback fault found in the reread, one test each (all failed on the
code before the slip oracle's redesign)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.engine import score_request
from tests.quiz.quizhelp import post_answer
from tests.quiz.test_feedback import PINFU_TSUMO, hand_question
from tutor import quiz
from tutor.quiz import feedback
from tutor.quiz.base import Slip, rules_of
from tutor.quiz.drills.estimate import quick_figure
from tutor.quiz.feedback import slips


def named(found: list[Slip]) -> list[str]:
    """Every slip named, as a fact or as one of the possibilities."""
    return [i for s in found for i in (getattr(s, "ids", ()) or (s.id,))]


# -- the honba drill names its slips (the hand goes with the question) ---------------------------


@pytest.mark.parametrize(
    ("answers", "slip"),
    [
        ({"tsumo_others": "2000", "tsumo_dealer": "4000", "collect": "9000"}, "honba_forgotten"),
        ({"collect": "9300"}, "honba_once"),
        ({"tsumo_others": "2900", "tsumo_dealer": "4900", "collect": "11700"}, "honba_full_each"),
        ({"collect": "8900"}, "sticks_forgotten"),
    ],
)
def test_the_honba_drill_names_each_slip(answers: dict[str, str], slip: str) -> None:
    q = quiz.make_question("honba", 6, {})
    assert q.request is not None
    assert q.result is not None
    assert q.expected == {"tsumo_others": 2300, "tsumo_dealer": 4300, "collect": 9900}
    full = {k: str(v) for k, v in q.expected.items()} | answers
    assert named(slips(q, full)) == [slip]


# -- swapped tsumo payers are not "the dealer's figure ... on a ron" ----------------------------


def test_swapped_tsumo_payers_are_named_as_a_swap_only() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:tsumo:4:30"})
    found = slips(q, {"tsumo_others": "3900", "tsumo_dealer": "2000"})
    assert named(found) == ["tsumo_split_swapped"]
    assert "on a ron" not in found[0].text


# -- one number that two slips give: possibilities, likeliest first ----------------------------


def test_8000_for_30_fu_4_han_is_kiriage_or_a_rounded_base_never_both_as_fact() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:ron:4:30"})
    found = slips(q, {"ron": "8000"})
    assert len(found) == 1
    assert found[0].ids == ("kiriage_assumed", "base_rounded")
    assert found[0].text.startswith("8,000 is what you get if you round 30 fu 4 han up to mangan")
    assert ", or if you round the base points (1,920) up before multiplying." in found[0].text


def test_three_slips_on_one_number_are_possibilities() -> None:
    q = quiz.make_question("fu", 16, {"wait": "shanpon"})
    found = slips(q, {"fu": "30"})
    assert len(found) == 1
    assert len(found[0].ids) >= 2
    assert " is what you get if you " in found[0].text
    assert "would be right" not in found[0].text
    # Each possibility links the lesson section that teaches it.
    assert found[0].html.count('<a href="/tutor/lessons/') == len(found[0].ids)


# -- slips that were never named -----------------------------------------------------------------


def test_doubling_the_figure_for_one_han_fewer() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:ron:3:30"})
    found = slips(q, {"ron": "4000"})
    assert named(found)[0] == "doubled_lower"
    assert "(2,000)" in found[0].text


def test_dealer_tsumo_answered_with_the_total() -> None:
    q = quiz.make_question("table", 1, {"item": "table:d:tsumo:3:30"})
    assert q.expected == {"tsumo_others": 2000}
    assert named(slips(q, {"tsumo_others": "6000"})) == ["tsumo_total_given"]


def test_pinfu_tsumo_answered_22_fu() -> None:
    q = hand_question("fu", PINFU_TSUMO, ["fu"])
    assert named(slips(q, {"fu": "22"})) == ["pinfu_tsumo_fu_added"]


def test_three_player_ron_treated_as_tsumo_loss() -> None:
    q = quiz.make_question("table", 1, {"rules": "tenhou_sanma", "item": "table.sanma:n:ron:3:30"})
    assert q.expected == {"ron": 3900}
    assert named(slips(q, {"ron": "3000"})) == ["sanma_ron_as_tsumo_loss"]


# -- the fu-by-item drill never writes "(40 fu instead of 40)" ----------------------------------


def test_an_item_slip_that_leaves_the_total_alone_says_nothing_of_the_total() -> None:
    for seed in range(300):
        q = quiz.make_question("fu_items", seed, {})
        case = feedback._case(q)
        assert case is not None
        same = [
            v
            for v in feedback.item_variants(q, case)
            if v[0] == "tsumo_fu_forgotten" and "fu" not in v[1]
        ]
        if same:
            break
    else:
        pytest.fail("no fu-by-item question where the tsumo fu leave the total alone")
    found = slips(q, {"win": "0"})
    assert named(found) == ["tsumo_fu_forgotten"]
    assert "instead of" not in found[0].text
    assert found[0].text.startswith("0 fu leaves out the 2 tsumo fu")


# -- no indicator tile in the hand: no "counts the indicator tiles as dora" --------------------


def test_indicators_as_dora_only_when_the_hand_holds_one() -> None:
    request = {
        "hand": "234m234m456p55s68p",
        "win": "7p",
        "tsumo": True,
        "riichi": True,
        "dora": "1m",
    }
    q = hand_question("yaku", request, ["yaku", "han"])
    dora = sum(y["han"] for y in score_request(request)["yaku"] if y["id"] == "dora")
    assert dora == 2
    found = slips(q, {"yaku": q.expected["yaku"], "han": str(q.expected["han"] - dora)})
    assert named(found) == ["dora_forgotten"]


# -- the estimate drill: the quick method's figure is the quick method, not a fu slip ------------


def test_the_quick_figure_gets_no_fu_slip() -> None:
    hits = 0
    for seed in range(120):
        q = quiz.make_question("estimate", seed, {})
        assert q.result is not None
        assert q.request is not None
        figure = quick_figure(q.result, q.request, rules_of(q.options))
        if figure == q.expected["collect"]:
            continue
        ids = named(slips(q, {"collect": str(figure)}))
        assert ids[0] == "quick_figure", (seed, ids)
        fu_slips = {"tsumo_fu_forgotten", "wait_fu_forgotten", "terminal_as_simple"}
        assert not set(ids) & fu_slips, (seed, ids)
        hits += 1
    assert hits


# -- classic's 50-fu chiitoitsu in the quick-method drills ---------------------------------------


def test_classic_quick_method_prices_seven_pairs_at_50_fu() -> None:
    for seed in range(10):
        q = quiz.make_question("estimate", seed, {"rules": "classic", "item": "estimate:25"})
        assert q.result is not None
        assert q.request is not None
        if q.key != "estimate:25":
            continue
        assert quick_figure(q.result, q.request, rules_of(q.options)) == q.expected["collect"]
        assert "quick-method figure" not in " ".join(q.derivation)
        assert "seven pairs, 50 fu" in q.derivation[0]


@pytest.mark.django_db
def test_classic_quick_pattern_25_asks_a_question(client: Any) -> None:
    page = client.get("/tutor/quiz/quick/?rules=classic&target=25&seed=3")
    assert page.status_code == 200
    q = quiz.make_question("quick", 3, {"rules": "classic", "target": "25"})
    assert q.expected == {"pattern": "25"}
    assert "50 fu" in q.derivation[0]


# -- the reverse drill judges the pair ----------------------------------------------------------


@pytest.mark.django_db
def test_the_reverse_drill_judges_the_pair_and_marks_every_paying_cell(client: Any) -> None:
    q = quiz.make_question("reverse", 1, {"item": "reverse:n:ron:2:40"})
    verdict = quiz.check(q, {"fu": "30", "han": "2"})
    assert not verdict.correct
    assert [v.name for v in verdict.fields] == ["fu_han"]
    assert verdict.fields[0].given == "30 fu 2 han"
    assert "40 fu 2 han" in verdict.fields[0].expected
    html = post_answer(client, q, {"a_fu": "30", "a_han": "2"}).content.decode()
    assert not re.search(r"<td>2 ✗</td>\s*<td>2</td>", html)
    marked = re.findall(r'<td class="[^"]*\bhl\b[^"]*" data-cell="n:(\d):(\d+)"', html)
    assert sorted((int(f), int(h)) for h, f in marked) == sorted(q.accepted)
    right = quiz.check(q, {"fu": "80", "han": "1"})
    assert right.correct
    assert right.fields[0].expected == "80 fu 1 han"


# -- the fu-by-item drill's wait filter ---------------------------------------------------------


def test_fu_by_item_with_the_shanpon_filter_always_asks() -> None:
    for seed in range(40):
        q = quiz.make_question("fu_items", seed, {"wait": "shanpon"})
        assert q.expected["fu"] != 20


# -- a timed-out question says so ---------------------------------------------------------------


@pytest.mark.django_db
def test_a_timed_out_question_says_time_ran_out(client: Any) -> None:
    q = quiz.make_question("estimate", 5, {})
    html = post_answer(client, q, {"a_collect": ""}, timed="20", expired="1").content.decode()
    assert "Time ran out." in html
    assert "Not quite." not in html
    wrong = post_answer(client, q, {"a_collect": "1"}, timed="20").content.decode()
    assert "Not quite." in wrong
    assert "Time ran out." not in wrong


def test_reverse_and_choice_drills_have_no_numeric_slip() -> None:
    q = quiz.make_question("reverse", 1, {"item": "reverse:n:ron:2:40"})
    assert feedback.variants(q) == []


# -- validation messages name the field by its label (item 10) ----------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("seed=x", "Question number: a whole number from 0 to"),
        ("set=-1", "Set number: a whole number from 0 to"),
        ("set=1&n=99", "Question in the set: a whole number from 0 to 9."),
        ("timed=abc", "Seconds per question: a whole number from 0 to 3600."),
    ],
)
def test_quiz_parameter_messages_name_the_field_by_its_label(
    client: Any, query: str, says: str
) -> None:
    page = client.get(f"/tutor/quiz/table/?{query}").content.decode()
    assert says in page
    assert "must be" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["9" * 41, "3900\x00"])
def test_an_unreadable_answer_is_named_by_its_label(client: Any, value: str) -> None:
    q = quiz.make_question("table", 42, {"item": "table:n:ron:3:30"})
    response = post_answer(client, q, {"a_ron": value}, answer_key="c" * 32)
    found = re.search(r'data-error-for="a_ron">([^<]*)<', response.content.decode())
    assert found
    assert "The discarder pays" in found.group(1)
    assert "a_ron" not in found.group(1)


# -- open melds are drawn as the picker draws them (item 9) -------------------------------------


@pytest.mark.django_db
def test_an_open_meld_in_a_quiz_hand_has_its_called_tile_turned(client: Any) -> None:
    for seed in range(60):
        q = quiz.make_question("fu", seed, {"open": "open"})
        assert q.request is not None
        if "[" in q.request["hand"]:
            break
    page = client.get(f"/tutor/quiz/fu/?open=open&seed={seed}").content.decode()
    hand = re.search(r'<div class="quiz-hand".*?</div>', page, re.S)
    assert hand
    assert 'class="meld' in hand.group(0)
    assert "tile-side" in hand.group(0)  # the called tile lies sideways


def test_kuisagari_of_one_yaku_reads_loses() -> None:
    from tests.quiz.test_feedback import OPEN_ITTSU

    q = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    found = slips(q, {"yaku": q.expected["yaku"], "han": "3"})
    assert named(found) == ["kuisagari_forgotten"]
    # Issue 28: never "would be right for a closed hand" (closed, it could have more yaku).
    assert found[0].text.startswith("Counting Ittsu at its closed value gives 3 han; ")
    assert "so Ittsu is worth one han less (kuisagari)." in found[0].text


def test_a_single_payment_is_quoted_as_given_never_as_all() -> None:
    q = quiz.make_question("table", 1, {"item": "table:d:tsumo:3:30"})
    found = slips(q, {"tsumo_others": "6000"})
    assert found[0].text.startswith("6,000 is what the dealer collects in all")
