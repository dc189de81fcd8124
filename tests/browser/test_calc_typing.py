"""The calculator keeps every keystroke (issue 22 item 9): a change swaps only the answer, so what
the learner types in the next field while the answer is on its way stays in that field."""

from __future__ import annotations

from playwright.sync_api import expect


def test_typing_on_while_the_answer_is_on_its_way(page):
    page.goto(page.base + "/calc")
    held = []
    holding = [True]

    def hold(route):
        if holding[0] and route.request.headers.get("hx-request") == "true":
            held.append(route)
        else:
            route.continue_()

    page.route("**/calc?*", hold)
    page.locator("#han").click()
    page.keyboard.type("5")
    page.keyboard.press("Tab")  # a change: the answer for han=5 is asked for (and held)
    page.locator("#honba").click()
    page.keyboard.type("2")
    page.keyboard.press("Tab")  # another change, while the first answer is on its way
    page.keyboard.type("1")  # in Riichi sticks
    assert held, "the first change asked for no answer"
    holding[0] = False
    for route in held:
        route.continue_()
    page.keyboard.press("Tab")
    expect(page.locator("#han")).to_have_value("5")
    expect(page.locator("#honba")).to_have_value("2")
    expect(page.locator("#sticks")).to_have_value("1")
    # The answer shown is the one for everything typed: 8,000 + 2 × 300, and the stick's 1,000.
    expect(page.get_by_test_id("calc-short")).to_have_text("8,600")
    expect(page.locator("#result")).to_contain_text("The winner collects 9,600 in all.")
    expect(page).to_have_url(page.base + "/calc?han=5&fu=30&honba=2&sticks=1&rules=tenhou")


def test_a_field_message_comes_and_goes_beside_its_field(page):
    page.goto(page.base + "/calc?han=4")
    han = page.locator("#han")
    han.fill("0")
    han.press("Tab")
    expect(page.locator("#err-han")).to_be_visible()
    expect(page.locator("#err-han")).to_contain_text("Han: a whole number from 1 to 99.")
    expect(han).to_have_attribute("aria-invalid", "true")
    han.fill("3")
    han.press("Tab")
    expect(page.get_by_test_id("calc-short")).to_have_text("3,900")
    expect(page.locator("#err-han")).to_be_hidden()
    expect(han).not_to_have_attribute("aria-invalid", "true")
