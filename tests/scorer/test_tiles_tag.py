"""The shared tile tags: one tile (size, sideways, face down, corner index), whole melds."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from scorer.engine.notation import parse_hand
from scorer.templatetags.tiles import meld_label, meld_layout


def render(source, **context):
    return Template("{% load tiles %}" + source).render(Context(context))


def hrefs(html):
    return re.findall(r'href="[^"]*#t-([0-9a-z]+)"', html)


def test_tile_uses_the_sprite_with_an_accessible_name():
    html = render('{% tile "0p" %}')
    assert 'role="img"' in html
    assert 'aria-label="red five of circles"' in html
    assert '<use href="/static/tiles/tiles.svg#t-0p" width="60" height="80"/>' in html
    assert 'viewBox="0 0 60 80"' in html
    assert "tile-md" in html


def test_sizes_and_unknown_size():
    assert "tile-lg" in render('{% tile "1z" size="lg" %}')
    assert "tile-md" in render('{% tile "1z" size="huge" %}')


def test_sideways_tile_is_turned():
    html = render('{% tile "3s" sideways=True %}')
    assert 'viewBox="0 0 80 60"' in html
    assert "tile-side" in html
    assert 'transform="translate(80 0) rotate(90)"' in html
    assert "3 of bamboo, called" in html


def test_face_down_shows_the_back_but_names_the_tile():
    html = render('{% tile "5m" face_down=True index=True %}')
    assert hrefs(html) == ["back"]
    assert "5 of characters, face down" in html
    assert "tile-ix" not in html


def test_index_corner():
    html = render("{% tile code index=True %}", code="0s")
    assert re.search(r'<span class="tile-ix tile-ix-red" aria-hidden="true">5s</span>', html)
    assert "tile-ix" not in render('{% tile "0s" %}')


def test_stacked_added_kan_tile():
    html = render('{% tile "5p" stacked="0p" %}')
    assert "tile-stack" in html
    assert 'viewBox="0 0 80 120"' in html
    assert hrefs(html) == ["0p", "5p"]


def test_empty_label_leaves_the_name_to_the_button():
    html = render('{% tile "7z" label="" %}')
    assert "role=" not in html
    assert "aria-label" not in html


def test_bad_code_does_not_crash():
    assert "tile-bad" in render('{% tile "9z" %}')
    assert "tile-bad" in render("{% tile code %}", code=None)


def test_tile_label_filter():
    assert render('{{ "1z"|tile_label }}') == "East wind"
    assert render('{{ "0m"|tile_label }}') == "red five of characters"


@pytest.mark.parametrize(
    ("notation", "layout"),
    [
        ("[1-23m]", [("1m", "side"), ("2m", ""), ("3m", "")]),
        ("[55=5z]", [("5z", ""), ("5z", "side"), ("5z", "")]),
        ("[5550+p]", [("5p", ""), ("5p", ""), ("5p", ""), ("0p", "side")]),
        ("(5055p)", [("5p", "down"), ("0p", ""), ("5p", ""), ("5p", "down")]),
        ("{33=33^p}", [("3p", ""), ("3p", "side+3p"), ("3p", "")]),
        ("{3-333^s}", [("3s", "side+3s"), ("3s", ""), ("3s", "")]),
    ],
)
def test_meld_layout(notation, layout):
    drawn = meld_layout(parse_hand(notation).melds[0])
    got = []
    for d in drawn:
        how = "down" if d.face_down else ("side" if d.sideways else "")
        if d.stacked:
            how += "+" + d.stacked
        got.append((d.code, how))
    assert got == layout


def test_meld_tag_draws_closed_kan_with_backs():
    html = render('{% meld "(5055p)" %}')
    assert hrefs(html) == ["back", "0p", "5p", "back"]
    assert 'aria-label="closed kan of 5 of circles"' in html
    assert html.count('role="img"') == 1


def test_meld_tag_from_a_meld_object_and_its_label():
    meld = parse_hand("[3-45s]").melds[0]
    html = render("{% meld m size='sm' %}", m=meld)
    assert "tile-sm" in html
    assert "tile-side" in html
    assert meld_label(meld) == "chi of 3 of bamboo, 4 of bamboo, 5 of bamboo, from the left"
    assert "from across" in meld_label(parse_hand("[7=77z]").melds[0])


def test_meld_tag_bad_notation():
    assert "meld-bad" in render('{% meld "[12m" %}')
    assert "meld-bad" in render('{% meld "123m" %}')


JAPANESE_NAMES = {
    "1m": "一萬",
    "9m": "九萬",
    "0m": "赤五萬",
    "5p": "五筒",
    "0p": "赤五筒",
    "3s": "三索",
    "0s": "赤五索",
    "1z": "東",
    "2z": "南",
    "3z": "西",
    "4z": "北",
    "5z": "白",
    "6z": "發",
    "7z": "中",
}


def test_every_tile_has_one_whole_label_in_english_as_the_engine_names_it():
    from scorer.engine.tiles import tile_name
    from scorer.templatetags.tiles import TILE_NAMES, tile_label

    codes = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
    assert sorted(TILE_NAMES) == sorted(codes)
    for code in codes:
        assert tile_label(code) == tile_name(code)


def test_japanese_tile_labels_are_the_names_players_use():
    from django.utils import translation

    from scorer.templatetags.tiles import tile_label

    kanji = "一二三四五六七八九"
    with translation.override("ja"):
        for code, name in JAPANESE_NAMES.items():
            assert tile_label(code) == name
        for n in range(1, 10):
            assert tile_label(f"{n}m") == kanji[n - 1] + "萬"
            assert tile_label(f"{n}p") == kanji[n - 1] + "筒"
            assert tile_label(f"{n}s") == kanji[n - 1] + "索"
        html = render('{% tile "0p" %}')
        assert 'aria-label="赤五筒"' in html
        label = meld_label(parse_hand("[1-23m]").melds[0])
        assert label == "チー：一萬、二萬、三萬、上家から"
        assert re.search(r"[A-Za-z]", label) is None, label
