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


def test_undo_and_redo_with_buttons_and_ctrl_z(page):
    page.goto(page.base + "/")
    expect(page.locator("#undo")).to_be_disabled()
    for code in ["1m", "2m", "3m"]:
        tap(page, code)
    assert page.url.endswith("/?hand=12m&win=3m")
    act(page, page.locator("#undo"))
    assert page.url.endswith("/?hand=1m&win=2m")
    expect(page.locator(".hand-row .hand-tile")).to_have_count(2)
    expect(page.locator("#redo")).to_be_enabled()
    page.locator("body").click(position={"x": 5, "y": 5})
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("Control+z")
    expect(page.locator(".hand-row .hand-tile")).to_have_count(1)
    assert page.url.endswith("/?win=1m")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("Control+Shift+Z")
    expect(page.locator(".hand-row .hand-tile")).to_have_count(2)
    # The share link is always the canonical URL of what is shown.
    assert page.locator("#share").get_attribute("href") == "/?hand=1m&win=2m"
    # A new change after an undo drops the redo branch.
    tap(page, "9p")
    expect(page.locator("#redo")).to_be_disabled()
    # Ctrl+Z in the notation box stays the box's own text undo.
    page.locator("#paste").focus()
    page.keyboard.press("Control+z")
    assert page.url.endswith("/?hand=12m&win=9p")
    # A reload keeps the stack (per tab).
    page.reload()
    act(page, page.locator("#undo"))
    assert page.url.endswith("/?hand=1m&win=2m")
