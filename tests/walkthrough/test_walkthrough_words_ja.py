"""The walkthrough's words, round three (issue 28): 万 only under aotenjou, and the Japanese of the
steps written as a Japanese reference writes it (terse, no formula in 「」, no stray spaces)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.walkthrough.test_walkthrough import parse_steps

pytestmark = pytest.mark.django_db

#: Three yakuman (daisuushii, tsuuiisou, suuankou tanki) by the dealer's tsumo under Tenhou's
#: rules: 48000オール, 144000点. A limited hand: no myriad units, no aotenjou.
TRIPLE = "hand=111z222z333z444z5z&win=5z&tsumo=1&seat=1z"
#: The same hand by ron: 144000点 in the walkthrough's header.
TRIPLE_RON = "hand=111z222z333z444z5z&win=5z&seat=1z"
AOTENJOU = "hand=555666777z123m4p&win=4p&seat=1z&rules=aotenjou"


def _page(client: Client, prefix: str, query: str) -> str:
    return client.get(f"{prefix}/tutor/explain?{query}&view=all").content.decode()


@pytest.mark.parametrize("prefix", ["", "/ja"])
@pytest.mark.parametrize("query", [TRIPLE, TRIPLE_RON])
def test_a_limited_hand_has_no_myriad_line_and_no_aotenjou_link(
    client: Client, prefix: str, query: str
) -> None:
    """Issue 28.5: 「144,000 14万4000」 and a 青天井 link under the total of a Tenhou hand."""
    html = _page(client, prefix, query)
    assert 'data-testid="myriad"' not in html
    assert not re.search(r"\d万", html)
    total = next(s for s in parse_steps(html) if s["kind"] == "total")
    assert "glossary#aotenjou" not in total["body"]
    assert "144" in total["text"]


def test_the_japanese_header_of_a_limited_hand_writes_plain_digits(client: Client) -> None:
    html = _page(client, "/ja", TRIPLE_RON)
    header = re.search(r'data-testid="total">([^<]+)<', html)
    assert header
    assert "144000" in header.group(1)
    assert "万" not in header.group(1)


def test_under_aotenjou_the_japanese_total_step_reads_in_myriad_units_once(client: Client) -> None:
    """Under aotenjou the Japanese sentence already writes the total in 万/億: the grouped digits
    beside it (an English reader's aid) are not repeated; the 青天井 link stays."""
    html = _page(client, "/ja", AOTENJOU)
    assert 'glossary#aotenjou"' in html
    assert 'data-testid="myriad"' not in html
    english = _page(client, "", AOTENJOU)
    assert 'data-testid="myriad"' in english


# ------------------------------------------------------------- the sweep of issue 19, extended
#: 万/億 for a number (19万2000): only under aotenjou.
MYRIAD = re.compile(r"\d+[万億]")
#: A formula in 「」 (「4飜＋2」): written, not quoted.
QUOTED_FORMULA = re.compile(r"「[^」]*(?:\d|飜|符)\s*[＋+×＝=]\s*(?:\d|飜|符)[^」]*」")
JA = r"[\u3001-\u303f\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]"
#: A half-width space between Japanese text and a number (「親は 2 × 1280」, 「役で4飜 + ドラ」).
SPACED = re.compile(rf"{JA} [\d+＋=＝×]|(?<![A-Za-z0-9/._-])\d+ {JA}|[+=] {JA}")
#: Five digits or more written plainly: beside a 万 figure, two styles in one sentence.
PLAIN_BIG = re.compile(r"(?<![\d,万億])\d{5,}(?![\d,万億])")
#: An ASCII comma, colon or semicolon beside Japanese text.
ASCII_MARK = re.compile(rf"{JA}[,:;]|[,:;]{JA}")


def test_two_hundred_japanese_walkthroughs_write_numbers_and_formulas_as_a_reference() -> None:
    from tests.walkthrough.test_walkthrough_sweep import _walk

    faults = []
    for request, where, sentence in _walk("ja"):
        checks = {"formula in 「」": QUOTED_FORMULA, "ASCII mark": ASCII_MARK}
        if "(hand)" not in where:  # the hand line joins its melds with " + " (house-steps')
            checks["space"] = SPACED
        if request.get("rules") != "aotenjou":
            checks["万 outside aotenjou"] = MYRIAD
        for name, pattern in checks.items():
            if m := pattern.search(sentence):
                faults.append(f"{name} {m.group(0)!r}: {sentence!r} at {where} of {request}")
        for part in re.split(r"(?<=。)", sentence):
            if MYRIAD.search(part) and PLAIN_BIG.search(part):
                faults.append(f"two number styles in one sentence: {part!r} at {where}")
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:40])


@pytest.mark.parametrize(
    ("pattern", "sentence"),
    [
        (QUOTED_FORMULA, "基本点＝30符×64（2の「4飜＋2」乗）＝1920点。"),
        (SPACED, "親は 2 × 1280 = 2560 → 2600点を支払います。"),
        (SPACED, "役で4飜 + ドラで0飜 = 4飜。"),
        (ASCII_MARK, "役：立直,ツモ"),
        (MYRIAD, "144,000 14万4000"),
        (PLAIN_BIG, "放銃者は4×573440＝229万3760 → 229万3800点を支払います。"),
    ],
)
def test_the_sweep_catches_what_issue_28_quoted(pattern: re.Pattern[str], sentence: str) -> None:
    assert pattern.search(sentence)
