"""A timed question whose clock runs out is sent by quiz.js marked as expired: the feedback says
time ran out (issue 19 item 2), not "Not quite"."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_time_running_out_is_said(page: Any) -> None:
    page.goto(f"{page.base}/tutor/quiz/table/?seed=1&timed=3")
    page.wait_for_selector(".quiz-feedback", timeout=9_000)
    verdict = page.inner_text(".quiz-feedback .verdict")
    assert "Time ran out." in verdict
    assert "Not quite." not in verdict
