"""Login, sign-up and password reset lock out per account and per client address (django-axes):
429 with Retry-After, decided before any password is hashed."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings: Any) -> None:
    settings.AXES_FAILURE_LIMIT = LIMIT


@pytest.fixture
def hasher_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every run of the password check (what a flood makes expensive)."""
    calls: list[str] = []
    real = ModelBackend.authenticate

    def counting(self: ModelBackend, request: Any, username: Any = None, **kw: Any) -> Any:
        calls.append(str(username))
        return real(self, request, username=username, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    return calls


def login(client: Client, username: str, password: str = "wrong", ip: str = "10.0.0.1") -> Any:
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def assert_locked(response: Any) -> None:
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert b"Too many attempts" in response.content


def test_failed_logins_lock_the_account_before_the_hasher_runs(
    client: Client, hasher_calls: list[str]
) -> None:
    User.objects.create_user("mei", password="a-long-passphrase-9")
    for _ in range(LIMIT - 1):
        assert login(client, "mei").status_code == 200  # the form's error
    assert_locked(login(client, "mei"))  # the attempt that reaches the limit
    assert len(hasher_calls) == LIMIT
    # Locked: even from another address, and even with the right password.
    assert_locked(login(client, "mei", ip="10.0.0.2"))
    assert_locked(login(client, "mei", "a-long-passphrase-9", ip="10.0.0.3"))
    assert len(hasher_calls) == LIMIT


def test_failed_logins_lock_the_client_address_for_every_name(
    client: Client, hasher_calls: list[str]
) -> None:
    for n in range(LIMIT - 1):
        assert login(client, f"guess{n}").status_code == 200
    assert_locked(login(client, f"guess{LIMIT}"))
    assert_locked(login(client, "someone-else"))
    assert len(hasher_calls) == LIMIT
    # Another address is not affected.
    assert login(client, "someone-else", ip="10.9.9.9").status_code == 200


def test_a_locked_out_json_client_gets_the_error_object(client: Client) -> None:
    for n in range(LIMIT):
        login(client, f"guess{n}")
    response = client.post(
        "/accounts/login/",
        {"username": "x", "password": "y"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "locked_out"
    assert int(response["Retry-After"]) > 0


def test_sign_up_floods_are_refused_before_any_account_is_made(client: Client) -> None:
    def signup(n: int) -> Any:
        return client.post(
            "/accounts/signup/",
            {"username": f"new{n}", "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"},
            REMOTE_ADDR="10.0.0.7",
        )

    for n in range(LIMIT):
        response = signup(n)
        assert response.status_code == 302  # each allowed one really signs up
        client.logout()
    assert User.objects.count() == LIMIT
    assert_locked(signup(LIMIT))
    assert User.objects.count() == LIMIT


def test_password_reset_floods_are_refused(client: Client) -> None:
    for n in range(LIMIT):
        response = client.post(
            "/accounts/password-reset/", {"email": f"a{n}@example.org"}, REMOTE_ADDR="10.0.0.8"
        )
        assert response.status_code in (200, 302)
    assert_locked(
        client.post("/accounts/password-reset/", {"email": "z@example.org"}, REMOTE_ADDR="10.0.0.8")
    )


def test_a_successful_login_does_not_reset_the_address_count(client: Client) -> None:
    """Otherwise one valid account would let a client go on guessing the others."""
    User.objects.create_user("kai", password="a-long-passphrase-9")
    for n in range(LIMIT - 1):
        login(client, f"guess{n}")
    assert login(client, "kai", "a-long-passphrase-9").status_code == 302
    client.logout()
    assert_locked(login(client, "guess-again"))
