"""Reading a typed points answer the way people type it: one parser for every answer box.

Pure standard-library Python (no Django), like the engine beside it: the quiz's number boxes,
the live lesson's phones and the assignments all read typed points through :func:`parse_points`.

Accepted, in any mix (after Unicode NFKC, so full-width digits, ／ and the ideographic space
read as their ASCII twins):

- one number: ``8000``, ``8,000``, ``8 000``, ``8000点``, ``8000 points``, ``1万2000``;
- a dealer's tsumo: ``700 all``, ``700 each``, ``700オール``, ``700点オール``, ``700ずつ``, and
  two equal shares ``700/700`` (every player pays the same);
- a non-dealer's tsumo, the two shares in either order: ``1300/2600``, ``1300-2600``,
  ``1,300-2,600``, ``1300 2600``, ``1300・2600``, ``1300、2600``, ``1300～2600``.

Anything else raises :class:`AnswerError` with a code and an English sentence; the pages show
a translated sentence for the code (``tutor.classroom`` and ``tutor.quiz`` views), never a
silent refusal. A thousands group is exactly three digits after a separator ("1,300", "12 000"),
so "1300 2600" is two numbers and "12 000" one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

#: Longest answer read (a phone's box holds far less; longer text is refused, not scanned).
MAX_LENGTH: Final = 60
#: Most digits in one number (as scorer.params: more would overflow a database integer).
MAX_DIGITS: Final = 18


class Want(StrEnum):
    """What a question asks for, which decides how an ambiguous answer reads."""

    #: One number (a ron's payment, a total, fu, han, any numeric box)
    NUMBER = "number"
    #: A dealer's tsumo: what every player pays ("700 all"; one number is read as that)
    ALL = "all"
    #: A non-dealer's tsumo: each non-dealer's share and the dealer's ("1300/2600")
    SPLIT = "split"
    #: Any of these (how a stored or displayed answer is read back)
    ANY = "any"


class AnswerError(ValueError):
    """A typed answer that cannot be read. ``code`` names why (the pages translate it)."""

    #: The codes, each with the English sentence it stands for.
    MESSAGES: Final = {
        "empty": "Type your answer.",
        "too_long": "This answer is too long.",
        "not_a_number": "Type the points as a number, such as 8000.",
        "too_big": "This number is too large.",
        "one_number": "Type one number, such as 8000.",
        "two_numbers": (
            "Type two numbers: what each non-dealer pays, then what the dealer pays, "
            "such as 1300/2600."
        ),
        "each_one": "Type what every player pays, such as 1300 all.",
    }

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(self.MESSAGES[code])


@dataclass(frozen=True, slots=True)
class Points:
    """A read points answer: ``each`` is set for "… all", ``dealer`` for a split tsumo
    (``value`` is then the non-dealers' share, the smaller one), else ``value`` alone."""

    value: int
    dealer: int | None = None
    each: bool = False

    @property
    def stored(self) -> str:
        """The stored form: ``"8000"``, ``"all:700"`` or ``"1300/2600"``."""
        if self.each:
            return f"all:{self.value}"
        if self.dealer is not None:
            return f"{self.value}/{self.dealer}"
        return str(self.value)

    @classmethod
    def split(cls, a: int, b: int) -> Points:
        """Two shares in either order: the dealer always pays the larger one."""
        return cls(min(a, b), max(a, b))


# Dashes and tildes people type between two numbers, all read as one separator.
_DASHES: Final = "-‐‑‒–—―−ー～〜~"
_SEPARATORS: Final = re.compile(rf"\s*[/・、;{re.escape(_DASHES)}]\s*|\s+")
_ALL: Final = re.compile(r"^(.*?)\s*(?:all|each|オール|ずつ)(?:\s*(?:pay|pays))?$")
# units and the payers' names: 点, pts; 子 (non-dealers) and 親 (the dealer) before a share
_UNIT: Final = re.compile(r"\s*(?:点|pts?\.?|points?|子|親)\s*")
# one number: digits in thousands groups ("1,300", "12 000"), or plain digits
_GROUPED: Final = re.compile(r"\d{1,3}(?:[, ]\d{3})+", re.ASCII)
_PLAIN: Final = re.compile(r"\d+", re.ASCII)
# Japanese myriad units, as Japanese pages write large totals: "1万2000", "3億2000万", "12万"
_MYRIAD: Final = re.compile(r"(?:(\d{1,4})兆)?(?:(\d{1,4})億)?(?:(\d{1,4})万)?(\d{1,4})?", re.ASCII)
_UNITS: Final = (10**12, 10**8, 10**4, 1)


def _number(text: str) -> int:
    """One number: plain or grouped digits, or 万 with the rest; AnswerError otherwise."""
    text = text.strip()
    myriad = _MYRIAD.fullmatch(text) if any(u in text for u in "兆億万") else None
    if myriad and any(myriad.groups()):
        return sum(int(g) * u for g, u in zip(myriad.groups(), _UNITS, strict=True) if g)
    if _GROUPED.fullmatch(text) or _PLAIN.fullmatch(text):
        digits = text.replace(",", "").replace(" ", "")
        if len(digits) > MAX_DIGITS:
            raise AnswerError("too_big")
        return int(digits)
    raise AnswerError("not_a_number")


def _numbers(text: str, want: Want) -> list[int]:
    """The numbers of ``text``: read as one (grouped) number where that reads, else split at
    the separators. A question wanting two numbers reads "400 700" as two, never as 400,700;
    one wanting one reads "12 000" as 12,000."""
    if want is not Want.SPLIT:
        try:
            return [_number(text)]
        except AnswerError as error:
            if error.code == "too_big":
                raise
    parts = [p for p in _SEPARATORS.split(text) if p]
    if len(parts) == 2:
        return [_number(p) for p in parts]
    if len(parts) == 1 and want is Want.SPLIT:
        # no separator but commas: "12,600" is one number (a comma before three digits groups
        # thousands), "1300,2600" or "1,300,2,600" two
        try:
            return [_number(text)]
        except AnswerError as error:
            if error.code == "too_big":
                raise
    # "1300,2600", "1,300,2,600" or "1,300 2 600": two numbers split at one comma or space
    halves = _two_grouped(text)
    if halves is not None:
        return halves
    if len(parts) < 2:
        return [_number(text)]  # one number (or none: not_a_number)
    for part in parts:
        _number(part)  # a word among the numbers is "not a number", not "too many"
    raise AnswerError("two_numbers" if want is Want.SPLIT else "one_number")


def _two_grouped(text: str) -> list[int] | None:
    """``text`` as two numbers split at one comma or space (the first split that reads)."""
    for at, char in enumerate(text):
        if char in ", ":
            try:
                return [_number(text[:at]), _number(text[at + 1 :])]
            except AnswerError:
                continue
    return None


def normalise(text: str) -> str:
    """NFKC (full-width to ASCII), lower case, single spaces, units (点, pts) dropped."""
    t = unicodedata.normalize("NFKC", text).lower()
    t = _UNIT.sub(" ", t)
    return " ".join(t.split())


def parse_points(text: str, want: Want = Want.ANY) -> Points:
    """Read a typed points answer for a question that wants ``want``.

    Raises :class:`AnswerError` (and nothing else) when it cannot be read: empty, too long,
    not a number, or too many numbers for the question (two on a ron, three on a tsumo). One
    number on a non-dealer's tsumo (often the total: the teacher's report names that slip), a
    "… all" answer on a non-dealer's tsumo, or two unequal shares on a dealer's tsumo are read
    as typed: they are wrong answers, not unreadable ones."""
    if len(text) > MAX_LENGTH:
        raise AnswerError("too_long")
    t = normalise(text)
    if not t:
        raise AnswerError("empty")
    each = _ALL.match(t)
    if each:
        head = each.group(1).strip()
        if not head:
            raise AnswerError("each_one")
        if want is Want.NUMBER:
            raise AnswerError("one_number")
        numbers = _numbers(head, Want.NUMBER)
        return Points(numbers[0], each=True)
    numbers = _numbers(t, want)
    if len(numbers) == 2:
        a, b = numbers
        if want is Want.NUMBER:
            raise AnswerError("one_number")
        if want is Want.ALL and a == b:
            return Points(a, each=True)  # "2600/2600": every player pays 2600
        return Points.split(a, b)
    (n,) = numbers
    if want is Want.ALL:
        return Points(n, each=True)
    return Points(n)


def parse_number(text: str) -> int:
    """One typed number (a points box, fu, han): :func:`parse_points` for one number."""
    return parse_points(text, Want.NUMBER).value


def read_number(text: str) -> int | None:
    """:func:`parse_number`, or None where it raises (for checks that only compare)."""
    try:
        return parse_number(text)
    except AnswerError:
        return None


def from_stored(value: str) -> Points | None:
    """A stored answer (:attr:`Points.stored`) read back; None for anything else."""
    head, colon, tail = value.partition(":")
    if colon:
        return Points(int(tail), each=True) if head == "all" and _digits(tail) else None
    head, slash, tail = value.partition("/")
    if slash:
        return Points(int(head), int(tail)) if _digits(head) and _digits(tail) else None
    return Points(int(value)) if _digits(value) else None


def _digits(text: str) -> bool:
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def gather(
    fields: Iterable[tuple[str, bool]], form: Mapping[str, Sequence[str]], prefix: str = "a_"
) -> dict[str, str | list[str]]:
    """A posted answer form's values by field name: every value of a ``multiple`` field (ticked
    boxes), the first value of any other ("" when absent). ``fields`` are (name, multiple);
    ``form`` maps each posted name to its values (``dict(request.POST.lists())``)."""
    answers: dict[str, str | list[str]] = {}
    for name, multiple in fields:
        values = list(form.get(prefix + name, ()))
        answers[name] = values if multiple else (values[-1] if values else "")
    return answers
