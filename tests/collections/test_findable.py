"""Saved hands can be found again, read at a glance, and are not lost to one click (issue 22
items 7 and 8)."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tutor.collections import hands
from tutor.collections.models import Collection, SavedHand

pytestmark = pytest.mark.django_db

HAND = "hand=223344m45668p55s&win=7p&tsumo=1&riichi=1"
EXPLAIN = f"/tutor/explain?{HAND}"
PICKER = f"/?{HAND}"


def save(client: Client, title: str | None = None, **extra: str):
    data = {"from": EXPLAIN, "collection": "", "new_title": "Deck", **extra}
    if title is not None:
        data["title"] = title
    return client.post("/tutor/collections/save", data)


def test_the_nav_leads_to_saved_hands_for_everyone(client: Client) -> None:
    # Issue 29 item 8: a first visit's nav has the entry too (it appeared only once the session
    # had a learner), so a newcomer finds where saved hands will be.
    assert re.search(
        r'<a href="/tutor/collections/" data-testid="nav-saved">Saved hands</a>',
        client.get("/").content.decode(),
    )
    save(client, title="One")
    page = client.get("/").content.decode()
    assert re.search(r'<a href="/tutor/collections/" data-testid="nav-saved">Saved hands</a>', page)
    listing = client.get("/tutor/collections/").content.decode()
    assert re.search(
        r'<a href="/tutor/collections/" data-testid="nav-saved" aria-current="page">', listing
    )
    detail = client.get(f"/tutor/collections/{Collection.objects.get().public_id}/")
    assert 'data-testid="nav-saved" aria-current="page"' in detail.content.decode()
    # The account's pages lead there too.
    User.objects.create_user("kaede", password="riichi-ippatsu-7")
    other = Client()
    other.post("/accounts/login/", {"username": "kaede", "password": "riichi-ippatsu-7"})
    for url in ("/", "/tutor/quiz/progress/", "/tutor/quiz/"):
        assert 'href="/tutor/collections/"' in other.get(url).content.decode(), url


def test_saving_from_the_picker_goes_back_to_the_picker(client: Client) -> None:
    form = client.get(
        "/tutor/collections/save?from=" + quote(EXPLAIN),
        headers={"referer": "http://testserver" + PICKER},
    ).content.decode()
    back = re.search(r'<input type="hidden" name="back" value="([^"]*)">', form)
    assert back is not None
    assert htmllib.unescape(back.group(1)) == PICKER
    response = save(client, title="T", back=PICKER)
    assert response.status_code == 302
    assert response["Location"] == PICKER
    picker = client.get(PICKER).content.decode()
    assert "Saved ✓" in picker
    assert 'data-testid="saved-link"' in picker
    # Shown once: the next page has no message.
    assert "Saved ✓" not in client.get(PICKER).content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/?hand=1m",
        "//evil.example/",
        "/tutor/collections/",
        "javascript:alert(1)",
        "/admin/",
    ],
)
def test_only_a_hand_page_of_this_site_is_a_way_back(url: str) -> None:
    assert hands.back_url(url, "testserver") == ""


def test_a_way_back_keeps_its_language() -> None:
    assert hands.back_url("http://testserver/ja/tutor/explain?x=1", "testserver") == (
        "/ja/tutor/explain?x=1"
    )


def test_the_default_title_is_readable_and_rows_show_tiles_and_score(client: Client) -> None:
    form = client.get("/tutor/collections/save?from=" + quote(EXPLAIN)).content.decode()
    title = re.search(r'<input id="hand-title" name="title" maxlength="80" value="([^"]*)"', form)
    assert title is not None
    assert htmllib.unescape(title.group(1)) == (
        "Riichi, Menzen tsumo, Tanyao, Iipeikou — 30 fu 4 han, 11,700 points"
    )
    assert "223344m45668p55s" not in title.group(1)
    ja = client.get("/ja/tutor/collections/save?from=" + quote(EXPLAIN)).content.decode()
    title = re.search(r'name="title" maxlength="80" value="([^"]*)"', ja)
    assert title is not None
    assert htmllib.unescape(title.group(1)) == "立直・門前清自摸和・断幺九・一盃口：30符4飜 11700点"
    save(client, title=htmllib.unescape(title.group(1)))
    collection = Collection.objects.get()
    page = client.get(f"/tutor/collections/{collection.public_id}/").content.decode()
    row = re.search(r'<li class="row".*?</li>', page, re.S)
    assert row is not None
    assert row[0].count("<img") == 14  # 13 tiles and the winning tile
    assert "30 fu 4 han, 11,700 points" in row[0]


def test_a_row_says_its_score_once(client: Client) -> None:
    """Issue 29.10: a default title ends with the score; the row does not print it again
    under the tiles. A title of the learner's own keeps the score beside the tiles."""
    score = "30 fu 4 han, 11,700 points"
    save(client, title=f"Riichi, Menzen tsumo, Tanyao, Iipeikou — {score}")
    save(client, title="My first riichi", collection=Collection.objects.get().public_id)
    collection = Collection.objects.get()
    page = htmllib.unescape(
        client.get(f"/tutor/collections/{collection.public_id}/").content.decode()
    )
    # What the eye reads: the row without the buttons' words for screen readers.
    rows = [
        re.sub(r'<span class="sr-only">.*?</span>', "", row)
        for row in re.findall(r'<li class="row".*?</li>', page, re.S)
    ]
    assert len(rows) == 2
    assert rows[0].count(score) == 1
    assert 'class="hand-score"' not in rows[0]
    assert rows[1].count(score) == 1
    assert 'class="hand-score"' in rows[1]


def test_remove_offers_undo_and_undo_puts_the_hand_back_in_its_place(client: Client) -> None:
    for title in ("A", "B", "C"):
        first = Collection.objects.first()
        save(
            client,
            title=title,
            collection=first.public_id if first else "",
            new_title="" if first else "Deck",
        )
    collection = Collection.objects.get()
    b = SavedHand.objects.get(title="B")
    page = client.post(
        f"/tutor/collections/{collection.public_id}/hands/{b.pk}/delete",
        headers={"HX-Request": "true"},
    ).content.decode()
    assert list(collection.hands.values_list("title", flat=True)) == ["A", "C"]
    undo = re.search(r'<form class="undo-line".*?</form>', page, re.S)
    assert undo is not None
    assert "Removed “B”." in undo[0]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', undo[0]))
    fields = {k: htmllib.unescape(v) for k, v in fields.items()}
    assert fields["title"] == "B"
    assert fields["position"] == "1"
    restored = client.post(
        f"/tutor/collections/{collection.public_id}/hands/restore",
        fields,
        headers={"HX-Request": "true"},
    )
    assert restored.status_code == 200
    assert list(collection.hands.values_list("title", flat=True)) == ["A", "B", "C"]
    assert list(collection.hands.values_list("position", flat=True)) == [0, 1, 2]
    assert "undo-line" not in restored.content.decode()
    # Without htmx: the page itself, after Remove (with its Undo) and after Undo (redirected).
    c = SavedHand.objects.get(title="C")
    full = client.post(f"/tutor/collections/{collection.public_id}/hands/{c.pk}/delete")
    assert full.status_code == 200
    assert "<!doctype html>" in full.content.decode()
    assert "Removed “C”." in full.content.decode()
    again = client.post(
        f"/tutor/collections/{collection.public_id}/hands/restore",
        {"title": "C", "query": c.query, "position": "2"},
    )
    assert again.status_code == 302
    assert list(collection.hands.values_list("title", flat=True)) == ["A", "B", "C"]
    # Only a hand goes back in, and only into one's own collection.
    bad = {**fields, "query": "hand=&win="}
    url = f"/tutor/collections/{collection.public_id}/hands/restore"
    assert client.post(url, bad).status_code == 400
    assert Client().post(url, fields).status_code == 404
    assert collection.hands.count() == 3


def test_delete_asks_first(client: Client) -> None:
    save(client, title="A")
    collection = Collection.objects.get()
    page = client.get(f"/tutor/collections/{collection.public_id}/").content.decode()
    confirm = re.search(r'<details class="confirm".*?</details>', page, re.S)
    assert confirm is not None
    assert "Delete “Deck” and its 1 hand? This cannot be undone." in confirm[0]
    assert f'action="/tutor/collections/{collection.public_id}/delete"' in confirm[0]
    assert page.count(f'/tutor/collections/{collection.public_id}/delete"') == 1
