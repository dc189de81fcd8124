"""Yakuman in the walkthrough and the picker's score card (issue 11, item 2): the header and the
card say "Yakuman" (not "13 han · 30 fu"), the fu steps say fu do not matter, kokushi's groups
are labelled for what they are, and no internal id (``kokushi_13``) reaches a sentence."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlencode

import pytest

from scorer.engine import score_request
from tests.walkthrough.test_walkthrough import explain_url, parse_steps

#: One hand for every yakuman id of API.md (each scores exactly that yakuman).
YAKUMAN_HANDS: dict[str, dict[str, object]] = {
    "kokushi": {"hand": "19m19p19s1234566z", "win": "7z", "seat": "2z"},
    "kokushi_13": {"hand": "19m19p19s1234567z", "win": "1m", "seat": "2z"},
    "suuankou": {"hand": "111m222p333s44z55z", "win": "5z", "seat": "2z", "tsumo": True},
    "suuankou_tanki": {"hand": "111m222p333s444z5z", "win": "5z", "seat": "2z", "tsumo": True},
    "daisangen": {"hand": "555z666z777z12m99p", "win": "3m", "seat": "2z"},
    "shousuushii": {"hand": "111z222z333z44z23m", "win": "4m", "seat": "2z"},
    "daisuushii": {"hand": "222z333z444z5m[1=111z]", "win": "5m", "seat": "2z"},
    "tsuuiisou": {"hand": "111z222z555z66z77z", "win": "7z", "seat": "2z"},
    "chinroutou": {"hand": "111m999m111p99p99s", "win": "9s", "seat": "2z"},
    "ryuuiisou": {"hand": "234s234s66s88s666z", "win": "6s", "seat": "2z"},
    "chuuren": {"hand": "1112345679999m", "win": "8m", "seat": "2z"},
    "junsei_chuuren": {"hand": "1112345678999m", "win": "5m", "seat": "2z"},
    "suukantsu": {"hand": "1z(1111m)(2222p)(3333s)[4=444z]", "win": "1z", "seat": "2z"},
    "tenhou": {
        "hand": "123m456p789s11z23s",
        "win": "4s",
        "seat": "1z",
        "tsumo": True,
        "tenhou": True,
    },
    "chiihou": {
        "hand": "123m456p789s11z23s",
        "win": "4s",
        "seat": "2z",
        "tsumo": True,
        "chiihou": True,
    },
}
TAG = re.compile(r"<[^>]+>")
#: An internal id: lower-case words joined by underscores (kokushi_13, suuankou_tanki, ...).
INTERNAL_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def visible(fragment: str) -> str:
    """The text a reader sees (tags and their attributes dropped)."""
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


def summary(page: str) -> str:
    match = re.search(r'<p class="walk-summary">(.*?)</p>', page, re.S)
    assert match, "no walkthrough header"
    return visible(match.group(1))


@pytest.mark.parametrize("yaku", sorted(YAKUMAN_HANDS))
def test_every_yakuman_hand_is_checked_here(yaku):
    result = score_request(YAKUMAN_HANDS[yaku])
    assert result["ok"], result
    assert [y["id"] for y in result["yaku"]] == [yaku]
    assert result["limit"] == "yakuman"


@pytest.mark.parametrize("yaku", sorted(YAKUMAN_HANDS))
def test_yakuman_walkthrough_header_says_yakuman_not_han_and_fu(client, yaku):
    page = client.get(explain_url(YAKUMAN_HANDS[yaku], view="all")).content.decode()
    head = summary(page)
    assert head.startswith("Yakuman ·"), head
    assert " han" not in head
    assert " fu" not in head
    assert '<span data-testid="limit">Yakuman</span>' in page
    # Step mode (and its htmx fragment's full page) has the same header.
    step_page = client.get(explain_url(YAKUMAN_HANDS[yaku], step=1)).content.decode()
    assert summary(step_page) == head


@pytest.mark.parametrize("yaku", sorted(YAKUMAN_HANDS))
def test_yakuman_walkthrough_has_no_internal_ids_in_its_sentences(client, yaku):
    page = client.get(explain_url(YAKUMAN_HANDS[yaku], view="all")).content.decode()
    main = page[page.index("<main") :]
    text = visible(main)
    assert not INTERNAL_ID.findall(text), INTERNAL_ID.findall(text)


@pytest.mark.parametrize("yaku", sorted(YAKUMAN_HANDS))
def test_yakuman_fu_steps_say_fu_do_not_matter(client, yaku):
    steps = parse_steps(client.get(explain_url(YAKUMAN_HANDS[yaku], view="all")).content.decode())
    first_fu = next(s for s in steps if s["kind"] == "fu")
    total = next(s for s in steps if s["kind"] == "fu_total")
    for step in (first_fu, total):
        assert "Fu do not matter for a yakuman" in step["text"], step["text"]
    limit = next(s for s in steps if s["kind"] == "limit")
    assert "13 han" not in limit["text"]
    assert "fixed amount" in limit["text"]
    han = next(s for s in steps if s["kind"] == "han_total")
    assert "13 han" not in han["text"]
    assert "1 yakuman" in han["text"]
    yaku_step = next(s for s in steps if s["kind"] == "yaku")
    assert ": yakuman" in yaku_step["text"]


def test_kokushi_groups_are_a_pair_and_the_singles(client):
    for yaku in ("kokushi", "kokushi_13"):
        page = client.get(explain_url(YAKUMAN_HANDS[yaku], view="all")).content.decode()
        reading = next(s for s in parse_steps(page) if s["kind"] == "reading")
        labels = re.findall(r'<span class="block-label">([^<]*)</span>', reading["body"])
        assert labels == ["pair", "one each of the other terminals and honours"], labels
        # The two groups still hold all fourteen tiles.
        assert sum(group.count("data-tile=") for group in reading["block_tiles"]) == 14


def test_kokushi_wait_is_named_in_words(client):
    steps = parse_steps(
        client.get(explain_url(YAKUMAN_HANDS["kokushi_13"], view="all")).content.decode()
    )
    wait = next(s for s in steps if s["kind"] == "wait")
    assert "thirteen-sided kokushi wait" in wait["text"]
    assert "kokushi_13" not in wait["text"]
    single = parse_steps(
        client.get(explain_url(YAKUMAN_HANDS["kokushi"], view="all")).content.decode()
    )
    assert "single-tile kokushi wait" in next(s for s in single if s["kind"] == "wait")["text"]


def test_double_yakuman_is_named_as_such(client):
    request = {**YAKUMAN_HANDS["kokushi_13"], "rules": '{"preset":"tenhou","double_yakuman":true}'}
    page = client.get("/tutor/explain?" + urlencode({**request, "view": "all"})).content.decode()
    assert summary(page).startswith("Double yakuman ·")
    steps = parse_steps(page)
    assert ": double yakuman" in next(s for s in steps if s["kind"] == "yaku")["text"]
    assert "2 yakuman" in next(s for s in steps if s["kind"] == "han_total")["text"]


def test_aotenjou_yakuman_counted_as_han_keeps_han_and_fu(client):
    """Under aotenjou with yakuman as 13 han there is no limit: han and fu are the score."""
    rules = {"preset": "aotenjou", "aotenjou_yakuman": "13han"}
    request = {**YAKUMAN_HANDS["daisangen"], "rules": json.dumps(rules)}
    result = score_request({**request, "rules": rules})
    assert result["limit"] is None
    page = client.get("/tutor/explain?" + urlencode({**request, "view": "all"})).content.decode()
    assert f"{result['han']} han" in summary(page)
    assert "Fu do not matter" not in page


# ----------------------------------------------------------------------------- the picker card


def picker(client, request: dict[str, object]) -> str:
    fields = {k: ("1" if v is True else v) for k, v in request.items()}
    response = client.get("/?" + urlencode(fields), headers={"HX-Request": "true"})
    return str(response.content.decode())


def headline(page: str) -> str:
    match = re.search(r'<p class="headline">(.*?)</p>', page, re.S)
    assert match
    return match.group(1)


@pytest.mark.parametrize("yaku", sorted(YAKUMAN_HANDS))
def test_picker_card_shows_yakuman_once_and_no_han_or_fu(client, yaku):
    page = picker(client, YAKUMAN_HANDS[yaku])
    result = score_request(YAKUMAN_HANDS[yaku])
    head = headline(page)
    # The hooks stay (API.md), but out of sight: the card shows the yakuman, not 13 han 30 fu.
    hidden = r'<span class="stat" hidden>.*?</span>[^<]*</span>'
    shown = visible(re.sub(hidden, "", head, flags=re.S))
    # English pages show the limit's kanji beside it (issue 13), outside the limit hook.
    assert shown == "Yakuman 役満", shown
    assert f'<span class="num" data-testid="han">{result["han"]}</span>' in head
    assert f'<span class="num" data-testid="fu">{result["fu"]}</span>' in head
    assert head.count("hidden") == 2
    assert '<span class="limit big" data-testid="limit">Yakuman</span>' in head
    row = re.search(rf'<li data-yaku="{yaku}">(.*?)</li>', page, re.S)
    assert row
    assert visible(row.group(1)).endswith("Yakuman")
    quick = re.search(r'<span class="quick"[^>]*>(.*?)</span>', page, re.S)
    assert quick
    assert "han" not in quick.group(1)
    assert "Fu do not matter for a yakuman" in page
    live = re.search(r'<div hx-swap-oob="innerHTML:#live">(.*?)</div>', page, re.S)
    assert live
    assert "han" not in live.group(1)


def test_picker_ordinary_hand_keeps_han_and_fu_visible(client):
    page = picker(client, {"hand": "234m234m456p55s68p", "win": "7p", "riichi": True})
    head = headline(page)
    assert "hidden" not in head
    assert (
        '<li data-yaku="riichi"><span>Riichi <span class="kanji" lang="ja">立直</span></span>'
        '<span class="n">1 han</span></li>'
    ) in page
    assert "Fu do not matter" not in page


# ----------------------------------------------------------------------------- sibling: the quiz


def test_quiz_never_shows_a_limit_id():
    from tutor import quiz

    row = quiz.make_question("table", 1, {"limits": "1", "item": "table:n:ron:13"})
    assert row.key == "table:n:ron:13"
    assert "kazoe yakuman (13 han)" in row.prompt
    texts = [row.prompt, *row.derivation]
    for seed in range(60):
        q = quiz.make_question("payments", seed, {})
        texts += [q.prompt, *q.derivation, *q.facts]
    assert any("kazoe yakuman" in t for t in texts)
    leaks = [t for t in texts if INTERNAL_ID.search(t)]
    assert leaks == []
