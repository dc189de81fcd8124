"""An answer form as every feature reads it: the fields ``a_<name>`` of a question, what was
given, what cannot be read (said beside its field, never checked nor stored), and the rows a
template draws (each choice marked chosen, and once checked, right).

The quiz, the path's checks and hands, and the classroom read answers through these functions,
so a typed number means the same everywhere (:mod:`scorer.answers` reads it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.http import QueryDict
from django.utils.translation import gettext

from scorer.answers import AnswerError, gather, parse_number
from scorer.errors import answer_message
from tutor.quiz.base import ANSWER_PREFIX, Question, Verdict, field_error

#: The longest answer value read (numbers and choice ids are short).
MAX_ANSWER: Final = 40
#: The most values one answer field may repeat (a multiple-choice field's ticks).
MAX_VALUES: Final = 20


def is_answer_field(name: str) -> bool:
    """Whether a request parameter is an answer field (the input guard's messages for those are
    shown beside the field: :func:`config.guard.field_errors`)."""
    return name.startswith(ANSWER_PREFIX)


def given(data: QueryDict, question: Question) -> dict[str, Any]:
    """What was given for each of the question's fields (a list for a multiple-choice one)."""
    return gather(((f.name, f.multiple) for f in question.fields), dict(data.lists()))


def answer_errors(data: QueryDict, question: Question) -> dict[str, str]:
    """Answer fields (``a_<field>``) that are too long, repeated too often or hold a NUL, or a
    number the field cannot be, with the message shown beside each, naming the field by its
    label; they are neither checked nor stored."""
    labels = {ANSWER_PREFIX + f.name: f.label for f in question.fields}
    errors = {}
    for name, values in data.lists():
        if not is_answer_field(name):
            continue
        if len(values) > MAX_VALUES or any(len(v) > MAX_ANSWER or "\x00" in v for v in values):
            if name in labels:
                errors[name] = gettext("%(label)s: at most %(n)d characters.") % {
                    "label": labels[name],
                    "n": MAX_ANSWER,
                }
            else:
                errors[name] = gettext("An answer can be at most %(n)d characters long.") % {
                    "n": MAX_ANSWER
                }
    for f in question.fields:
        name = ANSWER_PREFIX + f.name
        text = data.get(name, "")
        if name in errors:
            continue
        # A typed number scorer.answers cannot read is said beside its box, never marked wrong
        if f.numeric and not f.choices and text.strip():
            try:
                parse_number(text)
            except AnswerError as error:
                errors[name] = gettext("%(label)s: %(problem)s") % {
                    "label": f.label,
                    "problem": answer_message(error),
                }
                continue
        # A number no answer can be (40 han is possible, 400 is not): said beside the field.
        message = field_error(f, text)
        if message:
            errors[name] = message
    return errors


def labelled(question: Question, errors: Mapping[str, str]) -> dict[str, str]:
    """The input guard's messages for this question's answer fields, naming each field by its
    label instead of its parameter (“a_ron” → “The discarder pays”)."""
    labels = {ANSWER_PREFIX + f.name: f.label for f in question.fields}
    return {
        name: message.replace(name, labels[name]) if name in labels else message
        for name, message in errors.items()
    }


def rows(
    question: Question,
    answers: Mapping[str, Any] | None = None,
    verdict: Verdict | None = None,
    errors: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Each answer field with what was given (shown back, disabled, after checking), each choice
    marked chosen and, once checked, right (the correct choice is marked in the list), and the
    message of an answer that could not be read (shown beside its field)."""
    out = []
    for f in question.fields:
        got = (answers or {}).get(f.name, [] if f.multiple else "")
        chosen = {str(g) for g in got} if isinstance(got, list) else {str(got)}
        want = question.expected.get(f.name)
        right = {str(w) for w in want} if isinstance(want, list) else {str(want)}
        out.append(
            {
                "field": f,
                "input": ANSWER_PREFIX + f.name,
                "given": "" if isinstance(got, list) else got,
                "choices": [
                    {
                        "value": value,
                        "label": label,
                        "checked": str(value) in chosen,
                        "right": verdict is not None and str(value) in right,
                    }
                    for value, label in f.choices
                ],
                "error": (errors or {}).get(ANSWER_PREFIX + f.name, ""),
            }
        )
    return out
