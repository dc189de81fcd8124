"""Issue 19 / issue 20 acceptance: every quiz kind's feedback, rendered in English and in
Japanese after wrong answers (a plain wrong number and each slip a learner could make), is
written as the rest of the app writes it.

English: no honour tile code in running text (5z, 555z), no number of 1,000 or more without its
separator (1500), no "x" between numbers, no "Seed 0". Japanese: no honour code, no 「x」
between numbers, no 2倍役満/3倍役満, no 飜 before 符 in one figure (4飜30符), no 惜しい on a
wrong answer.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from tests.quiz.quizhelp import post_answer
from tests.quiz.test_quiz_ja import post_ja
from tutor import quiz
from tutor.quiz.feedback import variants

pytestmark = pytest.mark.django_db

SECTION = re.compile(r'<section id="quiz".*?</section>', re.S)
TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)
HONOUR_CODE = re.compile(r"(?<![\w/])[1-7]+z\b")
UNGROUPED = re.compile(r"(?<![\d,.])\d{4,}(?![\d,mpsz])")  # 3333s is tiles
TIMES_X = re.compile(r"\d\s*[xX]\s*\d")
SEED = re.compile(r"Seed 0")
JA_MULTIPLE = re.compile(r"[23]倍役満")
HAN_BEFORE_FU = re.compile(r"\d+飜\s*\d+符")

#: Seeds per kind: every kind's feedback, a few hands each.
SEEDS = range(3)


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    translation.deactivate()


def running_text(page: str) -> str:
    """The quiz section's text nodes (tile codes in ``title``/``alt`` attributes are not read
    as sentences; the tile images carry their names)."""
    section = SECTION.search(page)
    assert section, page[:400]
    return " ".join(html.unescape(TAG.sub(" ", section.group(0))).split())


def answer_sets(q: quiz.Question) -> list[dict[str, Any]]:
    """A plain wrong answer, then the answer each slip gives."""
    right = {k: (v if isinstance(v, list) else str(v)) for k, v in q.expected.items()}
    wrong = {k: (v if isinstance(v, list) else "1") for k, v in right.items()}
    out = [wrong]
    for _slip, numbers, _params in variants(q)[:8]:
        answers = dict(right)
        answers.update({k: str(v) for k, v in numbers.items() if k in answers})
        if answers != right:
            out.append(answers)
    return out


def form(answers: dict[str, Any]) -> dict[str, Any]:
    return {f"a_{k}": v for k, v in answers.items()}


def questions() -> Iterator[quiz.Question]:
    for kind in quiz.KINDS:
        for seed in SEEDS:
            yield quiz.make_question(kind, seed, {})
    # Rule sets whose sentences differ: three players, kiriage, the classic rules.
    sanma = {"rules": "tenhou_sanma", "item": "table.sanma:n:ron:3:30"}
    yield quiz.make_question("table", 1, sanma)
    yield quiz.make_question("table", 1, {"rules": "mleague", "item": "table:n:tsumo:4:30"})
    yield quiz.make_question("table", 1, {"item": "table:n:ron:4:30"})
    yield quiz.make_question("fu_items", 2, {"rules": "classic"})
    yield quiz.make_question("fu", 16, {"wait": "shanpon"})
    yield quiz.make_question("honba", 6, {})


def test_english_feedback_is_written_as_the_app_writes() -> None:
    from django.test import Client

    client = Client()
    for q in questions():
        for answers in answer_sets(q):
            page = post_answer(client, q, form(answers)).content.decode()
            text = running_text(page)
            where = (q.kind, q.seed, q.options.get("rules"), answers)
            assert "Not quite." in text or "Right!" in text, where
            assert not HONOUR_CODE.search(text), (where, HONOUR_CODE.findall(text))
            assert not UNGROUPED.search(text), (where, UNGROUPED.findall(text))
            assert not TIMES_X.search(text), (where, TIMES_X.findall(text))
            assert not SEED.search(text), where


def test_japanese_feedback_is_written_as_the_app_writes() -> None:
    from django.test import Client

    client = Client()
    for q in questions():
        for answers in answer_sets(q):
            text = running_text(post_ja(client, q, form(answers)))
            where = (q.kind, q.seed, q.options.get("rules"), answers)
            assert "不正解です" in text or "正解" in text, where
            assert "惜しい" not in text, where
            assert not HONOUR_CODE.search(text), (where, HONOUR_CODE.findall(text))
            assert not TIMES_X.search(text), (where, TIMES_X.findall(text))
            assert not JA_MULTIPLE.search(text), where
            assert not HAN_BEFORE_FU.search(text), (where, HAN_BEFORE_FU.findall(text))
