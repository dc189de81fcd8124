"""Fetching a tenhou.net log link: only tenhou.net log ids, a timeout, the size limit."""

from __future__ import annotations

import io
import urllib.request

import pytest

from scorer.gamelog import MAX_RECORD_BYTES, RecordError
from tutor.review import fetch


class Reply(io.BytesIO):
    def __enter__(self) -> Reply:
        return self

    def __exit__(self, *args: object) -> None:
        self.close()


def test_only_tenhou_log_links_are_recognised():
    assert fetch.log_link("https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1") == (
        "2020051716gm-00a9-0000-7f8226dd"
    )
    assert fetch.log_link("https://evil.example/0/?log=2020051716gm-00a9-0000-7f8226dd") is None
    assert fetch.log_link("https://tenhou.net/0/?log=../../etc") is None


def test_fetch_asks_tenhou_with_a_timeout(monkeypatch):
    seen: dict[str, object] = {}

    def urlopen(url: str, timeout: float) -> Reply:
        seen.update(url=url, timeout=timeout)
        return Reply(b"<mjloggm/>")

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    assert fetch.fetch_log("2020051716gm-00a9-0000-7f8226dd") == b"<mjloggm/>"
    assert seen == {
        "url": "https://tenhou.net/0/log/?2020051716gm-00a9-0000-7f8226dd",
        "timeout": fetch.TIMEOUT_SECONDS,
    }


def test_fetch_refuses_a_record_over_the_limit(monkeypatch):
    monkeypatch.setattr(
        urllib.request, "urlopen", lambda url, timeout: Reply(b" " * (MAX_RECORD_BYTES + 5))
    )
    with pytest.raises(RecordError, match="larger than"):
        fetch.fetch_log("2020051716gm-00a9-0000-7f8226dd")


def test_fetch_turns_a_network_failure_into_a_clear_error(monkeypatch):
    def urlopen(url: str, timeout: float) -> Reply:
        raise TimeoutError("timed out")

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    with pytest.raises(RecordError, match="could not be reached"):
        fetch.fetch_log("2020051716gm-00a9-0000-7f8226dd")
