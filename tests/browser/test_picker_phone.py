"""Issue 22, the picker on a phone (item 1: the sticky hand strip, "+ add" an indicator) and
marking the winning tile with one tap (item 5)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_picker import DEALER, act, tap, tiles_of

PHONE = {"width": 390, "height": 844}


def in_view(page, selector):
    return page.locator(selector).evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"
    )


def test_phone_keeps_the_hand_in_sight_while_tapping_the_palette(page):
    page.set_viewport_size(PHONE)
    page.goto(page.base + DEALER)
    for code in tiles_of("234m234m"):
        tap(page, code)
    expect(page.locator("#hand-strip")).to_be_hidden()  # the hand row is on screen
    # The hand row scrolled away (the palette sits right under it now: past its bottom).
    page.evaluate(
        "window.scrollBy(0, document.getElementById('hand-row').getBoundingClientRect().bottom + 8)"
    )
    assert not in_view(page, "#hand-row")
    strip = page.locator("#hand-strip")
    expect(strip).to_be_visible()
    assert in_view(page, "#hand-strip")
    expect(strip.locator(".strip-count")).to_have_text("6/14")
    for code in tiles_of("456p55s68p7p"):
        tap(page, code)
    expect(strip.locator(".tile")).to_have_count(14)
    expect(strip.locator(".strip-count")).to_have_text("14/14")
    total = page.locator("#score .total .num").inner_text()
    expect(strip.locator(".strip-score")).to_have_text(total)
    assert in_view(page, "#hand-strip")


def test_phone_add_dora_brings_the_palette_with_a_banner(page):
    page.set_viewport_size(PHONE)
    page.goto(page.base + DEALER + "&hand=234m234m456p55s68p&win=7p")
    add = page.locator("#add-dora")
    add.scroll_into_view_if_needed()
    act(page, add)
    banner = page.locator("#pick-banner")
    # Under the tiles (a mode's choices never push the palette): "above".
    expect(banner).to_have_text("Pick the dora indicator: tap a tile above. Cancel")
    assert in_view(page, "#pick-banner")
    assert in_view(page, 'button[data-tile="1m"]')
    tap(page, "1m")
    expect(page.locator("#pick-banner")).to_have_count(0)
    expect(page.locator("#dora-1m-1")).to_be_visible()
    assert in_view(page, "#add-dora")
    assert "dora=1m" in page.url


def test_one_tap_marks_the_winning_tile(page):
    page.goto(page.base + DEALER + "&hand=234m234m456p55s68p&win=7p")
    expect(page.locator("#setwin-7p")).to_be_disabled()
    act(page, page.locator("#setwin-6p"))
    assert "win=6p" in page.url
    label = page.locator("#hand-win").get_attribute("aria-label")
    assert "6 of circles" in label
    expect(page.locator("#setwin-6p")).to_have_attribute("aria-current", "true")
