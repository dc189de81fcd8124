"""The picker in a real browser, as a newcomer meets it (issue 11): the empty winning slot,
calling any tile of a chi, undo, phone layout, keyboard, contrast, dark mode."""

from __future__ import annotations

import struct
import zlib

from playwright.sync_api import expect

from tests.browser.test_picker import DEALER, act, chip, score, tap, tiles_of


def test_thirteen_clicked_tiles_leave_the_winning_slot_empty(page):
    page.goto(page.base + DEALER)
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
    page.goto(page.base + DEALER)
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


SIZES = "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
FOUR_KANS = "/?hand=(1111m)%5B2%3D222p%5D(3333s)%7B4%3D444%5Ez%7D7z&win=7z&tsumo=1&rinshan=1"


def on_phone(browser, live_server, scale=1):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=scale, is_mobile=True
    )
    page = context.new_page()
    page.base = live_server.url
    return page


def label_is_uncovered(page):
    """The RON/TSUMO label is drawn, inside the hand row, and nothing lies on top of it."""
    return page.evaluate(
        """() => {
        const label = document.querySelector('.win-slot .win-label');
        const r = label.getBoundingClientRect();
        const row = document.querySelector('.hand-row').getBoundingClientRect();
        if (r.width === 0 || r.bottom > row.bottom || r.top < row.top) return false;
        for (const [x, y] of [[r.left + 1, r.top + 1], [r.right - 1, r.bottom - 1],
                              [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
            const hit = document.elementFromPoint(x, y);
            if (hit !== label && !label.contains(hit)) return false;
        }
        return true;
    }"""
    )


def test_phone_tap_targets_and_the_win_label(browser, live_server):
    page = on_phone(browser, live_server)
    try:
        page.goto(page.base + "/?hand=223344m45668p55s&win=7p&tsumo=1")
        sizes = page.locator(".pal-tile").evaluate_all(SIZES)
        assert len(sizes) == 37
        # One suit per row at 390 px (issue 29 item 5): a tile is a tenth of the row wide and
        # taller than the 44 px a thumb needs.
        assert min(w for w, _ in sizes) >= 32
        assert min(h for _, h in sizes) >= 44
        hand = page.locator(".hand-row .hand-tile").evaluate_all(SIZES)
        assert len(hand) == 14
        assert min(w for w, _ in hand) >= 32
        assert min(h for _, h in hand) >= 32
        # Nothing sticks out sideways: the page does not scroll horizontally.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert label_is_uncovered(page)
        for url in (FOUR_KANS, "/?hand=123456m456p78s9p&win=9p", "/?hand=19m19p19s1234567z&win=1m"):
            page.goto(page.base + url)
            assert label_is_uncovered(page), url
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        page.context.close()


def test_four_kans_on_a_desktop_keep_the_label(page):
    page.goto(page.base + FOUR_KANS)
    assert label_is_uncovered(page)


def test_tables_keep_their_row_labels_on_a_phone(browser, live_server):
    page = on_phone(browser, live_server)
    try:
        for url, box, label in (
            # Each grid scrolls in its own frame; the section (title, notes) stays put (22.17).
            ("/tutor/tables", ".table-page .table-scroll", ".score-table tbody th"),
            ("/tutor/quiz/progress/", ".heat-tables", ".quiz-table tbody th"),
        ):
            page.goto(page.base + url)
            container = page.locator(box).first
            scrolled = container.evaluate("el => { el.scrollLeft = 400; return el.scrollLeft; }")
            assert scrolled > 0, f"{url}: the table scrolls sideways on a phone"
            left = container.evaluate("el => el.getBoundingClientRect().left")
            th = page.locator(label).first.evaluate("el => el.getBoundingClientRect().left")
            assert th >= left - 1, f"{url}: the row label scrolled out of view"
    finally:
        page.context.close()


def test_presentation_bar_stays_on_screen_at_200_percent(browser, live_server):
    # 1366x768 at 200% zoom: a 683x384 CSS-pixel viewport at twice the pixel density.
    context = browser.new_context(viewport={"width": 683, "height": 384}, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(
            live_server.url
            + "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&present=1&step=2"
        )
        bar = page.locator(".step-nav")
        box = bar.bounding_box()
        assert box is not None
        assert box["y"] >= 0
        assert box["y"] + box["height"] <= 384
        next_button = page.locator('[data-nav="next"]')
        nb = next_button.bounding_box()
        assert nb is not None
        assert nb["y"] + nb["height"] <= 384
    finally:
        context.close()


def tab_until(page, predicate, limit):
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(predicate):
            return presses
    return None


def test_ron_tsumo_is_a_few_keys_away(page):
    page.goto(page.base + "/?hand=223344m45668p55s&win=7p")
    # Skip to content, the brand, ten pages (Saved hands and Sign up for everyone), the language.
    presses = tab_until(page, "document.activeElement.matches('a[href=\"#win-by\"]')", 16)
    assert presses is not None, "the skip link comes right after the site navigation"
    expect(page.locator('a[href="#win-by"]')).to_be_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "tsumo-0"
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#tsumo-1")).to_be_checked()


def test_skip_link_past_the_palette(page):
    page.goto(page.base + "/")
    presses = tab_until(page, "document.activeElement.id === 'skip-palette'", 40)
    assert presses is not None
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('#score, #situation') !== null")
    assert focused, "the next Tab lands past the 37 palette tiles"


def png_pixels(data):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG (Playwright's)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 4
    while pos < len(data):
        length = struct.unpack(">I", data[pos : pos + 4])[0]
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, _depth, colour = struct.unpack(">IIBB", body[:10])
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += length + 12
    raw, stride, rows, prev = (
        zlib.decompress(idat),
        width * channels,
        [],
        bytearray(width * channels),
    )
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p_ = a + b - c
                pa, pb, pc = abs(p_ - a), abs(p_ - b), abs(p_ - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * channels : x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def test_dark_mode_keeps_the_tiles_ivory(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(live_server.url + "/?hand=223344m45668p55s&win=7p&tsumo=1")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(19, 24, 22)", "a dark page"
        # The white dragon's face is nearly all ivory: its middle pixels stay light.
        width, height, rows = png_pixels(page.locator("#pal-5z .tile").screenshot())
        middle = [rows[y][x] for y in range(height // 3, height // 2) for x in (4, width - 5)]
        assert all(min(pixel) > 200 for pixel in middle), middle[:4]
        assert (
            page.evaluate("getComputedStyle(document.querySelector('#pal-5z .tile')).filter")
            == "none"
        )
    finally:
        context.close()
