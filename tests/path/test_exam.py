"""The final exam ("ready for the table"): real hands in full against the clock, the milestone,
the chart of the time per hand; the bundled real wins and the learner's own games."""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.conftest import CONFORMANCE, LOGS
from tutor.path import exam
from tutor.path.models import TimedHand
from tutor.quiz import srs


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (which must hold it)."""
    match = re.search(pattern, text)
    assert match is not None, pattern
    return match.group(1)


T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def test_every_bundled_win_scores_as_tenhou_recorded_it() -> None:
    cases = {}
    for line in CONFORMANCE.read_text("utf-8").splitlines():
        case = json.loads(line)
        cases[case["id"]] = case["expect"]
    wins = exam.bundled()
    assert len(wins) >= 60
    for n, win in enumerate(wins):
        hand = exam.bundled_hand(n, 0)
        assert hand is not None, win["id"]
        expect = cases[win["id"]]
        assert hand.result["payments"]["total"] == expect["total"], win["id"]
        assert hand.result["han"] == expect["han"], win["id"]
        if not hand.result["limit"]:
            assert hand.result["fu"] == expect["fu"], win["id"]
            assert [p for p, _q in hand.parts] == ["fu", "han", "pay"]
        else:
            assert [p for p, _q in hand.parts] == ["han", "pay"]


def test_the_bundle_has_its_licence_and_provenance() -> None:
    folder = exam.DATA.parent
    assert "MIT" in (folder / "LICENSE-mjx").read_text("utf-8")
    readme = (folder / "README.md").read_text("utf-8")
    assert "mjx" in readme
    assert "tools/path/select_wins.py" in readme


def right_form(hand: exam.FullHand | None) -> dict[str, str]:
    assert hand is not None
    return {f"a_{k}": str(v) for k, v in hand.question.expected.items()}


def post_hand(client: Client, source: str, answers: dict[str, str], seconds: int, key: str = ""):
    page = client.get(f"/tutor/path/exam/?hand={source}").content.decode()
    token = found(r'name="token" value="([^"]+)"', page)
    data = {"hand": source, "token": token, "answer_key": key or uuid.uuid4().hex, **answers}
    later = srs.now() + timedelta(seconds=seconds)
    with srs.use_clock(lambda: later):
        return client.post("/tutor/path/exam/answer", data)


@pytest.mark.django_db
def test_an_exam_hand_is_timed_scored_in_parts_and_stored(client: Client) -> None:
    response = client.get("/tutor/path/exam/")
    assert response.status_code == 302
    assert "?hand=wins:" in response["Location"]
    with srs.use_clock(lambda: T0):
        source = "wins:0"
        hand = exam.hand_for(source, None)
        assert hand is not None
        response = post_hand(client, source, right_form(hand), 45)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Right!" in html
    assert "45 seconds" in html
    row = TimedHand.objects.get()
    assert (row.mode, row.source, row.seconds, row.correct) == ("exam", source, 45, True)
    # Each part is a quiz answer of the kind that drills it, feeding its items.
    kinds = sorted(row.learner.answers.values_list("kind", flat=True))
    assert kinds == sorted(
        {"fu": "fu", "han": "yaku", "pay": "payments"}[p] for p, _q in hand.parts
    )


@pytest.mark.django_db
def test_a_wrong_payment_gets_the_quizs_proven_slip(client: Client) -> None:
    # A non-dealer ron where giving the dealer's payment is the slip the engine proves.
    for n in range(len(exam.bundled())):
        hand = exam.bundled_hand(n, 0)
        if (
            hand
            and hand.result["payments"]["ron"]
            and hand.request.get("seat") != "1z"
            and not hand.result["limit"]
        ):
            break
    assert hand is not None
    answers = right_form(hand)
    from scorer.engine import ALL_PRESETS
    from tutor.quiz.cells import table_cell

    dealer = table_cell(hand.result["fu"], hand.result["han"], True, ALL_PRESETS["tenhou"]).ron
    answers["a_ron"] = str(dealer)
    html = post_hand(client, hand.source, answers, 30).content.decode()
    assert "Not quite." in html
    assert 'data-slip="dealer_assumed"' in html
    assert TimedHand.objects.get().pay_ok is False


@pytest.mark.django_db
def test_a_resent_or_stale_answer(client: Client) -> None:
    hand = exam.hand_for("wins:1", None)
    assert hand is not None
    key = uuid.uuid4().hex
    post_hand(client, "wins:1", right_form(hand), 20, key)
    post_hand(client, "wins:1", right_form(hand), 20, key)
    assert TimedHand.objects.count() == 1
    bad = client.post(
        "/tutor/path/exam/answer",
        {"hand": "wins:1", "token": "forged", "answer_key": uuid.uuid4().hex, **right_form(hand)},
    )
    assert bad.status_code == 400
    assert "out of date" in bad.content.decode()
    assert client.get("/tutor/path/exam/?hand=wins:99999").status_code == 404
    assert client.get("/tutor/path/exam/?hand=game:nope:1").status_code == 404


@pytest.mark.django_db
def test_the_milestone_needs_nine_of_ten_within_the_time(client: Client) -> None:
    with srs.use_clock(lambda: T0):
        for n in range(10):
            hand = exam.hand_for(f"wins:{n}", None)
            answers = right_form(hand)
            if n == 4:
                answers = dict.fromkeys(answers, "1")
            post_hand(client, f"wins:{n}", answers, 120)
    learner = TimedHand.objects.earliest("id").learner
    slow = exam.milestone(learner)
    assert slow.right == 9
    assert slow.median == 120
    assert not slow.reached
    with srs.use_clock(lambda: T0 + timedelta(days=8)):
        for n in range(10, 20):
            hand = exam.hand_for(f"wins:{n}", None)
            post_hand(client, f"wins:{n}", right_form(hand), 50)
        page = client.get("/tutor/path/exam/?hand=wins:30").content.decode()
    assert exam.milestone(learner).reached
    assert "Milestone reached" in page
    # The chart: two weeks with hands, the later one faster, under the target line.
    bars = re.findall(r'<rect class="bar( under)?"', page)
    assert bars == ["", " under"]
    assert 'class="target"' in page


def test_weekly_medians_and_the_chart() -> None:
    now = datetime(2026, 11, 28, 12, tzinfo=UTC)  # a Saturday
    hands = [(now - timedelta(days=7), 100), (now - timedelta(days=6), 80), (now, 40)]
    weeks = exam.weekly_medians(hands, UTC, now, weeks=3)
    assert [(w.isoformat(), m, n) for w, m, n in weeks] == [
        ("2026-11-09", None, 0),
        ("2026-11-16", 90, 2),
        ("2026-11-23", 40, 1),
    ]
    chart = exam.chart(weeks, target=90)
    assert chart.top >= 99
    assert chart.any
    heights = [b.height for b in chart.bars]
    assert heights[0] == 0
    assert heights[1] > heights[2] > 0
    assert chart.bars[1].y + chart.bars[1].height == pytest.approx(chart.height - 20)


@pytest.mark.django_db
def test_own_imported_games_are_asked_too(client: Client) -> None:
    data = (LOGS / "2010081709gm-00a9-0000-fe3371ad.mjlog").read_bytes()
    client.post(
        "/tutor/review/import",
        {"file": SimpleUploadedFile("game.mjlog", data, content_type="application/octet-stream")},
    )
    from tutor.accounts.learners import learner_for  # noqa: F401
    from tutor.accounts.models import Learner

    learner = Learner.objects.get()
    own = exam.own_wins(learner)
    assert own
    assert all(s.startswith("game:") for s, _r, _t in own)
    source = own[0][0]
    page = client.get(f"/tutor/path/exam/?hand={source}").content.decode()
    assert "A win from your game" in page
    assert exam.next_source(learner, 0) == source
    # Nobody else's exam can open it.
    assert Client().get(f"/tutor/path/exam/?hand={source}").status_code == 404
