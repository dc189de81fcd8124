"""Contrast of the classroom and saved-hands pages (axe-core's color-contrast rule at 4.5:1,
light and dark), for a teacher and a student with real data on every page."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from tests.browser.test_contrast import AXE, RUN


def _session(**values: Any) -> str:
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store.update(values)
    store.create()
    assert store.session_key is not None
    return store.session_key


def _world() -> tuple[str, str, list[str], list[str]]:
    from django.contrib.auth.models import User

    from tutor.accounts.learners import SESSION_KEY
    from tutor.accounts.models import Learner
    from tutor.classroom import assignments, live
    from tutor.classroom.models import Assignment, Classroom, Membership
    from tutor.collections.models import Collection, SavedHand

    user = User.objects.create_user("sensei", password="not-used-1")
    teacher = Learner.objects.create(user=user, is_teacher=True)
    classroom = Classroom.objects.create(teacher=teacher, name="Tuesday club")
    a = Assignment.objects.create(
        classroom=classroom,
        title="Warm-up",
        kind="table",
        options={},
        count=3,
        opens=timezone.now(),
    )
    student = Learner.objects.create()
    Membership.objects.create(classroom=classroom, learner=student, display_name="Aki")
    for n, delta in ((0, 0), (1, 100)):
        q = assignments.question(a, n)
        assignments.answer(a, student, n, {k: str(v + delta) for k, v in q.expected.items()})
    deck = Collection.objects.create(owner=teacher, title="Deck")
    SavedHand.objects.create(collection=deck, title="Pinfu", query="hand=234m234m456p55s68p&win=7p")
    settings_ = {"countdown": 60, "leaderboard": True}
    question = live.start(classroom, live.Source("deck", deck=deck), settings_)
    live.answer(question, student, {"points": "2000"})
    done = live.start(classroom, live.Source("hand", query="hand=234m234m456p55s68p&win=7p"))
    live.answer(done, student, {"points": "2000"})
    live.end_lesson(classroom)
    assert done.lesson is not None
    report = f"/tutor/class/{classroom.pk}/lessons/{done.lesson.pk}/"
    live.start(classroom, live.Source("deck", deck=deck), settings_)  # a lesson under way
    teacher_key = _session(
        _auth_user_id=str(user.pk),
        _auth_user_backend="django.contrib.auth.backends.ModelBackend",
        _auth_user_hash=user.get_session_auth_hash(),
    )
    student_key = _session(**{SESSION_KEY: student.pk})
    pk = classroom.pk
    teacher_pages = [
        "/tutor/class/",
        f"/tutor/class/{pk}/",
        f"/tutor/class/{pk}/code",
        f"/tutor/class/{pk}/assign",
        f"/tutor/class/{pk}/a/{a.pk}/",
        f"/tutor/class/{pk}/live/",
        f"/tutor/class/{pk}/live/lobby",
        report,
        f"/tutor/class/{pk}/a/{a.pk}/preview",
        f"/tutor/class/{pk}/a/{a.pk}/edit",
        "/tutor/collections/",
        f"/tutor/collections/{deck.public_id}/",
        "/tutor/collections/save?from=/tutor/explain%3Fhand%3D234m234m456p55s68p%26win%3D7p",
    ]
    student_pages = [
        f"/tutor/class/{pk}/",
        f"/tutor/class/{pk}/a/{a.pk}/",
        f"/tutor/class/{pk}/live/play",
        f"/tutor/class/join/{classroom.code}/",
    ]
    return teacher_key, student_key, teacher_pages, student_pages


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_classroom_pages_reach_4_5_to_1(browser: Any, live_server: Any, scheme: str) -> None:
    teacher_key, student_key, teacher_pages, student_pages = _world()
    found: dict[str, list[str]] = {}
    for key, pages in ((teacher_key, teacher_pages), (student_key, student_pages)):
        context = browser.new_context(
            viewport={"width": 1280, "height": 800}, color_scheme=scheme, bypass_csp=True
        )
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": live_server.url}]
        )
        page = context.new_page()
        try:
            for url in pages:
                response = page.goto(live_server.url + url)
                assert response is not None
                assert response.status == 200, url
                page.add_script_tag(path=str(AXE))
                bad = page.evaluate(RUN)
                if bad:
                    found[url] = bad[:4]
        finally:
            context.close()
    assert not found, "\n".join(f"{url}\n  " + "\n  ".join(bad) for url, bad in found.items())
