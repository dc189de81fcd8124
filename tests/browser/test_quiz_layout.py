"""The quiz's feedback and answers where a learner can see and tap them (issue 22 item 12,
issue 20 item 13): the score table under the feedback scrolls to the answer's cell, choices
are 44 px tall on a phone, the answer table's headings never break inside a word."""

from __future__ import annotations

import pytest

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

CELL_IN_VIEW = """() => {
  const frame = document.querySelector('.quiz-feedback .table-scroll');
  const cell = frame.querySelector('td.hl');
  const label = cell.parentElement.firstElementChild.getBoundingClientRect();
  const box = frame.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  return {start: label.right, end: box.left + frame.clientWidth, left: rect.left,
          right: rect.right, text: cell.textContent};
}"""

ONE_LINE = """el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""


def _answer_wrongly(page, url):
    page.goto(page.base + url)
    for field in page.locator(".quiz-form input[type=text]").all():
        field.fill("1")
    page.locator(".quiz-submit").click()
    page.locator(".quiz-feedback").wait_for()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(
    "query",
    ["fu=110&dealer=dealer", "fu=110&dealer=non&win=tsumo", "fu=20&dealer=dealer", "fu=70"],
)
def test_the_answer_cell_is_scrolled_into_view(browser, live_server, size, query):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base = live_server.url
    try:
        _answer_wrongly(page, f"/tutor/quiz/table/?han=2&{query}")
        page.wait_for_timeout(100)
        seen = page.evaluate(CELL_IN_VIEW)
        assert seen["left"] >= seen["start"] - 1, seen
        assert seen["right"] <= seen["end"] + 1, seen
    finally:
        context.close()


def test_choices_are_44px_tall_on_a_phone(browser, live_server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        for url in ("/tutor/quiz/fu/?mode=choice", "/tutor/quiz/table/?mode=choice"):
            page.goto(live_server.url + url)
            labels = page.locator("fieldset.quiz-field label")
            assert labels.count() >= 3
            for label in labels.all():
                box = label.bounding_box()
                assert box["height"] >= 44, (url, label.inner_text(), box)
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_answer_table_headings_break_in_no_word_on_a_phone(browser, live_server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.base = live_server.url
    try:
        for prefix in ("/ja", ""):
            _answer_wrongly(page, prefix + "/tutor/quiz/table/?han=2&fu=110&dealer=dealer")
            # (The first column's heading is for screen readers only: a 1 px box.)
            for th in page.locator(".quiz-answers thead th:not(:has(.sr-only))").all():
                assert th.evaluate(ONE_LINE) <= 1, th.inner_text()
            # A figure is never broken either ("360/0"), and the table fits the phone.
            for td in page.locator(".quiz-answers td").all():
                assert td.evaluate(ONE_LINE) <= 1, td.inner_text()
            box = page.locator(".quiz-answers").bounding_box()
            assert box["x"] + box["width"] <= PHONE["width"], box
    finally:
        context.close()
