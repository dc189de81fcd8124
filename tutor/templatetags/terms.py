"""Names of yaku and limits with their kanji beside the romaji on English pages (Riichi 立直),
and Japanese number formats: ``{% load terms %}``. The data lives in tutor/course/names.py."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from tutor.course.names import LIMIT_KANJI, YAKU_KANJI, kanji_span, limit_html, yaku_html

register = template.Library()


@register.filter
def yaku_name(label: object, yaku_id: str) -> SafeString:
    """``{{ label|yaku_name:id }}``: the shown label, plus its kanji on English pages."""
    return yaku_html(str(yaku_id), label)


@register.filter
def limit_name(label: object, limit: str | None) -> SafeString:
    """``{{ label|limit_name:limit_id }}``: the shown label, plus its kanji on English pages."""
    return limit_html(limit, label)


@register.filter
def yaku_kanji(yaku_id: object) -> SafeString:
    """``{{ id|yaku_kanji }}``: " 立直" as a ``lang="ja"`` span on English pages, else nothing
    (for labels that must stay as they are, e.g. inside a test hook)."""
    return kanji_span(YAKU_KANJI.get(str(yaku_id)))


@register.filter
def limit_kanji(limit: object) -> SafeString:
    """``{{ limit_id|limit_kanji }}``: " 満貫" as a ``lang="ja"`` span on English pages."""
    return kanji_span(LIMIT_KANJI.get(str(limit)))
