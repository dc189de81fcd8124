"""Extended MPSZ 2.0: canonical output, lenient paste forms, strict rejection, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.notation import (
    Meld,
    MeldKind,
    NotationError,
    ParsedHand,
    _parse_hand_slowly,
    parse_hand,
)
from scorer.engine.tiles import sort_key

SUITS = "mps"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("123m456p789s11z", "123m456p789s11z"),
        ("11z789s456p123m", "123m456p789s11z"),
        ("5505m", "5550m"),
        ("4067m", "4067m"),
        ("0555m", "5550m"),
        ("123m[1-23m]", "123m[1-23m]"),
        ("[5=55p]12m", "12m[5=55p]"),
        ("{5=555^p}", "{5=555^p}"),
        ("(5550p)", "(5550p)"),
        ("[7+777z]", "[7+777z]"),
        ("[34-5s]", "[34-5s]"),
        # Lenient paste forms: h for z, no direction, spaces between groups.
        ("123m 456p 11h", "123m456p11z"),
        ("[123m]", "[1-23m]"),
        ("[555p]", "[5=55p]"),
        ("[5555p]", "[5=555p]"),
        ("{5555p}", "{5=555^p}"),
    ],
)
def test_canonical_form(text, canonical):
    assert parse_hand(text).notation() == canonical


@pytest.mark.parametrize(
    "text",
    [
        "123",
        "m",
        "8z",
        "0z",
        "9z",
        "12x",
        "123m!",
        "1 2m",
        "[12m]",
        "[124m]",
        "[1+23m]",
        "[5-5=5p]",
        "[555p",
        "(555p)",
        "(5=555p)",
        "{555p}",
        "{5=555=p}",
        "[5^55p]",
        "[123z]",
        "[89 1m]",
        "１２３m",
    ],
)
def test_rejected_whole(text):
    with pytest.raises(NotationError):
        parse_hand(text)


def test_parser_never_skips_characters():
    with pytest.raises(NotationError) as info:
        parse_hand("123m45?6p")
    assert info.value.position == 6


@st.composite
def hands(draw: st.DrawFn) -> ParsedHand:
    tiles = draw(
        st.lists(
            st.one_of(
                st.tuples(st.sampled_from("1234567890"), st.sampled_from(SUITS)),
                st.tuples(st.sampled_from("1234567"), st.just("z")),
            ),
            max_size=14,
        )
    )
    concealed = tuple(sorted((d + s for d, s in tiles), key=sort_key))
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        suit = draw(st.sampled_from("mpsz" if kind is not MeldKind.CHI else SUITS))
        top = 7 if suit == "z" else 9
        if kind is MeldKind.CHI:
            start = draw(st.integers(1, 7))
            digits = [str(start), str(start + 1), str(start + 2)]
            called, direction = draw(st.integers(0, 2)), "-"
            melds.append(Meld(kind, tuple(d + suit for d in digits), called, direction))
            continue
        number = str(draw(st.integers(1, top)))
        size = 3 if kind is MeldKind.PON else 4
        digits = [number] * size
        tiles_ = tuple(d + suit for d in digits)
        if kind is MeldKind.KAN_CLOSED:
            melds.append(Meld(kind, tiles_))
            continue
        called = draw(st.integers(0, size - 1))
        direction = draw(st.sampled_from("-=+"))
        added = None
        if kind is MeldKind.KAN_ADDED:
            added = draw(st.sampled_from([i for i in range(4) if i != called]))
        melds.append(Meld(kind, tiles_, called, direction, added))
    return ParsedHand(concealed, tuple(melds))


@given(hands())
@settings(max_examples=400)
def test_round_trip(hand):
    text = hand.notation()
    assert parse_hand(text) == hand
    assert parse_hand(text).notation() == text


@given(st.text(alphabet="0123456789mpszh[]{}()-=+^ x", max_size=30))
@settings(max_examples=600)
def test_any_string_parses_canonically_or_is_rejected(text):
    try:
        hand = parse_hand(text)
    except NotationError as exc:
        message = exc.message
        hand = None
    if hand is None:
        assert message
        return
    canonical = hand.notation()
    assert parse_hand(canonical) == hand
    assert parse_hand(canonical).notation() == canonical


@given(hands(), st.integers(0, 40), st.sampled_from("x?!#;/\\|*_"))
def test_a_foreign_character_anywhere_is_rejected(hand, where, junk):
    text = hand.notation()
    where = min(where, len(text))
    with pytest.raises(NotationError):
        parse_hand(text[:where] + junk + text[where:])


@st.composite
def loose_tiles(draw: st.DrawFn) -> str:
    """Groups of digits closed by suit letters, in any order, red fives and repeats included
    (more than four of a tile too: parsing does not count)."""
    groups = draw(
        st.lists(
            st.tuples(st.text("0123456789", min_size=1, max_size=6), st.sampled_from("mpsz")),
            max_size=6,
        )
    )
    return "".join(digits + suit for digits, suit in groups)


@given(loose_tiles(), st.sampled_from(["", "[1-23m]", "(5555z)", "{5=550^p}[7=77z]", "[12"]))
def test_the_one_pass_reading_agrees_with_the_careful_parser(tiles, melds):
    """parse_hand reads the canonical shape in one pass and hands everything else to the
    character-by-character parser: both give the same hand, or the same error."""
    text = tiles + melds
    try:
        expected: object = _parse_hand_slowly(text)
    except NotationError as exc:
        expected = (exc.message, exc.position)
    try:
        found: object = parse_hand(text)
    except NotationError as exc:
        found = (exc.message, exc.position)
    assert found == expected
    if isinstance(found, ParsedHand):
        assert list(found.concealed) == sorted(found.concealed, key=sort_key)
