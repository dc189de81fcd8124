"""Tiles in running text: ``{% load prose %}``, ``{{ sentence|tiles_drawn }}``.

A sentence built from the engine's trace may carry tiles in the compact notation ("won on 7p",
"234m has no terminal"). A learner reads tiles, not codes (issue 28): each notation token is drawn
as small tile images in the line of text, each named for screen readers (alt), the token kept
only in a ``data-tiles`` attribute for tools. Everything else in the sentence is escaped as usual.
"""

from __future__ import annotations

import re

from django import template
from django.templatetags.static import static
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from scorer.engine.tiles import is_valid_code
from scorer.templatetags.tiles import tile_label

register = template.Library()

#: A run of notation groups (234m, 456678p55s, 7p) standing alone: not inside a word or number.
NOTATION = re.compile(r"(?<![0-9A-Za-z])((?:[0-9]+[mpsz])+)(?![0-9A-Za-z])")
GROUP = re.compile(r"([0-9]+)([mpsz])")


def notation_codes(token: str) -> list[str]:
    """ "234m55s" -> ["2m", "3m", "4m", "5s", "5s"]."""
    return [digit + suit for digits, suit in GROUP.findall(token) for digit in digits]


def _drawn(match: re.Match[str]) -> str:
    token = match.group(1)
    codes = notation_codes(token)
    if not codes or not all(is_valid_code(code) for code in codes):
        return token
    images = format_html_join(
        "",
        '<img class="tile-inline" src="{}" alt="{}" title="{}" width="60" height="80">',
        ((static(f"tiles/{code}.svg"), tile_label(code), tile_label(code)) for code in codes),
    )
    return format_html('<span class="tiles-inline" data-tiles="{}">{}</span>', token, images)


@register.filter
def tiles_drawn(text: object) -> SafeString:
    """The sentence, escaped, with each notation token drawn as tiles."""
    escaped = str(conditional_escape(text if isinstance(text, str) else str(text)))
    return mark_safe(NOTATION.sub(_drawn, escaped))  # escaped above; the tiles are format_html
