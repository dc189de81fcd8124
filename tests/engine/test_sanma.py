"""Three-player mahjong (sanma): presets, tiles, nuki dora, payments, the trace and tables."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorer.engine import ALL_PRESETS, PRESETS, THREE_PLAYER_PRESETS, parse_request, score_request
from scorer.engine.tables import LIMIT_ROWS, cell, limit_table, table

SANMA = "tenhou_sanma"
# Haku, 30 fu 1 han+: a hand both four and three players can hold (no 2m-8m, no chi).
HAKU = {"hand": "123p456p789s1z[5=55z]", "win": "1z", "seat": "2z"}


def ok(data):
    result = score_request(data)
    assert result["ok"], result
    return result


def error(data):
    result = score_request(data)
    assert result["ok"] is False, result
    return result["error"]


def yaku(result):
    return {y["id"]: y["han"] for y in result["yaku"]}


@pytest.mark.parametrize("name", ["tenhou_sanma", "mahjongsoul_sanma"])
def test_presets(name):
    rules = ALL_PRESETS[name]
    assert rules is THREE_PLAYER_PRESETS[name]
    assert name not in PRESETS  # the pages list these once they handle three players
    assert rules.players == 3
    assert rules.sanma
    assert rules.red_fives == 2
    assert rules.sanma_tsumo == "loss"
    assert not rules.north_yakuhai
    assert rules.double_yakuman == (name == "mahjongsoul_sanma")


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"hand": "234m456p789s1z[5=55z]", "win": "1z"}, "hand"),
        ({"hand": "123p456p789s1z[5=55z]", "win": "1z", "dora": "5m"}, "dora"),
        ({"riichi": True, "hand": "123p456p789s1z55z5z", "win": "1z", "ura": "0m"}, "ura"),
        ({"hand": "123p456p789s1z[5=55z]", "win": "5m"}, "win"),
        ({"hand": "123p456p1z[5=55z][7-89s]", "win": "1z"}, "hand"),  # a chi
    ],
)
def test_four_player_only_tiles_and_chi_are_invalid_tiles(changes, field):
    err = error({**HAKU, "rules": SANMA, **changes})
    assert err["code"] == "invalid_tiles"
    assert err["field"] == field
    assert "three-player" in err["message"]


def test_the_same_hands_are_fine_with_four_players():
    assert ok({**HAKU, "hand": "234m456p789s1z[5=55z]"})["ok"]
    assert ok({**HAKU, "hand": "123p456p1z[5=55z][7-89s]"})["ok"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"seat": "4z"}, "seat"),
        ({"round": "4z"}, "round"),
        ({"nuki": 1, "rules": "tenhou"}, "nuki"),  # nuki dora are a three-player rule
        ({"nuki": "lots"}, "nuki"),
        (
            {"nuki": 1, "tsumo": True, "seat": "1z", "tenhou": True, "hand": "123p456p789s1z555z"},
            "tenhou",
        ),
    ],
)
def test_situation_errors(changes, field):
    err = error({**HAKU, "rules": SANMA, **changes})
    assert err["code"] == "invalid_situation"
    assert err["field"] == field


def test_a_fifth_north_counting_the_nuki():
    err = error({**HAKU, "rules": SANMA, "hand": "123p456p789s4z[5=55z]", "win": "4z", "nuki": 3})
    assert err["code"] == "invalid_tiles"
    assert "nuki" in err["message"]
    err = error({**HAKU, "rules": SANMA, "nuki": 5})
    assert (err["code"], err["field"]) == ("invalid_tiles", "nuki")


@pytest.mark.parametrize("nuki", ["x", "-1", -1, 100, "٣", True])
def test_a_refused_nuki_names_the_four_norths_there_are(nuki):
    err = error({**HAKU, "rules": SANMA, "nuki": nuki})
    assert (err["code"], err["field"]) == ("invalid_situation", "nuki")
    assert err["message"] == "'nuki' must be a whole number from 0 to 4"


def test_one_man_indicator_makes_nine_man_the_dora():
    hand = {**HAKU, "hand": "99m456p789s1z[5=55z]", "win": "1z", "rules": SANMA}
    hand["hand"] = "999m456p789s1z[5=55z]"
    hand["hand"] = "99m456p789s11z[5=55z]"
    hand["win"] = "9m"
    assert yaku(ok({**hand, "dora": "1m"}))["dora"] == 3
    assert "dora" not in yaku(ok({**hand, "dora": "1m", "rules": "tenhou"}))  # 2m with four
    assert yaku(ok({**hand, "hand": "11m456p789s99m[5=55z]", "dora": "9m"}))["dora"] == 2


def test_nuki_dora_one_han_each_and_dora_when_north_is_dora():
    base = {**HAKU, "rules": SANMA}
    plain = ok(base)
    two = ok({**base, "nuki": 2})
    assert yaku(two)["nuki_dora"] == 2
    assert two["han"] == plain["han"] + 2
    # West indicator: north is the dora, and each north set aside is one more.
    west = ok({**base, "nuki": 2, "dora": "3z"})
    assert yaku(west)["dora"] == 2
    assert west["han"] == plain["han"] + 4
    # Ura too, after a riichi.
    closed = {**base, "hand": "123p456p789s1z555z", "riichi": True, "nuki": 1, "ura": "3z"}
    assert yaku(ok(closed))["ura_dora"] == 1


def test_nuki_allow_rinshan_without_a_kan():
    result = ok({**HAKU, "rules": SANMA, "nuki": 1, "tsumo": True, "rinshan": True})
    assert "rinshan" in yaku(result)
    err = error({**HAKU, "rules": SANMA, "tsumo": True, "rinshan": True})
    assert err["field"] == "rinshan"


def test_ron_pays_as_with_four_players_honba_200():
    for seat in ("1z", "2z"):
        four = ok({**HAKU, "seat": seat, "honba": 0})["payments"]
        three = ok({**HAKU, "seat": seat, "rules": SANMA, "honba": 0})["payments"]
        assert three["ron"] == four["ron"]
        honba = ok({**HAKU, "seat": seat, "rules": SANMA, "honba": 2})["payments"]
        assert honba["ron"] == four["ron"] + 400
        assert honba["honba"] == 400


def test_tsumo_loss_the_north_share_is_not_paid():
    four = ok({**HAKU, "tsumo": True})["payments"]
    three = ok({**HAKU, "tsumo": True, "rules": SANMA})["payments"]
    assert three["tsumo_dealer"] == four["tsumo_dealer"]
    assert three["tsumo_others"] == four["tsumo_others"]
    assert three["total"] == four["total"] - four["tsumo_others"]
    dealer4 = ok({**HAKU, "tsumo": True, "seat": "1z"})["payments"]
    dealer3 = ok({**HAKU, "tsumo": True, "seat": "1z", "rules": SANMA})["payments"]
    assert dealer3["tsumo_others"] == dealer4["tsumo_others"]
    assert dealer3["total"] == 2 * dealer4["tsumo_others"]


def test_tsumo_honba_is_100_from_each_payer():
    pay = ok({**HAKU, "tsumo": True, "rules": SANMA, "honba": 3})["payments"]
    plain = ok({**HAKU, "tsumo": True, "rules": SANMA})["payments"]
    assert pay["tsumo_dealer"] == plain["tsumo_dealer"] + 300
    assert pay["tsumo_others"] == plain["tsumo_others"] + 300
    assert pay["honba"] == 600


# Haku, toitoi, sanankou: 5 han, a mangan.
MANGAN = {"hand": "55p666p777s11z[5=55z]", "win": "5p", "tsumo": True, "seat": "2z"}


@pytest.mark.parametrize(
    ("mode", "seat", "dealer_pays", "others_pay", "total"),
    [
        ("loss", "2z", 4000, 2000, 6000),
        ("loss", "1z", None, 4000, 8000),
        ("split", "2z", 5000, 3000, 8000),
        ("split", "1z", None, 6000, 12000),
        ("dealer", "2z", 6000, 2000, 8000),
        ("dealer", "1z", None, 6000, 12000),
    ],
)
def test_tsumo_rules_on_a_mangan(mode, seat, dealer_pays, others_pay, total):
    rules = {"preset": SANMA, "sanma_tsumo": mode}
    result = ok({**MANGAN, "seat": seat, "rules": rules})
    assert result["limit"] == "mangan"
    pay = result["payments"]
    assert (pay["tsumo_dealer"], pay["tsumo_others"], pay["total"]) == (
        dealer_pays,
        others_pay,
        total,
    )


def test_north_is_a_guest_wind_unless_the_switch_says_value_tile():
    hand = {"hand": "123p456p1s444z[5=55z]", "win": "1s", "rules": SANMA, "seat": "2z"}
    assert "north_wind" not in yaku(ok(hand))
    valued = ok({**hand, "rules": {"preset": SANMA, "north_yakuhai": True}})
    assert yaku(valued)["north_wind"] == 1
    pair = {"hand": "123p456p789s4z[5=55z]", "win": "4z", "seat": "2z"}
    fu_ids = [i["id"] for i in ok({**pair, "rules": SANMA})["fu_items"]]
    assert "pair_north" not in fu_ids
    valued_pair = ok({**pair, "rules": {"preset": SANMA, "north_yakuhai": True}})
    assert "pair_north" in [i["id"] for i in valued_pair["fu_items"]]
    # Four players: north is a seat wind already; the switch changes nothing.
    four = {"hand": "123p456p1s444z[5=55z]", "win": "1s", "seat": "2z"}
    assert ok({**four, "rules": {"preset": "tenhou", "north_yakuhai": True}}) == ok(four) | {
        "rules": "tenhou+custom"
    }


def test_trace_explains_nuki_and_the_sanma_payment():
    result = ok({**HAKU, "rules": SANMA, "nuki": 2, "tsumo": True, "honba": 1})
    steps = result["steps"]
    nuki = next(s for s in steps if s.get("id") == "nuki_dora")
    assert nuki["count"] == 2
    assert nuki["tiles"] == ["4z", "4z"]
    assert "set aside" in nuki["text"]
    rule = next(s for s in steps if s["step"] == "payment_rule")
    assert rule["rule"] == "loss"
    assert "tsumo loss" in rule["text"]
    payers = [s["payer_name"] for s in steps if s["step"] == "payment"]
    assert payers == ["The dealer", "The other non-dealer"]
    honba = next(s for s in steps if s["step"] == "honba")
    assert honba["per_payer"] == 100
    split = ok({**HAKU, "rules": {"preset": SANMA, "sanma_tsumo": "split"}, "tsumo": True})
    multipliers = [s["multiplier"] for s in split["steps"] if s["step"] == "payment"]
    assert multipliers == [2.5, 1.5]
    assert not any(s["step"] == "payment_rule" for s in ok({**HAKU, "rules": SANMA})["steps"])


def test_nuki_in_the_request_round_trip():
    request = parse_request({**HAKU, "rules": SANMA, "nuki": "2"})
    assert request.nuki == 2
    assert request.to_fields()["nuki"] == 2


def test_sanma_tables_have_one_payer_fewer_on_a_tsumo():
    rules = ALL_PRESETS[SANMA]
    mangan = cell(30, 5, False, rules)
    assert (mangan.ron, mangan.tsumo_dealer, mangan.tsumo_others) == (8000, 4000, 2000)
    assert mangan.tsumo_total == 6000
    dealer = cell(30, 5, True, rules)
    assert (dealer.ron, dealer.tsumo_others, dealer.tsumo_total) == (12000, 4000, 8000)
    four = table(False)
    three = table(False, rules)
    for row4, row3 in zip(four, three, strict=True):
        for c4, c3 in zip(row4, row3, strict=True):
            assert c3.ron == c4.ron
            assert c3.tsumo_total == c4.tsumo_total - c4.tsumo_others
    assert len(limit_table(True, rules)) == len(LIMIT_ROWS)
    split = cell(30, 5, False, replace(rules, sanma_tsumo="split"))
    assert split.tsumo_total == 8000


def test_dealer_pays_rule_on_the_dealers_own_tsumo_says_the_share_is_split():
    """Under "dealer pays" the dealer's own tsumo has no other dealer to pay the north share:
    the payments are split (40 fu 2 han: 3 x 640 = 1920, so 2000 all, not 1300 all), and the
    payment_rule step must say so, not that "the dealer also pays"."""
    request = {
        "hand": "999m123456p789s3z",
        "win": "3z",
        "tsumo": True,
        "riichi": True,
        "seat": "1z",
        "round": "1z",
        "rules": {"preset": "tenhou_sanma", "sanma_tsumo": "dealer"},
    }
    result = ok(request)
    step = next(s for s in result["steps"] if s["step"] == "payment_rule")
    assert step["rule"] == "dealer"
    assert "dealer also pays" not in step["text"]
    assert "split between the two payers" in step["text"]
    assert result["payments"]["tsumo_others"] == 2000
    split = ok({**request, "rules": {"preset": "tenhou_sanma", "sanma_tsumo": "split"}})
    assert result["payments"] == split["payments"]
    non_dealer = ok({**request, "seat": "2z"})
    step = next(s for s in non_dealer["steps"] if s["step"] == "payment_rule")
    assert "dealer also pays" in step["text"]
