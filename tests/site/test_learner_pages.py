"""Pages that looked like developer tools (issue 11, item 17): the "Your own hand" form, the
nav highlight on sub-pages, the tables page's buttons."""

from __future__ import annotations

import re

import pytest


def current(html):
    """The highlighted links of the site navigation."""
    nav = re.search(r'<nav aria-label="Main">(.*?)</nav>', html, re.S)
    assert nav
    return re.findall(r'<a [^>]*aria-current="page"[^>]*>([^<]+)</a>', nav.group(1))


@pytest.mark.parametrize(
    ("url", "label"),
    [
        ("/tutor/", "Learn"),
        ("/tutor/lessons/", "Learn"),
        ("/tutor/lessons/fu", "Learn"),
        ("/tutor/glossary", "Learn"),
        ("/tutor/explain?hand=223344m45668p55s&win=7p", "Learn"),
        ("/tutor/quiz/", "Quiz"),
        ("/tutor/quiz/fu/", "Quiz"),
        ("/tutor/quiz/table/", "Quiz"),
        ("/tutor/quiz/progress/", "Quiz"),
        ("/tutor/tables", "Tables"),
        ("/calc", "Calculator"),
        ("/", "Score"),
    ],
)
def test_nav_highlights_the_section_on_sub_pages(client, url, label):
    html = client.get(url).content.decode()
    assert current(html) == [label]


def test_your_own_hand_form_is_a_form_for_people(client):
    html = client.get("/tutor/").content.decode()
    form = re.search(r'<form class="request-form".*?</form>', html, re.S)
    assert form
    body = form.group(0)
    assert "preset name or JSON" not in body
    assert re.search(r'<select id="f-rules" name="rules">', body)
    assert '<option value="mleague">M-League</option>' in body
    assert '<option value="tenhou" selected>Tenhou</option>' in body
    assert re.search(r'<button type="submit" class="btn">', body)
    # A blank form starts at a non-dealer seat.
    assert re.search(r'<select id="f-seat" name="seat">.*?<option value="2z" selected>', body, re.S)


def test_the_form_keeps_a_rules_object_from_a_link(client):
    url = '/tutor/explain?hand=2234m&win=7p&rules={"preset":"tenhou","kiriage":true}'
    html = client.get(url).content.decode()
    assert "Custom rules (from the link)" in html
    assert re.search(r'<option value="\{[^"]*" selected>', html.replace("&quot;", "'"))


def test_the_error_page_shows_the_seat_it_scored(client):
    html = client.get("/tutor/explain?hand=2234m&win=7p").content.decode()
    assert re.search(r'<select id="f-seat" name="seat">.*?<option value="1z" selected>', html, re.S)
