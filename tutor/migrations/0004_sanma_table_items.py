"""Three-player table cells become items of their own (``table.sanma:n:tsumo:3:40``).

Before, the score-table drill keyed a cell the same way under every rule set, so a learner's
three- and four-player answers on one cell moved one shared item (and one heatmap square).

An answer row does not record the rules, but a three-player tsumo question is the only table
question that asks what the winner collects: an answer whose expected answers have ``collect``
was a sanma one. Those answers move to the three-player key, and the items of every learner and
cell they touched are worked out again from their own answers, in order, with the spaced-
repetition schedule (the one of ``tutor.quiz.srs`` when this was written, copied here so the
migration does not change with it): each of the two items is then as if it had always been
separate. A sanma ron answer cannot be told apart from a four-player one (same question, same
answer) and stays with four players, where it is right too (a ron is paid the same).

Reversing moves the answers back and works the combined items out again the same way."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

from django.db import migrations

FOUR: str = "table"
SANMA: str = "table.sanma"
#: tutor.quiz.srs.INTERVALS when this migration was written.
INTERVALS = (
    timedelta(minutes=1),
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(days=1),
    timedelta(days=4),
    timedelta(days=14),
)
MAX_BOX = len(INTERVALS) - 1


def _replay(item_model: Any, answer_model: Any, learner_id: int, key: str) -> None:
    """The item ``key`` of a learner as its answers make it (none: no item)."""
    answers = list(
        answer_model.objects.filter(learner_id=learner_id, kind="table", key=key).order_by(
            "created", "id"
        )
    )
    item_model.objects.filter(learner_id=learner_id, key=key).delete()
    if not answers:
        return
    box = attempts = correct = streak = 0
    due = answers[0].created
    for answer in answers:
        ok = bool(answer.correct)
        box = min(box + 1, MAX_BOX) if ok else 0
        due = answer.created + INTERVALS[box]
        attempts += 1
        correct += int(ok)
        streak = streak + 1 if ok else 0
    last = answers[-1]
    item_model.objects.create(
        learner_id=learner_id,
        key=key,
        kind="table",
        box=box,
        due=due,
        attempts=attempts,
        correct=correct,
        streak=streak,
        last_correct=bool(last.correct),
        last_seen=last.created,
    )


def _move(apps: Any, source: str, target: str, sanma_only: bool) -> None:
    item_model = apps.get_model("tutor", "ItemProgress")
    answer_model = apps.get_model("tutor", "Answer")
    touched: set[tuple[int, str]] = set()
    rows = answer_model.objects.filter(kind="table", key__startswith=source + ":")
    for answer in rows.iterator():
        if sanma_only and "collect" not in (answer.expected or {}):
            continue
        rest = answer.key.removeprefix(source)
        answer_model.objects.filter(pk=answer.pk).update(key=target + rest)
        touched.add((answer.learner_id, rest))
    for learner_id, rest in sorted(touched):
        _replay(item_model, answer_model, learner_id, FOUR + rest)
        _replay(item_model, answer_model, learner_id, SANMA + rest)


def separate(apps: Any, schema_editor: Any) -> None:
    _move(apps, FOUR, SANMA, sanma_only=True)


def combine(apps: Any, schema_editor: Any) -> None:
    _move(apps, SANMA, FOUR, sanma_only=False)


class Migration(migrations.Migration):
    dependencies: ClassVar = [("tutor", "0003_merge_0002_answer_key_0002_classroom_collections")]

    operations: ClassVar = [migrations.RunPython(separate, combine)]
