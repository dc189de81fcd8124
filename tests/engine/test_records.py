"""The engine's value types (Request, ParsedHand, Meld, Result) are hand-written slotted classes
for speed under mypyc; they keep the behaviour of the frozen dataclasses they replaced: value
equality and hashing over their fields (not the facts computed from them), a dataclass-style
repr, and no attribute that can be reassigned in the compiled engine."""

from __future__ import annotations

import pytest

import scorer.engine
from scorer.engine import parse_request, score
from scorer.engine.notation import Meld, MeldKind, ParsedHand, parse_hand
from scorer.engine.request import REQUEST_ATTRIBUTES, Request
from scorer.engine.rules import TENHOU

DATA = {"hand": "123m456p789s1z[7=77z]", "win": "1z", "riichi": False, "dora": "4p"}


def test_request_equality_and_hash_follow_its_fields():
    a, b = parse_request(DATA), parse_request(dict(DATA))
    assert a is not b
    assert a == b
    assert hash(a) == hash(b)
    assert a != parse_request({**DATA, "honba": 1})
    assert a != parse_request({**DATA, "win": "1z", "dora": "5p"})
    assert len({a, b}) == 1
    assert a.__eq__(object()) is NotImplemented


def test_request_keeps_its_constructor_and_defaults():
    hand = parse_hand("123m456p789s1z[7=77z]")
    request = Request(hand, "1z")
    assert request == Request(hand=hand, win="1z", rules=TENHOU)
    assert (request.tsumo, request.seat, request.round, request.honba) == (False, 27, 27, 0)
    assert (request.wareme, request.discarder, request.nuki, request.dora) == (None, None, 0, ())
    assert request.rules is TENHOU
    # The facts worked out in the constructor.
    assert len(request.all_tiles) == 14
    assert request.counts[27] == 2
    assert request.is_closed is False
    assert request.suits == (0, 1, 2)
    assert request.honours == 5


def test_request_repr_lists_the_request_fields_in_order():
    text = repr(parse_request(DATA))
    assert text.startswith("Request(hand=ParsedHand(concealed=(")
    positions = [
        text.index(f" {name}=" if name != "hand" else "(hand=") for name in REQUEST_ATTRIBUTES
    ]
    assert positions == sorted(positions)
    assert "all_tiles" not in text
    assert "counts" not in text
    assert "win='1z'" in text
    assert "dora=('4p',)" in text


def test_parsed_hand_and_meld_compare_by_value():
    a, b = parse_hand("123m[1-23m]{5=555^p}"), parse_hand("123m[123m]{5555p}")
    assert a == b
    assert hash(a) == hash(b)
    assert a != parse_hand("123m[1-23m]{5=550^p}")
    assert a.melds[0] == Meld(MeldKind.CHI, ("1m", "2m", "3m"), 0, "-")
    assert a.melds[0] != Meld(MeldKind.CHI, ("1m", "2m", "3m"), 1, "-")
    assert a.melds[1].first == 13
    assert a == ParsedHand(("1m", "2m", "3m"), a.melds)
    assert repr(a.melds[0]) == (
        "Meld(kind=<MeldKind.CHI: 'chi'>, tiles=('1m', '2m', '3m'), called=0, direction='-', "
        "added=None)"
    )
    assert repr(ParsedHand(("1m",), ())) == "ParsedHand(concealed=('1m',), melds=())"


def test_result_equality_and_memo():
    request = parse_request(DATA)
    result = score(request)
    assert result == result
    assert hash(result) == hash(result)
    assert result != score(request)  # another scoring: other candidates (compared by identity)
    assert result._steps is None  # the explanation waits until it is asked for
    assert result.steps is result.steps
    assert result.hand_text == "123m456p789s1z[7=77z]"
    assert repr(result).startswith("Result(request=Request(hand=")


@pytest.mark.skipif(not scorer.engine.COMPILED, reason="read-only attributes are enforced compiled")
@pytest.mark.parametrize(
    ("value", "name"),
    [
        (lambda: parse_request(DATA), "win"),
        (lambda: parse_request(DATA), "counts"),
        (lambda: parse_hand("123m"), "concealed"),
        (lambda: parse_hand("[1-23m]").melds[0], "first"),
        (lambda: score(parse_request(DATA)), "best"),
    ],
)
def test_compiled_records_are_read_only(value, name):
    record = value()
    with pytest.raises(AttributeError):
        setattr(record, name, getattr(record, name))
