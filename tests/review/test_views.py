"""Review a game: import, the game page (full and htmx), seat, share, delete, access, merge."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import LOGS
from tutor.review.models import ReviewedGame

pytestmark = pytest.mark.django_db

PAO = (LOGS / "pao-tsumo.mjlog").read_bytes()


def upload(client, data: bytes = PAO, lang: str = ""):
    return client.post(
        f"{lang}/tutor/review/import",
        {"file": SimpleUploadedFile("game.mjlog", data, content_type="application/octet-stream")},
    )


def imported(client, data: bytes = PAO) -> ReviewedGame:
    response = upload(client, data)
    assert response.status_code == 302, response.content[:500]
    return ReviewedGame.objects.latest("id")


def test_index_page(client):
    response = client.get("/tutor/review/")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'data-testid="import-form"' in body
    assert 'href="/tutor/review/"' in body  # the nav entry


def test_index_page_in_japanese(client):
    body = client.get("/ja/tutor/review/").content.decode()
    assert "対局を振り返る" in body


def test_upload_imports_and_opens_the_game(client):
    game = imported(client)
    response = client.get(f"/tutor/review/{game.public_id}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'data-hands="5" data-wins="5" data-agree="5"' in body
    assert body.count('data-testid="win"') == 5
    assert 'data-differs="1"' not in body
    assert "tacos" in body
    assert "/tutor/explain?" in body
    assert "Which one were you?" in body


def test_paste_imports(client):
    response = client.post("/tutor/review/import", {"record": PAO.decode()})
    assert response.status_code == 302
    assert ReviewedGame.objects.count() == 1


def test_game_page_fragment(client):
    game = imported(client)
    response = client.get(f"/tutor/review/{game.public_id}/", headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="game">')
    assert "<html" not in body


def test_choose_seat_full_and_htmx(client):
    game = imported(client)
    response = client.post(f"/tutor/review/{game.public_id}/seat", {"seat": "2"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.seat == 2
    response = client.post(
        f"/tutor/review/{game.public_id}/seat", {"seat": "3"}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="game">')
    assert re.search(r'value="3" checked', body)
    game.refresh_from_db()
    assert game.seat == 3


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (PAO[:300], "could not be read"),
        (PAO.replace(b"<T132/>", b"<T136/>"), "hand 1, tag &lt;T136&gt;"),
        (b'<!DOCTYPE x [<!ENTITY a SYSTEM "file:///etc/passwd">]><mjloggm/>', "could not be read"),
        (b"hello", "could not be read"),
    ],
)
def test_bad_records_are_refused_beside_the_field_and_nothing_is_kept(client, data, words):
    response = upload(client, data)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'id="err-record"' in body
    assert words in body
    assert ReviewedGame.objects.count() == 0


def test_empty_form(client):
    response = client.post("/tutor/review/import", {"record": ""})
    assert response.status_code == 400
    assert "Choose a record file" in response.content.decode()


def test_the_page_states_both_limits_and_a_longer_paste_is_refused(client):
    # Django caps form fields (DATA_UPLOAD_MAX_MEMORY_SIZE); a file upload is not capped by it.
    page = client.get("/tutor/review/").content.decode()
    assert "Record files up to 1,000 kB, pasted text up to 64 kB." in page
    longer = PAO.decode() + " " * 70_000
    response = client.post("/tutor/review/import", {"record": longer})
    assert response.status_code == 400
    assert "The request is too large." in response.content.decode()
    assert ReviewedGame.objects.count() == 0
    # The same record padded the same way, as a file, is read.
    assert upload(client, longer.encode()).status_code == 302


def test_oversized_upload(client):
    response = upload(client, b"<mjloggm>" + b" " * 2_000_000 + b"</mjloggm>")
    assert response.status_code == 400
    assert ReviewedGame.objects.count() == 0


def test_a_log_link_is_not_fetched_when_the_setting_is_off(client, settings):
    settings.TENBO_FETCH_TENHOU = False
    link = "https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1"
    response = client.post("/tutor/review/import", {"record": link})
    assert response.status_code == 400
    assert "does not fetch records" in response.content.decode()


def test_a_log_link_is_fetched_when_the_setting_is_on(client, settings, monkeypatch):
    settings.TENBO_FETCH_TENHOU = True
    asked = []

    def fake(log_id: str) -> bytes:
        asked.append(log_id)
        return PAO

    monkeypatch.setattr("tutor.review.fetch.fetch_log", fake)
    link = "https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1"
    response = client.post("/tutor/review/import", {"record": link})
    assert response.status_code == 302
    assert asked == ["2020051716gm-00a9-0000-7f8226dd"]


def test_another_learner_cannot_see_an_unshared_game(client):
    game = imported(client)
    other = client_class_new()
    assert other.get(f"/tutor/review/{game.public_id}/").status_code == 404
    assert other.post(f"/tutor/review/{game.public_id}/seat", {"seat": "1"}).status_code == 404
    assert other.post(f"/tutor/review/{game.public_id}/delete").status_code == 404
    assert other.post(f"/tutor/review/{game.public_id}/share", {"shared": "1"}).status_code == 404
    # Shared by its owner: others may read it, not change it.
    client.post(f"/tutor/review/{game.public_id}/share", {"shared": "1"})
    response = other.get(f"/tutor/review/{game.public_id}/")
    assert response.status_code == 200
    assert 'data-testid="seat-form"' not in response.content.decode()
    assert other.post(f"/tutor/review/{game.public_id}/delete").status_code == 404
    client.post(f"/tutor/review/{game.public_id}/share", {"shared": "0"})
    assert other.get(f"/tutor/review/{game.public_id}/").status_code == 404


def client_class_new():
    from django.test import Client

    return Client()


def test_list_and_delete(client):
    game = imported(client)
    body = client.get("/tutor/review/").content.decode()
    assert game.public_id in body
    response = client.post(f"/tutor/review/{game.public_id}/delete")
    assert response.status_code == 302
    assert ReviewedGame.objects.count() == 0


def test_anonymous_games_follow_the_learner_on_sign_up(client):
    game = imported(client)
    # Signed up through the page, by the browser that imported the game: its signed marker says
    # it made the anonymous learner, so the games move (force_login carries no cookie).
    response = client.post(
        "/accounts/signup/",
        {"username": "rin", "password1": "a-long-passphrase-1", "password2": "a-long-passphrase-1"},
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="rin")
    game.refresh_from_db()
    assert game.owner.user == user
    assert client.get(f"/tutor/review/{game.public_id}/").status_code == 200


def test_japanese_game_page(client):
    game = imported(client)
    body = client.get(f"/ja/tutor/review/{game.public_id}/").content.decode()
    assert "どの席でしたか" in body
    assert "東1局" in body


def test_a_win_can_be_saved_to_a_collection(client):
    from urllib.parse import unquote

    game = imported(client)
    body = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    links = re.findall(r'href="(/tutor/collections/save\?[^"]+)"', body)
    assert len(links) == 5
    link = links[-1].replace("&amp;", "&")
    page = client.get(link)
    assert page.status_code == 200
    source = unquote(link.split("from=")[1].split("&")[0])
    response = client.post(
        "/tutor/collections/save",
        {"from": source, "title": "Big three dragons", "new_title": "From my games"},
    )
    assert response.status_code == 302
    from tutor.collections.models import SavedHand

    saved = SavedHand.objects.get()
    assert "pao=2z" in saved.query


def test_a_disagreement_is_shown_plainly(client):
    wrong = PAO.replace(b'ten="30,12000,1"', b'ten="30,11000,1"')
    game = imported(client, wrong)
    body = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert 'data-testid="disagreements"' in body
    assert 'data-agree="4"' in body
    assert body.count('data-differs="1"') == 1
    assert 'data-agrees="0"' in body
    assert "Tenbo disagrees with the record on this win." in body


def test_an_unreachable_tenhou_is_said_plainly(client, settings, monkeypatch):
    from scorer.gamelog import RecordError
    from tutor.review import fetch

    settings.TENBO_FETCH_TENHOU = True

    def down(log_id: str) -> bytes:
        raise RecordError(fetch.UNREACHABLE)

    monkeypatch.setattr("tutor.review.fetch.fetch_log", down)
    link = "https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1"
    response = client.post("/tutor/review/import", {"record": link})
    assert response.status_code == 400
    assert "tenhou.net did not answer" in response.content.decode()
    assert ReviewedGame.objects.count() == 0
