"""Feedback that names the mistake (issue 9): one test per slip variant, each answering with the
number a learner who made that slip would give, and checking the slip is named and linked."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import score_request
from tests.quiz.quizhelp import post_answer
from tutor import quiz
from tutor.course.lessons import BY_SLUG, LESSONS, TOPICS
from tutor.quiz.base import Field, Question
from tutor.quiz.feedback import SLIP_CLAUSE, SLIP_TEXT, SLIP_TOPICS, slips


def ids(question: Question, **answers: Any) -> set[str]:
    """Every slip named, as a fact or as one of the possibilities."""
    return {i for s in slips(question, dict(answers)) for i in (s.ids or (s.id,))}


def table(key: str, rules: str = "tenhou") -> Question:
    return quiz.make_question("table", 1, {"item": key, "rules": rules})


def hand_question(kind: str, request: dict[str, Any], fields: list[str]) -> Question:
    """A drill question on a chosen hand (``slips`` needs only the question and the answers)."""
    result = score_request(request)
    assert result["ok"], result
    pay = result["payments"]
    values = {
        "fu": result["fu"],
        "han": result["han"],
        "ron": pay["ron"],
        "tsumo_others": pay["tsumo_others"],
        "tsumo_dealer": pay["tsumo_dealer"],
        "collect": pay["total"] + pay["sticks"],
    }
    yaku = sorted(y["id"] for y in result["yaku"] if "dora" not in y["id"])
    expected: dict[str, Any] = {f: values[f] for f in fields if f != "yaku"}
    field_list = [Field(f, f) for f in fields if f != "yaku"]
    if "yaku" in fields:
        expected["yaku"] = yaku
        field_list.insert(0, Field("yaku", "yaku", multiple=True, numeric=False))
    return Question(
        kind=kind,
        seed=0,
        key=f"{kind}:test",
        options={},
        prompt="",
        fields=field_list,
        expected=expected,
        derivation=[],
        request=request,
        result=result,
        rules=str(request.get("rules", "tenhou")),
    )


# -- payments: table cells -----------------------------------------------------------------------


def test_no_kiriage_is_named_with_the_issue_s_own_example():
    q = table("table:n:tsumo:4:30", "mleague")
    found = slips(q, {"tsumo_others": "2000", "tsumo_dealer": "3900"})
    assert [s.id for s in found] == ["no_kiriage"]
    assert found[0].text.startswith("3,900 would be right without kiriage mangan")
    assert found[0].field == "tsumo_dealer"
    assert found[0].url == "/tutor/lessons/points#p3"
    # The rules by the name learners know, never the preset's id.
    assert "these rules (M-League) round" in found[0].text
    assert "mleague" not in found[0].text


def test_kiriage_assumed():
    assert "kiriage_assumed" in ids(table("table:n:ron:4:30"), ron="8000")


def test_dealer_multiplier_forgotten():
    q = table("table:d:ron:3:30")
    assert q.expected == {"ron": 5800}
    assert "dealer_forgotten" in ids(q, ron="3900")


def test_dealer_multiplier_assumed():
    assert "dealer_assumed" in ids(table("table:n:ron:3:30"), ron="5800")


def test_base_rounded_before_multiplying():
    assert "base_rounded" in ids(table("table:n:ron:3:30"), ron="4000")


def test_payment_not_rounded():
    assert "payment_not_rounded" in ids(table("table:n:ron:3:30"), ron="3840")


def test_tsumo_split_swapped():
    q = table("table:n:tsumo:3:30")
    assert q.expected == {"tsumo_others": 1000, "tsumo_dealer": 2000}
    assert "tsumo_split_swapped" in ids(q, tsumo_others="2000", tsumo_dealer="1000")


def test_a_right_answer_or_an_unexplained_one_names_nothing():
    q = table("table:n:ron:3:30")
    assert slips(q, {"ron": "3900"}) == []
    assert slips(q, {"ron": "1234"}) == []
    assert slips(q, {"ron": ""}) == []


# -- fu slips on real hands ----------------------------------------------------------------------

SEED001 = {"hand": "456m666z9p[1-23m][7-89m]", "win": "9p", "tsumo": True, "seat": "2z"}
TANKI_RON = {"hand": "123m456p345s789s4z", "win": "4z", "riichi": True, "seat": "2z"}
RON_TRIPLET = {"hand": "222m444p66s77s345s", "win": "6s", "riichi": True, "seat": "3z"}
SEAT_PAIR = {"hand": "123m456p789s22z45s", "win": "6s", "riichi": True, "seat": "2z"}
ROUND_PAIR = {**SEAT_PAIR, "seat": "3z", "round": "2z"}
DOUBLE_WIND = {"hand": "11z222m333p456s78s", "win": "9s", "riichi": True}
TERMINAL = {"hand": "111m456p789s33z46s", "win": "5s", "tsumo": True, "riichi": True, "seat": "2z"}
KANCHAN_RON = {"hand": "123m456p789s33z46s", "win": "5s", "riichi": True, "seat": "2z"}
PINFU_TSUMO = {"hand": "234m567p234s44z67s", "win": "8s", "tsumo": True, "seat": "2z"}
OPEN_PINFU = {"hand": "234m678p34s66s[2-34p]", "win": "5s", "seat": "2z"}
CHIITOI = {"hand": "223344m77p99s55z7z", "win": "7z", "tsumo": True, "seat": "1z", "round": "2z"}


@pytest.mark.parametrize(
    ("slip", "request_", "given"),
    [
        ("tsumo_fu_forgotten", SEED001, 30),
        ("closed_ron_fu_forgotten", TANKI_RON, 30),
        ("ron_triplet_closed", RON_TRIPLET, 50),
        ("seat_wind_pair_forgotten", SEAT_PAIR, 30),
        ("round_wind_pair_forgotten", ROUND_PAIR, 30),
        ("double_wind_other_rule", DOUBLE_WIND, 40),
        ("terminal_as_simple", TERMINAL, 30),
        ("wait_fu_forgotten", KANCHAN_RON, 30),
        ("fu_not_rounded", KANCHAN_RON, 32),
        ("pinfu_tsumo_fu_added", PINFU_TSUMO, 30),
        ("open_pinfu_not_raised", OPEN_PINFU, 20),
        ("chiitoitsu_rounded", CHIITOI, 30),
    ],
)
def test_each_fu_slip_is_named_in_the_fu_drill_and_in_the_payments(slip, request_, given):
    q = hand_question("fu", request_, ["fu"])
    assert q.expected["fu"] != given
    found = slips(q, {"fu": str(given)})
    assert slip in {i for s in found for i in s.ids}, found
    named = next(s for s in found if slip in s.ids)
    assert named.text.startswith(str(given))
    assert named.url.startswith(f"/tutor/lessons/{TOPICS[SLIP_TOPICS[slip]][0]}#p")
    # the same slip carried through to the payment, where it changes the payment
    payments = hand_question(
        "payments", request_, ["ron"] if "tsumo" not in request_ else ["tsumo_others"]
    )
    field = payments.fields[0].name
    right = score_request(request_)
    wrong_fu_result = _with_fu(request_, given, right)
    if wrong_fu_result != payments.expected[field]:
        assert slip in ids(payments, **{field: str(wrong_fu_result)})


def _with_fu(request_: dict[str, Any], fu: int, right: dict[str, Any]) -> int:
    from scorer.engine.points import ceil100, limit_for

    base = limit_for(int(right["han"]), fu, quiz.base.rules_of({"rules": "tenhou"}))[1]
    dealer = request_.get("seat", "1z") == "1z"
    if request_.get("tsumo"):
        return ceil100(base * 2) if dealer else ceil100(base)
    return ceil100(base * (6 if dealer else 4))


def test_fu_items_drill_names_the_slip_on_its_total():
    q = hand_question("fu_items", RON_TRIPLET, ["fu"])
    assert "ron_triplet_closed" in ids(q, fu="50")


# -- honba and sticks ----------------------------------------------------------------------------

HONBA = {**PINFU_TSUMO, "riichi": True, "honba": 2, "sticks": 1}


def test_honba_forgotten():
    q = hand_question("honba", HONBA, ["tsumo_others", "tsumo_dealer", "collect"])
    plain = score_request(PINFU_TSUMO | {"riichi": True})["payments"]
    assert "honba_forgotten" in ids(q, tsumo_others=str(plain["tsumo_others"]))


def test_honba_counted_once_instead_of_per_payer():
    q = hand_question("honba", HONBA, ["collect"])
    plain = score_request(PINFU_TSUMO | {"riichi": True})["payments"]
    once = plain["total"] + 200 + 1000
    assert once != q.expected["collect"]
    assert "honba_once" in ids(q, collect=str(once))


def test_honba_full_300_added_to_each_payer():
    q = hand_question("honba", HONBA, ["tsumo_others"])
    plain = score_request(PINFU_TSUMO | {"riichi": True})["payments"]
    assert "honba_full_each" in ids(q, tsumo_others=str(plain["tsumo_others"] + 600))


def test_sticks_forgotten_in_what_the_winner_collects():
    q = hand_question("honba", HONBA, ["collect"])
    total = score_request(HONBA)["payments"]["total"]
    found = slips(q, {"collect": str(total)})
    assert [s.id for s in found] == ["sticks_forgotten"]
    assert "1,000" in found[0].text


def test_honba_forgotten_on_a_ron():
    q = hand_question("honba", {**TANKI_RON, "honba": 3}, ["ron"])
    plain = score_request(TANKI_RON)["payments"]["ron"]
    assert "honba_forgotten" in ids(q, ron=str(plain))


# -- han and yaku --------------------------------------------------------------------------------

OPEN_ITTSU = {"hand": "345m4z[1-23p][4-56p][7-89p]", "win": "4z", "seat": "2z", "dora": "2m"}


def test_kuisagari_forgotten():
    q = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    assert q.expected["han"] == 2
    found = slips(q, {"yaku": q.expected["yaku"], "han": "3"})
    assert [s.id for s in found] == ["kuisagari_forgotten"]
    assert "Ittsu" in found[0].text


def test_dora_forgotten():
    q = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    assert "dora_forgotten" in ids(q, yaku=q.expected["yaku"], han="1")


def test_indicator_counted_as_dora():
    request = {"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True, "riichi": True}
    q = hand_question("yaku", {**request, "dora": "4m"}, ["yaku", "han"])
    assert q.expected["han"] == 4  # 5m is the dora: none in the hand
    assert "indicator_as_dora" in ids(q, yaku=q.expected["yaku"], han="6")


def test_a_wrongly_chosen_yaku_gets_the_engine_s_why_not():
    q = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    found = slips(q, {"yaku": [*q.expected["yaku"], "pinfu"], "han": "2"})
    assert [s.id for s in found] == ["wrong_yaku"]
    assert found[0].text == "Not Pinfu: Pinfu is for closed hands only."


def test_a_missed_yaku_gets_the_engine_s_reason():
    q = hand_question("yaku", OPEN_ITTSU, ["yaku", "han"])
    found = slips(q, {"yaku": [], "han": "2"})
    assert [s.id for s in found] == ["missed_yaku"]
    assert found[0].text.startswith("Missed Ittsu: ")


def test_every_slip_has_a_sentence_and_a_taught_topic():
    texts = {key.split(".")[0] for key in SLIP_TEXT}
    assert texts | {"wrong_yaku", "missed_yaku"} == set(SLIP_TOPICS)
    # Every slip that can be one of several possibilities has its "if you ..." clause.
    assert set(SLIP_CLAUSE) == set(SLIP_TEXT) - {"estimate_off"}
    for topic in SLIP_TOPICS.values():
        assert topic in TOPICS


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_each_topic_points_at_the_paragraph_that_teaches_it(topic):
    slug, number, word = TOPICS[topic]
    paragraph = str(BY_SLUG[slug].paragraphs[number - 1])
    assert word.lower() in paragraph.lower(), (topic, paragraph)


# -- pages ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_answer_page_names_the_slip_and_links_the_lesson(client):
    q = table("table:n:tsumo:4:30", "mleague")
    page = post_answer(client, q, {"a_tsumo_others": "2000", "a_tsumo_dealer": "3900"}).content
    html = page.decode()
    assert 'data-slip="no_kiriage"' in html
    assert "3,900 would be right without kiriage mangan" in html
    assert 'href="/tutor/lessons/points#p3"' in html
    right = post_answer(client, q, {"a_tsumo_others": "2000", "a_tsumo_dealer": "4000"})
    assert "data-slip" not in right.content.decode()


def test_every_lesson_but_the_curiosity_ends_with_links_to_its_drills(client):
    for lesson in LESSONS:
        page = client.get(f"/tutor/lessons/{lesson.slug}").content.decode()
        if lesson.slug == "aotenjou":
            continue
        assert lesson.drills, lesson.slug
        assert 'data-testid="lesson-drills"' in page
        for kind in lesson.drills:
            assert f'href="/tutor/quiz/{kind}/"' in page, (lesson.slug, kind)
        assert page.index("lesson-drills") > page.rindex("worked-example")


# -- the fu-by-item drill: slips on single items -------------------------------------------------


def items_question(request: dict[str, Any]) -> Question:
    """A fu_items question on a chosen hand, with the drill's own fields."""
    from tutor.quiz.drills.fu import _fu_item_fields

    result = score_request(request)
    q = hand_question("fu_items", request, ["fu"])
    fields, expected = _fu_item_fields(result, {"mode": "type"}, __import__("random").Random(0))
    q.fields, q.expected = fields, expected
    return q


@pytest.mark.parametrize(
    ("slip", "request_", "field", "given"),
    [
        ("tsumo_fu_forgotten", SEED001, "win", 0),
        ("closed_ron_fu_forgotten", TANKI_RON, "win", 0),
        ("pinfu_tsumo_fu_added", PINFU_TSUMO, "win", 2),
        ("wait_fu_forgotten", KANCHAN_RON, "wait", 0),
        ("seat_wind_pair_forgotten", SEAT_PAIR, "pair", 0),
        ("round_wind_pair_forgotten", ROUND_PAIR, "pair", 0),
        ("double_wind_other_rule", DOUBLE_WIND, "pair", 2),
    ],
)
def test_item_slips_in_the_fu_by_item_drill(slip, request_, field, given):
    q = items_question(request_)
    assert q.expected[field] != given
    found = slips(q, {field: str(given)})
    assert slip in {i for s in found if s.field == field for i in s.ids}, found


def test_block_slips_in_the_fu_by_item_drill():
    q = items_question(RON_TRIPLET)
    ron_block = next(f for f in q.fields if f.name.startswith("block") and q.expected[f.name] == 2)
    found = slips(q, {ron_block.name: "4"})
    assert "ron_triplet_closed" in {s.id for s in found}
    q = items_question(TERMINAL)
    outer = next(f for f in q.fields if f.name.startswith("block") and q.expected[f.name] == 8)
    assert "terminal_as_simple" in {s.id for s in slips(q, {outer.name: "4"})}
