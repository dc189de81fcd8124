"""Helpers for the path's tests: answer a unit's check and its drills through the views."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from tutor import quiz
from tutor.path import checks
from tutor.path.units import Drill, Unit
from tutor.quiz.base import Question


def at(when: datetime) -> Callable[[], datetime]:
    """A clock stopped at ``when`` (for srs.use_clock)."""
    return lambda: when


def form(q: Question, right: bool = True, key: str | None = None) -> dict[str, Any]:
    """The answer fields of ``q``: right, or wrong (every number off by a hundred)."""
    data: dict[str, Any] = {"answer_key": key or uuid.uuid4().hex}
    for f in q.fields:
        value = q.expected[f.name]
        if isinstance(value, list):
            data[f"a_{f.name}"] = value if right else []
        else:
            data[f"a_{f.name}"] = str(value if right else int(value) + 100)
    return data


def answer_check(client, unit: Unit, n: int, right: bool = True, **headers: str):
    q = checks.check_question(unit, n)
    response = client.post(
        f"/tutor/path/{unit.slug}/check/answer", {"n": n, **form(q, right)}, headers=headers
    )
    assert response.status_code == 200, response.content[:500]
    return response


def pass_check(client, unit: Unit) -> None:
    for n in range(len(unit.check)):
        answer_check(client, unit, n)


def drill_set(
    client,
    drill: Drill,
    set_id: int,
    wrong: frozenset[int] | set[int] = frozenset(),
    upto: int = 10,
):
    """Answer questions 0..upto-1 of a quiz set of the drill (``wrong``: those answered wrong);
    the last response (the set's end when ``upto`` is 10)."""
    response = None
    for n in range(upto):
        q = quiz.make_question(drill.kind, quiz.set_seed(set_id, n), dict(drill.options))
        data = {**q.options, "seed": q.seed, "set": set_id, "n": n, **form(q, n not in wrong)}
        data.pop("item", None)
        response = client.post(f"/tutor/quiz/{drill.kind}/answer/", data)
        assert response.status_code == 200
    return response


def master_unit(client, unit: Unit, set_id: int = 7) -> None:
    client.post(f"/tutor/path/read/{unit.lesson}")
    pass_check(client, unit)
    for i, drill in enumerate(unit.drills):
        drill_set(client, drill, set_id + i)
