"""A refused oversized body closes its connection (issue 23 item 3): gunicorn answered
"Connection: keep-alive", then dropped the next request sent on that connection."""

from __future__ import annotations

import http.client
from pathlib import Path

from tests.production.servers import gunicorn, production_env

SCORE = "/api/score?hand=234m234m456p55s68p&win=7p"


def test_a_refused_1_mb_body_says_connection_close_and_the_next_request_is_served(
    tmp_path: Path, collected_static: Path
) -> None:
    env = production_env(DJANGO_STATIC_ROOT=str(collected_static))
    with gunicorn(env, tmp_path / "gunicorn.log", workers=1, threads=2) as base:
        port = int(base.rsplit(":", 1)[1])
        for _ in range(5):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            body = b"a=" + b"x" * (1024 * 1024)
            headers = {"Content-Type": "application/x-www-form-urlencoded"}
            conn.request("POST", "/api/score", body=body, headers=headers)
            refused = conn.getresponse()
            refused.read()
            assert refused.status == 400
            assert refused.getheader("Connection") == "close"
            conn.request("GET", SCORE)  # http.client opens a new connection, as told
            served = conn.getresponse()
            served.read()
            assert served.status == 200
            conn.close()
        # A small body keeps its connection.
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/score", body=b"a=1", headers=headers)
        small = conn.getresponse()
        small.read()
        assert small.getheader("Connection") == "keep-alive"
        conn.close()
