"""The hand of the day: one real win, the same for everyone on a date (the site's time zone),
answered once, with a share text that does not give the answer away."""

from __future__ import annotations

import hashlib
from datetime import date, datetime

from django.utils.translation import gettext as _

from tutor.accounts.models import Learner
from tutor.path import days, exam
from tutor.path import quizapi as quiz
from tutor.path.models import TimedHand
from tutor.path.today import site_zone

#: Past hands of the day shown in the learner's history.
HISTORY = 30


def today_date(now: datetime | None = None) -> date:
    """Today's date in the site's time zone: the hand changes at the site's midnight."""
    return days.local_day(now or quiz.now(), site_zone())


def index_for(day: date, count: int) -> int:
    """Which bundled win is the hand of ``day``: a hash of the date, the same on every server."""
    digest = hashlib.sha256(f"tenbo:hand-of-the-day:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def hand_of(day: date) -> exam.FullHand:
    n = index_for(day, len(exam.bundled()))
    hand = exam.bundled_hand(n, exam.DAILY_SEED + day.toordinal() % 100_000)
    assert hand is not None, f"bundled win {n} does not score"
    return hand


def mark(ok: bool | None) -> str:
    return "—" if ok is None else ("✅" if ok else "❌")


def share_text(row: TimedHand, url: str) -> str:
    """What was right and how long it took, never the answer (Wordle-style)."""
    lines = [
        _("Tenbo hand of the day, %(date)s") % {"date": row.day.isoformat() if row.day else ""},
        _("Fu %(fu)s · Han %(han)s · Payment %(pay)s")
        % {"fu": mark(row.fu_ok), "han": mark(row.han_ok), "pay": mark(row.pay_ok)},
        _("%(seconds)s s") % {"seconds": row.seconds},
        url,
    ]
    return "\n".join(lines)


def history(learner: Learner | None) -> list[TimedHand]:
    if learner is None:
        return []
    return list(
        TimedHand.objects.filter(learner=learner, mode=TimedHand.DAILY).order_by("-day")[:HISTORY]
    )
