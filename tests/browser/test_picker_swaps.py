"""Issue 22 (round two of the learner's first hour), the picker in a real browser: a click swaps
only the small regions that changed (item 3), disabled Undo/Redo look disabled and the hand says
that a tap removes a tile (item 6)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_picker import DEALER, act, tap, tiles_of

#: Tags every element of the picker with a mark, then counts the elements a swap brought in.
MARK_JS = """
() => {
  let n = 0;
  for (const el of document.querySelectorAll('#picker *')) { el.__kept = ++n; }
  window.__added = 0;
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node.nodeType === 1) window.__added += 1 + node.querySelectorAll('*').length;
    }
  }).observe(document.getElementById('picker'), {childList: true, subtree: true});
  return n;
}
"""
KEPT_JS = "(selector) => Boolean(document.querySelector(selector).__kept)"


def test_a_tile_click_swaps_only_small_regions(page):
    page.goto(page.base + DEALER + "&hand=234m234m456p5s&win=5s")
    total = page.evaluate(MARK_JS)
    tap(page, "8p")
    # The palette, its other buttons, the notation's buttons and the situation stay as they were.
    for selector in (
        "#palette",
        'button[data-tile="1m"]',
        'button[data-tile="7p"]',
        "#paste-go",
        "#clear",
        "#undo",
        "#situation",
        "#seat",
        "#modes",
        "#hand-card",
    ):
        assert page.evaluate(KEPT_JS, selector), f"{selector} was redrawn"
    # The tile clicked shows its new count; the hand has the tile.
    expect(page.locator('button[data-tile="8p"] .left')).to_have_text("3")
    expect(page.locator(".hand-row .hand-tile")).to_have_count(12)
    added = page.evaluate("window.__added")
    assert added < total / 3, f"{added} of {total} elements redrawn for one tile"


def test_disabled_undo_looks_disabled_and_hand_tiles_say_a_tap_removes_them(page):
    page.goto(page.base + DEALER)
    undo = page.locator("#undo")
    expect(undo).to_be_disabled()
    faded = float(undo.evaluate("el => getComputedStyle(el).opacity"))
    clear = float(page.locator("#clear").evaluate("el => getComputedStyle(el).opacity"))
    assert faded < 0.6 < clear
    for code in tiles_of("12m"):
        tap(page, code)
    expect(undo).to_be_enabled()
    assert float(undo.evaluate("el => getComputedStyle(el).opacity")) == 1
    expect(page.locator("#hand-hint")).to_have_text("Tap a tile of the hand to remove it.")
    tile = page.locator(".hand-row .hand-tile").first
    tile.hover()
    mark = tile.evaluate("el => getComputedStyle(el, '::after').content")
    assert mark == '"×"'
    act(page, page.locator("#clear"))
    expect(page.locator("#hand-hint")).to_have_count(0)


def test_a_tile_added_before_others_keeps_their_buttons(page):
    """Issue 29.2: the hand's buttons are numbered by kind (hand-4m-1), so a tile added in front
    of them shifts no id and the morph keeps every one of them: one tile drawn, not the row."""
    page.goto(page.base + DEALER + "&hand=456m456p78s")
    page.evaluate(MARK_JS)
    old = page.locator("#hand-row .hand-tile").evaluate_all("els => els.map(e => e.id)")
    assert len(old) == 8
    tap(page, "1m")
    for button_id in old:
        assert page.evaluate(KEPT_JS, f"#{button_id}"), f"#{button_id} was redrawn"
    expect(page.locator("#hand-row .hand-tile")).to_have_count(9)
    # The new tile's button (button, tile, svg, use), drawn once by picker.js and kept.
    added = page.evaluate("window.__added")
    assert added <= 4, f"{added} elements drawn for one tile"
