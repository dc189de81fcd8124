"""Saved hands as requests: reading a hand from a picker or walkthrough URL, and its links."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from config.i18n import strip_language
from tutor.walkthrough.steps import request_from_query, request_query


def query_from_url(url: str) -> str | None:
    """The request query of a picker or walkthrough URL on this site (None for anything else)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    # A link in any language (/ja/tutor/explain or /tutor/explain) names the same hand.
    with translation.override(None):
        pages = (reverse("tutor:explain"), reverse("scorer:picker"))
    if strip_language(parts.path) not in pages:
        return None
    data = request_from_query(QueryDict(parts.query))
    if not str(data.get("hand", "")).strip() or not str(data.get("win", "")).strip():
        return None
    return request_query(data)


def default_title(query: str) -> str:
    data = QueryDict(query)
    return f"{data.get('hand', '')} + {data.get('win', '')}"[:80]


@dataclass
class HandLinks:
    explain: str
    present: str
    picker: str


def links(query: str) -> HandLinks:
    explain = reverse("tutor:explain") + "?" + query
    return HandLinks(explain, explain + "&present=1", reverse("scorer:picker") + "?" + query)
