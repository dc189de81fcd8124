"""Quiz pages: full pages and htmx fragments, answers checked on the server, scheduling."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.quiz.quizhelp import answer, post_answer, right_answers
from tutor import quiz
from tutor.models import Answer, ItemProgress
from tutor.quiz import srs

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock():
    c = Clock(T0)
    with srs.use_clock(c):
        yield c


def test_index_lists_every_kind(client):
    response = client.get("/tutor/quiz/")
    assert response.status_code == 200
    html = response.content.decode()
    for kind in quiz.KINDS:
        assert f"/tutor/quiz/{kind}/" in html
    assert 'name="limits"' in html
    assert 'name="rules"' in html


@pytest.mark.parametrize("kind", quiz.KINDS)
def test_question_full_page_and_fragment(client, kind):
    full = client.get(f"/tutor/quiz/{kind}/?seed=3")
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html
    assert 'id="quiz"' in html
    q = quiz.make_question(kind, 3, {})
    assert q.prompt in html
    part = client.get(f"/tutor/quiz/{kind}/?seed=3", headers=HX)
    assert part.status_code == 200
    frag = part.content.decode()
    assert "<html" not in frag
    assert frag.lstrip().startswith('<section id="quiz"')
    assert "seed=3" in part["HX-Push-Url"]


def test_typed_answers_use_a_numeric_keyboard(client):
    html = client.get("/tutor/quiz/table/?seed=1").content.decode()
    assert 'inputmode="numeric"' in html
    assert "autofocus" in html


def test_multiple_choice_mode_renders_radios(client):
    html = client.get("/tutor/quiz/table/?seed=1&mode=choice").content.decode()
    assert 'type="radio"' in html
    assert 'inputmode="numeric"' not in html


@pytest.mark.parametrize("htmx", [False, True])
def test_wrong_answer_shows_the_right_one_and_its_derivation(client, htmx):
    opts = {"item": quiz.table_key(False, "ron", 3, 40)}
    q, response = answer(client, "table", 1, opts, right=False, htmx=htmx)
    assert response.status_code == 200
    html = response.content.decode()
    assert ("<html" in html) is not htmx
    assert "Not quite." in html
    assert "5,200" in html  # the right answer, as the page writes numbers
    # × and the power of two worked out, numbers grouped (issue 19 item 8): no "x", no "^".
    assert "Base points = 40 × 2 to the power of (3 + 2) = 40 × 32 = 1,280." in html
    assert 'class="lvl-none hl"' in html or " hl" in html  # the highlighted cell
    assert 'aria-current="true"' in html
    item = ItemProgress.objects.get(key=q.key)
    assert (item.box, item.attempts, item.correct, item.last_correct) == (0, 1, 0, False)


@pytest.mark.parametrize("kind", quiz.KINDS)
def test_right_answer_is_accepted_for_every_kind(client, kind):
    q, response = answer(client, kind, 4, {}, right=True, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Right!" in html
    for line in q.derivation[:2]:
        assert line.split(" ")[0] in html
    assert Answer.objects.get().correct


def test_right_answer_moves_the_item_along_the_schedule(client, clock):
    opts = {"item": quiz.table_key(True, "tsumo", 2, 30)}
    q, _response = answer(client, "table", 1, opts, right=True)
    item = ItemProgress.objects.get(key=q.key)
    assert (item.box, item.due) == (1, T0 + srs.INTERVALS[1])
    clock.at = T0 + timedelta(hours=1)
    answer(client, "table", 2, opts, right=True)
    item.refresh_from_db()
    assert (item.box, item.due, item.streak) == (2, clock.at + srs.INTERVALS[2], 2)
    answer(client, "table", 3, opts, right=False)
    item.refresh_from_db()
    assert (item.box, item.due, item.streak, item.attempts) == (0, clock.at + srs.MISSED, 0, 3)


def _asked_key(response):
    """The item a practice page asked (its permalink carries the item)."""
    url = response["HX-Push-Url"]
    return next(p.split("=", 1)[1] for p in url.split("?")[1].split("&") if p.startswith("item="))


def test_a_missed_cell_comes_back_sooner(client, clock):
    filters = {"dealer": "non", "win": "ron", "han": "1", "fu": "30,40"}
    missed = quiz.table_key(False, "ron", 1, 30).replace(":", "%3A")
    known = quiz.table_key(False, "ron", 1, 40).replace(":", "%3A")
    answer(client, "table", 1, {**filters, "item": "table:n:ron:1:30"}, right=False)
    answer(client, "table", 2, {**filters, "item": "table:n:ron:1:40"}, right=True)
    query = "/tutor/quiz/table/?dealer=non&win=ron&han=1&fu=30,40"
    clock.at = T0 + timedelta(minutes=2)  # the miss is due, the right one is not
    assert _asked_key(client.get(query, headers=HX)) == missed
    clock.at = T0 + timedelta(minutes=30)  # both due: the lower box first
    assert _asked_key(client.get(query, headers=HX)) == missed
    answer(client, "table", 3, {**filters, "item": "table:n:ron:1:30"}, right=True)
    assert _asked_key(client.get(query, headers=HX)) == known


def test_set_mode_counts_the_score_at_the_end(client):
    opts: dict[str, str] = {}
    for n in range(quiz.SET_LENGTH):
        q = quiz.make_question("table", quiz.set_seed(42, n), opts)
        response = post_answer(client, q, right_answers(q), set="42", n=str(n))
        html = response.content.decode()
        if n < quiz.SET_LENGTH - 1:
            assert f"set=42&amp;n={n + 1}" in html
    assert "Set finished: 10 of 10 right." in html


def test_shared_set_url_is_the_same_question(client):
    first = client.get("/tutor/quiz/fu/?set=9&n=2").content.decode()
    again = client.get("/tutor/quiz/fu/?set=9&n=2").content.decode()
    q = quiz.make_question("fu", quiz.set_seed(9, 2), {})
    assert q.request is not None
    # The hand itself, not a count of its winning tile over the page: the CSRF token is random
    # letters and digits and sometimes holds "3m" too.
    # Honours by name for screen readers (issue 19 item 9): "… South ×2 + 3m".
    from scorer.engine.notation import parse_hand
    from tutor.quiz.base import tile_words

    parsed = parse_hand(q.request["hand"])
    words = " ".join([tile_words(parsed.concealed), *(tile_words(m.tiles) for m in parsed.melds)])
    label = f'aria-label="The hand: {words} + {tile_words([q.request["win"]])}"'
    assert label in first
    assert label in again
    assert "Question 3 of 10" in first


def test_timed_challenge_renders_a_timer(client):
    html = client.get("/tutor/quiz/table/?set=1&n=0&timed=20").content.decode()
    assert 'data-seconds="20"' in html
    assert 'data-timed="20"' in html


def test_bad_requests_do_not_crash(client):
    assert client.get("/tutor/quiz/nope/").status_code == 404
    bad = client.get("/tutor/quiz/fu/?target=20&wait=kanchan")
    assert bad.status_code == 400
    assert "A 20 fu hand is a closed pinfu tsumo" in bad.content.decode()
    part = client.get("/tutor/quiz/fu/?target=20&wait=kanchan", headers=HX)
    assert part.status_code == 400
    assert "<html" not in part.content.decode()
    assert client.post("/tutor/quiz/table/answer/", {}).status_code == 400
    assert client.post("/tutor/quiz/table/answer/", {}, headers=HX).status_code == 400
    assert client.get("/tutor/quiz/table/answer/").status_code == 405
    odd = client.get("/tutor/quiz/table/?dealer=zzz&han=9,x&fu=abc&rules=nope")
    assert odd.status_code == 200


@pytest.mark.parametrize("htmx", [False, True])
def test_heatmap_reflects_answers(client, htmx):
    answer(client, "table", 1, {"item": "table:n:ron:3:40"}, right=False)
    answer(client, "table", 2, {"item": "table:d:tsumo:2:30"}, right=True)
    headers = HX if htmx else {}
    html = client.get("/tutor/quiz/progress/?win=both", headers=headers).content.decode()
    assert ("<html" in html) is not htmx
    assert 'class="lvl-0" data-cell="n:3:40"' in html
    assert 'class="lvl-1" data-cell="d:2:30"' in html
    assert html.count("lvl-none") > 50
    ron_only = client.get("/tutor/quiz/progress/?win=ron", headers=headers).content.decode()
    assert 'data-cell="d:2:30"' in ron_only
    assert 'class="lvl-1" data-cell="d:2:30"' not in ron_only


def test_progress_page_shows_accuracy_and_streaks(client):
    for seed, right in enumerate([True, False, True, True]):
        answer(client, "table", seed, {}, right=right)
    html = client.get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">4<' in html
    assert "75%" in html
    index = client.get("/tutor/quiz/").content.decode()
    assert "4 answers · 75% right · streak 2 (best 2)" in index


def test_the_table_beside_the_feedback_marks_each_answers_own_cell(client):
    """The grid beside an answer is rendered once per process and cell (tutor.quiz.views
    grid_html): each answer still gets its own cell marked, and only that one."""
    marked = []
    for han, fu in ((3, 40), (2, 30), (3, 40)):
        opts = {"item": quiz.table_key(False, "ron", han, fu)}
        _q, response = answer(client, "table", 1, opts, right=False)
        html = response.content.decode()
        # one marked cell (the header's language switcher marks the current language too)
        assert len(re.findall(r'data-cell="[^"]+" aria-current="true"', html)) == 1
        found = re.search(r'data-cell="([^"]+)" aria-current="true"', html)
        assert found
        marked.append(found.group(1))
    assert marked == ["n:3:40", "n:2:30", "n:3:40"]


def test_the_cached_table_is_kept_per_language():
    """The grid's caption and headers are translated: a page in another language never gets
    the table cached for the first one."""
    from django.utils import translation

    from tutor.quiz.views import _cached_grid_html, grid_html

    _cached_grid_html.cache_clear()
    with translation.override("en"):
        english = grid_html(True, "ron", "tenhou", (True, 30, 2))
        assert grid_html(True, "ron", "tenhou", (True, 30, 2)) is english  # cached
    with translation.override("ja"):
        grid_html(True, "ron", "tenhou", (True, 30, 2))
    assert _cached_grid_html.cache_info().currsize == 2
    assert 'data-cell="d:2:30" aria-current="true"' in english
