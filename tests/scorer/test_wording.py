"""One way to write each thing (issue 11, item 16): points, payments, presets, sentences."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from scorer.engine import score_request

WIKI = {"hand": "223344m45668p55s", "win": "7p", "tsumo": True, "riichi": True, "dora": "9s"}


@pytest.mark.parametrize("field", ["honba", "sticks"])
@pytest.mark.parametrize("value", ["-1", "x", "100", "1.5", True])
def test_counter_messages_are_complete(field, value):
    error = score_request({**WIKI, field: value})["error"]
    assert error["field"] == field
    assert error["message"] == f"'{field}' must be a whole number from 0 to 99"


def test_riichi_sticks_are_counted_in_words():
    def sticks_text(n):
        steps = score_request({**WIKI, "sticks": n})["steps"]
        return next(s["text"] for s in steps if s["step"] == "sticks")

    assert sticks_text(1).startswith("1 riichi stick on the table")
    assert sticks_text(2).startswith("2 riichi sticks on the table")
    assert "stick(s)" not in sticks_text(1) + sticks_text(2)


def test_a_payment_already_round_does_not_say_rounded_up():
    # Dealer mangan ron: 6 x 2,000 = 12,000, nothing to round.
    request = {"hand": "222m444p666s7z[8-88s]", "win": "7z", "dora": "2m"}
    steps = score_request(request)["steps"]
    texts = [s["text"] for s in steps if s["step"] == "payment"]
    assert texts
    assert texts == ["The discarder pays 6 × 2000 = 12000."], "no 'rounded up' when nothing is"


def test_walkthrough_payment_step_is_one_sentence(client):
    url = "/tutor/explain?hand=222m444p666s7z%5B8-88s%5D&win=7z&dora=2m&view=all"
    page = unescape(client.get(url).content.decode())
    assert not re.search(r"rounded up to [\d,]+\.\s*(<[^>]*>\s*)*Already", page)
    assert "12,000" in page  # the dealer (seat East by default in the URL API)
    assert "Rules: Tenhou" in page
    assert "rules: tenhou" not in page


def test_picker_messages_are_sentences(client):
    page = unescape(client.get("/?hand=223344m45668p55s&win=7p&honba=x").content.decode())
    assert "Honba: a whole number from 0 to 99." in page
    page = unescape(client.get("/?hand=2234m&win=7p&tsumo=1&dora=xx").content.decode())
    errors = re.findall(r'class="field-error[^"]*"[^>]*>([^<]+)<', page)
    assert errors
    for message in errors:
        assert message[0].isupper() or message[0] == "'", message
        assert message.rstrip()[-1] in ".)", message


def picker(client, query):
    return unescape(client.get("/?hand=223344m45668p55s&win=7p&" + query).content.decode())


def test_picker_points_have_a_thousands_separator(client):
    page = picker(client, "tsumo=1&riichi=1&dora=9s")
    total = re.search(r'<span class="num" aria-hidden="true">([\d,]+)</span>', page)
    assert total
    assert total.group(1) == "11,700"
    assert re.search(r'data-testid="total">11700<', page), "the test hook keeps the digits"
    assert "3,900 all: each other player pays 3,900." in page
    page = picker(client, "tsumo=1&riichi=1&dora=9s&seat=2z")
    assert "2,000/3,900: the dealer pays 3,900, each other player 2,000." in page
    page = picker(client, "riichi=1&seat=2z&sticks=2&honba=1")
    assert "Plus 2,000 from 2 riichi sticks." in page


def test_quiz_honba_prompt_counts_sticks_in_words():
    from tutor.quiz.drills import honba

    assert "stick(s)" not in Path(honba.__file__).read_text(encoding="utf-8")
