"""Live questions: what the projector and the phones show, checking and storing answers, and
the histogram. A live question is a hand (its points), a quiz question (rebuilt by the quiz from
kind, seed and options) or the next hand of a deck (a saved collection)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from django.core.signing import BadSignature, Signer
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, Max, OuterRef
from django.http import QueryDict
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scorer.answers import AnswerError, Want, from_stored, gather, parse_number
from scorer.answers import parse_points as read_points
from scorer.errors import answer_message
from scorer.numbers import points_text
from scorer.params import parse_int
from tutor.accounts.models import Learner
from tutor.classroom.models import Classroom, LiveAnswer, LiveLesson, LiveQuestion, Membership
from tutor.collections.hands import query_from_url
from tutor.collections.models import Collection
from tutor.quiz import services as quiz
from tutor.quiz.services import MAX_SEED, hand_facts
from tutor.walkthrough import steps as walkthrough

#: Query parameters of a quiz URL that are not question options.
_NOT_OPTIONS = ("seed", "set", "n", "timed", "item", "mode")


@dataclass
class Source:
    """Where a live question comes from (before it is stored)."""

    source: str
    query: str = ""
    kind: str = ""
    seed: int = 0
    options: dict[str, str] = field(default_factory=dict)
    deck: Collection | None = None


def random_seed() -> int:
    return random.randrange(1, 10**9)


def source_from_url(url: str) -> Source | None:
    """A hand (picker or walkthrough URL) or a quiz question URL on this site."""
    query = query_from_url(url)
    if query is not None:
        return Source("hand", query=query)
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return None
    if match.view_name != "tutor:quiz_question" or quiz.find(match.kwargs.get("kind", "")) is None:
        return None
    data = QueryDict(parts.query)
    # Strict, bounded numbers (scorer.params): a pasted link with "²" or a 5,000-digit seed
    # gets a random question instead of a 500.
    seed = parse_int(data.get("seed", ""), 0, MAX_SEED)
    set_id = parse_int(data.get("set", ""), 0, MAX_SEED // 1000 - 1)
    if set_id is not None:
        seed = quiz.set_seed(set_id, parse_int(data.get("n", "0") or "0", 0, 999) or 0)
    options = {k: data.get(k, "") for k in data if k not in _NOT_OPTIONS}
    return Source(
        "quiz",
        kind=match.kwargs["kind"],
        seed=seed if seed is not None else random.randrange(1, 10**9),
        options=options,
    )


#: The countdowns a teacher may choose (seconds; 0: none)
COUNTDOWNS = (0, 10, 20, 30, 45, 60, 90, 120)


def lesson_settings(data: QueryDict) -> dict[str, Any]:
    """How the teacher runs the room (the class page's live form): countdown, auto-reveal,
    leaderboard (off unless ticked), hidden names."""
    countdown = parse_int(data.get("countdown", "") or "0", 0, 600) or 0
    return {
        "countdown": countdown,
        "auto_reveal": bool(countdown) and data.get("auto_reveal") == "1",
        "leaderboard": data.get("leaderboard") == "1",
        "hide_names": data.get("hide_names") == "1",
    }


def class_choices(
    taught: list[Classroom],
) -> tuple[list[tuple[Classroom, LiveLesson | None]], tuple[Classroom, LiveLesson | None] | None]:
    """Each class with its lesson under way (if any), and the class chosen by default: the
    one whose lesson is running (the latest started, when several are), or the only class.
    With several classes and no lesson running nothing is chosen: the teacher picks."""
    lessons = {
        lesson.classroom_id: lesson
        for lesson in LiveLesson.objects.filter(classroom__in=taught, ended__isnull=True).order_by(
            "started", "id"
        )
    }
    choices = [(c, lessons.get(c.pk)) for c in taught]
    running = [pair for pair in choices if pair[1] is not None]
    if running:
        chosen = max(running, key=lambda pair: (pair[1].started, pair[1].pk) if pair[1] else 0)
    elif len(choices) == 1:
        chosen = choices[0]
    else:
        chosen = None
    return choices, chosen


def open_lesson(classroom: Classroom | int) -> LiveLesson | None:
    """The class's lesson under way (started and not ended), if any."""
    return (
        LiveLesson.objects.filter(classroom=classroom, ended__isnull=True).order_by("-id").first()
    )


def start(
    classroom: Classroom, source: Source, settings: dict[str, Any] | None = None
) -> LiveQuestion:
    """Put a new live question before the class (the previous one ends). A question asked
    with no lesson under way starts a lesson (numbered from 1, with ``settings``); otherwise it
    is the lesson's next question."""
    with transaction.atomic():
        lesson = open_lesson(classroom)
        if lesson is None:
            lesson = LiveLesson.objects.create(classroom=classroom, **(settings or {}))
        elif settings:
            LiveLesson.objects.filter(pk=lesson.pk).update(**settings)
            lesson.refresh_from_db()
        last = lesson.questions.aggregate(n=Max("number"))["n"] or 0
        LiveQuestion.objects.filter(classroom=classroom, ended=False).update(ended=True)
        query = source.query
        if source.source == "deck" and source.deck is not None:
            first = source.deck.hands.first()
            query = first.query if first else ""
        return LiveQuestion.objects.create(
            classroom=classroom,
            lesson=lesson,
            number=last + 1,
            source=source.source,
            query=query,
            kind=source.kind,
            seed=source.seed,
            options=source.options,
            deck=source.deck,
            position=0,
            closes=_closes(lesson),
        )


def _closes(lesson: LiveLesson | None) -> Any:
    if lesson is None or not lesson.countdown:
        return None
    return timezone.now() + timedelta(seconds=lesson.countdown)


def end_lesson(classroom: Classroom | int) -> None:
    """End the live lesson: its question ends, the lesson is kept as a report."""
    with transaction.atomic():
        LiveQuestion.objects.filter(classroom=classroom, ended=False).update(ended=True)
        LiveLesson.objects.filter(classroom=classroom, ended__isnull=True).update(
            ended=timezone.now()
        )


def time_up(live: LiveQuestion) -> bool:
    return live.closes is not None and timezone.now() >= live.closes


def auto_reveal(live: LiveQuestion) -> bool:
    """Reveal a question whose countdown ran out when its lesson asks for it (True if so)."""
    if live.revealed or not time_up(live):
        return False
    lesson = live.lesson
    if lesson is None or not lesson.auto_reveal:
        return False
    LiveQuestion.objects.filter(pk=live.pk).update(revealed=True)
    live.revealed = True
    return True


def current(classroom: Classroom | int, include_ended: bool = False) -> LiveQuestion | None:
    rows = LiveQuestion.objects.filter(classroom=classroom)
    if not include_ended:
        rows = rows.filter(ended=False)
    return rows.order_by("-id").first()


def current_for(membership: Membership) -> LiveQuestion | None:
    """The class's current question, annotated with ``answered`` (has this student answered?):
    one query for the phone's poll."""
    mine = LiveAnswer.objects.filter(question=OuterRef("pk"), learner=membership.learner_id)
    rows = LiveQuestion.objects.filter(classroom=membership.classroom_id, ended=False)
    return rows.annotate(answered=Exists(mine)).order_by("-id").first()


# -- who is here ----------------------------------------------------------------------------------

#: A student counts as here when a live page of theirs polled within this many seconds.
PRESENT_SECONDS = 60
#: Each process writes a student's "seen" at most this often (phones poll every 2 s).
SEEN_EVERY = 20.0
_seen_written: dict[int, float] = {}


def mark_seen(membership_pk: int) -> None:
    """Note that a student's phone is on a live page (a small UPDATE, at most every
    :data:`SEEN_EVERY` seconds per student and process)."""
    now = time.monotonic()
    if now - _seen_written.get(membership_pk, -SEEN_EVERY) < SEEN_EVERY:
        return
    if len(_seen_written) > 50_000:
        _seen_written.clear()
    _seen_written[membership_pk] = now
    Membership.objects.filter(pk=membership_pk).update(seen=timezone.now())


def present(classroom: Classroom | int) -> Any:
    """The class's students seen on a live page in the last minute."""
    cutoff = timezone.now() - timedelta(seconds=PRESENT_SECONDS)
    return Membership.objects.filter(classroom=classroom, seen__gte=cutoff)


def poll_member(token: str) -> int | None:
    """The membership a poll token was issued for (None if missing or forged)."""
    try:
        value = _SIGNER.unsign(token)
    except BadSignature:
        return None
    return parse_int(value.partition(".")[0])


_SIGNER = Signer(salt="tenbo.classroom.live-poll")


def poll_token(membership: Membership) -> str:
    """A signed token naming the student's membership and class, for the phone's poll."""
    return _SIGNER.sign(f"{membership.pk}.{membership.classroom_id}")


def token_class(token: str) -> int | None:
    """The class a poll token was issued for (None if it is missing or forged)."""
    try:
        value = _SIGNER.unsign(token)
    except BadSignature:
        return None
    member, _dot, classroom = value.partition(".")
    if parse_int(member) is None:
        return None
    return parse_int(classroom)


def unchanged(classroom_pk: int, key: str) -> bool:
    """Whether the phone's key (``question-revealed-answered``) still names the class's current
    question in the same state (the answered part only ever changes by the phone's own POST).

    A question whose countdown ran out under auto-reveal counts as changed: the phone's full
    poll reveals it (:func:`auto_reveal`), so the room sees the answer with no projector open."""
    row = (
        LiveQuestion.objects.filter(classroom_id=classroom_pk, ended=False)
        .order_by("-id")
        .values_list("pk", "revealed", "closes", "lesson__auto_reveal")
        .first()
    )
    if row is None:
        # nothing on: unchanged, unless a student-paced lesson started (the phone moves there)
        paced = LiveLesson.objects.filter(
            classroom_id=classroom_pk, ended__isnull=True, paced=True
        ).exists()
        return key == "0" and not paced
    pk, revealed, closes, auto = row
    if not revealed and auto and closes is not None and timezone.now() >= closes:
        return False
    return key.rsplit("-", 1)[0] == f"{pk}-{int(revealed)}"


def next_question(live: LiveQuestion) -> LiveQuestion | None:
    """The next question: the deck's next hand, another question of the same quiz; a single
    hand has no next one (None)."""
    if live.source == "deck" and live.deck is not None:
        hands = list(live.deck.hands.all())
        position = live.position + 1
        if position >= len(hands):
            return None
        source = Source("deck", query=hands[position].query, deck=live.deck)
    elif live.source == "quiz":
        source = Source(
            "quiz", kind=live.kind, seed=random.randrange(1, 10**9), options=live.options
        )
    else:
        return None
    with transaction.atomic():
        LiveQuestion.objects.filter(pk=live.pk).update(ended=True)
        return LiveQuestion.objects.create(
            classroom=live.classroom,
            lesson=live.lesson,
            closes=_closes(live.lesson),
            number=live.number + 1,
            source=source.source,
            query=source.query,
            kind=source.kind,
            seed=source.seed,
            options=source.options,
            deck=source.deck,
            position=live.position + 1 if live.source == "deck" else 0,
        )


# -- the question as shown ----------------------------------------------------------------------


@dataclass
class Prompt:
    """What students answer: a prompt, answer fields, the expected answer as one line."""

    prompt: str
    fields: list[quiz.Field]
    expected: str
    question: quiz.Question | None = None
    request: dict[str, Any] | None = None
    facts: list[str] = field(default_factory=list)
    derivation: list[str] = field(default_factory=list)
    error: str = ""
    total: int | None = None
    #: A tsumo's shares: (each non-dealer's, the dealer's) — the dealer's None when the dealer won
    shares: tuple[int, int | None] | None = None
    #: Which form the answer takes ("… all", "…/…"), said next to the box
    hint: str = ""
    #: What a typed hand answer must be: one number, "… all", or two shares
    want: Want = Want.NUMBER


def prompt_for(live: LiveQuestion) -> Prompt:
    options = json.dumps(live.options, sort_keys=True)
    return _prompt(live.source, live.query, live.kind, live.seed, options, get_language())


@lru_cache(maxsize=256)
def _prompt(source: str, query: str, kind: str, seed: int, options: str, lang: str) -> Prompt:
    """Built once per question and language (polls and answers reuse it)."""
    if source == "quiz":
        from tutor.classroom.assignments import make

        try:
            q = make(kind, seed, json.loads(options))
        except quiz.QuizError as error:
            return Prompt("", [], "", error=str(error))
        expected = _answer_line(q, dict(q.expected))
        return Prompt(q.prompt, q.fields, expected, q, q.request, list(q.facts), list(q.derivation))
    data = walkthrough.request_from_query(QueryDict(query))
    walk = walkthrough.build(data)
    if not walk.ok:
        message = walk.error.get("message") or _("This hand cannot be scored.")
        return Prompt("", [], "", error=str(message))
    pay = walk.result["payments"]
    total = int(pay["total"])
    facts = situation(data, walk.result)
    if pay["ron"] is not None:
        # The discarder's payment (honba included): the riichi sticks on the table are not
        # part of it, and the question says so where there are any.
        return Prompt(
            _("How many points does the discarder pay?"),
            [quiz.Field("points", _("The discarder pays"))],
            value_text(str(total)),
            request=data,
            facts=facts,
            total=total,
            hint=_("Riichi sticks not included (the winner takes them as well).")
            if pay.get("sticks")
            else _("One number, such as 8000."),
        )
    others = int(pay["tsumo_others"] or 0)
    dealer = int(pay["tsumo_dealer"]) if pay["tsumo_dealer"] is not None else None
    if dealer is None:
        label = _("Each player pays")
        hint = _("The dealer's tsumo: one number, such as 1300 all.")
        expected = f"all:{others}"
        want = Want.ALL
    else:
        label = _("Each non-dealer pays / the dealer pays")
        hint = _("A non-dealer's tsumo: two numbers, such as 1300/2600.")
        expected = f"{others}/{dealer}"
        want = Want.SPLIT
    return Prompt(
        _("Tsumo: how much does each player pay?"),
        [quiz.Field("points", label, numeric=False)],
        value_text(expected),
        request=data,
        facts=facts,
        total=total,
        shares=(others, dealer),
        hint=hint,
        want=want,
    )


def situation(data: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """The hand's situation in words, as the picker sets it: seat and round wind, ron or tsumo,
    riichi and the rest (the quiz's sentences), then honba and riichi sticks on the table. Dora
    and ura-dora indicators are drawn as tiles beside the hand."""
    facts = hand_facts(data)
    honba = parse_int(str(data.get("honba") or "0"), 0, 99) or 0
    sticks = parse_int(str(data.get("sticks") or "0"), 0, 99) or 0
    if honba:
        facts.append(_("Honba: %(n)s.") % {"n": honba})
    if sticks:
        facts.append(_("Riichi sticks on the table: %(n)s.") % {"n": sticks})
    return facts


# -- typed points: "8,000", "700 all", "1,300/2,600" (read by scorer.answers) ----------------


def parse_points(text: str, want: Want = Want.ANY) -> str | None:
    """A typed points answer in its stored form (``"8000"``, ``"all:700"``, ``"1300/2600"``),
    as :func:`scorer.answers.parse_points` reads it for a question wanting ``want``; None if
    it cannot be read (:func:`invalid` says why)."""
    try:
        return read_points(text, want).stored
    except AnswerError:
        return None


def value_text(value: str) -> str:
    """A stored points answer as the page's language writes it ("700 all" / 700オール)."""
    points = from_stored(value)
    if points is None:
        return value
    if points.each:
        return _("%(each)s all") % {"each": points_text(points.value)}
    if points.dealer is not None:
        return _("%(others)s/%(dealer)s") % {
            "others": points_text(points.value),
            "dealer": points_text(points.dealer),
        }
    return pgettext("a ron's payment", "%(points)s") % {"points": points_text(points.value)}


def hand_correct(prompt: Prompt, value: str) -> bool:
    """Whether a stored points answer is right: the discarder's payment for a ron; for a
    tsumo each payer's share, in either form ("700 all" or 700 for a dealer's tsumo)."""
    if prompt.shares is None:
        return value == str(prompt.total)
    others, dealer = prompt.shares
    if dealer is None:
        return value in (f"all:{others}", str(others))
    return value == f"{others}/{dealer}"


def invalid(prompt: Prompt, given: dict[str, Any]) -> str:
    """Why a posted answer cannot be stored ("" if it can), in a sentence for the phone: the
    server reads every field (a number where a number goes, one of the choices offered)."""
    return next(iter(_refused(prompt, given).values()), "")


def field_errors(
    prompt: Prompt, data: QueryDict, guard: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Why each answer field of the phone's form cannot be stored, by parameter (``a_<field>``),
    the message shown beside its box; empty if the answer can be stored. A quiz question's
    fields are read as the quiz and assignments read them (:mod:`tutor.quiz.form`: too long, a
    number the field cannot be, named by its label), then as the phone must have them (an empty
    box, a choice not offered); a hand's one box as its points (:func:`invalid`). ``guard``: the
    input guard's messages (a NUL, thousands of characters), by parameter."""
    guard = guard or {}
    given = gather(((f.name, f.multiple) for f in prompt.fields), dict(data.lists()))
    errors: dict[str, str] = {}
    if prompt.question is not None:
        errors.update(quiz.form.answer_errors(data, prompt.question))
        errors.update(quiz.form.labelled(prompt.question, guard))
    else:
        labels = {quiz.ANSWER_PREFIX + f.name: f.label for f in prompt.fields}
        errors.update(
            {
                name: m.replace(name, labels[name]) if name in labels else m
                for name, m in guard.items()
            }
        )
    for name, message in _refused(prompt, given).items():
        errors.setdefault(quiz.ANSWER_PREFIX + name, message)
    return errors


def _refused(prompt: Prompt, given: dict[str, Any]) -> dict[str, str]:
    """Each field the phone cannot store, by field name, with the sentence that says why."""
    if prompt.question is None:
        try:
            read_points(str(given.get("points", "")), prompt.want)
        except AnswerError as error:
            return {"points": answer_message(error)}
        return {}
    out = {}
    for f in prompt.fields:
        got = given.get(f.name, [] if f.multiple else "")
        offered = {value for value, _label in f.choices}
        if f.choices:
            values = got if isinstance(got, list) else [got]
            if not values and not f.multiple:
                out[f.name] = _("Choose an answer.")
            elif any(not isinstance(v, str) or v not in offered for v in values):
                out[f.name] = _("Choose one of the answers offered.")
        elif f.numeric:
            try:
                parse_number(str(got))
            except AnswerError as error:
                out[f.name] = answer_message(error)
    return out


def _answer_line(q: quiz.Question, given: dict[str, Any]) -> str:
    from tutor.classroom.assignments import given_text

    return given_text(q, {k: v if isinstance(v, list) else str(v) for k, v in given.items()})


def check(prompt: Prompt, given: dict[str, Any]) -> tuple[str, bool, quiz.Verdict | None]:
    """The answer as one histogram line (a hand's points in their stored form, shown through
    :func:`value_text`), whether it is right, and the quiz's verdict."""
    if prompt.question is not None:
        verdict = quiz.check(prompt.question, given)
        return _clip(_answer_line(prompt.question, given)), verdict.correct, verdict
    value = parse_points(str(given.get("points", "")), prompt.want) or "—"
    return _clip(value), hand_correct(prompt, value), None


#: LiveAnswer.value's length: every yaku ticked, or eight long numbers, must still be stored
#: (PostgreSQL refuses a longer varchar).
VALUE_MAX = LiveAnswer._meta.get_field("value").max_length or 80


def _clip(text: str) -> str:
    return text if len(text) <= VALUE_MAX else text[: VALUE_MAX - 1] + "…"


def answer(live: LiveQuestion, learner: Learner, given: dict[str, Any]) -> LiveAnswer | None:
    """Store a student's answer; only the first one counts (a second returns the first)."""
    prompt = prompt_for(live)
    text, correct, verdict = check(prompt, given)
    lesson = live.lesson
    points = (
        speed_points(live, learner, lesson) if correct and lesson and lesson.speed_points else 0
    )
    try:
        with transaction.atomic():
            row = LiveAnswer.objects.create(
                question=live, learner=learner, value=text, correct=correct, points=points
            )
    except IntegrityError:
        return LiveAnswer.objects.filter(question=live, learner=learner).first()
    if prompt.question is not None and verdict is not None:
        quiz.record(learner, prompt.question, verdict, given)
    return row


#: Speed points: a right answer earns BASE, plus up to SPEED more the faster it came (all of it
#: at once, none at the end of the countdown or after SPEED_WINDOW seconds without one), plus
#: STREAK for each right answer just before it in the lesson (at most STREAK_MAX of them).
BASE, SPEED, SPEED_WINDOW, STREAK, STREAK_MAX = 500, 500, 30, 100, 5


def speed_points(live: LiveQuestion, learner: Learner, lesson: LiveLesson) -> int:
    """Points for a right answer given now (lessons with speed points)."""
    window = lesson.countdown or SPEED_WINDOW
    elapsed = (timezone.now() - live.created).total_seconds()
    speed = round(SPEED * max(0.0, 1 - elapsed / window))
    earlier = (
        LiveAnswer.objects.filter(question__lesson=lesson, learner=learner)
        .exclude(question=live)
        .order_by("-question__number")
        .values_list("correct", flat=True)[:STREAK_MAX]
    )
    streak = 0
    for ok in earlier:
        if not ok:
            break
        streak += 1
    return BASE + speed + STREAK * streak


@dataclass
class Bar:
    value: str
    count: int
    percent: int
    correct: bool


def histogram(live: LiveQuestion | int) -> tuple[list[Bar], int]:
    """Answers grouped by value, most frequent first, and how many answered (one query)."""
    rows = list(
        LiveAnswer.objects.filter(question=live)
        .values_list("value", "correct")
        .annotate(n=Count("id"))
        .order_by("-n", "value")
    )
    total = sum(r[2] for r in rows)
    top = max((r[2] for r in rows), default=1)
    bars = [Bar(value_text(v), n, round(100 * n / top), ok) for v, ok, n in rows]
    return bars, total


# -- the projector's poll ------------------------------------------------------------------------

_PANEL_SIGNER = Signer(salt="tenbo.classroom.live-panel")


def panel_token(live: LiveQuestion) -> str:
    """A signed token naming one question of one class, given to the teacher's projector page:
    with it the histogram poll needs no session or user lookup. It shows the count and the
    anonymous bars (#1, #2 …) of that question only, and stops working when the question
    changes."""
    return panel_token_for(live.classroom_id, live.pk)


def panel_token_for(classroom_pk: int, question_pk: int) -> str:
    return _PANEL_SIGNER.sign(f"{classroom_pk}.{question_pk}")


def panel_token_ok(token: str, classroom_pk: int, question_pk: int) -> bool:
    try:
        return _PANEL_SIGNER.unsign(token) == f"{classroom_pk}.{question_pk}"
    except BadSignature:
        return False


@dataclass
class PanelState:
    question: int
    number: int
    revealed: bool
    closes: Any
    members: int
    bars: list[Bar]
    total: int

    @property
    def pk(self) -> int:
        return self.question

    @property
    def auto_closes_now(self) -> bool:
        return self.closes is not None and timezone.now() >= self.closes

    @property
    def etag(self) -> str:
        bars = ";".join(f"{b.count}" for b in self.bars)
        return f"{self.question}-{int(self.revealed)}-{self.total}-{self.members}-{bars}"


def panel_state(classroom_pk: int) -> PanelState | None:
    """The class's current question with its number of students here (seen in the last
    minute; one query) and its answers grouped in SQL (a second one); None when no question
    is on."""
    cutoff = timezone.now() - timedelta(seconds=PRESENT_SECONDS)
    members = Membership.objects.filter(
        classroom_id=OuterRef("classroom_id"), seen__gte=cutoff
    ).values("classroom_id")
    row = (
        LiveQuestion.objects.filter(classroom_id=classroom_pk, ended=False)
        .order_by("-id")
        .annotate(members=_count_subquery(members))
        .values_list("pk", "number", "revealed", "closes", "members")
        .first()
    )
    if row is None:
        return None
    bars, total = histogram(row[0])
    return PanelState(row[0], row[1], row[2], row[3], row[4] or 0, bars, total)


def _count_subquery(rows: Any) -> Any:
    from django.db.models import IntegerField, Subquery
    from django.db.models.functions import Coalesce

    counted = rows.annotate(c=Count("pk")).values("c")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)
