"""The language of a page lives in its URL: English unprefixed, Japanese under /ja/.

A shared link opens in the sender's language, and every English link ever shared keeps working.
Two pieces sit beside Django's own (i18n_patterns, LocaleMiddleware, set_language):

- ``BrowserLanguageMiddleware``: the Accept-Language default. A first visit to an unprefixed page
  from a browser that prefers Japanese, and that never chose a language (no language cookie), is
  redirected to the /ja/ page. Choosing English with the switcher sets the cookie, so it happens
  at most until the visitor says otherwise. htmx requests, non-GET requests and every URL outside
  i18n_patterns (the JSON API, static files, admin, the language switch itself) pass untouched.
- ``language_links``: the context the layout needs — the switcher's target (this page in the
  other language) and the hreflang alternates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.signals import request_finished
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import get_script_prefix, get_urlconf, translate_url
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, get_language_from_path
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

#: Language names as each language writes its own (the switcher shows them untranslated).
NATIVE_NAMES: dict[str, str] = {"en": "English", "ja": "日本語"}


def _prefixed(code: str) -> bool:
    return code != settings.LANGUAGE_CODE


def strip_language(path: str) -> str:
    """The path without its language prefix: ``/ja/tutor/`` → ``/tutor/``, ``/ja/`` → ``/``."""
    code = get_language_from_path(path)
    if code and path.startswith(f"/{code}/"):
        return path[len(code) + 1 :]
    return path


def url_in(url: str, code: str) -> str:
    """This page (path and query) in another language.

    ``translate_url`` resolves the URL and reverses it in ``code``; a URL that does not resolve
    (a 404 page) gets its prefix swapped by hand, so the switcher works there too.
    """
    parts = urlsplit(url)
    path = _path_in(
        parts.path, code, get_language(), settings.ROOT_URLCONF, get_urlconf(), get_script_prefix()
    )
    return urlunsplit(("", "", path, parts.query, parts.fragment))


@functools.lru_cache(maxsize=2048)
def _path_in(path: str, code: str, *_context: str | None) -> str:
    """A page's path in language ``code``: the same for every query string, so it is worked out
    once per path (resolving and reversing a URL was a tenth of a quiz answer page's time).
    ``_context`` (the active language, the URLconf, the script prefix) keys the cache: the
    path resolves against them."""
    translated = translate_url(path, code)
    if translated != path:
        return translated
    bare = strip_language(path)
    return f"/{code}{bare}" if _prefixed(code) else bare


def preferred_language(request: HttpRequest) -> str | None:
    """The first language of the Accept-Language header that the site offers."""
    for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if code == "*":
            continue
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return None


class BrowserLanguageMiddleware:
    """Redirect a first visit to an unprefixed page to the browser's language (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        page = self._unprefixed_page(request)
        if page and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
            wanted = preferred_language(request)
            if wanted and wanted != settings.LANGUAGE_CODE:
                target = translate_url(request.get_full_path(), wanted)
                if target != request.get_full_path():
                    response: HttpResponse = HttpResponseRedirect(target)
                    patch_vary_headers(response, ("Accept-Language", "Cookie"))
                    return response
        response = self.get_response(request)
        if page:
            # The same URL answers a redirect or the page depending on these two headers.
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response

    @staticmethod
    def _unprefixed_page(request: HttpRequest) -> bool:
        """A GET of a page (not htmx, not the API) whose URL carries no language prefix."""
        if request.method != "GET" or request.headers.get("HX-Request"):
            return False
        if request.path.startswith(("/api/", f"/{settings.STATIC_URL.strip('/')}/")):
            return False
        if get_language_from_path(request.path_info):
            return False
        # Only URLs inside i18n_patterns have a Japanese twin; translate_url leaves others alone.
        return translate_url(request.path, "ja") != request.path


def language_links(request: HttpRequest) -> dict[str, object]:
    """Context for the layout: the switcher's target and the hreflang alternates."""
    current = get_language() or settings.LANGUAGE_CODE
    full = request.get_full_path()
    urls = {code: url_in(full, code) for code, _name in settings.LANGUAGES}
    try:
        request.get_host()
    except DisallowedHost:
        # The 400 page for a foreign Host header: no absolute URL on a host we do not serve
        # (building one raised again, and the 400 became a 500). Relative links instead.
        alternates = [{"code": code, "url": url} for code, url in urls.items()]
    else:
        alternates = [
            {"code": code, "url": request.build_absolute_uri(url)} for code, url in urls.items()
        ]
    others = [
        {"code": code, "name": NATIVE_NAMES.get(code, code), "url": url}
        for code, url in urls.items()
        if code != current
    ]
    return {
        "language_current": current,
        "language_current_name": NATIVE_NAMES.get(current, current),
        "language_others": others,
        "language_alternates": alternates,
        # The page's path without its language prefix, for the navigation's "current page" marks.
        "lang_path": strip_language(request.path),
    }


def _forget_language(**_kwargs: object) -> None:
    """A finished request leaves the default language active in its thread again.

    LocaleMiddleware activates the page's language and never deactivates it: after a /ja/
    request the thread would go on reversing URLs under /ja/ (the test client runs requests in
    the test's own thread, so a later ``reverse()`` there would silently gain the prefix)."""
    translation.deactivate()


request_finished.connect(_forget_language, dispatch_uid="tenbo-forget-language")
