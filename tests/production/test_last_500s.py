"""The last 500s of issue 23 item 2, each with its exact repro, on SQLite and (make test's second
pass) PostgreSQL; then the converters that make the class impossible."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter, StringConverter
from django.urls.resolvers import RoutePattern
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.converters import MAX_ID, BoundedIntConverter, GuardedStringConverter
from tests.classroom.conftest import World, _fast_passwords, join_by_name, teacher_client, world
from tests.production.test_fuzz_views import URLS, params

pytestmark = pytest.mark.django_db

__all__ = ["_fast_passwords", "world"]  # the classroom fixtures, used here too

BIG = str(2**63)


def test_live_new_with_a_classroom_that_is_no_number(world: World) -> None:
    hand = "/tutor/explain?hand=234m234m456p55s68p&win=7p"
    response = world.teacher.post("/tutor/class/live/new", {"from": hand, "classroom": "abc"})
    assert response.status_code == 404
    response = world.teacher.post("/tutor/class/live/new", {"from": hand, "classroom": BIG})
    assert response.status_code == 404


@pytest.mark.parametrize(
    "tail",
    ["/", "/live/play", "/live/state", "/live/answer", "/a/1/", "/a/1/answer", "/a/0/results.csv"],
)
def test_class_ids_past_the_database_range_are_404(world: World, tail: str) -> None:
    student = world.students["Aki"]
    for client in (student, world.teacher, Client()):
        for pk in (BIG, str(2**64), "9" * 30):
            url = f"/tutor/class/{pk}{tail}"
            assert client.get(url).status_code == 404, url
            assert client.post(url, {"answer": "1"}).status_code in (403, 404, 405), url


def test_the_largest_id_still_matches_its_route(world: World) -> None:
    assert world.students["Aki"].get(f"/tutor/class/{MAX_ID}/").status_code == 404


@pytest.mark.parametrize("charset", ["base64", "rot13", "zlib", "hex", "bz2_codec", "uu"])
@pytest.mark.parametrize("url", ["/api/score?hand=234m234m456p55s68p&win=7p", "/tutor/"])
def test_an_odd_content_type_charset_is_not_a_500(charset: str, url: str) -> None:
    """Through the real WSGI application (config/wsgi.py): Django applied the charset while
    building the request, before any middleware."""
    from config.wsgi import application

    path, _sep, query = url.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "CONTENT_TYPE": f"text/plain; charset={charset}",
        "CONTENT_LENGTH": "5",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "localhost",
        "wsgi.input": io.BytesIO(b"hello"),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    status: list[str] = []
    body = b"".join(application(environ, lambda s, h, *a: status.append(s)))
    assert status
    assert not status[0].startswith("5"), (status, body[:200])


@pytest.mark.parametrize(
    "url",
    [
        "/tutor/collections/%00/",
        "/tutor/collections/%00/rename",
        "/tutor/class/join/%00/",
        "/tutor/class/join/A%00B/",
        "/tutor/collections/" + "x" * 300 + "/",
    ],
)
def test_nul_in_a_path_segment_is_404(url: str) -> None:
    client = Client(raise_request_exception=False)
    assert client.get(url).status_code == 404
    assert client.post(url, {"display_name": "Aki", "name": "x"}).status_code in (403, 404)


def test_nul_in_the_session_cookie_is_no_session() -> None:
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "abc\x00defghijklmnop"
    assert client.get("/tutor/quiz/").status_code == 200
    client.cookies["sessionid"] = "x" * 5000
    assert client.get("/tutor/quiz/").status_code == 200


@pytest.mark.parametrize("length", [151, 255, 256, 1000, 5000])
def test_a_long_login_username_is_refused_not_a_500(length: int) -> None:
    client = Client(raise_request_exception=False)
    response = client.post(
        "/accounts/login/", {"username": "u" * length, "password": "whatever-it-is"}
    )
    assert response.status_code in (200, 400), response.status_code


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("url", ["/", "/api/score", "/tutor/quiz/", "/no-such-page"])
def test_more_than_200_query_parameters_is_400_in_every_mode(
    settings: Any, debug: bool, url: str
) -> None:
    settings.DEBUG = debug
    client = Client(raise_request_exception=False)
    query = "&".join(f"p{n}=1" for n in range(201))
    response = client.get(f"{url}?{query}")
    assert response.status_code == 400
    if url.startswith("/api/"):
        assert response.json()["error"]["message"].startswith("Too many parameters")
    # 200 is still fine.
    query = "&".join(f"p{n}=1" for n in range(200))
    assert client.get(f"{url}?{query}").status_code != 400 or url == "/api/score"


@pytest.mark.parametrize("debug", [False, True])
def test_more_than_200_form_fields_is_400_in_every_mode(settings: Any, debug: bool) -> None:
    settings.DEBUG = debug
    client = Client(raise_request_exception=False)
    data = {f"p{n}": "1" for n in range(250)}
    assert client.post("/tutor/explain", data).status_code == 400
    assert client.post("/api/score", data).status_code == 400
    assert client.post("/accounts/login/", data).status_code == 400
    assert client.post("/accounts/signup/", data).status_code == 400


def test_a_foreign_host_is_400_with_debug_off(settings: Any) -> None:
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    for url in ("/", "/ja/", "/tutor/quiz/", "/api/score", "/no-such-page"):
        assert client.get(url, headers={"host": "evil.example"}).status_code == 400, url


# ---------------------------------------------------------------------- the class made impossible
def _patterns(patterns: list[Any]) -> list[RoutePattern]:
    found: list[RoutePattern] = []
    for entry in patterns:
        if isinstance(entry.pattern, RoutePattern):
            found.append(entry.pattern)
        if isinstance(entry, URLResolver):
            found += _patterns(entry.url_patterns)
        else:
            assert isinstance(entry, URLPattern)
    return found


def test_every_int_and_str_path_parameter_is_bounded() -> None:
    routes = _patterns(get_resolver().url_patterns)
    converters = [c for p in routes for c in p.converters.values()]
    assert any(isinstance(c, BoundedIntConverter) for c in converters)
    assert any(isinstance(c, GuardedStringConverter) for c in converters)
    for converter in converters:
        assert type(converter) not in (IntConverter, StringConverter), converter


def test_a_student_and_teacher_never_see_a_500_on_any_classroom_route(world: World) -> None:
    """Every route of the URL conf with an int or str parameter, with hostile values, as the
    class's teacher, a student, another teacher and anonymous."""
    other = teacher_client("other")
    extra = join_by_name(world.classroom, "Chi")
    clients = [world.teacher, world.students["Aki"], other, extra, Client()]
    for client in clients:
        client.raise_request_exception = False
    hostile = [u for u in URLS if BIG in u or "%00" in u or "9" * 30 in u]
    assert hostile
    for url in hostile:
        for client in clients:
            assert client.get(url).status_code < 500, url
            assert client.post(url, {"answer": "1"}).status_code < 500, url


def _people_urls(pk: int) -> list[str]:
    """Every route of the URL conf, its integers the class's id, 1, 0 and past 2**63, its text
    segments real and hostile (tests/production/test_fuzz_views.py's fillers)."""
    urls = set()
    for url in URLS:
        urls.add(url)
        if "/tutor/class/1/" in url:
            urls.add(url.replace("/tutor/class/1/", f"/tutor/class/{pk}/"))
    return sorted(urls)


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_no_request_of_the_people_of_a_class_makes_a_500(world: World, data: Any) -> None:
    """Hypothesis over the whole URL conf as a class's teacher and student (both databases:
    make test's PostgreSQL pass runs this file again)."""
    urls = _people_urls(world.classroom.pk)
    url = data.draw(st.sampled_from(urls), label="url")
    fields = data.draw(params, label="params")
    for client in (world.teacher, world.students["Aki"]):
        client.raise_request_exception = False
        assert client.get(url, fields).status_code < 500, (url, fields)
        assert client.post(url, fields).status_code < 500, (url, fields)
