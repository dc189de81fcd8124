"""The JSON API: GET and POST, 200 with the result, 400 with the error object, never 500."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WIKI = {"hand": "234m234m456p55s68p", "win": "7p", "tsumo": "1", "riichi": "1", "dora": "9s"}


def test_get(client):
    response = client.get("/api/score", WIKI)
    assert response.status_code == 200
    body = response.json()
    assert (body["han"], body["fu"], body["payments"]["tsumo_others"]) == (4, 30, 3900)


def test_post_json(client):
    data = {**WIKI, "tsumo": True, "riichi": True, "rules": {"preset": "tenhou", "kiriage": True}}
    response = client.post("/api/score", json.dumps(data), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["payments"]["total"] == 12000


def test_get_rules_as_json(client):
    response = client.get("/api/score", {**WIKI, "rules": '{"preset": "mleague"}'})
    assert response.json()["rules"] == "mleague"


def test_bad_input_is_400_with_the_error_object(client):
    response = client.get("/api/score", {"hand": "123x"})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "hand"
    for body in (b"not json", b"[1, 2]", b'"text"', b"\xff\xfe"):
        response = client.post("/api/score", body, content_type="application/json")
        assert response.status_code == 400
        assert response.json()["ok"] is False


def test_method_not_allowed(client):
    assert client.put("/api/score").status_code == 405


@given(st.dictionaries(st.text(max_size=10), st.text(max_size=30), max_size=6))
@settings(
    max_examples=150,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzzed_queries_never_500(client, query):
    response = client.get("/api/score", query)
    assert response.status_code in (200, 400)
    assert "ok" in response.json()


@given(st.binary(max_size=200))
@settings(
    max_examples=100,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_fuzzed_bodies_never_500(client, body):
    response = client.post("/api/score", body, content_type="application/json")
    assert response.status_code in (200, 400)


def test_steps_by_default_and_left_out_with_steps_0(client):
    full = client.get("/api/score", WIKI).json()
    assert full["steps"]
    lean = client.get("/api/score", {**WIKI, "steps": "0"}).json()
    assert "steps" not in lean
    assert lean == {k: v for k, v in full.items() if k != "steps"}
    again = client.get("/api/score", {**WIKI, "steps": "1"}).json()
    assert again == full


def test_steps_in_a_json_body(client):
    data = {**WIKI, "tsumo": True, "riichi": True, "steps": False}
    response = client.post("/api/score", json.dumps(data), content_type="application/json")
    assert response.status_code == 200
    assert "steps" not in response.json()
    assert response.json()["han"] == 4


def test_bad_steps_value_is_a_400(client):
    response = client.get("/api/score", {**WIKI, "steps": "maybe"})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "steps"


def test_a_multipart_form_post_is_a_400_not_a_500(client):
    """The input guard reads form fields first; the API then answers with its error object."""
    response = client.post("/api/score", {"hand": "123m"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_notation"
