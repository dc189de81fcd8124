"""Saved hands: save the current hand into a collection, reorder, open, share read-only.

Every object is looked up through its owner (the request's learner); a shared collection is
read by its unguessable ``public_id`` and shows no controls to anyone else.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer.http import HtmxHttpRequest
from tutor.accounts.learners import learner_for
from tutor.accounts.models import Learner
from tutor.collections import hands, store
from tutor.collections.models import Collection, SavedHand

TITLE_MAX = 80


def _title(value: str | None) -> str:
    return " ".join((value or "").split())[:TITLE_MAX]


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
def collection_detail(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """A collection: its owner may reorder, rename and remove; anyone with the link may read."""
    collection = get_object_or_404(Collection, public_id=public_id)
    learner = learner_for(request, create=False)
    owner = learner is not None and collection.owner_id == learner.pk
    rows = [(h, hands.links(h.query)) for h in collection.hands.all()]
    context: dict[str, Any] = {
        "collection": collection,
        "rows": rows,
        "owner": owner,
        "share_url": request.build_absolute_uri(
            reverse("tutor:collection", args=[collection.public_id])
        ),
        "is_teacher": bool(owner and learner and learner.is_teacher),
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
    collection, _learner = _owned(request, public_id)
    get_object_or_404(SavedHand, pk=hand_id, collection=collection).delete()
    if request.htmx:
        return collection_detail(_as_get(request), public_id)
    return redirect("tutor:collection", public_id=public_id)


@require_http_methods(["GET", "POST"])
def hand_save(request: HtmxHttpRequest) -> HttpResponse:
    """Save a hand (``from`` = a picker or walkthrough URL) into a collection, or a new one."""
    data = request.POST if request.method == "POST" else request.GET
    source = data.get("from", "")
    query = hands.query_from_url(source)
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
            return redirect("tutor:collection", public_id=collection.public_id)
    context = {
        "source": source,
        "query": query,
        "links": hands.links(query) if query else None,
        "title": title,
        "collections": mine,
        "errors": errors,
        "chosen": data.get("collection", mine[-1].public_id if mine else ""),
        "new_title": data.get("new_title", "" if mine else _("My hands")),
        "is_teacher": bool(learner and learner.is_teacher),
    }
    return render(request, "collections/save.html", context, status=400 if errors else 200)
