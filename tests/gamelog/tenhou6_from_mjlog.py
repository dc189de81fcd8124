"""Test helper: write an .mjlog record as the tenhou.net/6 JSON, the way Tenhou's viewer does,
so that the JSON reader can be checked against every record of the conformance set."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import unquote

from scorer.gamelog.tiles import decode_call
from scorer.gamelog.vocab import TENHOU_NAMES as YAKU_NAMES

LIMIT_WORDS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
DRAW_WORDS = {
    None: "流局",
    "nm": "流し満貫",
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kan4": "四槓散了",
    "kaze4": "四風連打",
}


def t6(tile: int) -> int:
    if tile in (16, 52, 88):
        return 51 + (tile - 16) // 36
    kind = tile // 4
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def ceil100(n: int) -> int:
    return -(-n // 100) * 100


def points_line(
    fu: int, han: int, points: int, limit: int, tsumo: bool, dealer: bool, players: int = 4
) -> str:
    head = LIMIT_WORDS[limit] if limit else f"{fu}符{han}飜"
    if not tsumo:
        return f"{head}{points}点"
    if dealer:
        return f"{head}{points // (players - 1)}点∀"
    base = points // 4 if limit else fu << (han + 2)
    return f"{head}{ceil100(base)}-{ceil100(2 * base)}点"


def convert(text: str) -> dict[str, Any]:
    root = ET.fromstring(text)
    names = ["", "", "", ""]
    log: list[list[Any]] = []
    hand: list[Any] | None = None
    pending = [False] * 4
    drawn: list[int | None] = [None] * 4
    oya = 0
    players = 4
    for el in root:
        tag = el.tag
        if tag == "GO":
            players = 3 if int(el.get("type", "169")) & 0x10 else 4
        elif tag == "UN" and el.get("n0") is not None:
            names = [unquote(el.get(f"n{s}", "")) for s in range(4)]
        elif tag == "INIT":
            seed = [int(v) for v in el.get("seed", "").split(",")]
            oya = int(el.get("oya", "0"))
            hand = [
                seed[:3],
                [int(v) * 100 for v in el.get("ten", "").split(",")],
                [t6(seed[5])],
                [],
            ]
            for s in range(4):
                dealt = [v for v in el.get(f"hai{s}", "").split(",") if v]
                hand += [[t6(int(v)) for v in dealt], [], []]
            hand.append(None)
            log.append(hand)
            pending = [False] * 4
            drawn = [None] * 4
        elif hand is None:
            continue
        elif m := re.fullmatch(r"([TUVW])(\d+)", tag):
            hand[5 + 3 * "TUVW".index(m[1])].append(t6(int(m[2])))
            drawn["TUVW".index(m[1])] = int(m[2])
        elif m := re.fullmatch(r"([DEFG])(\d+)", tag):
            seat = "DEFG".index(m[1])
            # The tile just drawn is written 60 (tsumogiri), as Tenhou's viewer writes it.
            value: Any = 60 if drawn[seat] == int(m[2]) else t6(int(m[2]))
            drawn[seat] = None
            if pending[seat]:
                value, pending[seat] = f"r{value}", False
            hand[6 + 3 * seat].append(value)
        elif tag == "REACH" and el.get("step") == "1":
            pending[int(el.get("who", "0"))] = True
        elif tag == "DORA":
            hand[2].append(t6(int(el.get("hai", "0"))))
        elif tag == "N":
            seat = int(el.get("who", "0"))
            call = decode_call(int(el.get("m", "0")))
            drawn[seat] = None
            takes, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
            if call.kind == "kita":
                discards.append("f44")
            elif call.kind == "closed_kan":
                t = [str(t6(x)) for x in call.tiles]
                discards.append(f"{t[0]}{t[1]}{t[2]}a{t[3]}")
            elif call.kind == "added_kan":
                assert call.added is not None
                rest = "".join(str(t6(x)) for x in call.tiles if x != call.added)
                discards.append(f"k{t6(call.added)}{rest}")
            else:
                assert call.called is not None
                own = [str(t6(x)) for x in call.tiles if x != call.called]
                letter = {"chi": "c", "pon": "p", "open_kan": "m"}[call.kind]
                before = {3: 0, 2: 1, 1: 2 if call.kind == "pon" else 3}[call.source]
                takes.append(
                    "".join(own[:before]) + letter + str(t6(call.called)) + "".join(own[before:])
                )
                if call.kind == "open_kan":
                    discards.append(0)
        elif tag == "AGARI":
            who, from_who = int(el.get("who", "0")), int(el.get("fromWho", "0"))
            sc = [int(v) for v in el.get("sc", "").split(",")]
            fu, points, limit = (int(v) for v in el.get("ten", "").split(","))
            pairs = [int(v) for v in el.get("yaku", "").split(",") if v]
            yakuman = [int(v) for v in el.get("yakuman", "").split(",") if v]
            han = sum(pairs[1::2])
            words = [
                f"{YAKU_NAMES[y].replace('_', ' ')}({h}飜)"
                for y, h in zip(pairs[::2], pairs[1::2], strict=True)
                if h
            ] + [f"{YAKU_NAMES[y].replace('_', ' ')}(役満)" for y in yakuman]
            pao = int(el.get("paoWho", str(who)))
            line = points_line(fu, han, points, limit, who == from_who, who == oya, players)
            hand[2] = [t6(int(v)) for v in el.get("doraHai", "").split(",")]
            if el.get("doraHaiUra"):
                hand[3] = [t6(int(v)) for v in el.get("doraHaiUra", "").split(",")]
            result = hand[16] or ["和了"]
            deltas = [v * 100 for v in sc[1::2]] + [0] * (4 - len(sc) // 2)
            result += [deltas[:4], [who, from_who, pao, line, *words]]
            hand[16] = result
        elif tag == "RYUUKYOKU":
            sc = [int(v) for v in el.get("sc", "").split(",")]
            hand[16] = [DRAW_WORDS[el.get("type")], [v * 100 for v in sc[1::2]]]
    log = [h for h in log if h[16] is not None]
    return {
        "title": ["", ""],
        "name": names,
        "rule": {"disp": "三般南喰赤" if players == 3 else "般南喰赤", "aka": 1},
        "log": log,
    }
