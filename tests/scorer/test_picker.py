"""The picker page: state in the URL, actions, counts, melds, errors, waits; full page and htmx."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.http import QueryDict

from scorer import picker, vocabulary
from scorer.engine import score_request
from tests.conftest import load_examples

HX = {"HX-Request": "true"}
WIKI = "/?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"
CANON = "/?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"


def get(client, query, htmx=False):
    query = query.removeprefix("/").removeprefix("?")
    url = "/" + (f"?{query}" if query else "")
    return client.get(url, headers=HX if htmx else {})


def text(response):
    return response.content.decode()


def hook(html, name):
    match = re.search(rf'data-testid="{name}">([^<]*)<', html)
    assert match, f"no data-testid={name}"
    return match.group(1)


def yaku_ids(html):
    return re.findall(r'data-yaku="([a-z_]+)"', html)


def replaced(response):
    return response.headers["HX-Replace-Url"]


def state_of(url):
    return picker.state_from_query(QueryDict(urlsplit(url).query))


# ---------------------------------------------------------------- full page and fragment
def test_full_page_has_layout_palette_and_nav(client):
    response = get(client, "")
    html = text(response)
    assert response.status_code == 200
    assert html.startswith("<!doctype html>")
    assert len(re.findall(r'<button[^>]*data-tile="', html)) == 37
    for code in ("1m", "0m", "9p", "0p", "0s", "7z"):
        assert f'data-tile="{code}"' in html
    for href in ('href="/tutor/"', 'href="/tutor/tables"', 'href="/tutor/quiz/"'):
        assert href in html
    assert "htmx" in html
    assert 'hx-get="/"' in html


def test_fragment_is_only_the_picker_with_canonical_url(client):
    response = get(client, WIKI, htmx=True)
    html = text(response)
    assert response.status_code == 200
    assert "<html" not in html
    # The target is the hand zone (the hand's fields, head, row, messages and the situation
    # beside it); the other regions come out of band, morphed, and only when their look changed
    # (the notation's label and buttons are never sent again).
    assert html.lstrip().startswith('<div id="hand-zone" class="hand-zone">')
    for region in ("hand-fields", "hand-head", "hand-row", "hand-msgs", "quick-sit"):
        assert re.search(rf'<div[^>]* id="{region}"', html)
    assert 'id="hand-card"' not in html
    assert 'id="paste-go"' not in html
    # A first update (from a link): every region, as the page drew it without the fingerprints.
    for region in ("paste", "modes", "score", "situation"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="morph"', html)
    # No message now and none before: the message boxes are left alone.
    for region in ("paste-msg", "palette-msg"):
        assert f'id="{region}"' not in html
    assert replaced(response) == CANON
    assert hook(html, "total") == "11700"


@pytest.mark.parametrize("htmx", [False, True])
def test_wiki_basic_scores_on_both(client, htmx):
    html = text(get(client, WIKI, htmx=htmx))
    assert (hook(html, "han"), hook(html, "fu"), hook(html, "total")) == ("4", "30", "11700")
    assert hook(html, "limit") == ""
    assert sorted(yaku_ids(html)) == ["iipeikou", "menzen_tsumo", "riichi", "tanyao"]
    assert "3,900 all: each other player pays 3,900." in unescape(html)
    assert 'data-fu="wait_kanchan"' in html


@pytest.mark.parametrize("example", load_examples(), ids=lambda e: e["id"])
def test_every_spec_example_shows_its_score(client, example):
    query = urlencode(picker.fields_from_request(example["request"]))
    html = text(get(client, query, htmx=True))
    expected = example["expect"]
    engine = score_request(example["request"])
    assert hook(html, "total") == str(expected["payments"]["total"])
    if "han" in expected:
        assert hook(html, "han") == str(expected["han"])
    if "fu" in expected:
        assert hook(html, "fu") == str(expected["fu"])
    if "yaku" in expected:
        assert sorted(set(yaku_ids(html)) - {"dora", "ura_dora", "aka_dora"}) == sorted(
            set(expected["yaku"]) - {"dora", "ura_dora", "aka_dora"}
        )
    if engine.get("limit"):
        assert hook(html, "limit") != ""


def test_payments_are_worded_for_people():
    non_dealer = picker.payment_lines(
        {"payments": {"ron": None, "tsumo_dealer": 3900, "tsumo_others": 2000}}, dealer=False
    )
    assert non_dealer == ["2,000/3,900: the dealer pays 3,900, each other player 2,000."]
    ron = picker.payment_lines(
        {"payments": {"ron": 8000, "honba": 300, "sticks": 1000}}, dealer=False
    )
    assert ron == [
        "The discarder pays 8,000.",
        "Honba included: 300.",
        "Plus 1,000 from 1 riichi stick.",
    ]


# ---------------------------------------------------------------- actions
def test_action_without_js_redirects_to_the_canonical_url(client):
    response = get(client, "hand=&win=&paste=&mode=hand&from=%3D&tsumo=0&seat=1z&add=5p")
    assert response.status_code == 302
    assert response.headers["Location"] == "/?win=5p"


def test_action_through_htmx_replaces_the_url_without_the_action(client):
    response = get(client, "hand=123m&win=4m&add=5m", htmx=True)
    assert replaced(response) == "/?hand=1234m&win=5m"
    assert "add=" not in replaced(response)


def test_last_tile_added_is_the_winning_tile_and_marking_another(client):
    url = replaced(get(client, "win=2m&add=3m", htmx=True))
    state = state_of(url)
    assert (state.concealed, state.win) == (["2m"], "3m")
    url = replaced(get(client, urlsplit(url).query + "&mode=win&setwin=2m", htmx=True))
    state = state_of(url)
    assert (state.concealed, state.win, state.mode) == (["3m"], "2m", "hand")


def test_taking_tiles_out(client):
    state = state_of(replaced(get(client, "hand=123m&win=4m&take=2m", htmx=True)))
    assert (state.concealed, state.win) == (["1m", "3m"], "4m")
    state = state_of(replaced(get(client, "hand=123m&win=4m&take=win", htmx=True)))
    assert (state.concealed, state.win) == (["1m", "2m", "3m"], None)


def test_clear_keeps_the_rules(client):
    url = replaced(get(client, "hand=123m&win=4m&riichi=1&rules=wrc&kazoe=1&clear=1", htmx=True))
    assert url == "/?riichi=1&rules=wrc&kazoe=1"


@pytest.mark.parametrize("htmx", [False, True])
def test_clear_empties_the_hand_and_keeps_the_situation(client, htmx):
    """Issue 22.2: Clear after seat=3z made the learner the dealer (seat back to East)."""
    query = "hand=123m456p789s11z[5-55z]&win=4m&tsumo=1&seat=3z&round=2z&dora=3p&honba=2"
    response = get(client, query + "&clear=1", htmx=htmx)
    url = replaced(response) if htmx else response["Location"]
    state = state_of(url)
    assert (state.concealed, state.melds, state.win) == ([], [], None)
    assert (state.seat, state.round, state.tsumo, state.dora, state.honba) == (
        "3z",
        "2z",
        True,
        ["3p"],
        "2",
    )
    html = text(get(client, ""))
    assert ">Clear the hand</button>" in html


@pytest.mark.parametrize(
    ("mode", "tile", "direction", "notation"),
    [
        ("chi", "2m", "=", "[2-34m]"),
        ("chi", "0p", "=", "[0-67p]"),
        ("pon", "5z", "-", "[5-55z]"),
        ("pon", "5z", "=", "[55=5z]"),
        ("pon", "0s", "+", "[550+s]"),
        ("kan", "3p", "=", "[33=33p]"),
        ("kan", "3p", "+", "[3333+p]"),
        ("added", "3p", "=", "{33=33^p}"),
        ("closed", "7z", "=", "(7777z)"),
    ],
)
def test_meld_modes_declare_melds(client, mode, tile, direction, notation):
    query = urlencode({"mode": mode, "from": direction, "add": tile})
    response = get(client, query, htmx=True)
    state = state_of(replaced(response))
    assert [m.notation() for m in state.melds] == [notation]
    assert state.mode == "hand"  # one declaration per click of the mode
    assert 'class="meld meld-' in text(response)


def test_chi_cannot_start_at_eight_and_its_tile_is_disabled(client):
    html = text(get(client, "mode=chi"))
    assert re.search(r'data-tile="8m"[^>]*disabled', html)
    assert not re.search(r'data-tile="7m"[^>]*disabled', html)
    response = get(client, "mode=chi&add=8m", htmx=True)
    assert "start it at 1 to 7" in unescape(text(response))
    assert 'id="err-palette"' in text(response)


def test_meld_needs_room(client):
    response = get(client, "hand=1112223334445m&mode=pon&add=7z", htmx=True)
    assert "No room for another meld" in text(response)


def test_indicator_modes(client):
    state = state_of(replaced(get(client, "mode=dora&add=9s", htmx=True)))
    assert (state.dora, state.mode, state.win) == (["9s"], "hand", None)
    state = state_of(replaced(get(client, "dora=9s&mode=ura&add=1z", htmx=True)))
    assert (state.dora, state.ura) == (["9s"], ["1z"])
    state = state_of(replaced(get(client, "dora=9s1z&undora=9s", htmx=True)))
    assert state.dora == ["1z"]
    html = text(get(client, "dora=1m2m3m4m5m&mode=dora&add=6m", htmx=True))
    assert 'id="err-dora"' in html


def test_mode_button_in_the_situation_panel_wins_over_the_radio(client):
    # The form sends the checked radio first and the clicked "+ add" button last.
    state = state_of(replaced(get(client, "mode=hand&mode=dora", htmx=True)))
    assert state.mode == "dora"


def test_htmx_sends_only_the_palette_buttons_that_changed(client):
    html = text(get(client, "hand=123m&win=4m&_shown=hand%3D0&add=4m", htmx=True))
    changed = re.findall(r'<button[^>]*data-tile="(\w+)"[^>]*hx-swap-oob="morph"', html)
    assert changed == ["4m"]
    assert 'id="palette"' not in html
    assert re.search(r'id="pal-4m"[^>]*>.*?<span class="left"[^>]*>2<', html, re.S)


def test_htmx_sends_the_whole_palette_when_the_mode_changed(client):
    html = text(get(client, "hand=123m&win=4m&_shown=hand%3D0&mode=chi", htmx=True))
    assert re.search(r'id="palette"[^>]*hx-swap-oob="morph"', html)
    assert len(re.findall(r'data-tile="', html)) == 37
    assert re.search(r'data-tile="8m"[^>]*disabled', html)
    button = re.search(r'<button[^>]*id="pal-1m"[^>]*>', html)
    assert button
    assert "hx-swap-oob" not in button.group(0)


# ---------------------------------------------------------------- counts and refusals
def test_counts_left_and_red_fives():
    state = picker.state_from_query({"hand": "550p", "dora": "4p"})
    rows = picker.palette(state)
    by_code = {t.code: t for row in rows for t in row}
    assert by_code["5p"].left == 1
    assert by_code["0p"].left == 0
    assert not by_code["0p"].enabled
    assert by_code["0m"].left == 1
    assert by_code["4p"].left == 3
    assert [t.code for t in rows[1]][4:6] == ["5p", "0p"]
    assert len(rows[3]) == 7


def test_fifth_copy_is_refused_beside_the_palette(client):
    for htmx in (True, False):
        response = get(client, "hand=3333m&add=3m", htmx=htmx)
        html = unescape(text(response))
        assert response.status_code == 200
        assert re.search(r'id="err-palette">No 3m left', html)
        if not htmx:
            assert re.search(r'data-tile="3m"[^>]*disabled', html)


def test_fifth_copy_from_the_url_shows_beside_the_hand(client):
    html = unescape(text(get(client, "hand=3333m&win=3m", htmx=True)))
    assert re.search(r'id="err-hand">There are only four of each tile: a fifth 3m', html)


def test_full_hand_refuses_another_tile(client):
    html = unescape(text(get(client, "hand=234m234m456p55s68p&win=7p&add=1z", htmx=True)))
    assert "The hand is complete" in html


# ---------------------------------------------------------------- engine errors by the field
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("hand=345p678p8s[2-34m][6=66s]&win=8s&riichi=1", "riichi"),
        ("hand=234m234m456p55s68p&win=7p&ippatsu=1", "ippatsu"),
        ("hand=234m234m456p55s68p&win=7p&honba=x", "honba"),
        ("hand=234m234m456p55s68p&win=7p&tsumo=1&dora=7p7p7p7p", "dora"),
    ],
)
def test_engine_errors_appear_beside_their_control(client, query, field):
    html = text(get(client, query, htmx=True))
    assert f'id="err-{field}"' in html or f'data-field="{field}"' in html
    if field in ("riichi", "ippatsu"):
        assert f'aria-describedby="err-{field}"' in html


def test_no_yaku_is_explained(client):
    html = unescape(text(get(client, "hand=123m456p789s11z[2-34m]&win=1z", htmx=True)))
    assert "yaku" in html.lower()
    assert 'data-testid="han"' not in html


# ---------------------------------------------------------------- incomplete hands and waits
def test_incomplete_hand_says_how_many_tiles_are_missing(client):
    html = text(get(client, "hand=123m&win=4m", htmx=True))
    assert "Add 10 more tiles." in html
    # The number in its own element: picker.js counts a tapped tile before the server answers.
    assert '<span class="held">4</span> of 14 tiles' in html


def test_too_many_tiles(client):
    html = text(get(client, "hand=234m234m456p55s68p7p&win=7p", htmx=True))
    assert "1 tile too many" in html


def test_waits_of_a_ready_hand(client):
    html = unescape(text(get(client, "hand=123456m456p78s99p", htmx=True)))
    assert re.findall(r'data-wait="(\w+)"', html) == ["6s", "9s"]
    assert "Ron 1,500 (30 fu 1 han)" in html
    assert "Tsumo" in html
    # The same with a winning tile already placed (12 in hand + the last one added).
    html = text(get(client, "hand=123456m456p78s9p&win=9p", htmx=True))
    assert re.findall(r'data-wait="(\w+)"', html) == ["6s", "9s"]


def test_clicking_a_wait_makes_it_the_winning_tile(client):
    state = state_of(replaced(get(client, "hand=123456m456p78s9p&win=9p&add=9s", htmx=True)))
    assert (state.hand, state.win) == ("123456m45699p78s", "9s")


def test_not_ready_hand(client):
    html = text(get(client, "hand=13579m13579p135s", htmx=True))
    assert "not ready" in html


# ---------------------------------------------------------------- paste
def test_paste_replaces_the_tiles_and_the_last_tile_wins(client):
    state = state_of(replaced(get(client, "paste=234m234m456p55s68p7p", htmx=True)))
    assert (state.hand, state.win) == ("223344m45668p55s", "7p")
    state = state_of(replaced(get(client, "paste=123m456p55s78s[7=77z]9s", htmx=True)))
    assert state.win == "9s"
    assert [m.notation() for m in state.melds] == ["[7=77z]"]
    state = state_of(replaced(get(client, "paste=123m 456h", htmx=True)))
    assert (state.hand, state.win) == ("12345z3m", "6z") or state.win == "6z"


def test_paste_equal_to_the_current_hand_is_not_an_action(client):
    url = replaced(get(client, "hand=123m&win=4m&paste=123m4m&add=5m", htmx=True))
    assert state_of(url).concealed == ["1m", "2m", "3m", "4m"]


def test_bad_paste_is_refused_beside_the_box(client):
    response = get(client, "hand=123m&win=4m&paste=12x", htmx=True)
    html = text(response)
    assert 'id="err-paste"' in html
    assert "“x” is not part of the notation. Look at character 3." in html
    assert state_of(replaced(response)).concealed == ["1m", "2m", "3m"]


def test_unreadable_hand_in_the_url_never_crashes(client):
    for query in (
        "hand=[[[",
        "hand=9z",
        "win=xx",
        "dora=[1m]",
        "honba=-1",
        "rules=nope",
        "seat=9z",
    ):
        response = get(client, query)
        assert response.status_code == 200


# ---------------------------------------------------------------- rules and switches
def test_switch_equal_to_the_preset_is_left_out(client):
    assert replaced(get(client, "rules=tenhou&kiriage=0&_preset=tenhou", htmx=True)) == "/"
    assert replaced(get(client, "kiriage=1&_preset=tenhou", htmx=True)) == "/?kiriage=1"
    # Changing the preset drops the switches the form showed for the old one.
    url = replaced(get(client, "rules=wrc&kiriage=0&_preset=tenhou", htmx=True))
    assert url == "/?rules=wrc"


def test_switches_reach_the_engine(client):
    base = "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"
    html = text(get(client, base + "&kiriage=1", htmx=True))
    assert hook(html, "total") == "12000"
    assert hook(html, "limit") == "Mangan"
    assert 'class="advanced" open' in html


def test_request_from_query_for_the_tutor():
    data = picker.request_from_query(QueryDict("hand=123m&win=4m&rules=wrc&kazoe=1&riichi=1"))
    assert data == {
        "hand": "123m",
        "win": "4m",
        "riichi": "1",
        "rules": {"preset": "wrc", "kazoe": "1"},
    }


def test_explain_and_share_links(client):
    html = unescape(text(get(client, WIKI)))
    explain = re.search(r'<a href="(/tutor/explain\?[^"]+)" id="explain"', html)
    assert explain
    href = explain.group(1)
    assert parse_qs(urlsplit(href).query) == parse_qs(urlsplit(CANON).query)
    share = re.search(r'<a href="([^"]+)" id="share"', html)
    assert share
    assert share.group(1) == CANON


def test_index_corner_is_a_url_field(client):
    html = text(get(client, "hand=123m&win=0p&index=1", htmx=True))
    assert 'class="tile-ix tile-ix-red" aria-hidden="true">5p<' in html
    assert "index=1" in replaced(get(client, "hand=123m&index=1", htmx=True))
    assert 'class="tile-ix' not in text(get(client, "hand=123m&win=0p", htmx=True))


def test_canonical_query_round_trips():
    query = (
        "hand=123m456p%5B5%3D55s%5D&win=9s&tsumo=1&seat=2z&round=2z&riichi=1&dora=1m&ura=2m"
        "&honba=2&sticks=1&rules=wrc&kazoe=1&mode=pon&from=%2B&index=1"
    )
    state = picker.state_from_query(QueryDict(query))
    assert state.query() == query
    assert picker.state_from_query(QueryDict(state.query())).query() == query


def test_htmx_leaves_out_regions_that_did_not_change(client):
    first = text(get(client, "hand=123m&win=4m", htmx=True))
    found = re.search(r'name="_sit" value="(\w+)"', first)
    assert found
    key = found.group(1)
    html = text(get(client, f"hand=123m&win=4m&_sit={key}&_shown=hand%3D0&add=5m", htmx=True))
    assert 'id="situation"' not in html
    assert 'id="modes"' not in html
    assert re.search(r'id="score"[^>]*hx-swap-oob="morph"', html)
    # A new indicator changes the situation panel: it comes back.
    html = text(get(client, f"hand=123m&win=4m&_sit={key}&mode=dora&add=5m", htmx=True))
    assert re.search(r'id="situation"[^>]*hx-swap-oob="morph"', html)


def test_htmx_leaves_out_the_score_and_the_notation_when_they_did_not_change(client):
    # A tile refused (a fifth 1m) changes neither the score nor the tiles typed.
    html = text(get(client, "hand=1111m&win=4m", htmx=True))
    score = re.search(r'name="_score" value="(\w+)"', html)
    assert score
    html = text(get(client, f"hand=1111m&win=4m&_score={score[1]}&paste=1111m4m&add=1m", htmx=True))
    assert "No 1m left" in html
    assert 'id="score"' not in html
    assert 'id="paste"' not in html
    # A tile changes both.
    html = text(get(client, f"hand=123m&win=4m&_score={score[1]}&paste=123m4m&add=5m", htmx=True))
    assert re.search(r'id="score"[^>]*hx-swap-oob="morph"', html)
    assert re.search(r'id="paste"[^>]*value="1234m5m"', html)


def test_a_message_box_is_sent_while_it_shows_a_message_and_once_more_to_empty_it(client):
    refused = text(get(client, "hand=1111m&add=1m", htmx=True))
    assert re.search(r'id="palette-msg"[^>]*>\s*<p class="field-error"', refused)
    assert 'name="_msg" value="palette"' in refused
    emptied = text(get(client, "hand=1111m&_msg=palette&add=2m", htmx=True))
    assert re.search(r'id="palette-msg"[^>]*hx-swap-oob="morph"></div>', emptied)
    assert 'name="_msg" value=""' in emptied
    quiet = text(get(client, "hand=1111m2m&_msg=&add=3m", htmx=True))
    assert 'id="palette-msg"' not in quiet


def test_bad_paste_stays_in_the_box_to_be_fixed(client):
    html = text(get(client, "hand=123m&win=4m&paste=12x", htmx=True))
    assert 'id="paste" name="paste" value="12x"' in html
    assert 'aria-invalid="true"' in html


def test_empty_picker_offers_sample_hands_that_score(client):
    html = unescape(text(get(client, "")))
    links = re.findall(r'<ul class="samples">(.*?)</ul>', html, re.S)[0]
    urls = re.findall(r'href="([^"]+)"', links)
    assert len(urls) == 3
    for url in urls:
        assert 'data-testid="total"' in text(client.get(url))


def test_history_restore_gets_the_full_page(client):
    response = client.get(
        CANON, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert text(response).startswith("<!doctype html>")


def test_screen_readers_hear_the_new_score(client):
    html = text(get(client, WIKI, htmx=True))
    assert re.search(r'hx-swap-oob="innerHTML:#live">11,700 points: 30 fu 4 han.<', html)
    page = text(get(client, WIKI))
    assert 'id="live" class="sr-only" aria-live="polite"' in page


@pytest.mark.parametrize(
    ("prefix", "figure", "live"),
    [("", "30 fu 4 han", "11,700 points: 30 fu 4 han."), ("/ja", "30符4飜", "11700点：30符4飜。")],
)
def test_the_picker_says_fu_before_han_everywhere(client, prefix, figure, live):
    """Issue 28: a figure is written fu first (30 fu 4 han, 30符4飜), as the tables and the
    panel write it: the header's quick score and the spoken update too."""
    page = unescape(text(client.get(prefix + WIKI)))
    quick = re.search(r'<span class="quick"[^>]*>([^<]*)</span>', page)
    assert quick
    assert quick.group(1).endswith(f" · {figure}")
    headline = re.search(r'<p class="headline">(.*?)</p>', page, re.S)
    assert headline
    stats = re.findall(r'data-testid="(fu|han)"', headline.group(1))
    assert stats == ["fu", "han"]
    update = unescape(text(client.get(prefix + WIKI, headers=HX)))
    assert f'hx-swap-oob="innerHTML:#live">{live}<' in update
    # Nowhere han first.
    for html in (page, update):
        assert not re.search(r"\d+ han \d+ fu|\d+飜\d+符", html)


def test_explain_link_writes_switches_as_a_rules_object(client):
    html = unescape(text(get(client, WIKI + "&kiriage=1")))
    explain = re.search(r'<a href="(/tutor/explain\?[^"]+)" id="explain"', html)
    assert explain
    query = parse_qs(urlsplit(explain.group(1)).query)
    assert query["rules"] == ['{"preset":"tenhou","kiriage":"1"}']
    assert "kiriage" not in query


def test_a_rules_object_in_the_url_is_read(client):
    rules = '{"preset":"wrc","kazoe":true}'
    state = state_of(replaced(get(client, urlencode({"rules": rules}), htmx=True)))
    assert (state.rules, state.switches) == ("wrc", {"kazoe": "1"})


# ---------------------------------------------------------------- issue 11
def form_controls(html):
    """The names of the picker form's selects, text/number inputs and checkboxes (not radios)."""
    names = re.findall(r'<select[^>]*\bname="([^"]+)"', html)
    names += re.findall(r'<input type="(?:text|number|checkbox)"[^>]*\bname="([^"]+)"', html)
    return names


def test_wareme_rule_and_seat_are_two_fields(client):
    html = text(get(client, WIKI))
    names = form_controls(html)
    assert names.count("wareme") == 1, "the wareme seat select only"
    assert len(names) == len(set(names)), "no two controls send the same field"
    assert 'name="wareme_rule"' in html


def test_wareme_switched_on_stays_on_and_the_seat_scores(client):
    # What the form sends: the rule switch on, then the seat picked.
    query = WIKI.removeprefix("/?") + "&rules=classic&wareme_rule=1&wareme=2z"
    response = get(client, query, htmx=True)
    html = text(response)
    state = state_of(replaced(response))
    assert state.switches == {"wareme": "1"}
    assert state.wareme == "2z"
    assert "wareme_rule=1" in replaced(response)
    assert "wareme=2z" in replaced(response)
    assert re.search(r'<select id="sw-wareme" name="wareme_rule">.*?value="1" selected', html, re.S)
    assert "err-wareme" not in html
    assert "needs the wareme rule" not in html
    assert state.engine_request()["rules"] == {"preset": "classic", "wareme": "1"}
    assert state.engine_request()["wareme"] == "2z"


def test_a_rules_object_with_wareme_flattens_to_the_rule_field():
    fields = picker.fields_from_request(
        {"hand": "123m", "wareme": "3z", "rules": {"preset": "tenhou", "wareme": True}}
    )
    assert fields["wareme"] == "3z"
    assert fields["wareme_rule"] == "1"


def tiles_in(notation):
    return [d + suit for digits, suit in re.findall(r"(\d+)([mpsz])", notation) for d in digits]


def test_thirteen_tiles_are_a_hand_with_an_empty_winning_slot(client):
    # Built by clicking: the 13th tile added is ``win`` in the URL, not a winning tile yet.
    html = text(get(client, "hand=123456m456p78s9p&win=9p"))
    row = html[
        html.index('class="hand-row"') : html.index('id="err-') if 'id="err-' in html else None
    ]
    assert 'id="hand-win"' not in html
    assert 'id="win-slot-empty"' in html
    assert len(re.findall(r'class="tbtn hand-tile"', row)) == 13
    shown = re.findall(r'id="hand-(\w\w)-\d+"', row)
    assert shown == tiles_in("123456m456p99p78s"), "sorted, the last tile added among them"
    assert 'data-wait="6s"' in html
    # A wait clicked completes the hand: the 9p joins the hand, the wait is the winning tile.
    url = replaced(get(client, "hand=123456m456p78s9p&win=9p&add=9s", htmx=True))
    state = state_of(url)
    assert state.win == "9s"
    assert "9p" in state.concealed
    full = text(get(client, url))
    assert 'id="hand-win"' in full
    assert 'id="win-slot-empty"' not in full


def test_removing_the_last_added_tile_of_an_incomplete_hand(client):
    url = replaced(get(client, "hand=123m&win=9p&take=9p", htmx=True))
    assert state_of(url).win is None
    assert state_of(url).concealed == ["1m", "2m", "3m"]


@pytest.mark.parametrize(
    ("query", "meld"),
    [
        ("mode=chi&add=0m", "[0-67m]"),
        ("mode=chi&red=1&add=3m", "[3-40m]"),
        ("mode=chi&chi=2&red=1&add=6m", "[6-40m]"),
        ("mode=chi&chi=0&red=1&add=4m", "[4-06m]"),
        ("mode=chi&chi=1&add=4p", "[4-35p]"),
        ("mode=chi&chi=2&add=9s", "[9-78s]"),
        ("mode=chi&chi=1&add=0s", "[0-46s]"),
        ("mode=chi&chi=1&red=1&add=5s", "[0-46s]"),
        ("mode=pon&red=1&add=5p", "[05=5p]"),
        ("mode=kan&from=-&red=1&add=5s", "[5-055s]"),
    ],
)
def test_any_chi_and_red_five_meld_by_clicking(client, query, meld):
    url = replaced(get(client, query, htmx=True))
    state = state_of(url)
    assert [m.notation() for m in state.melds] == [meld]
    assert state.mode == "hand"
    assert "red=" not in url
    assert "chi=" not in url


def test_chi_controls_and_refusals(client):
    html = text(get(client, "mode=chi&chi=2"))
    assert 'id="chi-2" checked' in html
    assert 'id="red"' in html
    # The called tile as the highest: 1 and 2 cannot be.
    assert re.search(r'id="pal-2m"[^>]*disabled', html)
    assert not re.search(r'id="pal-3m"[^>]*disabled', html)
    # With the red five, only runs that hold a five.
    html = text(get(client, "mode=chi&red=1"))
    assert re.search(r'id="pal-6p"[^>]*disabled', html)
    assert not re.search(r'id="pal-3p"[^>]*disabled', html)
    response = get(client, "mode=chi&red=1&add=6p", htmx=True)
    assert "must hold a five" in text(response)


def test_the_fu_are_added_up_and_rounded_in_the_panel(client):
    html = unescape(text(get(client, CANON)))
    assert '<p class="fu-sum" id="fu-sum">20 + 2 + 2 = 24 → 30 fu</p>' in html
    chiitoitsu = unescape(text(get(client, "hand=1122m3344p5566s7z&win=7z")))
    assert "Chiitoitsu: a fixed 25 fu, not rounded." in chiitoitsu
    kokushi = text(get(client, "hand=19m19p19s1234567z&win=1m"))
    assert 'id="fu-sum"' not in kokushi, "a yakuman's fu do not count"


@pytest.mark.parametrize(
    ("query", "why"),
    [
        (
            "hand=234m567p22s345s56p&win=7p&riichi=1&rules=mleague",
            "30 fu 4 han: kiriage mangan under M-League rules",
        ),
        (
            "hand=222m444p666s7z[8-88s]&win=7z&dora=2m",
            "40 fu 4 han: the base points (2,560) pass 2,000, so the hand is capped at mangan.",
        ),
        (
            "hand=1122m3344p5566s7z&win=7z&riichi=1&dora=1m1m&tsumo=1",
            "8 han: baiman (8–10 han), whatever the fu.",  # the tables' range, en dash
        ),
    ],
)
def test_the_panel_says_why_a_limit_applies(client, query, why):
    html = unescape(text(get(client, query, htmx=True)))
    assert why in html
    assert 'id="limit-why"' in html


def test_no_limit_no_reason(client):
    html = text(get(client, "hand=234m567p22s345s56p&win=7p&riichi=1"))
    assert 'id="limit-why"' not in html


def test_ura_dora_without_riichi_says_so_beside_the_indicator(client):
    html = unescape(text(get(client, "hand=223344m45668p55s&win=7p&ura=1z")))
    assert 'id="ura-note"' in html
    assert "Ura-dora count only after a riichi" in html
    assert 'id="ura-note"' not in text(get(client, "hand=223344m45668p55s&win=7p&ura=1z&riichi=1"))
    assert 'id="ura-note"' not in text(get(client, "hand=223344m45668p55s&win=7p"))
    # Ticking riichi through htmx sends the situation again, so the note goes.
    before = picker.situation_key(state_of("/?ura=1z"), {})
    after = picker.situation_key(state_of("/?ura=1z&riichi=1"), {})
    assert before != after


def test_one_default_seat_for_a_blank_page_a_link_and_the_api(client):
    """Issue 29 item 6: a blank page scored as South, a link without ``seat`` (the examples of
    the page itself) as the dealer. One default now, the API's (East, the dealer), shown beside
    the hand; the sample links score as the same hand built by hand."""

    def seat(page: str) -> tuple[str, str]:
        select = re.search(r'<select id="seat" name="seat">(.*?)</select>', page, re.S)
        assert select
        chosen = re.search(r'<option value="(\dz)" selected>([^<]*)<', select[1])
        assert chosen
        return chosen[1], unescape(chosen[2])

    blank = client.get("/").content.decode()
    assert seat(blank) == ("1z", "East (dealer)")
    assert seat(client.get("/?hand=234m234m456p55s68p&win=7p").content.decode())[0] == "1z"
    # Beside the hand, not in the situation panel below the palette.
    assert blank.index('id="seat"') < blank.index('id="palette"')
    api = client.post(
        "/api/score",
        data=json.dumps({"hand": "234m234m456p55s68p", "win": "7p"}),
        content_type="application/json",
    ).json()
    for _label, url in vocabulary.SAMPLES:
        query = url.split("?", 1)[1] if "?" in url else url
        assert "seat=" not in query or "seat=1z" in query
    page = text(get(client, "hand=234m234m456p55s68p&win=7p"))
    assert hook(page, "total") == str(api["payments"]["total"])


@pytest.mark.parametrize("param", ["win=%C2%B2m", "add=%C2%B2m", "win=%D9%A3p"])
def test_a_non_ascii_digit_tile_is_refused_not_a_500(client, param):
    response = client.get(f"/?hand=123m456p789s11z&{param}")
    assert response.status_code in (200, 400)


# ---------------------------------------------------------------- issue 22, items 4 and 16
def test_ready_open_hand_with_riichi_says_why_its_waits_cannot_win(client):
    """Issue 22.4: every wait said "cannot win" with no reason until the 14th tile."""
    html = unescape(text(get(client, "hand=234m567p11s2s[5-55z]&win=3s&riichi=1", htmx=True)))
    assert 'data-status="ready"' in html
    message = "Riichi needs a closed hand (no called melds)."
    assert re.search(
        r'class="field-error panel-error" data-field="riichi">' + re.escape(message), html
    )
    assert re.search(r'id="err-riichi">' + re.escape(message), html)


def test_ready_hand_without_a_yaku_claims_no_situation_error(client):
    for query in ("hand=234m567p11s2s[5-55z]&win=3s", "hand=678m567p11s2s[2-34m]&win=3s"):
        html = unescape(text(get(client, query, htmx=True)))
        assert 'data-status="ready"' in html
        assert "panel-error" not in html
    assert "no yaku" in html


def test_dora_are_listed_apart_from_the_yaku(client):
    """Issue 22.16: the panel listed dora under "Yaku"."""
    html = text(
        get(client, "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=1m4p&ura=4s&seat=1z")
    )
    yaku, dora = html.split('<h3 id="dora-h">')
    assert 'data-yaku="dora"' not in yaku.split("<h3>Yaku</h3>")[1]
    assert 'data-yaku="riichi"' in yaku
    assert re.findall(r'data-yaku="([a-z_]+)"', dora.split("</ul>")[0]) == ["dora", "ura_dora"]
    plain = text(get(client, "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1"))
    assert 'id="dora-h"' not in plain


# ---------------------------------------------------------------- issue 19.5: who dealt in
WAREME = "hand=234m234m456p55s68p&win=7p&riichi=1&seat=2z&wareme=3z&wareme_rule=1"


@pytest.mark.parametrize("htmx", [False, True])
def test_who_dealt_in_is_asked_kept_in_the_url_and_scored(client, htmx):
    """Issue 19.5: the picker never asked who dealt in, so a ron the wareme seat dealt in
    was scored as if someone else had (and the walkthrough link dropped it)."""
    plain = text(get(client, WAREME, htmx=htmx))
    assert '<select id="discarder" name="discarder"><option value="">not given</option>' in plain
    # The winner (South) is not offered as the discarder.
    assert re.findall(r'<select id="discarder".*?</select>', plain, re.S)[0].count("<option") == 4
    dealt = get(client, WAREME + "&discarder=3z", htmx=htmx)
    html = text(dealt)
    assert hook(html, "total") == str(2 * int(hook(plain, "total")))
    assert '<option value="3z" selected>' in html
    explain = re.search(r'href="(/tutor/explain\?[^"]*)" id="explain"', html)
    assert explain
    assert "discarder=3z" in unescape(explain.group(1))
    if htmx:
        assert "discarder=3z" in replaced(dealt)
    other = text(get(client, WAREME + "&discarder=4z", htmx=htmx))
    assert hook(other, "total") == hook(plain, "total")


def test_who_dealt_in_is_not_asked_without_a_wareme_seat_nor_the_winner(client):
    html = text(get(client, "hand=234m234m456p55s68p&win=7p&discarder=3z"))
    assert 'id="discarder"' not in html
    state = state_of("/?seat=3z&discarder=3z&wareme=1z")
    assert state.discarder == ""


# ---------------------------------------------------------------- issue 22.5: one-tap winning tile
def test_a_complete_hand_offers_each_of_its_tiles_once_as_the_winning_tile(client):
    html = text(get(client, "hand=234m234m456p55s68p&win=7p", htmx=True))
    offered = re.findall(r'name="setwin" value="([0-9][mpsz])" id="setwin-', html)
    assert offered == ["2m", "3m", "4m", "4p", "5p", "6p", "7p", "8p", "5s"]
    assert re.search(r'id="setwin-7p" aria-current="true" disabled', html)
    state = state_of(replaced(get(client, "hand=234m234m456p55s68p&win=7p&setwin=5s", htmx=True)))
    assert (state.win, state.mode) == ("5s", "hand")
    incomplete = text(get(client, "hand=234m234m456p55s6p&win=7p", htmx=True))
    assert 'id="win-pick"' not in incomplete


def test_the_panel_writes_fu_before_han_and_names_honour_tiles(client):
    """Fu before han, as the seeds write a figure; honour tiles in the fu list by name."""
    html = text(get(client, "hand=123m456p789s1z[5=55z]&win=1z"))
    headline = re.search(r'<p class="headline">(.*?)</p>', html, re.S)
    assert headline
    assert headline[1].index('data-testid="fu"') < headline[1].index('data-testid="han"')
    rows = re.findall(r'<li data-fu="([a-z_]+)"><span>(.*?)</span><span class="n">', html, re.S)
    assert rows
    shown = " ".join(body for _id, body in rows)
    assert "Haku Haku Haku" in shown
    assert not re.search(r"\b[1-7]z\b", shown), shown


def test_a_triple_yakuman_is_named_so(settings):
    from django.utils import translation

    from scorer.vocabulary import yakuman_label  # the picker's score headline names them with it

    assert yakuman_label(3) == "Triple yakuman"
    assert yakuman_label(4) == "4× yakuman"
    with translation.override("ja"):
        assert yakuman_label(3) == "トリプル役満"
        assert yakuman_label(2) == "ダブル役満"


def test_the_limit_range_is_written_as_the_tables_write_it_in_japanese(client):
    query = "hand=1122m3344p5566s7z&win=7z&riichi=1&dora=1m1m&tsumo=1"
    response = client.get("/ja/?" + query)
    body = unescape(response.content.decode())
    assert "8〜10飜" in body
    assert "8-10" not in body


def test_hand_buttons_are_numbered_by_kind(client):
    """Issue 29.2: a tile added in front shifts no other button's id (the morph keeps them)."""
    ids = re.findall(
        r'name="take" value="[0-9][mpsz]" id="([^"]+)"', text(get(client, "/?hand=2234m"))
    )
    assert ids == ["hand-2m-1", "hand-2m-2", "hand-3m-1", "hand-4m-1"]
    ids = re.findall(
        r'name="take" value="[0-9][mpsz]" id="([^"]+)"', text(get(client, "/?hand=12234m"))
    )
    assert ids == ["hand-1m-1", "hand-2m-1", "hand-2m-2", "hand-3m-1", "hand-4m-1"]
    # Nothing between the hand row's tiles (a tile drawn ahead lines up with the answer's).
    row = re.search(
        r'id="hand-row"[^>]*>(.*?)<span class="win-slot', text(get(client, "/?hand=2234m")), re.S
    )
    assert row
    assert not re.search(r">\s+<", row.group(1))
