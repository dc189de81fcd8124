"""The calculator (/calc) with three players: the sanma presets in the rules menu, the rule that
pays a tsumo (tsumo loss, split, dealer pays), the two payers and what the winner collects, each
number the engine's; a bad rule is named beside its field."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorer import calc
from scorer.engine import score_request

HX = {"HX-Request": "true"}


def page(client, query, htmx=False):
    response = client.get("/calc?" + query, headers=HX if htmx else {})
    assert response.status_code == 200
    return response, unescape(response.content.decode())


def short(html):
    match = re.search(r'data-testid="calc-short">([^<]*)<', html)
    return match.group(1) if match else None


def engine_tsumo(rule: str, dealer: bool, honba: int = 0) -> dict[str, int]:
    """A real 40 fu 2 han three-player tsumo scored by the engine under ``rule``."""
    result = score_request(
        {
            "hand": "999m123456p789s3z",
            "win": "3z",
            "tsumo": True,
            "riichi": True,
            "seat": "1z" if dealer else "2z",
            "round": "1z",
            "honba": honba,
            "rules": {"preset": "tenhou_sanma", "sanma_tsumo": rule},
        }
    )
    assert (result["fu"], result["han"]) == (40, 2)
    pay: dict[str, int] = result["payments"]
    return pay


def test_the_rules_menu_has_the_three_player_presets_in_a_group(client):
    _, html = page(client, "han=2&fu=40")
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', html, re.S)
    assert [g for g, _ in groups] == ["Four players", "Three players (sanma)"]
    assert re.findall(r'value="(\w+)"', groups[1][1]) == ["tenhou_sanma", "mahjongsoul_sanma"]
    assert 'value="tenhou"' in groups[0][1]
    # The tsumo rule is a three-player question: not asked with four players.
    assert 'name="sanma_tsumo"' not in html
    _, html = page(client, "han=2&fu=40&rules=tenhou_sanma")
    assert re.findall(r'name="sanma_tsumo" value="(\w+)"', html) == ["loss", "split", "dealer"]
    assert re.search(r'id="sanma-tsumo-loss" checked', html)  # the preset's own rule


@pytest.mark.parametrize("rule", ["loss", "split", "dealer"])
@pytest.mark.parametrize("dealer", [False, True])
def test_a_tsumo_is_paid_by_two_under_the_rule_chosen(client, rule, dealer):
    pay = engine_tsumo(rule, dealer, honba=1)
    query = f"han=2&fu=40&tsumo=1&honba=1&rules=tenhou_sanma&sanma_tsumo={rule}"
    _, html = page(client, query + ("&dealer=1" if dealer else ""))
    if dealer:
        each = f"{pay['tsumo_others']:,}"
        assert short(html) == f"{each} all"
        assert f"{each} all: each of the two other players pays {each}." in html
    else:
        others, from_dealer = f"{pay['tsumo_others']:,}", f"{pay['tsumo_dealer']:,}"
        assert short(html) == f"{others}/{from_dealer}"
        assert (
            f"{others}/{from_dealer}: the dealer pays {from_dealer}, the other non-dealer "
            f"{others} (three players: there is no north seat to pay)."
        ) in html
    assert f"The winner collects {pay['total']:,} in all." in html
    assert f"Honba included: {pay['honba']:,}." in html  # 100 from each payer: 200


def test_each_rule_is_said_in_the_engines_words(client):
    _, html = page(client, "han=5&tsumo=1&rules=tenhou_sanma")
    assert short(html) == "2,000/4,000"
    assert (
        "Three players: nobody sits north, and the north player's share of a tsumo is not paid "
        "(tsumo loss): the winner collects 2,000 less than with four players." in html
    )
    _, html = page(client, "han=5&tsumo=1&rules=tenhou_sanma&sanma_tsumo=split")
    assert short(html) == "3,000/5,000"
    assert "share of a tsumo is split between the two payers" in html
    _, html = page(client, "han=5&tsumo=1&rules=tenhou_sanma&sanma_tsumo=dealer")
    assert short(html) == "2,000/6,000"
    assert "the dealer also pays the missing north player's share" in html
    # The dealer's own tsumo under "dealer pays" is split (docs/API.md §7): said so.
    _, html = page(client, "han=5&tsumo=1&dealer=1&rules=mahjongsoul_sanma&sanma_tsumo=dealer")
    assert short(html) == "6,000 all"
    assert "the dealer won, so no dealer is left to pay the missing north player's" in html
    assert "split between the two payers" in html
    assert "the dealer also pays" not in html


def test_a_ron_is_paid_as_with_four(client):
    _, html = page(client, "han=3&fu=40&rules=tenhou_sanma&sanma_tsumo=split&honba=1")
    assert short(html) == "5,400"  # 5,200 + 200 for the counter (100 from each of two)
    assert "calc-note" not in html  # no tsumo rule to explain


def test_the_canonical_url_keeps_the_rule_only_with_three_players(client):
    response, _ = page(client, "han=5&tsumo=1&rules=tenhou_sanma&sanma_tsumo=split", htmx=True)
    assert (
        response.headers["HX-Replace-Url"]
        == "/calc?han=5&tsumo=1&rules=tenhou_sanma&sanma_tsumo=split"
    )
    response, html = page(client, "han=5&tsumo=1&rules=tenhou&sanma_tsumo=split", htmx=True)
    assert response.headers["HX-Replace-Url"] == "/calc?han=5&tsumo=1&rules=tenhou"
    assert short(html) == "2,000/4,000"  # four players: the switch has no use


@pytest.mark.parametrize("rules", ["tenhou_sanma", "tenhou"])
def test_a_bad_rule_is_named_beside_its_field(client, rules):
    _, html = page(client, f"han=5&tsumo=1&rules={rules}&sanma_tsumo=north")
    assert short(html) is None
    assert re.search(
        r'<fieldset class="seg" id="sanma-tsumo">.*aria-invalid="true".*'
        r'<p class="field-error" role="alert" id="err-sanma_tsumo">'
        r"Three players: tsumo loss, the split rule or the dealer-pays rule\.</p>",
        html,
        re.S,
    )


def test_the_rule_of_the_form_is_the_engines_switch():
    assert calc.rules_of({"rules": "tenhou_sanma"}).sanma_tsumo == "loss"
    assert calc.rules_of({"rules": "tenhou_sanma", "sanma_tsumo": "split"}).sanma_tsumo == "split"
    assert calc.rules_of({"rules": "tenhou", "sanma_tsumo": "split"}).name == "tenhou"
