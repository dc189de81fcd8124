"""``{% load points %}``, ``{{ n|points }}``: points written for the page's language
(scorer/numbers.py): 11,600 in English, 11600 or 1億2345万6789 in Japanese."""

from __future__ import annotations

from django import template

from scorer.numbers import points_text

register = template.Library()


@register.filter
def points(value: object) -> str:
    return points_text(value)
