"""Full real hands against the clock: the final exam ("ready for the table") and the hand of the
day.

A full hand asks everything a table asks: the fu (unless a limit makes them moot), the han and
every payment. Each part is the quiz's own question of the kind that drills it
(:func:`tutor.path.checks.build`): scored by :func:`tutor.quiz.check`, its slip named by the
quiz's feedback, stored with the quiz's answers (so the exam feeds spaced repetition and
mastery like any drill), and the hand as a whole with its time (:class:`TimedHand`).

The hands are real: the bundled wins from tenhou.net games (``data/wins.json``, see its README)
and the wins of the learner's own imported games (tutor.review).
"""

from __future__ import annotations

import functools
import json
import statistics
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, Final

from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _

from scorer.engine import score_request
from scorer.gamelog import RecordError, read_record
from scorer.gamelog.check import check_game
from tutor.accounts.models import Learner
from tutor.path import checks, days
from tutor.path import quizapi as quiz
from tutor.path.models import TimedHand
from tutor.path.quizapi import Field, Question, Verdict
from tutor.review.models import ReviewedGame

DATA: Final = Path(__file__).resolve().parent / "data" / "wins.json"
#: The milestone: this many of the last ``EXAM_WINDOW`` full hands right, at a median time per
#: hand of at most ``TARGET_SECONDS``.
EXAM_WINDOW: Final = 10
EXAM_NEED: Final = 9
TARGET_SECONDS: Final = 90
#: Seeds of the parts' answers (above the checks' and the placement's: tutor.path.checks).
EXAM_SEED: Final = checks.SEED_BASE + 600_000
DAILY_SEED: Final = checks.SEED_BASE + 700_000
#: A timed hand counts at most this long (a tab left open overnight is not a slow answer).
LONGEST: Final = 3600
TOKEN_SALT: Final = "tenbo.path.timed-hand"
#: Own games read for the exam (the newest).
OWN_GAMES: Final = 5
#: Weeks shown in the chart of the time per hand.
WEEKS: Final = 12


@functools.lru_cache(maxsize=1)
def bundled() -> tuple[Mapping[str, Any], ...]:
    """The bundled real wins: ({"id", "request"}, ...)."""
    return tuple(json.loads(DATA.read_text("utf-8")))


@dataclass(frozen=True)
class FullHand:
    source: str
    request: Mapping[str, Any]
    result: Mapping[str, Any]
    #: Where it was played, in words.
    origin: str
    parts: tuple[tuple[str, Question], ...]

    @property
    def fields(self) -> list[Field]:
        return [f for _part, q in self.parts for f in q.fields]

    @property
    def question(self) -> Question:
        """The parts as one question (the page's form and the hand's drawing)."""
        first = self.parts[0][1]
        expected = {k: v for _p, q in self.parts for k, v in q.expected.items()}
        derivation = [line for _p, q in self.parts for line in q.derivation]
        return Question(
            kind="full",
            seed=first.seed,
            key=self.source,
            options={},
            prompt=_("Score this hand in full: its fu, its han and every payment."),
            fields=self.fields,
            expected=expected,
            derivation=list(dict.fromkeys(derivation)),
            request=dict(self.request),
            result=dict(self.result),
            facts=first.facts,
        )


def _parts(
    request: Mapping[str, Any], result: Mapping[str, Any], seed: int
) -> tuple[tuple[str, Question], ...]:
    parts = []
    if not result["limit"]:
        parts.append(("fu", checks.build(request, result, "fu", seed, "type")))
    parts.append(("han", checks.build(request, result, "han", seed, "type")))
    parts.append(("pay", checks.build(request, result, "pay", seed, "type")))
    return tuple(parts)


def bundled_hand(n: int, seed: int) -> FullHand | None:
    wins = bundled()
    if not 0 <= n < len(wins):
        return None
    request = dict(wins[n]["request"])
    result = score_request(request)
    if not result.get("ok"):
        return None
    game = str(wins[n]["id"]).split("gm-")[0]
    if len(game) >= 8 and game[:8].isdigit():
        played = f"{game[:4]}-{game[4:6]}-{game[6:8]}"
        origin = _("A win from a tenhou.net game (%(date)s)") % {"date": played}
    else:  # a short record of one situation, without its date
        origin = _("A win from a tenhou.net game")
    return FullHand(f"wins:{n}", request, result, origin, _parts(request, result, seed))


def _playable(request: Mapping[str, Any]) -> dict[str, Any] | None:
    """An imported win's request as the exam asks it: without honba, riichi sticks and the
    responsibility payment (what the hand itself is worth); none for three players."""
    rules = request.get("rules")
    preset = rules.get("preset") if isinstance(rules, Mapping) else rules
    if isinstance(preset, str) and preset.endswith("_sanma"):
        return None
    out = {k: v for k, v in request.items() if k not in ("honba", "sticks", "pao", "ron_order")}
    return out


def own_wins(learner: Learner | None) -> list[tuple[str, dict[str, Any], str]]:
    """The learner's imported games' wins the exam can ask: (source, request, game title)."""
    if learner is None:
        return []
    out = []
    games = ReviewedGame.objects.filter(owner=learner).order_by("-created", "-id")[:OWN_GAMES]
    for stored in games:
        try:
            game = read_record(stored.record)
        except RecordError:
            continue
        for number, checked in enumerate(check_game(game), start=1):
            request = _playable(checked.win.request)
            if request is None or not checked.result.get("ok") or checked.result.get("yakuman"):
                continue
            out.append((f"game:{stored.public_id}:{number}", request, stored.title))
    return out


def hand_for(source: str, learner: Learner | None) -> FullHand | None:
    """The full hand a source names (``wins:<n>``, or ``game:<id>:<n>`` of the learner's own)."""
    kind, _sep, rest = source.partition(":")
    if kind == "wins" and rest.isdigit() and len(rest) < 6:
        return bundled_hand(int(rest), EXAM_SEED + int(rest))
    if kind == "game":
        for own, request, title in own_wins(learner):
            if own == source:
                result = score_request(request)
                if not result.get("ok"):
                    return None
                origin = _("A win from your game “%(title)s”") % {"title": title}
                seed = EXAM_SEED + 10_000 + zlib.crc32(source.encode()) % 80_000
                return FullHand(source, request, result, origin, _parts(request, result, seed))
    return None


def next_source(learner: Learner | None, turn: int) -> str:
    """The exam's next hand: one of the learner's own games' wins not yet asked (every other
    turn, when there are any), else the next bundled win not yet asked."""
    asked: set[str] = set()
    if learner is not None:
        asked = set(
            TimedHand.objects.filter(learner=learner, mode=TimedHand.EXAM).values_list(
                "source", flat=True
            )
        )
    own = [s for s, _r, _t in own_wins(learner) if s not in asked]
    if own and turn % 2 == 0:
        return own[0]
    wins = len(bundled())
    # A stride through the bundle: neighbours in the file come from the same game.
    order = [(i * 23) % wins for i in range(wins)]
    fresh = [n for n in order if f"wins:{n}" not in asked]
    return f"wins:{fresh[0] if fresh else order[turn % wins]}"


# -- checking and storing -------------------------------------------------------------------------


@dataclass
class Checked:
    hand: FullHand
    verdicts: dict[str, Verdict]
    slips: list[quiz.Slip]

    @property
    def correct(self) -> bool:
        return all(v.correct for v in self.verdicts.values())

    def ok(self, part: str) -> bool | None:
        verdict = self.verdicts.get(part)
        return None if verdict is None else verdict.correct

    @property
    def fields(self) -> list[quiz.FieldVerdict]:
        return [f for v in self.verdicts.values() for f in v.fields]


def check_hand(hand: FullHand, answers: Mapping[str, Any]) -> Checked:
    verdicts = {}
    slips: list[quiz.Slip] = []
    for part, question in hand.parts:
        mine = {f.name: answers.get(f.name, "") for f in question.fields}
        verdict = quiz.check(question, mine)
        verdicts[part] = verdict
        if not verdict.correct:
            slips += quiz.slips(question, mine)
    return Checked(hand, verdicts, slips)


def token(source: str, at: datetime | None = None) -> str:
    """The signed note of when the hand was shown (its time is measured from it)."""
    served = (at or quiz.now()).timestamp()
    return signing.dumps({"s": source, "t": served}, salt=TOKEN_SALT)


def seconds_since(value: str, source: str, at: datetime | None = None) -> int | None:
    """Seconds since the hand was shown, from its signed note (None if it is not this hand's
    or not readable)."""
    try:
        data = signing.loads(value, salt=TOKEN_SALT, max_age=7 * 86400)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("s") != source:
        return None
    try:
        served = float(data["t"])
    except (KeyError, TypeError, ValueError):
        return None
    elapsed = (at or quiz.now()).timestamp() - served
    return int(min(max(elapsed, 1), LONGEST))


def record(
    request: HttpRequest,
    checked: Checked,
    answers: Mapping[str, Any],
    answer_key: str,
    seconds: int,
    mode: str,
    day: date | None = None,
) -> TimedHand:
    """Store each part with the quiz's answers, and the hand with its time (once per form: a
    resent POST finds the hand it stored)."""
    found = TimedHand.objects.filter(answer_key=answer_key).first()
    if found is not None:
        return found
    learner = None
    for n, (part, question) in enumerate(checked.hand.parts):
        mine = {f.name: answers.get(f.name, "") for f in question.fields}
        _item, learner, _again = quiz.record_answer(
            request, question, checked.verdicts[part], mine, f"{answer_key[:30]}{part[0]}{n}"
        )
    assert learner is not None
    try:
        with transaction.atomic():
            row, _made = TimedHand.objects.get_or_create(
                answer_key=answer_key, defaults=_timed(learner, checked, seconds, mode, day)
            )
    except IntegrityError:
        # Today's hand answered at the same moment in another tab: the first answer stands.
        row = TimedHand.objects.get(learner=learner, mode=mode, day=day)
    return row


def _timed(
    learner: Learner, checked: Checked, seconds: int, mode: str, day: date | None
) -> dict[str, Any]:
    return {
        "learner": learner,
        "mode": mode,
        "source": checked.hand.source,
        "day": day,
        "seconds": seconds,
        "fu_ok": checked.ok("fu"),
        "han_ok": checked.ok("han"),
        "pay_ok": bool(checked.ok("pay")),
        "correct": checked.correct,
        "created": quiz.now(),
    }


# -- the milestone --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Milestone:
    last: tuple[TimedHand, ...]

    @property
    def right(self) -> int:
        return sum(h.correct for h in self.last)

    @property
    def median(self) -> int | None:
        if not self.last:
            return None
        return round(statistics.median(h.seconds for h in self.last))

    @property
    def reached(self) -> bool:
        return (
            len(self.last) >= EXAM_WINDOW
            and self.right >= EXAM_NEED
            and (self.median or 0) <= TARGET_SECONDS
        )


def milestone(learner: Learner | None) -> Milestone:
    if learner is None:
        return Milestone(())
    rows = TimedHand.objects.filter(learner=learner, mode=TimedHand.EXAM).order_by(
        "-created", "-id"
    )[:EXAM_WINDOW]
    return Milestone(tuple(rows))


@dataclass(frozen=True)
class Bar:
    week: date
    median: int | None
    hands: int
    x: float = 0
    y: float = 0
    height: float = 0


@dataclass(frozen=True)
class Chart:
    bars: tuple[Bar, ...]
    top: int
    #: The height of the target line, in the drawing's units.
    target_y: float
    width: int = 320
    height: int = 140
    bar_width: float = 0

    @property
    def any(self) -> bool:
        return any(b.hands for b in self.bars)

    @property
    def ticks(self) -> list[tuple[int, float]]:
        """Seconds and their height for the axis: 0, half the top, the top."""
        base = self.height - 20
        return [(s, base - (base - 10) * s / self.top) for s in (0, self.top // 2, self.top)]


def weekly_medians(
    hands: Sequence[tuple[datetime, int]], tz: tzinfo, now: datetime, weeks: int = WEEKS
) -> list[tuple[date, int | None, int]]:
    """(Monday of the week, median seconds per full hand, hands) for the last ``weeks`` weeks,
    oldest first, in the learner's time zone."""
    today = days.local_day(now, tz)
    this_monday = today - timedelta(days=today.weekday())
    mondays = [this_monday - timedelta(weeks=w) for w in range(weeks - 1, -1, -1)]
    by_week: dict[date, list[int]] = {m: [] for m in mondays}
    for at, seconds in hands:
        day = days.local_day(at, tz)
        monday = day - timedelta(days=day.weekday())
        if monday in by_week:
            by_week[monday].append(seconds)
    return [(m, round(statistics.median(s)) if s else None, len(s)) for m, s in by_week.items()]


def chart(weeks: Sequence[tuple[date, int | None, int]], target: int = TARGET_SECONDS) -> Chart:
    """Bars of the weekly median time, scaled to the drawing (an SVG the page draws itself: no
    script), with the target's line."""
    width, height = 320, 140
    base = height - 20
    highest = max([m for _w, m, _n in weeks if m is not None] + [target])
    top = int(-(-highest * 1.1 // 30) * 30)  # a round number of seconds above the highest
    slot = (width - 40) / max(len(weeks), 1)
    bars = []
    for i, (week, median, hands) in enumerate(weeks):
        h = (base - 10) * (median or 0) / top
        bars.append(Bar(week, median, hands, 36 + i * slot + slot * 0.15, base - h, h))
    target_y = base - (base - 10) * target / top
    return Chart(tuple(bars), top, target_y, width, height, slot * 0.7)


def time_chart(learner: Learner | None, tz: tzinfo, now: datetime | None = None) -> Chart:
    """The learner's median time per full hand (final exam and hands of the day) by week."""
    now = now or quiz.now()
    hands: list[tuple[datetime, int]] = []
    if learner is not None:
        since = now - timedelta(weeks=WEEKS, days=1)
        hands = list(
            TimedHand.objects.filter(learner=learner, created__gte=since).values_list(
                "created", "seconds"
            )
        )
    return chart(weekly_medians(hands, tz, now))
