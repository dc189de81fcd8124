"""Refuse hostile parameters before any view reads them: a NUL byte, or a value longer than any
field needs. One check for every view (pages, the API, the tutor, the quiz), so that no parser
(hand notation, JSON, numbers) ever sees such text and nothing stores it.

PostgreSQL cannot store a NUL in text or JSON, and every field here is short: the longest is a
rules object in JSON (well under 1,000 characters). The API answers 400 with its error object
naming the parameter. A page whose form has a field for the parameter (a view marked with
:func:`field_errors`: the picker, the calculator, the walkthrough, the quiz answer) is shown
with the message beside that field: the guard removes the parameter, so no parser sees it, and
hands the message to the view (:func:`input_errors`). Any other page answers with a short 400
page naming the parameter.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Final, TypeVar

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _

#: Longest value of any one parameter (query or form).
MAX_VALUE: Final = 2000
#: Parameters whose values may be long (passwords pass through the hasher's own limits).
#: ``record``: a pasted game record (tutor/review), refused by its own size limit instead.
EXEMPT: Final = frozenset({"csrfmiddlewaretoken", "record"})


View = TypeVar("View", bound=Callable[..., Any])


def problems(request: HttpRequest) -> list[tuple[str, str]]:
    """Every bad parameter (once) and what is wrong with it, in the order they came."""
    sources = [request.GET]
    if request.method == "POST" and request.content_type != "application/json":
        sources.append(request.POST)
    found: dict[str, str] = {}
    for source in sources:
        for name, values in source.lists():
            if "\x00" in name:
                key = name.replace("\x00", "\\0")
                found.setdefault(key, _("A parameter name holds a NUL character."))
                continue
            for value in values:
                if "\x00" in value:
                    found.setdefault(name, _("“%(name)s” holds a NUL character.") % {"name": name})
                elif len(value) > MAX_VALUE and name not in EXEMPT:
                    message = _("“%(name)s” is too long: at most %(n)d characters.") % {
                        "name": name,
                        "n": MAX_VALUE,
                    }
                    found.setdefault(name, message)
    return list(found.items())


def problem(request: HttpRequest) -> tuple[str, str] | None:
    """The first bad parameter and what is wrong with it, if any."""
    found = problems(request)
    return found[0] if found else None


def field_errors(fields: Collection[str] | Callable[[str], bool]) -> Callable[[View], View]:
    """Mark a page view whose form has a field for each parameter in ``fields`` (or for which
    ``fields(name)`` is true): a refused value of one of them reaches the view as that field's
    error (:func:`input_errors`) instead of a 400 page."""
    accepts = fields if callable(fields) else frozenset(fields).__contains__

    def mark(view: View) -> View:
        view.guard_accepts = accepts  # type: ignore[attr-defined]
        return view

    return mark


def input_errors(request: HttpRequest) -> dict[str, str]:
    """The refused parameters of this request, by name, with their messages (the view shows
    each beside its field; the parameters themselves have been removed)."""
    return dict(getattr(request, "guard_errors", {}))


class InputGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = problems(request)
        if found and request.path.startswith("/api/"):
            field, message = found[0]
            error = {"code": "invalid_notation", "message": message, "field": field}
            return JsonResponse({"ok": False, "error": error}, status=400)
        request.guard_problems = found  # type: ignore[attr-defined]
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> HttpResponse | None:
        """A page view: its own fields' errors, or the 400 page for anything else."""
        found: list[tuple[str, str]] = getattr(request, "guard_problems", [])
        if not found:
            return None
        accepts: Callable[[str], bool] | None = getattr(view, "guard_accepts", None)
        if accepts is None or not all(accepts(name) for name, _message in found):
            response = render(request, "400.html", {"message": found[0][1]}, status=400)
            if request.headers.get("HX-Request"):
                # Pages swap a 400 into their target (templates/base.html's htmx-config): it is
                # the form with its field errors. This one is a whole page: left unswapped.
                response["HX-Reswap"] = "none"
            return response
        request.GET = _without(request.GET, found)  # type: ignore[assignment]
        if request.method == "POST":
            request.POST = _without(request.POST, found)  # type: ignore[assignment]
        request.guard_errors = dict(found)  # type: ignore[attr-defined]
        return None


def _without(data: QueryDict, found: list[tuple[str, str]]) -> QueryDict:
    """A copy of ``data`` without the refused parameters (no parser ever sees their values)."""
    kept = data.copy()
    for name, _message in found:
        kept.pop(name, None)
    kept._mutable = False
    return kept
