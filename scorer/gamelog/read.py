"""One entry for any record: ``.mjlog`` XML (plain or gzip, as Tenhou's download gives it) or
the tenhou.net/6 JSON (also as the viewer's link, ``https://tenhou.net/6/#json=...``)."""

from __future__ import annotations

import re
import zlib
from urllib.parse import unquote_to_bytes

from .mjlog import MAX_RECORD_BYTES, read_mjlog
from .model import NO_HANDS, Game, RecordError

#: The tenhou.net/6 viewer's link carrying the whole record after ``#json=`` (converters and
#: reviewers hand these out), plain or percent-encoded.
_VIEWER_LINK = re.compile(rb"^https?://tenhou\.net/[56]/?#json=")
_TENHOU_LOG_LINK = re.compile(rb"^https?://tenhou\.net/\d/\?log=")
_MAHJONGSOUL_LINK = re.compile(rb"^https?://[\w.-]*(mahjongsoul|majsoul|maj-soul)[\w.-]*/", re.I)


def _gunzip(data: bytes) -> bytes:
    """Inflate a gzip record, refusing it as soon as it grows past the size limit (so a small
    file that inflates to gigabytes costs nothing)."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, MAX_RECORD_BYTES + 1)
    except zlib.error:
        raise RecordError("the record is gzip-compressed but damaged") from None
    if len(out) > MAX_RECORD_BYTES or inflater.unconsumed_tail:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    return out


def unpack(data: bytes | str) -> bytes:
    """The record's bytes, inflated when gzip; refused over the size limit."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    if raw[:2] == b"\x1f\x8b":
        raw = _gunzip(raw)
    return raw


def _link(raw: bytes) -> bytes:
    """The record a pasted link carries (the viewer's ``#json=``), or a refusal saying what the
    link is and what would work instead."""
    text = raw.strip()
    if match := _VIEWER_LINK.match(text):
        body = text[match.end() :]
        return body if body.startswith(b"{") else unquote_to_bytes(body)
    if _TENHOU_LOG_LINK.match(text):
        raise RecordError(
            "a tenhou.net log link: download the game's record (.mjlog) and send it",
            kind="tenhou_link",
        )
    if _MAHJONGSOUL_LINK.match(text):
        raise RecordError(
            "a Mahjong Soul game link: Tenbo cannot fetch Mahjong Soul games; convert the game "
            "to tenhou.net/6 JSON (tensoul, or the download script) and send that",
            kind="mahjongsoul_link",
        )
    raise RecordError("not a game record: paste Tenhou's .mjlog XML or the tenhou.net/6 JSON")


def read_record(data: bytes | str) -> Game:
    """Read a game record of either kind; raises :class:`RecordError` (also for a record with
    no finished hand: every surface refuses it alike)."""
    raw = unpack(data)
    stripped = raw.lstrip()
    if stripped[:4].lower() == b"http":
        raw = _link(stripped)
        stripped = raw.lstrip()
    start = stripped[:1]
    if start == b"{":
        from .tenhou6 import read_tenhou6

        game = read_tenhou6(raw)
    elif start == b"<":
        game = read_mjlog(raw)
    else:
        raise RecordError("not a game record: paste Tenhou's .mjlog XML or the tenhou.net/6 JSON")
    if not game.hands:
        raise RecordError(NO_HANDS)
    return game
