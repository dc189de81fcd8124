"""The learner's path on a 390 x 844 phone (issue 27's acceptance): from / to the path in one
tap, the first unit's lesson, check and drills, the unit mastered and the next one open; the
next day / shows Today with the reviews due; a set's debrief links each slip to its lesson."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tutor import quiz
from tutor.path import checks
from tutor.path.units import BY_SLUG
from tutor.quiz import srs
from tutor.quiz.base import rules_of
from tutor.quiz.cells import parse_table_key, table_cell

PHONE = {"width": 390, "height": 844}
BASICS = BY_SLUG["basics"]


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.base = live_server.url
    yield page
    context.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url}: {width} px wide"


def answer_choices(page: Any, section: str, question: quiz.Question) -> None:
    """Tick the right choice of every field, then Check."""
    for f in question.fields:
        value = question.expected[f.name]
        values = value if isinstance(value, list) else [value]
        for v in values:
            page.locator(f'{section} input[name="a_{f.name}"][value="{v}"]').check()
    page.locator(f"{section} button[type=submit]").click()


@pytest.mark.django_db(transaction=True)
def test_a_new_learner_masters_unit_one_on_a_phone(phone: Any) -> None:
    page = phone
    start = srs.now()
    page.goto(page.base + "/")
    # One tap from the picker to the path.
    page.get_by_test_id("strip-path").click()
    page.wait_for_url("**/tutor/path/")
    no_sideways_scroll(page)
    assert page.locator('[data-unit="basics"]').get_attribute("data-status") == "not_started"
    page.get_by_test_id("continue").click()
    page.wait_for_url("**/tutor/lessons/how-scoring-works")
    page.get_by_test_id("mark-read").click()
    page.wait_for_url("**/tutor/path/basics/check/")
    # The check: real multiple-choice questions, scored on the server.
    for n in range(len(BASICS.check)):
        page.locator(f'#check[data-n="{n}"]').wait_for()
        answer_choices(page, "#check", checks.check_question(BASICS, n))
        page.locator("#check .quiz-feedback.right").wait_for()
        # The correct choice is marked in the list.
        assert page.locator("#check [data-testid=right-choice]").count() >= 1
        if n + 1 < len(BASICS.check):
            page.locator("#check .quiz-next").click()
    no_sideways_scroll(page)
    page.get_by_test_id("to-debrief").click()
    page.wait_for_url("**/check/debrief")
    assert page.get_by_test_id("check-verdict").inner_text().startswith("Check passed")
    # On to the drill: a set of ten on the quiz's own page.
    page.get_by_test_id("continue").click()
    page.wait_for_url("**/tutor/quiz/table/?*")
    query = {k: v[0] for k, v in parse_qs(urlsplit(page.url).query).items()}
    set_id = int(query.pop("set"))
    query.pop("n")
    for n in range(quiz.SET_LENGTH):
        q = quiz.make_question("table", quiz.set_seed(set_id, n), query)
        page.locator(".quiz-count", has_text=f"Question {n + 1} of 10").wait_for()
        answer_choices(page, "#quiz", q)
        page.locator("#quiz .quiz-feedback.right").wait_for()
        if n + 1 < quiz.SET_LENGTH:
            page.locator("#quiz a.quiz-next").click()
    # The set ends with its debrief: the unit is mastered.
    debrief = page.get_by_test_id("debrief")
    debrief.wait_for()
    assert "Unit 1 mastered: How scoring works." in debrief.inner_text()
    no_sideways_scroll(page)
    page.goto(page.base + "/tutor/path/")
    assert page.locator('[data-unit="basics"]').get_attribute("data-status") == "mastered"
    unit_two = page.locator('[data-unit="fu"]')
    assert "is-current" in (unit_two.get_attribute("class") or "")
    assert "Opens when" not in unit_two.inner_text()
    assert page.get_by_test_id("continue").get_attribute("href") == "/tutor/lessons/fu"
    # The next day: / shows Today's strip with the reviews due, and Today says how many.
    with srs.use_clock(lambda: start + timedelta(days=1, hours=2)):
        page.goto(page.base + "/")
        due = page.get_by_test_id("strip-due")
        assert re.fullmatch(r"\d+ reviews due \(~\d+ min\)", due.inner_text())
        no_sideways_scroll(page)
        page.get_by_role("link", name="Today", exact=True).first.click()
        page.wait_for_url("**/tutor/today/")
        count = int(page.get_by_test_id("due-count").inner_text())
        assert count >= 3
        assert "1 day in a row" in page.get_by_test_id("streak").inner_text()
        no_sideways_scroll(page)


def dealer_amount(q: quiz.Question) -> int:
    _dealer, _win, han, fu = parse_table_key(q.key)
    assert fu is not None
    return table_cell(fu, han, True, rules_of(q.options)).ron


@pytest.mark.django_db(transaction=True)
def test_a_sets_debrief_links_each_slip_to_its_lesson(phone: Any) -> None:
    page = phone
    options = {"dealer": "non", "win": "ron", "han": "2,3", "fu": "30,40"}
    set_id = 77
    query = "&".join(f"{k}={v}" for k, v in options.items())
    page.goto(page.base + f"/tutor/quiz/table/?{query}&set={set_id}&n=0")
    slipped = {1, 4}  # paid as if the winner were the dealer: the engine proves that slip
    for n in range(quiz.SET_LENGTH):
        q = quiz.make_question("table", quiz.set_seed(set_id, n), options)
        page.locator(".quiz-count", has_text=f"Question {n + 1} of 10").wait_for()
        value = dealer_amount(q) if n in slipped else q.expected["ron"]
        page.locator("#quiz input[name=a_ron]").fill(str(value))
        page.locator("#quiz button[type=submit]").click()
        page.locator("#quiz .quiz-feedback").wait_for()
        if n + 1 < quiz.SET_LENGTH:
            page.locator("#quiz a.quiz-next").click()
    debrief = page.get_by_test_id("debrief")
    debrief.wait_for()
    groups = debrief.locator(".debrief-group[data-topic]")
    assert groups.count() == 1
    assert groups.first.get_attribute("data-topic") == "dealer"
    assert "2 slips" in groups.first.inner_text()
    link = groups.first.get_by_test_id("slip-lesson")
    assert link.get_attribute("href") == "/tutor/lessons/how-scoring-works#p3"
    no_sideways_scroll(page)
    link.click()
    page.wait_for_url("**/tutor/lessons/how-scoring-works#p3")
    assert "dealer" in page.locator("#p3").inner_text()
