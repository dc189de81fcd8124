"""A 10-question table quiz answered with the keyboard only; the heatmap reflects it."""

from __future__ import annotations

import re

import pytest

from tutor import quiz
from tutor.quiz.cells import parse_table_key

SET = 3
WRONG = {4, 7}  # questions answered wrongly on purpose


@pytest.mark.django_db(transaction=True)
def test_table_quiz_by_keyboard_and_heatmap(page):
    page.goto(page.base + f"/tutor/quiz/table/?set={SET}&n=0")
    boxes: dict[str, int] = {}
    cells: dict[str, str] = {}
    for n in range(quiz.SET_LENGTH):
        q = quiz.make_question("table", quiz.set_seed(SET, n), {})
        page.wait_for_selector(f"text=Question {n + 1} of 10")
        first = page.locator(".quiz-form input[type=text]").first
        # An arrow function is compiled once; a bare expression is re-evaluated as a string on
        # every poll, which the pages' CSP (no unsafe-eval) refuses.
        page.wait_for_function("() => document.activeElement && document.activeElement.name")
        assert page.evaluate("document.activeElement.name") == first.get_attribute("name")
        for i, f in enumerate(q.fields):
            if i:
                page.keyboard.press("Tab")
            value = q.expected[f.name] + (100 if n in WRONG else 0)
            page.keyboard.type(str(value))
        page.keyboard.press("Enter")
        feedback = page.locator(".quiz-feedback")
        feedback.wait_for()
        assert ("Not quite." if n in WRONG else "Right!") in feedback.inner_text()
        dealer, _win, han, fu = parse_table_key(q.key)
        cell = f"{'d' if dealer else 'n'}:{han}:{fu}"
        # An item asked again in the set moves up one more box (or back to 0 when missed);
        # a cell shows the lowest level of its ron and tsumo items.
        boxes[q.key] = 0 if n in WRONG else boxes.get(q.key, 0) + 1
        cells[q.key] = cell
        page.wait_for_function("() => document.activeElement.classList.contains('quiz-next')")
        page.keyboard.press("Enter")
    expected_levels: dict[str, int] = {}
    for key, box in boxes.items():
        cell = cells[key]
        expected_levels[cell] = min(box, expected_levels.get(cell, box))
    page.wait_for_url("**/tutor/quiz/progress/")
    heat = page.locator("#heatmap")
    heat.wait_for()
    assert page.locator("#stat-answers").inner_text() == "10"
    for cell, level in expected_levels.items():
        classes = heat.locator(f'td[data-cell="{cell}"]').get_attribute("class") or ""
        assert f"lvl-{level}" in classes.split(), (cell, classes)
    assert heat.locator("td.lvl-none").count() > 50
    # The ron / tsumo switch swaps the heatmap in place (htmx) and keeps the URL in sync.
    page.get_by_role("link", name="Tsumo", exact=True).click()
    page.wait_for_url("**/progress/?win=tsumo*")
    assert heat.locator('#heat-win a[aria-current="true"]').inner_text() == "Tsumo"
    # The table switch beside it keeps the four-player table, and then shows the sanma one.
    assert heat.locator('#heat-players a[aria-current="true"]').inner_text() == "Four players"
    page.get_by_role("link", name="Three players (sanma)").click()
    page.wait_for_url("**/progress/?win=tsumo&rules=tenhou_sanma")
    assert heat.locator('#heat-win a[aria-current="true"]').inner_text() == "Tsumo"
    assert heat.locator("td.lvl-none").count() == heat.locator("td[data-cell]").count()


@pytest.mark.django_db(transaction=True)
def test_timed_question_counts_down_and_submits_itself(page):
    from tutor.models import Answer

    page.goto(page.base + "/tutor/quiz/table/?set=2&n=0&timed=3")
    timer = page.locator(".quiz-timer")
    assert timer.inner_text() == "3s"
    # A selector, not wait_for_function: the page's CSP forbids the eval it polls with.
    page.locator(".quiz-timer", has_text=re.compile(r"^1s$")).wait_for()
    assert "late" in (timer.get_attribute("class") or "")
    # Nothing typed: when the time is up the form is sent as it is, and marked wrong; the
    # feedback says that time ran out, not "Not quite" (issue 19 item 2).
    feedback = page.locator(".quiz-feedback")
    feedback.wait_for(timeout=5000)
    assert "Time ran out." in feedback.inner_text()
    assert "Not quite." not in feedback.inner_text()
    assert not Answer.objects.get().correct
    assert page.locator(".quiz-timer").count() == 0
    assert Answer.objects.count() == 1
    assert "timed=3" in (page.locator("a.quiz-next").get_attribute("href") or "")


@pytest.mark.django_db(transaction=True)
def test_a_refused_answer_posted_through_htmx_shows_its_message_beside_the_field(page):
    """An answer the server refuses (too long: the box's maxlength is taken off, as a script or
    an old page could) comes back as a 400 with the form and the message beside the field; htmx
    swaps it in (its default swaps no 4xx, so the learner saw nothing)."""
    from tutor.models import Answer

    page.goto(page.base + "/tutor/quiz/table/?seed=42")
    box = page.locator(".quiz-form input[type=text]").first
    name = box.get_attribute("name")
    box.evaluate("el => el.removeAttribute('maxlength')")
    box.fill("9" * 41)
    with page.expect_response(lambda r: "/answer/" in r.url) as posted:
        box.press("Enter")
    response = posted.value
    assert response.status == 400
    assert response.request.headers.get("hx-request") == "true"  # swapped by htmx, not loaded
    error = page.locator(f'.field-error[data-error-for="{name}"]')
    error.wait_for()
    assert "at most 40 characters" in error.inner_text()
    assert page.locator(f'input[name="{name}"]').get_attribute("aria-invalid") == "true"
    assert page.locator("h1").count() == 1  # the fragment replaced #quiz, no page inside it
    assert page.locator(".quiz-feedback").count() == 0
    assert Answer.objects.count() == 0
    # The same form, answered within bounds, is checked and stored.
    box = page.locator(f'input[name="{name}"]')
    box.fill("1000")
    box.press("Enter")
    page.locator(".quiz-feedback").wait_for()
    assert Answer.objects.count() == 1
