"""The browser tests run on production's static files (tests/browser/conftest.py): every page's
stylesheets, scripts and tile art come by their hashed names from collectstatic's output, and
each one loads."""

from __future__ import annotations

import re

PAGES = ["/", "/ja/tutor/explain?hand=234m234m456p55s68p&win=7p&tsumo=1", "/tutor/collections/"]


def test_pages_load_every_static_file_by_its_hashed_name(page) -> None:
    loaded: dict[str, int] = {}
    page.on("response", lambda response: loaded.__setitem__(response.url, response.status))
    for path in PAGES:
        loaded.clear()
        page.goto(page.base + path)
        page.wait_for_load_state("networkidle")
        static = {url: status for url, status in loaded.items() if "/static/" in url}
        assert static, path
        for url, status in static.items():
            assert status in (200, 304), (path, url, status)
            # name.0123456789ab.ext: the manifest's hashed name, not the source's
            assert re.search(r"/static/.+\.[0-9a-f]{12}\.\w+$", url), (path, url)
