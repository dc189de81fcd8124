"""The glossary: every scoring term in Japanese (kanji, reading) and English, with an anchor id.

Explanations link terms as ``glossary#<id>``; lesson text marks them ``[[id]]`` or
``[[id|shown text]]`` and :func:`link_terms` turns the marks into links.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tutor.course import termbase
from tutor.course.termbase import Concept


@dataclass(frozen=True)
class Term:
    """A glossary entry: its Japanese headword and reading come from the termbase."""

    id: str
    en: Promise
    definition: Promise

    @property
    def concept(self) -> Concept:
        return termbase.BY_ID[self.id]

    @property
    def ja(self) -> str:
        """The headword and its alternative written forms: ``ロン / 栄和``."""
        return self.concept.written

    @property
    def reading(self) -> str:
        """``"カタカナ · romaji"``: the reading in katakana, then the English term."""
        return f"{self.concept.reading} · {self.concept.en}"


TERMS: tuple[Term, ...] = (
    # --- the count itself
    Term(
        "fu",
        _("fu (minipoints)"),
        _(
            "Points for the shape of the hand and how it was won: 20 to start, more for "
            "triplets, value pairs, awkward waits, a closed ron or a tsumo; the total is rounded "
            "up to a ten. Seven pairs does not count items: its fu are fixed by the rules."
        ),
    ),
    Term(
        "han",
        _("han (doubles)"),
        _("The count of yaku and dora. Every han doubles the base points, up to the limits."),
    ),
    Term(
        "yaku",
        _("scoring pattern"),
        _("A pattern that entitles a hand to win. A hand needs at least one; dora do not count."),
    ),
    Term(
        "futei",
        _("base fu"),
        _("The 20 fu every winning hand starts with."),
    ),
    Term(
        "menzen",
        _("closed hand"),
        _(
            "A hand with no called tiles (a closed kan keeps it closed). A closed hand won by "
            "ron gets 10 extra fu (menzen kafu, 門前加符)."
        ),
    ),
    Term(
        "tsumo",
        _("self-draw"),
        _(
            "Winning on a tile you drew yourself. Adds 2 fu (not for pinfu, nor for seven "
            "pairs, whose fu are fixed); everybody pays."
        ),
    ),
    Term(
        "ron",
        _("win on a discard"),
        _("Winning on another player's discard: the discarder pays everything. Also written 栄和."),
    ),
    Term(
        "tenpai",
        _("ready hand"),
        _("A hand one tile away from winning."),
    ),
    Term(
        "mentsu",
        _("set"),
        _("A sequence (順子 shuntsu), a triplet (刻子 koutsu) or a kan (槓子 kantsu)."),
    ),
    Term(
        "jantou",
        _("pair (head)"),
        _(
            "Two identical tiles: with four sets they make a standard winning hand. Also called "
            "the head (atama)."
        ),
    ),
    Term(
        "kouten",
        _("highest-scoring reading"),
        _(
            "When the tiles can be read in several ways, the reading worth the most points is "
            "the one scored."
        ),
    ),
    Term(
        "tenpane",
        _("fu past the usual 30 or 40"),
        _(
            "When the fu, rounded up, come out above the 30 a hand's pattern usually has (40 "
            "for a closed ron), usually from triplet or kan fu together with the small 2-fu "
            "items (pair, wait, tsumo): 42 rounded up to 50 is tenpane, and so is a closed "
            "tsumo with a concealed honour triplet and a closed wait, 20 + 2 + 8 + 2 = 32, so "
            "40. An ordinary 24 rounded to 30 is not tenpane."
        ),
    ),
    # --- waits
    Term(
        "ryanmen",
        _("two-sided wait"),
        _(
            "Two consecutive tiles that can be completed at either end, 23 to 78 of a suit, "
            "like 45 waiting on 3 or 6 (12 and 89 are edge waits). No fu."
        ),
    ),
    Term(
        "kanchan",
        _("closed (middle) wait"),
        _("Waiting on the middle of a sequence, like 46 for 5. 2 fu."),
    ),
    Term(
        "penchan",
        _("edge wait"),
        _("12 waiting on 3, or 89 waiting on 7. 2 fu."),
    ),
    Term(
        "tanki",
        _("pair wait"),
        _("Waiting on the second tile of the pair. 2 fu."),
    ),
    Term(
        "shanpon",
        _("dual-pair wait"),
        _(
            "Two pairs, either of which can become a triplet. No wait fu, but the triplet counts "
            "its own fu (as open if completed by ron)."
        ),
    ),
    Term(
        "nobetan",
        _("extended pair wait"),
        _("Four in a row like 1234 waiting on 1 or 4; scored as a pair wait (2 fu)."),
    ),
    # --- value tiles and yaku
    Term(
        "yakuhai",
        _("value tiles"),
        _(
            "Dragons, your seat wind and the round wind (and north, in three-player rules that "
            "make it a value tile). A triplet is 1 han (2 for a double wind); a pair of them "
            "adds 2 fu (a double-wind pair 2 or 4, depending on the rules)."
        ),
    ),
    Term(
        "renpuuhai",
        _("double wind"),
        _(
            "A wind that is both your seat wind and the round wind. Its pair is 4 fu or 2 fu "
            "depending on the rules."
        ),
    ),
    Term(
        "riichi",
        _("ready declaration"),
        _("Declaring a closed ready hand and staking 1,000 points: 1 han."),
    ),
    Term(
        "menzen_tsumo",
        _("closed self-draw"),
        _("A closed hand won by tsumo: 1 han."),
    ),
    Term(
        "pinfu",
        _("no-fu hand"),
        _(
            "Closed, four sequences, a pair worth no fu and a two-sided wait: 1 han. By tsumo "
            "it stays at 20 fu; by ron it is 30."
        ),
    ),
    Term(
        "tanyao",
        _("all simples"),
        _("Only tiles 2 to 8: 1 han, open or closed (where open tanyao is allowed)."),
    ),
    Term(
        "iipeikou",
        _("identical sequences"),
        _("Two identical sequences in a closed hand: 1 han."),
    ),
    Term(
        "sanshoku",
        _("three-colour run"),
        _("The same sequence in all three suits: 2 han closed, 1 open."),
    ),
    Term(
        "ittsu",
        _("straight"),
        _("123, 456 and 789 of one suit: 2 han closed, 1 open."),
    ),
    Term(
        "chanta",
        _("outside hand"),
        _(
            "Every set and the pair contain a terminal or an honour, with at least one sequence "
            "and one honour: 2 han closed, 1 open."
        ),
    ),
    Term(
        "junchan",
        _("pure outside hand"),
        _(
            "Every set and the pair contain a terminal (1 or 9), no honours, at least one "
            "sequence: 3 han closed, 2 open."
        ),
    ),
    Term(
        "toitoi",
        _("all triplets"),
        _("Four triplets or kans: 2 han."),
    ),
    Term(
        "sanankou",
        _("three concealed triplets"),
        _(
            "Three triplets (or kans) made without calls: 2 han. A triplet completed by ron "
            "does not count as concealed."
        ),
    ),
    Term(
        "honitsu",
        _("half flush"),
        _("One suit plus honours: 3 han closed, 2 open."),
    ),
    Term(
        "chinitsu",
        _("full flush"),
        _("One suit only: 6 han closed, 5 open."),
    ),
    Term(
        "chiitoitsu",
        _("seven pairs"),
        _("Seven different pairs: 2 han and a fixed 25 fu (Kansai rule: 50 fu, 1 han)."),
    ),
    Term(
        "kokushi",
        _("thirteen orphans"),
        _("One of each terminal and honour plus one more: yakuman."),
    ),
    Term(
        "kuisagari",
        _("open-hand reduction"),
        _(
            "Some yaku are worth one han less when the hand is open: sanshoku, ittsu, chanta, "
            "junchan, honitsu, chinitsu."
        ),
    ),
    # --- dora
    Term(
        "dora",
        _("bonus tile"),
        _(
            "Each copy among your tiles, melds included, is 1 han. The indicator shows the tile "
            "BEFORE the dora: "
            "indicator 3 means 4 is dora, 9 means 1; winds go East, South, West, North, East and "
            "dragons white, green, red, white."
        ),
    ),
    Term(
        "ura-dora",
        _("hidden dora"),
        _("Dora read from under the indicators; they count only for a riichi hand."),
    ),
    Term(
        "aka-dora",
        _("red fives"),
        _("Fives printed in red: 1 han each where the rules use them."),
    ),
    # --- points
    Term(
        "kihonten",
        _("base points"),
        _(
            "fu × 2 to the power of (han + 2), capped at the limits (2,000 for a mangan): what "
            "one non-dealer pays a non-dealer tsumo winner, before rounding up to a hundred."
        ),
    ),
    Term(
        "bazoro",
        _("the two han every win gets"),
        _(
            "The 2 han that today's rules usually give every win on top of its yaku (once set "
            "by the dice at the start of a hand): the +2 in the base-point formula. The "
            "quick-reference tables already include them, so they are seldom mentioned."
        ),
    ),
    Term(
        "oya",
        pgettext_lazy("glossary", "dealer"),
        _(
            "The East seat. The dealer is paid about 1.5 times what a non-dealer would be for "
            "the same hand (6 times the base points instead of 4, before rounding); a "
            "non-dealer is 子 (ko)."
        ),
    ),
    Term(
        "mangan",
        _("limit hand"),
        _(
            "Base points capped at 2,000: 5 han, 40 fu or more at 4 han, or 70 fu or more at 3 "
            "han. 8,000 non-dealer, 12,000 dealer."
        ),
    ),
    Term(
        "kiriage",
        _("rounded-up mangan"),
        _("An optional rule: 30 fu 4 han and 60 fu 3 han (base 1,920) are paid as mangan."),
    ),
    Term("haneman", _("1.5 mangan"), _("6 or 7 han: base 3,000.")),
    Term(
        "baiman",
        _("double mangan"),
        _("8 to 10 han: base 4,000. In some regions 10 han is already sanbaiman."),
    ),
    Term(
        "sanbaiman",
        _("triple mangan"),
        _("11 or 12 han: base 6,000; 13 han or more too where kazoe yakuman is not played."),
    ),
    Term(
        "kazoe-yakuman",
        _("counted yakuman"),
        _("13 han or more scored as a yakuman (base 8,000); some rules keep it at sanbaiman."),
    ),
    Term(
        "yakuman",
        pgettext_lazy("glossary", "limit yaku"),
        _(
            "A very hard pattern. Wherever the limits apply (all rules but aotenjou) it is "
            "worth a fixed base of 8,000 (32,000 non-dealer, 48,000 dealer): the fu, the "
            "ordinary yaku and the dora are not counted. Some rules count a few patterns as "
            "double yakuman and let yakuman stack."
        ),
    ),
    # --- table money
    Term(
        "honba",
        _("repeat counter"),
        _(
            "Counters left out when the dealer repeats or after a draw: 300 points each to the "
            "winner (on ron the discarder pays it all, on tsumo 100 from each payer). Some older "
            "styles use 1,500 (500 from each payer on tsumo)."
        ),
    ),
    Term(
        "kyoutaku",
        _("riichi sticks"),
        _("The 1,000-point sticks of riichi declarations; the next winner takes them all."),
    ),
    Term(
        "wareme",
        _("wall break"),
        _(
            "An optional rule: the player in front of whom the wall was broken pays or "
            "receives double, applied after the honba."
        ),
    ),
    Term(
        "aotenjou",
        _("blue sky (no limits)"),
        _(
            "A curiosity rule with no limits: every hand by the formula, so scores explode. "
            "Large numbers are read with myriad units 万 億 兆 京."
        ),
    ),
    # --- the seeds' vocabulary: sets, tiles, fu items, tables, every yaku
    Term(
        "minko",
        _("open triplet"),
        _(
            "A triplet made with a called tile (pon), or completed by ron on a shanpon wait: 2 fu "
            "for simples, 4 for terminals and honours."
        ),
    ),
    Term(
        "anko",
        _("concealed triplet"),
        _(
            "A triplet drawn entirely by yourself: 4 fu for simples, 8 for terminals and honours. "
            "Completed by ron, it counts as open."
        ),
    ),
    Term(
        "minkan",
        pgettext_lazy("glossary", "open kan"),
        _(
            "A kan made on a discard (daiminkan) or by adding a tile to a pon (kakan): 8 fu for "
            "simples, 16 for terminals and honours."
        ),
    ),
    Term(
        "ankan",
        pgettext_lazy("glossary", "closed kan"),
        _(
            "Four tiles of your own, declared as a kan; the hand stays closed: 16 fu for simples, "
            "32 for terminals and honours."
        ),
    ),
    Term(
        "chunchanpai",
        _("simples"),
        _("The number tiles 2 to 8."),
    ),
    Term(
        "yaochuuhai",
        _("terminals and honours"),
        _(
            "The 1 and 9 of each suit, the winds and the dragons. Their triplets and kans are "
            "worth twice a simple's."
        ),
    ),
    Term(
        "menzen-kafu",
        _("closed-ron fu"),
        _("The 10 fu a closed hand gets for winning by ron."),
    ),
    Term(
        "tsumo-fu",
        _("tsumo fu"),
        _(
            "The 2 fu for a self-drawn win, open or closed; a pinfu tsumo does not take them, "
            "nor does seven pairs, whose fu are fixed."
        ),
    ),
    Term(
        "kuipinfu",
        _("open pinfu shape"),
        _(
            "An open hand of four sequences, a no-fu pair and a two-sided wait, won by ron. The "
            "items add up to 20 fu; it is scored as 30."
        ),
    ),
    Term(
        "tsumifu",
        _("honba (counter) points"),
        _(
            "Another name for the honba counters and what they add: 300 points each, or 1,500 in "
            "some older styles."
        ),
    ),
    Term(
        "hayamihyou",
        _("quick-reference table"),
        _(
            "The table of payments by fu and han, with bazoro already built in; players who score "
            "quickly know it by heart."
        ),
    ),
    Term(
        "shibukawa",
        _("the quick method"),
        _(
            "Getting the points without counting fu: six fu patterns written with five labels "
            "(25, 20, 30, 30+ and 40+; an open hand shares 30+ with a closed tsumo), ten "
            "non-dealer figures to remember, doubling, and the dealer at about 1.5 times."
        ),
    ),
    Term(
        "double-yakuman",
        pgettext_lazy("glossary", "double yakuman"),
        _(
            "Where the rules allow it, a pattern worth two yakuman; usually junsei chuuren, "
            "kokushi with a 13-sided wait, suuankou tanki and daisuushii."
        ),
    ),
    Term(
        "ippatsu",
        _("one-shot"),
        _("Winning within one go-around after riichi, with no call in between: 1 han."),
    ),
    Term(
        "double_riichi",
        pgettext_lazy("glossary", "double riichi"),
        _(
            "Riichi declared on your very first discard, with no call before it: 2 han instead of "
            "riichi's 1."
        ),
    ),
    Term(
        "haku",
        pgettext_lazy("glossary", "white dragon"),
        _("A triplet of white dragons is yakuhai: 1 han."),
    ),
    Term(
        "hatsu",
        pgettext_lazy("glossary", "green dragon"),
        _("A triplet of green dragons is yakuhai: 1 han."),
    ),
    Term(
        "chun",
        pgettext_lazy("glossary", "red dragon"),
        _("A triplet of red dragons is yakuhai: 1 han."),
    ),
    Term(
        "haitei",
        _("last-tile draw"),
        _("Winning by tsumo on the last tile of the wall: 1 han."),
    ),
    Term(
        "houtei",
        _("last-discard win"),
        _("Winning by ron on the last discard of the hand: 1 han."),
    ),
    Term(
        "rinshan",
        _("after a kan"),
        _("Winning on the replacement tile drawn after declaring a kan: 1 han."),
    ),
    Term(
        "chankan",
        _("robbing a kan"),
        _("Winning on the tile another player adds to a pon to make a kan: 1 han."),
    ),
    Term(
        "sanshoku_doukou",
        _("three-colour triplets"),
        _("Triplets of the same number in all three suits: 2 han, open or closed."),
    ),
    Term(
        "sankantsu",
        _("three kans"),
        _("Three kans, open or closed: 2 han."),
    ),
    Term(
        "shousangen",
        _("little three dragons"),
        _("Two dragon triplets and a dragon pair: 2 han, plus 1 han for each dragon triplet."),
    ),
    Term(
        "honroutou",
        _("all terminals and honours"),
        _("Every tile a terminal or an honour: 2 han."),
    ),
    Term(
        "ryanpeikou",
        _("two sets of identical sequences"),
        _(
            "Two iipeikou in one closed hand: 3 han. The same tiles also make seven pairs; the "
            "higher reading is taken."
        ),
    ),
    Term(
        "suuankou",
        _("four concealed triplets"),
        _(
            "Four concealed triplets or kans: yakuman. A triplet completed by ron does not count, "
            "so by ron only a tanki wait makes it."
        ),
    ),
    Term(
        "daisangen",
        _("big three dragons"),
        _("Triplets of all three dragons: yakuman."),
    ),
    Term(
        "shousuushii",
        _("little four winds"),
        _("Three wind triplets and a wind pair: yakuman."),
    ),
    Term(
        "daisuushii",
        _("big four winds"),
        _("Triplets of all four winds: yakuman (double yakuman where the rules say so)."),
    ),
    Term(
        "tsuuiisou",
        _("all honours"),
        _("Every tile a wind or a dragon: yakuman."),
    ),
    Term(
        "chinroutou",
        _("all terminals"),
        _("Every tile a 1 or a 9: yakuman."),
    ),
    Term(
        "ryuuiisou",
        _("all green"),
        _("Only 2, 3, 4, 6, 8 of bamboo and green dragons: yakuman."),
    ),
    Term(
        "chuuren",
        _("nine gates"),
        _("1112345678999 of one suit plus any tile of that suit, closed: yakuman."),
    ),
    Term(
        "suukantsu",
        _("four kans"),
        _("Four kans: yakuman."),
    ),
    Term(
        "tenhou",
        _("heavenly hand"),
        _("The dealer's hand is complete on the first draw: yakuman."),
    ),
    Term(
        "chiihou",
        _("earthly hand"),
        _("A non-dealer wins on their first draw, before any call: yakuman."),
    ),
)

BY_ID: dict[str, Term] = {t.id: t for t in TERMS}

_MARK = re.compile(r"\[\[([a-z_-]+)(?:\|([^\]]+))?\]\]")


def term_url(term_id: str) -> str:
    return reverse("tutor:glossary") + "#" + term_id


#: Words every reader knows: no furigana over them (親, 子, the winds).
EVERYDAY: frozenset[str] = frozenset({"親", "子", "東", "南", "西", "北"})
_KANA_ONLY = re.compile(r"[\u3040-\u30ffー・ ]+")


def written_name(term: Term) -> str:
    """The term as Japanese text writes it: the termbase's one word (本場, 飜, ロン)."""
    return term.concept.ja


def kana_reading(term: Term) -> str:
    """The reading in katakana (``"フ · fu"`` → ``"フ"``)."""
    return term.concept.reading


def needs_furigana(term: Term) -> bool:
    """Furigana over a term unless it is written in kana only or is an everyday word."""
    name = written_name(term)
    return not (name in EVERYDAY or _KANA_ONLY.fullmatch(name))


def link_terms(text: str, seen: set[str] | None = None) -> SafeString:
    """Escape ``text`` and turn ``[[id]]`` / ``[[id|label]]`` marks into glossary links.

    On Japanese pages ``[[id]]`` shows the term's written name, and the first use of a term on
    the page (``seen``: the ids already shown, one set per rendered page) carries its reading as
    furigana, ``<ruby>符<rt>ふ</rt></ruby>``, unless the word is everyday or kana.
    """
    japanese = (get_language() or "").startswith("ja")
    seen = set() if seen is None else seen
    out: list[str] = []
    position = 0
    for match in _MARK.finditer(text):
        out.append(escape(text[position : match.start()]))
        term_id, label = match.group(1), match.group(2)
        term = BY_ID.get(term_id)
        if term is None:
            out.append(escape(label or term_id))
        elif japanese:
            out.append(_japanese_link(term, label, first=term_id not in seen))
        else:
            shown = label or term.reading.split(" · ")[-1]
            out.append(
                format_html(
                    '<a class="term" href="{}" title="{}">{}</a>',
                    term_url(term_id),
                    term.en,
                    shown,
                )
            )
        if term is not None:
            seen.add(term_id)
        position = match.end()
    out.append(escape(text[position:]))
    return mark_safe("".join(out))  # every piece above is escaped


def _japanese_link(term: Term, label: str | None, *, first: bool) -> SafeString:
    shown = label or written_name(term)
    if first and shown == written_name(term) and needs_furigana(term):
        inner = furigana(term)
    else:
        inner = format_html("{}", shown)
    return format_html(
        '<a class="term" href="{}" title="{}">{}</a>', term_url(term.id), term.en, inner
    )


def furigana(term: Term) -> SafeString:
    """The term with its reading over the kanji only: <ruby>喰<rt>ク</rt></ruby>い<ruby>下
    <rt>サ</rt></ruby>がり; the whole reading over a word of kanji (門前清自摸和)."""
    return mark_safe(  # every piece is escaped by format_html
        "".join(
            format_html("<ruby>{}<rt>{}</rt></ruby>", text, reading) if reading else escape(text)
            for text, reading in term.concept.ruby()
        )
    )


def marked_terms(text: str) -> list[str]:
    """The term ids a text links (for the tests)."""
    return [m.group(1) for m in _MARK.finditer(text)]
