"""Game records (Tenhou's ``.mjlog`` XML and the tenhou.net/6 JSON) -> hands -> score requests
plus what the record says. Pure standard-library Python beside the engine (and ``defusedxml``
for the XML); no Django import."""

from __future__ import annotations

from .mjlog import MAX_RECORD_BYTES, read_mjlog
from .model import Game, GameRules, Hand, Recorded, RecordError, Win
from .read import read_record

__all__ = [
    "MAX_RECORD_BYTES",
    "Game",
    "GameRules",
    "Hand",
    "RecordError",
    "Recorded",
    "Win",
    "read_mjlog",
    "read_record",
]
