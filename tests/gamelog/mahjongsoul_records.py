"""Mahjong Soul games as tenhou.net/6 JSON, written here the way its public converters write
them (tensoul, and the MajsoulPlus download script it comes from): the game's uuid as ``ref``,
the room in ``rule.disp`` (玉の間南喰赤; in English "Jade Room South"), ``aka51``-``aka53`` for
the red fives, the final scores and +/- in ``sc``, the date in ``title``; yaku by Mahjong Soul's
own names (役牌:場風牌, ダブル立直, 国士無双十三面待ち, 抜きドラ; in English "Prevalent Wind",
"Riichi"), with ``(N飜)`` or ``(役満)`` in Japanese either way; limit hands without fu; a
yakuman's points as the game paid them (a double yakuman is 64,000 from a non-dealer).

The hands are short and made up (their tiles add up); their figures are the ones Mahjong Soul's
rules give, checked by hand.
"""

from __future__ import annotations

import json
from typing import Any

#: API id -> (Japanese, English) as the converters write Mahjong Soul's yaku (the game's own
#: names in its yaku table), for the yaku these records use.
NAMES = {
    "round_wind": ("役牌:場風牌", "Prevalent Wind"),
    "kokushi_13": ("国士無双十三面待ち", "Thirteen-wait Thirteen Orphans"),
    "menzen_tsumo": ("門前清自摸和", "Fully Concealed Hand"),
    "rinshan": ("嶺上開花", "After a Kan"),
    "pinfu": ("平和", "Pinfu"),
    "ittsu": ("一気通貫", "Pure Straight"),
    "nuki_dora": ("抜きドラ", "Kita"),
    "double_riichi": ("ダブル立直", "Double Riichi"),
    "tanyao": ("断幺九", "All Simples"),
}

UUID = "230812-0a0b6d3e-6f45-4d62-9bd3-7e8bd9be0d5e"
UUID3 = "230901-1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5"


def yaku(name: str, han: int | None, english: bool) -> str:
    words = NAMES[name][1 if english else 0]
    return f"{words}({han}飜)" if han else f"{words}(役満)"


def four_player(english: bool = False) -> dict[str, Any]:
    """East 1: South wins on the dealer's 5s, East (the round wind) triplet, tanki: 40 fu 1 han,
    1,300. East 2: North's kokushi 13-sided wait robs the dealer's 1m: a double yakuman for
    Mahjong Soul, 64,000 (Tenhou would pay 32,000); the dealer is out, the game ends."""
    fu_han = "40Fu1Han1300点" if english else "40符1飜1300点"
    east1 = [
        [0, 0, 0],
        [25000, 25000, 25000, 25000],
        [22],  # indicator 2p: 3p is dora, nobody holds one
        [],
        [35, 11, 19, 21, 29, 32, 33, 44, 45, 46, 47, 12, 23],
        [18],
        [35],
        [41, 41, 41, 12, 13, 14, 25, 26, 27, 37, 38, 39, 35],
        [],
        [],
        [24, 24, 28, 28, 16, 16, 17, 17, 34, 34, 42, 42, 43],
        [],
        [],
        [11, 11, 19, 19, 21, 21, 29, 29, 31, 31, 39, 39, 43],
        [],
        [],
        ["和了", [-1300, 1300, 0, 0], [1, 0, 1, fu_han, yaku("round_wind", 1, english)]],
    ]
    yakuman = "Yakuman 64000点" if english else "役満64000点"
    east2 = [
        [1, 0, 0],
        [23700, 26300, 25000, 25000],
        [22],
        [],
        [12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 25, 26, 27],
        [],
        [],
        [11, 12, 13, 14, 15, 16, 17, 18, 23, 24, 25, 26, 27],
        [32],
        [11],
        [32, 33, 34, 35, 36, 37, 38, 32, 33, 34, 35, 36, 37],
        [],
        [],
        [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47],
        [],
        [],
        ["和了", [0, -64000, 0, 64000], [3, 1, 3, yakuman, yaku("kokushi_13", None, english)]],
    ]
    disp = "Jade Room South" if english else "玉の間南喰赤"
    return {
        "ver": "2.3",
        "ref": UUID,
        "log": [east1, east2],
        "ratingc": "PF4",
        "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1},
        "lobby": 0,
        "dan": ["", "", "", ""],
        "rate": [0, 0, 0, 0],
        "sx": ["C", "C", "C", "C"],
        "name": ["Aki", "Bea", "Cho", "Dan"],
        "sc": [23700, -11.3, -37700, -77.7, 25000, 5.0, 89000, 84.0],
        "title": [disp, "Sat, 12 Aug 2023 10:15:00 GMT"],
    }


def three_player(english: bool = False) -> dict[str, Any]:
    """Mahjong Soul's three-player room: the dealer sets a north aside, draws the replacement
    tile and wins on it: menzen tsumo, rinshan, pinfu, ittsu and the north (抜きドラ, listed
    apart as Mahjong Soul does), 6 han: a haneman, 6,000 from each of the two others (tsumo
    loss)."""
    haneman = "Haneman 6000点∀" if english else "跳満6000点∀"
    items = [
        yaku("menzen_tsumo", 1, english),
        yaku("rinshan", 1, english),
        yaku("pinfu", 1, english),
        yaku("ittsu", 2, english),
        yaku("nuki_dora", 1, english),
    ]
    hand = [
        [0, 0, 0],
        [35000, 35000, 35000, 0],
        [11],
        [],
        [21, 22, 23, 24, 25, 26, 27, 28, 29, 32, 33, 35, 44],
        [35, 34],
        ["f44"],
        [11, 11, 19, 19, 19, 41, 41, 41, 42, 42, 42, 45, 44],
        [],
        [],
        [11, 19, 43, 43, 43, 45, 45, 46, 46, 46, 47, 47, 47],
        [],
        [],
        [],
        [],
        [],
        ["和了", [12000, -6000, -6000, 0], [0, 0, 0, haneman, *items]],
    ]
    disp = "Jade Room South" if english else "三玉の間南喰赤"
    return {
        "ver": "2.3",
        "ref": UUID3,
        "log": [hand],
        "ratingc": "PF3",
        "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 0},
        "lobby": 0,
        "dan": ["", "", "", ""],
        "rate": [0, 0, 0, 0],
        "sx": ["C", "C", "C", ""],
        "name": ["Aki", "Bea", "Cho", ""],
        "sc": [47000, 52.0, 29000, -11.0, 29000, -41.0, 0, 0],
        "title": [disp, "Fri, 01 Sep 2023 21:40:00 GMT"],
    }


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()
