"""A reviewed win opens the walkthrough with its whole situation, pao and double ron included."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorer.gamelog import read_mjlog
from tests.conftest import LOGS
from tutor.walkthrough.steps import request_query


def link_of(name: str, index: int) -> str:
    _hand, win = read_mjlog((LOGS / name).read_bytes()).wins[index]
    return "/tutor/explain?" + request_query(win.request)


@pytest.mark.django_db
def test_pao_win_walkthrough_names_the_responsible_player(client):
    url = link_of("pao-tsumo.mjlog", -1)
    assert "pao=2z" in url
    body = unescape(client.get(url + "&view=all").content.decode())
    assert "Responsibility payment (pao)" in body
    assert "South pays it all" in body
    body = unescape(client.get("/ja" + url + "&view=all").content.decode())
    assert "責任払い（パオ）" in body
    assert re.search("南が負担します", body)


@pytest.mark.django_db
def test_double_ron_walkthrough_explains_the_missing_honba(client):
    game = read_mjlog((LOGS / "double-ron.mjlog").read_bytes())
    second = next(h for h in game.hands if h.end == "double_ron").wins[1]
    url = "/tutor/explain?" + request_query(second.request)
    assert "ron_order=2" in url
    body = unescape(client.get(url + "&view=all").content.decode())
    assert "this winner collects neither" in body
