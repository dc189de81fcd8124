"""The picker's palette buttons: ``{% load palette %}``, ``{% pal_button t index oob %}``.

A palette has 34-37 buttons and the picker redraws it on many clicks; each button's markup
depends only on its tile, the count left, whether it is enabled, the corner-index switch, the
out-of-band flag, the sprite's URL and the language, so it is built in Python and remembered
(drawing it through template tags and filters cost most of a picker update).
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorer.picker import PaletteTile
from scorer.templatetags.tiles import draw_tile, sprite_url, tile_label

register = template.Library()


@register.simple_tag(takes_context=True)
def pal_button(
    context: template.Context, tile: PaletteTile, index: bool = False, oob: bool = False
) -> SafeString:
    """One palette button: adds its tile; its name says the tile and how many are left."""
    return _button(
        tile.code,
        tile.left,
        bool(tile.enabled),
        bool(index),
        bool(oob),
        sprite_url(context),
        get_language(),
    )


@lru_cache(maxsize=4096)
def _button(
    code: str,
    left: int,
    enabled: bool,
    index: bool,
    oob: bool,
    sprite: str,
    language: str | None,
) -> SafeString:
    name = _("%(tile)s, %(left)s left") % {"tile": escape(tile_label(code)), "left": left}
    code_text = escape(code)
    return mark_safe(  # every value above is escaped; the rest is our own markup
        f'<button type="submit" class="tbtn pal-tile{" is-red" if code[:1] == "0" else ""}"'
        f' name="add" value="{code_text}" id="pal-{code_text}" data-tile="{code_text}"'
        f'{' hx-swap-oob="true"' if oob else ""}\n                aria-label="{name}"'
        f"{'' if enabled else ' disabled'}>{draw_tile(code, index=index, label='', sprite=sprite)}"
        f'<span class="left" aria-hidden="true">{escape(left)}</span></button>'
    )
