"""Installable: the web app manifest and the service worker.

The service worker uses Workbox's precaching (static/vendor/workbox, loaded from our own static
files): it precaches the site's static files — CSS, scripts, tile art, icons — by their hashed
names from the static files manifest (``collectstatic``'s, so a changed file is a new URL and
the old one is dropped), and the offline page in both languages. Pages themselves are never
cached: a page is always asked from the network, and only when the network fails does the
worker answer with the offline page. Both are served from the site's root (one URL in every
language), so the worker's scope is the whole site.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from typing import Any, Final

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME: Final = "#1e5b45"
BACKGROUND: Final = "#f7f2e7"
#: The static files worth keeping on the device (by their names before hashing).
PRECACHE: Final = (
    ("css/", (".css",)),
    ("js/", (".js",)),
    ("tiles/", (".svg",)),
    ("icons/", (".png", ".svg")),
)
#: The Workbox modules the worker loads, in dependency order.
WORKBOX: Final = ("core", "routing", "strategies", "precaching")


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the language asked (``?lang=ja``: the Japanese start page)."""
    language = "ja" if request.GET.get("lang") == "ja" else "en"
    with translation.override(language):
        data = {
            "id": "/",
            "name": "Tenbo 点棒",
            "short_name": "Tenbo",
            "description": _("Learn riichi mahjong scoring: fu, han and every payment."),
            "lang": language,
            "start_url": reverse("scorer:picker"),
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "icons": [
                {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("icons/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
                {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
            "shortcuts": [
                {"name": _("Today"), "url": reverse("tutor:today")},
                {"name": _("Your path"), "url": reverse("tutor:path_index")},
            ],
        }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    response["Cache-Control"] = "public, max-age=3600"
    return response


def _static_names() -> Iterator[str]:
    """Our static files to precache, by their unhashed names."""
    for root in settings.STATICFILES_DIRS:
        for prefix, endings in PRECACHE:
            for path in sorted((root / prefix).rglob("*")) if (root / prefix).is_dir() else []:
                if path.is_file() and path.name.endswith(endings):
                    yield str(path.relative_to(root)).replace("\\", "/")


def _revision(name: str) -> str | None:
    """A file's revision for the precache: none when its URL carries its hash already
    (hashed static files in production), else a hash of its content (while developing)."""
    if not staticfiles_storage.url(name).endswith("/" + name):
        return None
    found = finders.find(name)
    if not found or isinstance(found, list):
        return None
    with open(found, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()[:16]


def offline_page(language: str) -> str:
    """The offline page as the worker keeps it (the same for everyone: no user, no token)."""
    with translation.override(language):
        return render_to_string("path/offline.html", {"LANG": language})


def precache_list() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [
        {"url": static(name), "revision": _revision(name)} for name in _static_names()
    ]
    for language in ("en", "ja"):
        with translation.override(language):
            url = reverse("tutor:offline")
        page = offline_page(language).encode()
        entries.append({"url": url, "revision": hashlib.sha256(page).hexdigest()[:16]})
    return entries


@functools.lru_cache(maxsize=1)
def _cached_script(storage: str) -> str:
    """``_script()`` for the static files storage named by ``storage``: built again only if
    the storage changes (never in production; tests switch to the hashed manifest and back)."""
    return _script()


def _script() -> str:
    with translation.override("en"):
        offline_en = reverse("tutor:offline")
    with translation.override("ja"):
        offline_ja = reverse("tutor:offline")
    modules = [static(f"vendor/workbox/workbox-{m}.prod.js") for m in WORKBOX]
    return render_to_string(
        "path/sw.js",
        {
            "modules": json.dumps(modules),
            "precache": json.dumps(precache_list(), separators=(",", ":")),
            "offline_en": json.dumps(offline_en),
            "offline_ja": json.dumps(offline_ja),
        },
    )


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script, at the site's root (its scope is the whole site). Built once
    per process in production (the static files do not change while it runs)."""
    storage = repr((settings.STORAGES.get("staticfiles"), settings.STATIC_ROOT))
    script = _script() if settings.DEBUG else _cached_script(storage)
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    # Always asked again: a new release's worker (new file hashes) installs at the next visit.
    response["Cache-Control"] = "no-cache"
    return response
