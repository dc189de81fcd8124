"""Progress: stored per learner in the database, kept across sessions, merged into accounts,
and safe when two tabs answer at once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.quiz.quizhelp import answer, post_answer, right_answers
from tutor import quiz
from tutor.accounts import learners
from tutor.models import Answer, ItemProgress, Learner
from tutor.quiz import progress

pytestmark = pytest.mark.django_db
KEY = "table:n:ron:2:30"
OTHER = "table:d:tsumo:3:40"


def _same_browser(client: Client) -> Client:
    """A second tab (or the browser reopened): the same session cookie."""
    other = Client()
    other.cookies = client.cookies
    return other


def test_anonymous_progress_lives_in_the_database_behind_the_session(client):
    answer(client, "table", 1, {"item": KEY}, right=True)
    learner = Learner.objects.get()
    assert learner.user is None
    assert client.session[learners.SESSION_KEY] == learner.pk
    reopened = _same_browser(client)
    html = reopened.get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">1<' in html
    assert 'data-cell="n:2:30"' in html
    assert 'class="lvl-1" data-cell="n:2:30"' in html


def test_an_answer_row_holds_every_value_as_given(client):
    """The answer is one plain INSERT (progress._insert_answer): each value reads back through
    the ORM exactly as it was written (JSON, the timestamp, the key)."""
    q = quiz.make_question("table", 5, {"item": KEY})
    # readable (full-width digits, 点: scorer.answers) yet wrong, and stored exactly as typed
    given = {**right_answers(q), "a_ron": "１２，３４５点"}
    post_answer(client, q, given, answer_key="e" * 32)
    row = Answer.objects.get()
    learner = Learner.objects.get()
    assert (row.learner, row.kind, row.key, row.seed) == (learner, "table", KEY, 5)
    assert row.correct is False
    assert row.given == {"ron": "１２，３４５点"}
    assert row.expected == q.expected
    assert row.answer_key == "e" * 32
    item = ItemProgress.objects.get()
    assert row.created == item.last_seen
    assert row.created.tzinfo is not None
    # Without a key the column is NULL (the unique constraint ignores those).
    progress.record(learner, q, quiz.check(q, {"ron": "1"}), {"ron": "1"})
    assert Answer.objects.filter(answer_key__isnull=True).count() == 1


def test_a_session_naming_a_learner_that_is_gone_or_has_an_account_gets_a_new_one(client):
    """The session's learner is read before the write transaction (progress._session_learner):
    one that has gone, or that now belongs to an account, is not answered as."""
    answer(client, "table", 1, {"item": KEY}, right=True)
    first = Learner.objects.get()
    Learner.objects.filter(pk=first.pk).delete()
    answer(client, "table", 2, {"item": KEY}, right=True)
    second = Learner.objects.get()
    assert second.pk != first.pk
    assert client.session[learners.SESSION_KEY] == second.pk
    second.user = User.objects.create_user("owner", password="pw-long-enough-1")
    second.save()
    answer(client, "table", 3, {"item": KEY}, right=True)
    third = Learner.objects.exclude(pk=second.pk).get()
    assert third.user is None
    assert Answer.objects.filter(learner=third).count() == 1
    assert Answer.objects.filter(learner=second).count() == 1


def test_a_fresh_browser_has_no_progress(client):
    answer(client, "table", 1, {"item": KEY}, right=True)
    html = Client().get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">0<' in html


def test_sign_up_keeps_the_progress_and_a_new_browser_sees_it(client):
    answer(client, "table", 1, {"item": KEY}, right=True)
    answer(client, "fu", 2, {}, right=False)
    response = client.post(
        "/accounts/signup/",
        {"username": "ayako", "password1": "tsumo-pinfu-77", "password2": "tsumo-pinfu-77"},
    )
    assert response.status_code == 302
    user = User.objects.get(username="ayako")
    assert Learner.objects.count() == 1
    assert Learner.objects.get().user == user
    assert Answer.objects.filter(learner__user=user).count() == 2
    # A new browser session: log in, the progress is the account's.
    other = Client()
    assert other.login(username="ayako", password="tsumo-pinfu-77")
    html = other.get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">2<' in html
    assert 'class="lvl-1" data-cell="n:2:30"' in html


def test_log_in_merges_anonymous_progress_into_the_account(client):
    user = User.objects.create_user("kenji", password="ron-ron-ron-88")
    # Earlier progress on the account, from another browser.
    old = Client()
    old.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    answer(old, "table", 1, {"item": KEY}, right=True)
    answer(old, "table", 2, {"item": KEY}, right=True)
    # Anonymous practice in this browser, then log in.
    answer(client, "table", 3, {"item": KEY}, right=False)
    answer(client, "table", 4, {"item": "table:d:ron:1:30"}, right=True)
    assert Learner.objects.count() == 2
    response = client.post("/accounts/login/", {"username": "kenji", "password": "ron-ron-ron-88"})
    assert response.status_code == 302
    assert Learner.objects.count() == 1
    learner = Learner.objects.get(user=user)
    assert learner.answers.count() == 4
    item = learner.items.get(key=KEY)
    assert (item.attempts, item.correct) == (3, 2)
    assert item.box == 0
    assert item.last_correct is False
    assert learner.items.get(key="table:d:ron:1:30").attempts == 1
    # Logged in, new answers go to the account.
    answer(client, "table", 5, {"item": KEY}, right=True)
    assert learner.answers.count() == 5


def test_log_out_starts_a_fresh_anonymous_learner(client):
    User.objects.create_user("mio", password="riichi-ippatsu-5")
    client.post("/accounts/login/", {"username": "mio", "password": "riichi-ippatsu-5"})
    answer(client, "table", 1, {"item": KEY}, right=True)
    client.post("/accounts/logout/")
    html = client.get("/tutor/quiz/progress/").content.decode()
    assert 'id="stat-answers">0<' in html


def test_two_tabs_interleaved_lose_no_answer(client, monkeypatch):
    """Tab B's whole answer runs while tab A is between storing its answer row and moving its
    item along: a read-modify-write of the item would lose B's update; the item's single
    upsert (computed from the row's current values in the database) keeps both."""
    tab_a, tab_b = client, None
    answer(tab_a, "table", 1, {"item": OTHER}, right=True)  # the session and its learner exist
    tab_b = _same_browser(tab_a)
    q = quiz.make_question("table", 7, {"item": KEY})
    real = progress._advance
    fired: list[bool] = []

    def interleave(*args, **kwargs):
        if not fired:
            fired.append(True)
            post_answer(tab_b, q, right_answers(q))
        return real(*args, **kwargs)

    monkeypatch.setattr(progress, "_advance", interleave)
    post_answer(tab_a, q, right_answers(q))
    assert fired
    assert Answer.objects.filter(key=KEY).count() == 2
    assert Learner.objects.count() == 1
    item = ItemProgress.objects.get(key=KEY)
    assert (item.attempts, item.correct, item.streak, item.box) == (2, 2, 2, 2)


@pytest.mark.django_db(transaction=True)
def test_two_tabs_in_threads_lose_no_answer():
    """Two clients on one session answering from two threads against a transactional DB."""
    import threading

    first = Client()
    answer(first, "table", 1, {"item": OTHER}, right=True)  # the session and its learner exist
    second = _same_browser(first)
    questions = [quiz.make_question("table", s, {"item": KEY}) for s in range(10)]
    errors: list[BaseException] = []

    def run(tab: Client, qs: list[quiz.Question]) -> None:
        from django.db import connection

        try:
            for q in qs:
                response = post_answer(tab, q, right_answers(q))
                assert response.status_code == 200
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(first, questions[:5])),
        threading.Thread(target=run, args=(second, questions[5:])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert Answer.objects.filter(key=KEY).count() == 10
    assert Learner.objects.count() == 1
    assert ItemProgress.objects.get(key=KEY).attempts == 10


def test_record_and_stats_directly():
    learner = Learner.objects.create()
    q = quiz.make_question("table", 1, {"item": KEY})
    for ok in (True, True, False, True):
        verdict = quiz.check(q, {k: str(v if ok else 1) for k, v in q.expected.items()})
        progress.record(learner, q, verdict, {})
    s = progress.stats(learner)
    assert (s.answers, s.correct, s.streak, s.best_streak, s.accuracy) == (4, 3, 1, 2, 75)
    table = next(k for k in s.kinds if k.kind == "table")
    assert (table.answers, table.accuracy) == (4, 75)
    levels = progress.table_levels(learner, "ron")
    assert levels[(False, 30, 2)]["attempts"] == 4
    assert progress.table_levels(learner, "tsumo") == {}


def test_looking_at_questions_stores_no_learner(client):
    """Crawlers and visitors who only look leave no rows; the first answer makes the learner."""
    for kind in quiz.KINDS:
        assert client.get(f"/tutor/quiz/{kind}/").status_code == 200
    assert client.get("/tutor/quiz/table/?set=4&n=0").status_code == 200
    assert Learner.objects.count() == 0
    assert learners.SESSION_KEY not in client.session
    answer(client, "table", 1, {"item": KEY}, right=True)
    assert Learner.objects.count() == 1
    assert client.session[learners.SESSION_KEY] == Learner.objects.get().pk
