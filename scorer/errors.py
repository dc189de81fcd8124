"""The engine's errors as the pages say them: one translated sentence per error.

The engine (pure Python, no Django) answers bad input with the API.md error object
``{"code", "message", "field"}``; its ``message`` is English and stays so in the JSON API. The
pages show :func:`page_message` instead: the code and field (and what the engine's sentence
names: a tile, a character, a count) chosen into one whole translated sentence. An error this
table does not know still gets a translated sentence for its code, never English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorer.answers import AnswerError

#: The engine's note of where notation went wrong: " (at character 7)".
_AT: Final = re.compile(r"\s*\(at character (?P<at>\d+)\)$")


@dataclass(frozen=True, slots=True)
class _Rule:
    code: str
    pattern: re.Pattern[str]
    text: Promise
    #: Only for these fields (empty: any field).
    fields: tuple[str, ...] = ()


def _rule(code: str, pattern: str, text: Promise, *fields: str) -> _Rule:
    return _Rule(code, re.compile(pattern), text, fields)


N = "invalid_notation"
S = "invalid_situation"
T = "invalid_tiles"
R = "invalid_rules"

#: (code, the engine's English message as a pattern, the sentence shown, fields): first match.
RULES: Final[tuple[_Rule, ...]] = (
    # -- notation (scorer/engine/notation.py, request.py)
    _rule(N, r"^enter a hand", gettext_lazy("Enter a hand, such as 123m456p789s11z23p.")),
    _rule(N, r"^choose the winning tile", gettext_lazy("Choose the winning tile, such as 5p.")),
    _rule(
        N, r"^the winning tile: ", gettext_lazy("The winning tile must be one tile, such as 5p.")
    ),
    _rule(
        N,
        r"^expected exactly one tile",
        gettext_lazy("The winning tile must be one tile, such as 5p."),
    ),
    _rule(
        N,
        r"^(?P<tile>\dz) is not a tile",
        gettext_lazy("%(tile)s is not a tile: the honours are 1z to 7z."),
    ),
    _rule(N, r"cannot contain melds$", gettext_lazy("Indicators are tiles such as 1m5z.")),
    _rule(N, r"must be tiles in MPSZ", gettext_lazy("Indicators are tiles such as 1m5z.")),
    _rule(N, r"^notation must be a string", gettext_lazy("The notation must be text.")),
    _rule(
        N,
        r"^'(?P<char>.+)' has no digits before it$",
        gettext_lazy("“%(char)s” has no digits before it."),
    ),
    _rule(
        N,
        r"^digits need a suit letter before a meld starts",
        gettext_lazy("Digits need a suit letter (m, p, s or z) before a meld starts."),
    ),
    _rule(N, r"^'(?P<char>.+)' is never closed$", gettext_lazy("“%(char)s” is never closed.")),
    _rule(
        N, r"^digits need a suit letter$", gettext_lazy("Digits need a suit letter (m, p, s or z).")
    ),
    _rule(
        N,
        r"^the last digits have no suit letter",
        gettext_lazy("The last digits have no suit letter (m, p, s or z)."),
    ),
    _rule(
        N,
        r"^unexpected character '(?P<char>.*)' in a meld$",
        gettext_lazy("A meld cannot contain “%(char)s”."),
    ),
    _rule(
        N,
        r"^unexpected character '(?P<char>.*)'$",
        gettext_lazy("“%(char)s” is not part of the notation."),
    ),
    _rule(
        N,
        r"^a meld ends with its suit letter",
        gettext_lazy("A meld ends with its suit letter, as in [1-23m]."),
    ),
    _rule(
        N,
        r"^a meld has one direction mark",
        gettext_lazy("A meld has one direction mark, after the called tile."),
    ),
    _rule(
        N,
        r"^'\^' marks the added tile",
        gettext_lazy("“^” marks the added tile of an added kan {...}."),
    ),
    _rule(
        N,
        r"^a closed kan \(\.\.\.\) is four identical",
        gettext_lazy("A closed kan (...) is four identical tiles."),
    ),
    _rule(
        N,
        r"^a closed kan has no direction mark",
        gettext_lazy("A closed kan has no direction mark."),
    ),
    _rule(
        N,
        r"^an added kan \{\.\.\.\} is four identical",
        gettext_lazy("An added kan {...} is four identical tiles."),
    ),
    _rule(
        N,
        r"^the called tile and the added tile are different",
        gettext_lazy("In an added kan the called tile and the added tile are the same tile."),
    ),
    _rule(
        N, r"^an open kan is four identical", gettext_lazy("An open kan is four identical tiles.")
    ),
    _rule(
        N,
        r"^an open meld is a run of three",
        gettext_lazy(
            "An open meld is a run of three (chi), three alike (pon) or four alike (kan)."
        ),
    ),
    _rule(
        N,
        r"^a chi can only be called from the left",
        gettext_lazy("A chi can only be called from the left (-)."),
    ),
    _rule(
        N,
        r"is too long: at most (?P<n>\d+) characters$",
        gettext_lazy("Too long: at most %(n)s characters."),
    ),
    # -- tiles (request.py: counts, red fives, hand size, three players)
    _rule(
        T,
        r"^(a fifth|a sixth|\d+ copies of) (?P<tile>\w+): there are only four of each tile "
        r"\(hand, melds, winning tile and indicators, and the norths",
        gettext_lazy(
            "%(count)s copies of %(tile)s: there are only four of each tile (hand, melds, "
            "winning tile, "
            "indicators and the norths set aside together)."
        ),
    ),
    _rule(
        T,
        r"^(a fifth|a sixth|\d+ copies of) (?P<tile>\w+): there are only four of each tile",
        gettext_lazy(
            "%(count)s copies of %(tile)s: there are only four of each tile (hand, melds, "
            "winning tile and indicators together)."
        ),
    ),
    _rule(
        T,
        r"^two red fives \((?P<tile>0[mps])\)",
        gettext_lazy("Two red fives (%(tile)s): there is only one."),
    ),
    _rule(
        T,
        r"^(?P<tile>\dm): three-player mahjong plays without",
        gettext_lazy(
            "%(tile)s: three-player mahjong plays without 2m to 8m (of the characters, only 1m "
            "and 9m)."
        ),
    ),
    _rule(
        T,
        r"^(?P<meld>.+): three-player mahjong has no chi",
        gettext_lazy("%(meld)s: three-player mahjong has no chi (called runs), only pon and kan."),
    ),
    # -- the situation (request.py: RULES.md §7b, counters, winds)
    _rule(
        S,
        r"must be a whole number from 0 to (?P<high>\d+)$",
        gettext_lazy("Honba: a whole number from 0 to %(high)s."),
        "honba",
    ),
    _rule(
        S,
        r"must be a whole number from 0 to (?P<high>\d+)$",
        gettext_lazy("Riichi sticks: a whole number from 0 to %(high)s."),
        "sticks",
    ),
    _rule(
        S,
        r"must be a whole number from 0 to (?P<high>\d+)$",
        gettext_lazy("Norths set aside: a whole number from 0 to %(high)s."),
        "nuki",
    ),
    _rule(
        S,
        r"must be a wind",
        gettext_lazy("Choose a wind: East, South, West or North."),
    ),
    _rule(
        S,
        r"^nuki dora \(north tiles set aside\) are a three-player rule",
        gettext_lazy(
            "Nuki dora (norths set aside) are a three-player rule: choose a sanma preset."
        ),
    ),
    _rule(
        S,
        r"^there are only four north tiles",
        gettext_lazy("There are only four north tiles to set aside."),
    ),
    _rule(
        S,
        r"^three players sit East, South and West",
        gettext_lazy("Three players sit East, South and West: there is no north seat."),
    ),
    _rule(
        S,
        r"^three-player games have no north round",
        gettext_lazy("Three-player games have no north round."),
    ),
    _rule(
        S,
        r"^wareme is a four-player rule",
        gettext_lazy("Wareme is a four-player rule here."),
    ),
    _rule(
        S,
        r"^riichi needs a closed hand",
        gettext_lazy("Riichi needs a closed hand (no called melds)."),
    ),
    _rule(
        S,
        r"^double riichi needs a closed hand",
        gettext_lazy("Double riichi needs a closed hand (no called melds)."),
    ),
    _rule(S, r"^ippatsu needs a closed hand", gettext_lazy("Ippatsu needs a closed hand.")),
    _rule(S, r"^ippatsu only follows a riichi", gettext_lazy("Ippatsu only follows a riichi.")),
    _rule(
        S,
        r"^chankan \(robbing a kan\) is always a ron",
        gettext_lazy("Chankan (robbing a kan) is always a ron, never a tsumo."),
    ),
    _rule(
        S,
        r"^rinshan \(the replacement tile\) is always a tsumo",
        gettext_lazy("Rinshan (the replacement tile) is always a tsumo."),
    ),
    _rule(
        S,
        r"^rinshan needs a kan in the hand \(or",
        gettext_lazy("Rinshan needs a kan in the hand (or, three players, a north set aside)."),
    ),
    _rule(
        S, r"^rinshan needs a kan in the hand$", gettext_lazy("Rinshan needs a kan in the hand.")
    ),
    _rule(
        S,
        r"^haitei is a tsumo on the last tile",
        gettext_lazy("Haitei is a tsumo on the last tile; a ron on the last discard is houtei."),
    ),
    _rule(
        S,
        r"^houtei is a ron on the last discard",
        gettext_lazy("Houtei is a ron on the last discard; a tsumo on the last tile is haitei."),
    ),
    _rule(
        S,
        r"^a rinshan draw is never the haitei tile",
        gettext_lazy("A rinshan draw is never the haitei tile."),
    ),
    _rule(
        S,
        r"^houtei and chankan cannot both happen",
        gettext_lazy("Houtei and chankan cannot both happen."),
    ),
    _rule(
        S,
        r"^tenhou is the dealer's win",
        gettext_lazy("Tenhou is the dealer's win; a non-dealer's is chiihou."),
    ),
    _rule(
        S,
        r"^tenhou is a tsumo on the first draw",
        gettext_lazy("Tenhou is a tsumo on the first draw."),
    ),
    _rule(
        S,
        r"^chiihou is a non-dealer's win",
        gettext_lazy("Chiihou is a non-dealer's win; the dealer's is tenhou."),
    ),
    _rule(
        S,
        r"^chiihou is a tsumo on the first draw",
        gettext_lazy("Chiihou is a tsumo on the first draw."),
    ),
    _rule(S, r"^a first-draw win has no melds", gettext_lazy("A first-draw win has no melds.")),
    _rule(
        S,
        r"^setting a north aside is a call",
        gettext_lazy("Setting a north aside is a call: no first-draw win after it."),
    ),
    _rule(
        S,
        r"^no riichi is possible before a first-draw win",
        gettext_lazy("No riichi is possible before a first-draw win."),
    ),
    _rule(
        S,
        r"^the wareme seat needs the wareme rule",
        gettext_lazy("The wareme seat needs the wareme rule switched on."),
    ),
    # -- the hand itself (score.py)
    _rule(
        "not_winning",
        r"",
        gettext_lazy(
            "These tiles are not a complete hand: it needs four sets and a pair, seven pairs, "
            "or the thirteen orphans."
        ),
    ),
    _rule(
        "no_yaku",
        r"",
        gettext_lazy(
            "The hand is complete but has no yaku; dora alone do not make a winning hand."
        ),
    ),
)

#: What an error no rule above knows says, by code: still translated, still a sentence.
FALLBACK: Final[dict[str, Promise]] = {
    N: gettext_lazy("This cannot be read as tiles: write them as in 123m456p789s11z."),
    T: gettext_lazy("These tiles cannot all be in one hand."),
    S: gettext_lazy("This situation cannot happen in a real game."),
    R: gettext_lazy("These rules cannot be read: choose a preset from the list."),
}
_ANY: Final = gettext_lazy("This request cannot be scored.")
_SIZE: Final = re.compile(r"this one has (?P<size>\d+): (?P<n>\d+) (?:more )?tiles? (?P<how>\w+)")
_COUNT: Final = re.compile(r"^(?:(?P<word>a fifth|a sixth)|(?P<n>\d+) copies of) ")


def _hand_size(message: str) -> str | None:
    """The wrong-count sentence: "… this one has 12: 2 more tiles needed"."""
    found = _SIZE.search(message)
    if not found:
        return None
    size, n = int(found["size"]), int(found["n"])
    if found["how"] == "needed":
        text = ngettext(
            "A winning hand has 14 tiles with the winning tile (one more per kan); this one "
            "has %(size)s: %(n)s more tile is needed.",
            "A winning hand has 14 tiles with the winning tile (one more per kan); this one "
            "has %(size)s: %(n)s more tiles are needed.",
            n,
        )
    else:
        text = ngettext(
            "A winning hand has 14 tiles with the winning tile (one more per kan); this one "
            "has %(size)s: %(n)s tile too many.",
            "A winning hand has 14 tiles with the winning tile (one more per kan); this one "
            "has %(size)s: %(n)s tiles too many.",
            n,
        )
    return text % {"size": size, "n": n}


def match(code: str, field: str | None, message: str) -> str | None:
    """The translated sentence for a known engine error, or None when no rule knows it."""
    at = _AT.search(message)
    bare = message[: at.start()] if at else message
    text: str | None = None
    if code == T:
        text = _hand_size(bare)
    if text is None:
        for rule in RULES:
            if rule.code != code or (rule.fields and field not in rule.fields):
                continue
            found = rule.pattern.search(bare)
            if found is None:
                continue
            params: dict[str, object] = dict(found.groupdict())
            counted = _COUNT.match(bare)
            if counted:
                params["count"] = int(counted["n"] or (5 if counted["word"] == "a fifth" else 6))
            text = str(rule.text) % params if params else str(rule.text)
            break
    if text is None:
        return None
    if at:
        return _("%(problem)s Look at character %(at)s.") % {"problem": text, "at": at["at"]}
    return text


def page_message(error: Mapping[str, object]) -> str:
    """One translated sentence for an API.md error object (``code``, ``message``, ``field``)."""
    code = str(error.get("code") or "")
    field = error.get("field")
    known = match(code, field if isinstance(field, str) else None, str(error.get("message") or ""))
    if known is not None:
        return known
    return str(FALLBACK.get(code, _ANY))


def notation_message(message: str, position: int | None = None) -> str:
    """A notation error the picker met itself (typed or linked text), translated."""
    where = f" (at character {position + 1})" if position is not None else ""
    return match(N, "hand", message + where) or str(FALLBACK[N])


#: A typed answer scorer.answers could not read, as the pages say it (by its code).
ANSWER_MESSAGES: Final[Mapping[str, Promise]] = {
    "empty": gettext_lazy("Type your answer."),
    "too_long": gettext_lazy("This answer is too long."),
    "not_a_number": gettext_lazy("Type the points as a number, such as 8000."),
    "too_big": gettext_lazy("This number is too large."),
    "one_number": gettext_lazy("Type one number, such as 8000."),
    "two_numbers": gettext_lazy(
        "Type two numbers: what each non-dealer pays, then what the dealer pays, such as 1300/2600."
    ),
    "each_one": gettext_lazy("Type what every player pays, such as 1300 all."),
}


def answer_message(error: AnswerError) -> str:
    """One translated sentence for a typed answer that could not be read."""
    return str(ANSWER_MESSAGES.get(error.code, ANSWER_MESSAGES["not_a_number"]))
