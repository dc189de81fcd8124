"""Saved hands: save from the picker and the walkthrough, reorder, open, share read-only,
anonymous collections kept and merged on sign-up."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tutor.collections.models import Collection, SavedHand

pytestmark = pytest.mark.django_db

HAND = "hand=234m234m456p55s68p&win=7p"
EXPLAIN = f"/tutor/explain?{HAND}"


def save(
    client: Client, title: str = "Pinfu-ish", new: str = "Deck", source: str = EXPLAIN, **extra: str
):
    data = {"from": source, "title": title, "collection": "", "new_title": new, **extra}
    return client.post("/tutor/collections/save", data)


def test_picker_offers_save_for_a_scored_hand(client: Client) -> None:
    html = client.get(f"/?{HAND}").content.decode()
    link = re.search(r'href="([^"]+)" id="save-hand-link"', html)
    assert link is not None
    page = client.get(link.group(1).replace("&amp;", "&"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "223344m45668p55s + 7p" in body  # the picker sorts the hand
    assert 'name="from"' in body
    assert "save-hand-link" not in client.get("/").content.decode()


def test_walkthrough_offers_save(client: Client) -> None:
    html = client.get(EXPLAIN).content.decode()
    assert 'data-testid="save-link"' in html
    assert "/tutor/collections/save?from=" in html


def test_saving_creates_a_collection_for_an_anonymous_learner(client: Client) -> None:
    response = save(client)
    assert response.status_code == 302
    collection = Collection.objects.get()
    assert collection.title == "Deck"
    # Back to the hand it was saved from, with the way to the collection (issue 22.7).
    assert response["Location"] == EXPLAIN
    back = client.get(response["Location"]).content.decode()
    assert re.search(
        rf'Saved ✓ <a href="/tutor/collections/{collection.public_id}/" data-testid="saved-link">'
        r"Open the collection “Deck”</a>",
        back,
    )
    hand = SavedHand.objects.get()
    assert "hand=234m234m456p55s68p" in hand.query
    assert "win=7p" in hand.query
    page = client.get(f"/tutor/collections/{collection.public_id}/").content.decode()
    assert "Pinfu-ish" in page
    assert f"/tutor/explain?{hand.query}".replace("&", "&amp;") in page
    # a second hand goes into the chosen existing collection
    save(client, title="Second", new="", collection=collection.public_id)
    assert list(collection.hands.values_list("title", flat=True)) == ["Pinfu-ish", "Second"]


def test_save_rejects_anything_but_a_hand_on_this_site(client: Client) -> None:
    for source in ("https://evil.example/tutor/explain?" + HAND, "/tutor/explain?hand=", "/admin/"):
        assert save(client, source=source).status_code == 400
    assert client.get("/tutor/collections/save?from=" + quote("/nowhere")).status_code == 400
    assert not SavedHand.objects.exists()
    assert save(client, title="").status_code == 400
    assert save(client, new="").status_code == 400


def test_reorder_with_up_and_down_buttons(client: Client) -> None:
    for title in ("A", "B", "C"):
        first = Collection.objects.first()
        save(
            client,
            title=title,
            new="Deck" if first is None else "",
            collection="" if first is None else first.public_id,
        )
    collection = Collection.objects.get()
    hands = {h.title: h for h in collection.hands.all()}
    url = f"/tutor/collections/{collection.public_id}/hands/{hands['C'].pk}/move"
    assert client.get(url).status_code == 405
    assert client.post(url, {"direction": "up"}).status_code == 302
    assert [h.title for h in collection.hands.all()] == ["A", "C", "B"]
    fragment = client.post(url, {"direction": "up"}, headers={"HX-Request": "true"})
    html = fragment.content.decode()
    assert html.lstrip().startswith('<section id="hands"')
    assert "<html" not in html
    assert [h.title for h in collection.hands.all()] == ["C", "A", "B"]
    client.post(url, {"direction": "up"})  # already first: nothing moves
    assert [h.title for h in collection.hands.all()] == ["C", "A", "B"]
    page = client.get(f"/tutor/collections/{collection.public_id}/").content.decode()
    assert re.search(rf'id="up-{hands["C"].pk}" disabled', page)
    client.post(f"/tutor/collections/{collection.public_id}/hands/{hands['A'].pk}/delete")
    assert [h.title for h in collection.hands.all()] == ["C", "B"]


def test_shared_collection_is_read_only_for_others(client: Client) -> None:
    save(client, title="<b>bold</b>")
    collection = Collection.objects.get()
    hand = SavedHand.objects.get()
    other = Client()
    page = other.get(f"/tutor/collections/{collection.public_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert "<b>bold" not in html
    assert "/move" not in html
    assert "/delete" not in html
    base = f"/tutor/collections/{collection.public_id}"
    for url in (
        f"{base}/hands/{hand.pk}/move",
        f"{base}/hands/{hand.pk}/delete",
        f"{base}/delete",
        f"{base}/rename",
        f"{base}/move",
    ):
        assert other.post(url, {"direction": "up", "title": "x"}).status_code == 404, url
    assert SavedHand.objects.filter(pk=hand.pk).exists()
    assert Collection.objects.get().title == "Deck"
    assert other.get("/tutor/collections/nope/").status_code == 404


def test_collections_reorder_and_list(client: Client) -> None:
    client.post("/tutor/collections/new", {"title": "One"})
    client.post("/tutor/collections/new", {"title": "Two"})
    two = Collection.objects.get(title="Two")
    client.post(f"/tutor/collections/{two.public_id}/move", {"direction": "up"})
    assert [c.title for c in Collection.objects.all()] == ["Two", "One"]
    html = client.get("/tutor/collections/").content.decode()
    assert html.index("Two") < html.index("One")
    assert client.post("/tutor/collections/new", {"title": "  "}).status_code == 400


def test_anonymous_collections_are_merged_on_sign_up_and_log_in(client: Client) -> None:
    User.objects.create_user("kaede", password="riichi-ippatsu-7")
    owner = Client()
    owner.post("/accounts/login/", {"username": "kaede", "password": "riichi-ippatsu-7"})
    save(owner, new="Hers")
    save(client, new="Mine")
    client.post("/accounts/login/", {"username": "kaede", "password": "riichi-ippatsu-7"})
    account = User.objects.get(username="kaede").learner
    assert [c.title for c in Collection.objects.filter(owner=account)] == ["Hers", "Mine"]
    assert Collection.objects.count() == 2
    fresh = Client()
    save(fresh, new="Before sign-up")
    fresh.post(
        "/accounts/signup/",
        {"username": "new", "password1": "pon-chi-kan-99", "password2": "pon-chi-kan-99"},
    )
    assert Collection.objects.get(title="Before sign-up").owner.user.username == "new"  # type: ignore[union-attr]
