"""Two app servers, one database: a learner moves between two gunicorn instances (as behind a
load balancer) and keeps their session, answers and account on both. In make test's second pass
the database is PostgreSQL; in the first, a SQLite file both servers open."""

from __future__ import annotations

import http.cookiejar
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

from tests.production.servers import REPO, gunicorn, production_env
from tutor import quiz


class Browser:
    """One browser: a cookie jar shared by its requests to either server."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> str:
        with self.opener.open(url, timeout=30) as response:
            return str(response.read().decode())

    def post(self, url: str, data: dict[str, str]) -> str:
        return self.post_to(url, data)[1]

    def post_to(self, url: str, data: dict[str, str]) -> tuple[str, str]:
        """POST (redirects followed): the final URL and the page."""
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(url, body, timeout=30) as response:
            return str(response.geturl()), str(response.read().decode())


def form_token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found
    return found.group(1)


def test_a_learner_moves_between_two_servers(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    env = production_env(DATABASE_URL=database_url, DJANGO_STATIC_ROOT=str(collected_static))
    q = quiz.make_question("table", 77, {})
    answers = {f"a_{k}": str(v) for k, v in q.expected.items() if not isinstance(v, list)}
    with (
        gunicorn(env, tmp_path / "a.log") as a,
        gunicorn(env, tmp_path / "b.log") as b,
    ):
        me = Browser()
        page = me.get(a + "/tutor/quiz/table/?seed=77")  # server A: the question
        key = re.search(r'name="answer_key" value="([0-9a-f]{32})"', page)
        assert key
        data = {
            "csrfmiddlewaretoken": form_token(page),
            "seed": "77",
            "answer_key": key.group(1),
            **q.options,
            **answers,
        }
        verdict = me.post(b + "/tutor/quiz/table/answer/", data)  # server B: the answer
        assert "Right!" in verdict
        # Server A sees B's session and the answer it stored.
        progress = me.get(a + "/tutor/quiz/progress/")
        assert re.search(r'id="stat-answers">1<', progress)
        # The same form resent to A is not stored again.
        me.post(a + "/tutor/quiz/table/answer/", data)
        assert re.search(r'id="stat-answers">1<', me.get(b + "/tutor/quiz/progress/"))
        # Sign up on A; B knows the account and its progress.
        signup = me.get(a + "/accounts/signup/")
        me.post(
            a + "/accounts/signup/",
            {
                "csrfmiddlewaretoken": form_token(signup),
                "username": "two-servers",
                "password1": "a-long-passphrase-9",
                "password2": "a-long-passphrase-9",
            },
        )
        # Over plain HTTP the browser's progress waits for the learner's word (settings
        # ASK_BEFORE_MERGE): not in the account yet, held in the session, asked on server B.
        assert re.search(r'id="stat-answers">0<', me.get(b + "/tutor/quiz/progress/"))
        held = me.get(b + "/accounts/this-browser/")
        assert 'name="choice"' in held, "server B does not see what A's sign-up held"
        me.post(
            b + "/accounts/this-browser/",
            {"csrfmiddlewaretoken": form_token(held), "choice": "add"},
        )
        on_a = me.get(a + "/tutor/quiz/progress/")
        assert "two-servers" in on_a
        assert re.search(r'id="stat-answers">1<', on_a)
        # A fresh browser logs in on B and sees the same progress on A.
        other = Browser()
        login = other.get(b + "/accounts/login/")
        other.post(
            b + "/accounts/login/",
            {
                "csrfmiddlewaretoken": form_token(login),
                "username": "two-servers",
                "password": "a-long-passphrase-9",
            },
        )
        assert re.search(r'id="stat-answers">1<', other.get(a + "/tutor/quiz/progress/"))
    for log in ("a.log", "b.log"):
        assert "Traceback" not in (tmp_path / log).read_text("utf-8", "replace")


def make_teacher(env: dict[str, str]) -> None:
    code = (
        "import django; django.setup(); from django.contrib.auth.models import User; "
        "from tutor.accounts.models import Learner; "
        "u = User.objects.create_user('sensei', password='teach-riichi-42'); "
        "Learner.objects.create(user=u, is_teacher=True)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, check=True, timeout=120)


def test_a_live_classroom_question_works_across_two_servers(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    """The teacher runs the class on server A, the projector polls B; a student joins on B and
    answers on A; the projector on B counts the answer and reveals it."""
    env = production_env(DATABASE_URL=database_url, DJANGO_STATIC_ROOT=str(collected_static))
    make_teacher({**env, "DJANGO_SETTINGS_MODULE": "config.settings"})
    with (
        gunicorn(env, tmp_path / "a.log") as a,
        gunicorn(env, tmp_path / "b.log") as b,
    ):
        teacher = Browser()
        login = teacher.get(a + "/accounts/login/")
        teacher.post(
            a + "/accounts/login/",
            {
                "csrfmiddlewaretoken": form_token(login),
                "username": "sensei",
                "password": "teach-riichi-42",
            },
        )
        classes = teacher.get(b + "/tutor/class/")
        url, page = teacher.post_to(
            b + "/tutor/class/new",
            {"csrfmiddlewaretoken": form_token(classes), "name": "Two servers", "rules": "tenhou"},
        )
        pk = re.search(r"/tutor/class/(\d+)/", url)
        assert pk, url
        code = re.search(r"/tutor/class/join/([A-Za-z0-9]+)/", page)
        assert code
        hand = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"
        start = teacher.get(a + "/tutor/class/live/new?from=" + urllib.parse.quote(hand))
        teacher.post(
            a + "/tutor/class/live/new",
            {"csrfmiddlewaretoken": form_token(start), "from": hand, "classroom": pk.group(1)},
        )
        student = Browser()
        join = student.get(b + f"/tutor/class/join/{code.group(1)}/")
        student.post(
            a + f"/tutor/class/join/{code.group(1)}/",
            {"csrfmiddlewaretoken": form_token(join), "display_name": "Aki"},
        )
        play = student.get(b + f"/tutor/class/{pk.group(1)}/live/play")
        assert "How many points" in play
        question = re.search(r'name="question" value="(\d+)"', play)
        assert question, "the answer form names the question it answers"
        sent = student.post(
            a + f"/tutor/class/{pk.group(1)}/live/answer",
            {
                "csrfmiddlewaretoken": form_token(play),
                "question": question.group(1),
                "a_points": "2600",
            },
        )
        assert "Your answer: 2,600" in sent
        panel = teacher.get(b + f"/tutor/class/{pk.group(1)}/live/panel")
        assert "1 answer" in panel
        projector = teacher.get(a + f"/tutor/class/{pk.group(1)}/live/")
        revealed = teacher.post(
            b + f"/tutor/class/{pk.group(1)}/live/reveal",
            {"csrfmiddlewaretoken": form_token(projector), "question": question.group(1)},
        )
        assert "Answer: 2,600" in revealed
        assert "Right!" in student.get(a + f"/tutor/class/{pk.group(1)}/live/play")
    for log in ("a.log", "b.log"):
        assert "Traceback" not in (tmp_path / log).read_text("utf-8", "replace")


def test_the_two_servers_recipe_works_across_both_servers() -> None:
    """Issue 31 item 10: the README's recipe for more than one machine (tools/two_servers.sh:
    PostgreSQL, Redis, two gunicorns behind nginx), exercised end to end by
    tests/production/two_servers_check.py: a login lockout, a live lesson and a quiz answer
    across both servers and through the proxy."""
    result = subprocess.run(
        ["tools/two_servers.sh", sys.executable, "tests/production/two_servers_check.py"],
        cwd=REPO,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "two servers: all checks passed" in result.stdout
