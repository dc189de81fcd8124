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

import codecs
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final, TypeVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.http import parse_header_parameters
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
        try:
            sources.append(request.POST)
        except TooManyFieldsSent:
            return [("", too_many_fields())]
        except RequestDataTooBig:
            return [("", _("The request is too large."))]
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


def too_many_fields() -> str:
    return _("Too many parameters: at most %(n)d.") % {"n": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS}


def bad_request(request: HttpRequest, field: str, message: str) -> HttpResponse:
    """The API's error object for /api/, the short 400 page for anything else."""
    if request.path.startswith("/api/"):
        error = {"code": "invalid_notation", "message": message, "field": field or None}
        return JsonResponse({"ok": False, "error": error}, status=400)
    response = render(request, "400.html", {"message": message}, status=400)
    if request.headers.get("HX-Request"):
        # Pages swap a 400 into their target (templates/base.html's htmx-config): it is
        # the form with its field errors. This one is a whole page: left unswapped.
        response["HX-Reswap"] = "none"
    return response


class TooManyParametersMiddleware:
    """First of all: more query parameters than Django reads (DATA_UPLOAD_MAX_NUMBER_FIELDS)
    is a 400 here, counted on the raw query string, before anything parses it. Left to
    Django, reading ``request.GET`` raised, and with DEBUG on the debug page read it again
    while reporting that (a 500 after seconds)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        query = request.META.get("QUERY_STRING", "")
        # Counted as Python's parse_qsl counts them for Django (one more than the "&"s).
        if limit is not None and query and query.count("&") + 1 > limit:
            return bad_request(request, "", too_many_fields())
        return self.get_response(request)


def text_charset_only(
    application: Callable[[dict[str, Any], Any], Iterable[bytes]],
) -> Callable[[dict[str, Any], Any], Iterable[bytes]]:
    """WSGI wrapper (config/wsgi.py): a Content-Type whose charset is no text encoding
    (``base64``, ``rot13``, ``zlib``, ``hex``: codecs Python knows, but for bytes) loses that
    charset, so the body is read as UTF-8 like one with an unknown charset. Django applied it
    while building the request, before any middleware, and answered a 500 on every URL."""

    def guarded(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        content_type = environ.get("CONTENT_TYPE", "")
        if "charset" in content_type.lower():
            environ["CONTENT_TYPE"] = _text_charset_only(content_type)
        return application(environ, start_response)

    return guarded


def _text_charset_only(content_type: str) -> str:
    try:
        main, params = parse_header_parameters(content_type)
    except ValueError:
        return content_type  # Django answers 400 for that itself
    charset = params.get("charset")
    if charset is None:
        return content_type
    try:
        if codecs.lookup(charset)._is_text_encoding:
            return content_type
    except LookupError:
        return content_type  # Django ignores an unknown charset
    kept = "; ".join(f"{k}={v}" for k, v in params.items() if k != "charset")
    return f"{main}; {kept}" if kept else main


class InputGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        found = problems(request)
        if found and (request.path.startswith("/api/") or not found[0][0]):
            # The API, or the request as a whole (too many fields, too large): refused here.
            return bad_request(request, *found[0])
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
            return bad_request(request, *found[0])
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
