"""One entry for any record: ``.mjlog`` XML (plain or gzip, as Tenhou's download gives it) or
the tenhou.net/6 JSON."""

from __future__ import annotations

import zlib

from .mjlog import MAX_RECORD_BYTES, read_mjlog
from .model import Game, RecordError


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


def read_record(data: bytes | str) -> Game:
    """Read a game record of either kind; raises :class:`RecordError`."""
    raw = unpack(data)
    start = raw.lstrip()[:1]
    if start == b"{":
        from .tenhou6 import read_tenhou6

        return read_tenhou6(raw)
    if start == b"<":
        return read_mjlog(raw)
    raise RecordError("not a game record: paste Tenhou's .mjlog XML or the tenhou.net/6 JSON")
