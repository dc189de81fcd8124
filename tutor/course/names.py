"""Learner-facing names for the engine's ids (yaku, dora counts, limits): no raw id such as
``ura_dora`` or ``kazoe_yakuman`` reaches a page."""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scorer.engine.yaku import YAKU_BY_ID

#: The han counts that are not yaku.
DORA_NAMES: Final[dict[str, Promise]] = {
    "dora": gettext_lazy("Dora"),
    "ura_dora": gettext_lazy("Ura dora"),
    "aka_dora": gettext_lazy("Red fives (aka dora)"),
    "nuki_dora": gettext_lazy("Nuki dora (north tiles set aside)"),
}

#: Display name of each limit id (None: below the limits).
LIMIT_NAMES: Final[dict[str | None, Promise]] = {
    None: gettext_lazy("below mangan"),  # 満貫未満: not "no limit", which is aotenjou
    "mangan": gettext_lazy("mangan"),
    "haneman": gettext_lazy("haneman"),
    "baiman": gettext_lazy("baiman"),
    "sanbaiman": gettext_lazy("sanbaiman"),
    "kazoe_yakuman": gettext_lazy("kazoe yakuman"),
    "yakuman": gettext_lazy("yakuman"),
}


def yaku_label(yaku_id: str) -> str:
    """The name of a yaku or dora count, translated."""
    if yaku_id in YAKU_BY_ID:
        return _(YAKU_BY_ID[yaku_id].name)
    if yaku_id in DORA_NAMES:
        return str(DORA_NAMES[yaku_id])
    return yaku_id.replace("_", " ")


def limit_label(limit: str | None) -> str:
    """The name of a limit id, translated."""
    return str(LIMIT_NAMES.get(limit, str(limit).replace("_", " ")))


# ---------------------------------------------------------------------- kanji beside the romaji
#: The Japanese written name of each yaku, dora count and limit id. English pages show it beside
#: the romaji (Riichi 立直); Japanese pages show the translated name alone. Display data only:
#: the engine knows ids and English names, never this.
YAKU_KANJI: Final[dict[str, str]] = {
    "riichi": "立直",
    "double_riichi": "ダブル立直",
    "ippatsu": "一発",
    "menzen_tsumo": "門前清自摸和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "haku": "白",
    "hatsu": "發",
    "chun": "中",
    "seat_wind": "自風",
    "round_wind": "場風",
    "north_wind": "北",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "rinshan": "嶺上開花",
    "chankan": "槍槓",
    "chiitoitsu": "七対子",
    "sanshoku": "三色同順",
    "ittsu": "一気通貫",
    "chanta": "混全帯幺九",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "sanshoku_doukou": "三色同刻",
    "sankantsu": "三槓子",
    "shousangen": "小三元",
    "honroutou": "混老頭",
    "ryanpeikou": "二盃口",
    "junchan": "純全帯幺九",
    "honitsu": "混一色",
    "chinitsu": "清一色",
    "kokushi": "国士無双",
    "kokushi_13": "国士無双十三面待ち",
    "suuankou": "四暗刻",
    "suuankou_tanki": "四暗刻単騎",
    "daisangen": "大三元",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "tsuuiisou": "字一色",
    "chinroutou": "清老頭",
    "ryuuiisou": "緑一色",
    "chuuren": "九蓮宝燈",
    "junsei_chuuren": "純正九蓮宝燈",
    "suukantsu": "四槓子",
    "tenhou": "天和",
    "chiihou": "地和",
    # the han counts that are not yaku
    "dora": "ドラ",
    "ura_dora": "裏ドラ",
    "aka_dora": "赤ドラ",
    "nuki_dora": "抜きドラ",
}
LIMIT_KANJI: Final[dict[str, str]] = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe_yakuman": "数え役満",
    "yakuman": "役満",
    "double_yakuman": "ダブル役満",
    "kiriage": "切り上げ満貫",
}


def with_kanji(label: object, kanji: str | None) -> SafeString:
    """``label`` escaped, then, on pages not in Japanese, the kanji beside it in a ``lang="ja"``
    span (Riichi 立直). Japanese pages show the translated label alone."""
    if not kanji or (get_language() or "").startswith("ja") or kanji == str(label):
        return format_html("{}", label)
    return format_html('{} <span class="kanji" lang="ja">{}</span>', label, kanji)


def kanji_span(kanji: str | None) -> SafeString:
    """The kanji alone, after a space, for English pages; nothing on Japanese pages."""
    if not kanji or (get_language() or "").startswith("ja"):
        return SafeString("")
    return format_html(' <span class="kanji" lang="ja">{}</span>', kanji)


def yaku_html(yaku_id: str, label: object | None = None) -> SafeString:
    """A yaku's (or dora count's) name for a page: Riichi 立直 in English, 立直 in Japanese."""
    return with_kanji(yaku_label(yaku_id) if label is None else label, YAKU_KANJI.get(yaku_id))


def limit_html(limit: str | None, label: object | None = None) -> SafeString:
    """A limit's name for a page: mangan 満貫 in English, 満貫 in Japanese."""
    return with_kanji(limit_label(limit) if label is None else label, LIMIT_KANJI.get(limit or ""))
