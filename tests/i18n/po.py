"""A small reader of gettext .po files and the checks the catalogue tests apply to them.

Kept apart from the tests so each check is itself tested on synthetic catalogues (test_po.py):
a checker that finds nothing because it reads nothing would let a broken catalogue through.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

Key = tuple[str | None, str, str | None]  # (msgctxt, msgid, msgid_plural)


@dataclass
class Entry:
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)  # msgstr is index 0
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    line: int = 0

    @property
    def key(self) -> Key:
        return (self.msgctxt, self.msgid, self.msgid_plural)

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None

    @property
    def translations(self) -> list[str]:
        return [self.msgstr[i] for i in sorted(self.msgstr)]

    def label(self) -> str:
        context = f"[{self.msgctxt}] " if self.msgctxt is not None else ""
        return f"line {self.line}: {context}{self.msgid[:70]!r}"


_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


def parse(text: str) -> list[Entry]:
    """The entries of a .po file's text, in order (the header included, flagged by is_header)."""
    entries: list[Entry] = []
    current = Entry()
    started = False
    target: tuple[str, int | None] | None = None

    def finish() -> None:
        nonlocal current, started, target
        if started:
            entries.append(current)
        current, started, target = Entry(), False, None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            continue
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        elif line.startswith("#"):
            if started and target is not None:
                finish()
            if line.startswith("#,"):
                current.flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith('"'):
            if target is None:
                raise ValueError(f"line {number}: a string continues nothing")
            _append(current, target, ast.literal_eval(line))
            continue
        match = _KEYWORD.match(line)
        if not match:
            raise ValueError(f"line {number}: cannot read {raw!r}")
        keyword, index, literal = match.groups()
        if (
            keyword in ("msgctxt", "msgid")
            and started
            and target
            and target[0].startswith("msgstr")
        ):
            finish()
        if not started:
            current.line = number
            started = True
        current.obsolete = current.obsolete or obsolete
        name = "msgstr" if keyword.startswith("msgstr") else keyword
        target = (name, int(index) if index is not None else (0 if name == "msgstr" else None))
        _set(current, target, ast.literal_eval(literal))
    finish()
    return entries


def _set(entry: Entry, target: tuple[str, int | None], value: str) -> None:
    name, index = target
    if name == "msgstr":
        entry.msgstr[index or 0] = value
    else:
        setattr(entry, name, value)


def _append(entry: Entry, target: tuple[str, int | None], value: str) -> None:
    name, index = target
    if name == "msgstr":
        entry.msgstr[index or 0] += value
    else:
        setattr(entry, name, (getattr(entry, name) or "") + value)


def read(path: Path) -> list[Entry]:
    return parse(path.read_text("utf-8"))


def messages(entries: list[Entry]) -> list[Entry]:
    """The live entries: no header, no obsolete ones."""
    return [e for e in entries if not e.is_header and not e.obsolete]


# ---------------------------------------------------------------- (a) out of date
def drift(committed: list[Entry], fresh: list[Entry]) -> list[str]:
    """What makemessages would change: entries added or removed (by context, id and plural)."""
    old = {e.key for e in messages(committed)}
    new = {e.key for e in messages(fresh)}
    return [
        f"would add {k[1]!r}" + (f" [{k[0]}]" if k[0] else "") for k in sorted(new - old, key=str)
    ] + [
        f"would remove {k[1]!r}" + (f" [{k[0]}]" if k[0] else "")
        for k in sorted(old - new, key=str)
    ]


# ---------------------------------------------------------------- (b) empty or fuzzy
def untranslated(entries: list[Entry]) -> list[str]:
    problems = []
    for entry in messages(entries):
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy {entry.label()}")
        elif not entry.msgstr or any(not s.strip() for s in entry.translations):
            problems.append(f"empty {entry.label()}")
    return problems


# ---------------------------------------------------------------- (c) placeholders
_PERCENT = re.compile(
    r"%(?:\((?P<name>[^)]*)\))?[#0 +-]*(?:\d+|\*)?(?:\.\d+)?(?P<conv>[sdifrxXeEgGcoa])"
)
_BRACE = re.compile(r"\{(?P<field>[A-Za-z_0-9.\[\]]*)(?:![rsa])?(?::(?P<spec>[^{}]*))?\}")
_MARK = re.compile(r"\[\[(?P<id>[^\]|]+)(?:\|[^\]]*)?\]\]")
_TAG = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z][A-Za-z0-9-]*)\b[^<>]*>")


def placeholders(text: str, *, brace: bool = True) -> Counter[str]:
    """Every placeholder of a message, as a multiset of normalised tokens."""
    found: Counter[str] = Counter()
    bare = text.replace("%%", "")
    for m in _PERCENT.finditer(bare):
        found[f"%({m['name']}){m['conv']}" if m["name"] is not None else f"%{m['conv']}"] += 1
    if brace:
        unbraced = text.replace("{{", "").replace("}}", "")
        for m in _BRACE.finditer(unbraced):
            found["{" + m["field"] + (f":{m['spec']}" if m["spec"] else "") + "}"] += 1
    for m in _MARK.finditer(text):
        found[f"[[{m['id'].strip()}]]"] += 1
    for m in _TAG.finditer(text):
        found[f"<{m['close']}{m['name'].lower()}>"] += 1
    return found


def placeholder_mismatches(entries: list[Entry]) -> list[str]:
    problems = []
    for entry in messages(entries):
        sources = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
        for translated in entry.translations:
            if not translated:
                continue  # empty: reported by untranslated()
            want = placeholders(sources[0])
            got = placeholders(translated)
            if got != want and not any(placeholders(s) == got for s in sources[1:]):
                missing = want - got
                extra = got - want
                problems.append(
                    f"{entry.label()} missing {sorted(missing.elements())}"
                    f" extra {sorted(extra.elements())}"
                )
    return problems


# ---------------------------------------------------------------- (d) one msgid, one translation
def conflicts(catalogues: dict[str, list[Entry]]) -> list[str]:
    seen: dict[tuple[str | None, str], dict[str, list[str]]] = {}
    for name, entries in catalogues.items():
        for entry in messages(entries):
            text = " | ".join(entry.translations)
            if text.strip():
                seen.setdefault((entry.msgctxt, entry.msgid), {}).setdefault(text, []).append(name)
    return [
        f"{msgid!r}: " + "; ".join(f"{t!r} in {', '.join(names)}" for t, names in variants.items())
        for (_ctxt, msgid), variants in seen.items()
        if len(variants) > 1
    ]
