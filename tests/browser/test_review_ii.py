"""Review your games II in the browser (issue 30): a shared game tells no stranger "you" (4), the
hand as it was played steps by keys and by swipe (7), the quiz on my game runs my wins first and
ends with a summary (10), and on a phone nothing is off screen (14). Screenshots of the replay,
the standings and the phone layout (English and Japanese) go to /tmp/shots/review/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import LOGS

PAO = LOGS / "pao-tsumo.mjlog"
SHOTS = Path("/tmp/shots/review")

pytestmark = pytest.mark.django_db(transaction=True)


def sample(page, lang: str = "") -> str:
    """Import the bundled sample game; its page's URL."""
    page.goto(f"{page.base}{lang}/tutor/review/")
    page.click("[data-testid=sample]")
    page.wait_for_selector("[data-testid=summary]")
    return str(page.url)


def step_of(page) -> int:
    return int(page.locator("#board").get_attribute("data-step"))


def test_a_shared_game_shows_a_stranger_no_you(page, browser):
    page.goto(f"{page.base}/tutor/review/")
    page.set_input_files("#file", str(PAO))
    page.click("form[data-testid=import-form] button[type=submit]")
    page.wait_for_selector("[data-testid=summary]")
    page.check("input[name=seat][value='2']")
    page.click("[data-testid=seat-form] button[type=submit]")
    page.wait_for_selector("th.me")
    page.click("[data-testid=share]")
    url = page.locator("#share-url").input_value()
    assert "(you)" in page.content()
    stranger = browser.new_context(viewport={"width": 1280, "height": 800})
    other = stranger.new_page()
    other.goto(url)
    other.wait_for_selector("[data-testid=summary]")
    assert "(you)" not in other.content()
    assert other.locator("th.me, .win-mine, tr.me").count() == 0
    stranger.close()


def test_the_replay_steps_by_keys_and_swipes(page, browser):
    game = sample(page)
    page.click("[data-testid=share]")  # the phone below is another browser
    page.goto(game + "hands/3/")
    page.wait_for_selector("#board")
    assert step_of(page) == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#board[data-step='1']")
    assert "step=1" in page.url  # the step is in the address
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#board[data-step='2']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#board[data-step='1']")
    page.keyboard.press("End")
    last = page.locator("#board").get_attribute("data-last")
    page.wait_for_selector(f"#board[data-step='{last}']")
    assert page.locator("[data-testid=replay-end]").is_visible()
    page.keyboard.press("Home")
    page.wait_for_selector("#board[data-step='0']")
    page.goto(game + "hands/3/?step=20")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay-en-1280.png"), full_page=True)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    tab = phone.new_page()
    tab.goto(game + "hands/3/?step=20")
    tab.wait_for_selector("#board")
    assert tab.evaluate("document.scrollingElement.scrollWidth") <= 391

    def swipe(dx: int) -> None:
        tab.evaluate(
            """(dx) => {
              const board = document.querySelector('#board');
              const at = (x) => new Touch({identifier: 1, target: board, clientX: x, clientY: 400});
              board.dispatchEvent(new TouchEvent('touchstart',
                {bubbles: true, touches: [at(200)], changedTouches: [at(200)]}));
              board.dispatchEvent(new TouchEvent('touchend',
                {bubbles: true, touches: [], changedTouches: [at(200 + dx)]}));
            }""",
            dx,
        )

    swipe(-120)  # left: on
    tab.wait_for_selector("#board[data-step='21']")
    swipe(120)  # right: back
    tab.wait_for_selector("#board[data-step='20']")
    tab.screenshot(path=str(SHOTS / "replay-en-390.png"), full_page=True)
    tab.goto(game.replace("/tutor/", "/ja/tutor/") + "hands/3/?step=999")
    tab.screenshot(path=str(SHOTS / "replay-end-ja-390.png"), full_page=True)
    phone.close()


def test_quiz_me_on_my_game_then_the_summary(page):
    page.goto(f"{page.base}/tutor/review/")
    page.set_input_files("#file", str(PAO))
    page.click("form[data-testid=import-form] button[type=submit]")
    page.wait_for_selector("[data-testid=summary]")
    page.check("input[name=seat][value='2']")  # tacos: won win 5
    page.click("[data-testid=seat-form] button[type=submit]")
    page.wait_for_selector("th.me")
    page.click("[data-testid=quiz]")
    page.wait_for_selector("[data-testid=quiz-form]")
    assert "/quiz/5/" in page.url  # my win first
    assert "your win" in page.locator("[data-testid=quiz-progress]").inner_text()
    answered = 0
    while True:
        for name in ("fu", "han", "points"):
            if page.locator(f"#q-{name}").count():
                page.fill(f"#q-{name}", "1")
        page.click("[data-testid=quiz-form] button[type=submit]")
        page.wait_for_selector("[data-testid=verdict]")
        answered += 1
        if page.locator("[data-testid=next]").count():
            page.click("[data-testid=next]")
            page.wait_for_selector("[data-testid=quiz-form]")
            continue
        page.click("[data-testid=summary-link]")
        break
    page.wait_for_selector("[data-testid=quiz-summary]")
    summary = page.locator("[data-testid=quiz-summary]")
    assert summary.get_attribute("data-asked") == str(answered) == "5"
    assert summary.get_attribute("data-missed") == "5"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "quiz-summary-en-1280.png"), full_page=True)
    page.click("[data-testid=retry-missed]")
    page.wait_for_selector("[data-testid=quiz-form]")
    assert "missed=1" in page.url


@pytest.mark.parametrize("lang", ["", "/ja"])
def test_on_a_phone_every_hand_and_its_end_is_in_view(page, lang: str):
    page.set_viewport_size({"width": 390, "height": 844})
    sample(page, lang)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 391
    ended = page.locator("[data-testid=hands] td.ended").first
    ended.scroll_into_view_if_needed()
    box = ended.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    link = page.locator("[data-testid=hands] td.ended a").first
    box = link.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 390
    compare = page.locator("#win-1 table.compare")
    compare.scroll_into_view_if_needed()
    box = compare.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 390
    tag = (lang.strip("/") or "en") + "-390"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("[data-testid=standings]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"standings-{tag}.png"))
    page.locator("[data-testid=hands]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hands-{tag}.png"))
    compare.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"win-{tag}.png"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_new_review_pages_reach_4_5_to_1(browser, live_server, scheme):
    """The replay, the standings, the quiz summary and the import page's new parts: every text
    at 4.5:1 or better (axe), light and dark."""
    from tests.browser.test_contrast import violations

    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    page.base = live_server.url
    try:
        game = sample(page).removeprefix(live_server.url)
        page.click("input[name=seat][value='2']")
        page.click("[data-testid=seat-form] button[type=submit]")
        page.wait_for_selector("th.me")
        found = {}
        for url in (
            "/tutor/review/",
            game,
            game + "hands/3/?step=20",
            game + "hands/3/?step=999",
            game + "quiz/summary",
        ):
            bad = violations(page, url)
            if bad:
                found[url] = bad[:4]
    finally:
        context.close()
    assert not found, "\n".join(f"{url}\n  " + "\n  ".join(bad) for url, bad in found.items())
