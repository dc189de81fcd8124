"""The account pages and the password-reset e-mail in Japanese: our own words from the accounts
catalogue, Django's auth forms and password validators in Django's Japanese."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import translation

from config.mail import flush
from tests.support.japanese import JA, english_left, get_en, get_ja, ja_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    translation.activate(settings.LANGUAGE_CODE)


def assert_japanese(client: Client, name: str, *expected: str) -> str:
    en: str = get_en(client, name).content.decode()
    ja: str = get_ja(client, name).content.decode()
    left = english_left("accounts", en, ja)
    assert not left, f"English left in the Japanese page: {left}"
    for text in expected:
        assert text in ja, text
    return ja


def test_the_account_pages(client: Client) -> None:
    page = assert_japanese(client, "login", "ログイン", "パスワードをお忘れですか？")
    assert "ユーザー名" in page
    assert "パスワード" in page
    page = assert_japanese(
        client, "signup", "新規登録", "メールアドレス（任意）", "先生として利用する"
    )
    assert "よく使われるパスワードにはできません。" in page  # Django's validators' help
    # No colon after the labels (they sit above their fields, issue 29 item 10).
    assert "メールアドレス（任意）</label>" in page
    assert "ユーザー名</label>" in page
    english = get_en(client, "signup").content.decode()
    assert "E-mail (optional)</label>" in english
    assert_japanese(client, "password_reset", "パスワードの再設定", "リンクを送信")
    assert_japanese(client, "password_reset_done", "メールを確認してください")
    assert_japanese(client, "password_reset_complete", "新しいパスワードでログイン")


def test_sign_up_errors_are_japanese(client: Client) -> None:
    page = client.post(
        ja_url("signup"),
        {"username": "rin", "password1": "12345678", "password2": "12345678"},
        headers=JA,
    ).content.decode()
    assert "このパスワードは一般的すぎます。" in page
    assert "このパスワードは数字しか使われていません。" in page


def test_the_reset_e_mail_is_japanese(client: Client) -> None:
    User.objects.create_user("rin", email="rin@example.com", password="old-password-12")
    response = client.post(ja_url("password_reset"), {"email": "rin@example.com"}, headers=JA)
    assert response.status_code == 302
    assert flush()  # the mail leaves from the background thread (config/mail.py)
    (message,) = mail.outbox
    assert message.subject == "Tenboのパスワード再設定"
    body = str(message.body)
    assert "お使いのTenboアカウントについて、パスワードの再設定が依頼されました。" in body
    assert "ユーザー名：rin" in body
    assert "お心当たりがない場合は、このメールを無視してください。" in body
    link = re.search(r"http://testserver(/\S*reset/\S+/)", body)
    assert link is not None
    confirm = client.get(link.group(1), headers=JA)
    page = client.get(confirm["Location"], headers=JA).content.decode()
    assert "新しいパスワードの設定" in page
    assert "パスワードを設定" in page
    bad = client.get(
        ja_url("password_reset_confirm", "MQ", "bad-token"), headers=JA
    ).content.decode()
    assert "この再設定用リンクは無効か、すでに使用されています。" in bad


def test_reset_without_mail_is_japanese(client: Client, settings: object) -> None:
    dummy = "django.core.mail.backends.dummy.EmailBackend"
    settings.MAILERS = {"default": {"BACKEND": dummy}}  # type: ignore[attr-defined]
    unavailable = "このサーバーでは、メールによるパスワードの再設定を利用できません。"
    assert_japanese(client, "password_reset", unavailable)
