"""Behind a real reverse proxy (nginx with the README's own configuration, DJANGO_PROXY_COUNT=1),
every per-address limit counts the client's address, not the proxy's (issue 31 item 1): strangers
lock only themselves out, one network's sign-ups do not close sign-up for everyone, one address's
code guesses do not block the others, and the access log names the clients. Each client comes from
its own loopback address (tests/production/proxy.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.production.conftest import run_in_django
from tests.production.proxy import Client, nginx
from tests.production.servers import gunicorn, production_env

PASSWORD = "a-long-passphrase-9"


def proxied_env(database_url: str, static: Path, **extra: str) -> dict[str, str]:
    return production_env(
        DATABASE_URL=database_url,
        DJANGO_STATIC_ROOT=str(static),
        DJANGO_PROXY_COUNT="1",
        **extra,
    )


def login(client: Client, password: str = "wrong", **headers: str) -> tuple[int, dict[str, str]]:
    status, sent, _page = client.post_form(
        "/accounts/login/", {"username": "mei", "password": password}, headers
    )
    return status, sent


def test_strangers_behind_the_proxy_never_lock_the_owner_out(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    """The issue's repro: 8 clients post wrong passwords for one account through the proxy, then
    its owner logs in from another address: straight in with their browser (not a 429)."""
    env = proxied_env(database_url, collected_static, DJANGO_LOGIN_FAILURE_LIMIT="3")
    run_in_django(
        env,
        "from django.contrib.auth.models import User\n"
        f"User.objects.create_user('mei', password='{PASSWORD}')",
    )
    with gunicorn(env, tmp_path / "app.log") as app, nginx(tmp_path / "nginx", [app[7:]]) as base:
        owner = Client(base, "127.0.0.99")
        assert login(owner, PASSWORD)[0] == 302
        owner.post_form("/accounts/logout/", {}, form="/accounts/login/")
        strangers = [Client(base, f"127.0.0.{10 + n}") for n in range(8)]
        for stranger in strangers:
            statuses = [login(stranger)[0] for _ in range(12)]
            # Fewer than the lockout's limit of tries get the form's error: the pair is locked
            # at the limit, and the account's slow-down refuses the others in between.
            assert statuses.count(200) <= 2, statuses
            assert 429 in statuses, statuses
        # A stranger's own X-Forwarded-For is not believed: still that stranger, still locked.
        assert login(strangers[0], **{"X-Forwarded-For": "10.9.9.9"})[0] == 429
        strangers[0].request("GET", "/api/score?forged", None, {"X-Forwarded-For": "10.9.9.9"})
        # The owner's browser, from another address: straight in.
        owner.address = "127.0.0.98"
        assert login(owner, PASSWORD)[0] == 302
        # A new browser of the owner's is at most slowed down (never the 10-minute lockout).
        status, sent = login(Client(base, "127.0.0.97"), PASSWORD)
        assert status == 302 or (status == 429 and 0 < int(sent["Retry-After"]) <= 60)
    access = (tmp_path / "app.log").read_text("utf-8", "replace")
    assert re.search(r"^127\.0\.0\.10 \"POST /accounts/login/", access, re.M), access[-2000:]
    assert re.search(r"^127\.0\.0\.98 \"POST /accounts/login/ HTTP/1\.\d\" 302", access, re.M)
    assert re.search(r'^127\.0\.0\.10 "GET /api/score\?forged ', access, re.M)
    assert "10.9.9.9" not in access
    assert "Traceback" not in access


def test_sign_ups_and_class_codes_count_per_client_behind_the_proxy(
    tmp_path: Path, database_url: str, collected_static: Path
) -> None:
    env = proxied_env(
        database_url, collected_static, DJANGO_SIGNUP_PER_RANGE="2", DJANGO_JOIN_GUESSES="3"
    )
    run_in_django(
        env,
        "from django.contrib.auth.models import User\n"
        "from tutor.accounts.models import Learner\n"
        "from tutor.classroom.models import Classroom\n"
        "u = User.objects.create_user('sensei', password='teach-riichi-42')\n"
        "t = Learner.objects.create(user=u, is_teacher=True)\n"
        "Classroom.objects.create(teacher=t, name='Proxy class', code='RE4LC0')",
    )
    with gunicorn(env, tmp_path / "app.log") as app, nginx(tmp_path / "nginx", [app[7:]]) as base:
        # Sign-ups: one network reaches its cap; another network still signs up.
        crowd = Client(base, "127.0.1.1")
        made = []
        for n in range(3):
            data = {"username": f"crowd{n}", "password1": PASSWORD, "password2": PASSWORD}
            made.append(crowd.post_form("/accounts/signup/", data)[0])
            crowd.cookies.clear()
        assert made == [302, 302, 429]
        other = Client(base, "127.0.2.1")
        data = {"username": "elsewhere", "password1": PASSWORD, "password2": PASSWORD}
        assert other.post_form("/accounts/signup/", data)[0] == 302
        # Class codes: one address guesses until it is refused; another joins with the real code.
        guesser = Client(base, "127.0.3.1")
        guesses = [guesser.request("GET", f"/tutor/class/join/ZZZZZ{n}/")[0] for n in range(5)]
        assert guesses[:3] == [404, 404, 404]
        assert guesses[3:] == [429, 429]
        student = Client(base, "127.0.4.1")
        assert student.request("GET", "/tutor/class/join/RE4LC0/")[0] == 200
        # A real code is not a guess: the guessing address may still use it (issue 31 item 5).
        assert guesser.request("GET", "/tutor/class/join/RE4LC0/")[0] == 200
        status, _h, _p = guesser.post_form("/tutor/class/join/", {"code": "RE4LC0"})
        assert status == 302
        assert guesser.post_form("/tutor/class/join/", {"code": "ZZZZZZ"})[0] == 429
