"""The quick-reference tables with three players in a real browser: choosing a three-player
preset brings in the tsumo rule menu (it is part of the swapped region), a rule redraws the
tables with the engine's figures, and the keyboard stays on the menu."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer.engine import ALL_PRESETS
from scorer.engine.rules import resolve_rules
from scorer.engine.tables import cell


def test_the_tsumo_rule_menu_comes_with_three_players(page):
    page.goto(page.base + "/tutor/tables")
    expect(page.locator("#sanma-tsumo-select")).to_have_count(0)
    page.select_option("#rules-select", "tenhou_sanma")
    page.wait_for_selector('#tables-region[data-rules="tenhou_sanma"]')
    menu = page.locator("#sanma-tsumo-select")
    expect(menu).to_have_value("loss")
    loss = cell(30, 5, False, ALL_PRESETS["tenhou_sanma"])
    mangan = page.locator('[data-table="non-dealer"] [data-limit-row="mangan"] .tsumo')
    expect(mangan).to_have_text(f"({loss.tsumo_others:,}/{loss.tsumo_dealer:,} = 6,000)")

    # By keyboard: on the menu, the arrow key picks the next rule (the split).
    menu.focus()
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("ArrowDown")
    split = cell(30, 5, False, resolve_rules({"preset": "tenhou_sanma", "sanma_tsumo": "split"}))
    expect(mangan).to_have_text(f"({split.tsumo_others:,}/{split.tsumo_dealer:,} = 8,000)")
    expect(page.locator("#sanma-tsumo-select")).to_be_focused()
    assert "sanma_tsumo=split" in page.url

    page.select_option("#rules-select", "tenhou")
    page.wait_for_selector('#tables-region[data-rules="tenhou"]')
    expect(page.locator("#sanma-tsumo-select")).to_have_count(0)
