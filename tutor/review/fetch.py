"""Fetching a pasted tenhou.net log link, only where the server may reach tenhou.net (the
setting ``TENBO_FETCH_TENHOU``, off by default and in tests), with a timeout and a size limit."""

from __future__ import annotations

import re
import urllib.request
from typing import Final

from django.conf import settings

from scorer.gamelog import MAX_RECORD_BYTES, RecordError

#: A Tenhou log id, as in https://tenhou.net/0/?log=2020051716gm-00a9-0000-7f8226dd&tw=1
LOG_ID: Final = re.compile(
    r"^https?://tenhou\.net/\d/\?log=([0-9]{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8})"
)
TIMEOUT_SECONDS: Final = 10
#: The refusal's reason when tenhou.net does not answer (the page says it in its language).
UNREACHABLE: Final = "tenhou.net could not be reached; download the record and upload it"


def log_link(text: str) -> str | None:
    """The log id of a pasted tenhou.net link, or None when the text is not one."""
    match = LOG_ID.match(text.strip())
    return match[1] if match else None


def fetch_enabled() -> bool:
    return bool(getattr(settings, "TENBO_FETCH_TENHOU", False))


def fetch_log(log_id: str) -> bytes:
    """The record of ``log_id`` from tenhou.net; raises :class:`RecordError`."""
    url = f"https://tenhou.net/0/log/?{log_id}"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            data: bytes = response.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError):
        raise RecordError(
            "tenhou.net could not be reached; download the record and upload it"
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    return data
