"""The han + fu → points calculator: engine numbers, worded payments, errors, htmx region."""

from __future__ import annotations

import re
from html import unescape

import pytest

HX = {"HX-Request": "true"}


def page(client, query, htmx=False):
    response = client.get("/calc" + (f"?{query}" if query else ""), headers=HX if htmx else {})
    assert response.status_code == 200
    return response, unescape(response.content.decode())


def short(html):
    match = re.search(r'data-testid="calc-short">([^<]*)<', html)
    return match.group(1) if match else None


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("han=4&fu=30", "7,700"),
        ("han=4&fu=30&rules=mleague", "8,000"),
        ("han=4&fu=30&dealer=1", "11,600"),
        ("han=4&fu=30&dealer=1&tsumo=1", "3,900 all"),
        ("han=4&fu=30&tsumo=1", "2,000/3,900"),
        ("han=3&fu=30&tsumo=1&honba=2", "1,200/2,200"),
        ("han=2&fu=25", "1,600"),
        ("han=6&fu=30", "12,000"),
        ("han=13&fu=30&rules=ema", "24,000"),
        ("han=13&fu=30", "32,000"),
        ("yakuman=2&dealer=1", "96,000"),
        ("han=5&fu=30&honba=1&rules=classic", "9,500"),
    ],
)
def test_points_from_han_and_fu(client, query, expected):
    _, html = page(client, query)
    assert short(html) == expected


def test_payments_in_words_and_the_working(client):
    _, html = page(client, "han=3&fu=30&tsumo=1&honba=2&sticks=1")
    assert "1,200/2,200: the dealer pays 2,200, each other player 1,200." in html
    assert "Honba included: 600." in html
    assert "Plus 1,000 from 1 riichi stick." in html
    assert "30 fu × 32 = 960 base points (2⁽³⁺²⁾ = 2⁵ = 32)" in html
    assert "^" not in html
    _, html = page(client, "han=4&fu=30&rules=mleague")
    assert "= 1,920 base points (2⁽⁴⁺²⁾ = 2⁶ = 64) → mangan, 2,000 base points" in html


@pytest.mark.parametrize(
    ("query", "working"),
    [
        ("han=5&fu=30", "5 han: mangan whatever the fu, 2,000 base points"),
        ("han=6&fu=40", "6 han: haneman whatever the fu, 3,000 base points"),
        ("han=11&fu=30", "11 han: sanbaiman whatever the fu, 6,000 base points"),
    ],
)
def test_from_5_han_the_working_says_the_fu_no_longer_count(client, query, working):
    """Issue 29 item 11: "30 fu × 128" at 5 han, where the fu no longer count."""
    html = unescape(page(client, query)[1])
    assert working in html
    assert "× 128" not in html
    assert "2 to the power" not in html


def test_hands_that_do_not_exist_are_named(client):
    assert "No hand has 20 fu and 1 han." in page(client, "han=1&fu=20")[1]
    assert "No hand has 20 fu by ron" in page(client, "han=2&fu=20")[1]


def test_bad_fields_are_answered_beside_them(client):
    _, html = page(client, "han=x&fu=35&honba=-1&sticks=100&rules=nope&dealer=7")
    assert short(html) is None
    for message in (
        # Each field by its label, never the parameter (issue 19 item 10).
        "Han: a whole number from 1 to 99.",
        "Honba: a whole number from 0 to 99.",
        "Riichi sticks: a whole number from 0 to 99.",
        "Fu: 20, 25 or a multiple of 10 up to 110.",
        "Rules: one of the presets in the list.",
        "Winner: the dealer or a non-dealer.",
    ):
        assert message in html
    assert 'id="err-han"' in html


def test_empty_form_asks_for_the_han(client):
    _, html = page(client, "")
    assert short(html) is None
    assert "Enter the han" in html
    assert html.startswith("<!doctype html>")


def test_htmx_gets_the_region_and_a_canonical_url(client):
    response, html = page(client, "han=4&fu=30&dealer=0&tsumo=0&honba=&rules=tenhou", htmx=True)
    assert "<html" not in html
    # Only the answer, each field's message and the three-player switch: never the fields, so
    # what the learner types meanwhile stays (issue 22.9).
    assert html.lstrip().startswith('<section class="card calc-result" id="result"')
    assert "<input" not in html
    assert "<select" not in html
    assert '<p class="field-error" role="alert" id="err-han" hx-swap-oob="true" hidden></p>' in html
    assert '<div id="sanma-slot" hx-swap-oob="true"></div>' in html
    assert response.headers["HX-Replace-Url"] == "/calc?han=4&fu=30&rules=tenhou"
    assert short(html) == "7,700"


def test_presets_by_display_name(client):
    _, html = page(client, "")
    assert '<option value="mleague">M-League</option>' in html
    assert '<option value="classic">Classic (house rules)</option>' in html


def test_the_nav_links_to_the_calculator(client):
    _, html = page(client, "han=4")
    assert re.search(r'<a href="/calc" aria-current="page">', html)
    assert 'href="/calc"' in client.get("/").content.decode()
