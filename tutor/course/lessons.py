"""The short course: lesson content as data, in order.

Paragraphs mark glossary terms with ``[[id]]`` / ``[[id|text]]`` (see tutor.course.glossary). Worked
examples are requests scored live by the engine; their self-check answers are sentences with
``{placeholders}`` filled from the result, so no number of a worked example is typed anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext_lazy as _

from scorer.engine import score_request
from scorer.engine.rules import RulesError, resolve_rules
from scorer.engine.tables import myriad
from scorer.numbers import japanese, points_text, power_of_two
from tutor.course.names import limit_label, yaku_label


@dataclass(frozen=True)
class Question:
    prompt: Promise
    #: An answer sentence; ``{fu} {raw_fu} {han} {yaku} {limit} {base} {total} {ron}
    #: {tsumo_dealer} {tsumo_others} {honba} {sticks} {collected} {wareme_pays} {yakuman}
    #: {myriad} {power} {power_short}`` come from the scored example (``collected``: payments
    #: plus riichi sticks; ``power``: 2^(4+2) = 2⁶ = 64, ``power_short``: 2^(4+2);
    #: ``myriad``: the total read in myriad units for an English reader, 483億1838万2100, and
    #: empty in Japanese, where ``{total}`` is already written so: 「{total}{myriad}点」).
    answer: Promise


@dataclass(frozen=True)
class Example:
    request: Mapping[str, object]
    caption: Promise
    questions: tuple[Question, ...] = ()
    #: What the example is there to show, checked against its trace by the tests:
    #: ``fu:<item>``, ``yaku:<id>``, ``no-yaku:<id>``, ``wait:<wait>``, ``step:<kind>``,
    #: ``limit:<id>``, ``form:<form>``, ``tenpane`` / ``no-tenpane``, ``han:<id>=<n>``.
    shows: tuple[str, ...] = ()


@dataclass(frozen=True)
class Addendum:
    """Text added to a lesson after its translation was made: shown in English, and in another
    language once all of it is translated there (a lesson never mixes in English sentences;
    the translators pick the new strings up with ``make messages``)."""

    paragraphs: tuple[Promise, ...] = ()
    examples: tuple[Example, ...] = ()

    def texts(self) -> list[Promise]:
        out = list(self.paragraphs)
        for example in self.examples:
            out.append(example.caption)
            out += [q.prompt for q in example.questions] + [q.answer for q in example.questions]
        return out

    def reads_in_active_language(self) -> bool:
        """English, or every sentence translated into the active language."""
        if (get_language() or "en").startswith("en"):
            return True
        for text in self.texts():
            with translation.override("en"):
                english = str(text)
            if str(text) == english:
                return False
        return True


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: Promise
    summary: Promise
    own_paragraphs: tuple[Promise, ...]
    own_examples: tuple[Example, ...] = ()
    questions: tuple[Question, ...] = ()
    #: Fu columns of a small non-dealer ron table drawn from the engine (quick-method lesson).
    table_fus: tuple[int, ...] = field(default=())
    #: Show the fu of triplets and kans (open/closed × simples/terminals and honours), from the
    #: engine's fu items (Counting fu).
    fu_table: bool = False
    #: The quiz kinds that practise this lesson, linked at its end.
    drills: tuple[str, ...] = field(default=())
    #: Text added after the lesson was translated (see :class:`Addendum`).
    addendum: Addendum | None = None

    def _with_addendum(self) -> bool:
        return self.addendum is not None and self.addendum.reads_in_active_language()

    @property
    def paragraphs(self) -> tuple[Promise, ...]:
        """The paragraphs in the active language: the addendum's too once they read in it."""
        extra = self.addendum.paragraphs if self.addendum and self._with_addendum() else ()
        return self.own_paragraphs + extra

    @property
    def examples(self) -> tuple[Example, ...]:
        extra = self.addendum.examples if self.addendum and self._with_addendum() else ()
        return self.own_examples + extra


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
                "power of (han + 2), so every han doubles the base points; with 1 han the factor "
                "is 2⁽¹⁺²⁾ = 2³ = 8. "
                "The extra two han are called [[bazoro]]: today's rules usually give them to "
                "every win, and the quick-reference tables already include them, so they are "
                "seldom mentioned."
            ),
            _(
                "Past a certain size the formula is replaced by a fixed value, a limit such as "
                "[[mangan]]. The base points are then multiplied depending on who won and who "
                "pays: the [[oya|dealer]] is paid about one and a half times what a non-dealer "
                "would be paid for the same hand (6 times the base points instead of 4, before "
                "rounding)."
            ),
            _(
                "Each payment is rounded up to the next hundred on its own. Finally counters "
                "for repeat hands and draws ([[honba]]) and riichi sticks ([[kyoutaku]]) are "
                "added; "
                "where the house plays [[wareme]], one seat then pays or receives double."
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
                        _(
                            "{fu} fu {han} han: {fu} × {power_short} = {base} base points, since "
                            "{power}."
                        ),
                    ),
                    Question(
                        _("What does each other player pay, and why not exactly twice the base?"),
                        _(
                            "{tsumo_others}: twice the base points, rounded up to the next "
                            "hundred. The dealer collects {collected} in all."
                        ),
                    ),
                ),
                shows=("step:base_points", "wait:kanchan", "yaku:riichi", "no-tenpane"),
            ),
        ),
        (
            Question(
                _("Why does the formula add 2 to the han?"),
                _(
                    "That is bazoro: two han that today's rules usually give every win on top of "
                    "its yaku, already built into the quick-reference tables."
                ),
            ),
            Question(
                _("Do dora alone let a hand win?"),
                _(
                    "No. Dora add han but are not yaku: a hand needs at least one yaku besides "
                    "its dora."
                ),
            ),
        ),
        drills=("table", "payments"),
    ),
    Lesson(
        "fu",
        _("Counting fu"),
        _("Where the minipoints come from, item by item."),
        (
            _(
                "Every win starts from 20 fu, the [[futei]]. A [[menzen|closed]] hand that wins "
                "on a discard ([[ron]]) adds 10; a win by [[tsumo|self-draw]] adds 2, open or "
                "closed (pinfu and seven pairs are the exceptions: see the next lesson)."
            ),
            _(
                "Sequences are worth nothing. An open triplet of simples (2 to 8) is 2 fu, and "
                "everything else follows by doubling: terminals and honours (1, 9, winds, "
                "dragons) double it, a concealed triplet doubles it again, and a kan is four "
                "times a triplet (two doublings more). So a closed kan of honours is 32 fu: "
                "four doublings of 2."
            ),
            _(
                "A pair of [[yakuhai|value tiles]] (a dragon, your seat wind or the round wind) "
                "adds 2. A wind that is both your seat and round wind ([[renpuuhai]]) counts "
                "twice, 4 fu, on Tenhou and Mahjong Soul; M.League and some other rules give "
                "only 2."
            ),
            _(
                "Awkward waits add 2: [[kanchan]] (middle), [[penchan]] (edge) and [[tanki]] "
                "(pair). A two-sided [[ryanmen]] or a [[shanpon]] adds nothing. Then the total "
                "is rounded up to a multiple of ten: 24 becomes 30, 32 becomes 40. When the "
                "rounded total comes out above the 30 a hand usually has (40 for a closed ron), "
                "usually because triplet fu and the small 2-fu items add up, players call it "
                "[[tenpane]]: 42 rounded up to 50 is tenpane."
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
                _(
                    "East round, the dealer wins by tsumo: a double-East pair, an edge wait, a "
                    "concealed honour triplet and a called terminal triplet."
                ),
                (
                    Question(
                        _("Which set is worth the most fu, and why?"),
                        _(
                            "The concealed red-dragon triplet: an honour triplet that was never "
                            "called, 8 fu."
                        ),
                    ),
                    Question(
                        _("What is the fu total, and what is scored?"),
                        _("{raw_fu} fu in all, the tsumo's 2 included; scored as {fu} fu."),
                    ),
                ),
                shows=(
                    "fu:closed_terminal_triplet",
                    "fu:open_terminal_triplet",
                    "fu:pair_seat_wind",
                    "fu:pair_round_wind",
                    "wait:penchan",
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
                        _("How much is the closed kan of the 9 of characters worth?"),
                        _(
                            "32 fu: start from 2 (an open triplet of simples), double for a "
                            "terminal, double for concealed, four times for a kan. The hand is "
                            "{raw_fu} fu, scored as {fu} fu."
                        ),
                    ),
                ),
                shows=("fu:closed_terminal_kan", "fu:open_terminal_triplet", "wait:shanpon"),
            ),
            Example(
                {
                    "hand": "456m666z9p[1-23m][7-89m]",
                    "win": "9p",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "1z",
                    "dora": "4m",
                },
                _("An open straight, a concealed green-dragon triplet and a pair wait, by tsumo."),
                (
                    Question(
                        _("Add the fu item by item."),
                        _(
                            "20 (futei) + 2 (tsumo) + 8 (concealed honour triplet) + 2 (tanki) "
                            "= {raw_fu}, scored as {fu}: the triplet's 8 fu and the 2-fu items "
                            "took it past the usual 30, so this is tenpane."
                        ),
                    ),
                    Question(
                        _("And the han?"),
                        _("{han}: {yaku}."),
                    ),
                ),
                shows=("tenpane", "fu:closed_terminal_triplet", "wait:tanki", "han:ittsu=1"),
            ),
        ),
        (
            Question(
                _(
                    "What is an open triplet of the 5 of circles worth? A concealed triplet of "
                    "North?"
                ),
                _("2 fu (open simples); 8 fu (concealed honours)."),
            ),
            Question(
                _("Which waits add fu?"),
                _("Kanchan, penchan and tanki add 2; ryanmen and shanpon add nothing."),
            ),
        ),
        fu_table=True,
        drills=("fu", "fu_items"),
    ),
    Lesson(
        "exceptions",
        _("The fu exceptions"),
        _("Pinfu, seven pairs, the open pinfu shape and triplets won by ron."),
        (
            _(
                "[[pinfu]] is the hand with nothing to count: four sequences, a pair that is "
                "not a value tile and a two-sided wait, closed. Won by ron it is 30 fu (20 plus "
                "the closed ron bonus). Won by tsumo (where pinfu tsumo is allowed, the "
                "standard) the 2 tsumo fu are waived, so it stays at exactly 20 fu, the only "
                "hand that does."
            ),
            _(
                "[[chiitoitsu]] does not follow the item list at all: it is a fixed 25 fu, never "
                "rounded, with 2 han. The Kansai rule values it 50 fu with 1 han instead: the "
                "same points below the limits, but with many yaku the limits are reached at "
                "different han."
            ),
            _(
                "An open hand with the pinfu shape (all sequences, a no-fu pair, a two-sided "
                "wait), won by ron, adds up to only 20 fu. This is the open pinfu shape "
                "([[kuipinfu]]), and it is scored as 30 fu: so a 20 fu hand is never won by ron, "
                "and 20 fu 1 han does not exist."
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
                        _("It is a pinfu tsumo: exactly {fu} fu."),
                    ),
                ),
                shows=("yaku:pinfu", "fu:pinfu_tsumo"),
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
                            "{tsumo_others} all, {total} in all."
                        ),
                    ),
                    Question(
                        _("Why no iipeikou from the pairs of 2, 3 and 4 of characters?"),
                        _(
                            "Read as seven pairs, the hand has no sequences, and iipeikou never "
                            "combines with chiitoitsu. These tiles have no standard reading "
                            "(the pairs of 7 of circles, 9 of bamboo, Haku and Chun make no "
                            "sets); when the same tiles also form a standard hand, such as "
                            "ryanpeikou, the higher-scoring reading wins."
                        ),
                    ),
                ),
                shows=("form:chiitoitsu", "fu:chiitoitsu", "yaku:chiitoitsu", "no-yaku:iipeikou"),
            ),
            Example(
                {"hand": "234m678p34s66s[2-34p]", "win": "5s", "tsumo": False, "seat": "2z"},
                _("Open all-simples with a two-sided wait and a no-fu pair, won by ron."),
                (
                    Question(
                        _("The items add up to 20. What fu is scored?"),
                        _("{fu} fu: an open pinfu shape is never scored at 20."),
                    ),
                ),
                shows=("fu:open_pinfu", "wait:ryanmen", "yaku:tanyao"),
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
                            "The 6 of bamboo was completed by ron, so that triplet is open: only "
                            "two are concealed. The hand is {fu} fu {han} han."
                        ),
                    ),
                ),
                shows=("no-yaku:sanankou", "fu:open_simple_triplet", "wait:shanpon"),
            ),
        ),
        (
            Question(
                _("Which is the only hand that can score 20 fu?"),
                _("Closed pinfu won by tsumo."),
            ),
        ),
        drills=("fu", "quick"),
    ),
    Lesson(
        "han",
        _("Han, yaku, dora and kuisagari"),
        _("Adding up the han: yaku first, then bonus tiles."),
        (
            _(
                "Each [[yaku]] has a value in han, often different for closed and open hands. "
                "Several yaku (riichi, [[pinfu]], [[iipeikou]]…) exist only for closed hands; "
                "others lose a han when the hand is open, a rule called [[kuisagari]]: "
                "[[sanshoku]], [[ittsu]], [[chanta]], [[junchan]], [[honitsu]] and [[chinitsu]]."
            ),
            _(
                "[[dora]] add one han per copy, but they are not yaku. The tile shown on the wall "
                "is the indicator: the dora is the NEXT tile, counting 9 to 1 around and winds "
                "East, South, West, North, East, dragons white, green, red, white. "
                "[[ura-dora]] count only after a riichi; [[aka-dora|red fives]] are dora where "
                "used."
            ),
            _(
                "When a [[yakuman]] is made, the ordinary yaku and the dora are not counted "
                "(except under aotenjou, where the rules say how it counts)."
            ),
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
                            "1 han (2 closed: kuisagari takes one off). With the dora the hand is "
                            "{fu} fu {han} han, {total} points."
                        ),
                    ),
                    Question(
                        _("Which tile does the indicator, the 2 of characters, make dora?"),
                        _("The 3 of characters, the next tile: one copy in the hand."),
                    ),
                ),
                shows=("yaku:ittsu", "han:ittsu=1", "han:dora=1"),
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
                _(
                    "Dora indicators wrap around: the 9 of characters points at the 1, North "
                    "points at East."
                ),
                (
                    Question(
                        _("How many dora and ura dora are there?"),
                        _(
                            "The dora is the 1 of characters (one copy), the ura dora East "
                            "(none): {han} han in all ({yaku})."
                        ),
                    ),
                ),
                shows=("han:dora=1", "step:dora"),
            ),
        ),
        (
            Question(
                _("An open half flush: how many han?"),
                _("2 han instead of 3 (kuisagari)."),
            ),
        ),
        drills=("yaku",),
    ),
    Lesson(
        "points",
        _("Base points, limits and payments"),
        _("From fu and han to the money on the table."),
        (
            _(
                "Below the limits the [[kihonten|base points]] are fu × 2 to the power of (han + "
                "2). From 2,000 on they are capped: a [[mangan]] is 5 han, 40 fu or more at 4 "
                "han, or 70 fu or more at 3 han. Then come [[haneman]] (6–7 han), [[baiman]] "
                "(8–10), [[sanbaiman]] (11–12) and [[kazoe-yakuman]] (13 and up, where kazoe is "
                "played; otherwise sanbaiman). From 5 han the fu no longer matter."
            ),
            _(
                "A non-dealer winning by ron is paid four times the base by the discarder; the "
                "dealer six times. On a tsumo a non-dealer gets the base from each non-dealer and "
                "twice the base from the dealer; a dealer gets twice the base from everyone. "
                "Each payment is rounded up to a hundred separately."
            ),
            _(
                "30 fu 4 han (and 60 fu 3 han) has base 1,920, just short of mangan. Some rules "
                "round it up ([[kiriage]]); others pay it as it is, 7,700 for a non-dealer ron."
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
                shows=("step:base_points", "yaku:pinfu", "han:ura_dora=1"),
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
                    Question(
                        _("Does the fu count matter here?"),
                        _(
                            "No: the hand is {raw_fu} fu, but from 5 han the limit depends on "
                            "the han alone."
                        ),
                    ),
                ),
                shows=("limit:baiman", "yaku:toitoi", "yaku:sanankou", "fu:open_terminal_triplet"),
            ),
        ),
        (
            Question(
                _("A non-dealer 30 fu 4 han tsumo: how much in all?"),
                _("1,920 → 2,000 from each non-dealer, 3,840 → 3,900 from the dealer: 7,900."),
            ),
        ),
        # The three-player tsumo drill goes with the sanma addendum below.
        drills=("table", "reverse", "payments", "sanma_tsumo"),
        # Three players (issue 14): how sanma scoring differs, after the payments paragraphs.
        addendum=Addendum(
            (
                _(
                    "With three players (sanma: no characters 2 to 8, no chi and no "
                    "north seat) a ron is paid as above, but a tsumo has only two payers. "
                    "Under tsumo loss (ツモ損), the rule of Tenhou and Mahjong Soul, each of them "
                    "pays what they would pay with four players and the north player's share "
                    "is not paid by anyone, so the winner collects less; some rooms split that "
                    "share between the two payers instead. Each north tile set aside "
                    "(nuki dora) is 1 han of dora, with a replacement draw from the dead "
                    "wall; it is not part of the hand. How honba are paid with three players "
                    "is not settled: this app counts 100 from each of the two payers on a "
                    "tsumo and 200 from the discarder on a ron, and some rooms differ."
                ),
            ),
            (
                Example(
                    {
                        "hand": "99m123456p789s11z",
                        "win": "9m",
                        "tsumo": True,
                        "seat": "2z",
                        "round": "1z",
                        "riichi": True,
                        "nuki": 2,
                        "rules": "tenhou_sanma",
                    },
                    _(
                        "Three players (Tenhou's rules): a non-dealer's riichi tsumo with two "
                        "norths set aside."
                    ),
                    (
                        Question(
                            _("How many han, and where do they come from?"),
                            _("{han} han: {yaku}."),
                        ),
                        Question(
                            _("Who pays what?"),
                            _(
                                "The dealer {tsumo_dealer} and the other non-dealer "
                                "{tsumo_others}: {total} in all; nobody pays for the empty "
                                "north seat."
                            ),
                        ),
                    ),
                    shows=("han:nuki_dora=2", "step:payment_rule", "yaku:menzen_tsumo"),
                ),
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
                "it, on tsumo each of the three payers adds 100 per counter. Some older styles "
                "(the classic rules here) use 1,500 per counter instead: 500 from each payer "
                "on a tsumo."
            ),
            _(
                "Riichi sticks ([[kyoutaku]]) left on the table, 1,000 each, go to the winner on "
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
                    Question(
                        _("What does the winner collect in all?"),
                        _(
                            "{collected}: {total} in payments ({tsumo_others}/{tsumo_dealer}) "
                            "plus {sticks} from the stick."
                        ),
                    ),
                ),
                shows=("step:honba", "step:sticks"),
            ),
            Example(
                {
                    "hand": "234m567p234s44z67s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "1z",
                    "riichi": True,
                    "ippatsu": True,
                    "honba": 1,
                    "wareme": "4z",
                    "rules": {"preset": "tenhou", "wareme": True},
                },
                _(
                    "Wareme: the same pinfu tsumo, now with ippatsu and one honba, and the wall "
                    "was broken in front of North."
                ),
                (
                    Question(
                        _("What does each player pay?"),
                        _(
                            "The dealer {tsumo_dealer} and West {tsumo_others} (each with the "
                            "honba); North, at the wareme, pays double: {wareme_pays}."
                        ),
                    ),
                    Question(
                        _("What does the winner collect?"),
                        _("{collected} in all."),
                    ),
                ),
                shows=("step:wareme", "step:honba", "yaku:pinfu"),
            ),
        ),
        (
            Question(
                _("Two honba, tsumo: what does each payer add?"),
                _("200 each (100 per counter per payer)."),
            ),
        ),
        drills=("honba",),
    ),
    Lesson(
        "quick-method",
        _("The quick method (渋川式), and why 3,900 and 7,700 exist"),
        _("Six fu patterns, ten numbers, doubling, and when to count fu exactly."),
        (
            _(
                "The quick method (渋川式, the Shibukawa method, named after the M.League "
                "professional Shibukawa Nanba) gets the points without counting fu for most "
                "hands. Leaving triplet fu aside, every hand that is not a yakuman fits one of "
                "six fu patterns, written with five labels: [[chiitoitsu]] 25; closed "
                "[[pinfu]] 20 by tsumo and 30 by ron; any other closed hand 30+ by tsumo and "
                "40+ by ron; any open hand 30+, the closed tsumo's label."
            ),
            _(
                "Why those values: 20 fu plus the closed-ron 10 is 30, and whatever keeps a "
                "closed hand from being pinfu (a triplet, an awkward wait, a value pair) adds at "
                "least 2, which rounds up to 40. A tsumo adds 2 to the 20, which rounds up to 30, "
                "and an open pinfu shape is raised to 30."
            ),
            _(
                "The other closed and open values are really 30 or 40 “plus a little”, and the "
                "little is [[tenpane]]: triplet fu together with the pair, tsumo and wait fu "
                "pushing the hand past its 30 (or 40). It becomes likely once the triplets add "
                "up to 8 fu, and one concealed triplet of terminals or honours is 8 fu on its "
                "own: whenever you see one, count the fu exactly."
            ),
            _(
                "Then learn the ten non-dealer ron figures in the table below: 30 fu from 1 to 4 "
                "han, 40 and 50 fu from 1 to 3 han (one han more is mangan). The table is "
                "without kiriage mangan; with it, 30 fu 4 han is a mangan too."
            ),
            _(
                "Everything else follows from doubling: one more han doubles the base points, "
                "and so does twice the fu. So 60 fu pays like 30 fu with one han more, 20 fu "
                "like 40 fu with one han less, and 25 fu like 50 fu with one han less. The "
                "dealer is paid about one and a half times the non-dealer figure (6 times the "
                "base instead of 4); rounding can move it by a hundred: 3,900 × 1.5 = 5,850, but "
                "the dealer gets 5,800."
            ),
            _(
                "The doubling breaks down at the odd numbers. 30 fu 3 han is base 960; four "
                "times is 3,840, rounded up to 3,900, not 4,000. Doubled, 1,920 × 4 = 7,680 rounds "
                "to 7,700, not 8,000. The rounding to a hundred, done after the multiplying, "
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
                _("A closed ron with a tanki wait: 40+ by the quick method."),
                (
                    Question(
                        _("What fu does the full count give?"),
                        _(
                            "{raw_fu} → {fu} fu, the closed ron's usual 40: no tenpane. With "
                            "{han} han the ron is {ron}."
                        ),
                    ),
                ),
                shows=("wait:tanki", "fu:closed_ron", "no-tenpane"),
            ),
            Example(
                {
                    "hand": "123m456p777z99s13s",
                    "win": "2s",
                    "tsumo": True,
                    "seat": "2z",
                    "riichi": True,
                },
                _("A closed tsumo with a concealed red-dragon triplet and a closed wait."),
                (
                    Question(
                        _("The quick method says 30+. How many fu exactly?"),
                        _(
                            "{fu}: the concealed honour triplet is 8 fu, and with the tsumo and "
                            "the wait the count is {raw_fu}, rounded to {fu}. This is tenpane: "
                            "the hand pays {tsumo_others}/{tsumo_dealer} ({total} in all), not "
                            "the 30 fu figure."
                        ),
                    ),
                ),
                shows=("tenpane", "fu:closed_terminal_triplet", "wait:kanchan"),
            ),
        ),
        (
            Question(
                _("Why is a non-dealer 30 fu 3 han ron 3,900 and not 4,000?"),
                _("960 × 4 = 3,840, and payments round up to the next hundred only."),
            ),
            Question(
                _("Which hands need an exact fu count?"),
                _(
                    "Those with triplets or kans, above all a concealed triplet of terminals or "
                    "honours (8 fu alone): they may be past their pattern's 30 or 40."
                ),
            ),
        ),
        table_fus=(30, 40, 50),
        drills=("quick", "estimate", "exact_fu"),
    ),
    Lesson(
        "limits",
        _("Limits and their variants"),
        _("Kiriage, kazoe yakuman, 10-han sanbaiman, double yakuman and the 120 fu rows."),
        (
            _(
                "The limits are where rule sets differ most, so settle them before a game. "
                "Three 4-han cells are not a [[mangan]] by the formula: 20 fu, 25 fu and 30 fu "
                "4 han (the same points as 40, 50 and 60 fu at 3 han). Only the last, base 1,920, "
                "sits just under mangan. [[kiriage|Kiriage mangan]], which more and more games "
                "play, rounds "
                "only base 1,920 up to a mangan: 30 fu 4 han and 60 fu 3 han. 20 and 25 fu at "
                "4 han stay as they are."
            ),
            _(
                "13 han or more is a [[kazoe-yakuman]] where counted yakuman is played; where "
                "it is not, the hand stays a [[sanbaiman]]. Some regions make 10 han a "
                "sanbaiman already, where most rules still pay [[baiman]]."
            ),
            _(
                "Wherever the limits apply (all rules but aotenjou), a [[yakuman]] is a fixed "
                "limit: the fu, the other yaku and the dora are not counted at all. Where the "
                "rules allow it, the hardest patterns (junsei chuuren, "
                "kokushi on a 13-sided wait, suuankou tanki, daisuushii) are a "
                "[[double-yakuman]], and several yakuman in one hand add up."
            ),
            _(
                "The quick-reference tables stop at 110 fu. The Japanese Wikipedia article on "
                "scoring gives the reason: a hand "
                "of 120 fu or more always has at least 3 han, and 3 han is a mangan from 70 fu "
                "on."
            ),
        ),
        (
            Example(
                {
                    "hand": "234m567p23s44z678s",
                    "win": "4s",
                    "tsumo": False,
                    "seat": "1z",
                    "round": "1z",
                    "riichi": True,
                    "dora": "1s",
                    "ura": "5p",
                    "rules": "mleague",
                },
                _("A dealer's riichi pinfu, 30 fu 4 han, under M.League rules (kiriage)."),
                (
                    Question(
                        _("What does the discarder pay, and why not 11,600?"),
                        _(
                            "{ron}: with kiriage, base 1,920 is rounded up to {limit}. Without "
                            "it (Tenhou rules) the same hand pays 11,600."
                        ),
                    ),
                ),
                shows=("limit:mangan", "yaku:pinfu", "step:limit"),
            ),
            Example(
                {"hand": "111m999m555z77z66z", "win": "7z", "tsumo": False, "seat": "2z"},
                _(
                    "A counted yakuman without riichi or dora: a closed hand of "
                    "terminals and honours, won by ron on a shanpon wait."
                ),
                (
                    Question(
                        _("Which yaku make up the han?"),
                        _("{yaku}: {han} han, a {limit}."),
                    ),
                    Question(
                        _("Why must the hand be closed?"),
                        _(
                            "Open, honitsu would be worth one han less (kuisagari), and the "
                            "pon that opened it would leave only two concealed triplets, so no "
                            "sanankou: the hand would fall short of 13 han."
                        ),
                    ),
                ),
                shows=("limit:kazoe_yakuman", "yaku:shousangen", "yaku:honroutou"),
            ),
            Example(
                {
                    "hand": "111m999m555z77z66z",
                    "win": "7z",
                    "tsumo": False,
                    "seat": "2z",
                    "rules": "wrc",
                },
                _("The same hand under rules without counted yakuman (WRC)."),
                (
                    Question(
                        _("What is it worth now?"),
                        _("Still {han} han, but only a {limit}: the discarder pays {ron}."),
                    ),
                ),
                shows=("limit:sanbaiman", "yaku:honitsu"),
            ),
            Example(
                {
                    "hand": "666z777z12p99p[5=55z]",
                    "win": "3p",
                    "tsumo": False,
                    "seat": "2z",
                    "round": "1z",
                    "dora": "8p",
                },
                _("A yakuman: big three dragons, won by ron on an edge wait."),
                (
                    Question(
                        _("Do the fu, the other yaku and the dora count?"),
                        _(
                            "No. The fu would be {raw_fu}, rounded up to {fu}, and the hand also "
                            "holds "
                            "dora and ordinary yaku, but a yakuman ignores them all: the "
                            "discarder pays {ron}."
                        ),
                    ),
                ),
                shows=("limit:yakuman", "yaku:daisangen", "step:dora"),
            ),
            Example(
                {
                    "hand": "5z(1111z)(2222z)(3333z)(4444z)",
                    "win": "5z",
                    "tsumo": True,
                    "seat": "2z",
                    "rules": "mahjongsoul",
                },
                _(
                    "Yakuman that stack: all honours, four kans, four concealed "
                    "triplets on a single wait and big four winds, where double yakuman count."
                ),
                (
                    Question(
                        _("How many yakuman, and what is collected?"),
                        _(
                            "{yakuman}: suuankou tanki and daisuushii count double, tsuuiisou "
                            "and suukantsu once; {tsumo_others}/{tsumo_dealer}, {total} in all. "
                            "Without double yakuman "
                            "(Tenhou rules) it would be four."
                        ),
                    ),
                ),
                shows=("limit:yakuman", "yaku:suuankou_tanki", "yaku:daisuushii"),
            ),
        ),
        (
            Question(
                _("Is 25 fu 4 han a mangan with kiriage?"),
                _("No: kiriage rounds only base 1,920 up, and 25 fu 4 han is base 1,600."),
            ),
        ),
        drills=("table",),
    ),
    Lesson(
        "aotenjou",
        _("Aotenjou: scoring without a ceiling"),
        _("A curiosity: what happens if the limits are removed."),
        (
            _(
                "Under [[aotenjou]] (blue sky) nothing is capped: every hand uses fu × 2 to the "
                "power of (han + 2) and the usual multipliers. Each han doubles the score, so a "
                "handful of dora turns a modest hand into hundreds of thousands of points, and a "
                "dozen han reach the millions."
            ),
            _(
                "Yakuman need a policy: a fixed payment (10,000,000 for a non-dealer, "
                "15,000,000 for a dealer), counting each yakuman as 13 han that stacks with "
                "everything else, or the higher of the two."
            ),
            _(
                "Numbers this large are easier to read with the Japanese myriad units: 万 is "
                "10,000, 億 is 10,000 万, 兆 is 10,000 億, 京 is 10,000 兆: a new unit every four "
                "digits. The "
                "quick-reference tables page ([[hayamihyou]]) has aotenjou tables up to 15 han, "
                "for ron and for tsumo."
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
                _(
                    "The first example of the Japanese Wikipedia article on aotenjou: a "
                    "dragon-heavy hand with twelve dora (six dora, "
                    "six ura dora) under aotenjou."
                ),
                (
                    Question(
                        _("What does the discarder pay?"),
                        # Translators: {myriad} is empty in Japanese, whose {total} is already
                        # written in myriad units: write {total}{myriad}.
                        _("{total} points: {myriad} in Japanese myriad units."),
                    ),
                ),
                shows=("han:dora=6", "han:ura_dora=6", "yaku:shousangen", "step:base_points"),
            ),
            Example(
                {
                    "hand": "111m22p666p222z88s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "2z",
                    "riichi": True,
                    "dora": "6z",
                    "ura": "7z",
                    "rules": {"preset": "aotenjou", "aotenjou_yakuman": "fixed"},
                },
                _(
                    "The same article's fourth example: riichi, then four concealed triplets by "
                    "tsumo. "
                    "Yakuman policy: a fixed payment."
                ),
                (
                    Question(
                        _("What does the winner collect?"),
                        _(
                            "{tsumo_others}/{tsumo_dealer}, {total} in all: the fixed yakuman "
                            "payment, whatever else the hand holds."
                        ),
                    ),
                ),
                shows=("limit:yakuman", "yaku:suuankou"),
            ),
            Example(
                {
                    "hand": "111m22p666p222z88s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "2z",
                    "riichi": True,
                    "dora": "6z",
                    "ura": "7z",
                    "rules": {"preset": "aotenjou", "aotenjou_yakuman": "13han"},
                },
                _("The same hand when each yakuman counts as 13 han that stacks with the rest."),
                (
                    Question(
                        _("How many fu and han, and what is collected?"),
                        # Translators: {myriad} is empty in Japanese (see above).
                        _(
                            "{fu} fu {han} han ({yaku}; toitoi and sanankou are part of the "
                            "yakuman and not added again): {tsumo_others}/{tsumo_dealer}, "
                            "{total} points in all ({myriad})."
                        ),
                    ),
                ),
                shows=("yaku:suuankou", "yaku:riichi", "step:base_points"),
            ),
            Example(
                {
                    "hand": "111m22p666p222z88s",
                    "win": "8s",
                    "tsumo": True,
                    "seat": "2z",
                    "round": "2z",
                    "riichi": True,
                    "dora": "6z",
                    "ura": "7z",
                    "rules": {"preset": "aotenjou", "aotenjou_yakuman": "higher"},
                },
                _("And when the higher of the two values is taken."),
                (
                    Question(
                        _("Which value wins here?"),
                        _(
                            "The 13-han count: {tsumo_others}/{tsumo_dealer}, {total} in all, is "
                            "more than the fixed payment."
                        ),
                    ),
                ),
                shows=("yaku:suuankou", "step:base_points"),
            ),
        ),
        (),
    ),
)


BY_SLUG: dict[str, Lesson] = {lesson.slug: lesson for lesson in LESSONS}

#: Where each rule is taught: topic -> (lesson slug, paragraph number from 1, a word the
#: paragraph must contain, checked by the tests). Quiz feedback links here.
TOPICS: dict[str, tuple[str, int, str]] = {
    "bazoro": ("how-scoring-works", 2, "bazoro"),
    "dealer": ("how-scoring-works", 3, "dealer"),
    "win-fu": ("fu", 1, "self-draw"),
    "triplet-fu": ("fu", 2, "triplet"),
    "pair-fu": ("fu", 3, "pair"),
    "wait-fu": ("fu", 4, "Awkward waits"),
    "rounding-fu": ("fu", 4, "rounded up to a multiple of ten"),
    "pinfu": ("exceptions", 1, "pinfu"),
    "chiitoitsu": ("exceptions", 2, "chiitoitsu"),
    "open-pinfu": ("exceptions", 3, "pinfu shape"),
    "ron-triplet": ("exceptions", 4, "counts as an open triplet"),
    "yaku": ("han", 1, "yaku"),
    "kuisagari": ("han", 1, "kuisagari"),
    "dora": ("han", 2, "indicator"),
    "limits": ("points", 1, "mangan"),
    "payments": ("points", 2, "rounded up to a hundred separately"),
    "kiriage": ("points", 3, "kiriage"),
    "honba": ("honba", 1, "honba"),
    "sticks": ("honba", 2, "Riichi sticks"),
    "wareme": ("honba", 3, "wareme"),
    "quick-patterns": ("quick-method", 1, "six fu patterns"),
    "tenpane": ("quick-method", 3, "tenpane"),
    "doubling": ("quick-method", 5, "doubling"),
    "rounding-payments": ("quick-method", 6, "rounding"),
    "sanma": ("points", 4, "tsumo loss"),
}


def paragraph_anchor(number: int) -> str:
    """The id of a lesson's paragraph ``number`` (from 1) on its page."""
    return f"p{number}"


def topic_url(topic: str) -> str:
    """The lesson section that teaches ``topic``."""
    slug, number, _word = TOPICS[topic]
    return reverse("tutor:lesson", args=[slug]) + "#" + paragraph_anchor(number)


@dataclass
class ScoredExample:
    example: Example
    result: dict[str, Any]
    questions: list[tuple[str, str]]

    @property
    def ok(self) -> bool:
        return bool(self.result.get("ok"))

    @property
    def aotenjou(self) -> bool:
        """The example plays without limits: its Japanese figures are written in myriad units."""
        return is_aotenjou(self.example.request.get("rules"))


def _points(value: object, aotenjou: bool = False) -> str:
    """Points in an answer sentence: in English through the one helper (1,920; 11,600), as the
    picker and tables write them; in Japanese plain digits as players write scores (11600点,
    192000点), and under aotenjou every figure in myriad units (483億1838万2100点; 1000 stays
    1000), one style for the whole sentence; nothing for absent."""
    if not isinstance(value, int):
        return ""
    return points_text(value, aotenjou=aotenjou)


def is_aotenjou(rules: object) -> bool:
    """Whether a request's ``rules`` (a preset name, a rules object, or a result's
    "aotenjou+custom") play without limits."""
    if isinstance(rules, str):
        rules = rules.split("+")[0]
    try:
        return resolve_rules(rules or "tenhou").aotenjou
    except RulesError:
        return False


def facts(result: Mapping[str, Any], aotenjou: bool | None = None) -> dict[str, str]:
    """The values a self-check answer may quote, from a scored result (``aotenjou``: whether the
    rules have no limits; by default read from the result's rules name)."""
    if aotenjou is None:
        aotenjou = is_aotenjou(result.get("rules"))
    payments = result["payments"]
    fu_total: dict[str, Any] = next((s for s in result["steps"] if s["step"] == "fu_total"), {})
    base = next((s.get("base") for s in result["steps"] if s["step"] == "limit"), "")
    yaku = pgettext("list separator", ", ").join(yaku_label(y["id"]) for y in result["yaku"])
    limit = result.get("limit")
    return {
        "fu": str(result["fu"]),
        "raw_fu": str(fu_total.get("raw", result["fu"])),
        "han": str(result["han"]),
        "yaku": yaku,
        "limit": limit_label(limit) if limit else "",
        "base": _points(base, aotenjou),
        "total": _points(payments["total"], aotenjou),
        "ron": _points(payments["ron"], aotenjou),
        "tsumo_dealer": _points(payments["tsumo_dealer"], aotenjou),
        "tsumo_others": _points(payments["tsumo_others"], aotenjou),
        "honba": _points(payments["honba"], aotenjou),
        "sticks": _points(payments["sticks"], aotenjou),
        "collected": _points(payments["total"] + payments["sticks"], aotenjou),
        "yakuman": str(result["yakuman"]),
        "wareme_pays": _points(
            (payments["tsumo_others"] or 0) + payments.get("wareme_extra", 0), aotenjou
        ),
        # Japanese needs no reading beside its own way of writing numbers (issue 28.8).
        "myriad": "" if japanese() else myriad(int(payments["total"])),
        "power": power_of_two(int(result["han"])),
        "power_short": power_of_two(int(result["han"]), value=False),
    }


def score_example(example: Example) -> ScoredExample:
    result = score_request(dict(example.request))
    questions: list[tuple[str, str]] = []
    if result.get("ok"):
        values = facts(result, is_aotenjou(example.request.get("rules")))
        questions = [(str(q.prompt), str(q.answer).format(**values)) for q in example.questions]
    return ScoredExample(example, result, questions)
