"""Live questions: what the projector and the phones show, checking and storing answers, and
the histogram. A live question is a hand (its points), a quiz question (rebuilt by the quiz from
kind, seed and options) or the next hand of a deck (a saved collection)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from django.core.signing import BadSignature, Signer
from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, OuterRef
from django.http import QueryDict
from django.urls import Resolver404, resolve
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorer.params import parse_int
from tutor import quiz
from tutor.accounts.models import Learner
from tutor.classroom.models import Classroom, LiveAnswer, LiveQuestion, Membership
from tutor.collections.hands import query_from_url
from tutor.collections.models import Collection
from tutor.quiz import progress
from tutor.quiz.views import MAX_SEED
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
    if match.view_name != "tutor:quiz_question" or match.kwargs.get("kind") not in quiz.KINDS:
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


def start(classroom: Classroom, source: Source) -> LiveQuestion:
    """Put a new live question before the class (the previous one ends)."""
    with transaction.atomic():
        last = current(classroom, include_ended=True)
        number = last.number + 1 if last else 1
        LiveQuestion.objects.filter(classroom=classroom, ended=False).update(ended=True)
        query = source.query
        if source.source == "deck" and source.deck is not None:
            first = source.deck.hands.first()
            query = first.query if first else ""
        return LiveQuestion.objects.create(
            classroom=classroom,
            number=number,
            source=source.source,
            query=query,
            kind=source.kind,
            seed=source.seed,
            options=source.options,
            deck=source.deck,
            position=0,
        )


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
    """Whether the phone's key (``number-revealed-answered``) still names the class's current
    question in the same state (the answered part only ever changes by the phone's own POST)."""
    row = (
        LiveQuestion.objects.filter(classroom_id=classroom_pk, ended=False)
        .order_by("-id")
        .values_list("number", "revealed")
        .first()
    )
    if row is None:
        return key == "0"
    return key.rsplit("-", 1)[0] == f"{row[0]}-{int(row[1])}"


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


def prompt_for(live: LiveQuestion) -> Prompt:
    options = json.dumps(live.options, sort_keys=True)
    return _prompt(live.source, live.query, live.kind, live.seed, options, get_language())


@lru_cache(maxsize=256)
def _prompt(source: str, query: str, kind: str, seed: int, options: str, lang: str) -> Prompt:
    """Built once per question and language (polls and answers reuse it)."""
    if source == "quiz":
        try:
            q = quiz.make_question(kind, seed, json.loads(options))
        except quiz.QuizError as error:
            return Prompt("", [], "", error=str(error))
        expected = _answer_line(q, dict(q.expected))
        return Prompt(q.prompt, q.fields, expected, q, q.request, list(q.facts), list(q.derivation))
    data = walkthrough.request_from_query(QueryDict(query))
    walk = walkthrough.build(data)
    if not walk.ok:
        message = walk.error.get("message") or _("This hand cannot be scored.")
        return Prompt("", [], "", error=str(message))
    total = int(walk.result["payments"]["total"])
    tsumo = walk.result["payments"]["ron"] is None
    facts = [_("Won by tsumo (self-draw)") if tsumo else _("Won by ron (on a discard)")]
    dealer = str(data.get("seat", "1z")) == "1z"
    facts.append(_("The winner is the dealer") if dealer else _("The winner is not the dealer"))
    fields = [quiz.Field("points", _("Total points"))]
    return Prompt(
        _("How many points does this hand win?"),
        fields,
        f"{total:,}",
        request=data,
        facts=facts,
        total=total,
    )


def _answer_line(q: quiz.Question, given: dict[str, Any]) -> str:
    from tutor.classroom.assignments import given_text

    return given_text(q, {k: v if isinstance(v, list) else str(v) for k, v in given.items()})


def check(prompt: Prompt, given: dict[str, Any]) -> tuple[str, bool, quiz.Verdict | None]:
    """The answer as one histogram line, whether it is right, and the quiz's verdict."""
    if prompt.question is not None:
        verdict = quiz.check(prompt.question, given)
        return _clip(_answer_line(prompt.question, given)), verdict.correct, verdict
    number = quiz.parse_number(str(given.get("points", "")))
    text = f"{number:,}" if number is not None else (str(given.get("points", "")).strip() or "—")
    return _clip(text), number is not None and number == prompt.total, None


#: LiveAnswer.value's length: every yaku ticked, or eight long numbers, must still be stored
#: (PostgreSQL refuses a longer varchar).
VALUE_MAX = LiveAnswer._meta.get_field("value").max_length or 80


def _clip(text: str) -> str:
    return text if len(text) <= VALUE_MAX else text[: VALUE_MAX - 1] + "…"


def answer(live: LiveQuestion, learner: Learner, given: dict[str, Any]) -> LiveAnswer | None:
    """Store a student's answer; only the first one counts (a second returns the first)."""
    prompt = prompt_for(live)
    text, correct, verdict = check(prompt, given)
    try:
        with transaction.atomic():
            row = LiveAnswer.objects.create(
                question=live, learner=learner, value=text, correct=correct
            )
    except IntegrityError:
        return LiveAnswer.objects.filter(question=live, learner=learner).first()
    if prompt.question is not None and verdict is not None:
        progress.record(learner, prompt.question, verdict, given)
    return row


@dataclass
class Bar:
    value: str
    count: int
    percent: int
    correct: bool


def histogram(live: LiveQuestion) -> tuple[list[Bar], int]:
    """Answers grouped by value, most frequent first, and how many answered."""
    rows = list(
        LiveAnswer.objects.filter(question=live)
        .values("value", "correct")
        .annotate(n=Count("id"))
        .order_by("-n", "value")
    )
    total = sum(r["n"] for r in rows)
    top = max((r["n"] for r in rows), default=1)
    bars = [Bar(r["value"], r["n"], round(100 * r["n"] / top), r["correct"]) for r in rows]
    return bars, total
