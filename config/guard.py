"""Refuse hostile parameters before any view reads them: a NUL byte, or a value longer than any
field needs. One check for every view (pages, the API, the tutor, the quiz), so that no parser
(hand notation, JSON, numbers) ever sees such text and nothing stores it.

PostgreSQL cannot store a NUL in text or JSON, and every field here is short: the longest is a
rules object in JSON (well under 1,000 characters). The answer is 400 with a message naming the
parameter: the API's error object for /api/, a short page otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

#: Longest value of any one parameter (query or form).
MAX_VALUE: Final = 2000
#: Parameters whose values may be long (passwords pass through the hasher's own limits).
EXEMPT: Final = frozenset({"csrfmiddlewaretoken"})


def problem(request: HttpRequest) -> tuple[str, str] | None:
    """The first bad parameter and what is wrong with it, if any."""
    sources = [request.GET]
    if request.method == "POST" and request.content_type != "application/json":
        sources.append(request.POST)
    for source in sources:
        for name, values in source.lists():
            if "\x00" in name:
                return name.replace("\x00", "\\0"), _("A parameter name holds a NUL character.")
            for value in values:
                if "\x00" in value:
                    return name, _("“%(name)s” holds a NUL character.") % {"name": name}
                if len(value) > MAX_VALUE and name not in EXEMPT:
                    return name, _("“%(name)s” is too long: at most %(n)d characters.") % {
                        "name": name,
                        "n": MAX_VALUE,
                    }
    return None


class InputGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = problem(request)
        if found is None:
            return self.get_response(request)
        field, message = found
        if request.path.startswith("/api/"):
            error = {"code": "invalid_notation", "message": message, "field": field}
            return JsonResponse({"ok": False, "error": error}, status=400)
        return render(request, "400.html", {"message": message}, status=400)
