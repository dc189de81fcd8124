"""Japanese headings: the Japanese gothic stack first, no Latin serif before it (issue 28), so a
heading's figures and Latin letters ("30符", "Mリーグ") are drawn in the same face as its kana;
English headings keep the serif."""

from __future__ import annotations

import pytest

SERIFS = ("Iowan Old Style", "Palatino", "Georgia", "Serif", "serif")


def _heading_fonts(browser, live_server, url: str) -> list[str]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(live_server.url + url)
        fonts: list[str] = page.evaluate(
            "() => [...document.querySelectorAll('main h1, main h2, main h3')]"
            ".map(h => getComputedStyle(h).fontFamily)"
        )
        return fonts
    finally:
        context.close()


@pytest.mark.parametrize(
    "url", ["/ja/tutor/lessons/quick-method", "/ja/tutor/glossary", "/ja/tutor/tables"]
)
def test_japanese_headings_start_with_the_gothic_stack(browser, live_server, url):
    fonts = _heading_fonts(browser, live_server, url)
    assert fonts
    for family in fonts:
        first = family.split(",")[0].strip().strip('"')
        assert first == "Hiragino Sans", family
        gothic = family.index("Hiragino Sans")
        assert not any(0 <= family.find(serif) < gothic for serif in SERIFS), family


def test_english_headings_keep_the_serif(browser, live_server):
    fonts = _heading_fonts(browser, live_server, "/tutor/lessons/quick-method")
    assert fonts
    assert all(f.split(",")[0].strip().strip('"') == "Iowan Old Style" for f in fonts), fonts
