"""What tools/two_servers.sh is for, checked against it (tests/production/test_two_servers.py
runs ``tools/two_servers.sh python tests/production/two_servers_check.py``): a login lockout, a
quiz answer and a live lesson each work across the two app servers, and through the proxy.

Plain Python (no pytest): it reads TENBO_URL, TENBO_SERVER_A and TENBO_SERVER_B, prints what it
checked and exits non-zero on the first failure."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.production.proxy import Client  # noqa: E402

PROXY, A, B = (os.environ[k] for k in ("TENBO_URL", "TENBO_SERVER_A", "TENBO_SERVER_B"))


def django(code: str) -> None:
    setup = "import django; django.setup()\n"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    subprocess.run([sys.executable, "-c", setup + code], cwd=REPO, env=env, check=True)


def on(server: str, client: Client) -> Client:
    """The same browser (cookies) talking to another server."""
    other = Client(server, client.address)
    other.cookies = client.cookies
    return other


def check_quiz_answer() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django as dj

    dj.setup()
    from tutor import quiz

    q = quiz.make_question("table", 77, {})
    answers = {f"a_{k}": str(v) for k, v in q.expected.items() if not isinstance(v, list)}
    me = Client(A, "127.0.0.1")
    _status, _h, page = me.request("GET", "/tutor/quiz/table/?seed=77")
    key = re.search(r'name="answer_key" value="([0-9a-f]{32})"', page)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert key
    assert token
    data = {"csrfmiddlewaretoken": token.group(1), "seed": "77", "answer_key": key.group(1)}
    status, _h, verdict = on(B, me).request(
        "POST", "/tutor/quiz/table/answer/", {**data, **q.options, **answers}
    )
    assert status == 200, status
    assert "Right!" in verdict
    progress = on(A, me).request("GET", "/tutor/quiz/progress/")[2]
    assert re.search(r'id="stat-answers">1<', progress), "A counts B's answer"
    print("quiz answer: asked on A, answered on B, counted on A")


def check_lockout() -> None:
    django(
        "from django.contrib.auth.models import User\n"
        "User.objects.create_user('mei', password='a-long-passphrase-9')"
    )
    owner = Client(PROXY, "127.0.0.50")
    good = {"username": "mei", "password": "a-long-passphrase-9"}
    assert owner.post_form("/accounts/login/", good)[0] == 302
    stranger = Client(A, "127.0.0.1")
    statuses = []
    for n in range(14):
        server = A if n % 2 == 0 else B
        wrong = {"username": "mei", "password": "wrong"}
        statuses.append(on(server, stranger).post_form("/accounts/login/", wrong)[0])
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429, statuses
    # Refused on both servers now, even with the right password: the counts are shared.
    for server in (A, B):
        assert on(server, stranger).post_form("/accounts/login/", good)[0] == 429, server
    # The owner's browser, through the proxy from another address: straight in.
    owner.address = "127.0.0.51"
    owner.post_form("/accounts/logout/", {}, form="/accounts/login/")
    assert owner.post_form("/accounts/login/", good)[0] == 302
    print(f"lockout: {len(statuses)} wrong passwords on A and B, then 429 on both; owner in")


def check_live_lesson() -> None:
    django(
        "from django.contrib.auth.models import User\n"
        "from tutor.accounts.models import Learner\n"
        "u = User.objects.create_user('sensei', password='teach-riichi-42')\n"
        "Learner.objects.create(user=u, is_teacher=True)"
    )
    teacher = Client(A, "127.0.0.60")
    login = {"username": "sensei", "password": "teach-riichi-42"}
    assert teacher.post_form("/accounts/login/", login)[0] == 302
    made = on(B, teacher).post_form(
        "/tutor/class/new", {"name": "Two servers", "rules": "tenhou"}, form="/tutor/class/"
    )
    pk = re.search(r"/tutor/class/(\d+)/", made[1].get("Location", ""))
    assert pk, made[:2]
    page = on(A, teacher).request("GET", f"/tutor/class/{pk.group(1)}/")[2]
    code = re.search(r"/tutor/class/join/([A-Za-z0-9]+)/", page)
    assert code
    hand = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"
    start = "/tutor/class/live/new?from=" + urllib.parse.quote(hand)
    started = on(A, teacher).post_form(
        "/tutor/class/live/new", {"from": hand, "classroom": pk.group(1)}, form=start
    )
    assert started[0] in (200, 302), started[0]
    student = Client(B, "127.0.0.61")
    joined = student.post_form(f"/tutor/class/join/{code.group(1)}/", {"display_name": "Aki"})
    assert joined[0] == 302, joined[0]
    play = on(A, student).request("GET", f"/tutor/class/{pk.group(1)}/live/play")[2]
    question = re.search(r'name="question" value="(\d+)"', play)
    assert question
    assert "How many points" in play
    sent = on(B, student).post_form(
        f"/tutor/class/{pk.group(1)}/live/answer",
        {"question": question.group(1), "a_points": "2600"},
        form=f"/tutor/class/{pk.group(1)}/live/play",
    )
    if sent[0] in (302, 303):  # the form's answer, after its redirect (to either server)
        sent = on(A, student).request("GET", sent[1]["Location"])
    assert "Your answer: 2,600" in sent[2], sent[0]
    panel = on(A, teacher).request("GET", f"/tutor/class/{pk.group(1)}/live/panel")[2]
    assert "1 answer" in panel
    print("live lesson: started on A, joined and answered on B, counted on A")


if __name__ == "__main__":
    check_lockout()
    check_live_lesson()
    check_quiz_answer()
    print("two servers: all checks passed")
