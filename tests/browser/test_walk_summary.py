"""The walkthrough's summary on a phone (issue 28, "concise by default"): a plain 30 fu 2 han
hand's summary (the hand drawn, the figure, the payment, the fu items, the yaku) is whole on a
390×844 screen when the page opens, in both languages, and its hand is one row of tiles."""

from __future__ import annotations

import pytest

from tutor.walkthrough.steps import request_query

#: A plain 30 fu 2 han ron: riichi and pinfu, a non-dealer (2,000 points).
PLAIN = {"hand": "123m567m345p66s78s", "win": "6s", "riichi": True, "seat": "2z"}
#: A heavier summary: an open dealer's tsumo with five fu items, double east, dora, a mangan.
HEAVY = {
    "hand": "222m456p789p3s[1-11z]",
    "win": "3s",
    "tsumo": True,
    "seat": "1z",
    "round": "1z",
    "dora": "1m",
}
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("language", ["", "/ja"])
@pytest.mark.parametrize("hand", [PLAIN, HEAVY], ids=["plain", "heavy"])
def test_the_summary_fits_a_phone_screen(browser, live_server, language, hand):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}{language}/tutor/explain?{request_query(hand)}")
        summary = page.get_by_test_id("summary")
        box = summary.bounding_box()
        assert box is not None
        assert box["y"] >= 0
        assert box["y"] + box["height"] <= PHONE["height"], box
        assert box["x"] + box["width"] <= PHONE["width"], box
        assert summary.get_by_test_id("total").is_visible()
        # The hand is one row: every tile of the summary's hand on the first tile's line.
        tops = summary.locator(".hand img").evaluate_all(
            "tiles => tiles.map(t => Math.round(t.getBoundingClientRect().bottom))"
        )
        assert len(tops) >= 14
        assert max(tops) - min(tops) <= 4, tops
        # The steps come next, the first one right below.
        region = page.locator("#step-region").bounding_box()
        assert region is not None
        assert region["y"] >= box["y"] + box["height"]
    finally:
        context.close()
