"""The picker's buttons drawn in Python (pal_button, hand_button, options): the same markup the
template drew, in the request's language, escaped, and the remembered markup kept per language."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from scorer.picker import PaletteTile


def render(source, **context):
    return Template("{% load picker_buttons %}" + source).render(Context(context))


def test_palette_button_names_the_tile_and_what_is_left():
    html = render("{% pal_button t %}", t=PaletteTile("0p", 1, True))
    assert html.startswith('<button type="submit" class="tbtn pal-tile is-red" name="add"')
    assert 'value="0p" id="pal-0p" data-tile="0p"' in html
    assert 'aria-label="red five of circles, 1 left"' in html
    assert "disabled" not in html
    assert "hx-swap-oob" not in html
    assert '<span class="left" aria-hidden="true">1</span></button>' in html


def test_palette_button_disabled_out_of_band_with_the_corner_index():
    html = render("{% pal_button t True True %}", t=PaletteTile("5p", 0, False))
    assert ' hx-swap-oob="morph"' in html
    assert " disabled>" in html
    assert '<span class="tile-ix" aria-hidden="true">5p</span>' in html


def test_buttons_follow_the_language_though_remembered():
    tile = PaletteTile("1z", 4, True)
    english = render("{% pal_button t %}", t=tile)
    with translation.override("ja"):
        japanese = render("{% pal_button t %}", t=tile)
        hand = render('{% hand_button "1z" 3 "take" %}')
    assert "East wind, 4 left" in english
    assert "東、残り4枚" in japanese
    assert 'name="take" value="1z" id="hand-1z-3"' in hand
    assert "東を外す" in hand
    assert render("{% pal_button t %}", t=tile) == english


def test_hand_button_makes_the_winning_tile():
    html = render('{% hand_button "7p" 1 "setwin" %}')
    assert 'name="setwin" value="7p" id="hand-7p-1"' in html
    assert 'aria-label="Make 7 of circles the winning tile"' in html


def test_options_select_the_chosen_value_and_escape():
    html = render("{% options choices chosen %}", choices=[("a", "<A>"), ("b", "B&")], chosen="b")
    assert html == '<option value="a">&lt;A&gt;</option><option value="b" selected>B&amp;</option>'
