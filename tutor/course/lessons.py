"""The short course: lesson content as data, in order.

Paragraphs mark glossary terms with ``[[id]]`` / ``[[id|text]]`` (see tutor.course.glossary). Worked
examples are requests scored live by the engine; their self-check answers are sentences with
``{placeholders}`` filled from the result, so no number of a worked example is typed anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _g
from django.utils.translation import gettext_lazy as _

from scorer.engine import score_request
from scorer.engine.tables import myriad
from scorer.engine.yaku import YAKU_BY_ID


@dataclass(frozen=True)
class Question:
    prompt: Promise
    #: An answer sentence; ``{fu} {raw_fu} {han} {yaku} {limit} {base} {total} {ron}
    #: {tsumo_dealer} {tsumo_others} {honba} {sticks} {myriad}`` come from the scored example.
    answer: Promise


@dataclass(frozen=True)
class Example:
    request: Mapping[str, object]
    caption: Promise
    questions: tuple[Question, ...] = ()


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: Promise
    summary: Promise
    paragraphs: tuple[Promise, ...]
    examples: tuple[Example, ...] = ()
    questions: tuple[Question, ...] = ()
    #: Fu columns of a small non-dealer ron table drawn from the engine (quick-method lesson).
    table_fus: tuple[int, ...] = field(default=())


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "how-scoring-works",
        _("How scoring works"),
        _("Two numbers, one formula, then rounding: the whole pipeline at a glance."),
        (
            _(
                "A winning hand is valued by two counts. [[fu]] measure the shape: which sets "
                "you hold, what you waited on and how you won. [[han]] count the [[yaku]] "
                "(scoring patterns) plus any [[dora]]."
            ),
            _(
                "The two counts meet in one formula: [[kihonten|base points]] = fu × 2 to the "
                "power (han + 2). The extra two han are called [[bazoro]]; every hand gets them, "
                "which is why tables never show them."
            ),
            _(
                "Past a certain size the formula is replaced by a fixed value, a limit such as "
                "[[mangan]]. The base points are then multiplied depending on who won and who "
                "pays: the [[oya|dealer]] is paid one and a half times as much as anyone else."
            ),
            _(
                "Each payment is rounded up to the next hundred on its own. Finally counters "
                "for repeated hands ([[honba]]) and riichi sticks ([[kyoutaku]]) are added."
            ),
        ),
        (
            Example(
                {
                    "hand": "234m234m456p55s68p",
                    "win": "7p",
                    "tsumo": True,
                    "seat": "1z",
                    "round": "1z",
                    "riichi": True,
                    "dora": "9s",
                },
                _("The dealer declares riichi and draws the middle tile of a closed wait."),
                (
                    Question(
                        _("How many han does the hand have, and from what?"),
                        _("{han} han: {yaku}."),
                    ),
                    Question(
                        _("What are the base points?"),
                        _("{fu} fu and {han} han give {base} base points."),
                    ),
                    Question(
                        _("What does each other player pay, and why not exactly twice the base?"),
                        _(
                            "{tsumo_others}: twice the base points, rounded up to the next "
                            "hundred. The dealer collects {total} in all."
                        ),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("Why does the formula add 2 to the han?"),
                _("That is bazoro: two han every hand receives, built into every table."),
            ),
            Question(
                _("Do dora alone let a hand win?"),
                _("No. Dora add han but are not yaku; a hand needs at least one real yaku."),
            ),
        ),
    ),
    Lesson(
        "fu",
        _("Counting fu"),
        _("Where the minipoints come from, item by item."),
        (
            _(
                "Every win starts from 20 fu, the [[futei]]. A [[menzen|closed]] hand that wins "
                "on a discard ([[ron]]) adds 10; a win by [[tsumo|self-draw]] adds 2."
            ),
            _(
                "Sequences are worth nothing. Triplets are worth something, and the value "
                "doubles three times over: tiles 1, 9 and honours double a simple triplet, a "
                "concealed triplet doubles an open one, and a kan is four times a triplet. So "
                "an open triplet of simples is 2, a closed kan of honours is 32."
            ),
            _(
                "A pair of [[yakuhai|value tiles]] (a dragon, your seat wind or the round wind) "
                "adds 2. A wind that is both your seat and round wind ([[renpuuhai]]) counts "
                "twice, 4 fu, in most online rules; some leagues give only 2."
            ),
            _(
                "Awkward waits add 2: [[kanchan]] (middle), [[penchan]] (edge) and [[tanki]] "
                "(pair). A two-sided [[ryanmen]] or a [[shanpon]] adds nothing. Then the total "
                "is rounded up to a multiple of ten; when the small 2-fu items push you over, "
                "players call it [[tenpane]]."
            ),
        ),
        (
            Example(
                {
                    "hand": "11z12s456p777z[1=11m]",
                    "win": "3s",
                    "tsumo": True,
                    "seat": "1z",
                    "round": "1z",
                },
                _("East round, the dealer: an East pair, an edge wait and two honour triplets."),
                (
                    Question(
                        _("Which block is worth the most fu, and why?"),
                        _(
                            "The concealed red-dragon triplet: an honour triplet that was never "
                            "called, 8 fu."
                        ),
                    ),
                    Question(
                        _("What is the fu total, and what is scored?"),
                        _("{raw_fu} fu in all, scored as {fu} fu."),
                    ),
                ),
            ),
            Example(
                {
                    "hand": "234m678p33s(9999m)55z",
                    "win": "5z",
                    "tsumo": False,
                    "seat": "2z",
                    "round": "1z",
                    "riichi": True,
                },
                _("A closed kan of terminals and a white-dragon shanpon won by ron."),
                (
                    Question(
                        _("How much is the closed kan of 9m worth?"),
                        _(
                            "32 fu: start from 2 (an open triplet of simples), double for a "
                            "terminal, double for concealed, four times for a kan. The hand is "
                            "{raw_fu} fu, scored as {fu} fu."
                        ),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("What is an open triplet of 5p worth? A concealed triplet of North?"),
                _("2 fu (open simples); 8 fu (concealed honours)."),
            ),
            Question(
                _("Which waits add fu?"),
                _("Kanchan, penchan and tanki add 2; ryanmen and shanpon add nothing."),
            ),
        ),
    ),
    Lesson(
        "exceptions",
        _("The fu exceptions"),
        _("Pinfu, seven pairs, the open pinfu shape and triplets won by ron."),
        (
            _(
                "[[pinfu]] is the hand with nothing to count: four sequences, a pair that is "
                "not a value tile and a two-sided wait, closed. Won by ron it is 30 fu (20 plus "
                "the closed ron bonus). Won by tsumo the 2 tsumo fu are waived, so it stays at "
                "exactly 20 fu, the only hand that does."
            ),
            _(
                "[[chiitoitsu]] does not follow the item list at all: it is a fixed 25 fu, never "
                "rounded, with 2 han. Some older rules value it 50 fu with 1 han, which pays "
                "the same until the limits are near."
            ),
            _(
                "An open hand with the pinfu shape, won by ron, would add up to 20 fu. Since "
                "open pinfu earns no han, tables simply treat it as 30 fu, so 20 fu by ron never "
                "occurs."
            ),
            _(
                "A triplet finished by someone else's discard ([[shanpon]] wait won by ron) "
                "counts as an open triplet, both for fu and for [[sanankou]]. Finished by your "
                "own draw it stays concealed."
            ),
        ),
        (
            Example(
                {
                    "hand": "234m567p234s44z67s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "1z",
                    "riichi": True,
                },
                _("Riichi, then a self-drawn two-sided win with a guest-wind pair."),
                (
                    Question(
                        _("Why is there no tsumo fu?"),
                        _("It is pinfu by tsumo: the hand is exactly {fu} fu."),
                    ),
                ),
            ),
            Example(
                {
                    "hand": "223344m77p99s55z7z",
                    "win": "7z",
                    "tsumo": True,
                    "seat": "1z",
                    "round": "2z",
                },
                _("Seven pairs by self-draw, waiting on red dragon."),
                (
                    Question(
                        _("Is the fu rounded up to 30?"),
                        _(
                            "No: chiitoitsu stays at {fu} fu. With {han} han the dealer gets "
                            "{total}."
                        ),
                    ),
                    Question(
                        _("Why no iipeikou from 223344m?"),
                        _("Seven pairs are never read as sequences; iipeikou cannot combine."),
                    ),
                ),
            ),
            Example(
                {"hand": "234m678p34s55s[2-34p]", "win": "5s", "tsumo": False, "seat": "2z"},
                _("Open all-simples with a two-sided wait, won by ron."),
                (
                    Question(
                        _("The items add up to 20. What fu is scored?"),
                        _("{fu} fu: the open pinfu shape is raised."),
                    ),
                ),
            ),
            Example(
                {
                    "hand": "222m444p66s77s345s",
                    "win": "6s",
                    "tsumo": False,
                    "seat": "3z",
                    "riichi": True,
                },
                _("Three triplets in a closed hand, but the third one was completed by ron."),
                (
                    Question(
                        _("Why is there no sanankou?"),
                        _(
                            "6s was completed by ron, so that triplet is open: only two are "
                            "concealed. The hand is {han} han {fu} fu."
                        ),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("Which is the only hand that can score 20 fu?"),
                _("Closed pinfu won by tsumo."),
            ),
        ),
    ),
    Lesson(
        "han",
        _("Han, yaku, dora and kuisagari"),
        _("Adding up the han: yaku first, then bonus tiles."),
        (
            _(
                "Each [[yaku]] has a value in han, often different for closed and open hands. "
                "Several yaku (riichi, [[pinfu]], [[iipeikou]]…) exist only for closed hands; "
                "others lose a han when you have called tiles, a rule called [[kuisagari]]: "
                "[[sanshoku]], [[ittsu]], [[chanta]], [[junchan]], [[honitsu]] and [[chinitsu]]."
            ),
            _(
                "[[dora]] add one han per copy, but they are not yaku. The tile shown on the wall "
                "is the indicator: the dora is the NEXT tile, counting 9 to 1 around and winds "
                "East, South, West, North, East, dragons white, green, red, white. "
                "[[ura-dora]] count only after a riichi; [[aka-dora|red fives]] are dora where "
                "used."
            ),
            _("A [[yakuman]] replaces everything: ordinary yaku and dora are not added to it."),
        ),
        (
            Example(
                {
                    "hand": "345m4z[1-23p][4-56p][7-89p]",
                    "win": "4z",
                    "tsumo": False,
                    "seat": "2z",
                    "round": "1z",
                    "dora": "2m",
                },
                _("Three called sequences make a straight in circles; a North pair wait."),
                (
                    Question(
                        _("What is the straight worth here?"),
                        _(
                            "One han less than closed (kuisagari); with the dora the hand is "
                            "{han} han {fu} fu, {total} points."
                        ),
                    ),
                    Question(
                        _("Which tile does indicator 2m make dora?"),
                        _("3m, the next tile: one copy in the hand."),
                    ),
                ),
            ),
            Example(
                {
                    "hand": "123m789m456p11s78s",
                    "win": "9s",
                    "tsumo": False,
                    "seat": "2z",
                    "riichi": True,
                    "dora": "9m",
                    "ura": "4z",
                },
                _("Dora indicators wrap around: 9m points at 1m, North points at East."),
                (
                    Question(
                        _("How many dora and ura dora are there?"),
                        _(
                            "The dora is 1m (one copy) and the ura dora East (none): "
                            "{han} han in all ({yaku})."
                        ),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("An open half flush: how many han?"),
                _("2 instead of 3 (kuisagari)."),
            ),
        ),
    ),
    Lesson(
        "points",
        _("Base points, limits and payments"),
        _("From fu and han to the money on the table."),
        (
            _(
                "Below the limits the [[kihonten|base points]] are fu × 2^(han+2). From 2000 on "
                "they are capped: a [[mangan]] is 5 han, or 4 han with 40 fu, or 3 han with "
                "70 fu. Then come [[haneman]] (6–7 han), [[baiman]] (8–10), [[sanbaiman]] (11–12) "
                "and [[kazoe-yakuman]] (13 and up)."
            ),
            _(
                "A non-dealer winning by ron is paid four times the base by the discarder; the "
                "dealer six times. On a tsumo a non-dealer gets the base from each non-dealer and "
                "twice the base from the dealer; a dealer gets twice the base from everyone. "
                "Each payment is rounded up to a hundred separately."
            ),
            _(
                "30 fu 4 han has base 1920, just short of mangan. Many leagues round it up "
                "([[kiriage]] mangan); others pay 7700."
            ),
        ),
        (
            Example(
                {
                    "hand": "234m567p23s44z678s",
                    "win": "4s",
                    "tsumo": False,
                    "seat": "2z",
                    "round": "1z",
                    "riichi": True,
                    "dora": "1s",
                    "ura": "5p",
                },
                _("A non-dealer's riichi pinfu with a dora and an ura dora, by ron."),
                (
                    Question(
                        _("What is paid, and why not mangan?"),
                        _(
                            "{ron}: base {base} × 4 rounded up. 30 fu 4 han is below mangan unless "
                            "kiriage is on."
                        ),
                    ),
                ),
            ),
            Example(
                {
                    "hand": "222m666p999s44s77z",
                    "win": "7z",
                    "tsumo": False,
                    "seat": "1z",
                    "round": "2z",
                    "riichi": True,
                    "dora": "1m",
                },
                _("The dealer's big triplet hand won by ron."),
                (
                    Question(
                        _("Which limit does it reach, and what is paid?"),
                        _("{han} han is {limit}: the discarder pays {ron}."),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("A non-dealer 30 fu 4 han tsumo: how much in all?"),
                _("1920 → 2000 from each non-dealer, 3840 → 3900 from the dealer: 7900."),
            ),
        ),
    ),
    Lesson(
        "honba",
        _("Honba, riichi sticks and wareme"),
        _("What is added after the hand's own value."),
        (
            _(
                "[[honba]] counters add 300 points per counter: on ron the discarder pays all of "
                "it, on tsumo each payer adds 100. Some old rules use 1500 per counter."
            ),
            _(
                "Riichi sticks ([[kyoutaku]]) left on the table, 1000 each, go to the winner on "
                "top of the payments."
            ),
            _(
                "[[wareme]] is a house rule: the player whose section of the wall was broken "
                "pays double (or receives double), counted after the honba."
            ),
        ),
        (
            Example(
                {
                    "hand": "234m567p234s44z67s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "1z",
                    "riichi": True,
                    "honba": 2,
                    "sticks": 1,
                },
                _("Two honba and one riichi stick on the table."),
                (
                    Question(
                        _("How much do the honba add, and what comes from the stick?"),
                        _("{honba} from the honba; {sticks} from the riichi stick."),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("Two honba, tsumo: what does each payer add?"),
                _("200 each (100 per counter per payer)."),
            ),
        ),
    ),
    Lesson(
        "quick-method",
        _("The quick method, and why 3900 and 7700 exist"),
        _("Estimate fu from the hand type, learn three rows, double per han."),
        (
            _(
                "Triplet and pair fu rarely matter for the final rounding, so players shortcut "
                "the count by hand type: [[chiitoitsu]] 25; [[pinfu]] 20 by tsumo and 30 by "
                "ron; other closed tsumo 30; other closed ron 40; open hands 30. Add a little "
                "when there are honour or closed triplets."
            ),
            _(
                "Then learn the non-dealer rows for 30, 40 and 50 fu, double for each han, and "
                "take about one and a half times for the dealer."
            ),
            _(
                "The doubling breaks down at the odd numbers. 30 fu 3 han is base 960; four "
                "times is 3840, rounded up to 3900, not 4000. Doubled, 1920 × 4 = 7680 rounds "
                "to 7700, not 8000. The rounding to a hundred, done after the multiplying, "
                "is the reason; the shortcut alone cannot tell you."
            ),
        ),
        (
            Example(
                {
                    "hand": "123m456p345s789s4z",
                    "win": "4z",
                    "tsumo": False,
                    "seat": "2z",
                    "riichi": True,
                    "dora": "8m",
                },
                _("A closed ron with a tanki wait: 40 fu by the quick method."),
                (
                    Question(
                        _("What fu does the full count give?"),
                        _("{raw_fu} → {fu} fu; with {han} han the ron is {ron}."),
                    ),
                ),
            ),
        ),
        (
            Question(
                _("Why is a non-dealer 30 fu 3 han ron 3900 and not 4000?"),
                _("960 × 4 = 3840, and payments round up to the next hundred only."),
            ),
        ),
        table_fus=(30, 40, 50),
    ),
    Lesson(
        "aotenjou",
        _("Aotenjou: scoring without a ceiling"),
        _("A curiosity: what happens if the limits are removed."),
        (
            _(
                "Under [[aotenjou]] (blue sky) nothing is capped: every hand uses fu × 2^(han+2) "
                "and the usual multipliers. Each han doubles the score, so a handful of dora "
                "turns a modest hand into millions."
            ),
            _(
                "Yakuman need a policy: a fixed payment, counting each yakuman as 13 han that "
                "stacks with everything else, or the higher of the two."
            ),
            _(
                "Numbers this large are easier to read with the Japanese myriad units: 万 is "
                "10^4, 億 10^8, 兆 10^12, 京 10^16, and so on every four digits."
            ),
        ),
        (
            Example(
                {
                    "hand": "123p999p6z777z(5555z)",
                    "win": "6z",
                    "tsumo": False,
                    "seat": "3z",
                    "round": "1z",
                    "riichi": True,
                    "ippatsu": True,
                    "dora": "8p8p",
                    "ura": "8p8p",
                    "rules": "aotenjou",
                },
                _("A dragon-heavy hand with eight dora under aotenjou."),
                (
                    Question(
                        _("How is the payment read in myriad units?"),
                        _("{total} = {myriad} points."),
                    ),
                ),
            ),
        ),
        (),
    ),
)

BY_SLUG: dict[str, Lesson] = {lesson.slug: lesson for lesson in LESSONS}


@dataclass
class ScoredExample:
    example: Example
    result: dict[str, Any]
    questions: list[tuple[str, str]]

    @property
    def ok(self) -> bool:
        return bool(self.result.get("ok"))


def facts(result: Mapping[str, Any]) -> dict[str, str]:
    """The values a self-check answer may quote, from a scored result."""
    payments = result["payments"]
    fu_total: dict[str, Any] = next((s for s in result["steps"] if s["step"] == "fu_total"), {})
    base = next((s.get("base") for s in result["steps"] if s["step"] == "limit"), "")
    yaku = ", ".join(
        _g(YAKU_BY_ID[y["id"]].name) if y["id"] in YAKU_BY_ID else y["id"] for y in result["yaku"]
    )
    limit = result.get("limit")
    return {
        "fu": str(result["fu"]),
        "raw_fu": str(fu_total.get("raw", result["fu"])),
        "han": str(result["han"]),
        "yaku": yaku,
        "limit": str(limit or ""),
        "base": str(base),
        "total": f"{payments['total']:,}",
        "ron": f"{payments['ron']:,}" if payments["ron"] is not None else "",
        "tsumo_dealer": str(payments["tsumo_dealer"] or ""),
        "tsumo_others": str(payments["tsumo_others"] or ""),
        "honba": str(payments["honba"]),
        "sticks": str(payments["sticks"]),
        "myriad": myriad(int(payments["total"])),
    }


def score_example(example: Example) -> ScoredExample:
    result = score_request(dict(example.request))
    questions: list[tuple[str, str]] = []
    if result.get("ok"):
        values = facts(result)
        questions = [(str(q.prompt), str(q.answer).format(**values)) for q in example.questions]
    return ScoredExample(example, result, questions)
