"""The calculator with three players in a real browser, by keyboard: choosing a three-player
preset brings the tsumo rule in, each rule changes the payments (the engine's), and going back
to four players takes it away."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer.engine.points import pay
from scorer.engine.rules import resolve_rules


def engine_short(rule: str) -> str:
    """A non-dealer's mangan tsumo under ``rule`` as the calculator writes it."""
    rules = resolve_rules({"preset": "tenhou_sanma", "sanma_tsumo": rule})
    paid = pay(2000, dealer=False, tsumo=True, honba=0, sticks=0, rules=rules, winner=28)
    return f"{paid.tsumo_others:,}/{paid.tsumo_dealer:,}"


def updated(page, action) -> None:
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        action()


def test_three_players_and_the_tsumo_rule_by_keyboard(page):
    page.goto(page.base + "/calc?han=5&tsumo=1")
    short = page.get_by_test_id("calc-short")
    expect(short).to_have_text("2,000/4,000")
    expect(page.locator("#sanma-tsumo")).to_have_count(0)

    updated(page, lambda: page.locator("#rules").select_option("tenhou_sanma"))
    expect(page.locator("#sanma-tsumo")).to_be_visible()
    expect(page.locator("#sanma-tsumo-loss")).to_be_checked()
    expect(short).to_have_text(engine_short("loss"))
    expect(page.locator("#result")).to_contain_text("The winner collects 6,000 in all.")

    # Radio buttons by keyboard: focus the chosen rule, the arrow key moves to the next one.
    page.locator("#sanma-tsumo-loss").focus()
    updated(page, lambda: page.keyboard.press("ArrowRight"))
    expect(page.locator("#sanma-tsumo-split")).to_be_checked()
    expect(short).to_have_text(engine_short("split"))
    assert "sanma_tsumo=split" in page.url
    # The region is swapped in again, and the keyboard stays where it was.
    expect(page.locator("#sanma-tsumo-split")).to_be_focused()
    updated(page, lambda: page.keyboard.press("ArrowRight"))
    expect(short).to_have_text(engine_short("dealer"))
    expect(page.locator("#result")).to_contain_text("the dealer also pays")

    updated(page, lambda: page.locator("#rules").select_option("tenhou"))
    expect(page.locator("#sanma-tsumo")).to_have_count(0)
    expect(short).to_have_text("2,000/4,000")
    assert "sanma_tsumo" not in page.url
