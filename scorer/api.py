"""The JSON API: ``GET /api/score?<fields>`` and ``POST /api/score`` with a JSON body."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.http.request import RawPostDataException
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from scorer.engine import score_request, steps_flag
from scorer.engine.request import EngineError
from scorer.params import loads_json, parse_int

MAX_BODY = 64 * 1024


def _error(code: str, message: str, field: str | None = None) -> JsonResponse:
    return JsonResponse(EngineError(code, message, field).as_dict(), status=400)


def query_to_request(query: dict[str, list[str]]) -> dict[str, object]:
    """Query parameters to a request dict: one value per field (the last one wins)."""
    return {key: values[-1] for key, values in query.items() if values}


@csrf_exempt
@require_http_methods(["GET", "POST"])
def score(request: HttpRequest) -> JsonResponse:
    """Score one hand. Bad input is a 400 with the API.md error object, never a 500.

    ``steps=0`` (query parameter or body field) leaves out the explanation steps; the default
    keeps them, as API.md's result shape has them."""
    if request.method == "POST":
        declared = parse_int(request.META.get("CONTENT_LENGTH") or "0")
        if declared is None or declared > MAX_BODY:
            return _error("invalid_notation", "the request body is too large")
        try:
            body = request.body
        except RequestDataTooBig:
            return _error("invalid_notation", "the request body is too large")
        except RawPostDataException:
            # A multipart form: the input guard has already read it as form fields.
            return _error("invalid_notation", "the body must be a JSON object")
        if len(body) > MAX_BODY:
            return _error("invalid_notation", "the request body is too large")
        try:
            data = loads_json(body or b"{}")
        except (ValueError, UnicodeDecodeError):
            return _error("invalid_notation", "the body must be a JSON object")
        if not isinstance(data, dict):
            return _error("invalid_notation", "the body must be a JSON object")
    else:
        data = query_to_request(dict(request.GET.lists()))
        rules = data.get("rules")
        if isinstance(rules, str) and rules.startswith("{"):
            try:
                data["rules"] = loads_json(rules)
            except ValueError:
                return _error(
                    "invalid_rules", "rules must be a preset name or a JSON object", "rules"
                )
    try:
        # ``steps=0`` leaves the explanation out; it is an option, not a request field.
        steps = steps_flag(data.pop("steps", None))
    except EngineError as exc:
        return JsonResponse(exc.as_dict(), status=400)
    result = score_request(data, steps=steps)
    return JsonResponse(result, status=200 if result.get("ok") else 400)
