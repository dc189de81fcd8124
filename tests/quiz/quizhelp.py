"""Helpers for the quiz tests: answer a question through the views."""

from __future__ import annotations

from typing import Any

from tutor import quiz


def right_answers(q: quiz.Question) -> dict[str, Any]:
    return {f"a_{k}": (v if isinstance(v, list) else str(v)) for k, v in q.expected.items()}


def post_answer(client, q: quiz.Question, answers: dict[str, Any], htmx: bool = False, **extra):
    data: dict[str, Any] = {**q.options, "seed": str(q.seed), **extra, **answers}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/tutor/quiz/{q.kind}/answer/", data, headers=headers)


def answer(client, kind: str, seed: int, options: dict[str, str], right: bool, **kw):
    q = quiz.make_question(kind, seed, options)
    given = right_answers(q)
    if not right:
        given = dict.fromkeys(given, "1")
    return q, post_answer(client, q, given, **kw)
