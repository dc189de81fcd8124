"""Static files as production serves them: the tile sprite is a hashed, cached file that pages
point into (the picker alone carries it inline, once), every static file comes brotli or gzip
compressed, pages gzipped."""

from __future__ import annotations

import re
import subprocess
import urllib.request
from pathlib import Path

from django.test import Client

from tests.production.servers import gunicorn, production_env

#: A quiz question whose hand has an open meld, drawn with the {% meld %} tag from the sprite.
QUIZ_WITH_MELD = "/tutor/quiz/fu/?seed=1"


def test_pages_point_into_the_sprite_file_and_the_picker_inlines_it_once(client: Client) -> None:
    # Pages point into the cached sprite file. The picker, which redraws tiles on every click,
    # carries the sprite inline once (outside its swapped regions): Chromium resolved the
    # external references again on each swap (bench/picker.py --cpu: 44.6 -> 35.3 ms a click).
    html = client.get(QUIZ_WITH_MELD).content.decode()
    assert "<symbol" not in html
    assert re.search(r'<use href="/static/tiles/tiles\.svg#t-', html)
    picker = client.get("/?hand=234m234m456p55s68p&win=7p").content.decode()
    assert picker.count('<symbol id="t-2m"') == 1
    assert re.search(r'<use href="#t-2m"', picker)
    assert "/static/tiles/tiles.svg#" not in picker


def fetch(url: str, encoding: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_production_serves_a_hashed_cached_compressed_sprite(
    tmp_path: Path, collected_static: Path
) -> None:
    env = production_env(DJANGO_STATIC_ROOT=str(collected_static))
    assert list((collected_static / "tiles").glob("tiles.*.svg.br"))
    assert list((collected_static / "tiles").glob("tiles.*.svg.gz"))
    with gunicorn(env, tmp_path / "gunicorn.log") as base:
        headers, body = fetch(base + "/", "gzip")
        assert headers.get("content-encoding") == "gzip"  # the page itself
        page = subprocess.run(
            ["gzip", "-dc"], input=body, capture_output=True, check=True
        ).stdout.decode()
        # The picker carries the sprite inline (see above); the quiz points into the file.
        assert page.count('<symbol id="t-2m"') == 1
        _headers, body = fetch(base + QUIZ_WITH_MELD, "identity")
        found = re.search(r'<use href="(/static/tiles/tiles\.[0-9a-f]{12}\.svg)#t-', body.decode())
        assert found, "tiles point into the hashed sprite"
        sprite = base + found.group(1)
        headers, _ = fetch(sprite, "br, gzip")
        assert headers.get("content-encoding") == "br"
        assert "immutable" in headers.get("cache-control", "")
        headers, _ = fetch(sprite, "gzip")
        assert headers.get("content-encoding") == "gzip"
        css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', page)
        assert css
        headers, _ = fetch(base + css.group(1), "br")
        assert headers.get("content-encoding") == "br"
