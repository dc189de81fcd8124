"""The words a tenhou.net/6 JSON record is written in: Tenhou's own, and those of the public
converters that write Mahjong Soul games in the same format (tensoul and the "MajsoulPlus"
download script it comes from, which mjai-reviewer's users run), in Japanese or English.

Yaku names -> API.md ids; the points line's limit words; the words that end a hand without a
win; Mahjong Soul's rooms. A name no table knows is refused by the reader with the name, so a
record of another game (a local yaku, Sichuan "bloodshed" mahjong) is never scored as riichi.
"""

from __future__ import annotations

import re
from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Final

from .model import TENHOU_YAKU

#: Tenhou's yaku names in its own numbering (0-54), as the JSON writes them ("_" a space).
TENHOU_NAMES: Final = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風_東",
    "自風_南",
    "自風_西",
    "自風_北",
    "場風_東",
    "場風_南",
    "場風_西",
    "場風_北",
    "役牌_白",
    "役牌_發",
    "役牌_中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)

#: Mahjong Soul's yaku as its converters name them (the game's own Japanese and English names,
#: ``name_jp`` / ``name_en`` of its yaku table) -> API.md ids. Only the yaku of the standard
#: ranked rules; the game's local and event yaku (八連荘, 燕返し, 人和, ...) are refused.
MAHJONGSOUL_NAMES: Final[dict[str, str]] = {
    "門前清自摸和": "menzen_tsumo",
    "Fully Concealed Hand": "menzen_tsumo",
    "立直": "riichi",
    "Riichi": "riichi",
    "槍槓": "chankan",
    "Robbing a Kan": "chankan",
    "嶺上開花": "rinshan",
    "After a Kan": "rinshan",
    "海底摸月": "haitei",
    "Under the Sea": "haitei",
    "河底撈魚": "houtei",
    "Under the River": "houtei",
    "役牌 白": "haku",
    "White Dragon": "haku",
    "役牌 發": "hatsu",
    "Green Dragon": "hatsu",
    "役牌 中": "chun",
    "Red Dragon": "chun",
    "役牌:自風牌": "seat_wind",
    "Seat Wind": "seat_wind",
    "役牌:場風牌": "round_wind",
    "Prevalent Wind": "round_wind",
    "断幺九": "tanyao",
    "All Simples": "tanyao",
    "一盃口": "iipeikou",
    "Pure Double Sequence": "iipeikou",
    "平和": "pinfu",
    "Pinfu": "pinfu",
    "混全帯幺九": "chanta",
    "Half Outside Hand": "chanta",
    "一気通貫": "ittsu",
    "Pure Straight": "ittsu",
    "三色同順": "sanshoku",
    "Mixed Triple Sequence": "sanshoku",
    "ダブル立直": "double_riichi",
    "Double Riichi": "double_riichi",
    "三色同刻": "sanshoku_doukou",
    "Triple Triplets": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "Three Quads": "sankantsu",
    "対々和": "toitoi",
    "All Triplets": "toitoi",
    "三暗刻": "sanankou",
    "Three Concealed Triplets": "sanankou",
    "小三元": "shousangen",
    "Little Three Dragons": "shousangen",
    "混老頭": "honroutou",
    "All Terminals and Honors": "honroutou",
    "七対子": "chiitoitsu",
    "Seven Pairs": "chiitoitsu",
    "純全帯幺九": "junchan",
    "Fully Outside Hand": "junchan",
    "混一色": "honitsu",
    "Half Flush": "honitsu",
    "二盃口": "ryanpeikou",
    "Twice Pure Double Sequence": "ryanpeikou",
    "清一色": "chinitsu",
    "Full Flush": "chinitsu",
    "一発": "ippatsu",
    "Ippatsu": "ippatsu",
    "ドラ": "dora",
    "Dora": "dora",
    "赤ドラ": "aka_dora",
    "Red Five": "aka_dora",
    "裏ドラ": "ura_dora",
    "Ura Dora": "ura_dora",
    "抜きドラ": "nuki_dora",
    "Kita": "nuki_dora",
    "天和": "tenhou",
    "Blessing of Heaven": "tenhou",
    "地和": "chiihou",
    "Blessing of Earth": "chiihou",
    "大三元": "daisangen",
    "Big Three Dragons": "daisangen",
    "四暗刻": "suuankou",
    "Four Concealed Triplets": "suuankou",
    "字一色": "tsuuiisou",
    "All Honors": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "All Green": "ryuuiisou",
    "清老頭": "chinroutou",
    "All Terminals": "chinroutou",
    "国士無双": "kokushi",
    "Thirteen Orphans": "kokushi",
    "小四喜": "shousuushii",
    "Four Little Winds": "shousuushii",
    "四槓子": "suukantsu",
    "Four Quads": "suukantsu",
    "九蓮宝燈": "chuuren",
    "Nine Gates": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren",
    "True Nine Gates": "junsei_chuuren",
    "四暗刻単騎": "suuankou_tanki",
    "Single-wait Four Concealed Triplets": "suuankou_tanki",
    "国士無双十三面待ち": "kokushi_13",
    "Thirteen-wait Thirteen Orphans": "kokushi_13",
    "大四喜": "daisuushii",
    "Four Big Winds": "daisuushii",
}

#: Names only Mahjong Soul's converters write (Tenhou writes 自風 東, 両立直, 国士無双１３面):
#: a record using them is a Mahjong Soul game, whatever its header says.
MAHJONGSOUL_ONLY: Final = frozenset(
    name for name in MAHJONGSOUL_NAMES if name.isascii() or ":" in name or name.startswith("ダブル")
) | {"国士無双十三面待ち"}

#: Every known yaku name -> API.md id (Tenhou's names first; Mahjong Soul's agree where shared).
YAKU_IDS: Final[dict[str, str]] = {
    **MAHJONGSOUL_NAMES,
    **{
        name.replace("_", " "): TENHOU_YAKU[number]
        for number, name in enumerate(TENHOU_NAMES)
        if number in TENHOU_YAKU
    },
}

#: A yaku with its han or as a yakuman: ``立直(1飜)``, ``Riichi(1飜)``, ``国士無双(役満)``.
YAKU_ITEM: Final = re.compile(r"^(.+?)\((\d{1,3})飜\)$|^(.+?)\(役満\)$")

#: The points line's limit words (Japanese, and the converters' romaji and English).
LIMIT_WORDS: Final[dict[str, str]] = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "数え役満": "yakuman",
    "役満": "yakuman",
    "切り上げ満貫": "mangan",
    "Mangan ": "mangan",
    "Haneman ": "haneman",
    "Baiman ": "baiman",
    "Sanbaiman ": "sanbaiman",
    "Yakuman ": "yakuman",
    "Kazoe Yakuman ": "yakuman",
    "Counted Yakuman ": "yakuman",
    "Kiriage Mangan ": "mangan",
    "Rounded Mangan ": "mangan",
}
_LIMIT_ALTERNATIVES = "|".join(
    re.escape(word) for word in sorted(LIMIT_WORDS, key=len, reverse=True)
)
#: ``30符1飜1000点``, ``満貫2000-4000点``, ``40符4飜満貫8000点``, ``30Fu2Han2000点``,
#: ``Mangan 4000点∀``: fu and han, a limit word, or both; the points; ∀ for a dealer's tsumo.
POINTS_LINE: Final = re.compile(
    r"^(?:(\d{1,3})(?:符|Fu)(\d{1,3})(?:飜|Han))?"
    rf"({_LIMIT_ALTERNATIVES})?"
    r"(\d{1,7})(?:-(\d{1,7}))?点(∀)?$"
)

#: How a hand ended without a win, by the result's first word -> (end, Tenhou's draw type).
DRAW_WORDS: Final[dict[str, tuple[str, str | None]]] = {
    "流局": ("exhaustive_draw", None),
    "全員聴牌": ("exhaustive_draw", None),
    "全員不聴": ("exhaustive_draw", None),
    "Ryuukyoku": ("exhaustive_draw", None),
    "Exhaustive Draw": ("exhaustive_draw", None),
    "流し満貫": ("nagashi_mangan", "nm"),
    "Nagashi Mangan": ("nagashi_mangan", "nm"),
    "Mangan at Draw": ("nagashi_mangan", "nm"),
    "九種九牌": ("abortive_draw", "yao9"),
    "Kyuushu Kyuuhai": ("abortive_draw", "yao9"),
    "Nine Terminal Abortion": ("abortive_draw", "yao9"),
    "四家立直": ("abortive_draw", "reach4"),
    "Suucha Riichi": ("abortive_draw", "reach4"),
    "Four Riichi Abortion": ("abortive_draw", "reach4"),
    "三家和了": ("abortive_draw", "ron3"),
    "三家和": ("abortive_draw", "ron3"),
    "Sanchahou": ("abortive_draw", "ron3"),
    "Three Ron Abortion": ("abortive_draw", "ron3"),
    "四槓散了": ("abortive_draw", "kan4"),
    "四開槓": ("abortive_draw", "kan4"),
    "Suukaikan": ("abortive_draw", "kan4"),
    "Four Kan Abortion": ("abortive_draw", "kan4"),
    "四風連打": ("abortive_draw", "kaze4"),
    "Suufon Renda": ("abortive_draw", "kaze4"),
    "Four Wind Abortion": ("abortive_draw", "kaze4"),
}

#: Mahjong Soul's rooms as the converters write them in ``rule.disp`` -> room codes (checked
#: in this order: 王座 before 金 would not matter, but 銅 must not match inside another name).
MAHJONGSOUL_ROOMS: Final = (
    ("王座の間", "throne"),
    ("Throne Room", "throne"),
    ("玉の間", "jade"),
    ("Jade Room", "jade"),
    ("金の間", "gold"),
    ("Gold Room", "gold"),
    ("銀の間", "silver"),
    ("Silver Room", "silver"),
    ("銅の間", "bronze"),
    ("Bronze Room", "bronze"),
    ("交流の間", "casual"),
    ("Casual Match", "casual"),
    ("友人戦", "friendly"),
    ("Friendly", "friendly"),
    ("大会戦", "tournament"),
    ("Tournament", "tournament"),
    ("Tounament", "tournament"),
)
#: Tenhou's rooms by their letter in ``rule.disp`` (般南喰赤, 鳳南喰赤).
TENHOU_ROOM_LETTERS: Final = (
    ("鳳", "houou"),
    ("特", "tokujou"),
    ("上", "joukyuu"),
    ("般", "ippan"),
)

#: Tenhou's log id (``2010081709gm-00a9-0000-fe3371ad``) and Mahjong Soul's game uuid
#: (``230812-0a0b6d3e-6f45-4d62-9bd3-7e8bd9be0d5e``, a date then a uuid).
TENHOU_ID: Final = re.compile(r"^(\d{10})gm-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{8})$")
MAHJONGSOUL_ID: Final = re.compile(
    r"^(\d{6})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
)


def played_at(log_id: str, title: object = None) -> str:
    """When the game was played, ISO 8601 (as precise as the source), or "": Tenhou's log id
    starts with the hour in Japan time, Mahjong Soul's game uuid with the date; else the
    converters' title (its second part, an RFC 2822 date in tensoul's)."""
    if match := TENHOU_ID.match(log_id):
        try:
            return datetime.strptime(match[1], "%Y%m%d%H").strftime("%Y-%m-%dT%H:00+09:00")
        except ValueError:
            return ""
    if match := MAHJONGSOUL_ID.match(log_id):
        try:
            return datetime.strptime(match[1], "%y%m%d").strftime("%Y-%m-%d")
        except ValueError:
            return ""
    if isinstance(title, list) and len(title) > 1 and isinstance(title[1], str):
        try:
            return parsedate_to_datetime(title[1][:64]).isoformat(timespec="minutes")
        except (TypeError, ValueError, IndexError):
            return ""
    return ""
