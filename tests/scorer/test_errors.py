"""The engine's errors on the pages: one translated sentence per code and field (issue 13)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from scorer.engine import score_request
from scorer.errors import FALLBACK, match, page_message

WIKI = {"hand": "223344m45668p55s", "win": "7p", "tsumo": True, "riichi": True, "dora": "9s"}

#: Bad requests covering each kind of engine error the pages can meet.
BAD: list[dict[str, object]] = [
    {**WIKI, "hand": ""},
    {**WIKI, "win": ""},
    {**WIKI, "win": "55p"},
    {**WIKI, "hand": "123m8z"},
    {**WIKI, "hand": "12x"},
    {**WIKI, "hand": "123"},
    {**WIKI, "hand": "m123"},
    {**WIKI, "hand": "123m[1-2m"},
    {**WIKI, "hand": "123m[1=23m]"},
    {**WIKI, "hand": "123m[1x23m]"},
    {**WIKI, "hand": "123m[1-24m]"},
    {**WIKI, "dora": "[1-23m]"},
    {**WIKI, "hand": "2222m44m45668p55s"},
    {**WIKI, "hand": "223344m45668p00s"},
    {**WIKI, "hand": "223344m45668p5s"},
    {**WIKI, "honba": "x"},
    {**WIKI, "sticks": "100"},
    {**WIKI, "seat": "9z"},
    {**WIKI, "tsumo": False, "rinshan": True},
    {**WIKI, "ippatsu": True, "riichi": False},
    {**WIKI, "tenhou": True, "seat": "2z"},
    {**WIKI, "chankan": True},
    {"hand": "123456789m123p", "win": "4p"},
    {"hand": "123456789m12345p", "win": "1p"},
    {"hand": "234567m234p66s79s", "win": "8s", "dora": "1z"},
]


@pytest.mark.parametrize("request_data", BAD)
def test_every_engine_error_has_its_own_translated_sentence(request_data):
    result = score_request(request_data, steps=False)
    error = result["error"]
    # The API keeps the engine's English message (API.md); only the pages translate.
    assert error["message"][0].islower() or error["message"][0] in "'0123456789"
    known = match(error["code"], error["field"], error["message"])
    assert known is not None, error
    assert known[0].isupper() or known[0] in "“0123456789", known
    assert known.rstrip()[-1] == ".", known
    with translation.override("ja"):
        japanese = page_message(error)
    assert japanese != known
    # No English word left (tile codes and notation such as 123m or [1-23m] are allowed).
    assert re.search(r"[A-Za-z]{2,}", japanese) is None, japanese
    assert japanese.endswith("。") or japanese.endswith("）"), japanese


def test_counts_and_positions_are_kept():
    error = score_request({**WIKI, "hand": "22222m4m45668p55s"}, steps=False)["error"]
    assert page_message(error).startswith("5 copies of 2m: there are only four of each tile")
    error = score_request({**WIKI, "hand": "123m8z"}, steps=False)["error"]
    assert page_message(error) == (
        "8z is not a tile: the honours are 1z to 7z. Look at character 5."
    )
    with translation.override("ja"):
        assert "5文字目" in page_message(error)
        assert "8z" in page_message(error)


def test_an_unknown_message_still_gets_its_codes_sentence():
    error = {"code": "invalid_tiles", "message": "something new", "field": "hand"}
    english = str(FALLBACK["invalid_tiles"])
    assert page_message(error) == english == "These tiles cannot all be in one hand."
    with translation.override("ja"):
        assert page_message(error) == "これらの牌が1つの手牌にそろうことはありません。"
    assert page_message({"code": "odd", "message": "x", "field": None})


def test_api_json_is_unchanged(client):
    response = client.get("/api/score", {"hand": "123m8z", "win": "1m"}, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error == {
        "code": "invalid_notation",
        "message": "8z is not a tile: honours are 1z to 7z (at character 5)",
        "field": "hand",
    }


def test_picker_shows_the_translated_sentence_beside_the_field(client):
    url = "/?hand=223344m45668p55s&win=7p&tsumo=1&rinshan=1"
    page = unescape(client.get(url).content.decode())
    assert "Rinshan needs a kan in the hand." in page
    page = unescape(client.get(url, HTTP_ACCEPT_LANGUAGE="ja", follow=True).content.decode())
    with translation.override("ja"):
        expected = page_message(
            score_request({**WIKI, "riichi": False, "rinshan": True, "dora": ""})["error"]
        )
    assert 'id="err-rinshan"' in page
    assert expected in page
    assert "rinshan needs" not in page.lower()
