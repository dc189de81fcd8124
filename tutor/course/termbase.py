"""The termbase: one Japanese word for each thing, as data.

Each :class:`Concept` names the one Japanese term the app writes, its reading in katakana (as the
seeds and Japanese references give readings: 副底《フーテイ》), the English (romaji) term, the
written forms it is also known by (shown beside the glossary headword: ロン / 栄和) and the
variants it replaces. The glossary takes its headwords and readings from here, the furigana of
lesson text too, and ``tests/i18n/test_termbase.py`` fails when any catalogue of the project
writes a listed variant instead of the chosen term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

#: Katakana (with the long-vowel mark) only: how a reading is written.
KATAKANA = re.compile(r"[\u30a1-\u30faー]+")
_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30faー]+")


@dataclass(frozen=True)
class Concept:
    id: str
    #: The one Japanese term.
    ja: str
    #: Its reading in katakana (the term itself when it is written in kana).
    reading: str
    #: The English term (the romaji English text uses).
    en: str
    #: Other written forms shown beside the headword (栄和 beside ロン); not variants.
    alternatives: tuple[str, ...] = ()
    #: The short name players use (混全帯幺九 → チャンタ), shown in brackets after the reading.
    nickname: str = ""
    #: Written forms this term replaces: a catalogue that writes one of them is wrong.
    variants: tuple[str, ...] = ()
    #: Variants that need a pattern (30+ not followed by α), as regular expressions.
    patterns: tuple[str, ...] = ()

    @cached_property
    def variant_re(self) -> re.Pattern[str] | None:
        """One expression matching any listed variant, or None when there is none."""
        parts = [re.escape(v) for v in self.variants] + list(self.patterns)
        return re.compile("|".join(parts)) if parts else None

    @property
    def written(self) -> str:
        """The headword with its alternative forms: ``ロン / 栄和``."""
        return " / ".join((self.ja, *self.alternatives))

    def ruby(self) -> list[tuple[str, str]]:
        """The term cut into (text, reading) pieces so furigana sit only over the kanji:
        喰い下がり → [(喰, ク), (い, ""), (下, サ), (がり, "")]. Kana pieces carry no reading. A
        term written wholly in kana is one piece without a reading."""
        if _KANA.fullmatch(self.ja):
            return [(self.ja, "")]
        pieces = re.findall(
            r"[\u3041-\u3096\u30a1-\u30faー]+|[^\u3041-\u3096\u30a1-\u30faー]+", self.ja
        )
        pattern = "".join(
            re.escape(_katakana(p)) if _KANA.fullmatch(p) else "(.+?)" for p in pieces
        )
        found = re.fullmatch(pattern, self.reading)
        if found is None:  # the reading does not follow the kana of the term: one piece
            return [(self.ja, self.reading)]
        readings = iter(found.groups())
        return [(p, "" if _KANA.fullmatch(p) else next(readings)) for p in pieces]


def _katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


C = Concept

#: The glossary's terms (in its order), then the words the catalogues must write one way.
CONCEPTS: tuple[Concept, ...] = (
    C("fu", "符", "フ", "fu"),
    C("han", "飜", "ハン", "han", alternatives=("翻",)),
    C("yaku", "役", "ヤク", "yaku"),
    C("futei", "副底", "フーテイ", "futei"),
    C("menzen", "門前", "メンゼン", "menzen"),
    C("tsumo", "自摸", "ツモ", "tsumo"),
    C("ron", "ロン", "ロン", "ron", alternatives=("栄和",)),
    C("tenpai", "聴牌", "テンパイ", "tenpai"),
    C("mentsu", "面子", "メンツ", "mentsu", variants=("ブロック",)),
    C("jantou", "雀頭", "ジャントウ", "jantou"),
    C("kouten", "高点法", "コウテンホウ", "kouten-hou"),
    C("tenpane", "テンパネ", "テンパネ", "tenpane"),
    C("ryanmen", "両面", "リャンメン", "ryanmen"),
    C("kanchan", "嵌張", "カンチャン", "kanchan"),
    C("penchan", "辺張", "ペンチャン", "penchan"),
    C("tanki", "単騎", "タンキ", "tanki"),
    C("shanpon", "双碰", "シャンポン", "shanpon"),
    C("nobetan", "延べ単", "ノベタン", "nobetan"),
    C("yakuhai", "役牌", "ヤクハイ", "yakuhai"),
    C("renpuuhai", "連風牌", "レンプウハイ", "renpuuhai"),
    C("riichi", "立直", "リーチ", "riichi"),
    C(
        "menzen_tsumo",
        "門前清自摸和",
        "メンゼンチンツモホー",
        "menzen tsumo",
        nickname="メンゼンツモ",
    ),
    C("pinfu", "平和", "ピンフ", "pinfu"),
    C("tanyao", "断幺九", "タンヤオチュー", "tanyao", nickname="タンヤオ"),
    C("iipeikou", "一盃口", "イーペーコー", "iipeikou"),
    C("sanshoku", "三色同順", "サンショクドウジュン", "sanshoku doujun"),
    C("ittsu", "一気通貫", "イッキツウカン", "ittsu"),
    C("chanta", "混全帯幺九", "ホンチャンタイヤオチュー", "chanta", nickname="チャンタ"),
    C("junchan", "純全帯幺九", "ジュンチャンタイヤオチュー", "junchan", nickname="ジュンチャン"),
    C("toitoi", "対々和", "トイトイホー", "toitoi", nickname="トイトイ"),
    C("sanankou", "三暗刻", "サンアンコー", "sanankou"),
    C("honitsu", "混一色", "ホンイツ", "honitsu"),
    C("chinitsu", "清一色", "チンイツ", "chinitsu"),
    C("chiitoitsu", "七対子", "チートイツ", "chiitoitsu"),
    C("kokushi", "国士無双", "コクシムソウ", "kokushi musou"),
    C("kuisagari", "喰い下がり", "クイサガリ", "kuisagari", variants=("食い下がり",)),
    C("dora", "ドラ", "ドラ", "dora"),
    C("ura-dora", "裏ドラ", "ウラドラ", "ura dora"),
    C("aka-dora", "赤ドラ", "アカドラ", "aka dora", patterns=(r"赤五(?![萬筒索])",)),
    C("kihonten", "基本点", "キホンテン", "kihonten"),
    C("bazoro", "場ゾロ", "バゾロ", "bazoro"),
    C("oya", "親", "オヤ", "oya"),
    C("mangan", "満貫", "マンガン", "mangan"),
    C("kiriage", "切り上げ満貫", "キリアゲマンガン", "kiriage mangan"),
    C("haneman", "跳満", "ハネマン", "haneman"),
    C("baiman", "倍満", "バイマン", "baiman"),
    C("sanbaiman", "三倍満", "サンバイマン", "sanbaiman"),
    C("kazoe-yakuman", "数え役満", "カゾエヤクマン", "kazoe yakuman"),
    C("yakuman", "役満", "ヤクマン", "yakuman"),
    C("honba", "本場", "ホンバ", "honba", alternatives=("積み棒",)),
    C("kyoutaku", "供託", "キョウタク", "kyoutaku"),
    C("wareme", "ワレメ", "ワレメ", "wareme", variants=("割れ目",)),
    C("aotenjou", "青天井", "アオテンジョウ", "aotenjou", patterns=(r"上限(?:が|の)?な[しいく]",)),
    C("minko", "明刻", "ミンコー", "minko"),
    C("anko", "暗刻", "アンコー", "anko"),
    C("minkan", "明槓", "ミンカン", "minkan"),
    C("ankan", "暗槓", "アンカン", "ankan"),
    C("chunchanpai", "中張牌", "チュンチャンパイ", "chunchanpai"),
    C("yaochuuhai", "幺九牌", "ヤオチューハイ", "yaochuuhai", variants=("么九牌", "么")),
    C("menzen-kafu", "門前加符", "メンゼンカフ", "menzen kafu"),
    C("tsumo-fu", "ツモ符", "ツモフ", "tsumo fu"),
    C(
        "kuipinfu",
        "喰い平和形",
        "クイピンフケイ",
        "kui pinfu",
        alternatives=("喰い平和",),
        variants=("鳴いた平和", "食い平和"),
    ),
    C("tsumifu", "積み符", "ツミフ", "tsumifu"),
    C("hayamihyou", "早見表", "ハヤミヒョウ", "hayamihyou"),
    C("shibukawa", "渋川式", "シブカワシキ", "Shibukawa-shiki"),
    C(
        "double-yakuman",
        "ダブル役満",
        "ダブルヤクマン",
        "daburu yakuman",
        variants=("2倍役満", "２倍役満"),
    ),
    C("ippatsu", "一発", "イッパツ", "ippatsu"),
    C("double_riichi", "ダブル立直", "ダブルリーチ", "daburu riichi"),
    C("haku", "白", "ハク", "haku"),
    C("hatsu", "發", "ハツ", "hatsu"),
    C("chun", "中", "チュン", "chun"),
    C("haitei", "海底摸月", "ハイテイモーユエ", "haitei"),
    C("houtei", "河底撈魚", "ホーテイラオユイ", "houtei"),
    C("rinshan", "嶺上開花", "リンシャンカイホー", "rinshan kaihou"),
    C("chankan", "槍槓", "チャンカン", "chankan", variants=("搶槓",)),
    C("sanshoku_doukou", "三色同刻", "サンショクドウコー", "sanshoku doukou"),
    C("sankantsu", "三槓子", "サンカンツ", "sankantsu"),
    C("shousangen", "小三元", "ショウサンゲン", "shousangen"),
    C("honroutou", "混老頭", "ホンロウトウ", "honroutou"),
    C("ryanpeikou", "二盃口", "リャンペーコー", "ryanpeikou"),
    C("suuankou", "四暗刻", "スーアンコー", "suuankou"),
    C("daisangen", "大三元", "ダイサンゲン", "daisangen"),
    C("shousuushii", "小四喜", "ショウスーシー", "shousuushii"),
    C("daisuushii", "大四喜", "ダイスーシー", "daisuushii"),
    C("tsuuiisou", "字一色", "ツーイーソー", "tsuuiisou"),
    C("chinroutou", "清老頭", "チンロウトウ", "chinroutou"),
    C("ryuuiisou", "緑一色", "リューイーソー", "ryuuiisou"),
    C("chuuren", "九蓮宝燈", "チュウレンポウトウ", "chuuren poutou"),
    C("suukantsu", "四槓子", "スーカンツ", "suukantsu"),
    C("tenhou", "天和", "テンホー", "tenhou"),
    C("chiihou", "地和", "チーホー", "chiihou"),
    # --- not glossary headwords: how the catalogues say these things (the brief's choices)
    C(
        "kokushi_13",
        "国士無双十三面",
        "コクシムソウジュウサンメン",
        "kokushi 13-sided",
        variants=("国士無双の13面",),
    ),
    C(
        "agarikata",
        "アガリ方",
        "アガリカタ",
        "how the hand was won",
        variants=("和了の方法", "和了り方"),
    ),
    C(
        "winner_receives",
        "和了者の受け取り",
        "ホーラシャノウケトリ",
        "what the winner collects",
        variants=("和了者の収入",),
        # アガった人が受け取る, and its siblings (アガった人はいくら受け取りますか)
        patterns=(r"アガった人[がは](?:いくら)?受け取",),
    ),
    C(
        "houjuusha",
        "放銃者",
        "ホウジュウシャ",
        "the discarder",
        # 支払者 is a legal register; a payer who did not deal in is 「支払う人」「1人400点ずつ」
        variants=("振り込んだ人", "支払者"),
    ),
    C(
        "riichi_sticks",
        "供託リーチ棒",
        "キョウタクリーチボウ",
        "riichi sticks",
        variants=("立直棒", "供託のリーチ棒"),
    ),
    C(
        "each_pays",
        "子はそれぞれ",
        "コハソレゾレ",
        "each non-dealer",
        # 「子はそれぞれ700点ずつ」: every payer of a tsumo other than the dealer is a 子; on the
        # dealer's own tsumo the other players are all 子, so 他家 is never the word for them.
        variants=("各自",),
        patterns=(r"他家[^。、（]{0,6}（それぞれ）",),
    ),
    C(
        "four_player",
        "四人麻雀",
        "ヨニンマージャン",
        "four-player mahjong",
        variants=("4人麻雀", "４人麻雀"),
    ),
    C(
        "three_player",
        "三人麻雀",
        "サンニンマージャン",
        "three-player mahjong",
        variants=("3人麻雀", "３人麻雀"),
    ),
    C(
        "pinfu_tsumo",
        "平和ツモ",
        "ピンフツモ",
        "pinfu tsumo",
        # 「平和ツモは20符」; the rule that allows it: 「平和ツモあり」
        variants=("ツモ平和", "平和のツモ"),
    ),
    C(
        "usual",
        "通常の",
        "ツウジョウノ",
        "usual, ordinary",
        # 「通常の役やドラは数えません」, 「通常の30符」
        variants=("いつもの", "ふつうの"),
    ),
    C(
        "tsumo_win",
        "ツモ和了",
        "ツモホーラ",
        "a win by tsumo",
        # 「ツモ和了」 as 「ロン和了」: not ツモアガリ beside it (アガリ stays in アガリ方)
        variants=("ツモアガリ", "ツモ上がり"),
    ),
    C("player", "プレイヤー", "プレイヤー", "player", variants=("打ち手", "プレーヤー")),
    C(
        "suit",
        "種類",
        "シュルイ",
        "suit",
        # 「1種類の数牌」; 色 stays in the yaku names (三色同順, 混一色) and in 色分け (colours)
        patterns=(r"同じ色", r"各色", r"別の色", r"ほかの色", r"[0-9０-９]色"),
    ),
    C(
        "nuki-dora",
        "抜きドラ",
        "ヌキドラ",
        "nuki dora",
        # the dora is 抜きドラ; the act is 「北を抜く」
        variants=("北抜き",),
    ),
    C(
        "wins",
        "和了N回",
        "ホーラナンカイ",
        "N wins",
        # 「和了13回」: wins are counted in 回 (件 is for saved hands: 「手牌5件」)
        patterns=(r"和了[^。、]{0,8}件",),
    ),
    C("plus_alpha", "30+α", "サンジュウプラスアルファ", "30+", patterns=(r"[34]0\+(?!α)",)),
    C(
        "tsukimasu",
        "付きます",
        "ツキマス",
        "(fu) are added",
        patterns=(r"符が?つきます", r"符がつく"),
    ),
    C("seat_wind", "自風", "ジカゼ", "seat wind", variants=("門風",)),
    C(
        "triple-yakuman",
        "トリプル役満",
        "トリプルヤクマン",
        "triple yakuman",
        variants=("3倍役満", "３倍役満"),
    ),
    C("wrong", "不正解です", "フセイカイデス", "Not quite.", variants=("惜しい",)),
    C("times", "×", "カケル", "×", patterns=(r"\d\s*x\s*\d",)),
)

BY_ID: dict[str, Concept] = {c.id: c for c in CONCEPTS}


def variants_in(text: str) -> list[tuple[Concept, str]]:
    """The listed variants ``text`` writes, with the concept each one should be."""
    found: list[tuple[Concept, str]] = []
    for concept in CONCEPTS:
        if concept.variant_re is not None:
            found += [(concept, m.group(0)) for m in concept.variant_re.finditer(text)]
    return found
