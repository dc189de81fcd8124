"""Three- and four-player table cells are separate spaced-repetition items: their keys, the
heatmaps (the learner's and the class's), and the migration that separated the rows stored
before (tutor/migrations/0004_sanma_table_items.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.quiz.quizhelp import answer
from tutor import quiz
from tutor.classroom.assignments import class_levels
from tutor.classroom.models import Membership
from tutor.models import Answer, ItemProgress, Learner
from tutor.quiz import progress, srs

pytestmark = pytest.mark.django_db
SANMA = {"rules": "tenhou_sanma"}
CELL = quiz.table_key(False, "tsumo", 2, 40)


def test_a_sanma_cell_has_a_key_of_its_own():
    assert CELL == "table:n:tsumo:2:40"
    assert quiz.table_key(False, "tsumo", 2, 40, players=3) == "table.sanma:n:tsumo:2:40"
    assert quiz.table_key(True, "ron", 6, None, players=3) == "table.sanma:d:ron:6"
    four = quiz.make_question("table", 1, {"item": CELL})
    three = quiz.make_question("table", 1, {**SANMA, "item": "table.sanma:n:tsumo:2:40"})
    assert four.key == CELL
    assert three.key == "table.sanma:n:tsumo:2:40"
    keys = quiz.candidates("table", quiz.normalise("table", SANMA))
    assert keys
    assert all(k.startswith("table.sanma:") for k in keys)
    assert all(
        k.startswith("table:") for k in quiz.candidates("table", {**quiz.normalise("table", {})})
    )


def test_a_link_naming_a_sanma_cell_by_its_old_key_asks_that_cell():
    q = quiz.make_question("table", 1, {**SANMA, "item": CELL})
    assert q.key == "table.sanma:n:tsumo:2:40"
    assert q.options["item"] == q.key
    # A four-player question never takes a three-player key.
    assert "item" not in quiz.normalise("table", {"item": "table.sanma:n:tsumo:2:40"})


def test_answers_move_separate_items_and_heatmaps(client):
    answer(client, "table", 1, {"item": CELL}, right=True)
    answer(client, "table", 2, {**SANMA, "item": CELL}, right=False)
    answer(client, "table", 3, {**SANMA, "item": CELL}, right=False)
    items = {i.key: i for i in ItemProgress.objects.all()}
    assert set(items) == {CELL, "table.sanma:n:tsumo:2:40"}
    assert (items[CELL].attempts, items[CELL].box) == (1, 1)
    assert (items["table.sanma:n:tsumo:2:40"].attempts, items["table.sanma:n:tsumo:2:40"].box) == (
        2,
        0,
    )
    learner = Learner.objects.get()
    four = progress.table_levels(learner, "tsumo")
    three = progress.table_levels(learner, "tsumo", players=3)
    assert four[(False, 40, 2)] == {"level": 1, "attempts": 1, "correct": 0 + 1}
    assert three[(False, 40, 2)] == {"level": 0, "attempts": 2, "correct": 0}
    # The progress page shows each table's own: the sanma heatmap under its rules.
    page = client.get("/tutor/quiz/progress/?win=tsumo").content.decode()
    assert 'class="lvl-1" data-cell="n:2:40"' in page
    page = client.get("/tutor/quiz/progress/?win=tsumo&rules=tenhou_sanma").content.decode()
    assert 'class="lvl-0" data-cell="n:2:40"' in page
    # The class heatmap is the four-player table's.
    levels = class_levels([Membership(learner_id=learner.pk)])
    assert levels[(False, 40, 2)]["attempts"] == 1


def test_the_progress_page_offers_both_tables(client):
    page = client.get("/tutor/quiz/progress/").content.decode()
    assert 'href="?win=both&amp;rules=tenhou_sanma"' in page
    assert 'href="/tutor/quiz/table/"' in page
    page = client.get("/tutor/quiz/progress/?rules=tenhou_sanma").content.decode()
    assert 'href="/tutor/quiz/table/?rules=tenhou_sanma"' in page  # practise this table
    assert client.get("/tutor/quiz/progress/?rules=bogus").status_code == 200


# -- the migration -------------------------------------------------------------------------------

BEFORE = ("tutor", "0003_merge_0002_answer_key_0002_classroom_collections")
AFTER = ("tutor", "0004_sanma_table_items")
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


def _migrate_to_latest() -> None:
    """Back to every app's newest migration (not AFTER: later migrations exist, and a database
    left at AFTER lacks their tables and columns for every test that follows)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _answers(learner: Learner, key: str, history: list[tuple[bool, bool]]) -> None:
    """Answers on ``key`` one hour apart: (sanma tsumo question or not, right or not)."""
    for n, (three, ok) in enumerate(history):
        expected = {"tsumo_others": 700, "tsumo_dealer": 1300}
        if three:
            expected["collect"] = 2000
        Answer.objects.create(
            learner=learner,
            kind="table",
            key=key,
            seed=n,
            correct=ok,
            given={},
            expected=expected,
            created=T0 + timedelta(hours=n),
        )


@pytest.mark.django_db(transaction=True)
def test_the_migration_separates_stored_sanma_answers_and_items():
    _migrate(BEFORE)
    try:
        mixed, only_sanma, only_four = (Learner.objects.create() for _ in range(3))
        # Before: one shared item per cell, moved by every answer on it.
        _answers(mixed, CELL, [(False, True), (True, False), (False, True), (True, True)])
        _answers(only_sanma, "table:d:tsumo:6", [(True, True), (True, True)])
        _answers(only_four, CELL, [(False, True)])
        for learner, key, attempts, correct in (
            (mixed, CELL, 4, 3),
            (only_sanma, "table:d:tsumo:6", 2, 2),
            (only_four, CELL, 1, 1),
        ):
            ItemProgress.objects.create(
                learner=learner,
                key=key,
                kind="table",
                box=2,
                due=T0,
                attempts=attempts,
                correct=correct,
                streak=1,
                last_correct=True,
                last_seen=T0,
            )
        untouched = ItemProgress.objects.get(learner=only_four).__dict__.copy()
        _migrate(AFTER)

        def item(learner: Learner, key: str) -> ItemProgress:
            return ItemProgress.objects.get(learner=learner, key=key)

        four = item(mixed, CELL)
        three = item(mixed, "table.sanma:n:tsumo:2:40")
        # Each worked out again from its own answers: four-player right, right (box 2, due an
        # hour after the last); sanma wrong, then right (box 1, due ten minutes after).
        assert (four.attempts, four.correct, four.box, four.streak) == (2, 2, 2, 2)
        assert four.due == T0 + timedelta(hours=2) + srs.INTERVALS[2]
        assert (three.attempts, three.correct, three.box, three.streak) == (2, 1, 1, 1)
        assert three.due == T0 + timedelta(hours=3) + srs.INTERVALS[1]
        assert three.last_seen == T0 + timedelta(hours=3)
        assert three.last_correct is True
        assert Answer.objects.filter(learner=mixed, key=CELL).count() == 2
        assert Answer.objects.filter(learner=mixed, key="table.sanma:n:tsumo:2:40").count() == 2
        # All sanma: the item is renamed (a limit row keeps its shape).
        assert not ItemProgress.objects.filter(learner=only_sanma, key="table:d:tsumo:6").exists()
        assert item(only_sanma, "table.sanma:d:tsumo:6").attempts == 2
        # No sanma answer: nothing changes.
        assert ItemProgress.objects.get(learner=only_four).__dict__ | {"_state": None} == (
            untouched | {"_state": None}
        )

        _migrate(BEFORE)  # and back: one shared item again, from all four answers
        combined = item(mixed, CELL)
        assert (combined.attempts, combined.correct, combined.box) == (4, 3, 2)  # ✓ ✗ ✓ ✓
        assert Answer.objects.filter(learner=mixed, key=CELL).count() == 4
        assert item(only_sanma, "table:d:tsumo:6").attempts == 2
    finally:
        _migrate_to_latest()
