"""Installable (issue 27): the manifest is valid, the service worker registers and precaches the
static files, and a page asked offline gets the offline page in its language."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

import pytest

PHONE = {"width": 390, "height": 844}

READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return {script: registration.active.scriptURL, scope: registration.scope};
}"""


@pytest.fixture
def app(browser: Any, live_server: Any) -> Iterator[Any]:
    """A phone whose browser lets the service worker in (the shared fixtures keep it out)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.base = live_server.url
    yield page
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_manifest_is_valid_and_its_icons_load(app: Any) -> None:
    page = app
    page.goto(page.base + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    response = page.request.get(page.base + href)
    assert response.ok
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = response.json()
    for key in ("name", "short_name", "start_url", "display", "icons", "theme_color"):
        assert manifest[key], key
    assert manifest["display"] == "standalone"
    assert (
        page.locator('meta[name="theme-color"]').get_attribute("content") == manifest["theme_color"]
    )
    sizes = set()
    for icon in manifest["icons"]:
        image = page.request.get(page.base + icon["src"])
        assert image.ok, icon["src"]
        assert image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            body = image.body()
            width, height = struct.unpack(">II", body[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


@pytest.mark.django_db(transaction=True)
def test_the_service_worker_registers_and_shows_the_offline_page(app: Any) -> None:
    page = app
    page.goto(page.base + "/tutor/lessons/")
    registration = page.evaluate(READY)
    assert registration["script"] == page.base + "/sw.js"
    assert registration["scope"] == page.base + "/"
    # The worker takes over at once (clientsClaim): this page is controlled now.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.goto(page.base + "/tutor/glossary")
        assert page.get_by_test_id("offline").is_visible()
        assert "You are offline" in page.locator("h1").inner_text()
        # Its styles came from the precache (no network): the card has its border.
        radius = page.locator(".offline-card").evaluate(
            "el => getComputedStyle(el).borderTopLeftRadius"
        )
        assert radius not in ("", "0px")
        page.goto(page.base + "/ja/tutor/quiz/")
        assert page.locator("html").get_attribute("lang") == "ja"
        assert page.locator("h1").inner_text() == "オフラインです"
        # A static file is served from the cache, by the (hashed) name the pages use; a page
        # never is (no stale page offline).
        css = page.locator('link[rel="stylesheet"]').first.get_attribute("href")
        assert css is not None
        assert css.startswith("/static/"), css
        assert css.count(".") >= 2, css  # app.<hash>.css
        status = page.evaluate("async url => (await fetch(url)).status", css)
        assert status == 200
    finally:
        page.context.set_offline(False)
    page.goto(page.base + "/tutor/glossary")
    assert page.get_by_test_id("offline").count() == 0
