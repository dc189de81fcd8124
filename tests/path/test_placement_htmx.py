"""The placement check answered through htmx: the next question is swapped into its region (its
address pushed), the result page is reached by the browser itself (HX-Redirect), never a whole
page nested inside the question's region; an answer that cannot be read is said beside its box,
the typed text kept, nothing stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.path.pathhelp import form
from tutor.path import checks
from tutor.quiz.models import Answer

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true", "HX-Target": "placement"}
URL = "/tutor/path/placement/answer"


def test_a_right_answer_swaps_in_the_next_question(client: Client) -> None:
    _u, q = checks.placement_question(0)
    response = client.post(URL, {"n": 0, **form(q, True)}, headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="placement"')
    assert "<html" not in html
    assert "Question 2 of" in html
    assert response["HX-Push-Url"] == "/tutor/path/placement/?n=1"
    assert Answer.objects.count() == 1


def test_the_end_sends_the_browser_to_the_result_page(client: Client) -> None:
    _u, q = checks.placement_question(0)
    response = client.post(URL, {"n": 0, **form(q, False)}, headers=HX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/tutor/path/placement/?result=1"
    assert "<html" not in response.content.decode()
    # without htmx, the plain redirect as before
    _u, q = checks.placement_question(0)
    plain = client.post(URL, {"n": 0, **form(q, False)})
    assert plain["Location"].endswith("?result=1")


def typed_question() -> tuple[int, str]:
    """The first placement question with a box to type a number in, and that box."""
    for n in range(len(checks.placement_plan())):
        _u, q = checks.placement_question(n)
        for f in q.fields:
            if f.numeric and not f.choices:
                return n, f"a_{f.name}"
    raise AssertionError("no typed question in the placement check")


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "fragment"])
@pytest.mark.parametrize("ja", [False, True], ids=["en", "ja"])
def test_an_unreadable_answer_is_said_beside_its_box(client: Client, htmx: bool, ja: bool) -> None:
    n, box = typed_question()
    _u, q = checks.placement_question(n)
    data = {"n": n, **form(q, True), box: "12,000 ２"}
    headers = {**(HX if htmx else {}), **({"Accept-Language": "ja"} if ja else {})}
    response = client.post(("/ja" if ja else "") + URL, data, headers=headers)
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="placement"') if htmx else "<html" in html
    error = re.search(rf'data-error-for="{box}">([^<]+)<', html)
    assert error is not None
    assert bool(re.search(r"[ぁ-んァ-ン一-龯]", error.group(1))) == ja
    assert 'value="12,000 ２"' in html
    assert not Answer.objects.exists()
