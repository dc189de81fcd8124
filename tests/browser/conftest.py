"""Playwright driving Debian's Chromium against the live test server.

A missing /usr/bin/chromium is a failure, never a skip: `make test` installs it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

# Playwright's sync API runs an event loop in this thread; the test database is still safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# The browser tests run on production's static files (issue 31 item 3): collectstatic's hashed
# names from the manifest, served by WhiteNoise from STATIC_ROOT as in production, not by the
# development handler (which serves the sources under their plain names).
@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest, collected_static: Path) -> Iterator[object]:
    """pytest-django's live server, without its static-files handler, and with WhiteNoise's
    file list read from the collected files (WhiteNoise reads STATIC_ROOT when it starts)."""
    from django.test.utils import override_settings
    from pytest_django.live_server_helper import LiveServer

    address = request.config.getvalue("liveserver") or "localhost"
    with override_settings(STATIC_ROOT=collected_static):
        server = LiveServer(address)
    yield server
    server.stop()


@pytest.fixture(scope="package", autouse=True)
def production_static_files(collected_static: Path) -> Iterator[None]:
    """Pages drawn with the manifest storage, and /static/ left to WhiteNoise."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.utils import override_settings

    from tests.conftest import MANIFEST_STORAGE

    storages = {**settings.STORAGES, "staticfiles": MANIFEST_STORAGE}
    override = override_settings(STORAGES=storages, STATIC_ROOT=collected_static)
    override.enable()
    handles = StaticFilesHandler._should_handle
    StaticFilesHandler._should_handle = lambda self, path: False  # type: ignore[method-assign]
    try:
        yield
    finally:
        StaticFilesHandler._should_handle = handles  # type: ignore[method-assign]
        override.disable()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Chromium is missing: run `make test` (it installs Debian's chromium)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        yield instance
        instance.close()


@pytest.fixture
def page(browser: object, live_server: object) -> Iterator[object]:
    """A fresh page (new context: no cookies) with ``page.base`` = the live server URL."""
    # No service worker (tests/browser/test_pwa.py has its own context for it): its precache
    # would fetch every static file alongside the test's own requests.
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 800}, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = live_server.url  # type: ignore[attr-defined]
    yield page
    context.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
