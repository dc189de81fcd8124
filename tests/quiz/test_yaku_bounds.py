"""The yaku drill's han answer is bounded by what a hand can have (issue 29 item 11): a number
above it is refused with a message beside the field, neither checked nor stored; every count a
hand without a yakuman can have is still judged."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from scorer.engine import ALL_PRESETS, score_request
from tests.quiz.quizhelp import post_answer
from tutor import quiz
from tutor.quiz.base import Field, field_error
from tutor.quiz.drills.yaku import han_most
from tutor.quiz.models import Answer

#: The biggest hand without a yakuman found: double riichi, ippatsu and houtei on toitoi,
#: sanankou, sankantsu, shousangen, honroutou and honitsu with haku, hatsu and a double east,
#: sixteen dora (four North indicators, East kan) and fourteen ura dora.
BIG = {
    "hand": "11m77z(1111z)(5555z)(6666z)",
    "win": "1m",
    "tsumo": False,
    "seat": "1z",
    "round": "1z",
    "double_riichi": True,
    "ippatsu": True,
    "houtei": True,
    "dora": "4z4z4z4z",
    "ura": "7z7z9m9m",
}


def _error(response: Any, name: str = "a_han") -> str:
    found = re.search(rf'data-error-for="{name}">([^<]*)<', response.content.decode())
    return found.group(1) if found else ""


def test_the_bound_is_above_every_hand_without_a_yakuman() -> None:
    result = score_request(BIG)
    assert result["ok"]
    assert not result["yakuman"]
    assert result["han"] == 51
    for name in quiz.RULE_SETS:
        rules = ALL_PRESETS[name]
        big = score_request({**BIG, "rules": name})
        assert big["han"] <= han_most(rules), name
    assert han_most(ALL_PRESETS["tenhou"]) == 56  # 21 of yaku, 32 of dora, 3 red fives
    assert han_most(ALL_PRESETS["ema"]) == 53  # no red fives


@pytest.mark.parametrize("rules", ["tenhou", "ema"])
def test_every_question_s_han_is_within_the_field_s_bounds(rules: str) -> None:
    for seed in range(120):
        q = quiz.make_question("yaku", seed, {"rules": rules})
        han = q.fields[1]
        assert han.name == "han"
        assert han.bounds == (1, han_most(ALL_PRESETS[rules]))
        assert field_error(han, str(q.expected["han"])) == ""


def test_field_error_says_the_range_with_the_field_s_label() -> None:
    f = Field("han", "Total han (dora included)", bounds=(1, 56))
    assert field_error(f, "57") == "Total han (dora included): a whole number from 1 to 56."
    assert field_error(f, "0") == "Total han (dora included): a whole number from 1 to 56."
    for fine in ("1", "40", "56", "", "abc", " 12 "):
        assert field_error(f, fine) == "", fine
    assert field_error(Field("ron", "The discarder pays"), "99999999") == ""
    # Multiple choice offers its own numbers: nothing to bound.
    assert field_error(Field("han", "Han", choices=[("3", "3")], bounds=(1, 5)), "9") == ""


@pytest.mark.django_db
@pytest.mark.parametrize("given", ["57", "400", "0"])
def test_a_han_no_hand_can_have_is_refused_beside_the_field(client: Any, given: str) -> None:
    q = quiz.make_question("yaku", 7, {})
    response = post_answer(client, q, {"a_han": given}, answer_key="a" * 32)
    assert response.status_code == 400
    assert _error(response) == "Total han (dora included): a whole number from 1 to 56."
    assert Answer.objects.count() == 0
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert "Not quite" not in html


@pytest.mark.django_db
def test_a_han_a_hand_can_have_is_judged(client: Any) -> None:
    q = quiz.make_question("yaku", 7, {})
    wrong = "40" if q.expected["han"] != 40 else "41"
    response = post_answer(client, q, {"a_han": wrong}, answer_key="b" * 32)
    assert response.status_code == 200
    assert _error(response) == ""
    assert "Not quite." in response.content.decode()
    assert Answer.objects.count() == 1


@pytest.mark.django_db
def test_the_message_is_japanese_on_a_japanese_page(client: Any) -> None:
    q = quiz.make_question("yaku", 7, {})
    with translation.override("ja"):
        response = client.post(
            "/ja/tutor/quiz/yaku/answer/",
            {**q.options, "seed": str(q.seed), "a_han": "99", "answer_key": "c" * 32},
        )
    assert response.status_code == 400
    assert _error(response) == "飜数の合計（ドラを含む）：1から56までの整数で入力してください。"
