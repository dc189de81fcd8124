"""The picker in a real browser, as a newcomer meets it (issue 11): the empty winning slot,
calling any tile of a chi, undo, phone layout, keyboard, contrast, dark mode."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_picker import act, score, tap, tiles_of


def test_thirteen_clicked_tiles_leave_the_winning_slot_empty(page):
    page.goto(page.base + "/")
    for code in tiles_of("123456m456p78s99p"):
        tap(page, code)
    expect(page.locator(".hand-row .hand-tile")).to_have_count(13)
    expect(page.locator("#hand-win")).to_have_count(0)
    expect(page.locator("#win-slot-empty")).to_be_visible()
    expect(page.locator("#score .status")).to_contain_text("Pick the winning tile")
    act(page, page.locator('[data-wait="9s"]'))
    expect(page.locator("#win-slot-empty")).to_have_count(0)
    assert "9 of bamboo" in page.locator("#hand-win").get_attribute("aria-label").lower()
    assert score(page) == ("1", "30", "1500")
