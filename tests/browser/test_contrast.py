"""Contrast: every text on every page reaches 4.5:1 (large text too), light and dark.

axe-core (vendored in tests/browser/vendor, never served by the app) is injected into each
page and runs its ``color-contrast`` rule with the large-text threshold raised to 4.5.
"""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).with_name("vendor") / "axe.min.js"

PAGES = [
    "/",
    "/?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z",
    "/?hand=234m567p22s345s56p&win=7p&riichi=1&rules=mleague",
    "/?hand=123456m456p78s9p&win=9p",
    "/?hand=33333m",
    "/?hand=19m19p19s1234567z&win=1m",
    "/?mode=chi&hand=123m&win=4m",
    "/?index=1&hand=223344m45668p55s&win=7p&dora=9s&mode=dora",
    "/calc?han=4&fu=30&tsumo=1&honba=1&sticks=1",
    "/calc?han=x",
    "/tutor/",
    "/tutor/tables",
    "/tutor/quiz/",
    "/tutor/quiz/progress/",
    "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1",
    "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&view=all",
    "/tutor/explain?hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&present=1&step=3",
    "/tutor/explain?hand=2234m&win=7p",
    "/tutor/glossary",
    "/tutor/lessons/",
    "/tutor/lessons/fu",
    "/tutor/lessons/points",
    "/tutor/quiz/fu/",
    "/tutor/quiz/fu/?mode=choice",
    "/tutor/quiz/table/",
    "/tutor/quiz/yaku/",
    "/tutor/quiz/payments/",
    "/accounts/login/",
]

RUN = """async () => {
  axe.configure({checks: [{id: 'color-contrast', options: {contrastRatio: {
      normal: {expected: 4.5}, large: {expected: 4.5}}}}]});
  const result = await axe.run(document, {runOnly: ['color-contrast']});
  return result.violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ': ' +
      (n.any[0] ? n.any[0].message : n.failureSummary)));
}"""


def violations(page, url):
    page.goto(page.base + url)
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_reaches_4_5_to_1(browser, live_server, scheme):
    # bypass_csp: the pages forbid inline scripts (rightly); axe is the test's, not the page's.
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    page.base = live_server.url
    found = {}
    try:
        for url in PAGES:
            bad = violations(page, url)
            if bad:
                found[url] = bad[:4]
    finally:
        context.close()
    assert not found, "\n".join(f"{url}\n  " + "\n  ".join(bad) for url, bad in found.items())


def test_the_axe_script_is_not_served_by_the_app(client):
    assert client.get("/static/axe.min.js").status_code == 404
    assert "axe" not in client.get("/").content.decode()
