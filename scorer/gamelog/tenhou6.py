"""The tenhou.net/6 viewer JSON -> :class:`Game` (not yet read: refused with a clear error)."""

from __future__ import annotations

from .model import Game, RecordError


def read_tenhou6(raw: bytes) -> Game:
    raise RecordError("tenhou.net/6 JSON records cannot be read yet; upload the .mjlog instead")
