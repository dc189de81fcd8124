"""Installable: the web app manifest, the icons, the service worker (Workbox precaching of the
static files, pages never cached) and the offline page."""

from __future__ import annotations

import json
import re
import struct

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from tutor.path import pwa


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.django_db
def test_the_manifest(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"]
    assert data["short_name"] == "Tenbo"
    assert data["start_url"] == "/"
    assert data["scope"] == "/"
    assert data["display"] == "standalone"
    assert data["theme_color"] == "#1e5b45"
    assert data["background_color"]
    static = settings.STATICFILES_DIRS[0]
    sizes = {}
    for icon in data["icons"]:
        name = icon["src"].removeprefix("/static/")
        assert (static / name).is_file(), name
        if icon["type"] == "image/png":
            w, h = png_size(static / name)
            assert icon["sizes"] == f"{w}x{h}"
            sizes[(w, icon.get("purpose", "any"))] = True
    # What browsers ask of an installable app: a 192 and a 512 icon, and a maskable one.
    assert (192, "any") in sizes
    assert (512, "any") in sizes
    assert (512, "maskable") in sizes
    japanese = json.loads(client.get("/manifest.webmanifest?lang=ja").content)
    assert japanese["start_url"] == "/ja/"
    assert japanese["lang"] == "ja"
    assert japanese["description"] != data["description"]


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_registers_the_worker(client: Client) -> None:
    for url, manifest in (
        ("/", "/manifest.webmanifest"),
        ("/ja/tutor/", "/manifest.webmanifest?lang=ja"),
    ):
        page = client.get(url).content.decode()
        assert f'<link rel="manifest" href="{manifest}">' in page
        assert re.search(r'<script src="/static/js/sw-register\.js" data-sw="/sw\.js" defer>', page)


@pytest.mark.django_db
def test_the_service_worker(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    for module in pwa.WORKBOX:
        assert f"/static/vendor/workbox/workbox-{module}.prod.js" in script
    match = re.search(r"precacheAndRoute\((\[.*?\])\);", script)
    assert match is not None
    precache = json.loads(match.group(1))
    urls = {entry["url"] for entry in precache}
    assert {"/static/css/app.css", "/static/js/picker.js", "/static/tiles/1m.svg"} <= urls
    assert {"/tutor/offline/", "/ja/tutor/offline/"} <= urls
    # Nothing but static files and the offline pages: no page is ever cached.
    assert all(u.startswith("/static/") or u.endswith("/offline/") for u in urls)
    assert all(entry["revision"] for entry in precache)  # unhashed names while developing
    assert "NetworkOnly" in script
    assert "matchPrecache" in script


def test_hashed_files_need_no_revision(monkeypatch) -> None:
    class Hashed:
        @staticmethod
        def url(name: str) -> str:
            return "/static/" + name.replace(".css", ".0123456789ab.css")

    monkeypatch.setattr(pwa, "staticfiles_storage", Hashed)
    assert pwa._revision("css/app.css") is None


@pytest.mark.django_db
def test_the_offline_page_is_the_same_for_everyone(client: Client) -> None:
    user = User.objects.create_user("mio", password="x-long-pass-1")
    client.force_login(user)
    page = client.get("/tutor/offline/").content.decode()
    assert "You are offline" in page
    assert "mio" not in page
    assert "csrfmiddlewaretoken" not in page
    assert pwa.offline_page("en") == pwa.offline_page("en")
    assert '<html lang="ja">' in client.get("/ja/tutor/offline/").content.decode()


@pytest.mark.django_db
def test_the_worker_and_manifest_answer_in_every_language(client: Client) -> None:
    # One URL: no /ja/ copy, no redirect for a Japanese browser.
    assert client.get("/ja/sw.js").status_code == 404
    response = client.get("/sw.js", headers={"Accept-Language": "ja"})
    assert response.status_code == 200
