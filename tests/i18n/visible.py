"""What a reader sees of a page, and the English left in it (tests/i18n/test_no_english.py).

Visible text: every text node outside script/style/template, plus the attributes a reader meets
(aria-label, title, alt, placeholder). Left out on purpose: elements marked as English shown on
purpose (``lang="en"``, e.g. romaji beside kanji, the switcher's "English") or ``class="romaji"``,
and literal notation (``<code>``, ``<kbd>``, ``<samp>``).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

SKIP_TAGS = frozenset({"script", "style", "template", "code", "kbd", "samp", "noscript"})
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")

#: Names and codes that stay Latin in Japanese pages.
ALLOWED = (
    "Tenbo",
    "Tenhou",
    "M-League",
    "WRC",
    "EMA",
    "MPSZ",
    "CSV",
    "QR",
    "URL",
    "PDF",
    "SVG",
    # record formats and the tools that write them (the review page names them, issue 30.13)
    "JSON",
    "json",
    "XML",
    "mjlog",
    "mjai-reviewer",
    "mjai",
    "tensoul",
    # keyboard keys, named as on the keys themselves
    "Ctrl",
    "Shift",
    "Alt",
    "Home",
    "End",
    "Esc",
    "Enter",
    "Tab",
)
_ALLOWED = re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, ALLOWED)) + r")(?![A-Za-z])")
_WITH_DIGIT = re.compile(r"[^\s\u3000-\u9fff\uff00-\uffef]*\d[^\s\u3000-\u9fff\uff00-\uffef]*")
_WORD = r"[A-Za-z]+(?:['’-][A-Za-z]+)*"
#: Two or more Latin words with only spaces or ASCII punctuation between them.
_RUN = re.compile(rf"{_WORD}(?:[\s,.;:!?()/&\"'“”‘’-]+{_WORD})+")
_LONG = re.compile(r"(?<![A-Za-z])[A-Za-z]{4,}(?![A-Za-z])")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden from the check)
        self.chunks: list[str] = []

    @property
    def skipping(self) -> bool:
        return any(hidden for _tag, hidden in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        hidden = (
            tag in SKIP_TAGS
            or values.get("lang", "").lower().startswith("en")
            or "romaji" in values.get("class", "").split()
        )
        if not self.skipping and not hidden:
            self.chunks.extend(values[a] for a in READ_ATTRIBUTES if values.get(a))
        if tag not in VOID:
            self.stack.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.chunks.append(data)


def visible_text(html: str) -> list[str]:
    """The text chunks a reader sees, one per text node or read attribute."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.chunks


def english(chunk: str) -> list[str]:
    """English fragments of one chunk: runs of 2+ Latin words, or single words of 4+ letters."""
    text = re.sub(r"https?://\S+", " ・ ", chunk)  # addresses shown to copy (join links)
    text = _ALLOWED.sub(" ・ ", text)
    text = _WITH_DIGIT.sub(" ", text)  # tile codes, notation, numbers (a run goes on past them)
    found = [" ".join(m.group(0).split()) for m in _RUN.finditer(text)]
    rest = _RUN.sub(" ・ ", text)
    found += [m.group(0) for m in _LONG.finditer(rest)]
    return found


def english_in(html: str) -> list[str]:
    seen: list[str] = []
    for chunk in visible_text(html):
        for fragment in english(chunk):
            fragment = " ".join(fragment.split())
            if fragment not in seen:
                seen.append(fragment)
    return seen
