"""A game's wins into a collection in one step (every win, or the learner's own), and for a
teacher straight on to a live lesson with that deck (issue 24 item 4)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.review.test_views import imported
from tutor.accounts.models import Learner
from tutor.collections.models import Collection, SavedHand

pytestmark = pytest.mark.django_db


def collect(client, game, **data):
    return client.post(f"/tutor/review/{game.public_id}/collect", data)


def test_every_win_goes_into_a_new_collection_in_play_order(client):
    game = imported(client)
    page = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert "Save all 5 wins to a new collection" in page
    assert 'data-testid="collect-mine"' not in page  # no seat chosen yet
    assert 'data-testid="teach-live"' not in page  # not a teacher
    response = collect(client, game)
    collection = Collection.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tutor/collections/{collection.public_id}/"
    assert collection.title == f"Game: {game.title}"
    hands = list(collection.hands.order_by("position"))
    assert len(hands) == 5
    assert "pao=2z" in hands[-1].query  # the whole situation travels, as the single save
    detail = client.get(response["Location"])
    assert detail.status_code == 200


def test_only_the_learners_own_wins(client):
    game = imported(client)
    client.post(f"/tutor/review/{game.public_id}/seat", {"seat": "2"})
    page = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert "Save only your win" in page
    collect(client, game, only="mine")
    assert SavedHand.objects.count() == 1
    assert Collection.objects.get().title.startswith("My wins: ")


def test_no_win_of_ones_own_saves_nothing_and_says_so(client):
    game = imported(client)
    client.post(f"/tutor/review/{game.public_id}/seat", {"seat": "1"})  # won nothing here
    page = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert 'data-testid="collect-mine"' not in page
    response = collect(client, game, only="mine")
    assert response.status_code == 302
    assert not Collection.objects.exists()
    assert "You won no hand in this game" in client.get(response["Location"]).content.decode()


def test_a_teacher_goes_on_to_teach_the_game_live(client):
    user = get_user_model().objects.create_user("sensei", password="a-long-passphrase-1")
    Learner.objects.create(user=user, is_teacher=True)
    client.force_login(user)
    game = imported(client)
    page = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert 'data-testid="teach-live"' in page
    response = collect(client, game, live="1")
    collection = Collection.objects.get()
    assert response["Location"] == f"/tutor/class/live/new?deck={collection.public_id}"
    chooser = client.get(response["Location"])
    assert chooser.status_code == 200


def test_a_learner_who_is_no_teacher_is_not_sent_to_the_live_lesson(client):
    game = imported(client)
    response = collect(client, game, live="1")
    assert response["Location"].startswith("/tutor/collections/")


def test_a_shared_game_can_be_collected_by_a_visitor_but_an_unshared_one_cannot(client):
    from django.test import Client

    game = imported(client)
    visitor = Client()
    assert collect(visitor, game).status_code == 404
    game.shared = True
    game.save()
    page = visitor.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert 'data-testid="collect-mine"' not in page
    assert collect(visitor, game, only="mine").status_code == 302
    assert not Collection.objects.exists()  # the owner's seat is not the visitor's
    assert collect(visitor, game).status_code == 302
    assert Collection.objects.get().hands.count() == 5
    assert collect(client, game).status_code == 302  # the owner too
