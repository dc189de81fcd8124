"""The picker with three players (sanma): the switch, the palette without 2m-8m, no chi, three
seats, norths set aside (kita) as nuki dora; full page and htmx fragment."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorer import picker
from scorer.engine import score_request
from tests.scorer.test_picker import get, hook, replaced, state_of, text, yaku_ids

#: A closed three-player hand: 99m 123p 456p 789s 11z, won on 9m.
SANMA = "hand=99m123456p789s11z&win=9m&rules=tenhou_sanma"


def palette_codes(html: str) -> list[str]:
    return re.findall(r'<button[^>]*data-tile="(\w+)"', html)


def mode_values(html: str) -> list[str]:
    return re.findall(r'name="mode" value="(\w+)" id="mode-', html)


def select_values(html: str, name: str) -> list[str]:
    match = re.search(rf'<select id="{name}" name="{name}">(.*?)</select>', html, re.S)
    assert match, name
    return re.findall(r'<option value="(\w*)"', match.group(1))


# ---------------------------------------------------------------- the switch
@pytest.mark.parametrize("htmx", [False, True])
def test_a_sanma_preset_hides_2m_to_8m_chi_and_north_seat(client, htmx):
    html = text(get(client, "rules=tenhou_sanma&mode=hand", htmx=htmx))
    codes = palette_codes(html)
    assert len(codes) == 37 - 8
    assert "1m" in codes
    assert "9m" in codes
    assert "4z" in codes
    assert not {"2m", "5m", "0m", "8m"} & set(codes)
    assert "chi" not in mode_values(html)
    assert "pon" in mode_values(html)
    assert select_values(html, "seat") == ["1z", "2z", "3z"]
    assert select_values(html, "round") == ["1z", "2z", "3z"]
    assert re.search(r'id="sanma-1" checked', html)
    assert 'id="kita"' in html


@pytest.mark.parametrize("htmx", [False, True])
def test_four_players_keep_everything(client, htmx):
    html = text(get(client, "hand=123m&mode=chi", htmx=htmx))
    assert len(palette_codes(html)) == 37
    assert "chi" in mode_values(html)
    assert select_values(html, "seat") == ["1z", "2z", "3z", "4z"]
    assert re.search(r'id="sanma-0" checked', html)
    assert 'id="kita"' not in html


@pytest.mark.parametrize(
    ("rules", "three"),
    [("tenhou", "tenhou_sanma"), ("mahjongsoul", "mahjongsoul_sanma"), ("mleague", "tenhou_sanma")],
)
def test_the_switch_moves_to_the_three_player_preset_and_back(client, rules, three):
    url = replaced(get(client, f"rules={rules}&_preset={rules}&sanma=1&riichi=1", htmx=True))
    state = state_of(url)
    assert state.rules == three
    assert state.three
    assert "sanma=" not in url
    back = state_of(replaced(get(client, url.lstrip("/?") + f"&_preset={three}&sanma=0", True)))
    assert back.rules == (rules if rules != "mleague" else "tenhou")
    assert not back.three


def test_the_switch_without_js_redirects_to_the_canonical_url(client):
    response = get(client, "rules=tenhou&_preset=tenhou&sanma=1")
    assert response.status_code == 302
    assert response["Location"] == "/?rules=tenhou_sanma"


def test_the_preset_menu_wins_over_the_switch(client):
    # Picking a four-player preset from the menu sends the switch still at three players.
    state = state_of(replaced(get(client, "rules=wrc&_preset=tenhou_sanma&sanma=1", htmx=True)))
    assert state.rules == "wrc"
    assert not state.three
    state = state_of(replaced(get(client, "rules=tenhou_sanma&_preset=wrc&sanma=0", htmx=True)))
    assert state.rules == "tenhou_sanma"
    assert state.three


def test_the_preset_menu_offers_the_sanma_presets(client):
    html = text(get(client, ""))
    assert select_values(html, "rules")[-2:] == ["tenhou_sanma", "mahjongsoul_sanma"]
    assert "Tenhou, three players" in html


def test_the_players_switch_of_a_four_player_preset_is_three_players(client):
    state = state_of(replaced(get(client, "rules=mleague&players=3&mode=chi", htmx=True)))
    assert state.three
    assert state.mode == "hand"
    html = text(get(client, "rules=mleague&players=3"))
    assert len(palette_codes(html)) == 29
    # The players switch is the three-player switch, not a select among the rule switches.
    assert 'id="sw-players"' not in html
    assert 'id="sw-sanma_tsumo"' in html
    assert 'id="sw-sanma_tsumo"' not in text(get(client, "rules=mleague"))


def test_entering_three_players_leaves_chi_mode_and_the_palette_is_sent_again(client):
    response = get(client, "mode=chi&_shown=chi%3D0&_preset=tenhou&sanma=1", htmx=True)
    html = text(response)
    assert state_of(replaced(response)).mode == "hand"
    assert re.search(r'id="palette"[^>]*hx-swap-oob="morph"', html)
    assert re.search(r'id="modes"[^>]*hx-swap-oob="morph"', html)
    assert len(palette_codes(html)) == 29


# ---------------------------------------------------------------- scoring and errors
@pytest.mark.parametrize("htmx", [False, True])
def test_a_sanma_hand_scores_with_the_sanma_preset(client, htmx):
    html = text(get(client, SANMA + "&tsumo=1&seat=2z&riichi=1", htmx=htmx))
    expected = score_request(
        {
            "hand": "99m123456p789s11z",
            "win": "9m",
            "tsumo": True,
            "seat": "2z",
            "riichi": True,
            "rules": "tenhou_sanma",
        }
    )
    assert expected["ok"]
    assert hook(html, "total") == str(expected["payments"]["total"])
    # Tsumo loss: the non-dealer collects from two players only.
    pay = expected["payments"]
    assert pay["total"] == pay["tsumo_dealer"] + pay["tsumo_others"]


@pytest.mark.parametrize("htmx", [False, True])
def test_a_5m_in_a_sanma_hand_is_shown_beside_the_hand(client, htmx):
    html = unescape(text(get(client, "hand=99m123456p789s1z5m&win=1z&rules=tenhou_sanma", htmx)))
    assert re.search(r'id="err-hand">5m: three-player mahjong plays without 2m to 8m', html)
    assert 'data-testid="total"' not in html


def test_a_2m_to_8m_click_is_refused_beside_the_palette(client):
    html = unescape(text(get(client, "rules=tenhou_sanma&add=5m", htmx=True)))
    assert re.search(r'id="err-palette">Three players play without 2m to 8m: 5m', html)
    assert state_of(replaced(get(client, "rules=tenhou_sanma&add=5m", htmx=True))).concealed == []


def test_a_north_seat_with_three_players_is_an_error_beside_the_seat(client):
    html = unescape(text(get(client, SANMA + "&seat=4z", htmx=True)))
    assert select_values(html, "seat") == ["1z", "2z", "3z", "4z"]
    assert re.search(r'<select id="seat".*?</select>\s*<p class="field-error"', html, re.S)


def test_a_chi_in_a_sanma_hand_is_an_error(client):
    html = text(get(client, "hand=99m456p789s11z[1-23p]&win=9m&rules=tenhou_sanma", htmx=True))
    assert 'id="err-hand"' in html


def test_a_1m_indicator_makes_9m_the_dora(client):
    html = text(get(client, SANMA + "&dora=1m&riichi=1", htmx=True))
    assert "dora" in yaku_ids(html)


# ---------------------------------------------------------------- kita (nuki dora)
@pytest.mark.parametrize("htmx", [False, True])
def test_kita_sets_norths_aside_in_the_url_and_they_score(client, htmx):
    response = get(client, SANMA + "&tsumo=1&kita=1", htmx=htmx)
    url = replaced(response) if htmx else response["Location"]
    assert "nuki=1" in url
    url = url.lstrip("/?")
    response = get(client, url + "&kita=1", htmx=True)
    url = replaced(response)
    assert state_of(url).nuki == 2
    html = text(get(client, url.lstrip("/?"), htmx=htmx))
    assert hook(html, "nuki") == "2"
    assert len(re.findall(r'name="unnuki"', html)) == 2
    assert "nuki_dora" in yaku_ids(html)
    row = (
        r'data-yaku="nuki_dora"><span>Nuki dora \(kita\) '
        r'<span class="kanji" lang="ja">抜きドラ</span></span><span class="n">2 han'
    )
    assert re.search(row, html)
    expected = score_request(
        {
            "hand": "99m123456p789s11z",
            "win": "9m",
            "tsumo": True,
            "nuki": 2,
            "rules": "tenhou_sanma",
        }
    )
    assert hook(html, "han") == str(expected["han"])
    assert hook(html, "total") == str(expected["payments"]["total"])


def test_a_north_set_aside_is_taken_back(client):
    state = state_of(replaced(get(client, SANMA + "&nuki=2&unnuki=1", htmx=True)))
    assert state.nuki == 1
    state = state_of(replaced(get(client, SANMA + "&nuki=1&unnuki=1", htmx=True)))
    assert state.nuki == 0


def test_norths_count_against_the_four_in_the_set(client):
    state = picker.state_from_query({"hand": "444z", "rules": "tenhou_sanma", "nuki": "1"})
    by_code = {t.code: t for row in picker.palette(state) for t in row}
    assert by_code["4z"].left == 0
    assert not by_code["4z"].enabled
    html = unescape(text(get(client, "hand=444z&rules=tenhou_sanma&nuki=1&kita=1", htmx=True)))
    assert re.search(r'id="err-nuki">No north left', html)
    html = unescape(text(get(client, "hand=4444z&rules=tenhou_sanma&nuki=1", htmx=True)))
    assert re.search(r'id="err-nuki">There are only four of each tile: a fifth 4z', html)


def test_kita_needs_three_players(client):
    html = unescape(text(get(client, "kita=1", htmx=True)))
    assert re.search(r'id="err-nuki">Only three-player mahjong', html)


@pytest.mark.parametrize("value", ["5", "-1", "x", "²"])
def test_a_bad_nuki_in_the_url_is_shown_not_a_500(client, value):
    response = get(client, SANMA + f"&nuki={value}", htmx=True)
    assert response.status_code == 200
    assert 'id="err-nuki"' in text(response)


def test_nuki_with_four_players_is_shown_beside_the_norths(client):
    html = text(get(client, "hand=234m234m456p55s68p&win=7p&nuki=1", htmx=True))
    assert 'id="err-nuki"' in html


def test_leaving_three_players_drops_the_norths_set_aside(client):
    url = replaced(get(client, SANMA + "&nuki=2&_preset=tenhou_sanma&sanma=0", htmx=True))
    state = state_of(url)
    assert state.rules == "tenhou"
    assert state.nuki == 0


def test_nuki_reaches_the_tutor_link(client):
    html = unescape(text(get(client, SANMA + "&nuki=1&riichi=1", htmx=True)))
    match = re.search(r'id="explain"', html)
    assert match
    assert re.search(r'href="/tutor/explain\?[^"]*nuki=1[^"]*"', html)


def test_waits_of_a_ready_sanma_hand_count_the_norths(client):
    ready = "hand=99m123456p789s1z&win=1z&rules=tenhou_sanma&nuki=1&riichi=1"
    html = unescape(text(get(client, ready)))
    assert re.findall(r'data-wait="(\w+)"', html) == ["9m", "1z"]
    request = {"hand": "99m123456p789s11z", "win": "1z", "nuki": 1, "riichi": True}
    expected = score_request({**request, "rules": "tenhou_sanma"})
    assert expected["ok"]
    assert "nuki_dora" in [y["id"] for y in expected["yaku"]]
    assert re.search(rf'data-wait="1z".*?Ron {expected["payments"]["total"]:,} ', html, re.S)


def test_payments_name_the_two_payers_of_a_sanma_tsumo(client):
    non_dealer = unescape(text(get(client, SANMA + "&tsumo=1&seat=2z&riichi=1", htmx=True)))
    pay = score_request(
        {"hand": "99m123456p789s11z", "win": "9m", "tsumo": True, "seat": "2z", "riichi": True}
        | {"rules": "tenhou_sanma"}
    )["payments"]
    dealer_pays, other_pays = f"{pay['tsumo_dealer']:,}", f"{pay['tsumo_others']:,}"
    assert (
        f"{other_pays}/{dealer_pays}: the dealer pays {dealer_pays}, the other non-dealer "
        f"{other_pays} (three players: there is no north seat to pay)." in non_dealer
    )
    dealer = unescape(text(get(client, SANMA + "&tsumo=1&seat=1z&riichi=1", htmx=True)))
    assert re.search(r"[\d,]+ all: each of the two other players pays [\d,]+\.", dealer)
    assert "each other player" not in dealer


def test_rinshan_is_named_for_the_kita_draw_too(client):
    assert "Rinshan (after a kan or a kita)" in text(get(client, SANMA, htmx=True))
    assert "Rinshan (after a kan)<" in text(get(client, "hand=123m", htmx=True))
    # A win on the replacement tile after a kita scores rinshan without any kan.
    html = text(get(client, SANMA + "&tsumo=1&nuki=1&rinshan=1", htmx=True))
    assert "rinshan" in yaku_ids(html)


def test_a_four_player_preset_from_the_menu_drops_the_norths_set_aside(client):
    state = state_of(replaced(get(client, SANMA + "&nuki=2&_preset=tenhou_sanma&rules=wrc", True)))
    assert state.rules == "wrc"
    assert state.nuki == 0
    # Between three-player presets the norths stay.
    query = SANMA + "&nuki=2&_preset=tenhou_sanma&rules=mahjongsoul_sanma"
    state = state_of(replaced(get(client, query, True)))
    assert state.nuki == 2
