"""The hand of the day: the same for everyone on a date in the site's time zone, one try, a share
text that does not give the answer away, and the learner's history."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client

from tutor.path import daily, exam
from tutor.path.models import TimedHand
from tutor.quiz import srs


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (which must hold it)."""
    match = re.search(pattern, text)
    assert match is not None, pattern
    return match.group(1)


T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def test_the_same_hand_for_everyone_on_a_date() -> None:
    count = len(exam.bundled())
    day = date(2026, 11, 28)
    assert daily.index_for(day, count) == daily.index_for(date(2026, 11, 28), count)
    picks = {daily.index_for(day + timedelta(days=n), count) for n in range(30)}
    assert len(picks) > 15  # it changes from day to day


def test_the_day_changes_at_the_sites_midnight(settings) -> None:
    settings.TIME_ZONE = "Asia/Tokyo"
    late = datetime(2026, 11, 28, 15, 30, tzinfo=UTC)  # 00:30 on the 29th in Tokyo
    assert daily.today_date(late) == date(2026, 11, 29)
    settings.TIME_ZONE = "UTC"
    assert daily.today_date(late) == date(2026, 11, 28)


def answer_today(client: Client, right: bool = True) -> str:
    page = client.get("/tutor/daily/").content.decode()
    token = found(r'name="token" value="([^"]+)"', page)
    source = found(r'name="hand" value="([^"]+)"', page)
    hand = daily.hand_of(daily.today_date())
    assert hand.source == source
    answers = {f"a_{k}": str(v if right else 1) for k, v in hand.question.expected.items()}
    data = {"hand": source, "token": token, "answer_key": uuid.uuid4().hex, **answers}
    later = srs.now() + timedelta(seconds=37)
    with srs.use_clock(lambda: later):
        response = client.post("/tutor/daily/answer", data)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_one_try_a_day_and_a_share_text_without_the_answer(client: Client) -> None:
    with srs.use_clock(lambda: T0):
        html = answer_today(client, right=False)
        share = found(r'data-testid="share-text">([^<]*)<', html)
        hand = daily.hand_of(date(2026, 11, 28))
        assert "2026-11-28" in share
        assert "❌" in share
        assert "37 s" in share
        # Not one number of the answer: no fu, no payment.
        pay = hand.result["payments"]
        for secret in (hand.result["fu"], pay["total"], pay["ron"], pay["tsumo_others"]):
            if secret:
                assert not re.search(rf"(?<![\d-]){secret}(?!\d)", share.replace("2026-11-28", ""))
        # A second try the same day: back to the result, nothing stored.
        page = client.get("/tutor/daily/").content.decode()
        assert 'data-testid="daily-done"' in page
        assert 'class="quiz-form' not in page
        again = client.post(
            "/tutor/daily/answer", {"hand": hand.source, "answer_key": uuid.uuid4().hex}
        )
        assert again.status_code == 302
    assert TimedHand.objects.filter(mode="daily").count() == 1
    with srs.use_clock(lambda: T0 + timedelta(days=1)):
        answer_today(client, right=True)
        page = client.get("/tutor/daily/").content.decode()
    history = page[page.index('id="history-h"') :]
    assert history.count("<tr class=") == 2
    assert 'class="ok"' in history
    assert 'class="ko"' in history
