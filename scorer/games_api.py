"""``POST /api/games``: a game record in (the body: ``.mjlog`` XML, gzip or not, or the
tenhou.net/6 JSON; or a JSON object ``{"record": "<the record as text>"}``), every hand out with
each win's score request, what Tenhou recorded and what Tenbo computes (docs/API.md §10)."""

from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from scorer.engine.request import EngineError
from scorer.gamelog import MAX_RECORD_BYTES, RecordError, read_record
from scorer.gamelog.check import game_report
from scorer.params import parse_int

#: Form encodings: Django would parse these bodies as fields; the record is sent as the body.
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _error(message: str) -> JsonResponse:
    return JsonResponse(EngineError("invalid_record", message, "record").as_dict(), status=400)


def record_from_body(body: bytes) -> bytes:
    """The record in a body: the body itself, or the ``record`` of a JSON object holding one."""
    if body.lstrip()[:1] == b"{":
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise RecordError("the body is not valid JSON") from None
        if isinstance(data, dict) and isinstance(data.get("record"), str):
            return str(data["record"]).encode("utf-8")
    return body


@csrf_exempt
@require_POST
def games(request: HttpRequest) -> JsonResponse:
    """Read a record and review every win; 400 with API.md's error object for bad input."""
    if request.content_type in _FORMS:
        return _error("send the record as the request body, not as a form")
    declared = parse_int(request.META.get("CONTENT_LENGTH") or "0")
    if declared is None or declared > MAX_RECORD_BYTES:
        return _error(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    body = request.read(MAX_RECORD_BYTES + 1)
    if len(body) > MAX_RECORD_BYTES:
        return _error(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
    try:
        game = read_record(record_from_body(body))
    except RecordError as exc:
        return JsonResponse(exc.as_dict(), status=400)
    return JsonResponse(game_report(game))
