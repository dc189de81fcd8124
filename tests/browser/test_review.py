"""Review a game in the browser: upload a record, choose a seat (htmx), open a win's
walkthrough; screenshots of the game page (English and Japanese, desktop and phone) go to
/tmp/shots/review/ to be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import LOGS

RECORD = LOGS / "pao-tsumo.mjlog"
SHOTS = Path("/tmp/shots/review")

pytestmark = pytest.mark.django_db(transaction=True)


def import_game(page, lang: str = "") -> None:
    page.goto(f"{page.base}{lang}/tutor/review/")
    page.set_input_files("#file", str(RECORD))
    page.click("form[data-testid=import-form] button[type=submit]")
    page.wait_for_selector("[data-testid=summary]")


def test_upload_choose_seat_open_walkthrough(page):
    import_game(page)
    summary = page.locator("[data-testid=summary]")
    assert summary.get_attribute("data-wins") == "5"
    assert summary.get_attribute("data-agree") == "5"
    page.check("input[name=seat][value='2']")
    page.click("[data-testid=seat-form] button[type=submit]")
    page.wait_for_selector("th.me")
    assert "(you)" in page.locator("th.me").inner_text()
    assert page.locator(".win-mine").count() == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "game-en-1280.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "game-en-390.png"), full_page=False)
    page.locator("#win-5").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "win5-en-390.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#win-5 [data-testid=explain]").click()
    page.wait_for_url("**/tutor/explain?**")
    assert "pao=2z" in page.url


def test_japanese_game_page(page):
    import_game(page, "/ja")
    assert "どの席でしたか" in page.content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "game-ja-1280.png"), full_page=False)
    page.locator("#win-5").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "win5-ja-1280.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "game-ja-390.png"), full_page=False)


def test_quiz_me_on_this_game(page):
    import_game(page)
    page.click("[data-testid=quiz]")
    page.wait_for_selector("[data-testid=quiz-form]")
    page.fill("#q-points", "12000")
    page.fill("#q-fu", "30") if page.locator("#q-fu").count() else None
    page.fill("#q-han", "5")  # a dealer's mangan by tsumo: 5 han (no fu asked at a limit)
    page.click("[data-testid=quiz-form] button[type=submit]")
    verdict = page.wait_for_selector("[data-testid=verdict]")
    assert verdict.get_attribute("data-correct") == "1"
    assert "/quiz/1/" in page.url  # answered in place (htmx), no reload
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "quiz-en-1280.png"), full_page=False)
    page.click("[data-testid=next]")
    page.wait_for_selector("[data-testid=quiz-form]")


def test_a_paste_longer_than_a_form_field_imports_as_a_file(page):
    """Form fields stop at 64 kB (DATA_UPLOAD_MAX_MEMORY_SIZE; a longer body is refused whole),
    file uploads do not: review.js sends a longer paste as a file, so it imports."""
    text = RECORD.read_text()
    root_end = text.index(">") + 1
    # The same record with a long comment inside it: over 64 kB, still the same game.
    long_text = text[:root_end] + "<!--" + "x" * 70_000 + "-->" + text[root_end:]
    page.goto(f"{page.base}/tutor/review/")
    page.fill("#record", long_text)
    page.click("form[data-testid=import-form] button[type=submit]")
    page.wait_for_selector("[data-testid=summary]")
    assert page.locator("[data-testid=summary]").get_attribute("data-wins") == "5"
    # A short paste still travels as the field, and a bad one is answered beside it.
    page.goto(f"{page.base}/tutor/review/")
    page.fill("#record", "<mjloggm>")
    page.click("form[data-testid=import-form] button[type=submit]")
    page.wait_for_selector("#err-record")
    assert page.locator("#record").input_value() == "<mjloggm>"
