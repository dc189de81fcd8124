"""The picker's tile buttons and selects: ``{% load picker_buttons %}``.

``{% pal_button t index oob %}`` is one palette button, ``{% hand_button code number name
index %}`` one tile of the hand, ``{% options choices chosen %}`` a select's options. A palette
has 34-37 buttons and a hand up to 18 tiles, redrawn on every click; each button's markup
depends only on its arguments, the sprite's URL and the language, so it is built in Python and
remembered (drawing it through template tags and filters cost most of a picker update).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django import template
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_noop
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
        f'{' hx-swap-oob="morph"' if oob else ""}\n                aria-label="{name}"'
        f"{'' if enabled else ' disabled'}>{draw_tile(code, index=index, label='', sprite=sprite)}"
        f'<span class="left" aria-hidden="true">{escape(left)}</span></button>'
    )


#: A hand tile's button label per action (the ``name`` the button submits).
_HAND_LABELS = {
    "setwin": gettext_noop("Make %(tile)s the winning tile"),
    "take": gettext_noop("Remove %(tile)s"),
}


@register.simple_tag(takes_context=True)
def hand_button(
    context: template.Context, code: str, number: int, name: str, index: bool = False
) -> SafeString:
    """The ``number``-th tile of its kind in the hand (``hand-3m-2``: ids that a tile added
    elsewhere does not shift); a click sends ``name=code`` (``take`` or ``setwin``)."""
    return _hand_button(
        str(code), int(number), str(name), bool(index), sprite_url(context), get_language()
    )


@lru_cache(maxsize=4096)
def _hand_button(
    code: str, number: int, name: str, index: bool, sprite: str, language: str | None
) -> SafeString:
    label = _(_HAND_LABELS[name]) % {"tile": escape(tile_label(code))}
    code_text = escape(code)
    return mark_safe(  # every value above is escaped; the rest is our own markup
        f'<button type="submit" class="tbtn hand-tile" name="{escape(name)}" value="{code_text}"'
        f' id="hand-{code_text}-{number}"\n                aria-label="{label}">'
        f"{draw_tile(code, index=index, label='', sprite=sprite)}</button>"
    )


@register.simple_tag
def options(choices: Iterable[tuple[object, object]], chosen: object) -> SafeString:
    """A select's ``<option>`` list, ``chosen`` selected (the picker's rule selects redraw on
    every update of the situation panel)."""
    return mark_safe(  # every value and label is escaped
        "".join(
            f'<option value="{conditional_escape(str(value))}"'
            f"{' selected' if value == chosen else ''}>{conditional_escape(str(label))}</option>"
            for value, label in choices
        )
    )
