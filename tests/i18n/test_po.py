"""The catalogue checks (tests/i18n/po.py) on small synthetic catalogues: each finds what it must
and passes what is right, so the catalogue tests cannot pass by reading nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.i18n import po

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"
"""


def catalogue(body: str) -> list[po.Entry]:
    return po.parse(HEADER + "\n" + body)


def test_parse_reads_context_plurals_flags_and_continuations() -> None:
    entries = catalogue(
        """#: scorer/views.py
#, python-format
msgctxt "tile"
msgid ""
"Add %(n)s "
"tiles."
msgstr "%(n)s枚を追加。"

msgid "one stick"
msgid_plural "%(n)s sticks"
msgstr[0] "%(n)s本"

#, fuzzy
msgid "Old"
msgstr "古い"

#~ msgid "Gone"
#~ msgstr "消えた"
"""
    )
    live = po.messages(entries)
    assert [e.key for e in live] == [
        ("tile", "Add %(n)s tiles.", None),
        (None, "one stick", "%(n)s sticks"),
        (None, "Old", None),
    ]
    assert live[0].flags == {"python-format"}
    assert live[0].translations == ["%(n)s枚を追加。"]
    assert live[1].translations == ["%(n)s本"]
    assert "fuzzy" in live[2].flags
    assert entries[0].is_header
    assert entries[-1].obsolete


def test_drift_finds_added_removed_and_changed() -> None:
    old = catalogue('msgid "Score"\nmsgstr "点数"\n\nmsgid "Gone"\nmsgstr "x"\n')
    new = catalogue(
        'msgid "Score"\nmsgstr ""\n\nmsgid "New"\nmsgstr ""\n\n'
        'msgctxt "c"\nmsgid "Score"\nmsgstr ""\n'
    )
    changes = po.drift(old, new)
    assert any("would add 'New'" in c for c in changes)
    assert any("would remove 'Gone'" in c for c in changes)
    assert any("would add 'Score' [c]" in c for c in changes)
    assert len(changes) == 3
    # Translations, locations and the header are not drift.
    same = catalogue('#: other.py\nmsgid "Score"\nmsgstr ""\n\nmsgid "Gone"\nmsgstr ""\n')
    assert po.drift(old, same) == []


def test_untranslated_finds_empty_and_fuzzy() -> None:
    entries = catalogue(
        'msgid "A"\nmsgstr ""\n\n#, fuzzy\nmsgid "B"\nmsgstr "ビー"\n\n'
        'msgid "C"\nmsgid_plural "Cs"\nmsgstr[0] ""\n\nmsgid "D"\nmsgstr "ディー"\n'
    )
    problems = po.untranslated(entries)
    assert len(problems) == 3
    assert problems[0].startswith("empty")
    assert "'A'" in problems[0]
    assert problems[1].startswith("fuzzy")
    assert "'B'" in problems[1]
    assert "'C'" in problems[2]
    assert po.untranslated(catalogue('msgid "D"\nmsgstr "ディー"\n')) == []


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("%(n)s fu", "%(n)d符"),  # conversion changed
        ("%(n)s fu", "%(m)s符"),  # name changed
        ("%(a)s and %(b)s", "%(a)s"),  # one dropped
        ("%s points", "点"),
        ("%d han", "%s飜"),
        ("{points} points", "{point}点"),
        ("{points:,} points", "{points}点"),  # format spec dropped
        ("See [[fu]].", "[[han]]を見てください。"),
        ("See [[fu|minipoints]].", "符を見てください。"),
        ("<strong>%(n)s</strong> fu", "%(n)s符"),  # tags dropped
        ("<a href='#x'>here</a>", "<b>ここ</b>"),
        ("<em>a</em> <em>b</em>", "<em>a</em> b"),
    ],
)
def test_placeholder_mismatches_are_found(msgid: str, msgstr: str) -> None:
    entries = catalogue(f"msgid {_quote(msgid)}\nmsgstr {_quote(msgstr)}\n")
    assert len(po.placeholder_mismatches(entries)) == 1


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("%(a)s pays %(b)s", "%(b)sを%(a)sが払います"),  # order may change
        ("100%% sure, %s", "%s、100%%確実"),
        ("{points:,} points", "{points:,}点"),
        ("See [[fu|minipoints]].", "[[fu|符]]を参照。"),  # the shown text is translated
        ('<a href="/x">here</a>', '<a href="/x">こちら</a>'),
        ("plain text", "ふつうの文"),
    ],
)
def test_kept_placeholders_pass(msgid: str, msgstr: str) -> None:
    entries = catalogue(f"msgid {_quote(msgid)}\nmsgstr {_quote(msgstr)}\n")
    assert po.placeholder_mismatches(entries) == []


def test_plural_translation_may_follow_the_plural() -> None:
    entries = catalogue('msgid "one tile"\nmsgid_plural "%(n)s tiles"\nmsgstr[0] "%(n)s枚"\n')
    assert po.placeholder_mismatches(entries) == []
    entries = catalogue('msgid "one tile"\nmsgid_plural "%(n)s tiles"\nmsgstr[0] "%(m)s枚"\n')
    assert len(po.placeholder_mismatches(entries)) == 1


def test_conflicts_across_catalogues() -> None:
    a = catalogue('msgid "Score"\nmsgstr "点数"\n\nmsgid "Quiz"\nmsgstr "ドリル"\n')
    b = catalogue('msgid "Score"\nmsgstr "得点"\n\nmsgid "Quiz"\nmsgstr "ドリル"\n')
    c = catalogue('msgctxt "verb"\nmsgid "Score"\nmsgstr "採点する"\n\nmsgid "Quiz"\nmsgstr ""\n')
    problems = po.conflicts({"a.po": a, "b.po": b, "c.po": c})
    assert len(problems) == 1
    assert "'Score'" in problems[0]
    assert "a.po" in problems[0]
    assert "b.po" in problems[0]


def test_msgfmt_check_catches_a_broken_format(tmp_path: Path) -> None:
    bad = tmp_path / "bad.po"
    bad.write_text(HEADER + '\n#, python-format\nmsgid "%(n)s fu"\nmsgstr "%(m)s符"\n', "utf-8")
    done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(bad)], capture_output=True)
    assert done.returncode != 0


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
