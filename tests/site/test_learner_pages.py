"""Pages that looked like developer tools (issue 11, item 17): the "Your own hand" form, the
nav highlight on sub-pages, the tables page's buttons."""

from __future__ import annotations

import re

import pytest


def current(html):
    """The highlighted links of the site navigation."""
    nav = re.search(r'<nav id="site-nav" [^>]*aria-label="Main">(.*?)</nav>', html, re.S)
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


def test_your_own_hand_sends_the_learner_to_the_picker(client):
    """Issue 29 item 9: the tutor's "Your own hand" was two free-text notation boxes (and a
    blank form of its own, at another default seat); the learner builds the hand in the picker,
    whose score panel links to its walkthrough."""
    html = client.get("/tutor/").content.decode()
    assert 'class="request-form"' not in html
    own = re.search(r'<section class="own-hand".*?</section>', html, re.S)
    assert own
    assert 'href="/" data-testid="own-hand"' in own.group(0)
    ja = client.get("/ja/tutor/").content.decode()
    assert 'href="/ja/" data-testid="own-hand"' in ja


def test_the_form_keeps_a_rules_object_from_a_link(client):
    url = '/tutor/explain?hand=2234m&win=7p&rules={"preset":"tenhou","kiriage":true}'
    html = client.get(url).content.decode()
    assert "Custom rules (from the link)" in html
    assert re.search(r'<option value="\{[^"]*" selected>', html.replace("&quot;", "'"))


def test_the_error_page_shows_the_seat_it_scored(client):
    html = client.get("/tutor/explain?hand=2234m&win=7p").content.decode()
    assert re.search(r'<select id="f-seat" name="seat">.*?<option value="1z" selected>', html, re.S)
