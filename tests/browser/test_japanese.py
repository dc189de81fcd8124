"""The Japanese edition in a real browser (locale ja-JP): the first visit lands on /ja/, a hand
built on the picker, its walkthrough, a quiz answer; then the header switcher back to English.
Screenshots at 1280x800 and 390x844 go to /work/shots/i18n/ when that folder exists."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

SHOTS = Path("/work/shots/i18n")
HAND = ["2m", "3m", "4m", "2m", "3m", "4m", "4p", "5p", "6p", "5s", "5s", "6p", "8p", "7p"]


def wait_idle(page, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while page.evaluate("document.querySelector('.htmx-request') !== null"):
        assert time.monotonic() < deadline, "htmx request still in flight"
        page.wait_for_timeout(20)


def shoot(page, name: str) -> None:
    if not SHOTS.is_dir():
        return
    for width, height, size in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.django_db(transaction=True)
def test_japanese_picker_walkthrough_quiz_and_switch_back(browser, live_server) -> None:
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    base = live_server.url
    try:
        # A Japanese browser's first visit is redirected to the Japanese picker.
        page.goto(base + "/")
        page.wait_for_url(base + "/ja/")
        assert page.evaluate("document.documentElement.lang") == "ja"
        for code in HAND:
            with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
                page.locator(f'button[data-tile="{code}"]').click()
            wait_idle(page)
        page.wait_for_function(
            "() => { const t = document.querySelector('[data-testid=total]');"
            " return t && t.textContent.trim().length > 0; }"
        )
        # No seat chosen: the dealer's win (docs/API.md, the seat default is 1z for every page).
        assert page.get_by_test_id("total").text_content() == "3900"
        assert page.url.startswith(base + "/ja/?"), page.url  # htmx kept the prefix
        shoot(page, "picker-ja")

        # Its walkthrough, in Japanese.
        page.locator('a[href^="/ja/tutor/explain"]').first.click()
        page.wait_for_url("**/ja/tutor/explain?*")
        assert page.evaluate("document.documentElement.lang") == "ja"
        next_link = page.locator('a[data-nav="next"]')
        with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
            next_link.click()
        wait_idle(page)
        assert "/ja/tutor/explain?" in page.url  # the pushed URL keeps /ja/
        shoot(page, "walkthrough-ja")

        # A quiz question, answered (wrongly), and its feedback.
        page.goto(base + "/ja/tutor/quiz/table/?seed=5")
        page.locator(".quiz-form input[type=text]").first.fill("1")
        for extra in page.locator(".quiz-form input[type=text]").all()[1:]:
            extra.fill("1")
        page.locator(".quiz-form input[type=text]").first.press("Enter")
        page.locator(".quiz-feedback").wait_for()
        # Once htmx has settled the swap: its afterSettle handler moves the focus into the quiz
        # (quiz.js), which would otherwise race the switcher's focus below.
        page.wait_for_function(
            "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
        )
        assert "/ja/" in page.url
        shoot(page, "quiz-ja")

        # The header switcher, by keyboard: English, without /ja/, and it stays English.
        switch = page.locator('.lang-switch button[value="en"]')
        assert switch.inner_text() == "English"
        switch.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(base + "/tutor/quiz/table/?seed=5")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.locator(".site-header nav a", has_text="Learn").click()
        page.wait_for_url(base + "/tutor/")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.goto(base + "/")  # the unprefixed picker: no redirect any more (the cookie)
        assert page.url == base + "/"
        assert page.locator('.lang-switch button[value="ja"]').inner_text() == "日本語"
        shoot(page, "picker-en-after-switch")
    finally:
        context.close()
