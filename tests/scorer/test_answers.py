"""The one parser of typed points answers (scorer/answers.py): every common form people type
is read, the rest refused with a code, never anything else raised; written answers read back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.answers import (
    AnswerError,
    Points,
    Want,
    from_stored,
    parse_number,
    parse_points,
    read_number,
)

ALL, SPLIT, NUMBER, ANY = Want.ALL, Want.SPLIT, Want.NUMBER, Want.ANY


@pytest.mark.parametrize(
    ("typed", "want", "stored"),
    [
        # one number
        ("8000", NUMBER, "8000"),
        ("8,000", NUMBER, "8000"),
        ("12 000", NUMBER, "12000"),
        ("5800点", NUMBER, "5800"),
        ("５８００", NUMBER, "5800"),
        ("５，８００点", NUMBER, "5800"),
        (" 5800 pts ", NUMBER, "5800"),
        ("1万2000", NUMBER, "12000"),
        ("1万2000点", NUMBER, "12000"),
        ("12万", NUMBER, "120000"),
        ("3億2000万", NUMBER, "320000000"),
        ("0", NUMBER, "0"),
        # a non-dealer's tsumo, every usual separator, either order
        ("1300 2600", SPLIT, "1300/2600"),
        ("1300-2600", SPLIT, "1300/2600"),
        ("1,300-2,600", SPLIT, "1300/2600"),
        ("1,300 - 2,600", SPLIT, "1300/2600"),
        ("1300/2600", SPLIT, "1300/2600"),
        ("1300／2600", SPLIT, "1300/2600"),
        ("1300・2600", SPLIT, "1300/2600"),
        ("1300、2600", SPLIT, "1300/2600"),
        ("1300～2600", SPLIT, "1300/2600"),
        ("1300ー2600", SPLIT, "1300/2600"),
        ("1300–2600", SPLIT, "1300/2600"),
        ("1300,2600", SPLIT, "1300/2600"),
        ("1,300,2,600", SPLIT, "1300/2600"),
        ("1,300 2,600", SPLIT, "1300/2600"),
        ("2600/1300", SPLIT, "1300/2600"),
        ("１３００　２６００", SPLIT, "1300/2600"),
        ("1300点・2600点", SPLIT, "1300/2600"),
        ("子1300・親2600", SPLIT, "1300/2600"),
        ("400 700", SPLIT, "400/700"),
        ("400,700", SPLIT, "400700"),
        # one number on a non-dealer's tsumo (often the total): a wrong answer, read as typed
        ("1300", SPLIT, "1300"),
        ("12,600", SPLIT, "12600"),
        # a dealer's tsumo
        ("700 all", ALL, "all:700"),
        ("700 ALL", ALL, "all:700"),
        ("700all", ALL, "all:700"),
        ("700 each", ALL, "all:700"),
        ("700オール", ALL, "all:700"),
        ("700点オール", ALL, "all:700"),
        ("７００オール", ALL, "all:700"),
        ("700ずつ", ALL, "all:700"),
        ("1,300 all", ALL, "all:1300"),
        ("700", ALL, "all:700"),
        ("2600/2600", ALL, "all:2600"),
        ("2600-2600", ALL, "all:2600"),
        # a wrong shape on a tsumo is a wrong answer, read as typed
        ("1300/2600", ALL, "1300/2600"),
        ("700 all", SPLIT, "all:700"),
        # read back without knowing the question
        ("1,300/2,600", ANY, "1300/2600"),
        ("700 all", ANY, "all:700"),
        ("8,000", ANY, "8000"),
    ],
)
def test_every_common_form_is_read(typed: str, want: Want, stored: str) -> None:
    assert parse_points(typed, want).stored == stored


@pytest.mark.parametrize(
    ("typed", "want", "code"),
    [
        ("", NUMBER, "empty"),
        ("   ", SPLIT, "empty"),
        ("点", NUMBER, "empty"),
        ("a sentence, not points", NUMBER, "not_a_number"),
        ("eight thousand", NUMBER, "not_a_number"),
        ("-8000", NUMBER, "not_a_number"),
        ("8000-", NUMBER, "not_a_number"),
        ("8.000", NUMBER, "not_a_number"),
        ("½", NUMBER, "not_a_number"),
        ("٣٠٠٠", NUMBER, "not_a_number"),
        ("1300 2600", NUMBER, "one_number"),
        ("1,300-2,600", NUMBER, "one_number"),
        ("2000 all", NUMBER, "one_number"),
        ("1300/2600/5200", SPLIT, "two_numbers"),
        ("1300/abc", SPLIT, "not_a_number"),
        ("all", ALL, "each_one"),
        ("オール", ALL, "each_one"),
        ("9" * 19, NUMBER, "too_big"),
        ("1" * 61, NUMBER, "too_long"),
    ],
)
def test_the_rest_is_refused_with_a_reason(typed: str, want: Want, code: str) -> None:
    with pytest.raises(AnswerError) as caught:
        parse_points(typed, want)
    assert caught.value.code == code
    assert str(caught.value) == AnswerError.MESSAGES[code]
    assert read_number(typed) is None or want is not NUMBER


def test_parse_number_is_one_number() -> None:
    assert parse_number("１２,０００点") == 12000
    assert read_number("12,000") == 12000
    assert read_number("700 all") is None


@given(st.text(max_size=80), st.sampled_from(list(Want)))
def test_nothing_but_its_own_error_is_raised(text: str, want: Want) -> None:
    try:
        got = parse_points(text, want)
    except AnswerError as error:
        code = error.code
    else:
        code = ""
        assert got.value >= 0
        assert from_stored(got.stored) == got
    assert code == "" or code in AnswerError.MESSAGES


shares = st.integers(min_value=0, max_value=10**12)


def english(n: int) -> str:
    return f"{n:,}"


def japanese(n: int) -> str:
    from scorer.engine.tables import myriad

    return myriad(n) if n >= 100_000 else str(n)


@given(shares, st.sampled_from([english, japanese, str]))
def test_one_number_round_trips(n: int, write: object) -> None:
    assert callable(write)
    for text in (write(n), write(n) + "点", f"{write(n)} points"):
        assert parse_points(text, NUMBER) == Points(n)
        assert parse_points(text, ANY) == Points(n)


@given(shares, shares, st.sampled_from(["/", "・", "-", " / ", " ", "、", "～"]))
def test_two_shares_round_trip(a: int, b: int, between: str) -> None:
    for write in (english, japanese, str):
        text = f"{write(a)}{between}{write(b)}"
        assert parse_points(text, SPLIT) == Points.split(a, b), text


@given(shares, st.sampled_from(["{} all", "{}オール", "{}点オール", "{} each", "{}"]))
def test_each_round_trips(n: int, form: str) -> None:
    for write in (english, japanese, str):
        assert parse_points(form.format(write(n)), ALL) == Points(n, each=True)


@given(shares, shares)
def test_stored_forms_round_trip(a: int, b: int) -> None:
    for p in (Points(a), Points(a, each=True), Points.split(a, b)):
        assert from_stored(p.stored) == p
        assert parse_points(p.stored.replace("all:", "") + (" all" if p.each else ""), ANY) == p


def test_the_parser_is_pure() -> None:
    """No Django (it sits beside the engine): only the standard library is imported."""
    tree = ast.parse(Path("scorer/answers.py").read_text(encoding="utf-8"))
    names = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    allowed = {"__future__", "re", "unicodedata", "collections", "dataclasses", "enum", "typing"}
    assert names <= allowed
