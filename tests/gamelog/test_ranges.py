"""Absurd numbers are refused, never stored (issue 30 item 5): every number a record holds is
range-checked, in both formats and on every surface, and a record with no finished hand gets one
answer everywhere (400)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.gamelog import RecordError, read_record
from scorer.gamelog.model import MAX_COUNT, MAX_POINTS
from tests.conftest import LOGS
from tests.gamelog.tenhou6_from_mjlog import convert

PAO = (LOGS / "pao-tsumo.mjlog").read_text("utf-8")
HUGE = 10**4000


def json_record() -> dict[str, Any]:
    return convert(PAO)


def refused(data: bytes | str) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_record(data)
    return info.value


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ((0, 0, 1), HUGE),  # honba
        ((0, 0, 1), MAX_COUNT + 1),
        ((0, 0, 2), -1),  # sticks
        ((0, 1, 2), -(10**30)),  # a score
        ((0, 1, 0), MAX_POINTS + 100),
    ],
)
def test_json_head_numbers_out_of_range(where: tuple[int, int, int], value: int):
    data = json_record()
    hand, part, index = where
    data["log"][hand][part][index] = value
    error = refused(json.dumps(data))
    assert (error.hand, error.tag) == (1, "head")


def test_json_score_changes_out_of_range():
    data = json_record()
    result = data["log"][0][16]
    result[1][0] = 10**30
    assert refused(json.dumps(data)).tag == "result"
    data = json_record()
    data["log"][0][16][2][3] = "30符1飜99999999点"
    assert refused(json.dumps(data)).tag == "result"
    data = json_record()
    data["log"][0][16][2][4] = "立直(1000飜)"
    assert refused(json.dumps(data)).tag == "result"


def test_a_json_draws_score_changes_out_of_range():
    data = convert((LOGS / "2010081709gm-00a9-0000-fe3371ad.mjlog").read_text("utf-8"))
    draw = next(h for h in data["log"] if h[16][0] != "和了")
    draw[16] = [draw[16][0], [10**30, 0, 0, 0]]
    assert refused(json.dumps(data)).tag == "result"


def test_json_final_scores_out_of_range_are_left_out():
    """``sc`` is not needed to score anything: out of range, it is not read."""
    data = json_record()
    data["sc"] = [10**30, 1.0, 25000, 2.0, 25000, -1.0, 25000, -2.0]
    assert read_record(json.dumps(data)).final_scores is None
    data["sc"] = [25000, 1.0, 25000, 2.0, 25000, -1.0, 25000, float("inf")]
    assert read_record(json.dumps(data)).final_points is None


@pytest.mark.parametrize(
    ("old", "new", "tag"),
    [
        ('ten="250,250,250,250"', 'ten="25000000000000000000000,250,250,250"', "INIT"),
        ('seed="0,0,0,', f'seed="0,{MAX_COUNT + 1},0,', "INIT"),
        ('ba="0,0"', 'ba="0,100000000000000000000000"', "AGARI"),
    ],
)
def test_mjlog_numbers_out_of_range(old: str, new: str, tag: str):
    assert old in PAO
    error = refused(PAO.replace(old, new, 1))
    assert error.tag == tag


def test_mjlog_a_23_digit_score_change():
    start = PAO.index('sc="') + 4
    text = PAO[:start] + "12345678901234567890123" + PAO[PAO.index(",", start) :]
    assert refused(text).tag in ("AGARI", "RYUUKYOKU")


def test_mjlog_owari_out_of_range():
    start = PAO.index('owari="') + 7
    text = PAO[:start] + "99999999999," + PAO[PAO.index(",", start) + 1 :]
    assert refused(text).reason == "owari is out of range"


@settings(max_examples=60)
@given(st.integers(), st.sampled_from([(0, 0, 1), (0, 0, 2), (0, 1, 3)]))
def test_any_number_in_the_head_reads_in_range_or_is_refused(value: int, where):
    data = json_record()
    hand, part, index = where
    data["log"][hand][part][index] = value
    try:
        game = read_record(json.dumps(data))
    except RecordError:
        return
    first = game.hands[0]
    assert 0 <= first.honba <= MAX_COUNT
    assert 0 <= first.sticks <= MAX_COUNT
    assert all(abs(s) <= MAX_POINTS for s in first.scores_before)


@pytest.mark.django_db
@pytest.mark.parametrize("body", [b'{"log": []}', b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>'])
def test_no_finished_hand_is_one_answer(client, body: bytes):
    api = client.post("/api/games", data=body, content_type="application/json")
    assert api.status_code == 400
    assert "no finished hand" in api.json()["error"]["message"]
    page = client.post("/tutor/review/import", {"record": body.decode()})
    assert page.status_code == 400
    assert "This record holds no finished hand." in page.content.decode()


@pytest.mark.django_db
def test_absurd_numbers_are_not_stored(client):
    from tutor.review.models import ReviewedGame

    data = json_record()
    data["log"][0][0][1] = HUGE
    text = json.dumps(data)
    assert client.post("/api/games", data=text, content_type="application/json").status_code == 400
    assert client.post("/tutor/review/import", {"record": text}).status_code == 400
    assert not ReviewedGame.objects.exists()
