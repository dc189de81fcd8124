"""The live lesson: start from a hand, a quiz question or a deck; phones answer; the projector's
histogram; reveal opens the walkthrough; next question; nothing is lost or counted twice."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client

from tests.classroom.conftest import World
from tutor.classroom import live
from tutor.classroom.models import LiveAnswer, LiveLesson, LiveQuestion
from tutor.collections.models import Collection, SavedHand
from tutor.quiz.models import Answer

pytestmark = pytest.mark.django_db

HAND = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"
HX = {"HX-Request": "true"}


def start_hand(world: World) -> LiveQuestion:
    page = world.teacher.get("/tutor/class/live/new?from=" + quote(HAND))
    assert page.status_code == 200
    assert "Tuesday club" in page.content.decode()
    response = world.teacher.post(
        "/tutor/class/live/new", {"from": HAND, "classroom": world.classroom.pk}
    )
    assert response["Location"] == f"/tutor/class/{world.classroom.pk}/live/"
    return LiveQuestion.objects.latest("id")


def current_pk(world: World) -> str:
    now = live.current(world.classroom)
    assert now is not None
    return str(now.pk)


def act(world: World, what: str) -> object:
    """A projector control (reveal, next, end) acting on the question on screen."""
    return world.teacher.post(
        f"/tutor/class/{world.classroom.pk}/live/{what}", {"question": current_pk(world)}
    )


def send(client: Client, world: World, question: int | str, points: str) -> str:
    response = client.post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"question": str(question), "a_points": points},
        headers=HX,
    )
    assert response.status_code == 200
    return response.content.decode()


def test_a_hand_live_answers_histogram_reveal_and_walkthrough(world: World) -> None:
    question = start_hand(world)
    prompt = live.prompt_for(question)
    assert prompt.total == 2600  # non-dealer ron, as the engine scores it
    pk = world.classroom.pk
    projector = world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()
    assert world.classroom.code in projector
    assert 'hx-trigger="every 1500ms"' in projector
    assert "0 answers" in projector
    phone = world.students["Aki"].get(f"/tutor/class/{pk}/live/play").content.decode()
    assert "How many points does the discarder pay?" in phone
    assert 'hx-trigger="every 2s"' in phone
    qid = current_pk(world)
    html = send(world.students["Aki"], world, qid, "2,600")
    assert "Your answer: 2,600" in html
    send(world.students["Ben"], world, qid, "2000")
    send(world.students["Ben"], world, qid, "2600")  # a second answer does not count
    assert LiveAnswer.objects.count() == 2
    panel = world.teacher.get(f"/tutor/class/{pk}/live/panel", headers=HX).content.decode()
    assert panel.lstrip().startswith('<section id="histogram"')
    assert "2 answers" in panel
    assert "2,600" not in panel  # values stay hidden on the projector until the reveal
    assert world.teacher.get(f"/tutor/class/{pk}/live/reveal").status_code == 405
    response = act(world, "reveal")
    assert response["Location"].endswith("/live/?step=1")  # type: ignore[index]
    revealed = world.teacher.get(response["Location"]).content.decode()  # type: ignore[index]
    assert 'data-testid="walkthrough"' in revealed
    assert "Step 1 of" in revealed
    assert "Answer: 2,600" in revealed
    assert re.search(r'class="bar is-right">.*?2,600', revealed, re.S)
    step2 = world.teacher.get(
        f"/tutor/class/{pk}/live/?step=2", headers={**HX, "HX-Target": "step-region"}
    )
    assert step2.content.decode().lstrip().startswith('<div id="step-region"')
    late = send(world.students["Aki"], world, qid, "999")
    assert "Right!" in late
    # a single hand has no next question: "next" ends the lesson
    assert "next-question" not in revealed
    act(world, "end")
    assert live.current(world.classroom) is None


def test_phone_poll_is_empty_until_something_changes(world: World) -> None:
    pk = world.classroom.pk
    aki = world.students["Aki"]
    assert "Waiting for the teacher" in aki.get(f"/tutor/class/{pk}/live/play").content.decode()
    assert aki.get(f"/tutor/class/{pk}/live/state?key=0").status_code == 204
    start_hand(world)
    changed = aki.get(f"/tutor/class/{pk}/live/state?key=0", headers=HX)
    assert changed.status_code == 200
    key = re.search(r'data-key="([^"]+)"', changed.content.decode())
    assert key is not None
    assert aki.get(f"/tutor/class/{pk}/live/state?key={key.group(1)}").status_code == 204


def test_a_quiz_question_live_counts_in_the_students_progress(world: World) -> None:
    pk = world.classroom.pk
    url = "/tutor/quiz/table/?seed=77&han=3&fu=30&dealer=non&win=ron"
    world.teacher.post("/tutor/class/live/new", {"from": url, "classroom": pk})
    question = LiveQuestion.objects.latest("id")
    assert question.source == "quiz"
    assert question.seed == 77
    prompt = live.prompt_for(question)
    assert prompt.question is not None
    assert prompt.question.expected == {"ron": 3900}
    world.students["Aki"].post(
        f"/tutor/class/{pk}/live/answer", {"question": question.pk, "a_ron": "3900"}
    )
    assert LiveAnswer.objects.get().correct
    assert Answer.objects.filter(learner=world.member("Aki").learner).count() == 1
    act(world, "next")
    nxt = live.current(world.classroom)
    assert nxt is not None
    assert nxt.number == 2
    assert nxt.kind == "table"
    # an answer to the old question after "next" is not stored against the new one
    world.students["Ben"].post(
        f"/tutor/class/{pk}/live/answer", {"question": question.pk, "a_ron": "3900"}
    )
    assert LiveAnswer.objects.count() == 1


def test_a_deck_runs_its_hands_in_order(world: World) -> None:
    teacher_learner = world.classroom.teacher
    deck = Collection.objects.create(owner=teacher_learner, title="Lesson 3")
    queries = ["hand=234m234m456p55s68p&win=7p", "hand=123m456p789s11122z&win=2z"]
    for i, q in enumerate(queries):
        SavedHand.objects.create(collection=deck, title=f"H{i}", query=q, position=i)
    pk = world.classroom.pk
    world.teacher.post("/tutor/class/live/new", {"deck": deck.public_id, "classroom": pk})
    first = live.current(world.classroom)
    assert first is not None
    assert first.query == queries[0]
    act(world, "next")
    second = live.current(world.classroom)
    assert second is not None
    assert second.query == queries[1]
    response = act(world, "next")  # the deck is done: the lesson ends, its report opens
    lesson = LiveLesson.objects.get()
    assert response["Location"] == f"/tutor/class/{pk}/lessons/{lesson.pk}/end"  # type: ignore[index]
    assert live.current(world.classroom) is None
    # another teacher's deck cannot be started
    other = Collection.objects.create(owner=world.member("Aki").learner, title="Not yours")
    SavedHand.objects.create(collection=other, title="x", query=queries[0])
    assert (
        world.teacher.post(
            "/tutor/class/live/new", {"deck": other.public_id, "classroom": pk}
        ).status_code
        == 400
    )


def test_live_start_rejects_foreign_urls_and_other_classes(world: World) -> None:
    pk = world.classroom.pk
    bad = world.teacher.post(
        "/tutor/class/live/new", {"from": "https://evil.example/", "classroom": pk}
    )
    assert bad.status_code == 400
    assert (
        world.teacher.post("/tutor/class/live/new", {"from": HAND, "classroom": 999}).status_code
        == 404
    )
    assert (
        world.students["Aki"]
        .post("/tutor/class/live/new", {"from": HAND, "classroom": pk})
        .status_code
        == 403
    )


def test_the_poll_token_skips_the_session_only_while_nothing_changed(world: World) -> None:
    pk = world.classroom.pk
    page = world.students["Aki"].get(f"/tutor/class/{pk}/live/play").content.decode()
    token = re.search(r"&amp;t=([^\"&]+)", page)
    assert token is not None
    t = token.group(1)
    stranger = Client()  # no session at all: the token alone says "nothing changed"
    assert stranger.get(f"/tutor/class/{pk}/live/state?key=0&t={t}").status_code == 204
    start_hand(world)
    # something changed: the stranger must be a member to see it
    assert stranger.get(f"/tutor/class/{pk}/live/state?key=0&t={t}").status_code == 404
    fresh = world.students["Aki"].get(f"/tutor/class/{pk}/live/state?key=0&t={t}", headers=HX)
    assert fresh.status_code == 200
    key = re.search(r'data-key="([^"]+)"', fresh.content.decode())
    assert key is not None
    assert stranger.get(f"/tutor/class/{pk}/live/state?key={key.group(1)}&t={t}").status_code == 204
    forged = t[:-2] + ("AA" if not t.endswith("AA") else "BB")
    assert (
        stranger.get(f"/tutor/class/{pk}/live/state?key={key.group(1)}&t={forged}").status_code
        == 404
    )
    other = world.teacher.post("/tutor/class/new", {"name": "Other", "rules": "tenhou"})
    other_pk = int(other["Location"].rstrip("/").rsplit("/", 1)[1])
    assert stranger.get(f"/tutor/class/{other_pk}/live/state?key=0&t={t}").status_code == 404


def test_a_quiz_question_page_offers_teachers_to_ask_it_live(world: World) -> None:
    page = world.teacher.get("/tutor/quiz/table/?seed=5").content.decode()
    link = re.search(r'<a class="quiz-live" href="([^"]+)"', page)
    assert link is not None
    ask = world.teacher.get(link.group(1).replace("&amp;", "&"))
    assert ask.status_code == 200
    assert "This quiz question" in ask.content.decode()
    assert (
        "quiz-live" not in world.students["Aki"].get("/tutor/quiz/table/?seed=5").content.decode()
    )
    foreign = world.teacher.get(
        "/tutor/class/live/new?from=" + quote("http://evil.example/tutor/quiz/table/?seed=5")
    )
    assert foreign.status_code == 400


def test_a_long_live_answer_is_clipped_to_what_the_column_holds(world: World) -> None:
    """Every yaku ticked (or eight huge numbers) makes a line longer than LiveAnswer.value's 80
    characters, which PostgreSQL refuses: the stored line is clipped, the answer still counts."""
    pk = world.classroom.pk
    url = "/tutor/quiz/yaku/?seed=5"
    world.teacher.post("/tutor/class/live/new", {"from": url, "classroom": pk})
    question = live.current(world.classroom)
    assert question is not None
    prompt = live.prompt_for(question)
    assert prompt.question is not None
    data: dict[str, object] = {"question": str(question.pk)}
    for f in prompt.question.fields:
        # every yaku ticked and the most han a field takes (a larger number is refused beside
        # its box, as the quiz refuses it)
        data[f"a_{f.name}"] = [v for v, _label in f.choices] if f.multiple else "56"
    response = world.students["Aki"].post(f"/tutor/class/{pk}/live/answer", data, headers=HX)
    assert response.status_code == 200
    stored = LiveAnswer.objects.get(question=question)
    assert len(stored.value) <= 80
    assert stored.value.endswith("…")


SITUATION = (
    "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z&round=2z&riichi=1&dora=8s&ura=3m"
    "&honba=2&sticks=1"
)


def start(world: World, url: str, **settings: str) -> LiveQuestion:
    world.teacher.post(
        "/tutor/class/live/new", {"from": url, "classroom": world.classroom.pk, **settings}
    )
    return LiveQuestion.objects.latest("id")


def test_a_hand_shows_its_whole_situation_on_projector_and_phone(world: World) -> None:
    start(world, SITUATION)
    pk = world.classroom.pk
    for page in (
        world.teacher.get(f"/tutor/class/{pk}/live/").content.decode(),
        world.students["Aki"].get(f"/tutor/class/{pk}/live/play").content.decode(),
    ):
        assert 'data-testid="dora-indicators"' in page
        assert 'data-testid="ura-indicators"' in page
        assert 'data-tile="8s"' in page
        assert 'data-tile="3m"' in page
        assert "Seat: South. Round: South." in page
        assert "riichi" in page
        assert "Honba: 2." in page
        assert "Riichi sticks on the table: 1." in page


def test_a_tsumo_is_asked_as_players_say_it(world: World) -> None:
    # non-dealer tsumo: 1,000/2,000 with 2 honba -> 1,200/2,200
    question = start(world, HAND + "&tsumo=1&honba=2")
    prompt = live.prompt_for(question)
    assert prompt.shares == (1200, 2200)
    assert prompt.expected == "1,200/2,200"
    phone = world.students["Aki"].get(f"/tutor/class/{world.classroom.pk}/live/play")
    assert "A non-dealer&#x27;s tsumo: two numbers" in phone.content.decode()
    assert live.hand_correct(prompt, live.parse_points("1,200/2,200") or "")
    assert live.hand_correct(prompt, live.parse_points("2200・1200") or "")
    assert not live.hand_correct(prompt, live.parse_points("4,600") or "")  # the total
    # dealer tsumo: "700 all" and 700 are both right; the total 2,100 is not
    dealer = start(world, "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=1z&tsumo=1")
    p2 = live.prompt_for(dealer)
    each = p2.shares[0] if p2.shares else 0
    for typed in (f"{each:,} all", str(each), f"{each}オール", f"{each:,} ALL"):
        assert live.hand_correct(p2, live.parse_points(typed) or ""), typed
    assert not live.hand_correct(p2, str(each * 3))
    html = send(world.students["Aki"], world, dealer.pk, f"{each} all")
    assert f"Your answer: {each:,} all" in html
    assert LiveAnswer.objects.get(question=dealer).correct


def test_the_live_answer_is_validated_on_the_server(world: World) -> None:
    question = start(world, HAND)
    response = world.students["Aki"].post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"question": question.pk, "a_points": "a sentence, not points"},
        headers=HX,
    )
    assert response.status_code == 400
    assert 'data-testid="answer-error"' in response.content.decode()
    assert not LiveAnswer.objects.exists()
    quizq = start(world, "/tutor/quiz/table/?seed=77&han=3&fu=30&dealer=non&win=ron&mode=choice")
    prompt = live.prompt_for(quizq)
    assert prompt.question is not None
    bad = world.students["Aki"].post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"question": quizq.pk, "a_ron": "not offered"},
        headers=HX,
    )
    assert bad.status_code == 400
    assert not LiveAnswer.objects.exists()


def test_a_stale_projector_tab_acts_on_nothing_and_is_refreshed(world: World) -> None:
    pk = world.classroom.pk
    url = "/tutor/quiz/table/?seed=77&han=3&fu=30&dealer=non&win=ron"
    q3 = start(world, url)
    old_tab = world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()
    poll = re.search(r'hx-get="([^"]*live/panel[^"]*)"', old_tab)
    assert poll is not None
    act(world, "next")  # another tab moves on
    q4 = live.current(world.classroom)
    assert q4 is not None
    assert q4.pk != q3.pk
    # the old tab's poll is told to reload, and its Reveal reveals nothing
    refreshed = world.teacher.get(poll.group(1).replace("&amp;", "&"), headers=HX)
    assert refreshed["HX-Refresh"] == "true"
    response = world.teacher.post(f"/tutor/class/{pk}/live/reveal", {"question": q3.pk})
    assert response["Location"].endswith("/live/?stale=1")
    q4.refresh_from_db()
    assert not q4.revealed
    told = world.teacher.get(response["Location"]).content.decode()
    assert 'data-testid="stale"' in told


def test_the_projector_poll_is_cheap_and_conditional(
    world: World, django_assert_max_num_queries: object
) -> None:
    pk = world.classroom.pk
    start(world, HAND)
    page = world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()
    poll = re.search(r'hx-get="([^"]*live/panel[^"]*)"', page)
    assert poll is not None
    url = poll.group(1).replace("&amp;", "&")
    stranger = Client()  # the signed token alone: no session, no user lookup
    with django_assert_max_num_queries(2):  # type: ignore[operator]
        first = stranger.get(url, headers=HX)
    assert first.status_code == 200
    etag = first["ETag"]
    assert "0 answers" in first.content.decode()
    assert stranger.get(url, headers={**HX, "If-None-Match": etag}).status_code == 304
    send(world.students["Aki"], world, current_pk(world), "2600")
    changed = stranger.get(url, headers={**HX, "If-None-Match": etag})
    assert changed.status_code == 200
    assert "1 answer" in changed.content.decode()
    assert stranger.get(url.replace("t=", "t=x")).status_code == 404


def test_numbering_restarts_with_each_lesson_and_reports_are_kept(world: World) -> None:
    pk = world.classroom.pk
    url = "/tutor/quiz/table/?seed=77&han=3&fu=30&dealer=non&win=ron"
    q1 = start(world, url)
    world.students["Aki"].post(
        f"/tutor/class/{pk}/live/answer", {"question": q1.pk, "a_ron": "3900"}
    )
    world.students["Ben"].post(
        f"/tutor/class/{pk}/live/answer", {"question": q1.pk, "a_ron": "2600"}
    )
    act(world, "next")
    assert live.current(world.classroom).number == 2  # type: ignore[union-attr]
    ended = act(world, "end")
    lesson = LiveLesson.objects.get()
    assert ended["Location"] == f"/tutor/class/{pk}/lessons/{lesson.pk}/end"  # type: ignore[index]
    assert lesson.ended is not None
    again = start(world, url)
    assert again.number == 1
    assert LiveLesson.objects.count() == 2
    report = world.teacher.get(f"/tutor/class/{pk}/lessons/{lesson.pk}/").content.decode()
    assert 'data-testid="report-grid"' in report
    assert "Common wrong answers" in report
    assert "2,600" in report
    assert "Aki" in report
    assert "Ben" in report
    assert "podium" not in report  # the leaderboard is off by default
    csv = world.teacher.get(f"/tutor/class/{pk}/lessons/{lesson.pk}/report.csv")
    assert csv["Content-Disposition"].startswith('attachment; filename="tuesday-club-live-')
    body = csv.content.decode()
    assert body.splitlines()[0].startswith("Student,Q1 answer,Q1 right,Q1 seconds")
    assert any(
        line.startswith("Aki,3,900,1,") or line.startswith('Aki,"3,900",1,')
        for line in body.splitlines()
    )
    page = world.teacher.get(f"/tutor/class/{pk}/").content.decode()
    assert f"/tutor/class/{pk}/lessons/{lesson.pk}/" in page


def test_countdown_auto_reveal_and_leaderboard(world: World) -> None:
    pk = world.classroom.pk
    question = start(world, HAND, countdown="10", auto_reveal="1", leaderboard="1", hide_names="1")
    assert question.closes is not None
    page = world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()
    assert 'data-testid="countdown"' in page
    send(world.students["Aki"], world, question.pk, "2600")
    LiveQuestion.objects.filter(pk=question.pk).update(closes=question.created)  # time is up
    late = world.students["Ben"].post(
        f"/tutor/class/{pk}/live/answer", {"question": question.pk, "a_points": "2600"}, headers=HX
    )
    assert "Time is up" in late.content.decode() or "The answer" in late.content.decode()
    assert LiveAnswer.objects.count() == 1  # a late answer is refused
    page = world.teacher.get(f"/tutor/class/{pk}/live/").content.decode()
    question.refresh_from_db()
    assert question.revealed  # auto-reveal when the time is up
    assert 'data-testid="leaderboard"' in page
    assert "(name hidden)" in page
    assert "Aki" not in page.split('data-testid="leaderboard"')[1].split("</ol>")[0]


def test_auto_reveal_needs_no_projector(world: World) -> None:
    """The countdown runs out while no projector is open: the phones' own poll reveals the
    answer (with the token's cheap path too), and a question without auto-reveal stays hidden."""
    pk = world.classroom.pk
    aki = world.students["Aki"]
    page = aki.get(f"/tutor/class/{pk}/live/play").content.decode()
    token = re.search(r"&amp;t=([^\"&]+)", page)
    assert token is not None
    question = start(world, HAND, countdown="10", auto_reveal="1")
    send(aki, world, question.pk, "2600")
    polled = aki.get(f"/tutor/class/{pk}/live/state?key=0&t={token.group(1)}", headers=HX)
    key = re.search(r'data-key="([^"]+)"', polled.content.decode())
    assert key is not None
    state = f"/tutor/class/{pk}/live/state?key={key.group(1)}&t={token.group(1)}"
    assert aki.get(state).status_code == 204  # the clock still runs: nothing to redraw
    LiveQuestion.objects.filter(pk=question.pk).update(closes=question.created)  # time is up
    revealed = aki.get(state, headers=HX)
    assert revealed.status_code == 200
    assert "Right!" in revealed.content.decode() or "The answer" in revealed.content.decode()
    question.refresh_from_db()
    assert question.revealed
    # Without auto-reveal the teacher reveals: the phones wait.
    act(world, "end")
    plain = start(world, HAND, countdown="10")
    LiveQuestion.objects.filter(pk=plain.pk).update(closes=plain.created)
    assert "Time is up" in aki.get(f"/tutor/class/{pk}/live/play").content.decode()
    plain.refresh_from_db()
    assert not plain.revealed


def test_lobby_and_the_class_page_banner(world: World) -> None:
    pk = world.classroom.pk
    lobby = world.teacher.get(f"/tutor/class/{pk}/live/lobby").content.decode()
    assert "Aki" in lobby
    assert "Ben" in lobby
    names = world.teacher.get(
        f"/tutor/class/{pk}/live/lobby", headers={**HX, "HX-Target": "lobby-names"}
    ).content.decode()
    assert names.lstrip().startswith('<section id="lobby-names"')
    aki = world.students["Aki"]
    assert "join-live" not in aki.get(f"/tutor/class/{pk}/live/banner", headers=HX).content.decode()
    start(world, HAND)
    assert "join-live" in aki.get(f"/tutor/class/{pk}/live/banner", headers=HX).content.decode()


def test_a_garbled_class_id_is_a_404_not_a_500(world: World) -> None:
    response = world.teacher.post("/tutor/class/live/new", {"from": HAND, "classroom": "abc"})
    assert response.status_code == 404


def test_a_live_hand_is_drawn_as_the_quiz_draws_it(world: World) -> None:
    """One drawing for the quiz and the classroom (quiz/_hand.html): an open meld with its called
    tile turned, and the screen-reader label naming honour tiles, never codes like 555z."""
    start(world, "/tutor/explain?hand=123m456p789s1z%5B5%3D55z%5D&win=1z&seat=2z")
    pk = world.classroom.pk
    for page in (
        world.teacher.get(f"/tutor/class/{pk}/live/").content.decode(),
        world.students["Aki"].get(f"/tutor/class/{pk}/live/play").content.decode(),
    ):
        hand = re.search(r'<div class="quiz-hand".*?</div>', page, re.S)
        assert hand
        assert 'class="meld' in hand.group(0)
        assert "tile-side" in hand.group(0)  # the called tile lies sideways
        label = re.search(r'aria-label="([^"]*)"', hand.group(0))
        assert label
        assert "Haku" in label.group(1)
        assert not re.search(r"\b[1-7]z\b", label.group(1)), label.group(1)
