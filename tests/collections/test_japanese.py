"""Saved hands in Japanese: the list, a collection (its owner's and a shared reader's view) and
the save form with its errors show the collections catalogue's Japanese and none of its English."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from tests.support.japanese import JA, both, english_left, get_ja, ja_url
from tutor.collections.models import Collection

pytestmark = pytest.mark.django_db

EXPLAIN = "/tutor/explain?hand=234m234m456p55s68p&win=7p"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    translation.activate(settings.LANGUAGE_CODE)


def assert_japanese(en: str, ja: str, *expected: str) -> None:
    left = english_left("collections", en, ja)
    assert not left, f"English left in the Japanese page: {left}"
    for text in expected:
        assert text in ja, text


def test_saving_listing_and_sharing_in_japanese(client: Client) -> None:
    query = "from=" + quote(EXPLAIN)
    en, ja = both(client, "tutor:hand_save", query=query)
    assert_japanese(en, ja, "この手牌を保存", "新しいコレクション：", "自分の手牌")
    bad = client.post(
        ja_url("tutor:hand_save"),
        {"from": EXPLAIN, "title": " ", "collection": "", "new_title": ""},
        headers=JA,
    )
    assert bad.status_code == 400
    page = bad.content.decode()
    assert "手牌にタイトルを付けてください。" in page
    assert "コレクションを選ぶか、新しいコレクションの名前を入力してください。" in page
    nothing = get_ja(client, "tutor:hand_save", query="from=" + quote("/tutor/explain"))
    assert "保存できる完成した手牌がありません。" in nothing.content.decode()

    client.post(
        ja_url("tutor:hand_save"),
        {"from": EXPLAIN, "title": "平和", "collection": "", "new_title": "符の練習"},
        headers=JA,
    )
    collection = Collection.objects.get()
    en, ja = both(client, "tutor:collections")
    assert_japanese(en, ja, "保存した手牌", "手牌1件", "新しいコレクション")
    en, ja = both(client, "tutor:collection", collection.public_id)
    assert_japanese(en, ja, "共有リンク（他の人は閲覧のみ）", "手牌入力", "このコレクションを削除")
    assert "「平和」を上へ移動" in ja
    en, ja = both(Client(), "tutor:collection", collection.public_id)
    assert_japanese(en, ja, "共有されたコレクション")
    assert "このコレクションを削除" not in ja


def test_an_empty_list_in_japanese(client: Client) -> None:
    en, ja = both(client, "tutor:collections")
    assert_japanese(en, ja, "まだコレクションがありません。")
