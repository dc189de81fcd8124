"""The review pages under /ja/ show no English (players' names, data, are left out)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import LOGS
from tests.i18n.visible import english_in
from tutor.review.models import ReviewedGame

pytestmark = pytest.mark.django_db

NAMES = ("うさぎファンシー", "CLS", "酸欠少女さユり", "tacos")


def visible_english(html: str) -> list[str]:
    for name in NAMES:
        html = html.replace(name, "")
    return english_in(html)


def imported(client, name: str = "pao-tsumo.mjlog") -> ReviewedGame:
    data = (LOGS / name).read_bytes()
    client.post("/ja/tutor/review/import", {"file": SimpleUploadedFile("g.mjlog", data)})
    return ReviewedGame.objects.latest("id")


def test_index(client):
    assert not visible_english(client.get("/ja/tutor/review/").content.decode())


def test_refusal(client):
    response = client.post("/ja/tutor/review/import", {"file": SimpleUploadedFile("g", b"<x")})
    assert response.status_code == 400
    assert not visible_english(response.content.decode())


def test_game_page_and_fragment(client):
    game = imported(client)
    client.post(f"/ja/tutor/review/{game.public_id}/seat", {"seat": "3"})
    html = client.get(f"/ja/tutor/review/{game.public_id}/").content.decode()
    assert not visible_english(html)
    fragment = client.get(
        f"/ja/tutor/review/{game.public_id}/", headers={"HX-Request": "true"}
    ).content.decode()
    assert not visible_english(fragment)


@pytest.mark.parametrize("name", ["double-ron.mjlog", "upd-aft-ron3.mjlog", "upd-aft-nm.mjlog"])
def test_other_endings(client, name):
    game = imported(client, name)
    html = client.get(f"/ja/tutor/review/{game.public_id}/").content.decode()
    from scorer.gamelog import read_record

    for player in read_record(game.record).players:
        html = html.replace(player, "")
    assert not visible_english(html)
