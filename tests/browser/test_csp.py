"""Content-Security-Policy: every page, and the interactions that swap parts of it, run under
the self-only policy without one violation (no inline script, handler or style attribute)."""

from __future__ import annotations

import pytest

from tutor import quiz

#: Records every violation the browser reports, from the first byte of each document.
RECORDER = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' '
                    + (e.sourceFile || '') + ':' + e.lineNumber + ' ' + (e.sample || ''));
});
"""

PAGES = [
    "/",
    "/?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&index=1",
    "/tutor/",
    "/tutor/explain?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1",
    "/tutor/explain?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&view=all",
    "/tutor/explain?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&present=1",
    "/tutor/lessons/",
    "/tutor/glossary",
    "/tutor/tables",
    "/tutor/quiz/",
    "/tutor/quiz/progress/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password-reset/",
]


@pytest.fixture
def watched(page):
    """The page with the violation recorder, and console messages about the policy."""
    messages: list[str] = []
    page.add_init_script(RECORDER)
    page.on(
        "console",
        lambda msg: messages.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.csp_console = messages
    return page


def violations(page) -> list[str]:
    return [*page.evaluate("window.__csp"), *page.csp_console]


@pytest.mark.django_db(transaction=True)
def test_no_page_violates_the_policy(watched) -> None:
    lessons = []
    for path in PAGES:
        response = watched.goto(watched.base + path)
        assert response is not None
        assert response.status < 400, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        watched.wait_for_load_state("load")
        assert violations(watched) == [], path
        if path == "/tutor/lessons/":
            lessons = watched.eval_on_selector_all(
                "main a[href^='/tutor/lessons/']", "els => els.map(e => e.getAttribute('href'))"
            )
    assert lessons, "the course lists its lessons"
    for href in lessons[:3]:
        watched.goto(watched.base + href)
        watched.wait_for_load_state("load")
        assert violations(watched) == [], href


@pytest.mark.django_db(transaction=True)
def test_interactions_and_swaps_violate_nothing(watched) -> None:
    page = watched
    # Picker: htmx swaps of the hand, palette, score and a meld.
    page.goto(page.base + "/")
    for code in ["2m", "3m", "4m", "2m", "3m", "4m", "4p", "5p", "6p", "5s", "5s", "6p", "8p"]:
        with page.expect_response(lambda r: "add=" in r.url):
            page.click(f"#pal-{code}")
    page.wait_for_selector("text=Ready")
    with page.expect_response(lambda r: "add=" in r.url):
        page.click("#pal-7p")
    page.wait_for_selector(".score-card")
    assert violations(page) == []
    # Tables: the print button has a listener, not an inline handler.
    page.goto(page.base + "/tutor/tables")
    assert page.locator("[data-print]").get_attribute("onclick") is None
    page.select_option("#rules-select", "mleague")
    page.wait_for_load_state("networkidle")
    # Walkthrough: step through with the keyboard (htmx swaps of the step region).
    page.goto(page.base + "/tutor/explain?hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_load_state("networkidle")
    assert violations(page) == []
    # Quiz: a question and its answer (a POST swapped in by htmx).
    q = quiz.make_question("table", quiz.set_seed(5, 0), {})
    page.goto(page.base + "/tutor/quiz/table/?set=5&n=0")
    for i, f in enumerate(q.fields):
        page.locator(".quiz-form input[type=text]").nth(i).fill(str(q.expected[f.name]))
    page.keyboard.press("Enter")
    page.locator(".quiz-feedback").wait_for()
    assert violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_classroom_pages_violate_nothing(watched) -> None:
    """The teacher's pages, the projector with its histogram (once a bar per answer value, now a
    <progress>), the revealed walkthrough, and a student's phone page."""
    from tests.classroom.conftest import join_by_name, teacher_client
    from tutor.classroom.models import Classroom, LiveQuestion

    page = watched
    teacher = teacher_client("sensei")
    teacher.post("/tutor/class/new", {"name": "CSP club", "rules": "tenhou"})
    classroom = Classroom.objects.get()
    pk = classroom.pk
    student = join_by_name(classroom, "Aki")
    hand = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"
    teacher.post("/tutor/class/live/new", {"from": hand, "classroom": pk})
    question = LiveQuestion.objects.get()  # the answer names the question it answers
    sent = student.post(
        f"/tutor/class/{pk}/live/answer", {"question": question.pk, "a_points": "2600"}
    )
    assert sent.status_code == 302
    page.context.add_cookies(
        [{"name": "sessionid", "value": teacher.cookies["sessionid"].value, "url": page.base}]
    )
    for path in ("/tutor/class/", f"/tutor/class/{pk}/", f"/tutor/class/{pk}/live/"):
        response = page.goto(page.base + path)
        assert response is not None
        assert response.status == 200, path
        page.wait_for_load_state("load")
        assert violations(page) == [], path
    assert page.locator("progress.bar-track").count() == 1
    page.click("#reveal")
    page.wait_for_load_state("load")
    assert violations(page) == []
    page.context.clear_cookies()
    page.context.add_cookies(
        [{"name": "sessionid", "value": student.cookies["sessionid"].value, "url": page.base}]
    )
    page.goto(page.base + f"/tutor/class/{pk}/live/play")
    page.wait_for_load_state("load")
    assert violations(page) == []
