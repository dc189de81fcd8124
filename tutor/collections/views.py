"""Saved hands: save the current hand into a collection, reorder, open, share read-only.

Every object is looked up through its owner (the request's learner); a shared collection is
read by its unguessable ``public_id`` and shows no controls to anyone else.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.accounts.learners import learner_for
from tutor.accounts.models import Learner
from tutor.collections import hands, store
from tutor.collections.models import Collection, SavedHand


def _title(value: str | None) -> str:
    return " ".join((value or "").split())[: store.TITLE_MAX]


def _owned(request: HtmxHttpRequest, public_id: str) -> tuple[Collection, Learner]:
    learner = learner_for(request, create=False)
    if learner is None:
        raise Http404
    return get_object_or_404(Collection, public_id=public_id, owner=learner), learner


def _direction(request: HtmxHttpRequest) -> int:
    return -1 if request.POST.get("direction") == "up" else 1


@require_GET
def collection_list(request: HtmxHttpRequest) -> HttpResponse:
    """The learner's collections, in their order, with a form for a new one."""
    learner = learner_for(request, create=False)
    mine = list(learner.collections.all()) if learner else []
    context = {"collections": mine, "is_teacher": bool(learner and learner.is_teacher)}
    if request.htmx:
        return render(request, "collections/list.html#list", context)
    return render(request, "collections/list.html", context)


@require_POST
def collection_create(request: HtmxHttpRequest) -> HttpResponse:
    title = _title(request.POST.get("title"))
    if not title:
        return HttpResponseBadRequest(_("A collection needs a title."))
    learner = learner_for(request)
    assert learner is not None
    collection = store.create_collection(learner, title)
    return redirect("tutor:collection", public_id=collection.public_id)


@require_POST
def collection_move(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    collection, _learner = _owned(request, public_id)
    store.move_collection(collection, _direction(request))
    if request.htmx:
        return collection_list(_as_get(request))
    return redirect("tutor:collections")


@require_POST
def collection_delete(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    collection, _learner = _owned(request, public_id)
    collection.delete()
    return redirect("tutor:collections")


@require_POST
def collection_rename(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    collection, _learner = _owned(request, public_id)
    title = _title(request.POST.get("title"))
    if title:
        collection.title = title
        collection.save(update_fields=["title"])
    return redirect("tutor:collection", public_id=public_id)


def _as_get(request: HtmxHttpRequest) -> HtmxHttpRequest:
    request.method = "GET"
    return request


@require_GET
def collection_detail(
    request: HtmxHttpRequest, public_id: str, removed: SavedHand | None = None
) -> HttpResponse:
    """A collection: its owner may reorder, rename and remove; anyone with the link may read."""
    collection = get_object_or_404(Collection, public_id=public_id)
    learner = learner_for(request, create=False)
    owner = learner is not None and collection.owner_id == learner.pk
    rows = [(h, hands.links(h.query), hands.summary(h.query)) for h in collection.hands.all()]
    context: dict[str, Any] = {
        "collection": collection,
        "rows": rows,
        "owner": owner,
        "share_url": request.build_absolute_uri(
            reverse("tutor:collection", args=[collection.public_id])
        ),
        "is_teacher": bool(owner and learner and learner.is_teacher),
        "removed": removed,
    }
    if request.htmx:
        return render(request, "collections/detail.html#hands", context)
    return render(request, "collections/detail.html", context)


@require_POST
def hand_move(request: HtmxHttpRequest, public_id: str, hand_id: int) -> HttpResponse:
    collection, _learner = _owned(request, public_id)
    hand = get_object_or_404(SavedHand, pk=hand_id, collection=collection)
    store.move_hand(hand, _direction(request))
    if request.htmx:
        return collection_detail(_as_get(request), public_id)
    return redirect("tutor:collection", public_id=public_id)


@require_POST
def hand_delete(request: HtmxHttpRequest, public_id: str, hand_id: int) -> HttpResponse:
    """Remove a hand; the page that comes back offers to undo it (its title, request and place
    travel in the Undo form: nothing is kept on the server)."""
    collection, _learner = _owned(request, public_id)
    hand = get_object_or_404(SavedHand, pk=hand_id, collection=collection)
    hand.delete()
    return collection_detail(_as_get(request), public_id, removed=hand)


@require_POST
def hand_restore(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Undo a removal: the hand back in its place (a request that names no hand is refused)."""
    collection, _learner = _owned(request, public_id)
    query = hands.query_from_url(reverse("tutor:explain") + "?" + request.POST.get("query", ""))
    title = _title(request.POST.get("title"))
    if query is None or not title:
        return HttpResponseBadRequest(_("There is no hand to put back."))
    position = parse_int(request.POST.get("position", ""), 0, 10_000)
    store.restore_hand(collection, title, query, position)
    if request.htmx:
        return collection_detail(_as_get(request), public_id)
    return redirect("tutor:collection", public_id=public_id)


@require_http_methods(["GET", "POST"])
def hand_save(request: HtmxHttpRequest) -> HttpResponse:
    """Save a hand (``from`` = a picker or walkthrough URL) into a collection, or a new one."""
    data = request.POST if request.method == "POST" else request.GET
    source = data.get("from", "")
    query = hands.query_from_url(source)
    # The page the learner saved from (the picker or the walkthrough): they go back to it.
    came_from = data.get("back") or request.headers.get("referer", "")
    back = hands.back_url(came_from, request.get_host())
    learner = learner_for(request, create=request.method == "POST")
    mine = list(learner.collections.all()) if learner else []
    errors: dict[str, str] = {}
    title = _title(data.get("title")) if "title" in data else (hands.default_title(query or ""))
    if query is None:
        errors["from"] = _("There is no complete hand to save: build one in the picker first.")
    if request.method == "POST" and query is not None and learner is not None:
        choice = data.get("collection", "")
        new_title = _title(data.get("new_title"))
        collection = next((c for c in mine if c.public_id == choice), None)
        if not title:
            errors["title"] = _("Give the hand a title.")
        if collection is None and not new_title:
            errors["collection"] = _("Choose a collection or name a new one.")
        if not errors:
            if collection is None:
                collection = store.create_collection(learner, new_title)
            store.save_hand(collection, title, query)
            # Back to the hand, with a way to the collection (issue 22.7).
            messages.success(
                request,
                format_html(
                    '{} <a href="{}" data-testid="saved-link">{}</a>',
                    _("Saved ✓"),
                    reverse("tutor:collection", args=[collection.public_id]),
                    _("Open the collection “%(title)s”") % {"title": collection.title},
                ),
            )
            return redirect(back or source)
    context = {
        "source": source,
        "back": back,
        "query": query,
        "summary": hands.summary(query) if query else None,
        "links": hands.links(query) if query else None,
        "title": title,
        "collections": mine,
        "errors": errors,
        "chosen": data.get("collection", mine[-1].public_id if mine else ""),
        "new_title": data.get("new_title", "" if mine else _("My hands")),
        "is_teacher": bool(learner and learner.is_teacher),
    }
    return render(request, "collections/save.html", context, status=400 if errors else 200)
