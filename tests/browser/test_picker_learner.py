"""The picker in a real browser, as a newcomer meets it (issue 11): the empty winning slot,
calling any tile of a chi, undo, phone layout, keyboard, contrast, dark mode."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_picker import act, chip, score, tap, tiles_of


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


def test_chi_with_a_red_five_not_the_lowest_by_clicking(page):
    page.goto(page.base + "/")
    act(page, chip(page, "mode-chi"))
    act(page, chip(page, "red"))
    tap(page, "3m")  # 3 called, the red five in hand: [3-40m]
    act(page, chip(page, "mode-chi"))
    act(page, chip(page, "chi-1"))
    tap(page, "4p")  # 4 called as the middle tile: [4-35p]
    melds = page.locator(".hand-row .meld")
    expect(melds).to_have_count(2)
    assert "%5B3-40m%5D" in page.url
    assert "%5B4-35p%5D" in page.url
    expect(melds.nth(0).locator(".tile-side")).to_have_count(1)
