"""Helpers for the Japanese edition's page tests: URLs in Japanese, the visible text of a page,
and the English sentences of a feature's catalogue that a Japanese page still shows."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import REPO

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

#: Request headers of a Japanese browser.
JA = {"Accept-Language": "ja"}
QUOTED = r'"(?:[^"\\]|\\.)*"'
MSGID = re.compile(rf"^msgid ({QUOTED}\n(?:{QUOTED}\n?)*)", re.M)


def ja_url(name: str, *args: Any, query: str = "") -> str:
    """The page's URL in Japanese (under /ja/ once the language is in the URL)."""
    with translation.override("ja"):
        url = reverse(name, args=args)
    return url + (f"?{query}" if query else "")


def en_url(name: str, *args: Any, query: str = "") -> str:
    with translation.override("en"):
        url = reverse(name, args=args)
    return url + (f"?{query}" if query else "")


def get_ja(client: Client, name: str, *args: Any, query: str = "", **extra: Any) -> Response:
    return client.get(ja_url(name, *args, query=query), headers=JA, **extra)


def get_en(client: Client, name: str, *args: Any, query: str = "", **extra: Any) -> Response:
    return client.get(en_url(name, *args, query=query), headers={"Accept-Language": "en"}, **extra)


def both(client: Client, name: str, *args: Any, query: str = "") -> tuple[str, str]:
    """The page in English and in Japanese (both must answer 200)."""
    en = get_en(client, name, *args, query=query)
    ja = get_ja(client, name, *args, query=query)
    assert en.status_code == ja.status_code == 200, (en.status_code, ja.status_code)
    return en.content.decode(), ja.content.decode()


def visible_text(page: str) -> list[str]:
    """What a reader sees or hears, piece by piece: each text node, and the alt, title,
    aria-label and placeholder attributes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    labels = re.findall(r'\b(?:alt|title|aria-label|placeholder)="([^"]*)"', page)
    nodes = re.split(r"<[^>]+>", page)
    pieces = (" ".join(html.unescape(p).split()) for p in [*nodes, *labels])
    return [p for p in pieces if p]


def msgids(catalogue: Path) -> list[str]:
    """Every msgid of a .po file (translated or not; the .mo leaves the untranslated out)."""
    found = []
    for block in catalogue.read_text("utf-8").split("\n\n"):
        match = MSGID.search(block + "\n")
        if match:
            pieces = re.findall(QUOTED, match.group(1))
            found.append("".join(ast.literal_eval(p) for p in pieces))
    return [m for m in found if m]


def sentences(feature: str) -> list[str]:
    """The English messages of a feature's catalogue that are at least two words long, without
    placeholders or markup: the ones a page test can look for."""
    catalogue = REPO / "tutor" / feature / "locale" / "ja" / "LC_MESSAGES" / "django.po"
    return sorted(
        {m for m in msgids(catalogue) if "%" not in m and "<" not in m and len(m.split()) >= 2}
    )


def _shows(pieces: list[str], message: str) -> bool:
    """Whether a piece of text holds the message as a whole (not the start of a longer English
    sentence of another catalogue: "The hand" is not in "The hand is open.")."""
    pattern = re.compile(r"(?<!\w)(?<!\w )" + re.escape(message) + r"(?!\w)(?! \w)")
    return any(pattern.search(piece) for piece in pieces)


def english_left(feature: str, english_page: str, japanese_page: str) -> list[str]:
    """The feature's messages that the English page shows and the Japanese page shows too."""
    en, ja = visible_text(english_page), visible_text(japanese_page)
    return [m for m in sentences(feature) if _shows(en, m) and _shows(ja, m)]
