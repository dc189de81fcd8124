"""Concise by default (issue 28, "Both: fewer words, tiles not codes, one order"): the walkthrough
opens on a summary (the hand drawn, the figure, the payment, the fu items and the yaku) with the
steps below it; the fu items and their sum are one step; the total hook holds the total alone,
the shares beside it; and no sentence on the walkthrough, save or review pages shows a tile
code: the tiles are drawn (or named)."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorer.engine import score_request
from tests.conftest import LOGS, load_examples
from tests.walkthrough.test_walkthrough import NOTATION_TOKEN, explain_url, parse_steps, prose
from tutor.walkthrough.display import FU_GROUP, page_steps
from tutor.walkthrough.steps import build

#: A plain 30 fu 2 han ron: riichi and pinfu, a non-dealer (2,000 points).
PLAIN = {"hand": "123m567m345p66s78s", "win": "6s", "riichi": True, "seat": "2z"}
#: A 30 fu 2 han tsumo (riichi, menzen tsumo; a kanchan): 500/1,000, or 1,000 all for the dealer.
TSUMO = {"hand": "123m567m345p66s68s", "win": "7s", "riichi": True, "seat": "2z", "tsumo": True}
PINFU_TSUMO = {
    "hand": "234m567m345p66s78s",
    "win": "6s",
    "riichi": True,
    "seat": "2z",
    "tsumo": True,
}
CHIITOITSU = {"hand": "1155m3399p22446s", "win": "6s", "riichi": True, "seat": "2z"}
YAKUMAN = {"hand": "555z666z777z12m99p", "win": "3m", "seat": "2z"}
OPEN = {"hand": "234m567m66s78s[3-45p]", "win": "6s", "seat": "2z"}
HANDS: dict[str, dict[str, Any]] = {
    "plain": PLAIN,
    "pinfu tsumo": PINFU_TSUMO,
    "chiitoitsu": CHIITOITSU,
    "yakuman": YAKUMAN,
    "open": OPEN,
}
TAG = re.compile(r"<[^>]+>")
SUMMARY = re.compile(r'<section class="walk-card" data-testid="summary"[^>]*>(.*?)</section>', re.S)
FU_GROUP_SECTION = re.compile(
    r'<section class="step step-group step-fu-group"([^>]*)>(.*?)</section>', re.S
)


def visible(fragment: str) -> str:
    """What a reader sees: no tags, no attributes, no scripts or styles."""
    fragment = re.sub(r"<(script|style|textarea)[^>]*>.*?</\1>", " ", fragment, flags=re.S)
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


def main(page: str) -> str:
    return page[page.index("<main") : page.index("</main>")]


def test_the_hands_are_what_their_names_say():
    plain = score_request(PLAIN)
    assert (plain["fu"], plain["han"], plain["payments"]["total"]) == (30, 2, 2000)
    assert score_request(PINFU_TSUMO)["fu"] == 20
    assert [y["id"] for y in score_request(CHIITOITSU)["yaku"]][:2] == ["riichi", "chiitoitsu"]
    assert score_request(YAKUMAN)["yakuman"] == 1
    assert "[" in str(score_request(OPEN)["hand"])


# ----------------------------------------------------------------------------- the summary


@pytest.mark.parametrize("language", ["", "/ja"])
def test_the_walkthrough_opens_on_a_summary_then_the_steps(client, language):
    page = client.get(language + explain_url(PLAIN)).content.decode()
    card = SUMMARY.search(page)
    assert card, "no summary"
    body = card.group(1)
    # The hand drawn: thirteen tiles and the winning tile, nothing lit.
    assert body.count("data-tile=") == 14
    assert 'data-lit="1"' not in body
    # The figure, the payment, every fu item and every yaku, with their numbers.
    assert 'data-testid="figure"' in body
    assert 'data-testid="total"' in body
    words = visible(body)
    if language:
        assert "30符2飜" in words.replace(" ", "")
        assert "2000点" in words
        assert "副底 20" in words
        assert "門前加符" in words or "門前ロン" in words
        assert "立直 1飜" in words
        assert "平和 1飜" in words
    else:
        assert "30 fu 2 han" in words
        assert "2,000 points" in words
        assert "Base fu (futei) 20" in words
        assert "Closed ron (menzen kafu) 10" in words
        assert "Riichi 立直 1 han" in words
        assert "Pinfu 平和 1 han" in words
    # The steps follow, from the first.
    assert page.index('data-testid="summary"') < page.index('id="step-region"')
    assert 'data-step="1"' in page


def test_the_summary_says_yakuman_not_fu_for_a_yakuman(client):
    page = client.get(explain_url(YAKUMAN)).content.decode()
    card = SUMMARY.search(page)
    assert card
    words = visible(card.group(1))
    assert "Daisangen" in words
    assert "yakuman" in words
    assert "Base fu" not in words  # fu do not matter: not summed on the summary
    assert " han" not in words


def test_the_title_shows_no_notation(client):
    page = client.get(explain_url(PLAIN)).content.decode()
    title = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert title
    assert visible(title.group(1)) == "Walkthrough"


# ----------------------------------------------------------------------------- the total hook


@pytest.mark.parametrize(
    ("request_", "language", "total", "shares"),
    [
        (TSUMO, "", "2,000 points", "500/1,000"),
        (TSUMO, "/ja", "2000点", "500・1000"),
        ({**TSUMO, "seat": "1z"}, "", "3,000 points", "1,000 all"),
        ({**TSUMO, "seat": "1z"}, "/ja", "3000点", "1000オール"),
        (PLAIN, "", "2,000 points", None),
        (PLAIN, "/ja", "2000点", None),
    ],
)
def test_the_total_hook_holds_the_total_alone(client, request_, language, total, shares):
    result = score_request(request_)
    assert result["payments"]["total"] == int(re.sub(r"\D", "", total))
    for view in ({}, {"view": "all"}, {"step": 3}):
        page = client.get(language + explain_url(request_, **view)).content.decode()
        hook = re.search(r'<span data-testid="total">([^<]*)</span>', page)
        assert hook, page
        assert hook.group(1) == total
        shown = re.search(r'<span data-testid="shares">([^<]*)</span>', page)
        if shares is None:
            assert shown is None
        else:
            assert shown
            assert shown.group(1) == shares


def test_a_huge_total_keeps_its_hook_plain_and_its_myriad_units_beside():
    example = next(e for e in load_examples() if e["id"] == "aotenjou-1")
    from django.test import Client

    page = Client().get(explain_url(example["request"])).content.decode()
    total = score_request(example["request"])["payments"]["total"]
    assert f'<span data-testid="total">{total:,} points</span>' in page
    assert "483億1838万2100" in page


# ----------------------------------------------------------------------------- fu as one step


def test_the_fu_items_are_one_step_of_the_page():
    walk = build(PLAIN)
    steps = page_steps(build(PLAIN))
    kinds = [s.kind for s in steps]
    assert kinds.count(FU_GROUP) == 1
    assert "fu" not in kinds
    assert "fu_total" not in kinds
    group = steps[kinds.index(FU_GROUP)]
    items = [s for s in walk.steps if s.kind == "fu"]
    assert [c.kind for c in group.children] == ["fu"] * len(items) + ["fu_total"]
    assert len(steps) == len(walk.steps) - len(items)
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    assert all(c.number == group.number for c in group.children)
    # Shorter than one step per fu item.
    assert len(steps) < len(walk.steps), kinds


@pytest.mark.parametrize("name", sorted(HANDS))
def test_the_fu_step_shows_each_item_and_their_sum(client, name):
    request = HANDS[name]
    result = score_request(request)
    steps = page_steps(build(request))
    number = next(s.number for s in steps if s.kind == FU_GROUP)
    for headers in ({}, {"HX-Request": "true"}):
        page = client.get(explain_url(request, step=number), headers=headers).content.decode()
        found = FU_GROUP_SECTION.search(page)
        assert found, page
        attrs, body = found.groups()
        assert f'data-step-number="{number}"' in attrs
        assert f'data-fu="{result["fu"]}"' in attrs
        rows = re.findall(r'<tr data-fu-item="([^"]+)">(.*?)</tr>', body, re.S)
        assert [r[0] for r in rows] == [i["id"] for i in result["fu_items"]]
        assert [visible(r[1]).split("+")[-1] for r in rows] == [
            str(i["fu"]) for i in result["fu_items"]
        ]
        inside = parse_steps(body)
        assert [s["kind"] for s in inside] == ["fu"] * len(result["fu_items"]) + ["fu_total"]
        assert f"Step {number} of {len(steps)}" in page
        # Each item's sentence is there, on demand.
        assert re.search(r"<details class=\"fu-items\">", body)


# ----------------------------------------------------------------------------- no notation


def _pages_of_a_game(client) -> list[str]:
    record = (LOGS / "pao-tsumo.mjlog").read_bytes()
    upload = SimpleUploadedFile("game.mjlog", record, content_type="application/octet-stream")
    response = client.post("/tutor/review/import", {"file": upload})
    assert response.status_code == 302
    game = response["Location"]
    page = client.get(game).content.decode()
    links = sorted(set(re.findall(r'href="(/tutor/(?:review|explain)[^"]*)"', page)))
    urls = [game, *(html.unescape(link) for link in links)]
    urls = [u for u in urls if "hands/" in u or "quiz" in u or "/explain?" in u]
    assert any("/explain?" in u and "game=" in u for u in urls)
    return [game, *urls[:14]]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", "/ja"])
def test_no_sentence_shows_a_tile_code(client, language):
    """The walkthrough (every view, hands of every kind), the save page and a reviewed game's
    pages: tiles are drawn or named; notation stays in fields, URLs and attributes."""
    requests = [*HANDS.values(), *(e["request"] for e in load_examples()[:12])]
    urls = []
    for request in requests:
        urls += [explain_url(request), explain_url(request, view="all")]
        urls.append(explain_url(request, step=2, present=1))
    urls.append(
        "/tutor/collections/save?from="
        + quote(explain_url({"hand": "11m299p3355s1177z", "win": "2p"}))
    )
    urls.append("/tutor/collections/save?from=" + quote(explain_url(PLAIN)))
    urls += _pages_of_a_game(client)
    checked = 0
    for url in urls:
        response = client.get(language + url if url.startswith("/tutor") else url)
        assert response.status_code == 200, url
        text = visible(main(response.content.decode()))
        assert not NOTATION_TOKEN.search(text), (url, NOTATION_TOKEN.findall(text), text[:400])
        checked += 1
    assert checked >= 40


def test_the_tiles_drawn_in_a_sentence_are_its_tiles(client):
    page = client.get(explain_url(PLAIN, view="all")).content.decode()
    toitoi = next(
        s for s in parse_steps(page) if s["kind"] == "yaku_absent" and "Toitoi" in s["prose"]
    )
    # "123m is a sequence": drawn, named for screen readers, the notation only in data-tiles.
    assert "123m is a sequence" in toitoi["prose"]
    drawn = re.findall(
        r'<span class="tiles-inline" data-tiles="([^"]+)">(.*?)</span>', toitoi["body"]
    )
    assert [d[0] for d in drawn] == ["123m"]
    assert 'alt="1 of characters"' in drawn[0][1]
    assert drawn[0][1].count("<img") == 3


def test_a_kan_robbed_is_not_said_to_be_a_discard_under_the_drawn_hand(client):
    chankan = {"hand": "234m456p678s34s22z", "win": "5s", "chankan": True}
    for language, words in (("", "robbing a kan"), ("/ja", "槍槓")):
        page = client.get(language + explain_url(chankan, view="all")).content.decode()
        hand = next(s for s in parse_steps(page) if s["kind"] == "hand")
        assert words in hand["prose"], hand["prose"]
        assert "discard" not in hand["prose"]
        assert "捨て牌" not in hand["prose"]


@pytest.mark.parametrize(
    ("language", "hand_line", "lead"),
    [
        ("", "Won on 6s by ron (a discard).", "Four sets and a pair:"),
        ("/ja", "6sでロン和了。", "4面子1雀頭："),
    ],
)
def test_what_the_drawing_shows_is_not_said_again(client, language, hand_line, lead):
    """Under the drawn hand the hand step gives the winning tile and how, not the hand again;
    above the drawn sets and pair the reading step gives its lead, not the groups again."""
    page = client.get(language + explain_url(PLAIN, view="all")).content.decode()
    steps = {s["kind"]: s for s in parse_steps(page)}
    hand_text = re.search(r'<p class="step-text">(.*?)</p>', steps["hand"]["body"], re.S)
    assert hand_text
    assert visible(hand_text.group(1)) != ""
    assert " ".join(prose(hand_text.group(1)).split()) == hand_line
    reading = re.search(r'<p class="step-text">(.*?)</p>', steps["reading"]["body"], re.S)
    assert reading
    assert visible(reading.group(1)) == lead
    assert len(re.findall(r'<span class="block-tiles">', steps["reading"]["body"])) == 5


# ----------------------------------------------------------------------------- API.md's hooks


def _walkthrough_hooks() -> list[str]:
    """Each hook the walkthrough's table in docs/API.md section 11 promises."""
    from tests.site.test_docs import API_TEXT, section

    hooks = section(API_TEXT, "## 11.")
    table = hooks[hooks.index("**Walkthrough**") : hooks.index("**Course and tables**")]
    found = re.findall(r'`(data-testid="[a-z-]+"|data-[a-z-]+)(?:="[^"]*")?`', table)
    return sorted(set(found))


def test_every_hook_the_walkthrough_promises_is_on_its_pages(client):
    hooks = _walkthrough_hooks()
    assert 'data-testid="total"' in hooks
    assert 'data-testid="shares"' in hooks
    assert len(hooks) >= 20
    aotenjou = next(e for e in load_examples() if e["id"] == "aotenjou-1")["request"]
    pages = [
        client.get(explain_url(TSUMO)).content.decode(),
        client.get(explain_url(TSUMO, view="all")).content.decode(),
        client.get(explain_url(TSUMO, step=2, present=1)).content.decode(),
        client.get(explain_url(YAKUMAN)).content.decode(),
        client.get(explain_url(aotenjou, view="all")).content.decode(),
        client.get("/tutor/explain?hand=123m&win=1m").content.decode(),
        client.get("/tutor/explain?hand=123m456p789s11z23s&win=4s").content.decode(),
    ]
    text = "\n".join(pages)
    missing = [hook for hook in hooks if (hook if "=" in hook else hook + "=") not in text]
    assert missing == []
    assert 'data-kind="fu_group"' in text
    assert re.search(r'<span class="tiles-inline" data-tiles="[0-9mpsz]+">', text)
