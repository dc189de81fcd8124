"""The near-miss group (issue 11, item 11) in a real browser: one step in step mode and on the
projector, collapsed until asked, opened and closed by keyboard and by mouse."""

from __future__ import annotations

import re

from tutor.walkthrough.display import page_steps
from tutor.walkthrough.steps import NEAR_MISSES, build, request_query

PLAIN = {"hand": "234m567m345p66s78s", "win": "6s", "riichi": True, "seat": "2z"}
#: The steps as the page numbers them (the fu items are one step there).
STEPS = page_steps(build(PLAIN))
GROUP_STEP = next(s.number for s in STEPS if s.kind == NEAR_MISSES)
REASONS = len(next(s for s in STEPS if s.kind == NEAR_MISSES).children)


def _url(page, **extra: object) -> str:
    query = "&".join(f"{k}={v}" for k, v in extra.items())
    return f"{page.base}/tutor/explain?{request_query(PLAIN)}&{query}"


def _wait_step(page, number: int) -> None:
    page.wait_for_selector(f'#step-region[data-step="{number}"]')
    assert re.search(rf"[?&]step={number}(&|$)", page.url), page.url


def _is_open(page) -> bool:
    return bool(page.evaluate("document.querySelector('details.near-misses').open"))


def _wait_open(page, is_open: bool) -> None:
    """Wait on the attribute with a selector: the page's CSP forbids the eval that
    ``wait_for_function`` polls with."""
    selector = "details.near-misses[open]" if is_open else "details.near-misses:not([open])"
    page.locator(selector).wait_for(state="attached")


def _tab_to_summary(page) -> None:
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "SUMMARY":
            return
    raise AssertionError("the near-miss summary cannot be reached with Tab")


def test_step_mode_group_opens_by_keyboard_and_mouse(page):
    page.goto(_url(page, step=GROUP_STEP - 1))
    page.keyboard.press("ArrowRight")  # the group is one step, reached like any other
    _wait_step(page, GROUP_STEP)
    region = page.locator("#step-region")
    assert region.get_attribute("data-count") == str(len(STEPS))
    assert "Yaku this hand does not have, and why" in page.locator(".step-title").inner_text()
    reasons = page.locator(".near-miss-list article")
    assert reasons.count() == REASONS
    assert not _is_open(page)
    assert not reasons.first.is_visible()
    # Keyboard: Tab to the summary, Enter opens it, Space closes it; the step does not change.
    _tab_to_summary(page)
    page.keyboard.press("Enter")
    _wait_open(page, True)
    assert reasons.first.is_visible()
    assert reasons.nth(REASONS - 1).is_visible()
    page.keyboard.press(" ")
    _wait_open(page, False)
    assert region.get_attribute("data-step") == str(GROUP_STEP)
    # Mouse: a click on the summary opens it, and each reason lights its tiles.
    page.locator("details.near-misses > summary").click()
    _wait_open(page, True)
    sanshoku = page.locator('.near-miss-list article[data-absent="sanshoku"]')
    assert sanshoku.is_visible()
    assert "Not Sanshoku" in sanshoku.inner_text()
    page.locator("details.near-misses > summary").click()
    _wait_open(page, False)
    # The arrows still step on from here.
    page.keyboard.press("ArrowRight")
    _wait_step(page, GROUP_STEP + 1)


def test_presentation_mode_group_opens_by_keyboard_and_mouse(page):
    page.goto(_url(page, step=GROUP_STEP, present=1))
    assert "presenting" in (page.locator("body").get_attribute("class") or "")
    assert not _is_open(page)
    # Space on the summary opens the list (it does not advance the presentation) ...
    _tab_to_summary(page)
    page.keyboard.press(" ")
    _wait_open(page, True)
    page.wait_for_timeout(200)
    assert page.locator("#step-region").get_attribute("data-step") == str(GROUP_STEP)
    assert page.locator(".near-miss-list article").first.is_visible()
    # ... Enter closes it, and the bar stays usable.
    page.keyboard.press("Enter")
    _wait_open(page, False)
    page.locator("details.near-misses > summary").click()
    _wait_open(page, True)
    # Space elsewhere still advances the presentation.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press(" ")
    _wait_step(page, GROUP_STEP + 1)
    assert "present=1" in page.url
