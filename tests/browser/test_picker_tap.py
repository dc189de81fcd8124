"""Issue 29, the picker at the speed of a tap on one phone screen: a tap draws its tile before
the server answers (the answer held back by Playwright's routing), the palette stays under the
thumb while melds are entered, the whole palette and Ron/Tsumo/Riichi fit one 390×844 screen,
one default seat for a blank page and the page's example links, and the phone's Menu."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_picker import act, chip, tap, wait_idle

PHONE = {"width": 390, "height": 844}


def phone(browser, live_server, width=390, height=844):
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = live_server.url
    return context, page


def held_back(page):
    """Hold every htmx request until released: ``release()`` lets them through."""
    held = []
    page.route(
        "**/*",
        lambda route: (
            held.append(route)
            if route.request.headers.get("hx-request") == "true"
            else route.continue_()
        ),
    )

    def release():
        while held:
            held.pop(0).continue_()

    return held, release


def hand_codes(page):
    return page.locator("#hand-row .hand-tile:not([hidden])").evaluate_all(
        "els => els.map(e => e.value || e.dataset.code)"
    )


def test_a_tap_draws_its_tile_before_the_answer_and_the_answer_confirms_it(browser, live_server):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/?hand=123m6p&win=9s")
    held, release = held_back(page)
    page.locator('button[data-tile="5p"]').click()
    # The server has not answered: the tile is in the hand, in order, and counted.
    assert len(held) == 1
    assert hand_codes(page) == ["1m", "2m", "3m", "5p", "6p", "9s"]
    expect(page.locator("#tile-count .held")).to_have_text("6")
    expect(page.locator('button[data-tile="5p"] .left')).to_have_text("3")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        release()
    wait_idle(page)
    # The answer: the same hand, now the server's buttons (no drawn copy left over).
    assert hand_codes(page) == ["1m", "2m", "3m", "5p", "6p", "9s"]
    expect(page.locator("#hand-row .is-drawn")).to_have_count(0)
    expect(page.locator("#hand-row button.hand-tile")).to_have_count(6)
    expect(page.locator("#hand-row")).not_to_have_class("hand-row is-corrected")
    assert "hand=123m56p&win=9s" in page.url or "win=5p" in page.url
    context.close()


def test_fast_taps_are_all_drawn_at_once_and_all_kept(browser, live_server):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/")
    held, release = held_back(page)
    for code in ("7z", "1m", "4s"):
        page.locator(f'button[data-tile="{code}"]').click()
    # One request in flight, two taps queued: all three tiles are drawn, sorted.
    assert len(held) == 1
    assert hand_codes(page) == ["1m", "4s", "7z"]
    expect(page.locator("#tile-count .held")).to_have_text("3")
    for _ in range(3):
        with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
            release()
            page.wait_for_timeout(50)
        # After each answer the taps still queued stay drawn.
        assert sorted(hand_codes(page)) == ["1m", "4s", "7z"]
        page.wait_for_timeout(100)
    release()
    wait_idle(page)
    expect(page.locator("#hand-row button.hand-tile")).to_have_count(3)
    expect(page.locator("#tile-count .held")).to_have_text("3")
    context.close()


def test_a_tap_the_server_never_answered_is_taken_back_visibly(browser, live_server):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/?hand=123m")
    held = []
    page.route(
        "**/*",
        lambda route: (
            held.append(route)
            if route.request.headers.get("hx-request") == "true"
            else route.continue_()
        ),
    )
    page.locator('button[data-tile="8s"]').click()
    assert hand_codes(page) == ["1m", "2m", "3m", "8s"]
    held[0].abort()
    expect(page.locator("#hand-row")).to_have_class("hand-row is-corrected")
    assert hand_codes(page) == ["1m", "2m", "3m"]
    expect(page.locator("#tile-count .held")).to_have_text("3")
    expect(page.locator('button[data-tile="8s"] .left')).to_have_text("4")
    context.close()


def test_a_tap_that_removes_a_tile_takes_it_out_at_once(browser, live_server):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/?hand=1234m")
    _held, release = held_back(page)
    page.locator('#hand-row button[value="3m"]').click()
    assert hand_codes(page) == ["1m", "2m", "4m"]
    expect(page.locator("#tile-count .held")).to_have_text("3")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        release()
    wait_idle(page)
    assert hand_codes(page) == ["1m", "2m", "4m"]
    context.close()


def palette_box(page):
    return page.locator("#palette").bounding_box()


def test_the_palette_stays_under_the_thumb_through_a_pon_a_chi_and_a_closed_kan(
    browser, live_server
):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/?hand=11p")
    start = palette_box(page)
    scroll = page.evaluate("scrollY")

    def still_in_view(step):
        box = palette_box(page)
        assert box["y"] >= 0, step
        assert box["y"] + box["height"] <= PHONE["height"], step
        assert abs(box["y"] - start["y"]) <= 4, f"{step}: the palette moved {box['y'] - start['y']}"
        assert page.evaluate("scrollY") == scroll, f"{step}: the page scrolled"

    for mode, code in (("pon", "5z"), ("chi", "3m"), ("closed", "9s")):
        act(page, chip(page, f"mode-{mode}"))
        still_in_view(f"{mode} chosen")
        tap(page, code)
        still_in_view(f"{mode} made")
    for code in ("6s", "7s", "8s"):
        tap(page, code)
        still_in_view(f"{code} added")
    expect(page.locator("#hand-row .meld-btn")).to_have_count(3)
    expect(page.get_by_test_id("total")).to_have_count(1)
    context.close()


def in_view(page, locator, height):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_whole_palette_and_the_win_and_riichi_toggles_fit_one_phone_screen(
    browser, live_server
):
    for width, height in ((390, 844), (360, 780)):
        context, page = phone(browser, live_server, width, height)
        # A whole hand, with the row of "won on another tile?" tiles under it.
        page.goto(page.base + "/?hand=223344m45668p55s&win=7p")
        buttons = page.locator("#palette .pal-tile")
        expect(buttons).to_have_count(37)
        tops = buttons.evaluate_all(
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))"
        )
        # One suit per row: four rows (m, p, s with their red fives; the honours).
        assert len(set(tops)) == 4, (width, sorted(set(tops)))
        for index in range(37):
            assert in_view(page, buttons.nth(index), height), (width, index)
        for control in ("label:has(#tsumo-0)", "label:has(#tsumo-1)", "label:has(#flag-riichi)"):
            assert in_view(page, page.locator(control), height), (width, control)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        context.close()


def test_the_example_links_and_a_blank_page_score_the_same_seat(page):
    page.goto(page.base + "/")
    expect(page.locator("#seat")).to_have_value("1z")
    expect(page.locator("#seat option:checked")).to_have_text("East (dealer)")
    page.locator(".samples a").first.click()
    expect(page.locator("#seat")).to_have_value("1z")
    example = page.get_by_test_id("total").text_content()
    # The same hand built on a blank page (Clear keeps the situation) scores the same.
    act(page, page.locator("#clear"))
    page.goto(page.base + "/")
    act(page, chip(page, "tsumo-1"))
    act(page, page.locator("label:has(#flag-riichi)"))
    page.locator("#paste").fill("223344m45668p55s7p")
    act(page, page.locator("#paste-go"))
    act(page, page.locator("#add-dora"))
    tap(page, "9s")
    act(page, page.locator("#add-ura"))
    tap(page, "1z")
    expect(page.get_by_test_id("total")).to_have_text(example)


def test_the_phone_menu_shows_every_page_and_sign_up(browser, live_server):
    context, page = phone(browser, live_server)
    page.goto(page.base + "/")
    nav = page.locator("#site-nav")
    expect(nav).to_be_hidden()
    page.get_by_role("button", name="Menu").click()
    expect(nav).to_be_visible()
    names = [
        "Score",
        "Calculator",
        "Learn",
        "Tables",
        "Quiz",
        "Review a game",
        "Classes",
        "Saved hands",
        "Log in",
        "Sign up",
    ]
    for name in names:
        link = nav.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        assert in_view(page, link, PHONE["height"]), name
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    page.get_by_role("button", name="Menu").click()
    nav.get_by_role("link", name="Sign up", exact=True).click()
    expect(page).to_have_url(page.base + "/accounts/signup/")
    context.close()


def test_the_desktop_header_lists_every_page_without_a_menu(page):
    page.goto(page.base + "/")
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    for name in ("Score", "Saved hands", "Log in", "Sign up"):
        expect(page.locator("#site-nav").get_by_role("link", name=name, exact=True)).to_be_visible()
    # Win type and riichi beside the hand, above the palette.
    riichi = page.locator("label:has(#flag-riichi)").bounding_box()
    palette = page.locator("#palette").bounding_box()
    assert riichi["y"] + riichi["height"] <= palette["y"]
    assert riichi["y"] + riichi["height"] <= 800
