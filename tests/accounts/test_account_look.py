"""Sign-up and log-in in the site's own look, saying what an account keeps (issue 22.11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = ("/accounts/signup/", "/accounts/login/", "/accounts/password-reset/")


@pytest.mark.parametrize("url", PAGES)
def test_account_pages_use_the_sites_look(client: Client, url: str) -> None:
    page = client.get(url).content.decode()
    assert 'class="card account-card"' in page
    assert "quiz.css" not in page  # the quiz's stylesheet gave them the stock look
    assert "as_div" not in page
    assert re.search(r'<button type="submit" class="btn btn-big">', page)
    # The menu shows where the learner is: the account entry (Sign up on its own page).
    here = "nav-signup" if url == "/accounts/signup/" else "nav-account"
    assert re.search(rf'<a class="{here}" href="/accounts/[^"]*" aria-current="page">', page)


@pytest.mark.parametrize("url", PAGES[:2])
def test_sign_up_and_log_in_say_what_an_account_keeps(client: Client, url: str) -> None:
    page = client.get(url).content.decode()
    keeps = re.search(r'<aside class="card account-keeps".*?</aside>', page, re.S)
    assert keeps is not None
    for thing in ("Your progress", "Saved hands", "Classes"):
        assert f"<strong>{thing}</strong>" in keeps[0]
    ja = client.get("/ja" + url).content.decode()
    keeps = re.search(r'<aside class="card account-keeps".*?</aside>', ja, re.S)
    assert keeps is not None
    for thing in ("学習記録", "保存した手牌", "クラス"):
        assert f"<strong>{thing}</strong>" in keeps[0]
    assert "What an account keeps" not in ja


def test_the_password_rules_one_per_line_and_labels_without_colons(client: Client) -> None:
    """Issue 29 item 10: the four password rules ran together on one line; the labels ended in
    colons (no other form of the site has them)."""
    css = (Path(__file__).parents[2] / "static/css/app.css").read_text(encoding="utf-8")
    assert not re.search(r"\.account-help li \{\s*display: inline;", css)
    page = client.get("/accounts/signup/").content.decode()
    assert '<div class="account-help" id="id_password1_helptext"><ul>' in page
    labels = re.findall(r"<label for=\"id_\w+\">([^<]*)</label>", page)
    assert labels
    assert not [label for label in labels if label.rstrip().endswith((":", "："))]
    ja = client.get("/ja/accounts/signup/").content.decode()
    assert not re.search(r"<label for=\"id_\w+\">[^<]*[:：]</label>", ja)
