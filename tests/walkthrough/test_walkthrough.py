"""The walkthrough page: every example of the spec renders, its numbers are the engine's, each step
names and lights the tiles it is about, rule sensitivity, step / all / presentation views and
bad input."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlencode

import pytest

from scorer.engine import score_request
from scorer.errors import page_message
from tests.conftest import load_examples
from tutor.walkthrough.display import page_steps
from tutor.walkthrough.steps import build, request_query

EXAMPLES = load_examples()
ARTICLE = re.compile(r'<article class="step step-(\w+)"([^>]*)>(.*?)</article>', re.S)
ATTR = re.compile(r'data-([\w-]+)="([^"]*)"')
TAG = re.compile(r"<[^>]+>")
#: A tile code in running text ("7p", "234m", "456678p55s"): tiles are drawn or named instead.
NOTATION_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:[0-9]+[mpsz])+(?![0-9A-Za-z])")
#: Tiles drawn in a sentence (tutor/templatetags/prose.py), their notation kept in data-tiles.
INLINE_TILES = re.compile(r'<span class="tiles-inline" data-tiles="([^"]*)">.*?</span>', re.S)


def prose(body: str) -> str:
    """The sentences of a step with the tiles drawn in them read back as notation."""
    return " ".join(html.unescape(TAG.sub(" ", INLINE_TILES.sub(r"\1", body))).split())


def parse_steps(page: str) -> list[dict[str, Any]]:
    """Each rendered step: kind, its data-* attributes, the tiles it names, lit count, text."""
    steps = []
    for kind, attrs, body in ARTICLE.findall(page):
        data = dict(ATTR.findall(attrs))
        named = re.search(r'data-step-tiles="([^"]*)"', body)
        steps.append(
            {
                "kind": kind,
                "data": data,
                "named": named.group(1).split() if named else [],
                "block_tiles": re.findall(r'<span class="block-tiles">(.*?)</span>', body, re.S),
                "lit": body.count('data-lit="1"'),
                "text": " ".join(html.unescape(TAG.sub(" ", body)).split()),
                "prose": prose(body),
                "body": body,
            }
        )
    return steps


def explain_url(request: dict[str, Any], **extra: object) -> str:
    query = request_query(request)
    if extra:
        query += "&" + urlencode(extra)
    return "/tutor/explain?" + query


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_every_example_walkthrough_matches_the_engine(client, example):
    result = score_request(example["request"])
    assert result["ok"]
    response = client.get(explain_url(example["request"], view="all"))
    assert response.status_code == 200
    steps = parse_steps(response.content.decode())
    assert len(steps) == len(result["steps"]) + 1  # + the rule-sensitivity summary
    assert [s["kind"] for s in steps[:-1]] == [s["step"] for s in result["steps"]]

    # Fu items sum to the unrounded fu, which rounds to the result's fu.
    fu_steps = [s for s in steps if s["kind"] == "fu"]
    total = next(s for s in steps if s["kind"] == "fu_total")
    raw = sum(int(s["data"]["fu"]) for s in fu_steps)
    assert raw == int(total["data"]["raw"])
    assert raw == sum(item["fu"] for item in result["fu_items"])
    assert int(total["data"]["fu"]) == result["fu"]
    assert str(raw) in total["text"]

    # Han, payments and the total are the result's numbers.
    han = next(s for s in steps if s["kind"] == "han_total")
    assert int(han["data"]["han"]) == result["han"]
    yaku_han = {s["data"]["yaku"]: int(s["data"]["han"]) for s in steps if s["kind"] == "yaku"}
    assert yaku_han == {
        y["id"]: y["han"] for y in result["yaku"] if y["id"] not in ("dora", "ura_dora", "aka_dora")
    }
    amounts = [int(s["data"]["amount"]) for s in steps if s["kind"] == "payment"]
    assert amounts == [s["amount"] for s in result["steps"] if s["step"] == "payment"]
    last = next(s for s in steps if s["kind"] == "total")
    assert int(last["data"]["total"]) == result["payments"]["total"]
    assert (
        f"{result['payments']['total']:,}" in last["text"]
        or str(result["payments"]["total"]) in last["text"]
    )

    # Every step about tiles names them and lights them in the drawn hand.
    for shown, step in zip(steps, result["steps"], strict=False):
        tiles = step["tiles"]
        if not tiles or step["step"] == "hand":
            continue
        if step["step"] == "reading":
            named = " ".join(shown["block_tiles"])
            assert all(f'data-tile="{t}"' in named for t in tiles)
        else:
            assert shown["named"] == tiles, step
        # Unused ura indicators lie outside the hand: named, not lit.
        outside = step["step"] == "dora" and step["id"] == "ura_dora" and "indicator" not in step
        assert shown["lit"] == (0 if outside else len(tiles)), (step, shown["lit"])


def test_under_aotenjou_the_total_is_grouped_and_in_myriad_units(client):
    example = next(e for e in EXAMPLES if e["id"] == "aotenjou-1")
    result = score_request(example["request"])
    page = client.get(explain_url(example["request"], view="all")).content.decode()
    total = result["payments"]["total"]
    assert f"{total:,}" in page
    assert "483億1838万2100" in page  # seed 003's figure, myriad units
    assert 'data-testid="myriad"' in page


def test_tenpane_is_named_when_the_two_fu_items_push_over_a_ten(client):
    example = next(e for e in EXAMPLES if e["id"] == "seed001-ittsu")
    steps = parse_steps(client.get(explain_url(example["request"], view="all")).content.decode())
    total = next(s for s in steps if s["kind"] == "fu_total")
    assert "tenpane" in total["text"]
    assert "32" in total["text"]
    assert "40" in total["text"]
    assert "glossary#tenpane" in total["body"]
    # an ordinary round-up to 30 is not called tenpane (seeds 000 and 002)
    basic = next(e for e in EXAMPLES if e["id"] == "wiki-basic")
    steps = parse_steps(client.get(explain_url(basic["request"], view="all")).content.decode())
    total = next(s for s in steps if s["kind"] == "fu_total")
    assert "24" in total["text"]
    assert "tenpane" not in total["text"].lower()
    assert "glossary#tenpane" not in total["body"]


def test_dora_step_shows_indicator_and_dora_tiles(client):
    example = next(e for e in EXAMPLES if e["id"] == "wiki-baiman")
    steps = parse_steps(client.get(explain_url(example["request"], view="all")).content.decode())
    dora = next(s for s in steps if s["kind"] == "dora" and s["data"].get("dora-count") == "3")
    assert 'data-tile="1m"' in dora["body"]
    assert 'data-tile="2m"' in dora["body"]
    # The indicator is not itself a dora: said by naming both tiles in one sentence.
    assert "The indicator is 1 of characters, so the dora is 2 of characters" in dora["text"]
    assert dora["lit"] == 3


def test_alternative_readings_are_listed_with_their_value(client):
    request = {"hand": "111222333m55p78s", "win": "9s", "riichi": True}
    result = score_request(request)
    reading = next(s for s in result["steps"] if s["step"] == "reading")
    assert reading["alternatives"], "this hand reads as triplets or as sequences"
    steps = parse_steps(client.get(explain_url(request, view="all")).content.decode())
    shown = next(s for s in steps if s["kind"] == "reading")
    assert "Other readings" in shown["text"]
    assert "kouten" in shown["body"]
    for alt in reading["alternatives"]:
        assert f"{alt['total']:,}" in shown["text"] or str(alt["total"]) in shown["text"]


# ----------------------------------------------------------------------------- rule sensitivity

DOUBLE_EAST = {
    "hand": "222m456p789p13s11z",
    "win": "2s",
    "tsumo": True,
    "seat": "1z",
    "round": "1z",
    "riichi": True,
}


def test_double_wind_pair_sensitivity_is_reported():
    walk = build({**DOUBLE_EAST, "rules": "tenhou"})
    assert walk.result["fu"] == 40
    texts = [s.text for s in walk.sensitivity if s.switch == "double_wind_fu"]
    assert texts == [
        "With a 2-fu double-wind pair, this hand would be 30 fu, not 40; 3,000 points, not 3,900."
    ]
    fu_total = next(s for s in walk.steps if s.kind == "fu_total")
    assert any("2-fu double-wind pair" in n.text for n in fu_total.notes)
    # and the other way round under a 2-fu preset
    walk = build({**DOUBLE_EAST, "rules": "mleague"})
    assert [s.text for s in walk.sensitivity if s.switch == "double_wind_fu"] == [
        "With a 4-fu double-wind pair, this hand would be 40 fu, not 30; 3,900 points, not 3,000."
    ]


def test_kiriage_and_pinfu_tsumo_sensitivity():
    basic = next(e for e in EXAMPLES if e["id"] == "wiki-basic")["request"]
    walk = build(basic)
    kiriage = [s for s in walk.sensitivity if s.switch == "kiriage"]
    assert [s.text for s in kiriage] == [
        "With kiriage mangan, this hand would be a mangan; 12,000 points, not 11,700."
    ]
    limit = next(s for s in walk.steps if s.kind == "limit")
    assert any(n.kind == "rule" and "kiriage" in n.text for n in limit.notes)
    pinfu = next(e for e in EXAMPLES if e["id"] == "wiki-pinfu")["request"]
    texts = [s.text for s in build(pinfu).sensitivity if s.switch == "pinfu_tsumo"]
    assert texts == [
        "Where pinfu cannot be won by tsumo, this hand would be 30 fu, not 20; 3 han, not 4; "
        "4,000 points, not 5,200."
    ]


def test_chiitoitsu_and_red_five_sensitivity():
    chiitoi = next(e for e in EXAMPLES if e["id"] == "wiki-chiitoi")["request"]
    texts = [s.text for s in build(chiitoi).sensitivity if s.switch == "chiitoitsu_fu"]
    assert texts
    assert texts[0].startswith("With Kansai chiitoitsu (50 fu, 1 han), this hand would be 50 fu")
    red = next(e for e in EXAMPLES if e["id"] == "aotenjou-2-standard")["request"]
    texts = [s.text for s in build(red).sensitivity if s.switch == "red_fives"]
    assert texts == [
        "Without red fives, this hand would be 7 han, not 8; haneman, not baiman; "
        "18,000 points, not 24,000."
    ]


def test_sensitivity_links_walk_through_the_flipped_rules(client):
    page = client.get(explain_url({**DOUBLE_EAST, "rules": "tenhou"}, view="all")).content.decode()
    link = re.search(r'href="(/tutor/explain\?[^"]*double_wind_fu[^"]*)"', page)
    assert link
    flipped = client.get(html.unescape(link.group(1)))
    assert flipped.status_code == 200
    assert '<span data-testid="fu">30 fu</span>' in flipped.content.decode()


def test_a_hand_no_switch_changes_says_so(client):
    request = {"hand": "666z777z12p99p[5=55z]", "win": "3p", "seat": "2z"}
    walk = build(request)
    assert walk.result["yakuman"] == 1
    assert walk.steps[-1].kind == "rules"
    assert [n.text for n in walk.steps[-1].notes] == [
        "No rule switch would change the score of this hand."
    ]


# ----------------------------------------------------------------------------- views


def test_step_mode_full_page_and_fragment(client):
    request = next(e for e in EXAMPLES if e["id"] == "wiki-basic")["request"]
    full = client.get(explain_url(request, step=3))
    page = full.content.decode()
    assert full.status_code == 200
    assert "<html" in page
    assert 'id="step-region"' in page
    steps = parse_steps(page)
    assert len(steps) == 1
    assert steps[0]["kind"] == "wait"
    assert 'data-nav="next"' in page
    assert "step=4" in page
    assert "step=2" in page
    fragment = client.get(explain_url(request, step=3), headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert fragment.status_code == 200
    assert "<html" not in body
    assert "site-header" not in body
    assert body.lstrip().startswith('<section id="step-region"')
    assert [s["kind"] for s in parse_steps(body)] == ["wait"]
    assert parse_steps(body)[0]["lit"] == 3


def test_step_numbers_are_clamped(client):
    request = next(e for e in EXAMPLES if e["id"] == "wiki-basic")["request"]
    count = len(page_steps(build(request)))
    for step, expected in (("0", 1), ("-4", 1), ("abc", 1), ("999", count)):
        page = client.get(explain_url(request, step=step)).content.decode()
        assert f'data-step="{expected}"' in page
    last = client.get(explain_url(request, step=count)).content.decode()
    assert 'data-nav="next"' not in last


def test_presentation_mode_full_page_and_fragment(client):
    request = next(e for e in EXAMPLES if e["id"] == "wiki-basic")["request"]
    page = client.get(explain_url(request, step=2, present=1)).content.decode()
    assert 'class="tutor presenting"' in page
    assert 'data-nav="exit"' in page
    assert "data-fullscreen" in page
    next_link = re.search(r'data-nav="next" rel="next" href="([^"]*)"', page)
    assert next_link
    assert "present=1" in next_link.group(1)
    fragment = client.get(
        explain_url(request, step=2, present=1), headers={"HX-Request": "true"}
    ).content.decode()
    assert "<html" not in fragment
    assert 'data-nav="exit"' in fragment


def test_all_steps_view_full_page(client):
    request = next(e for e in EXAMPLES if e["id"] == "wiki-open")["request"]
    page = client.get(explain_url(request, view="all")).content.decode()
    assert 'data-testid="all-steps"' in page
    assert 'id="step-region"' not in page
    # htmx asking for the all-steps view still gets a whole page (no step partial)
    again = client.get(explain_url(request, view="all"), headers={"HX-Request": "true"})
    assert 'data-testid="all-steps"' in again.content.decode()


@pytest.mark.parametrize(
    ("query", "field", "code"),
    [
        ({"hand": "123m", "win": "1m"}, "hand", "invalid_tiles"),
        ({"hand": "123m456p789s11z2", "win": "5z"}, "hand", "invalid_notation"),
        ({"hand": "123m456p789s11z23s"}, "win", "invalid_notation"),
        ({"hand": "123m456p789s11z23s", "win": "7s"}, "hand", "not_winning"),
        ({"hand": "123m456p789s11z23s", "win": "4s", "rules": "nope"}, "rules", "invalid_rules"),
        ({"hand": "123m456p789s11z23s", "win": "4s", "rules": "{bad"}, "rules", "invalid_rules"),
        ({"hand": "123m456p789s11z23s", "win": "4s", "seat": "9z"}, "seat", None),
    ],
)
def test_bad_input_shows_the_engine_message_by_its_field(client, query, field, code):
    result = score_request(query if query.get("rules") != "{bad" else {**query, "rules": "{bad"})
    response = client.get("/tutor/explain?" + urlencode(query))
    assert response.status_code == 200
    page = response.content.decode()
    assert not result["ok"]
    if code:
        assert result["error"]["code"] == code
    assert result["error"]["field"] == field
    error = re.search(rf'data-error-for="{field}">(.*?)</p>', page, re.S)
    assert error, page
    # The engine's error as the pages say it: one sentence per code and field (scorer.errors).
    assert html.unescape(error.group(1)).strip() == page_message(result["error"])
    assert 'data-testid="picker-link" href="/?' in page or 'href="/?' in page
    fragment = client.get("/tutor/explain?" + urlencode(query), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert f'data-error-for="{field}"' in fragment.content.decode()


def test_error_without_a_field_is_shown_at_the_top(client):
    query = {"hand": "123m456p789s11z23s", "win": "4s"}
    result = score_request(query)
    assert result["error"]["code"] == "no_yaku"
    page = client.get("/tutor/explain?" + urlencode(query)).content.decode()
    assert 'data-testid="error"' in page
    if result["error"]["field"] is None:
        assert html.escape(page_message(result["error"])) in page
    else:
        assert f'data-error-for="{result["error"]["field"]}"' in page


def test_index_links_walkthroughs_and_lessons(client):
    page = client.get("/tutor/").content.decode()
    assert "/tutor/explain?" in page
    assert "/tutor/lessons/fu" in page
    assert "/tutor/tables" in page
    assert "/tutor/glossary" in page
