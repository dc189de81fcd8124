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
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Term:
    id: str
    ja: str
    reading: str
    en: Promise
    definition: Promise


TERMS: tuple[Term, ...] = (
    # --- the count itself
    Term(
        "fu",
        "符",
        "ふ · fu",
        _("fu (minipoints)"),
        _(
            "Points for the shape of the hand and how it was won: 20 to start, more for "
            "triplets, value pairs, awkward waits, a closed ron or a tsumo; rounded up to a ten."
        ),
    ),
    Term(
        "han",
        "翻 / 飜",
        "はん · han",
        _("han (doubles)"),
        _("The count of yaku and dora. Every han doubles the base points, up to the limits."),
    ),
    Term(
        "yaku",
        "役",
        "やく · yaku",
        _("scoring pattern"),
        _("A pattern that entitles a hand to win. A hand needs at least one; dora do not count."),
    ),
    Term(
        "futei",
        "副底",
        "ふーてい · futei",
        _("base fu"),
        _("The 20 fu every winning hand starts with."),
    ),
    Term(
        "menzen",
        "門前",
        "めんぜん · menzen",
        _("closed hand"),
        _(
            "A hand with no called tiles (a closed kan keeps it closed). A closed hand won by "
            "ron gets 10 extra fu (menzen kafu, 門前加符)."
        ),
    ),
    Term(
        "tsumo",
        "自摸",
        "つも · tsumo",
        _("self-draw"),
        _("Winning on a tile you drew yourself. Adds 2 fu (except for pinfu); everybody pays."),
    ),
    Term(
        "ron",
        "栄和",
        "ろん · ron",
        _("win on a discard"),
        _("Winning on another player's discard: the discarder pays everything."),
    ),
    Term(
        "tenpai",
        "聴牌",
        "てんぱい · tenpai",
        _("ready hand"),
        _("A hand one tile away from winning."),
    ),
    Term(
        "mentsu",
        "面子",
        "めんつ · mentsu",
        _("set"),
        _("A sequence (順子 shuntsu), a triplet (刻子 koutsu) or a kan (槓子 kantsu)."),
    ),
    Term(
        "jantou",
        "雀頭",
        "じゃんとう · jantou",
        _("pair (head)"),
        _("The one pair that completes four sets and a pair."),
    ),
    Term(
        "kouten",
        "高点法",
        "こうてんほう · kouten-hou",
        _("highest-scoring reading"),
        _(
            "When the tiles can be read in several ways, the reading worth the most points is "
            "the one scored."
        ),
    ),
    Term(
        "tenpane",
        "テンパネ",
        "てんぱね · tenpane",
        _("pushed over a ten"),
        _(
            "When the small 2-fu items (tsumo, wait, pair) push a hand past the 30 fu it would "
            "otherwise be, or past 40 for a closed ron: a tsumo with a concealed honour triplet "
            "and a closed wait is 20 + 2 + 8 + 2 = 32, so 40. An ordinary 24 rounded to 30 is "
            "not tenpane."
        ),
    ),
    # --- waits
    Term(
        "ryanmen",
        "両面",
        "りゃんめん · ryanmen",
        _("two-sided wait"),
        _("Two consecutive tiles waiting on either end, like 45 for 3 or 6. No fu."),
    ),
    Term(
        "kanchan",
        "嵌張",
        "かんちゃん · kanchan",
        _("closed (middle) wait"),
        _("Waiting on the middle of a sequence, like 46 for 5. 2 fu."),
    ),
    Term(
        "penchan",
        "辺張",
        "ぺんちゃん · penchan",
        _("edge wait"),
        _("12 waiting on 3, or 89 waiting on 7. 2 fu."),
    ),
    Term(
        "tanki",
        "単騎",
        "たんき · tanki",
        _("pair wait"),
        _("Waiting on the second tile of the pair. 2 fu."),
    ),
    Term(
        "shanpon",
        "双碰",
        "しゃんぽん · shanpon",
        _("dual-pair wait"),
        _(
            "Two pairs, either of which can become a triplet. No wait fu, but the triplet counts "
            "its own fu (as open if completed by ron)."
        ),
    ),
    Term(
        "nobetan",
        "延べ単",
        "のべたん · nobetan",
        _("extended pair wait"),
        _("Four in a row like 1234 waiting on 1 or 4; scored as a pair wait (2 fu)."),
    ),
    # --- value tiles and yaku
    Term(
        "yakuhai",
        "役牌",
        "やくはい · yakuhai",
        _("value tiles"),
        _(
            "Dragons, your seat wind and the round wind (and north, in three-player rules that "
            "make it a value tile). A triplet is 1 han (2 for a double wind); a pair is 2 fu."
        ),
    ),
    Term(
        "renpuuhai",
        "連風牌",
        "れんぷうはい · renpuuhai",
        _("double wind"),
        _(
            "A wind that is both your seat wind and the round wind. Its pair is 4 fu or 2 fu "
            "depending on the rules."
        ),
    ),
    Term(
        "riichi",
        "立直",
        "りーち · riichi",
        _("ready declaration"),
        _("Declaring a closed ready hand and staking 1000 points: 1 han."),
    ),
    Term(
        "menzen_tsumo",
        "門前清自摸和",
        "めんぜんつも · menzen tsumo",
        _("closed self-draw"),
        _("A closed hand won by tsumo: 1 han."),
    ),
    Term(
        "pinfu",
        "平和",
        "ぴんふ · pinfu",
        _("all sequences"),
        _(
            "Closed, four sequences, a pair worth no fu and a two-sided wait: 1 han. By tsumo "
            "it stays at 20 fu; by ron it is 30."
        ),
    ),
    Term(
        "tanyao",
        "断幺九",
        "たんやお · tanyao",
        _("all simples"),
        _("Only tiles 2 to 8: 1 han, open or closed (where open tanyao is allowed)."),
    ),
    Term(
        "iipeikou",
        "一盃口",
        "いーぺーこー · iipeikou",
        _("identical sequences"),
        _("Two identical sequences in a closed hand: 1 han."),
    ),
    Term(
        "sanshoku",
        "三色同順",
        "さんしょくどうじゅん · sanshoku doujun",
        _("three-colour run"),
        _("The same sequence in all three suits: 2 han closed, 1 open."),
    ),
    Term(
        "ittsu",
        "一気通貫",
        "いっきつうかん · ittsu",
        _("straight"),
        _("123, 456 and 789 of one suit: 2 han closed, 1 open."),
    ),
    Term(
        "chanta",
        "混全帯幺九",
        "ちゃんた · chanta",
        _("outside hand"),
        _(
            "Every set and the pair contain a terminal or an honour, with at least one sequence "
            "and one honour: 2 han closed, 1 open."
        ),
    ),
    Term(
        "junchan",
        "純全帯幺九",
        "じゅんちゃん · junchan",
        _("pure outside hand"),
        _(
            "Every set and the pair contain a terminal (1 or 9), no honours, at least one "
            "sequence: 3 han closed, 2 open."
        ),
    ),
    Term(
        "toitoi",
        "対々和",
        "といとい · toitoi",
        _("all triplets"),
        _("Four triplets or kans: 2 han."),
    ),
    Term(
        "sanankou",
        "三暗刻",
        "さんあんこー · sanankou",
        _("three concealed triplets"),
        _(
            "Three triplets made without calls: 2 han. A triplet completed by ron does not "
            "count as concealed."
        ),
    ),
    Term(
        "honitsu",
        "混一色",
        "ほんいつ · honitsu",
        _("half flush"),
        _("One suit plus honours: 3 han closed, 2 open."),
    ),
    Term(
        "chinitsu",
        "清一色",
        "ちんいつ · chinitsu",
        _("full flush"),
        _("One suit only: 6 han closed, 5 open."),
    ),
    Term(
        "chiitoitsu",
        "七対子",
        "ちーといつ · chiitoitsu",
        _("seven pairs"),
        _("Seven different pairs: 2 han and a fixed 25 fu (Kansai rule: 1 han, 50 fu)."),
    ),
    Term(
        "kokushi",
        "国士無双",
        "こくしむそう · kokushi musou",
        _("thirteen orphans"),
        _("One of each terminal and honour plus one more: yakuman."),
    ),
    Term(
        "kuisagari",
        "喰い下がり",
        "くいさがり · kuisagari",
        _("open-hand reduction"),
        _(
            "Some yaku are worth one han less when the hand is open: sanshoku, ittsu, chanta, "
            "junchan, honitsu, chinitsu."
        ),
    ),
    # --- dora
    Term(
        "dora",
        "ドラ",
        "どら · dora",
        _("bonus tile"),
        _(
            "Each copy in the hand is 1 han. The indicator shows the tile BEFORE the dora: "
            "indicator 3 means 4 is dora, 9 means 1; winds go East, South, West, North, East and "
            "dragons white, green, red, white."
        ),
    ),
    Term(
        "ura-dora",
        "裏ドラ",
        "うらどら · ura dora",
        _("hidden dora"),
        _("Dora read from under the indicators; they count only for a riichi hand."),
    ),
    Term(
        "aka-dora",
        "赤ドラ",
        "あかどら · aka dora",
        _("red fives"),
        _("Red five tiles (written 0m 0p 0s): 1 han each where the rules use them."),
    ),
    # --- points
    Term(
        "kihonten",
        "基本点",
        "きほんてん · kihonten",
        _("base points"),
        _(
            "fu × 2^(han+2): what one non-dealer pays a non-dealer tsumo winner, before "
            "rounding up to a hundred."
        ),
    ),
    Term(
        "bazoro",
        "場ゾロ",
        "ばぞろ · bazoro",
        _("the two free han"),
        _("The +2 in the base-point formula, which every hand gets."),
    ),
    Term(
        "oya",
        "親",
        "おや · oya",
        _("dealer"),
        _(
            "The East seat. The dealer is paid 1.5 times what a non-dealer would be for the "
            "same hand; a non-dealer is 子 (ko)."
        ),
    ),
    Term(
        "mangan",
        "満貫",
        "まんがん · mangan",
        _("limit hand"),
        _(
            "Base points capped at 2000: 5 han, or 4 han with 40 fu or more, or 3 han with 70 "
            "fu or more. 8000 non-dealer, 12000 dealer."
        ),
    ),
    Term(
        "kiriage",
        "切り上げ満貫",
        "きりあげまんがん · kiriage mangan",
        _("rounded-up mangan"),
        _("An optional rule: 30 fu 4 han and 60 fu 3 han (base 1920) are paid as mangan."),
    ),
    Term("haneman", "跳満", "はねまん · haneman", _("1.5 mangan"), _("6 or 7 han: base 3000.")),
    Term(
        "baiman",
        "倍満",
        "ばいまん · baiman",
        _("double mangan"),
        _("8 to 10 han: base 4000. In some regions 10 han is already sanbaiman."),
    ),
    Term(
        "sanbaiman",
        "三倍満",
        "さんばいまん · sanbaiman",
        _("triple mangan"),
        _("11 or 12 han: base 6000; 13 han or more too where kazoe yakuman is not played."),
    ),
    Term(
        "kazoe-yakuman",
        "数え役満",
        "かぞえやくまん · kazoe yakuman",
        _("counted yakuman"),
        _("13 han or more scored as a yakuman (base 8000); some rules keep it at sanbaiman."),
    ),
    Term(
        "yakuman",
        "役満",
        "やくまん · yakuman",
        _("limit yaku"),
        _(
            "A very hard pattern worth a fixed base of 8000 (32000 non-dealer, 48000 dealer), "
            "whatever the fu, yaku and dora. Some rules count a few patterns as double yakuman "
            "and let yakuman stack."
        ),
    ),
    # --- table money
    Term(
        "honba",
        "本場 / 積み棒",
        "ほんば · honba",
        _("repeat counter"),
        _(
            "Counters left out when the dealer repeats or after a draw: 300 points each to the "
            "winner (on ron the discarder pays it all, on tsumo 100 from each payer). Games that "
            "count bazoro as han of its own often use 1500 (500 from each payer on tsumo)."
        ),
    ),
    Term(
        "kyoutaku",
        "供託",
        "きょうたく · kyoutaku",
        _("riichi sticks"),
        _("The 1000-point sticks of riichi declarations; the next winner takes them all."),
    ),
    Term(
        "wareme",
        "ワレメ",
        "われめ · wareme",
        _("wall break"),
        _(
            "An optional rule: the player in front of whom the wall was broken pays or "
            "receives double, applied after the honba."
        ),
    ),
    Term(
        "aotenjou",
        "青天井",
        "あおてんじょう · aotenjou",
        _("blue sky (no limits)"),
        _(
            "A curiosity rule with no limits: every hand by the formula, so scores explode. "
            "Large numbers are read with myriad units 万 億 兆 京."
        ),
    ),
    # --- the seeds' vocabulary: sets, tiles, fu items, tables, every yaku
    Term(
        "minko",
        "明刻",
        "みんこ · minko",
        _("open triplet"),
        _(
            "A triplet made with a called tile (pon), or completed by ron on a shanpon wait: 2 fu "
            "for simples, 4 for terminals and honours."
        ),
    ),
    Term(
        "anko",
        "暗刻",
        "あんこ · anko",
        _("concealed triplet"),
        _(
            "A triplet drawn entirely by yourself: 4 fu for simples, 8 for terminals and honours. "
            "Completed by ron, it counts as open."
        ),
    ),
    Term(
        "minkan",
        "明槓",
        "みんかん · minkan",
        _("open kan"),
        _(
            "A kan made on a discard (daiminkan) or by adding a tile to a pon (kakan): 8 fu for "
            "simples, 16 for terminals and honours."
        ),
    ),
    Term(
        "ankan",
        "暗槓",
        "あんかん · ankan",
        _("closed kan"),
        _(
            "Four tiles of your own, declared as a kan; the hand stays closed: 16 fu for simples, "
            "32 for terminals and honours."
        ),
    ),
    Term(
        "chunchanpai",
        "中張牌",
        "ちゅんちゃんぱい · chunchanpai",
        _("simples"),
        _("The number tiles 2 to 8."),
    ),
    Term(
        "yaochuuhai",
        "幺九牌",
        "やおちゅうはい · yaochuuhai",
        _("terminals and honours"),
        _(
            "The 1 and 9 of each suit, the winds and the dragons. Their triplets and kans are "
            "worth twice a simple's."
        ),
    ),
    Term(
        "menzen-kafu",
        "門前加符",
        "めんぜんかふ · menzen kafu",
        _("closed-ron fu"),
        _("The 10 fu a closed hand gets for winning by ron."),
    ),
    Term(
        "tsumo-fu",
        "ツモ符",
        "つもふ · tsumo fu",
        _("tsumo fu"),
        _("The 2 fu for a self-drawn win, open or closed; a pinfu tsumo does not take them."),
    ),
    Term(
        "kuipinfu",
        "喰い平和",
        "くいぴんふ · kui pinfu",
        _("open pinfu shape"),
        _(
            "An open hand of four sequences, a no-fu pair and a two-sided wait, won by ron. The "
            "items add up to 20 fu; it is scored as 30."
        ),
    ),
    Term(
        "tsumifu",
        "積み符",
        "つみふ · tsumifu",
        _("honba (counter) points"),
        _(
            "Another name for the honba counters and what they add: 300 points each, or 1500 in "
            "games that count bazoro as han of its own."
        ),
    ),
    Term(
        "hayamihyou",
        "早見表",
        "はやみひょう · hayamihyou",
        _("quick-reference table"),
        _(
            "The table of payments by fu and han, with bazoro already built in; players who score "
            "quickly know it by heart."
        ),
    ),
    Term(
        "shibukawa",
        "渋川式",
        "しぶかわしき · Shibukawa-shiki",
        _("the quick method"),
        _(
            "Getting the points without counting fu: six fu patterns (25, 20, 30, 30+, 40+, open "
            "30+), ten non-dealer figures to remember, doubling, and the dealer at about 1.5 "
            "times."
        ),
    ),
    Term(
        "double-yakuman",
        "ダブル役満",
        "だぶるやくまん · daburu yakuman",
        _("double yakuman"),
        _(
            "Where the rules allow it, a pattern worth two yakuman; usually junsei chuuren, "
            "kokushi with a 13-sided wait, suuankou tanki and daisuushii."
        ),
    ),
    Term(
        "ippatsu",
        "一発",
        "いっぱつ · ippatsu",
        _("one-shot"),
        _("Winning within one go-around after riichi, with no call in between: 1 han."),
    ),
    Term(
        "double_riichi",
        "ダブル立直",
        "だぶるりーち · daburu riichi",
        _("double riichi"),
        _(
            "Riichi declared on your very first discard, with no call before it: 2 han instead of "
            "riichi's 1."
        ),
    ),
    Term(
        "haku",
        "白",
        "はく · haku",
        _("white dragon"),
        _("A triplet of white dragons is yakuhai: 1 han."),
    ),
    Term(
        "hatsu",
        "發",
        "はつ · hatsu",
        _("green dragon"),
        _("A triplet of green dragons is yakuhai: 1 han."),
    ),
    Term(
        "chun",
        "中",
        "ちゅん · chun",
        _("red dragon"),
        _("A triplet of red dragons is yakuhai: 1 han."),
    ),
    Term(
        "haitei",
        "海底摸月",
        "はいていもーゆえ · haitei",
        _("last-tile draw"),
        _("Winning by tsumo on the last tile of the wall: 1 han."),
    ),
    Term(
        "houtei",
        "河底撈魚",
        "ほーていらおゆい · houtei",
        _("last-discard win"),
        _("Winning by ron on the last discard of the hand: 1 han."),
    ),
    Term(
        "rinshan",
        "嶺上開花",
        "りんしゃんかいほー · rinshan kaihou",
        _("after a kan"),
        _("Winning on the replacement tile drawn after declaring a kan: 1 han."),
    ),
    Term(
        "chankan",
        "搶槓",
        "ちゃんかん · chankan",
        _("robbing a kan"),
        _("Winning on the tile another player adds to a pon to make a kan: 1 han."),
    ),
    Term(
        "sanshoku_doukou",
        "三色同刻",
        "さんしょくどうこう · sanshoku doukou",
        _("three-colour triplets"),
        _("Triplets of the same number in all three suits: 2 han, open or closed."),
    ),
    Term(
        "sankantsu",
        "三槓子",
        "さんかんつ · sankantsu",
        _("three kans"),
        _("Three kans, open or closed: 2 han."),
    ),
    Term(
        "shousangen",
        "小三元",
        "しょうさんげん · shousangen",
        _("little three dragons"),
        _("Two dragon triplets and a dragon pair: 2 han, plus 1 han for each dragon triplet."),
    ),
    Term(
        "honroutou",
        "混老頭",
        "ほんろうとう · honroutou",
        _("all terminals and honours"),
        _("Every tile a terminal or an honour: 2 han."),
    ),
    Term(
        "ryanpeikou",
        "二盃口",
        "りゃんぺーこー · ryanpeikou",
        _("two sets of identical sequences"),
        _(
            "Two iipeikou in one closed hand: 3 han. The same tiles also make seven pairs; the "
            "higher reading is taken."
        ),
    ),
    Term(
        "suuankou",
        "四暗刻",
        "すーあんこー · suuankou",
        _("four concealed triplets"),
        _(
            "Four concealed triplets or kans: yakuman. A triplet completed by ron does not count, "
            "so by ron only a tanki wait makes it."
        ),
    ),
    Term(
        "daisangen",
        "大三元",
        "だいさんげん · daisangen",
        _("big three dragons"),
        _("Triplets of all three dragons: yakuman."),
    ),
    Term(
        "shousuushii",
        "小四喜",
        "しょうすーしー · shousuushii",
        _("little four winds"),
        _("Three wind triplets and a wind pair: yakuman."),
    ),
    Term(
        "daisuushii",
        "大四喜",
        "だいすーしー · daisuushii",
        _("big four winds"),
        _("Triplets of all four winds: yakuman (double yakuman where the rules say so)."),
    ),
    Term(
        "tsuuiisou",
        "字一色",
        "つーいーそー · tsuuiisou",
        _("all honours"),
        _("Every tile a wind or a dragon: yakuman."),
    ),
    Term(
        "chinroutou",
        "清老頭",
        "ちんろうとう · chinroutou",
        _("all terminals"),
        _("Every tile a 1 or a 9: yakuman."),
    ),
    Term(
        "ryuuiisou",
        "緑一色",
        "りゅーいーそー · ryuuiisou",
        _("all green"),
        _("Only 2, 3, 4, 6, 8 of bamboo and green dragons: yakuman."),
    ),
    Term(
        "chuuren",
        "九蓮宝燈",
        "ちゅうれんぽうとう · chuuren poutou",
        _("nine gates"),
        _("1112345678999 of one suit plus any tile of that suit, closed: yakuman."),
    ),
    Term(
        "suukantsu",
        "四槓子",
        "すーかんつ · suukantsu",
        _("four kans"),
        _("Four kans: yakuman."),
    ),
    Term(
        "tenhou",
        "天和",
        "てんほう · tenhou",
        _("heavenly hand"),
        _("The dealer's hand is complete on the first draw: yakuman."),
    ),
    Term(
        "chiihou",
        "地和",
        "ちーほう · chiihou",
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


#: Where a term has several written forms, the one our Japanese text uses (the termbase: 3飜).
WRITTEN: dict[str, str] = {"han": "飜"}


def written_name(term: Term) -> str:
    """The term as Japanese text writes it: the first of its written forms (本場 / 積み棒 →
    本場), or the one :data:`WRITTEN` names."""
    return WRITTEN.get(term.id) or term.ja.split(" / ")[0].strip()


def kana_reading(term: Term) -> str:
    """The reading in kana (``"ふ · fu"`` → ``"ふ"``)."""
    return term.reading.split(" · ")[0].strip()


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
        inner = format_html("<ruby>{}<rt>{}</rt></ruby>", shown, kana_reading(term))
    else:
        inner = format_html("{}", shown)
    return format_html(
        '<a class="term" href="{}" title="{}">{}</a>', term_url(term.id), term.en, inner
    )


def marked_terms(text: str) -> list[str]:
    """The term ids a text links (for the tests)."""
    return [m.group(1) for m in _MARK.finditer(text)]
