"""The scorer's and the shared layout's Japanese catalogues: complete, not fuzzy, and every
placeholder of the English kept in the Japanese (issue 13)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = [
    ROOT / "scorer/locale/ja/LC_MESSAGES/django.po",
    ROOT / "locale/ja/LC_MESSAGES/django.po",
]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w+(?::[^}]*)?\}")


def entries(path: Path) -> list[dict[str, object]]:
    """A small PO reader: each entry's flags, msgctxt, msgid, msgid_plural and msgstr[...]."""
    found: list[dict[str, object]] = []
    current: dict[str, object] = {}
    key = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if "msgid" in current:
                found.append(current)
            current, key = {}, ""
        elif line.startswith("#,"):
            current["flags"] = {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[key] = str(current[key]) + ast.literal_eval(line)
        else:
            key, _, value = line.partition(" ")
            current[key] = ast.literal_eval(value)
    return [entry for entry in found if entry["msgid"]]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_entry_is_translated_with_its_placeholders(path):
    items = entries(path)
    assert len(items) > 20
    for entry in items:
        flags = entry.get("flags", set())
        assert isinstance(flags, set)
        assert "fuzzy" not in flags, entry["msgid"]
        text = entry.get("msgstr", entry.get("msgstr[0]"))
        assert isinstance(text, str)
        assert text.strip(), f"untranslated: {entry['msgid']!r}"
        expected = sorted(set(PLACEHOLDER.findall(str(entry["msgid"]))))
        assert sorted(set(PLACEHOLDER.findall(text))) == expected, entry["msgid"]
