"""The glossary's search box in a real browser (issue 22.15): typing filters the 91 terms at once,
without a request; Japanese pages find a term by its reading typed in hiragana; the letter index
and Enter (the GET form) work as links. Screenshots: SHOTS=/tmp/shots/course (never the repo)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

from tutor.course.glossary import TERMS


def _shot(page, name: str) -> None:
    folder = os.environ.get("SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png")


def test_typing_filters_the_terms_as_you_type(page):
    page.goto(page.base + "/tutor/glossary")
    entries = page.locator(".term-entry")
    expect(entries).to_have_count(len(TERMS))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    box = page.get_by_test_id("glossary-q")
    box.fill("pin")
    expect(page.locator("#pinfu")).to_be_visible()
    expect(page.locator("#kuipinfu")).to_be_visible()
    expect(page.locator("#mangan")).to_be_hidden()
    shown = entries.evaluate_all("els => els.filter(e => !e.hidden).length")
    assert 2 <= shown < 10
    expect(page.get_by_test_id("glossary-count")).to_contain_text(f"of {len(TERMS)} terms shown")
    assert requests == []  # filtered in the page, no round trip
    # terms named by the query come first, then those whose definition mentions it
    box.fill("dora")
    first = page.locator(".term-entry:not([hidden])").first
    expect(first).to_have_attribute("id", "dora")
    box.fill("zzzz")
    expect(page.get_by_test_id("glossary-none")).to_be_visible()
    box.fill("")
    expect(page.locator("#mangan")).to_be_visible()
    expect(page.get_by_test_id("glossary-none")).to_be_hidden()


def test_enter_submits_the_search_as_a_get_query(page):
    page.goto(page.base + "/tutor/glossary")
    page.get_by_test_id("glossary-q").fill("tenpane")
    page.get_by_test_id("glossary-q").press("Enter")
    page.wait_for_url("**/tutor/glossary?q=tenpane")
    expect(page.locator("#tenpane")).to_be_visible()
    expect(page.get_by_test_id("glossary-q")).to_have_value("tenpane")


def test_japanese_search_by_hiragana_and_the_kana_index(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "/ja/tutor/glossary")
    page.get_by_test_id("glossary-q").fill("ぴんふ")
    expect(page.locator("#pinfu")).to_be_visible()
    expect(page.locator("#fu")).to_be_hidden()
    _shot(page, "glossary-ja-390-search")
    page.get_by_test_id("glossary-index").get_by_role("link", name="カ", exact=True).click()
    page.wait_for_url("**/ja/tutor/glossary?letter=*")
    expect(page.locator("#kanchan")).to_be_visible()
    expect(page.locator("#pinfu")).to_have_count(0)


def test_the_index_and_the_box_are_big_enough_to_tap(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.base + "/tutor/glossary")
    box = page.get_by_test_id("glossary-q").bounding_box()
    assert box
    assert box["height"] >= 44
    first = page.get_by_test_id("glossary-index").locator("a").first.bounding_box()
    assert first
    assert first["height"] >= 44
    assert first["width"] >= 44
    page.get_by_test_id("glossary-q").fill("dora")
    _shot(page, "glossary-en-390-search")
