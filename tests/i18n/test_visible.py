"""The English detector of the "no English left" test, on small pages: it must find English and
pass Japanese, notation and English marked as shown on purpose."""

from __future__ import annotations

import pytest

from tests.i18n.visible import english, english_in, visible_text


def test_visible_text_skips_scripts_styles_and_marked_english() -> None:
    html = (
        "<html><head><title>点数</title><style>body{color:red}</style></head><body>"
        '<script>var hidden = "Some English";</script>'
        '<p title="ヒント">立直 <span lang="en">riichi</span> <code>123m456p</code></p>'
        '<img alt="赤五筒"><input placeholder="手牌"><br>'
        '<button aria-label="閉じる">×</button><span class="romaji">tsumo</span>'
        "</body></html>"
    )
    assert visible_text(html) == ["点数", "ヒント", "立直 ", "赤五筒", "手牌", "閉じる", "×"]


@pytest.mark.parametrize(
    ("chunk", "found"),
    [
        ("Add tiles", ["Add tiles"]),
        ("Add 3 more tiles.", ["Add more tiles"]),
        ("手牌を入力 Score", ["Score"]),
        ("30符 2飜 1300・2600", []),
        ("手牌 123m456p789s + 5z", []),
        ("Tenbo 点棒 · Tenhou・M-League・WRC・EMA", []),
        ("fu", []),  # a single short word: notation-like, allowed
        ("Riichi", ["Riichi"]),
        ("the han", ["the han"]),
        ("CSV をダウンロード", []),
        ("参加： http://testserver/ja/tutor/class/join/", []),
        ("Ctrl+Shift+Z でやり直し", []),
    ],
)
def test_english_fragments(chunk: str, found: list[str]) -> None:
    assert english(chunk) == found


def test_english_in_a_page_lists_each_fragment_once() -> None:
    html = "<p>Back to the picker</p><p>Back to the picker</p><a title='Next question'>次</a>"
    assert english_in(html) == ["Back to the picker", "Next question"]
