"""In a real browser, an answer that cannot be read is refused beside its box and the typed
text stays in it, in an assignment (htmx swaps the 400 region in) and in the review's quiz; the
mended answer then counts."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_classroom import DESKTOP, PHONE, PROBLEMS
from tests.browser.test_classroom import new_page as classroom_page

SHOTS = Path(os.environ.get("TENBO_SHOTS") or "/tmp/shots/answers")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    # caret="initial": hiding the caret would inject a style (a CSP violation on these pages)
    page.screenshot(
        path=str(SHOTS / f"{name}-{size['width']}.png"), full_page=True, caret="initial"
    )


@pytest.fixture
def new_page() -> Iterator[Callable[..., Any]]:
    """test_classroom's pages (console errors and CSP violations recorded in its PROBLEMS),
    closed after the test. The only console errors allowed are the refusals' own 400s; the
    list is left empty for the classroom tests that share it."""
    pages: list[Any] = []

    def make(*args: Any) -> Any:
        page = classroom_page(*args)
        pages.append(page)
        return page

    PROBLEMS.clear()
    yield make
    for page in pages:
        page.context.close()
    # Chromium's "status of 400" and htmx's own "Response Status Error Code 400" for each
    refused = ("status of 400", "Status Error Code 400")
    unexpected = [p for p in PROBLEMS if not any(r in p for r in refused)]
    PROBLEMS.clear()
    assert unexpected == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_assignment_keeps_an_unreadable_answer_beside_its_box(
    browser: Any, live_server: Any, viewport: dict[str, int], new_page: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    from tests.classroom.conftest import teacher_client
    from tutor.accounts.models import Learner
    from tutor.classroom import assignments
    from tutor.classroom.models import Assignment, AssignmentAnswer, Classroom

    base = live_server.url
    teacher = teacher_client("sensei")
    teacher.post("/tutor/class/new", {"name": "Riichi club", "rules": "tenhou"})
    classroom = Classroom.objects.get()
    filters = {"han_min": "1", "han_max": "4", "fu_min": "20", "fu_max": "110", "dealer": "any"}
    data = {"title": "Table warm-up", "kind": "table", "count": "2", "win": "ron", **filters}
    assert teacher.post(f"/tutor/class/{classroom.pk}/assign", data).status_code == 302
    a = Assignment.objects.get()
    phone = new_page(browser, base, viewport)
    phone.goto(f"{base}/tutor/class/join/{classroom.code}/")
    phone.fill("#id_display_name", "Aki")
    phone.click("#join-button")
    phone.wait_for_selector("text=You are in this class as Aki")
    phone.goto(f"{base}/tutor/class/{classroom.pk}/a/{a.pk}/")
    box = phone.locator("form.quiz-form input[type=text]").first
    box.fill("12,000 ２")
    phone.click("#check")
    error = phone.locator("form.quiz-form .field-error").first
    expect(error).to_contain_text("Type")
    expect(box).to_have_value("12,000 ２")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert not AssignmentAnswer.objects.exists()
    shot(phone, "assignment-refused")
    # mended, in full-width digits, it is read and counts
    learner = Learner.objects.get(memberships__classroom=classroom)
    number = assignments.next_number(a, learner)
    assert number is not None
    q = assignments.question(a, number)
    wide = str.maketrans("0123456789,", "０１２３４５６７８９，")
    for f in q.fields:
        phone.fill(f"#q-{f.name}", f"{int(q.expected[f.name]):,}".translate(wide))
    phone.click("#check")
    expect(phone.locator(".quiz-feedback")).to_contain_text("Right!")
    assert AssignmentAnswer.objects.get().correct


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_review_quiz_keeps_an_unreadable_answer_beside_its_box(
    browser: Any, live_server: Any, viewport: dict[str, int], new_page: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    from tutor.quiz.models import Answer

    base = live_server.url
    page = new_page(browser, base, viewport)
    page.goto(f"{base}/tutor/review/")
    page.get_by_test_id("sample").click()
    page.wait_for_url("**/tutor/review/*/")
    page.goto(page.url + "quiz/")
    form = page.get_by_test_id("quiz-form")
    boxes = form.locator("input[inputmode=numeric]")
    for i in range(boxes.count()):
        boxes.nth(i).fill("30")
    boxes.last.fill("abc")
    form.get_by_role("button").click()
    expect(page.locator("#quiz-answer .field-error")).to_be_visible()
    expect(page.get_by_test_id("quiz-form").locator("input[inputmode=numeric]").last).to_have_value(
        "abc"
    )
    assert not Answer.objects.exists()
    shot(page, "review-refused")


@pytest.mark.django_db(transaction=True)
def test_the_placement_check_ends_on_its_own_page_not_inside_the_question(
    browser: Any, live_server: Any, new_page: Callable[..., Any]
) -> None:
    from playwright.sync_api import expect

    from tutor.path import checks

    base = live_server.url
    page = new_page(browser, base, PHONE)
    page.goto(f"{base}/tutor/path/placement/")
    _unit, q = checks.placement_question(0)
    # the first question right: the next one is swapped in, its address in the URL bar
    for f in q.fields:
        want = q.expected[f.name]
        if f.choices:
            for value in want if isinstance(want, list) else [want]:
                page.locator(f"input[name=a_{f.name}][value='{value}']").check()
        else:
            page.fill(f"#q-{f.name}", str(want))
    page.locator("#placement form button[type=submit]").click()
    expect(page.locator("#placement .quiz-count")).to_contain_text("Question 2 of")
    page.wait_for_url("**/placement/?n=1")
    # a miss ends it: the result page itself, one header, no page nested in the region
    _unit, q2 = checks.placement_question(1)
    for f in q2.fields:
        if not f.choices:
            page.fill(f"#q-{f.name}", "1")
    page.locator("#placement form button[type=submit]").click()
    page.wait_for_url("**/placement/?result=1")
    expect(page.get_by_test_id("placed")).to_be_visible()
    assert page.locator(".site-header").count() == 1
    assert page.locator("#placement").count() == 0
    shot(page, "placement-result")
