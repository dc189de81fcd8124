"""Saved hands in a browser (issue 22 items 7, 8): save from the picker, land back on it with
"Saved ✓ — open the collection", remove a hand and undo, and Delete asks first; axe-core finds
nothing serious on the way, light or dark, desktop or phone (a hovered quiet button in the dark
was 2.5:1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
HAND = "/?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1"
SERIOUS = """async () => (await axe.run(document)).violations
  .filter(v => v.impact === 'serious' || v.impact === 'critical')
  .flatMap(v => v.nodes.map(n => v.id + ': ' + n.target.join(' ')))"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_save_find_remove_undo(browser, live_server, scheme, width):
    context = browser.new_context(
        viewport={"width": width, "height": 844}, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(path=str(AXE))
    found = {}
    try:
        page.goto(live_server.url + HAND)
        page.locator("#save-hand-link").click()
        title = page.locator("#hand-title")
        expect(title).to_have_value(
            "Riichi, Menzen tsumo, Tanyao, Iipeikou — 30 fu 4 han, 11,700 points"
        )
        found["save"] = page.evaluate(SERIOUS)
        page.locator("#save-hand").click()
        page.wait_for_url(live_server.url + HAND)
        flash = page.locator(".flash")
        expect(flash).to_contain_text("Saved ✓")
        found["back"] = page.evaluate(SERIOUS)
        expect(page.get_by_test_id("nav-saved")).to_have_count(1)
        page.get_by_test_id("saved-link").click()
        expect(page.locator("#hands .row")).to_have_count(1)
        expect(page.locator("#hands .row img")).to_have_count(14)
        page.locator("#hands .row button", has_text="Remove").click()
        expect(page.get_by_test_id("undo")).to_contain_text("Removed")
        expect(page.locator("#hands .row")).to_have_count(0)
        found["undo"] = page.evaluate(SERIOUS)
        page.locator("#undo-remove").click()
        expect(page.locator("#hands .row")).to_have_count(1)
        summary = page.get_by_test_id("delete-confirm").locator("summary")
        summary.click()
        summary.hover()
        expect(page.locator("#delete-collection")).to_be_visible()
        found["confirm"] = page.evaluate(SERIOUS)
    finally:
        context.close()
    assert not any(found.values()), found


@pytest.mark.django_db(transaction=True)
def test_a_phone_row_keeps_its_links_off_the_card_edge(browser, live_server):
    """Issue 29.10: app.css's `.rows li` (the score panel's lines) took the row's padding away,
    and "Present" touched the card's edge on a phone."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + HAND)
        page.locator("#save-hand-link").click()
        page.locator("#save-hand").click()
        page.wait_for_url(live_server.url + HAND)
        page.get_by_test_id("saved-link").click()
        row = page.locator("#hands .row").first
        expect(row).to_be_visible()
        box = row.bounding_box()
        for part in (".row-num", ".row-main", ".row-links"):
            inner = row.locator(part).bounding_box()
            assert inner["x"] >= box["x"] + 8, part
            assert inner["x"] + inner["width"] <= box["x"] + box["width"] - 8, part
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
