"""Login locks out per (account, address) (django-axes) and slows the account down globally; sign-up
is capped per address range and site-wide; password reset per address: 429 with Retry-After,
decided before any password is hashed (config/throttle.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.test import Client

from config import throttle

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings: Any) -> None:
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def hasher_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every run of the password check (what a flood makes expensive)."""
    calls: list[str] = []
    real = ModelBackend.authenticate

    def counting(self: ModelBackend, request: Any, username: Any = None, **kw: Any) -> Any:
        calls.append(str(username))
        return real(self, request, username=username, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    return calls


def login(client: Client, username: str, password: str = "wrong", ip: str = "10.0.0.1") -> Any:
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def assert_locked(response: Any) -> None:
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert b"Too many attempts" in response.content


def test_failed_logins_lock_the_account_and_address_pair_before_the_hasher_runs(
    client: Client, hasher_calls: list[str]
) -> None:
    User.objects.create_user("mei", password="a-long-passphrase-9")
    for _ in range(LIMIT - 1):
        assert login(client, "mei").status_code == 200  # the form's error
    assert_locked(login(client, "mei"))  # the attempt that reaches the limit
    assert len(hasher_calls) == LIMIT
    # Locked from this address, even with the right password.
    assert_locked(login(client, "mei", "a-long-passphrase-9"))
    assert len(hasher_calls) == LIMIT


def test_strangers_on_eight_addresses_never_lock_the_owner_out(
    client: Client, settings: Any
) -> None:
    """Issue 23 item 5: 8 addresses hammering one account gave its owner a 429 for 10 minutes.
    Now each stranger locks only themself out; the account is slowed down (at most
    LOGIN_SLOW_MAX seconds between attempts), and not at all for a browser that logged in to it
    before (the signed device cookie)."""
    settings.LOGIN_SLOW_AFTER = 2
    User.objects.create_user("mei", password="a-long-passphrase-9")
    owner = Client()
    assert login(owner, "mei", "a-long-passphrase-9", ip="10.1.1.1").status_code == 302
    owner.post("/accounts/logout/")  # as a browser logs out (Client.logout drops every cookie)
    stranger = Client()
    for n in range(8):
        for _ in range(LIMIT + 2):
            login(stranger, "mei", ip=f"10.66.{n}.1")
        assert_locked(login(stranger, "mei", ip=f"10.66.{n}.1"))
    # The owner's browser, from their usual address or any other: straight in.
    assert login(owner, "mei", "a-long-passphrase-9", ip="10.1.1.1").status_code == 302
    owner.post("/accounts/logout/")
    assert login(owner, "mei", "a-long-passphrase-9", ip="10.2.2.2").status_code == 302
    # A new browser of the owner is only slowed down: told to wait at most LOGIN_SLOW_MAX.
    fresh = login(Client(), "mei", "a-long-passphrase-9", ip="10.3.3.3")
    if fresh.status_code == 429:
        assert 0 < int(fresh["Retry-After"]) <= settings.LOGIN_SLOW_MAX
    else:
        assert fresh.status_code == 302


def test_the_slow_down_doubles_and_is_capped(client: Client, settings: Any) -> None:
    settings.LOGIN_SLOW_AFTER = 2
    settings.LOGIN_SLOW_MAX = 8
    waits = []
    for n in range(8):
        login(client, "mei", ip=f"10.7.{n}.1")
        waits.append(throttle.blocked_for("slow:mei"))
        throttle.unblock("slow:mei")  # as if the wait had passed
    assert waits[:2] == [0, 1]
    assert waits[2:5] == [2, 4, 8]
    assert max(waits) == 8


def test_a_forged_device_cookie_is_no_device(client: Client, settings: Any) -> None:
    settings.LOGIN_SLOW_AFTER = 1
    User.objects.create_user("mei", password="a-long-passphrase-9")
    login(client, "mei", ip="10.5.5.5")
    client.cookies[throttle.DEVICE_COOKIE] = '["mei"]'
    assert_locked(login(client, "mei", "a-long-passphrase-9", ip="10.5.5.6"))


def test_failed_logins_lock_the_client_address_for_every_name(
    client: Client, hasher_calls: list[str], settings: Any
) -> None:
    settings.LOGIN_ADDRESS_LIMIT = LIMIT
    for n in range(LIMIT):
        assert login(client, f"guess{n}").status_code == 200
    assert_locked(login(client, "someone-else"))
    assert len(hasher_calls) == LIMIT
    # Another address is not affected.
    assert login(client, "someone-else", ip="10.9.9.9").status_code == 200


def test_a_locked_out_json_client_gets_the_error_object(client: Client) -> None:
    for _ in range(LIMIT):
        login(client, "guess")
    response = client.post(
        "/accounts/login/",
        {"username": "guess", "password": "y"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "locked_out"
    assert int(response["Retry-After"]) > 0


def test_sign_up_floods_are_refused_before_any_account_is_made(
    client: Client, settings: Any
) -> None:
    settings.SIGNUP_PER_RANGE = LIMIT

    def signup(n: int) -> Any:
        return client.post(
            "/accounts/signup/",
            {"username": f"new{n}", "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"},
            REMOTE_ADDR=f"10.0.0.{7 + n}",  # rotating addresses in one range
        )

    for n in range(LIMIT):
        response = signup(n)
        assert response.status_code == 302  # each allowed one really signs up
        client.logout()
    assert User.objects.count() == LIMIT
    refused = signup(LIMIT)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert b"no account needed" in refused.content
    assert User.objects.count() == LIMIT


def test_password_reset_floods_are_refused(client: Client) -> None:
    for n in range(LIMIT):
        response = client.post(
            "/accounts/password-reset/", {"email": f"a{n}@example.org"}, REMOTE_ADDR="10.0.0.8"
        )
        assert response.status_code in (200, 302)
    assert_locked(
        client.post("/accounts/password-reset/", {"email": "z@example.org"}, REMOTE_ADDR="10.0.0.8")
    )


def test_a_successful_login_does_not_reset_the_address_count(client: Client, settings: Any) -> None:
    """Otherwise one valid account would let a client go on guessing the others."""
    settings.LOGIN_ADDRESS_LIMIT = LIMIT
    User.objects.create_user("kai", password="a-long-passphrase-9")
    for n in range(LIMIT - 1):
        login(client, f"guess{n}")
    assert login(client, "kai", "a-long-passphrase-9").status_code == 302
    client.logout()
    assert login(client, "guess-again").status_code == 200  # the LIMIT-th failure
    assert_locked(login(client, "and-again"))


def signup_from(client: Client, name: str, ip: str) -> Any:
    data = {"username": name, "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"}
    response = client.post("/accounts/signup/", data, REMOTE_ADDR=ip)
    client.logout()
    return response


def test_sign_ups_are_capped_per_range_not_per_address(client: Client, settings: Any) -> None:
    settings.SIGNUP_PER_RANGE = LIMIT
    for n in range(LIMIT):
        assert signup_from(client, f"a{n}", f"192.0.2.{n + 1}").status_code == 302
    assert signup_from(client, "next", "192.0.2.200").status_code == 429
    assert signup_from(client, "elsewhere", "198.51.100.1").status_code == 302
    # IPv6: the /64 is one range.
    for n in range(LIMIT):
        assert signup_from(client, f"v{n}", f"2001:db8::{n + 1}").status_code == 302
    assert signup_from(client, "v-next", "2001:db8::ffff:1").status_code == 429
    assert signup_from(client, "v-other", "2001:db8:0:1::1").status_code == 302


def test_sign_ups_are_capped_site_wide_per_minute(client: Client, settings: Any) -> None:
    settings.SIGNUP_PER_MINUTE = LIMIT
    for n in range(LIMIT):
        assert signup_from(client, f"s{n}", f"10.{n}.0.1").status_code == 302
    refused = signup_from(client, "one-more", "10.99.0.1")
    assert refused.status_code == 429
    assert b"Many people are signing up right now" in refused.content


def test_a_teacher_can_raise_the_allowance_of_the_class_range(
    client: Client, settings: Any
) -> None:
    settings.SIGNUP_PER_RANGE = LIMIT
    throttle.allow_signups("192.0.2.50", extra=5, hours=2)
    for n in range(LIMIT + 5):
        assert signup_from(client, f"c{n}", f"192.0.2.{n + 1}").status_code == 302
    assert signup_from(client, "c-next", "192.0.2.99").status_code == 429


def test_refusals_touch_no_session_database_or_template(
    client: Client, settings: Any, django_assert_num_queries: Any
) -> None:
    """Issue 23 item 6: refused before the session, the database and the templates."""
    settings.SIGNUP_PER_RANGE = 1
    assert signup_from(client, "first", "10.4.4.4").status_code == 302
    client.cookies["sessionid"] = "a" * 32
    data = {"username": "second", "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"}
    with django_assert_num_queries(0):
        refused = client.post("/accounts/signup/", data, REMOTE_ADDR="10.4.4.5")
    assert refused.status_code == 429
    assert not refused.templates
    assert "Cookie" not in refused.get("Vary", "")
    for _ in range(LIMIT):
        login(client, "mei", ip="10.4.4.6")
    with django_assert_num_queries(0):
        refused = login(client, "mei", ip="10.4.4.6")
    assert refused.status_code == 429
    assert not refused.templates


def test_the_refusal_is_in_japanese_under_ja(client: Client, settings: Any) -> None:
    settings.SIGNUP_PER_RANGE = 1
    assert signup_from(client, "first", "10.4.4.4").status_code == 302
    data = {"username": "ni", "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"}
    refused = client.post("/ja/accounts/signup/", data, REMOTE_ADDR="10.4.4.9")
    assert refused.status_code == 429
    assert 'lang="ja"' in refused.content.decode()
    assert "Too many" not in refused.content.decode()


# ---------------------------------------------------------------------- join codes (issue 21.7)
@pytest.fixture
def classroom() -> Any:
    from tests.classroom.conftest import teacher_client
    from tutor.classroom.models import Classroom

    teacher = teacher_client("sensei")
    teacher.post("/tutor/class/new", {"name": "Tuesday club", "rules": "tenhou"})
    return Classroom.objects.get()


def test_join_code_guesses_are_throttled_per_address_but_a_real_code_is_no_guess(
    client: Client, settings: Any, classroom: Any
) -> None:
    """Issue 31 item 5 (and issue 33 item 8c, a school behind one address): after its unknown
    codes an address is refused further unknown codes, but its pupils with the real code join."""
    settings.JOIN_GUESSES = LIMIT
    for n in range(LIMIT):
        response = client.get(f"/tutor/class/join/ZZZ{n:03d}/", REMOTE_ADDR="10.8.8.8")
        assert response.status_code == 404
    fake = client.get("/tutor/class/join/QQQQQQ/", REMOTE_ADDR="10.8.8.8")
    typed_fake = client.post("/tutor/class/join/", {"code": "QQQQQQ"}, REMOTE_ADDR="10.8.8.8")
    for response in (fake, typed_fake):
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
    # Six classmates behind the same address, with the real code: every one gets in.
    for n in range(6):
        classmate = Client()
        url = f"/tutor/class/join/{classroom.code.lower()}/"
        assert classmate.get(url, REMOTE_ADDR="10.8.8.8").status_code == 200, n
        joined = classmate.post(url, {"display_name": f"Pupil {n}"}, REMOTE_ADDR="10.8.8.8")
        assert joined.status_code == 302, n
    typed = client.post("/tutor/class/join/", {"code": classroom.code}, REMOTE_ADDR="10.8.8.8")
    assert typed.status_code == 302
    # Still refused for unknown codes, and another address is not affected.
    assert client.get("/tutor/class/join/QQQQQR/", REMOTE_ADDR="10.8.8.8").status_code == 429
    assert client.get("/tutor/class/join/QQQQQR/", REMOTE_ADDR="10.8.8.9").status_code == 404


def test_a_class_behind_one_address_joins_by_name_without_limit(
    settings: Any, classroom: Any
) -> None:
    """Forty students behind one school address, each joining with the real code and a name:
    none is counted as a guess, none needs an account (so no sign-up cap applies)."""
    settings.JOIN_GUESSES = LIMIT
    settings.SIGNUP_PER_RANGE = LIMIT
    for n in range(40):
        student = Client()
        url = f"/tutor/class/join/{classroom.code}/"
        assert student.get(url, REMOTE_ADDR="10.9.0.1").status_code == 200
        joined = student.post(url, {"display_name": f"Student {n}"}, REMOTE_ADDR="10.9.0.1")
        assert joined.status_code == 302, n


def test_the_teacher_opens_sign_ups_for_a_lesson_from_the_class_page(
    settings: Any, classroom: Any
) -> None:
    """Issue 21 item 7: a class behind one school address; the teacher raises the allowance."""
    from tests.classroom.conftest import teacher_client

    settings.SIGNUP_PER_RANGE = LIMIT
    settings.SIGNUP_CLASS_ALLOWANCE = 4
    student = Client()
    for n in range(LIMIT):
        assert signup_from(student, f"s{n}", "10.20.0.1").status_code == 302
    assert signup_from(student, "late", "10.20.0.1").status_code == 429
    teacher = Client()
    teacher.force_login(classroom.teacher.user)
    page = teacher.get(f"/tutor/class/{classroom.pk}/").content.decode()
    assert 'id="open-signups"' in page
    url = f"/accounts/signup/class/{classroom.pk}/"
    opened = teacher.post(url, REMOTE_ADDR="10.20.0.77")
    assert opened.status_code == 200
    assert "4 more students on this network" in opened.content.decode()
    for n in range(4):
        assert signup_from(student, f"t{n}", "10.20.0.1").status_code == 302
    assert signup_from(student, "later", "10.20.0.1").status_code == 429
    # Only the class's teacher can, and only by POST.
    other = teacher_client("other")
    assert other.post(url, REMOTE_ADDR="10.20.0.77").status_code == 404
    assert Client().post(url).status_code == 404
    assert teacher.get(url).status_code == 405


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (0, "10.1.1.1", "127.0.0.1"),  # no proxy: the header is the client's own, never read
        (1, "10.1.1.1", "10.1.1.1"),
        (1, "6.6.6.6, 10.1.1.1", "10.1.1.1"),  # a forged entry on the left is ignored
        (1, "not-an-address, 10.1.1.1", "10.1.1.1"),
        (2, "6.6.6.6, 10.1.1.1, 192.0.2.7", "10.1.1.1"),  # a CDN, then nginx
        (1, "", "127.0.0.1"),
    ],
)
def test_the_client_address_is_the_one_the_farthest_proxy_saw(
    settings: Any, proxies: int, forwarded: str, client: str
) -> None:
    """DJANGO_PROXY_COUNT proxies append to X-Forwarded-For; django-ipware (configured as
    config/settings.py maps the count) reads the entry the farthest one appended."""
    from django.test import RequestFactory

    settings.AXES_IPWARE_PROXY_COUNT = proxies - 1 if proxies else None
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = (
        ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if proxies else ["REMOTE_ADDR"]
    )
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert throttle.client_address(request) == client


def test_logins_and_sign_ups_hash_one_at_a_time_and_the_others_answer_at_once(
    client: Client, hasher_calls: list[str], settings: Any
) -> None:
    """Issue 31 item 4: a hash costs most of a second of CPU, so a handful of clients posting
    wrong passwords took every worker. With LOGIN_HASH_SLOTS busy, a login or a sign-up is
    refused at once (429, Retry-After 2, no hash, nothing counted) instead of hashing."""
    settings.LOGIN_HASH_SLOTS = 1
    User.objects.create_user("mei", password="a-long-passphrase-9")
    with throttle.hashing_slot() as mine:
        assert mine  # another request hashing
        busy = login(client, "mei", "a-long-passphrase-9")
        assert busy.status_code == 429
        assert busy["Retry-After"] == "2"
        assert b"Many people are logging in right now." in busy.content
        japanese = client.post(
            "/ja/accounts/signup/",
            {"username": "new", "password1": "pw-Kx81-long!", "password2": "pw-Kx81-long!"},
        )
        assert japanese.status_code == 429
        assert "数秒後にもう一度お試しください。" in japanese.content.decode()
        assert not User.objects.filter(username="new").exists()
        with throttle.hashing_slot() as second:
            assert not second  # one slot: taken
    assert hasher_calls == []
    assert throttle.blocked_for("slow:mei") == 0
    # The slot is free again: the login goes through.
    assert login(client, "mei", "a-long-passphrase-9").status_code == 302
    assert hasher_calls == ["mei"]


def test_a_slot_per_core_pair(settings: Any) -> None:
    settings.LOGIN_HASH_SLOTS = 2
    with throttle.hashing_slot() as first, throttle.hashing_slot() as second:
        assert first
        assert second
        with throttle.hashing_slot() as third:
            assert not third
