"""Three players in a real browser: the switch, a sanma hand built by clicking, kita norths."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer.engine import score_request
from tests.browser.test_picker import act, chip, tap, wait_idle


def test_a_sanma_hand_with_a_north_set_aside(page):
    page.goto(page.base + "/")
    # The blank picker has 37 tiles, chi and a north seat.
    expect(page.locator("#palette button[data-tile]")).to_have_count(37)
    act(page, chip(page, "sanma-1"))
    expect(page.locator("#palette button[data-tile]")).to_have_count(29)
    expect(page.locator('button[data-tile="5m"]')).to_have_count(0)
    expect(page.locator("#mode-chi")).to_have_count(0)
    expect(page.locator("#seat option")).to_have_count(3)
    expect(page.locator("#rules")).to_have_value("tenhou_sanma")
    assert "rules=tenhou_sanma" in page.url
    # A blank page sits at East, the dealer (the API's default): this hand is South's.
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.select_option("#seat", "2z")
    wait_idle(page)

    for code in ("9m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"):
        tap(page, code)
    tap(page, "9m")
    act(page, chip(page, "tsumo-1"))
    # Kita by keyboard: focus the north button and press Enter, twice; focus stays on it.
    page.locator("#kita").focus()
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator("#kita")).to_be_focused()
    act(page, page.locator("#kita"))
    expect(page.get_by_test_id("nuki")).to_have_text("2")
    expect(page.locator(".nuki-tile")).to_have_count(2)
    assert "nuki=2" in page.url

    request = {"hand": "99m123456p789s11z", "win": "9m", "tsumo": True, "seat": "2z"}
    expected = score_request({**request, "nuki": 2, "rules": "tenhou_sanma"})
    assert expected["ok"]
    expect(page.get_by_test_id("total")).to_have_text(str(expected["payments"]["total"]))
    expect(page.locator('[data-yaku="nuki_dora"]')).to_contain_text("2 han")

    # Take one north back: the score follows.
    act(page, page.locator(".nuki-tile").first)
    expect(page.get_by_test_id("nuki")).to_have_text("1")
    one = score_request({**request, "nuki": 1, "rules": "tenhou_sanma"})
    expect(page.get_by_test_id("total")).to_have_text(str(one["payments"]["total"]))

    # A reload keeps everything (state in the URL).
    page.reload()
    expect(page.get_by_test_id("nuki")).to_have_text("1")
    expect(page.locator("#sanma-1")).to_be_checked()
