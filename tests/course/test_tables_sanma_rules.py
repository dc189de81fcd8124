"""The quick-reference tables with three players under each tsumo rule (tsumo loss, split,
dealer pays): the engine's payments for a real hand in the cells, the rule named in the heading
and the legend, a bad rule named, four-player tables untouched."""

from __future__ import annotations

import html
import re

import pytest

from scorer.engine import score_request
from tests.course.test_tables import rendered

pytestmark = pytest.mark.django_db


def engine_tsumo(rule: str, dealer: bool) -> dict[str, int]:
    """A real 40 fu 2 han tsumo scored with three players under ``rule``."""
    result = score_request(
        {
            "hand": "999m123456p789s3z",
            "win": "3z",
            "tsumo": True,
            "riichi": True,
            "seat": "1z" if dealer else "2z",
            "round": "1z",
            "rules": {"preset": "tenhou_sanma", "sanma_tsumo": rule},
        }
    )
    assert (result["fu"], result["han"]) == (40, 2)
    pay: dict[str, int] = result["payments"]
    return pay


def page(client, query: str) -> str:
    response = client.get("/tutor/tables?" + query)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("rule", ["loss", "split", "dealer"])
def test_the_cells_are_the_engines_under_each_rule(client, rule):
    text = page(client, f"rules=tenhou_sanma&sanma_tsumo={rule}")
    non, dealer = engine_tsumo(rule, False), engine_tsumo(rule, True)
    cell = rendered(text, "non-dealer")[(2, 40)]["text"]
    assert cell.endswith(f"({non['tsumo_others']:,}/{non['tsumo_dealer']:,} = {non['total']:,})"), (
        cell
    )
    cell = rendered(text, "dealer")[(2, 40)]["text"]
    assert cell.endswith(f"({dealer['tsumo_others']:,} all = {dealer['total']:,})"), cell
    assert f'<option value="{rule}" selected>' in text


def test_the_rule_is_named_in_the_heading_and_the_legend(client):
    text = page(client, "rules=tenhou_sanma&sanma_tsumo=split")
    assert "Rules: Tenhou, three players, north's share split" in text
    assert "Three players, the north share split: in brackets, what the other non-dealer" in text
    text = page(client, "rules=mahjongsoul_sanma&sanma_tsumo=dealer")
    assert "Rules: Mahjong Soul, three players, dealer pays north's share" in text
    assert "on the dealer's own tsumo the share is split" in text
    # The preset's own rule when none is chosen.
    assert "Rules: Tenhou, three players, tsumo loss" in page(client, "rules=tenhou_sanma")


def test_mangan_under_each_rule(client):
    """docs/API.md §7: a non-dealer's mangan tsumo is 2000 + 4000 (loss), 3000 + 5000
    (split), 2000 + 6000 (dealer pays); the dealer's, 4000 all (loss), else 6000 all."""
    want = {"loss": ("2,000/4,000", "4,000"), "split": ("3,000/5,000", "6,000")}
    want["dealer"] = ("2,000/6,000", "6,000")
    for rule, (non, dealer) in want.items():
        text = page(client, f"rules=tenhou_sanma&sanma_tsumo={rule}")
        rows = re.findall(r'data-limit-row="mangan".*?<td class="tsumo">\(([^=]+) =', text, re.S)
        assert [r.strip() for r in rows] == [f"{dealer} all", non]


def test_a_bad_rule_is_named_and_four_players_ignore_it(client):
    text = page(client, "rules=tenhou_sanma&sanma_tsumo=north")
    # The field by its label (issue 19 item 10), never the parameter's name.
    assert (
        'data-error-for="sanma_tsumo">“Three players: tsumo” must be one of: tsumo loss, '
        "north's share split, dealer pays north's share.</p>"
    ) in text
    assert "Rules: Tenhou, three players, tsumo loss" in text
    four = page(client, "rules=tenhou&sanma_tsumo=split")
    assert 'data-error-for="sanma_tsumo"' not in four
    assert rendered(four, "non-dealer")[(3, 30)]["text"] == "3,900 (1,000/2,000)"
    assert "Rules: Tenhou<" in four
    assert page(client, "rules=tenhou&sanma_tsumo=north").count("field-error") == 0


def test_the_rule_menu_is_there_only_with_a_three_player_preset(client):
    assert 'id="sanma-tsumo-select"' not in page(client, "rules=tenhou")
    text = page(client, "rules=tenhou_sanma")
    assert re.findall(r'<select id="sanma-tsumo-select" name="sanma_tsumo">(.*?)</select>', text)
    # It is part of the swapped region, so choosing a three-player preset brings it in.
    fragment = client.get("/tutor/tables?rules=tenhou_sanma", headers={"HX-Request": "true"})
    assert 'id="sanma-tsumo-select"' in fragment.content.decode()
