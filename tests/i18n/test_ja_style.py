"""Japanese written as a Japanese reference writes it, in every catalogue (issue 28, extending
issue 19's sweeps from the pages to every msgstr of the project):

- numbers: plain digits as players write scores (192000点); 万/億 only from 100万 up, which only
  aotenjou reaches, or in a sentence about aotenjou;
- no tile notation (223344m, 5z) in a Japanese sentence unless the English quotes the same code
  (the input help and its errors teach the notation);
- fu before han (30符4飜, 符と飜数), as the seeds and the tables write them;
- no formula in 「」 (「4飜＋2」): a formula is written, not quoted;
- no half-width space beside a number or a placeholder next to Japanese text (「ステップ 3」);
- no ASCII comma, colon or semicolon beside Japanese text (the lists are 、 and ：), and no
  ASCII + or = in a Japanese formula (符×2の（飜数＋2）乗).

The checks are tested on made-up strings below, so a check that finds nothing because it reads
nothing cannot pass."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO
from tests.i18n import po

CATALOGUES = sorted(
    str(p.relative_to(REPO))
    for p in REPO.glob("**/locale/ja/LC_MESSAGES/django.po")
    if ".venv" not in p.parts and "build" not in p.parts
)

JA = r"[\u3001-\u303f\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]"
#: A number, a placeholder's end, or a placeholder's start.
NUMBERISH_AFTER = r"(?:\d|%\(\w+\)[sd]|\{\w*\})"

MYRIAD = re.compile(r"(\d+)万|\d+億")
NOTATION = re.compile(r"(?<![A-Za-z0-9])\d+[mpsz](?![A-Za-z])")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
HAN_THEN_FU = re.compile(
    r"\d+飜\s*\d+符|何飜何符|飜数?(?:と|や|・)符|"
    r"(?:%\(han\)s|\{han\})飜\s*(?:%\(fu\)s|\{fu\})符"
)
QUOTED_FORMULA = re.compile(r"「[^」]*(?:\d|飜|符)\s*[＋+×＝=－]\s*(?:\d|飜|符|\{|%)[^」]*」")
SPACED_NUMBER = re.compile(
    rf"{JA} {NUMBERISH_AFTER}|(?:(?<![A-Za-z0-9/._-])\d+|%\(\w+\)[sd]|\}}) {JA}"
)
ASCII_MARK = re.compile(rf"{JA}[,:;]|[,:;]{JA}")
#: An ASCII + or = in a Japanese formula (飜数+2, 。+2は): Japanese formulas write ＋ and ＝.
ASCII_PLUS = re.compile(rf"{JA}[+=]\d|\d[+=]{JA}|[。、（「][+=]")
#: A yesno filter's argument ("right,wrong"): ASCII commas are its syntax.
YESNO = re.compile(r"^[^ ,]+(?:,[^ ,]+){1,2}$")


def aotenjou(entry: po.Entry) -> bool:
    text = entry.msgid + " ".join(entry.translations)
    return "aotenjou" in text or "青天井" in text


def myriad_below_a_million(text: str) -> list[str]:
    """万 written for a number below 100万 (19万2000): only 億 or ≥100万 read so."""
    return [m.group(0) for m in MYRIAD.finditer(text) if m.group(1) and int(m.group(1)) < 100]


def notation_not_in_english(msgid: str, text: str) -> list[str]:
    english = set(NOTATION.findall(PLACEHOLDER.sub(" ", msgid)))
    return [code for code in NOTATION.findall(PLACEHOLDER.sub(" ", text)) if code not in english]


def style_faults(entry: po.Entry) -> list[str]:
    """What in this entry's Japanese a Japanese reference would not print."""
    faults = []
    for text in entry.translations:
        if not aotenjou(entry) and (found := myriad_below_a_million(text)):
            faults.append(f"万 below 100万 {found}")
        if found := notation_not_in_english(entry.msgid, text):
            faults.append(f"tile notation {found}")
        if m := HAN_THEN_FU.search(text):
            faults.append(f"han before fu {m.group(0)!r}")
        if m := QUOTED_FORMULA.search(text):
            faults.append(f"formula in 「」 {m.group(0)!r}")
        if m := SPACED_NUMBER.search(text):
            faults.append(f"half-width space {m.group(0)!r}")
        if m := ASCII_PLUS.search(text):
            faults.append(f"ASCII + in a formula {m.group(0)!r}")
        if not YESNO.match(entry.msgid) and (m := ASCII_MARK.search(text)):
            faults.append(f"ASCII mark {m.group(0)!r}")
    return [
        f"{entry.label()}: {fault} in {' | '.join(entry.translations)[:90]!r}" for fault in faults
    ]


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=[c.split("/locale")[0] for c in CATALOGUES])
def test_japanese_is_written_as_a_japanese_reference_writes_it(catalogue: str) -> None:
    faults = [f for e in po.messages(po.read(REPO / catalogue)) for f in style_faults(e)]
    assert not faults, "\n".join([catalogue, *faults])


# ------------------------------------------------------------------------- the checks themselves
def _entry(msgid: str, msgstr: str) -> po.Entry:
    return po.Entry(msgid=msgid, msgstr={0: msgstr}, line=1)


@pytest.mark.parametrize(
    ("msgid", "msgstr", "fault"),
    [
        ("%(n)s points", "19万2000点", "万 below 100万"),
        ("The hand: {hand}", "手牌：223344m45668p55s", "tile notation"),
        ("The winning tile {win}", "和了牌1mで119m19p19s", "tile notation"),
        ("{fu} fu {han} han", "{han}飜{fu}符", "han before fu"),
        ("4 han 30 fu", "4飜30符", "han before fu"),
        ("Enter han and fu", "飜数と符を入力", "han before fu"),
        ("Base points", "基本点＝30符×64（2の「4飜＋2」乗）", "formula in 「」"),
        ("Step %(n)s of %(total)s", "ステップ %(n)s／%(total)s", "half-width space"),
        ("{p} pays {m} × {b}", "{p}は {m} × {b}点", "half-width space"),
        ("Played %(when)s", "対局日時 %(when)s", "half-width space"),
        ("%(deck)s #%(n)s", "%(deck)s 第%(n)s手", "half-width space"),
        ("Yaku: riichi, tsumo", "役：立直,ツモ", "ASCII mark"),
        ("Fu: 30", "符:30", "ASCII mark"),
        ("fu × 2 to the power of (han + 2)", "符×2の（飜数+2）乗", "ASCII + in a formula"),
        ("The +2 is bazoro", "。+2は場ゾロ", "ASCII + in a formula"),
    ],
)
def test_each_fault_is_caught(msgid: str, msgstr: str, fault: str) -> None:
    assert any(fault in f for f in style_faults(_entry(msgid, msgstr))), style_faults(
        _entry(msgid, msgstr)
    )


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("%(n)s points", "192000点"),
        ("Yakuman: 10,000,000 for a non-dealer", "定額（子1000万点、親1500万点）"),
        ("Under [[aotenjou]] 57,3500", "[[aotenjou]]では57万3500点"),
        (
            "Type the hand (e.g. 123m456p789s11z23p).",
            "手牌を入力してください（例：123m456p789s11z23p）。",
        ),
        ("{fu} fu {han} han", "{fu}符{han}飜"),
        ("The quick tables", "早見表の30+α"),
        ("Base points", "基本点＝{fu}符×{power}（2の（{han}＋2）乗）＝{base}点。"),
        ("Step %(n)s of %(total)s", "ステップ%(n)s／%(total)s"),
        ("Keys: Home / End", "キー操作：Home／End で最初／最後へ"),
        ("Paste the tenhou.net/6 JSON", "tenhou.net/6 のJSONを貼り付けてください"),
        ("right,wrong", "正解,不正解"),
        ("%(multiplier)s × %(base)s = %(raw)s", "%(multiplier)s×%(base)s＝%(raw)s"),
    ],
)
def test_what_a_reference_prints_passes(msgid: str, msgstr: str) -> None:
    assert style_faults(_entry(msgid, msgstr)) == []
