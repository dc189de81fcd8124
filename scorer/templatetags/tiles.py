"""Tile drawing for every page: ``{% load tiles %}``.

``{% tile "5p" %}`` draws one tile from the sprite ``static/tiles/tiles.svg`` with an accessible
name ("5 of circles"). Options: ``size="sm"|"md"|"lg"``, ``sideways=True`` (a called tile),
``face_down=True`` (the back; the name says which tile it hides), ``index=True`` (a small "5p"
in the corner for beginners), ``stacked="5p"`` (an added kan: a second sideways tile on top),
``label="..."`` (another accessible name; ``label=""`` hides the tile from screen readers
when the surrounding button already names it).

On a page that swaps many tiles (the picker), put ``{% tile_sprite %}`` once outside the
swapped region and set ``tiles_inline`` in the context: tiles then point at the inline sprite
(``#t-5p``), which the browser neither fetches nor revalidates again on each swap.

``{% meld meld %}`` draws a whole meld (a :class:`~scorer.engine.notation.Meld` or its
notation, e.g. ``"[5=55p]"``): called tiles sideways, added kans stacked, closed kans with the
outer two face down. ``{{ "0p"|tile_label }}`` is the tile's name ("red five of circles").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_noop, pgettext
from django.utils.translation import gettext as _

from scorer.engine.notation import Meld, MeldKind, NotationError, parse_hand
from scorer.engine.tiles import is_valid_code, sort_key, tile_name

register = template.Library()

SIZES = ("xs", "sm", "md", "lg")


#: Every tile's name, one whole translatable label each (Japanese: 一萬, 赤五筒, 東, 白 ...);
#: the English is the engine's ``tile_name``.
TILE_NAMES: Final[dict[str, str]] = {
    "1m": gettext_noop("1 of characters"),
    "2m": gettext_noop("2 of characters"),
    "3m": gettext_noop("3 of characters"),
    "4m": gettext_noop("4 of characters"),
    "5m": gettext_noop("5 of characters"),
    "6m": gettext_noop("6 of characters"),
    "7m": gettext_noop("7 of characters"),
    "8m": gettext_noop("8 of characters"),
    "9m": gettext_noop("9 of characters"),
    "0m": gettext_noop("red five of characters"),
    "1p": gettext_noop("1 of circles"),
    "2p": gettext_noop("2 of circles"),
    "3p": gettext_noop("3 of circles"),
    "4p": gettext_noop("4 of circles"),
    "5p": gettext_noop("5 of circles"),
    "6p": gettext_noop("6 of circles"),
    "7p": gettext_noop("7 of circles"),
    "8p": gettext_noop("8 of circles"),
    "9p": gettext_noop("9 of circles"),
    "0p": gettext_noop("red five of circles"),
    "1s": gettext_noop("1 of bamboo"),
    "2s": gettext_noop("2 of bamboo"),
    "3s": gettext_noop("3 of bamboo"),
    "4s": gettext_noop("4 of bamboo"),
    "5s": gettext_noop("5 of bamboo"),
    "6s": gettext_noop("6 of bamboo"),
    "7s": gettext_noop("7 of bamboo"),
    "8s": gettext_noop("8 of bamboo"),
    "9s": gettext_noop("9 of bamboo"),
    "0s": gettext_noop("red five of bamboo"),
    "1z": gettext_noop("East wind"),
    "2z": gettext_noop("South wind"),
    "3z": gettext_noop("West wind"),
    "4z": gettext_noop("North wind"),
    "5z": gettext_noop("white dragon"),
    "6z": gettext_noop("green dragon"),
    "7z": gettext_noop("red dragon"),
}


@register.filter
def tile_label(code: str) -> str:
    """The tile's name for people and screen readers ("red five of circles", 赤五筒)."""
    if not isinstance(code, str) or not is_valid_code(code):
        return str(code)
    return _(TILE_NAMES.get(code.replace("h", "z"), tile_name(code)))


def _index_text(code: str) -> str:
    return ("5" if code[0] == "0" else code[0]) + code[1]


def _use(code: str, transform: str = "", sprite: str = "") -> SafeString:
    href = sprite + "#t-" + code
    if transform:
        return format_html(
            '<use href="{}" width="60" height="80" transform="{}"/>', href, transform
        )
    return format_html('<use href="{}" width="60" height="80"/>', href)


@cache
def _sprite_text() -> str:
    found = finders.find("tiles/tiles.svg")
    path = Path(found if isinstance(found, str) else "")
    text = path.read_text(encoding="utf-8") if path.is_file() else "<svg></svg>"
    # The symbols' English <title>s are for the file on its own; inline, the sprite is hidden
    # and every tile is named by its own (translated) label.
    text = re.sub(r"<title>[^<]*</title>", "", text)
    return text.replace(
        "<svg ",
        '<svg aria-hidden="true" focusable="false" class="tile-sprite" ',
        1,
    )


@register.simple_tag
def tile_sprite() -> SafeString:
    """The whole tile sprite inline (once per page), for ``tiles_inline`` pages."""
    return mark_safe(_sprite_text())  # our own generated static file


@register.simple_tag(takes_context=True)
def tile(
    context: template.Context,
    code: str,
    size: str = "md",
    sideways: bool = False,
    face_down: bool = False,
    index: bool = False,
    stacked: str = "",
    label: str | None = None,
) -> SafeString:
    """One tile as inline SVG using the sprite (see the module docstring for the options)."""
    return draw_tile(
        code,
        size=size,
        sideways=sideways,
        face_down=face_down,
        index=index,
        stacked=stacked,
        label=label,
        sprite=sprite_url(context),
    )


def sprite_url(context: template.Context) -> str:
    """The sprite's URL for the tiles' ``<use href>`` ("" when ``tiles_inline``), looked up
    once per render (a hashed static name costs a manifest lookup; a page draws many tiles)."""
    found = context.render_context.get("tiles_sprite_url")
    if isinstance(found, str):
        return found
    url = "" if context.get("tiles_inline") else static("tiles/tiles.svg")
    context.render_context["tiles_sprite_url"] = url
    return url


def draw_tile(
    code: str,
    size: str = "md",
    sideways: bool = False,
    face_down: bool = False,
    index: bool = False,
    stacked: str = "",
    label: str | None = None,
    inline: bool = False,
    sprite: str | None = None,
) -> SafeString:
    """The markup of one tile (the ``{% tile %}`` tag; ``inline`` uses the inline sprite,
    ``sprite`` is the sprite's URL when already known)."""
    if sprite is None:
        sprite = "" if inline else static("tiles/tiles.svg")
    try:
        return _drawn(
            code, size, sideways, face_down, index, stacked, label, sprite, get_language()
        )
    except TypeError:  # an unhashable argument from a template: drawn without the cache
        return _draw_tile(code, size, sideways, face_down, index, stacked, label, sprite)


@lru_cache(maxsize=4096)
def _drawn(
    code: str,
    size: str,
    sideways: bool,
    face_down: bool,
    index: bool,
    stacked: str,
    label: str | None,
    sprite: str,
    language: str | None,
) -> SafeString:
    """:func:`_draw_tile`, remembered per language: the markup depends on nothing else."""
    return _draw_tile(code, size, sideways, face_down, index, stacked, label, sprite)


def _draw_tile(
    code: str,
    size: str,
    sideways: bool,
    face_down: bool,
    index: bool,
    stacked: str,
    label: str | None,
    sprite: str,
) -> SafeString:
    if not isinstance(code, str) or not is_valid_code(code):
        return format_html('<span class="tile tile-{} tile-bad">?</span>', size)
    size = size if size in SIZES else "md"
    classes = ["tile", f"tile-{size}"]
    name = tile_label(code)
    if face_down:
        name = _("%(tile)s, face down") % {"tile": name}
    if stacked:
        name = _("%(tile)s with %(added)s added on top") % {
            "tile": name,
            "added": tile_label(stacked),
        }
    elif sideways:
        name = _("%(tile)s, called") % {"tile": name}
    if label is not None:
        name = label
    shown = "back" if face_down else code
    turn = "translate(80 0) rotate(90)"
    if stacked:
        classes.append("tile-stack")
        art = format_html(
            '<svg viewBox="0 0 80 120" aria-hidden="true" focusable="false">{}{}</svg>',
            _use(stacked, turn, sprite),
            _use(shown, "translate(80 60) rotate(90)", sprite),
        )
    elif sideways:
        classes.append("tile-side")
        art = format_html(
            '<svg viewBox="0 0 80 60" aria-hidden="true" focusable="false">{}</svg>',
            _use(shown, turn, sprite),
        )
    else:
        art = format_html(
            '<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">{}</svg>',
            _use(shown, sprite=sprite),
        )
    corner = ""
    if index and not face_down:
        red = " tile-ix-red" if code[0] == "0" else ""
        corner = format_html(
            '<span class="tile-ix{}" aria-hidden="true">{}</span>', red, _index_text(code)
        )
    if name:
        return format_html(
            '<span class="{}" role="img" aria-label="{}">{}{}</span>',
            " ".join(classes),
            name,
            art,
            corner,
        )
    return format_html('<span class="{}">{}{}</span>', " ".join(classes), art, corner)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One drawn position of a meld."""

    code: str
    sideways: bool = False
    face_down: bool = False
    stacked: str = ""


def meld_layout(meld: Meld) -> list[Drawn]:
    """How a meld lies on the table, left to right."""
    if meld.kind is MeldKind.KAN_CLOSED:
        t = meld.tiles
        return [Drawn(t[0], face_down=True), Drawn(t[1]), Drawn(t[2]), Drawn(t[3], face_down=True)]
    if meld.kind is MeldKind.KAN_ADDED:
        added = meld.added if meld.added is not None else 3
        laid = [t for i, t in enumerate(meld.tiles) if i != added]
        called = meld.called if meld.called is not None else 0
        called -= 1 if added < called else 0
        return [
            Drawn(t, sideways=i == called, stacked=meld.tiles[added] if i == called else "")
            for i, t in enumerate(laid)
        ]
    return [Drawn(t, sideways=i == meld.called) for i, t in enumerate(meld.tiles)]


MELD_NAMES = {
    MeldKind.CHI: gettext_noop("chi"),
    MeldKind.PON: gettext_noop("pon"),
    MeldKind.KAN_OPEN: gettext_noop("open kan"),
    MeldKind.KAN_ADDED: gettext_noop("added kan"),
    MeldKind.KAN_CLOSED: gettext_noop("closed kan"),
}
#: A meld's whole label per direction it was called from (one sentence each, so that each
#: language orders kind, tiles and direction its own way).
MELD_LABELS = {
    "": gettext_noop("%(kind)s of %(tiles)s"),
    "-": gettext_noop("%(kind)s of %(tiles)s, from the left"),
    "=": gettext_noop("%(kind)s of %(tiles)s, from across"),
    "+": gettext_noop("%(kind)s of %(tiles)s, from the right"),
}


def meld_label(meld: Meld) -> str:
    """ "pon of 5 of circles, from across" and the like."""
    kind = _(MELD_NAMES[meld.kind])
    if meld.kind is MeldKind.CHI:
        tiles = [tile_label(t) for t in sorted(meld.tiles, key=sort_key)]
        what = pgettext("list separator", ", ").join(tiles)
    else:
        what = tile_label(meld.tiles[0] if meld.tiles[0][0] != "0" else meld.tiles[-1])
    template = MELD_LABELS.get(meld.direction or "", MELD_LABELS[""])
    return _(template) % {"kind": kind, "tiles": what}


@register.simple_tag(takes_context=True)
def meld(
    context: template.Context, value: Meld | str, size: str = "md", index: bool = False
) -> SafeString:
    """A whole meld, labelled for screen readers as one group."""
    if isinstance(value, str):
        try:
            melds = parse_hand(value).melds
        except NotationError:
            return format_html('<span class="meld meld-bad">{}</span>', value)
        if len(melds) != 1:
            return format_html('<span class="meld meld-bad">{}</span>', value)
        value = melds[0]
    drawn = format_html_join(
        "",
        "{}",
        (
            (
                draw_tile(
                    d.code,
                    size=size,
                    sideways=d.sideways,
                    face_down=d.face_down,
                    index=index,
                    stacked=d.stacked,
                    label="",
                    sprite=sprite_url(context),
                ),
            )
            for d in meld_layout(value)
        ),
    )
    return format_html(
        '<span class="meld meld-{}" role="img" aria-label="{}">{}</span>',
        value.kind.value,
        meld_label(value),
        drawn,
    )
