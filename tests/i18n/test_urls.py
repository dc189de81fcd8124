"""Language in the URL (config/i18n.py): English unprefixed, Japanese under /ja/, the
Accept-Language default for a first visit, the header switcher, <html lang> and hreflang."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation

from config import throttle
from config.i18n import preferred_language, strip_language, url_in

pytestmark = pytest.mark.django_db

HAND = "hand=123m456p789s11z23s&win=4s&tsumo=1"
JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
HX = {"HX-Request": "true"}
PAGES = [
    "/",
    f"/?{HAND}",
    "/calc",
    "/tutor/",
    "/tutor/lessons/",
    "/tutor/glossary",
    "/tutor/tables",
    f"/tutor/explain?{HAND}",
    "/tutor/quiz/",
    "/tutor/class/join/",
    "/accounts/login/",
    "/accounts/signup/",
]


def html_lang(html: str) -> str:
    match = re.search(r'<html lang="([^"]+)"', html)
    assert match, "no <html lang>"
    return match.group(1)


@pytest.mark.parametrize("url", PAGES)
def test_english_pages_keep_their_unprefixed_urls(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"


@pytest.mark.parametrize("url", PAGES)
def test_japanese_pages_live_under_ja(client: Client, url: str) -> None:
    response = client.get("/ja" + url)
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "ja"


def test_reverse_keeps_the_active_language() -> None:
    with translation.override("en"):
        assert reverse("scorer:picker") == "/"
    with translation.override("ja"):
        assert reverse("scorer:picker") == "/ja/"
        assert reverse("tutor:explain") == "/ja/tutor/explain"
        # Not pages: one URL in every language.
        assert reverse("api_score") == "/api/score"
        assert reverse("set_language") == "/i18n/setlang/"


def test_api_stays_unprefixed(client: Client) -> None:
    response = client.get(f"/api/score?{HAND}", headers=JA)
    assert response.status_code == 200
    assert response.json()["han"] >= 1
    assert client.post("/ja/api/score", data={}, content_type="application/json").status_code == 404


# ---------------------------------------------------------------- the Accept-Language default
def test_first_visit_from_a_japanese_browser_goes_to_ja(client: Client) -> None:
    response = client.get(f"/tutor/explain?{HAND}", headers=JA)
    assert response.status_code == 302
    assert response["Location"] == f"/ja/tutor/explain?{HAND}"
    vary = {v.strip() for v in response["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary
    assert client.get("/", headers=JA)["Location"] == "/ja/"


def test_unprefixed_pages_say_they_vary(client: Client) -> None:
    vary = {v.strip() for v in client.get("/tutor/")["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary


@pytest.mark.parametrize(
    "accept", ["", "en", "en-US,en;q=0.9,ja;q=0.8", "fr,de;q=0.5", "*", "ja;q=0.2,en;q=0.9"]
)
def test_other_browsers_stay_in_english(client: Client, accept: str) -> None:
    response = client.get("/tutor/", headers={"Accept-Language": accept})
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"


def test_preferred_language_reads_quality() -> None:
    factory = RequestFactory()
    ask = lambda header: preferred_language(factory.get("/", headers={"Accept-Language": header}))  # noqa: E731
    assert ask("fr, ja-JP;q=0.8, en;q=0.5") == "ja"
    assert ask("en-GB,ja;q=0.9") == "en"
    assert ask("de") is None


def test_a_chosen_language_is_never_overridden(client: Client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get("/tutor/", headers=JA)
    assert response.status_code == 200
    assert html_lang(response.content.decode()) == "en"


@pytest.mark.parametrize(
    ("method", "url", "headers"),
    [
        ("get", "/?hand=123m", HX),  # htmx fragment: never redirected mid-page
        ("post", "/tutor/quiz/fu/answer/", {}),
        ("get", "/api/score?hand=123m", {}),
        ("get", "/static/css/app.css", {}),
        ("get", "/no-such-page", {}),
        ("get", "/ja/tutor/", {}),
    ],
)
def test_only_unprefixed_full_page_gets_redirect(
    client: Client, method: str, url: str, headers: dict[str, str]
) -> None:
    response = getattr(client, method)(url, headers={**JA, **headers})
    assert response.status_code != 302 or not response["Location"].startswith("/ja/")


# ---------------------------------------------------------------- the switcher
def switcher(html: str) -> tuple[str, str, str]:
    pattern = r'<form class="lang-switch" method="post" action="([^"]+)">(.*?)</form>'
    form = re.search(pattern, html, re.S)
    assert form, "no language switcher"
    next_url = re.search(r'name="next" value="([^"]*)"', form.group(2))
    button = re.search(r'<button type="submit" name="language" value="([^"]+)"', form.group(2))
    assert next_url
    assert button
    return form.group(1), unescape(next_url.group(1)), button.group(1)


def test_switcher_points_at_the_same_page_in_the_other_language(client: Client) -> None:
    action, next_url, code = switcher(client.get(f"/tutor/explain?{HAND}").content.decode())
    assert (action, next_url, code) == ("/i18n/setlang/", f"/ja/tutor/explain?{HAND}", "ja")
    action, next_url, code = switcher(client.get(f"/ja/tutor/explain?{HAND}").content.decode())
    assert (action, next_url, code) == ("/i18n/setlang/", f"/tutor/explain?{HAND}", "en")


def test_choosing_english_sets_the_cookie_and_sticks(client: Client) -> None:
    client.get("/ja/tutor/")  # the CSRF cookie, as a browser would have it
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/tutor/"}, headers=JA)
    assert response.status_code == 302
    assert response["Location"] == "/tutor/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get("/tutor/lessons/", headers=JA)
    assert page.status_code == 200
    assert html_lang(page.content.decode()) == "en"


def test_choosing_japanese_goes_to_ja(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/tutor/tables"})
    assert response["Location"] == "/ja/tutor/tables"


def test_switcher_needs_csrf() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/i18n/setlang/", {"language": "ja", "next": "/"}).status_code == 403


def test_hreflang_alternates(client: Client) -> None:
    html = client.get(f"/ja/tutor/explain?{HAND}").content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', html))
    assert {k: unescape(v) for k, v in alternates.items()} == {
        "en": f"http://testserver/tutor/explain?{HAND}",
        "ja": f"http://testserver/ja/tutor/explain?{HAND}",
    }


def test_navigation_links_and_current_page_keep_the_prefix(client: Client) -> None:
    html = client.get("/ja/tutor/tables").content.decode()
    nav = re.search(r'<nav id="site-nav" [^>]*aria-label="[^"]*">(.*?)</nav>', html, re.S)
    assert nav
    hrefs = re.findall(r'href="([^"]+)"', nav.group(1))
    assert hrefs
    assert all(h.startswith("/ja/") for h in hrefs), hrefs
    assert re.search(r'href="/ja/tutor/tables" aria-current="page"', nav.group(1))


def test_helpers() -> None:
    assert strip_language("/ja/tutor/") == "/tutor/"
    assert strip_language("/ja/") == "/"
    assert strip_language("/tutor/") == "/tutor/"
    assert url_in("/tutor/?a=1", "ja") == "/ja/tutor/?a=1"
    assert url_in("/ja/no-such-page?x=1", "en") == "/no-such-page?x=1"  # 404: prefix swapped
    with translation.override("ja"):
        assert url_in("/ja/tutor/glossary", "en") == "/tutor/glossary"


# ---------------------------------------------------------------- htmx, redirects, forms keep /ja/
def test_htmx_and_redirects_keep_the_prefix(client: Client) -> None:
    response = client.get(f"/ja/?{HAND}&add=5s", headers=HX)
    assert response.status_code == 200
    for header in ("HX-Replace-Url", "HX-Push-Url"):
        if header in response.headers:
            assert response[header].startswith("/ja/"), response[header]
    # The picker's canonical redirect of a non-canonical URL keeps /ja/.
    redirected = client.get("/ja/?hand=321m456p789s11z23s&win=4s")
    if redirected.status_code == 302:
        assert redirected["Location"].startswith("/ja/")
    page = client.get(f"/ja/?{HAND}").content.decode()
    assert re.search(r'href="/ja/tutor/explain\?', page), "walkthrough link lost its prefix"
    assert 'href="/tutor/' not in page.split("</header>", 1)[1]


def test_quiz_push_url_keeps_the_prefix(client: Client) -> None:
    page = client.get("/ja/tutor/quiz/fu/")
    assert page.status_code == 200
    html = page.content.decode()
    assert re.search(r'(hx-post|action)="/ja/tutor/quiz/fu/answer/"', html)


def test_login_redirects_keep_the_language(client: Client, django_user_model) -> None:
    django_user_model.objects.create_user("kana", password="a-long-passphrase-1")
    response = client.post(
        "/ja/accounts/login/", {"username": "kana", "password": "a-long-passphrase-1"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/ja/")
    # A page that needs a login sends a Japanese visitor to the Japanese login page.
    client.logout()
    response = client.get("/ja/tutor/class/new")
    if response.status_code == 302:
        assert response["Location"].startswith("/ja/accounts/login/")


def test_saved_hand_from_a_japanese_link(client: Client) -> None:
    from tutor.collections.hands import query_from_url

    assert query_from_url(f"/ja/tutor/explain?{HAND}") == query_from_url(f"/tutor/explain?{HAND}")
    assert query_from_url(f"/ja/?{HAND}") is not None


# ---------------------------------------------------------------- <html lang> on error pages
def test_html_lang_on_error_pages(client: Client) -> None:
    missing = client.get("/ja/no-such-page")
    assert missing.status_code == 404
    assert html_lang(missing.content.decode()) == "ja"
    missing = client.get("/no-such-page")
    assert missing.status_code == 404
    assert html_lang(missing.content.decode()) == "en"
    bad = client.get("/ja/tutor/glossary?q=a%00b")
    assert bad.status_code == 400
    assert html_lang(bad.content.decode()) == "ja"
    bad = client.get("/tutor/glossary?q=a%00b")
    assert bad.status_code == 400
    assert html_lang(bad.content.decode()) == "en"


def test_html_lang_on_429() -> None:
    """The 429 page is made without a template (config/throttle.py: refused before the
    session, the database or a template); the unused templates/429.html is gone."""
    request = RequestFactory().get("/ja/accounts/login/")
    with translation.override("ja"):
        html = throttle.refusal(request, 120, "login").content.decode()
    assert html_lang(html) == "ja"
    assert "/ja/" in html


@override_settings(ROOT_URLCONF="tests.production.crash_urls", DEBUG=False)
def test_html_lang_on_500() -> None:
    client = Client(raise_request_exception=False)
    with translation.override("ja"):
        response = client.get("/boom-for-tests", headers={"Accept-Language": "ja"})
    assert response.status_code == 500
    html = response.content.decode()
    assert html_lang(html) in ("en", "ja")
    with translation.override("ja"):
        html = render_to_string("500.html")
    assert html_lang(html) == "ja"
