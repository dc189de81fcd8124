"""The walkthrough with three players: nuki dora and the three-player tsumo payment, in words
checked against the engine's trace and result."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.engine import score_request
from tests.walkthrough.test_walkthrough import explain_url, parse_steps
from tutor.walkthrough.steps import build, request_from_query

HAND: dict[str, Any] = {"hand": "99m123456p789s11z", "win": "9m", "riichi": True}


def steps_of(client, request: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.get(explain_url(request, view="all"))
    assert response.status_code == 200
    return parse_steps(response.content.decode())


def step(steps: list[dict[str, Any]], kind: str, **data: str) -> dict[str, Any]:
    found = [s for s in steps if s["kind"] == kind and data.items() <= s["data"].items()]
    assert len(found) == 1, (kind, data, [s["kind"] for s in steps])
    return found[0]


def engine_step(result: dict[str, Any], kind: str, **data: object) -> dict[str, Any]:
    found: list[dict[str, Any]] = [
        s
        for s in result["steps"]
        if s["step"] == kind and all(s.get(k) == v for k, v in data.items())
    ]
    assert len(found) == 1
    return found[0]


def test_the_form_and_links_carry_nuki():
    data = request_from_query({"hand": "99m123456p789s11z", "nuki": "2", "rules": "tenhou_sanma"})
    assert data["nuki"] == "2"
    walk = build({**HAND, "nuki": 2, "rules": "tenhou_sanma"})
    assert "nuki=2" in walk.query


@pytest.mark.parametrize("nuki", [1, 3])
def test_nuki_dora_step_in_exact_words(client, nuki):
    request = {**HAND, "seat": "2z", "nuki": nuki, "rules": "tenhou_sanma"}
    result = score_request(request)
    assert result["ok"]
    steps = steps_of(client, request)
    assert [s["kind"] for s in steps[:-1]] == [s["step"] for s in result["steps"]]
    count = engine_step(result, "dora", id="nuki_dora")["count"]
    assert count == nuki
    shown = step(steps, "dora", **{"dora-count": str(nuki)})
    norths = "north was" if nuki == 1 else "norths were"
    assert (
        f"{nuki} {norths} set aside (kita): each north set aside is 1 han of dora, "
        f"so {nuki} han." in shown["text"]
    )
    assert "draws a replacement tile from the dead wall, as after a kan" in shown["text"]
    assert "do not break tanyao" in shown["text"]
    assert shown["named"] == ["4z"] * nuki or shown["named"] == [f"{'4' * nuki}z"]
    han = [y["han"] for y in result["yaku"] if y["id"] == "nuki_dora"]
    assert han == [nuki]


def test_nuki_dora_counts_with_a_tanyao_hand(client):
    # The norths set aside are not part of the hand: tanyao still holds.
    request = {"hand": "234p567p234s678s5p", "win": "5p", "nuki": 2, "riichi": True}
    request["rules"] = "tenhou_sanma"
    result = score_request(request)
    ids = [y["id"] for y in result["yaku"]]
    assert "tanyao" in ids
    assert "nuki_dora" in ids


@pytest.mark.parametrize("seat", ["1z", "2z"])
def test_tsumo_loss_is_explained_with_the_engine_numbers(client, seat):
    request = {**HAND, "tsumo": True, "seat": seat, "rules": "tenhou_sanma"}
    result = score_request(request)
    steps = steps_of(client, request)
    rule = engine_step(result, "payment_rule")
    assert rule["rule"] == "loss"
    absent = rule["absent"]
    shown = step(steps, "payment_rule")
    assert shown["data"]["absent"] == str(absent)
    assert (
        f"the north player's share, {absent:,}, is not paid by anyone: before honba, the winner "
        f"collects {absent:,} less than with four players." in shown["text"]
    )
    # The claim checked: the same hand with four players collects exactly that much more.
    four = score_request({**request, "rules": "tenhou"})
    assert four["payments"]["total"] - result["payments"]["total"] == absent
    # Payers are named for three players.
    payers = [s for s in steps if s["kind"] == "payment"]
    if seat == "1z":
        assert len(payers) == 1
        assert "Each of the two other players pays" in payers[0]["text"]
    else:
        assert [p["data"]["payer"] for p in payers] == ["dealer", "non_dealer"]
        assert "The other non-dealer pays" in payers[1]["text"]
    amounts = [int(p["data"]["amount"]) for p in payers]
    pay = result["payments"]
    expected = [pay["tsumo_others"]] if seat == "1z" else [pay["tsumo_dealer"], pay["tsumo_others"]]
    assert amounts == expected


def test_split_rule_is_explained_and_its_numbers_are_the_engine(client):
    rules = {"preset": "tenhou_sanma", "sanma_tsumo": "split"}
    request = {**HAND, "tsumo": True, "seat": "2z", "rules": rules}
    result = score_request(request)
    steps = steps_of(client, request)
    shown = step(steps, "payment_rule")
    assert "the north player's share is split between the two payers" in shown["text"]
    assert "counted in base points before rounding up to 100" in shown["text"]
    base = engine_step(result, "payment", payer="dealer")["base"]
    payers = [s for s in steps if s["kind"] == "payment"]
    assert f"2.5 x {base:,}" in payers[0]["text"] or f"2.5 × {base:,}" in payers[0]["text"]
    # Half the missing share on each payer, in base points, then rounded up to 100.
    up = lambda n: -(-n // 100) * 100  # noqa: E731
    assert result["payments"]["tsumo_dealer"] == up(base * 5 // 2)
    assert result["payments"]["tsumo_others"] == up(base * 3 // 2)


def test_dealer_pays_rule_is_explained(client):
    rules = {"preset": "tenhou_sanma", "sanma_tsumo": "dealer"}
    steps = steps_of(client, {**HAND, "tsumo": True, "seat": "3z", "rules": rules})
    shown = step(steps, "payment_rule")
    assert "the dealer pays the north player's share on top of their own" in shown["text"]
    steps = steps_of(client, {**HAND, "tsumo": True, "seat": "1z", "rules": rules})
    shown = step(steps, "payment_rule")
    assert "on the dealer's own tsumo it is split" in shown["text"]


@pytest.mark.parametrize("tsumo", [True, False])
def test_honba_is_explained_per_payer_in_three_player_terms(client, tsumo):
    request = {**HAND, "tsumo": tsumo, "seat": "2z", "honba": 2, "rules": "tenhou_sanma"}
    result = score_request(request)
    honba = engine_step(result, "honba")
    steps = steps_of(client, request)
    shown = step(steps, "honba")
    assert (
        "With three players each honba counter is worth 300 / 3 = 100 from each payer: 100 "
        "from each of the two payers on a tsumo, 200 from the discarder on a ron."
    ) in shown["text"]
    assert result["payments"]["honba"] == honba["honba_total"] == 2 * 200
    assert shown["data"]["honba"] == str(honba["honba_total"])


def test_a_ron_has_no_payment_rule_step(client):
    steps = steps_of(client, {**HAND, "seat": "2z", "rules": "tenhou_sanma"})
    assert not [s for s in steps if s["kind"] == "payment_rule"]


def test_sensitivity_to_the_sanma_tsumo_rule(client):
    walk = build({**HAND, "tsumo": True, "seat": "2z", "rules": "tenhou_sanma"})
    texts = [s.text for s in walk.sensitivity if s.switch == "sanma_tsumo"]
    split = score_request(
        {**HAND, "tsumo": True, "seat": "2z"}
        | {"rules": {"preset": "tenhou_sanma", "sanma_tsumo": "split"}}
    )
    total = f"{split['payments']['total']:,}"
    assert any(
        t.startswith("With the north share split between the payers") and total in t for t in texts
    )
    # Four players never hear about three-player switches.
    four = build({**HAND, "tsumo": True, "seat": "2z"})
    assert not [s for s in four.sensitivity if s.switch in ("sanma_tsumo", "north_yakuhai")]


def test_the_rules_menu_offers_the_sanma_presets_and_errors_show_by_the_field(client):
    page = client.get("/tutor/explain?hand=99m123456p789s1z5m&win=1z&rules=tenhou_sanma")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<option value="tenhou_sanma" selected' in html
    assert 'value="mahjongsoul_sanma"' in html
    assert re.search(r'data-field="hand".*?three-player mahjong plays without 2m to 8m', html, re.S)
    page = client.get("/tutor/explain?hand=234m234m456p55s68p&win=7p&nuki=1")
    assert re.search(r'data-field="nuki"[^>]*>.*?err-nuki', page.content.decode(), re.S)


def test_the_norths_set_aside_are_drawn_apart_and_lit_by_their_step(client):
    request = {**HAND, "hand": "99m123456p789s44z", "nuki": 2, "rules": "tenhou_sanma"}
    request["win"] = "9m"
    walk = build(request)
    assert walk.ok, walk.error
    assert walk.hand is not None
    groups = [g.kind for g in walk.hand.groups]
    assert groups[-1] == "nuki"
    nuki_slots = {s.index for s in walk.hand.groups[-1].slots}
    assert len(nuki_slots) == 2
    nuki_step = next(s for s in walk.steps if s.kind == "dora" and s.data["dora-count"] == 2)
    # The step lights the two norths set aside, not the north pair of the hand.
    assert nuki_step.lit == frozenset(nuki_slots)
    page = client.get(explain_url(request, view="all")).content.decode()
    assert page.count('class="tile-group tile-group-nuki"') >= 1


def test_a_north_dora_indicator_counts_the_norths_set_aside(client):
    request = {**HAND, "seat": "2z", "nuki": 2, "dora": "3z", "rules": "tenhou_sanma"}
    result = score_request(request)
    dora = engine_step(result, "dora", id="dora")
    assert dora["count"] == 2
    steps = steps_of(client, request)
    dora_steps = [s for s in steps if s["kind"] == "dora"]
    assert [s["data"]["dora-count"] for s in dora_steps] == ["2", "2"]
    indicator, nuki = dora_steps
    assert "The norths set aside are dora of this indicator too." in indicator["text"]
    assert "Indicator West makes North the dora" in indicator["text"]
    assert "dora of this indicator" not in nuki["text"]


def test_a_saved_sanma_hand_keeps_its_norths():
    from tutor.collections.hands import query_from_url

    query = query_from_url(
        "/?hand=99m123456p789s11z&win=9m&tsumo=1&nuki=2&rules=tenhou_sanma&mode=dora"
    )
    assert query is not None
    assert "nuki=2" in query
    assert "rules=tenhou_sanma" in query


def test_the_three_player_sentences_are_said_in_japanese_too(client):
    """The nuki dora and three-player payment sentences are in the catalogue and shown in
    Japanese (they were once hidden there, falling back to the engine's sentence)."""
    request = {**HAND, "seat": "2z", "tsumo": True, "nuki": 2, "rules": "tenhou_sanma"}
    result = score_request(request)
    absent = engine_step(result, "payment_rule")["absent"]
    response = client.get("/ja" + explain_url(request, view="all"))
    assert response.status_code == 200
    steps = parse_steps(response.content.decode())
    nuki = step(steps, "dora", **{"dora-count": "2"})
    # one word for the dora (抜きドラ), the act is 「北を抜く」 (issue 28's termbase)
    assert "抜いた北2枚。抜きドラは1枚1飜なので2飜です。" in nuki["text"]
    rule = step(steps, "payment_rule")
    assert f"北家の分の{absent}点は誰も支払いません。" in rule["text"]
