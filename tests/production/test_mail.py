"""Password reset without mail: the page says it is not available, sends and logs nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from config.mail import flush

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_mail(settings: Any) -> None:
    """What production without EMAIL_URL configures (tests/production/test_settings.py)."""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.dummy.EmailBackend"}}


def test_reset_page_says_unavailable_without_mail(client: Client, no_mail: None) -> None:
    response = client.get("/accounts/password-reset/")
    assert response.status_code == 200
    assert b"not available on this server" in response.content
    assert b'name="email"' not in response.content  # no form pretending to send


def test_reset_post_without_mail_sends_nothing(
    client: Client, no_mail: None, caplog: pytest.LogCaptureFixture
) -> None:
    User.objects.create_user("ren", email="ren@example.org", password="a-long-passphrase-9")
    response = client.post("/accounts/password-reset/", {"email": "ren@example.org"})
    assert response.status_code == 503
    assert b"not available on this server" in response.content
    assert mail.outbox == []
    assert "/accounts/reset/" not in caplog.text


def test_reset_with_mail_sends_the_link(client: Client) -> None:
    User.objects.create_user("ren", email="ren@example.org", password="a-long-passphrase-9")
    response = client.post("/accounts/password-reset/", {"email": "ren@example.org"})
    assert response.status_code == 302
    assert flush()
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body
