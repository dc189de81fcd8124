"""Quiz progress storage: recording answers, merging a learner's items into another, stats.

Every answer is its own :class:`~tutor.quiz.models.Answer` row, and an item's state changes in one
``UPDATE ... SET attempts = attempts + 1, box = CASE box WHEN ...`` statement: two tabs
answering at once never overwrite each other (no read-modify-write, no session blob).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, cast

from django.db import IntegrityError, OperationalError, connection, models, transaction
from django.db.models import Case, F, Value, When
from django.dispatch import receiver
from django.http import HttpRequest

from config.sqlite import serial_writes
from tutor.accounts.learners import SESSION_KEY, learner_for, learner_merged, mark_made
from tutor.accounts.models import Learner
from tutor.quiz import srs
from tutor.quiz.base import Question, Verdict
from tutor.quiz.cells import table_key_players
from tutor.quiz.models import Answer, ItemProgress
from tutor.quiz.registry import drills

#: Columns of an item as the upsert returns them (a whole row, for ``ItemProgress.objects.raw``).
_ITEM_COLUMNS: Final = (
    "id",
    "learner_id",
    "key",
    "kind",
    "box",
    "due",
    "attempts",
    "correct",
    "streak",
    "last_correct",
    "last_seen",
)


def _advance(learner: Learner, question: Question, correct: bool, at: datetime) -> ItemProgress:
    """Move the item along the schedule in ONE statement, and return its new state.

    ``INSERT ... ON CONFLICT (learner, key) DO UPDATE ... RETURNING`` (SQLite >= 3.35 and
    PostgreSQL alike): a first answer inserts the row as it is after that answer; a later one
    updates it from the row's current values inside the database (``attempts + 1``, the next box
    chosen by ``CASE box``), so two tabs answering at once never overwrite each other, and no
    get-or-create, update and re-read round trips are needed. Django's ORM has no upsert with
    expressions, hence the SQL; every value is a parameter or a constant of this module."""
    ops = connection.ops
    q = ops.quote_name
    table = q(ItemProgress._meta.db_table)
    boxes = range(srs.MAX_BOX + 1)

    def current(column: str) -> str:
        return f"{table}.{q(column)}"

    def by_box(values: list[str]) -> str:
        """The value for each box; a box past the last (none is) counts as the last."""
        whens = " ".join(f"WHEN {b} THEN {v}" for b, v in zip(boxes, values[:-1], strict=True))
        return f"CASE {current('box')} {whens} ELSE {values[-1]} END"

    ends = [*boxes, srs.MAX_BOX]
    due_params = [ops.adapt_datetimefield_value(srs.schedule(b, correct, at).due) for b in ends]
    first = srs.schedule(0, correct, at)
    sets = {
        "attempts": f"{current('attempts')} + 1",
        "correct": f"{current('correct')} + {int(correct)}",
        "streak": f"{current('streak')} + 1" if correct else "0",
        "box": by_box([str(srs.next_box(b, correct)) for b in ends]),
        "due": by_box(["%s"] * len(ends)),
        "last_correct": "%s",
        "last_seen": "%s",
    }
    sql = (
        f"INSERT INTO {table} ({', '.join(map(q, _ITEM_COLUMNS[1:]))}) "
        "VALUES (%s, %s, %s, %s, %s, 1, %s, %s, %s, %s) "
        f"ON CONFLICT ({q('learner_id')}, {q('key')}) DO UPDATE SET "
        + ", ".join(f"{q(column)} = {value}" for column, value in sets.items())
        + f" RETURNING {', '.join(map(q, _ITEM_COLUMNS))}"
    )
    params = [
        learner.pk,
        question.key,
        question.kind,
        first.box,
        ops.adapt_datetimefield_value(first.due),
        int(correct),
        int(correct),
        correct,
        ops.adapt_datetimefield_value(at),
        *due_params,
        correct,
        ops.adapt_datetimefield_value(at),
    ]
    # raw() runs the statement once and turns the returned row into a model instance with the
    # database's converters (SQLite's text datetimes become aware datetimes).
    (item,) = list(ItemProgress.objects.raw(sql, params))
    return item


def record(
    learner: Learner,
    question: Question,
    verdict: Verdict,
    given: dict[str, Any],
    at: datetime | None = None,
) -> ItemProgress:
    """Store the answer as a row and move its item along the schedule (atomically).

    SQLite lets one writer in at a time and may answer "database is locked" to the other:
    the whole transaction is then retried, so a second tab's answer waits instead of being
    lost."""
    at = at or srs.now()
    for attempt in range(_RETRIES):
        try:
            return _record(learner, question, verdict, given, at)
        except OperationalError as error:
            if "locked" not in str(error) or attempt == _RETRIES - 1:
                raise
            time.sleep(0.01 * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


_RETRIES = 20


def record_answer(
    request: HttpRequest,
    question: Question,
    verdict: Verdict,
    given: dict[str, Any],
    answer_key: str = "",
    at: datetime | None = None,
) -> tuple[ItemProgress, Learner, bool]:
    """Store one answer POST exactly once: ``(item, learner, repeated)``.

    One transaction holds everything the answer changes: the learner (made on the first answer),
    the session row that remembers it, the answer and the item's schedule. A failure rolls all
    of it back (no learner without its session, no answer without its client's
    acknowledgement), and "database is locked" retries the whole of it. ``answer_key`` (from the
    question's form) is unique: a retried, resent or doubled POST finds the answer it already
    stored (``repeated``) and carries on as that learner instead of storing a second one.

    The write transaction is kept short (on SQLite every other writer waits for it): the session
    and the user are read before it starts, and the answer is inserted straight away; only when
    that insert hits the key's unique constraint (a twin of this POST committed first, rare) is
    the earlier answer looked up, on the next pass."""
    at = at or srs.now()
    # Reads that need no lock: the session row (and the user it names), and the anonymous
    # learner it names, before BEGIN.
    _ = request.user.is_authenticated
    known = _session_learner(request)
    look_up = False
    for attempt in range(_RETRIES):
        try:
            with serial_writes(), transaction.atomic():
                if answer_key and look_up:
                    earlier = (
                        Answer.objects.filter(answer_key=answer_key)
                        .select_related("learner")
                        .first()
                    )
                    if earlier is not None and _continue_as(request, earlier.learner):
                        item = ItemProgress.objects.get(learner=earlier.learner, key=earlier.key)
                        _save_session(request)
                        return item, earlier.learner, True
                    if earlier is not None:
                        answer_key = ""  # someone else's key: store this answer on its own
                learner = known or learner_for(request)
                assert learner is not None
                item = _record(learner, question, verdict, given, at, answer_key or None)
                _save_session(request)
                return item, learner, False
        except IntegrityError:
            # A twin of this POST committed first: the next pass finds its answer (and reads the
            # learner inside the transaction: the one read before may have gone since).
            if attempt == _RETRIES - 1 or not answer_key:
                raise
            look_up, known = True, None
            _forget_rolled_back_session(request)
        except OperationalError as error:
            if "locked" not in str(error) or attempt == _RETRIES - 1:
                raise
            known = None
            _forget_rolled_back_session(request)
            time.sleep(0.01 * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _session_learner(request: HttpRequest) -> Learner | None:
    """The anonymous learner this request's session names, read with one plain SELECT (as
    ``learner_for`` reads it through the ORM, which cost four times as much); None for an
    account, a session naming none, or one whose learner is gone (``learner_for`` then decides,
    inside the write transaction)."""
    if request.user.is_authenticated:
        return None
    pk = request.session.get(SESSION_KEY)
    if type(pk) is not int:
        return None
    q = connection.ops.quote_name
    columns = ", ".join(q(str(f.column)) for f in Learner._meta.concrete_fields)
    sql = (
        f"SELECT {columns} FROM {q(Learner._meta.db_table)} "
        f"WHERE {q('id')} = %s AND {q('user_id')} IS NULL"
    )
    return next(iter(Learner.objects.raw(sql, [pk])), None)


def _continue_as(request: HttpRequest, learner: Learner) -> bool:
    """Whether this request may go on as ``learner`` (its own, or the anonymous one a lost
    response would have given it); an anonymous request adopts it."""
    user = request.user
    if user.is_authenticated:
        return learner.user_id == user.pk
    if learner.user_id is not None:
        return False
    current = request.session.get(SESSION_KEY)
    if current not in (None, learner.pk) and Learner.objects.filter(pk=current).exists():
        return False
    request.session[SESSION_KEY] = learner.pk
    mark_made(request, learner.pk)  # its own learner, made by a response that was lost
    return True


def _save_session(request: HttpRequest) -> None:
    """Write the session inside the answer's transaction (database sessions), so the learner
    it names and the session that names it commit or roll back together."""
    session = getattr(request, "session", None)
    if session is not None and session.modified:
        session.save()


def _forget_rolled_back_session(request: HttpRequest) -> None:
    """After a rollback: a session row made in it is gone; give the session a fresh one."""
    session = getattr(request, "session", None)
    if session is None:
        return
    pk = session.get(SESSION_KEY)
    if pk is not None and not Learner.objects.filter(pk=pk).exists():
        session.pop(SESSION_KEY, None)  # the learner made in the rolled-back transaction
    key = session.session_key
    if key is not None and not session.exists(key):
        session.cycle_key()


def _record(
    learner: Learner,
    question: Question,
    verdict: Verdict,
    given: dict[str, Any],
    at: datetime,
    answer_key: str | None = None,
) -> ItemProgress:
    # Inside record_answer's transaction no savepoint is needed (a failure rolls back all of it);
    # called on its own (record), this is the transaction.
    with transaction.atomic(savepoint=False):
        _insert_answer(
            learner=learner.pk,
            kind=question.kind,
            key=question.key,
            seed=question.seed,
            correct=verdict.correct,
            given=given,
            expected=question.expected,
            created=at,
            answer_key=answer_key,
        )
        return _advance(learner, question, verdict.correct, at)


def _insert_answer(**values: Any) -> None:
    """``Answer.objects.create(**values)`` as one plain INSERT: each value goes through its
    field's own ``get_db_prep_save`` (JSON, timestamps and booleans as the ORM writes them on
    this database), without building and compiling the ORM's insert (a third of the time spent
    storing an answer) nor reading back the new id, which nothing uses. No ``post_save``
    signal is sent for it (nothing listens for one on answers)."""
    meta = Answer._meta
    fields = [cast(models.Field[Any, Any], meta.get_field(name)) for name in values]
    q = connection.ops.quote_name
    sql = (
        f"INSERT INTO {q(meta.db_table)} ({', '.join(q(str(f.column)) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    params = [
        f.get_db_prep_save(v, connection) for f, v in zip(fields, values.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def latest_answers(learner: Learner | None, kind: str, key_prefix: str) -> dict[str, Answer]:
    """The learner's latest answer to each item of ``kind`` whose key starts with
    ``key_prefix``, by item key (a feature's own question set, such as a reviewed game's)."""
    if learner is None:
        return {}
    answers = Answer.objects.filter(
        learner=learner, kind=kind, key__startswith=key_prefix
    ).order_by("created", "id")
    return {answer.key: answer for answer in answers}


def states(learner: Learner | None, keys: list[str]) -> dict[str, srs.State]:
    if learner is None or not keys:
        return {}
    rows = ItemProgress.objects.filter(learner=learner, key__in=keys)
    return {row.key: srs.State(row.box, row.due) for row in rows}


@receiver(learner_merged)
def merge_quiz_progress(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """Move ``source``'s answers to ``target`` and combine their items (a learner merge runs
    this inside its transaction, before ``source`` is deleted)."""
    Answer.objects.filter(learner=source).update(learner=target)
    for item in ItemProgress.objects.select_for_update().filter(learner=source):
        newer: Any = Value(False)
        if item.last_seen is not None:
            newer = Case(
                When(last_seen__isnull=True, then=Value(True)),
                When(last_seen__lt=item.last_seen, then=Value(True)),
                default=Value(False),
                output_field=models.BooleanField(),
            )
        small = models.PositiveSmallIntegerField()
        whole = models.PositiveIntegerField()
        updated = ItemProgress.objects.filter(learner=target, key=item.key).update(
            attempts=F("attempts") + item.attempts,
            correct=F("correct") + item.correct,
            # The weaker box and the earlier due date: keep drilling what either missed.
            box=Case(
                When(box__gt=item.box, then=Value(item.box)),
                default=F("box"),
                output_field=small,
            ),
            due=Case(
                When(due__gt=item.due, then=Value(item.due)),
                default=F("due"),
                output_field=models.DateTimeField(),
            ),
            streak=Case(
                When(newer, then=Value(item.streak)), default=F("streak"), output_field=whole
            ),
            last_correct=Case(
                When(newer, then=Value(item.last_correct)),
                default=F("last_correct"),
                output_field=models.BooleanField(null=True),
            ),
            last_seen=Case(
                When(newer, then=Value(item.last_seen)),
                default=F("last_seen"),
                output_field=models.DateTimeField(null=True),
            ),
        )
        if not updated:
            ItemProgress.objects.filter(pk=item.pk).update(learner=target)


@dataclass
class KindStats:
    kind: str
    name: str
    answers: int
    correct: int
    due: int

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.correct / self.answers) if self.answers else None


@dataclass
class Stats:
    answers: int
    correct: int
    streak: int
    best_streak: int
    kinds: list[KindStats]

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.correct / self.answers) if self.answers else None


def stats(learner: Learner | None, at: datetime | None = None) -> Stats:
    """Accuracy, the current and best streak, and per-kind counts."""
    at = at or srs.now()
    if learner is None:
        return Stats(0, 0, 0, 0, [KindStats(d.kind, str(d.name), 0, 0, 0) for d in drills()])
    results = list(
        Answer.objects.filter(learner=learner)
        .order_by("created", "id")
        .values_list("kind", "correct")
    )
    streak = best = 0
    for _kind, ok in results:
        streak = streak + 1 if ok else 0
        best = max(best, streak)
    due = dict(
        ItemProgress.objects.filter(learner=learner, due__lte=at)
        .values("kind")
        .annotate(n=models.Count("id"))
        .values_list("kind", "n")
    )
    kinds = []
    for drill in drills():
        mine = [ok for k, ok in results if k == drill.kind]
        kinds.append(
            KindStats(drill.kind, str(drill.name), len(mine), sum(mine), due.get(drill.kind, 0))
        )
    return Stats(len(results), sum(ok for _k, ok in results), streak, best, kinds)


def table_levels(
    learner: Learner | None, win: str, players: int = 4
) -> dict[tuple[bool, int, int], dict[str, Any]]:
    """Mastery of every table cell: (dealer, fu, han) -> level (0..5), attempts, correct;
    of the four-player table, or with ``players=3`` of the three-player one."""
    if learner is None:
        return {}
    wins = ("ron", "tsumo") if win == "both" else (win,)
    out: dict[tuple[bool, int, int], dict[str, Any]] = {}
    for item in ItemProgress.objects.filter(learner=learner, kind="table"):
        parts = item.key.split(":")
        if len(parts) != 5 or parts[2] not in wins or table_key_players(item.key) != players:
            continue
        where = (parts[1] == "d", int(parts[4]), int(parts[3]))
        level = srs.mastery(item.box, item.attempts, item.last_correct)
        seen = out.setdefault(where, {"level": level, "attempts": 0, "correct": 0})
        if level is not None and (seen["level"] is None or level < seen["level"]):
            seen["level"] = level
        seen["attempts"] += item.attempts
        seen["correct"] += item.correct
    return out


def group_table_levels(
    learner_ids: list[int], win: str = "both"
) -> dict[tuple[bool, int, int], dict[str, Any]]:
    """A group's mastery of each cell of the four-player table (a class's heatmap): every
    learner's table items summed; the level (0..5) is the share answered right, so the heatmap
    shows where the group is weak."""
    wins = ("ron", "tsumo") if win == "both" else (win,)
    out: dict[tuple[bool, int, int], dict[str, Any]] = {}
    for key, attempts, correct in ItemProgress.objects.filter(
        learner__in=learner_ids, kind="table"
    ).values_list("key", "attempts", "correct"):
        parts = key.split(":")
        # The four-player table (three-player cells are items of their own: table.sanma:...).
        if len(parts) != 5 or parts[0] != "table" or parts[2] not in wins:
            continue
        where = (parts[1] == "d", int(parts[4]), int(parts[3]))
        seen = out.setdefault(where, {"level": None, "attempts": 0, "correct": 0})
        seen["attempts"] += attempts
        seen["correct"] += correct
    for seen in out.values():
        if seen["attempts"]:
            seen["level"] = round(srs.MAX_BOX * seen["correct"] / seen["attempts"])
    return out
