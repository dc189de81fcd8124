"""Helpers for the Japanese quiz and walkthrough tests: find English left in Japanese text.

The quiz and walkthrough fill sentences that other catalogues translate (the engine's step
templates and yaku names in scorer/locale, limit names in tutor/course/locale ...). So that these
tests check what the quiz and walkthrough own (their own strings, and every word they fill into a
sentence), a string that only another catalogue holds and that is not translated yet is replaced
by a stub that keeps its placeholders and has no English: the words filled into it still show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.utils import translation

from scorer.engine.tiles import tile_name
from scorer.engine.yaku import YAKU, YAKUMAN
from tests.conftest import REPO

TILES = [f"{n}{suit}" for suit in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
OWN = (
    REPO / "tutor" / "quiz" / "locale" / "ja" / "LC_MESSAGES" / "django.po",
    REPO / "tutor" / "walkthrough" / "locale" / "ja" / "LC_MESSAGES" / "django.po",
)
_ENTRY = re.compile(r'^(msgctxt|msgid|msgid_plural) (".*"(?:\n".*")*)', re.M)
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+(?::[^}]*)?\}")
#: Tile codes and hand notation (5z, 123m45556p, [5=55p], (1111z)): allowed in any language.
TILE_CODES = re.compile(r"[\[{(]?[0-9=+^-]*[0-9][0-9=+^-]*[mpszh][\]})]?")
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def msgids(path: Path) -> set[tuple[str | None, str]]:
    """(context, msgid) of every entry of a catalogue."""
    found: set[tuple[str | None, str]] = set()
    for block in path.read_text("utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        for key, value in _ENTRY.findall(block):
            fields[key] = "".join(json.loads(line) for line in value.split("\n"))
        if fields.get("msgid"):
            found.add((fields.get("msgctxt"), fields["msgid"]))
            if "msgid_plural" in fields:
                found.add((fields.get("msgctxt"), fields["msgid_plural"]))
    return found


def _others() -> set[tuple[str | None, str]]:
    own = set().union(*(msgids(p) for p in OWN))
    others: set[tuple[str | None, str]] = set()
    for path in REPO.glob("**/locale/ja/LC_MESSAGES/django.po"):
        if ".venv" in path.parts or path in OWN:
            continue
        others |= msgids(path)
    # The engine's yaku names are the scorer catalogue's to translate, marked there or not.
    others |= {(None, definition.name) for definition in (*YAKU, *YAKUMAN)}
    # So are the tiles' names (scorer/templatetags/tiles.py).
    others |= {(None, tile_name(code)) for code in TILES}
    return others - own


def stub(message: str) -> str:
    """A sentence of another catalogue, without its English: only its placeholders remain."""
    return "〇" + "・".join(_PLACEHOLDER.findall(message))


@contextmanager
def japanese_with_stubs() -> Iterator[None]:
    """Japanese, with strings only other catalogues hold (not yet translated) stubbed."""
    others = _others()
    trans: Any = getattr(translation, "_trans")  # noqa: B009 - private, not in the stubs
    real_gettext: Callable[[str], str] = trans.gettext
    real_ngettext: Callable[[str, str, int], str] = trans.ngettext
    real_pgettext: Callable[[str, str], str] = trans.pgettext

    def gettext(message: str) -> str:
        out = real_gettext(message)
        return stub(message) if out == message and (None, message) in others else out

    def ngettext(singular: str, plural: str, n: int) -> str:
        out = real_ngettext(singular, plural, n)
        if out in (singular, plural) and (None, singular) in others:
            return stub(out)
        return out

    def pgettext(context: str, message: str) -> str:
        out = real_pgettext(context, message)
        return stub(message) if out == message and (context, message) in others else out

    trans.gettext, trans.ngettext, trans.pgettext = gettext, ngettext, pgettext
    try:
        with translation.override("ja"):
            yield
    finally:
        trans.gettext, trans.ngettext, trans.pgettext = real_gettext, real_ngettext, real_pgettext


def english_words(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """ASCII words left in a Japanese text, once tile codes and allowed words are taken out."""
    text = TILE_CODES.sub(" ", str(text))
    return [w for w in ASCII_WORD.findall(text) if w not in allowed]
