"""The live lesson: start from a hand, a quiz question or a deck; phones answer; the projector's
histogram; reveal opens the walkthrough; next question; nothing is lost or counted twice."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client

from tests.classroom.conftest import World
from tutor.classroom import live
from tutor.classroom.models import LiveAnswer, LiveQuestion
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


def send(client: Client, world: World, number: int, points: str) -> str:
    response = client.post(
        f"/tutor/class/{world.classroom.pk}/live/answer",
        {"number": str(number), "a_points": points},
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
    assert "How many points does this hand win?" in phone
    assert 'hx-trigger="every 2s"' in phone
    html = send(world.students["Aki"], world, 1, "2,600")
    assert "Your answer: 2,600" in html
    send(world.students["Ben"], world, 1, "2000")
    send(world.students["Ben"], world, 1, "2600")  # a second answer does not count
    assert LiveAnswer.objects.count() == 2
    panel = world.teacher.get(f"/tutor/class/{pk}/live/panel", headers=HX).content.decode()
    assert panel.lstrip().startswith('<section id="histogram"')
    assert "2 answers" in panel
    assert "2,600" not in panel  # values stay hidden on the projector until the reveal
    assert world.teacher.get(f"/tutor/class/{pk}/live/reveal").status_code == 405
    response = world.teacher.post(f"/tutor/class/{pk}/live/reveal")
    assert response["Location"].endswith("/live/?step=1")
    revealed = world.teacher.get(response["Location"]).content.decode()
    assert 'data-testid="walkthrough"' in revealed
    assert "Step 1 of" in revealed
    assert "Answer: 2,600" in revealed
    assert re.search(r'class="bar is-right">.*?2,600', revealed, re.S)
    step2 = world.teacher.get(
        f"/tutor/class/{pk}/live/?step=2", headers={**HX, "HX-Target": "step-region"}
    )
    assert step2.content.decode().lstrip().startswith('<div id="step-region"')
    late = send(world.students["Aki"], world, 1, "999")
    assert "Right!" in late
    # a single hand has no next question: "next" ends the lesson
    assert "next-question" not in revealed
    world.teacher.post(f"/tutor/class/{pk}/live/end")
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
    world.students["Aki"].post(f"/tutor/class/{pk}/live/answer", {"number": "1", "a_ron": "3900"})
    assert LiveAnswer.objects.get().correct
    assert Answer.objects.filter(learner=world.member("Aki").learner).count() == 1
    world.teacher.post(f"/tutor/class/{pk}/live/next")
    nxt = live.current(world.classroom)
    assert nxt is not None
    assert nxt.number == 2
    assert nxt.kind == "table"
    # an answer to the old question after "next" is not stored against the new one
    world.students["Ben"].post(f"/tutor/class/{pk}/live/answer", {"number": "1", "a_ron": "3900"})
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
    world.teacher.post(f"/tutor/class/{pk}/live/next")
    second = live.current(world.classroom)
    assert second is not None
    assert second.query == queries[1]
    response = world.teacher.post(f"/tutor/class/{pk}/live/next")  # the deck is done
    assert response["Location"] == f"/tutor/class/{pk}/"
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
    data: dict[str, object] = {"number": str(question.number)}
    for f in prompt.question.fields:
        data[f"a_{f.name}"] = [v for v, _label in f.choices] if f.multiple else "9" * 15
    response = world.students["Aki"].post(f"/tutor/class/{pk}/live/answer", data, headers=HX)
    assert response.status_code == 200
    stored = LiveAnswer.objects.get(question=question)
    assert len(stored.value) <= 80
    assert stored.value.endswith("…")
