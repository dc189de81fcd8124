"""Accounts with Django auth: sign up, log in and out, password reset by (console) e-mail."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from config.mail import flush

pytestmark = pytest.mark.django_db


def test_account_pages_render(client):
    for url in ("/accounts/signup/", "/accounts/login/", "/accounts/password-reset/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert 'name="csrfmiddlewaretoken"' in response.content.decode()


def test_sign_up_logs_in_and_lands_on_today_with_a_way_back(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "haruka",
            "email": "haruka@example.com",
            "password1": "double-east-44",
            "password2": "double-east-44",
            "next": "/tutor/quiz/",
        },
    )
    # Sign-up lands on Today (issue 27), which welcomes the learner and links back to next.
    assert response.status_code == 302
    assert response["Location"] == "/tutor/today/?back=%2Ftutor%2Fquiz%2F"
    today = client.get(response["Location"]).content.decode()
    assert 'data-testid="welcome"' in today
    assert 'href="/tutor/quiz/"' in today
    user = User.objects.get(username="haruka")
    assert user.email == "haruka@example.com"
    assert client.session["_auth_user_id"] == str(user.pk)
    html = client.get("/tutor/quiz/").content.decode()
    assert "Signed in as haruka" in html


def test_sign_up_errors_are_shown_and_next_is_checked(client):
    response = client.post(
        "/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not User.objects.exists()
    ok = client.post(
        "/accounts/signup/",
        {
            "username": "y",
            "password1": "pon-chi-kan-9",
            "password2": "pon-chi-kan-9",
            "next": "https://evil.example/",
        },
    )
    assert ok["Location"] == "/tutor/today/"  # Today, and no way back to the other site


def test_log_in_and_out(client):
    User.objects.create_user("sora", password="haitei-raoyue-3")
    bad = client.post("/accounts/login/", {"username": "sora", "password": "nope"})
    assert bad.status_code == 200
    assert "_auth_user_id" not in client.session
    good = client.post(
        "/accounts/login/",
        {"username": "sora", "password": "haitei-raoyue-3", "next": "/tutor/quiz/progress/"},
    )
    assert good.status_code == 302
    assert good["Location"] == "/tutor/quiz/progress/"
    assert "Signed in as sora" in client.get("/tutor/quiz/progress/").content.decode()
    out = client.post("/accounts/logout/")
    assert out.status_code == 302
    assert "_auth_user_id" not in client.session
    assert "Log in" in client.get("/tutor/quiz/").content.decode()


def test_password_reset_flow(client):
    User.objects.create_user("rin", email="rin@example.com", password="old-password-12")
    response = client.post("/accounts/password-reset/", {"email": "rin@example.com"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert client.get(response["Location"]).status_code == 200
    assert flush()  # the mail leaves from the background thread (config/mail.py)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert "Reset your Tenbo password" in message.subject
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(message.body))
    assert link
    confirm = client.get(link.group(1))
    assert confirm.status_code == 302  # to the set-password URL (token moved to the session)
    form_url = confirm["Location"]
    page = client.get(form_url)
    assert page.status_code == 200
    assert 'name="new_password1"' in page.content.decode()
    done = client.post(
        form_url, {"new_password1": "new-password-34", "new_password2": "new-password-34"}
    )
    assert done.status_code == 302
    assert done["Location"] == "/accounts/reset/done/"
    assert client.get(done["Location"]).status_code == 200
    assert client.login(username="rin", password="new-password-34")
    bad = client.get("/accounts/reset/MQ/bad-token/")
    assert "invalid" in bad.content.decode()


def test_the_header_offers_log_in_and_returns_to_the_page(client):
    html = client.get("/tutor/tables?rules=tenhou").content.decode()
    assert 'class="nav-account" href="/accounts/login/?next=/tutor/tables%3Frules%3Dtenhou"' in html
    assert ">Log in</a>" in html


def test_the_header_names_the_signed_in_learner_and_links_their_progress(client):
    User.objects.create_user("haruka", password="double-east-44")
    client.login(username="haruka", password="double-east-44")
    html = client.get("/").content.decode()
    assert 'class="nav-account" href="/tutor/quiz/progress/"' in html
    assert ">haruka</a>" in html
    assert ">Log in</a>" not in html
