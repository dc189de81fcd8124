"""Wide tables and the header on a phone (issue 22 items 17, 18; issue 20 item 13).

A wide table scrolls inside its own frame: the row labels stay put and nothing scrolled under
them shows through; the section's title and notes never scroll sideways with the grid; each
scroll frame can be reached with the keyboard (axe-core's ``scrollable-region-focusable``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

#: Each scroll frame's selector, on the pages that show wide tables.
FRAMES = {
    "/tutor/tables": ".table-page .table-scroll",
    "/tutor/quiz/progress/": ".heat-tables",
}

SERIOUS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical' || v.id === 'empty-table-header')
    .flatMap(v => v.nodes.map(n => v.id + ': ' + n.target.join(' ')));
}"""


def _phone(browser, live_server, **extra):
    context = browser.new_context(viewport=PHONE, **extra)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = live_server.url
    return context, page


@pytest.mark.parametrize("url", list(FRAMES))
def test_row_labels_cover_what_scrolls_under_them(browser, live_server, url):
    """The sticky first column looks the same scrolled or not: no cell shows through beside or
    under it (a collapsed border or the section's padding let a strip of them show)."""
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + url)
        frame = page.locator(FRAMES[url]).first
        frame.scroll_into_view_if_needed()
        assert frame.evaluate("f => f.scrollWidth > f.clientWidth + 40"), "not wide on a phone"
        box = frame.locator("tbody tr:nth-child(2) th").first.bounding_box()
        # The label's box, less the 1 px rule on its right (drawn by the next cell's border).
        clip = {"x": box["x"], "y": box["y"], "width": box["width"] - 1, "height": box["height"]}
        before = page.screenshot(clip=clip)
        frame.evaluate("f => { f.scrollLeft = 90; }")
        middle = page.screenshot(clip=clip)
        frame.evaluate("f => { f.scrollLeft = f.scrollWidth; }")
        end = page.screenshot(clip=clip)
        assert middle == before, "cells scrolled under the row labels show through"
        assert end == before, "cells scrolled under the row labels show through"
        # Flush with the frame's left edge: no padding strip where cells show left of it.
        gap = frame.evaluate(
            "f => f.querySelector('tbody th').getBoundingClientRect().left"
            " - f.getBoundingClientRect().left"
        )
        assert gap <= 1
    finally:
        context.close()


def test_titles_and_notes_stay_put_while_the_grid_scrolls(browser, live_server):
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/tutor/tables")
        section = page.locator(".table-page").first
        notes = section.locator("p.legend")
        title = section.locator("h2")
        x_notes, x_title = notes.bounding_box()["x"], title.bounding_box()["x"]
        assert section.evaluate("s => s.scrollWidth <= s.clientWidth"), "the section scrolls"
        section.locator(".table-scroll").first.evaluate("f => { f.scrollLeft = f.scrollWidth; }")
        assert notes.bounding_box()["x"] == x_notes
        assert title.bounding_box()["x"] == x_title
        # The notes wrap within the phone's width.
        assert notes.bounding_box()["width"] <= PHONE["width"]
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_serious_axe_findings_on_the_table_pages(browser, live_server, scheme, size):
    context = browser.new_context(viewport=size, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    page.add_init_script(path=str(AXE))
    found = {}
    try:
        for url in FRAMES:
            page.goto(live_server.url + url)
            bad = page.evaluate(SERIOUS)
            if bad:
                found[url] = bad[:6]
    finally:
        context.close()
    assert not found, found


def test_mangan_cells_use_the_tables_font(browser, live_server):
    """The tables' limit cells (満貫 ...) in the table's own face, not the score panel's serif."""
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/tutor/tables")
        fonts = page.evaluate(
            """() => ['td.limit', 'td.cell:not(.limit):not(.none)'].map(s =>
                 getComputedStyle(document.querySelector('.score-table ' + s)).fontFamily)"""
        )
        assert fonts[0] == fonts[1]
        assert "serif" not in fonts[0].replace("sans-serif", "")
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390, 600, 768])
@pytest.mark.parametrize("prefix", ["", "/ja"])
@pytest.mark.parametrize(
    "url", ["/", "/tutor/quiz/", "/tutor/class/", "/tutor/tables", "/tutor/lessons/"]
)
def test_the_phone_header_is_two_lines(browser, live_server, url, prefix, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.base = live_server.url
    try:
        page.goto(page.base + prefix + url)
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 96, header
        # Every page of the menu is there: behind the Menu button on a phone (issue 29 item 7:
        # a sideways strip hid half of them), the header's own row from 900 px.
        nav = page.locator(".site-header nav")
        assert nav.locator("a").count() >= 7
        page.locator(".nav-toggle").click()
        links = nav.locator("a")
        for i in range(links.count()):
            link = links.nth(i)
            link.scroll_into_view_if_needed()
            assert link.is_visible(), link.inner_text()
            box = link.bounding_box()
            assert box, link.inner_text()
            assert box["x"] >= 0, box
            assert box["x"] + box["width"] <= width, box
    finally:
        context.close()


def test_japanese_headings_are_gothic_like_the_body(browser, live_server):
    """The platform font Chromium draws a Japanese heading with is a gothic (sans) face, as the
    body's: no serif Mincho fallback."""
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/ja/tutor/class/")
        cdp = context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        names = {}
        for selector in ("h1", "main p"):
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            names[selector] = [f["familyName"] for f in fonts]
        assert names["h1"], names
        assert not any("Serif" in name or "Mincho" in name for name in names["h1"]), names
    finally:
        context.close()


def test_walkthrough_title_keeps_each_notation_whole_on_a_phone(browser, live_server):
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1")
        for code in page.locator(".walk-head h1 code").all():
            # One line box each: a token broken across lines has two client rects.
            assert code.evaluate("c => c.getClientRects().length") == 1
    finally:
        context.close()


def test_keyboard_hint_hidden_on_touch_screens(browser, live_server):
    url = "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1"
    context, page = _phone(browser, live_server, has_touch=True)
    try:
        page.goto(page.base + url)
        assert page.locator(".keys-hint").count() == 1
        assert not page.locator(".keys-hint").is_visible()
    finally:
        context.close()
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(live_server.url + url)
        assert page.locator(".keys-hint").is_visible()
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_phone_header_is_two_lines_for_a_signed_in_teacher(browser, live_server):
    """A teacher's long name and the saved-hands entry made the classroom pages' header 300 px."""
    from django.contrib.auth.models import User

    from tutor.accounts.models import Learner

    user = User.objects.create_user(
        "sensei.with.a.long.name@example.org", password="pon-chi-kan-99"
    )
    Learner.objects.create(user=user, is_teacher=True)
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/accounts/login/")
        page.locator("#id_username").fill(user.username)
        page.locator("#id_password").fill("pon-chi-kan-99")
        page.locator(".account-form button[type=submit]").click()
        page.wait_for_load_state()
        assert "/accounts/login/" not in page.url, "not logged in"
        for url in ("/tutor/class/", "/ja/tutor/class/", "/tutor/collections/"):
            page.goto(page.base + url)
            assert page.locator(".site-header").bounding_box()["height"] <= 96, url
            assert page.get_by_test_id("nav-saved").count() == 1
    finally:
        context.close()


def test_the_heatmaps_titles_stay_in_view_while_it_scrolls(browser, live_server):
    context, page = _phone(browser, live_server)
    try:
        page.goto(page.base + "/tutor/quiz/progress/")
        frame = page.locator(".heat-tables")
        frame.evaluate("f => { f.scrollLeft = f.scrollWidth; }")
        left = frame.evaluate("f => f.getBoundingClientRect().left")
        for title in page.locator(".heat-tables caption").all():
            box = title.locator(".cap").bounding_box()
            assert box["x"] >= left - 1, title.inner_text()
            assert box["x"] + box["width"] <= PHONE["width"], title.inner_text()
    finally:
        context.close()
