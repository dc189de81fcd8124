"""The tile picker in a real browser: clicking, melds, errors, paste, share, waits, keyboard."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.conftest import load_examples

PALETTE_ORDER = "123450678"
#: A blank picker starts at South; the examples and figures below are the dealer's (East), the
#: seat a request without ``seat`` has.
DEALER = "/?seat=1z"


def wait_idle(page, timeout=10.0):
    """Until no htmx request is in flight and picker.js has nothing queued.

    Polled from here: ``wait_for_function`` evaluates its predicate with ``eval`` in the page,
    which the Content Security Policy (no 'unsafe-eval') refuses."""
    deadline = time.monotonic() + timeout
    while page.evaluate("document.querySelector('.htmx-request') !== null"):
        assert time.monotonic() < deadline, "htmx request still in flight"
        page.wait_for_timeout(20)


def act(page, locator):
    """Click something in the picker and wait for the swapped-in picker."""
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        locator.click()
    wait_idle(page)


def tap(page, code):
    act(page, page.locator(f'button[data-tile="{code}"]'))


def tiles_of(notation):
    """'234m68p' -> ['2m','3m','4m','6p','8p'] in written order."""
    out: list[str] = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", notation):
        out.extend(d + suit for d in digits)
    return out


def chip(page, input_id):
    return page.locator(f"label:has(#{input_id})")


def score(page):
    return (
        page.get_by_test_id("han").text_content(),
        page.get_by_test_id("fu").text_content(),
        page.get_by_test_id("total").text_content(),
    )


def test_wiki_basic_by_clicking(page):
    example = next(e for e in load_examples() if e["id"] == "wiki-basic")
    request = example["request"]
    page.goto(page.base + DEALER)
    for code in [*tiles_of(request["hand"]), request["win"]]:
        tap(page, code)
    act(page, chip(page, "tsumo-1"))
    act(page, page.locator("label:has(#flag-riichi)"))
    act(page, page.locator("#add-dora"))
    tap(page, request["dora"])
    act(page, page.locator("#add-ura"))
    tap(page, request["ura"])
    expect(page.get_by_test_id("total")).to_have_text("11700")
    assert score(page) == ("4", "30", "11700")
    expect(page.locator("#score .pay")).to_contain_text("3,900 all")
    yaku = sorted(page.locator("[data-yaku]").evaluate_all("els => els.map(e => e.dataset.yaku)"))
    assert yaku == sorted(example["expect"]["yaku"])
    # The URL holds the canonical state, without the click's action.
    assert "add=" not in page.url
    assert "riichi=1" in page.url


def test_open_hand_with_chi_and_pon(page):
    page.goto(page.base + DEALER)
    act(page, chip(page, "mode-chi"))
    tap(page, "2m")
    act(page, chip(page, "mode-pon"))
    act(page, chip(page, "from-3"))  # right
    tap(page, "6s")
    for code in tiles_of("345p678p8s8s"):
        tap(page, code)
    melds = page.locator(".hand-row .meld")
    expect(melds).to_have_count(2)
    assert melds.nth(0).get_attribute("aria-label").startswith("chi")
    assert "from the right" in melds.nth(1).get_attribute("aria-label")
    expect(melds.nth(0).locator(".tile-side")).to_have_count(1)
    expect(page.get_by_test_id("han")).to_have_text("1")
    assert score(page) == ("1", "30", "1500")
    expect(page.locator('[data-yaku="tanyao"]')).to_be_visible()
    assert "%5B2-34m%5D" in page.url  # [2-34m]


def test_closed_kan_and_added_kan(page):
    page.goto(page.base + DEALER)
    act(page, chip(page, "mode-closed"))
    tap(page, "2m")
    act(page, chip(page, "mode-added"))
    tap(page, "8p")
    for code in tiles_of("345s567s6m6m"):
        tap(page, code)
    closed = page.locator(".meld-kan_closed")
    expect(closed).to_have_count(1)
    # The outer two tiles of a closed kan lie face down.
    hrefs = closed.locator("use").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert [h.rsplit("#", 1)[1] for h in hrefs] == ["t-back", "t-2m", "t-2m", "t-back"]
    added = page.locator(".meld-kan_added")
    expect(added.locator(".tile-stack")).to_have_count(1)
    assert score(page) == ("1", "50", "2400")
    expect(page.locator('[data-fu="closed_simple_kan"]')).to_be_visible()
    expect(page.locator('[data-fu="open_simple_kan"]')).to_be_visible()


def test_fifth_copy_is_refused(page):
    page.goto(page.base + "/")
    for _ in range(4):
        tap(page, "3m")
    button = page.locator('button[data-tile="3m"]')
    expect(button).to_be_disabled()
    expect(button.locator(".left")).to_have_text("0")
    box = page.locator("#paste")
    box.fill("33333m")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        box.press("Enter")
    wait_idle(page)
    expect(page.locator("#err-hand")).to_contain_text("a fifth 3m")


def test_pasted_notation(page):
    page.goto(page.base + DEALER)
    box = page.locator("#paste")
    box.fill("234m234m456p55s68p7p")
    act(page, page.locator("#paste-go"))
    expect(page.locator(".hand-row .hand-tile")).to_have_count(14)
    assert page.locator("#hand-win").get_attribute("value") == "win"
    assert "7 of circles" in page.locator("#hand-win").get_attribute("aria-label")
    assert score(page) == ("2", "40", "3900")
    # A malformed paste is refused beside the box, the hand is kept.
    box.fill("234x")
    act(page, page.locator("#paste-go"))
    expect(page.locator("#err-paste")).to_contain_text("“x” is not part of the notation")
    expect(page.locator(".hand-row .hand-tile")).to_have_count(14)


def test_share_url_reproduces_the_state(page, browser):
    page.goto(page.base + "/")
    page.locator("#paste").fill("234m234m456p55s68p7p")
    act(page, page.locator("#paste-go"))
    act(page, page.locator("label:has(#flag-riichi)"))
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.select_option("#seat", "2z")
    wait_idle(page)
    expected = score(page)
    share = page.locator("#share").get_attribute("href")
    assert share == page.url.removeprefix(page.base)
    fresh = browser.new_context().new_page()
    try:
        fresh.goto(page.base + share)
        assert score(fresh) == expected
        expect(fresh.locator("#flag-riichi")).to_be_checked()
        expect(fresh.locator("#seat")).to_have_value("2z")
        expect(fresh.locator("#paste")).to_have_value("223344m45668p55s7p")
    finally:
        fresh.context.close()


def test_waits_of_a_ready_hand(page):
    page.goto(page.base + "/?hand=123456m456p78s99p")
    waits = page.locator("[data-wait]")
    expect(waits).to_have_count(2)
    assert waits.evaluate_all("els => els.map(e => e.dataset.wait)") == ["6s", "9s"]
    expect(page.locator("#score .waits")).to_contain_text("1,500")
    act(page, page.locator('[data-wait="9s"]'))
    assert score(page) == ("1", "30", "1500")
    expect(page.locator('[data-yaku="pinfu"]')).to_be_visible()
    assert "win=9s" in page.url


def test_keyboard_only(page):
    page.goto(page.base + "/")
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "pal-2m":
            break
    assert page.evaluate("document.activeElement.id") == "pal-2m"
    for _ in range(2):
        with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
            page.keyboard.press("Enter")
        wait_idle(page)
        # Focus stays on the same palette tile after the swap.
        assert page.evaluate("document.activeElement.id") == "pal-2m"
    expect(page.locator(".hand-row .hand-tile")).to_have_count(2)
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "paste"
    page.keyboard.press("Control+A")
    page.keyboard.type("234m234m456p55s68p7p")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("Enter")
    wait_idle(page)
    expect(page.get_by_test_id("fu")).to_have_text("40")
    page.focus("#tsumo-0")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("ArrowRight")
    wait_idle(page)
    expect(page.locator("#tsumo-1")).to_be_checked()
    assert score(page)[:2] == ("3", "30")


def test_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + DEALER)
        for code in ["2m", "3m"]:
            page.locator(f'button[data-tile="{code}"]').click()
            page.wait_for_load_state()
        # Each click is a GET that lands on the canonical URL (no action left in it).
        assert page.url.endswith("/?hand=2m&win=3m")
        expect(page.locator(".hand-row .hand-tile")).to_have_count(2)
    finally:
        context.close()


def test_keyboard_focus_survives_removing_a_tile(page):
    page.goto(page.base + "/?hand=123m&win=4m")
    page.focus("#hand-1m-1")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator(".hand-row .hand-tile")).to_have_count(3)
    focused = page.evaluate("document.activeElement.id")
    assert focused.startswith("hand-")
    expect(page.locator("#live")).to_have_text("Add 11 more tiles.")


def test_fast_clicks_are_not_lost(page):
    page.goto(page.base + "/")
    for code in ["1m", "2m", "3m", "4m", "5m", "6m"]:
        page.locator(f'button[data-tile="{code}"]').click()
    expect(page.locator(".hand-row .hand-tile")).to_have_count(6)
    expect(page.locator("#paste")).to_have_value("12345m6m")
