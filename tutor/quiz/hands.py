"""Hands for the hand drills: targeted generation (a hand of a given fu, wait, open or
closed), generated hands that score under the drill's filters, the situation in words and the
hand as tiles to draw."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.templatetags.static import static
from django.utils.translation import gettext as _

from scorer.engine import PRESETS, EngineError, Result, score_request, score_result
from scorer.engine.generate import generate_request
from scorer.engine.notation import MeldKind, NotationError, format_tiles, parse_hand, parse_tiles
from scorer.engine.rules import Rules
from scorer.templatetags.tiles import tile_label
from scorer.vocabulary import join_list
from tutor.quiz.base import QuizError, rules_label, tile_words

# -- targeted hand generation --------------------------------------------------------------------


def _scored(request: Mapping[str, Any]) -> Result | None:
    """The engine's typed result for a drawn hand, or None when it does not score.

    The retry loops below judge each drawn hand on these numbers; the explanation (``steps``,
    most of the cost of a result dict) is built only for the hand they keep."""
    try:
        return score_result(request)
    except EngineError:
        return None


_SUITS: Final = "mps"
_DRAGONS: Final = ("5z", "6z", "7z")


@dataclass
class _Block:
    shape: str  # seq, trip, kan
    terminal: bool = False
    called: bool = False
    tile: str = ""  # first tile (seq) or the tile (trip / kan)


def _tile(value: int, suit: str) -> str:
    return f"{value}{suit}"


def _recipe_fu(
    blocks: Sequence[_Block],
    pair_fu: int,
    wait: str,
    win_block: int,
    tsumo: bool,
    closed: bool,
) -> int:
    """The fu the recipe should score (RULES.md §2); the engine has the last word."""
    all_seq = all(b.shape == "seq" for b in blocks)
    if closed and all_seq and pair_fu == 0 and wait == "ryanmen":
        return 20 if tsumo else 30
    raw = 20 + (10 if closed and not tsumo else 0) + (2 if tsumo else 0)
    for i, b in enumerate(blocks):
        if b.shape == "seq":
            continue
        concealed = not b.called and not (i == win_block and wait == "shanpon" and not tsumo)
        raw += (
            2 * (2 if b.terminal else 1) * (2 if concealed else 1) * (4 if b.shape == "kan" else 1)
        )
    raw += pair_fu + (2 if wait in ("kanchan", "penchan", "tanki") else 0)
    fu = -(-raw // 10) * 10
    return 30 if fu == 20 else fu


def _draw_recipe(
    rng: random.Random,
    target: int | None,
    wait: str | None,
    open_: bool | None,
    tsumo: bool | None,
    pinfu: bool | None,
    rules: Rules,
) -> tuple[list[_Block], int, str, int, bool, bool, str] | None:
    closed = not open_ if open_ is not None else rng.random() < 0.6
    tsumo = tsumo if tsumo is not None else rng.random() < 0.5
    if pinfu:
        closed, wait = True, "ryanmen"
    rich = 0.15 if target is None else min(0.85, max(0.05, (target - 25) / 60))
    blocks = []
    for _i in range(4):
        if pinfu or rng.random() > rich:
            blocks.append(_Block("seq", called=not closed and rng.random() < 0.5))
            continue
        kan = rng.random() < rich * 0.45
        blocks.append(
            _Block(
                "kan" if kan else "trip",
                terminal=rng.random() < 0.5,
                called=(not closed) and rng.random() < 0.6,
            )
        )
    if not closed and not any(b.called for b in blocks):
        rng.choice(blocks).called = True
    pair_kind = (
        "plain"
        if pinfu or rng.random() < 0.6
        else rng.choice(("dragon", "seat", "round", "double"))
    )
    pair_fu = {"plain": 0, "dragon": 2, "seat": 2, "round": 2, "double": rules.double_wind_fu}[
        pair_kind
    ]
    # The winning tile completes a concealed block or the pair.
    open_seqs = [i for i, b in enumerate(blocks) if b.shape == "seq" and not b.called]
    open_trips = [i for i, b in enumerate(blocks) if b.shape == "trip" and not b.called]
    options = []
    if open_seqs:
        options += ["ryanmen", "kanchan", "penchan"]
    if open_trips:
        options.append("shanpon")
    options.append("tanki")
    if wait is None:
        wait = rng.choice(options)
    if wait not in options:
        return None
    if wait in ("ryanmen", "kanchan", "penchan"):
        win_block = rng.choice(open_seqs)
    elif wait == "shanpon":
        win_block = rng.choice(open_trips)
    else:
        win_block = -1
    all_seq = all(b.shape == "seq" for b in blocks)
    if pinfu is False and closed and all_seq and pair_fu == 0 and wait == "ryanmen":
        return None
    fu = _recipe_fu(blocks, pair_fu, wait, win_block, tsumo, closed)
    if target is not None and fu != target:
        return None
    return blocks, pair_fu, wait, win_block, tsumo, closed, pair_kind


def _realise(
    rng: random.Random, recipe: tuple[list[_Block], int, str, int, bool, bool, str]
) -> dict[str, Any] | None:
    blocks, _pair_fu, wait, win_block, tsumo, closed, pair_kind = recipe
    counts: dict[str, int] = {}
    seat = rng.choice(("1z", "2z", "3z", "4z"))
    round_ = rng.choice(("1z", "2z"))
    tanyao = not closed and not any(b.terminal for b in blocks if b.shape != "seq")
    yakuhai_needed = not closed and not tanyao

    def take(tiles: Sequence[str]) -> bool:
        for t in tiles:
            if counts.get(t, 0) >= 4:
                return False
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1
        return True

    # pair
    value_winds = {seat, round_}
    if pair_kind == "plain":
        if tanyao:
            pair = _tile(rng.randint(2, 8), rng.choice(_SUITS))
        else:
            plain_winds = [w for w in ("1z", "2z", "3z", "4z") if w not in value_winds]
            pool = [_tile(rng.randint(1, 9), rng.choice(_SUITS)), *plain_winds]
            pair = rng.choice(pool)
    elif tanyao:
        return None
    elif pair_kind == "dragon":
        pair = rng.choice(_DRAGONS)
    elif pair_kind == "double":
        pair = seat = round_
    elif pair_kind == "seat":
        if seat == round_:
            return None
        pair = seat
    else:
        if seat == round_:
            return None
        pair = round_
    take([pair, pair])
    concealed: list[str] = []
    melds: list[str] = []
    win = ""
    honour_used = False
    for i, b in enumerate(blocks):
        suit = rng.choice(_SUITS)
        if b.shape == "seq":
            lo, hi = (2, 6) if tanyao else (1, 7)
            if i == win_block and wait == "penchan":
                v = rng.choice((1, 7))
            elif i == win_block and wait == "kanchan":
                v = rng.randint(max(lo, 1), hi)
            elif i == win_block and wait == "ryanmen":
                v = rng.randint(lo, hi)
            else:
                v = rng.randint(lo, hi)
            tiles = [_tile(v + k, suit) for k in range(3)]
            if not take(tiles):
                return None
            if i == win_block:
                if wait == "penchan":
                    w = 2 if v == 1 else 0
                elif wait == "kanchan":
                    w = 1
                else:
                    ends = [
                        e for e in (0, 2) if not (e == 0 and v == 7) and not (e == 2 and v == 1)
                    ]
                    w = rng.choice(ends)
                win = tiles[w]
                concealed += tiles[:w] + tiles[w + 1 :]
            elif b.called:
                melds.append(f"[{v}-{v + 1}{v + 2}{suit}]")
            else:
                concealed += tiles
            continue
        if b.terminal:
            if yakuhai_needed and not honour_used:
                t = rng.choice(_DRAGONS)
                honour_used = True
            else:
                t = rng.choice((_tile(1, suit), _tile(9, suit), "1z", "2z", "3z", "4z", *_DRAGONS))
        else:
            t = _tile(rng.randint(2, 8), suit)
        n = 4 if b.shape == "kan" else 3
        if not take([t] * n):
            return None
        digit, s = t[0], t[1]
        if b.shape == "kan":
            if b.called:
                melds.append(f"[{digit}={digit * 3}{s}]")
            else:
                melds.append(f"({digit * 4}{s})")
        elif b.called:
            melds.append(f"[{digit}={digit * 2}{s}]")
        elif i == win_block:
            win = t
            concealed += [t, t]
        else:
            concealed += [t] * 3
    if yakuhai_needed and not honour_used:
        return None
    if win_block == -1:
        win = pair
        concealed.append(pair)
    else:
        concealed += [pair, pair]
    if not win:
        return None
    return {
        "hand": _mpsz(concealed) + "".join(melds),
        "win": win,
        "tsumo": tsumo,
        "seat": seat,
        "round": round_,
        "riichi": closed,
    }


def _mpsz(tiles: Sequence[str]) -> str:
    out = []
    for suit in "mpsz":
        digits = sorted(t[0] for t in tiles if t[1] == suit)
        if digits:
            out.append("".join(digits) + suit)
    return "".join(out)


def _chiitoitsu(rng: random.Random, rules: Rules) -> dict[str, Any]:
    kinds = [f"{v}{s}" for s in _SUITS for v in range(1, 10)] + [f"{v}z" for v in range(1, 8)]
    pairs = rng.sample(kinds, 7)
    win = pairs[0]
    tiles = [t for p in pairs for t in (p, p)]
    tiles.remove(win)
    tsumo = rng.random() < 0.5
    return {
        "hand": _mpsz(tiles),
        "win": win,
        "tsumo": tsumo,
        "seat": rng.choice(("1z", "2z", "3z", "4z")),
        "round": "1z",
        "riichi": rng.random() < 0.7 or not tsumo,
    }


def fu_hand(
    rng: random.Random,
    *,
    target: int | None = None,
    wait: str | None = None,
    open_: bool | None = None,
    tsumo: bool | None = None,
    pinfu: bool | None = None,
    rules: str = "tenhou",
    tries: int = 4000,
    pairs: bool = False,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A scored hand with the wanted fu / wait / openness: built from blocks chosen to hit the
    target, then checked with the engine (retried until the engine agrees). ``pairs``: a
    seven-pairs hand (scored at the rules' fixed fu: 25, or 50 in the classic rules)."""
    rule_set = PRESETS[rules]
    if pairs:
        request = dict(_chiitoitsu(rng, rule_set), rules=rules)
        return request, score_request(request)
    free = target is None and open_ is None and pinfu is None and tsumo is None
    if target == 25 or (free and wait in (None, "tanki") and rng.random() < 0.08):
        impossible = open_ or pinfu or wait not in (None, "tanki") or rule_set.chiitoitsu_fu != 25
        if target == 25 and impossible:
            raise QuizError(_("A 25 fu hand is seven pairs: closed, with a single wait."))
        request = dict(_chiitoitsu(rng, rule_set), rules=rules)
        return request, score_request(request)
    if target == 20:
        if wait not in (None, "ryanmen") or open_:
            raise QuizError(_("A 20 fu hand is a closed pinfu tsumo with a two-sided wait."))
        open_, tsumo, pinfu = False, True, True
    for _i in range(tries):
        recipe = _draw_recipe(rng, target, wait, open_, tsumo, pinfu, rule_set)
        if recipe is None:
            continue
        built = _realise(rng, recipe)
        if built is None:
            continue
        request = dict(built, rules=rules)
        scored = _scored(request)
        if scored is None or scored.best.yakuman:
            continue
        best = scored.best
        if target is not None and best.fu != target:
            continue
        if wait is not None and best.reading.wait.value != wait:
            continue
        pinfu_holds = any(hit.id == "pinfu" for hit in best.yaku)
        if pinfu is not None and pinfu_holds != pinfu:
            continue
        if open_ is not None and scored.request.is_closed == open_:
            continue
        return request, scored.as_dict()
    raise QuizError(_("Could not build a hand with these properties: try other filters."))


# -- hand questions ------------------------------------------------------------------------------


def hand_facts(request: Mapping[str, Any]) -> list[str]:
    """The situation of a hand, in words."""
    winds = {"1z": _("East"), "2z": _("South"), "3z": _("West"), "4z": _("North")}
    seat = str(request.get("seat", "1z"))
    seats = {"seat": winds[seat], "round": winds[str(request.get("round", "1z"))]}
    facts = [
        _("Seat: %(seat)s (dealer). Round: %(round)s.") % seats
        if seat == "1z"
        else _("Seat: %(seat)s. Round: %(round)s.") % seats,
        _("Won by tsumo (self-draw).")
        if request.get("tsumo")
        # Robbing a kan is a ron on a tile added to a kan, not on a discard (issue 28).
        else _("Won by ron, on a tile added to a kan (chankan).")
        if request.get("chankan")
        else _("Won by ron (a discard)."),
    ]
    extras = [
        (key, label)
        for key, label in (
            ("riichi", _("riichi")),
            ("double_riichi", _("double riichi")),
            ("ippatsu", _("ippatsu")),
            ("haitei", _("last tile (haitei)")),
            ("houtei", _("last discard (houtei)")),
            ("rinshan", _("after a kan (rinshan)")),
        )
        if request.get(key)
    ]
    if extras:
        facts.append(
            _("Declared / situation: %(list)s.") % {"list": join_list([e[1] for e in extras])}
        )
    # Dora and ura-dora indicators are drawn as tiles beside the hand (quiz views), not here.
    if request.get("rules", "tenhou") != "tenhou":
        facts.append(_("Rules: %(rules)s.") % {"rules": rules_label(request["rules"])})
    return facts


_KANS: Final = (MeldKind.KAN_OPEN, MeldKind.KAN_ADDED, MeldKind.KAN_CLOSED)


def indicator_limit(hand: str) -> int:
    """How many dora indicators a game can show with this hand: one, plus one per kan."""
    try:
        melds = parse_hand(hand).melds
    except NotationError:
        return 1
    return 1 + sum(m.kind in _KANS for m in melds)


def table_indicators(request: dict[str, Any]) -> dict[str, Any]:
    """The request with at most 1 + kans dora (and ura-dora) indicators, as at a real table:
    the generator sometimes adds more to reach the top limits, which no game can produce."""
    limit = indicator_limit(str(request.get("hand", "")))
    out = dict(request)
    for name in ("dora", "ura"):
        text = str(request.get(name) or "")
        if not text:
            continue
        try:
            tiles = parse_tiles(text)
        except NotationError:
            out.pop(name)
            continue
        if len(tiles) > limit:
            out[name] = format_tiles(list(tiles[:limit]))
    return out


def scored_hand(
    rng: random.Random, opts: Mapping[str, str], *, steps: bool = True, **knobs: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A generated hand (scorer.engine.generate) that scores, with the dealer / win filters;
    never more dora indicators than the table can show, and no red five under rules that have
    none (classic, EMA, WRC: a drawn 0m would be a plain five there, and nothing says so).
    ``steps=False``: the result dict without the explanation, for a caller that only reads the
    numbers."""
    reds = PRESETS[opts["rules"]].red_fives > 0
    for _i in range(300):
        request = generate_request(
            rng,
            yakuman=False,
            ensure_yaku=True,
            wareme=False,
            rules=opts["rules"],
            red_fives=reds,
            **knobs,
        )
        request = table_indicators(request)
        dealer = request.get("seat") == "1z"
        if opts.get("dealer") == "dealer" and not dealer:
            continue
        if opts.get("dealer") == "non" and dealer:
            continue
        if opts.get("win") in ("ron", "tsumo") and bool(request["tsumo"]) != (
            opts["win"] == "tsumo"
        ):
            continue
        scored = _scored(request)
        if scored is not None and not scored.best.yakuman:
            return request, scored.as_dict(steps)
    raise QuizError(_("Could not build a hand with these properties: try other filters."))


# -- a hand drawn as tiles ------------------------------------------------------------------------


def tile_image(code: str) -> dict[str, str]:
    """A tile to draw: its code, its image and its name (for alt text)."""
    return {"code": code, "src": static(f"tiles/{code}.svg"), "label": tile_label(code)}


def _indicators(text: object) -> list[dict[str, str]]:
    """Dora or ura-dora indicators as tiles (never as squashed notation)."""
    if not text:
        return []
    try:
        return [tile_image(t) for t in parse_tiles(str(text))]
    except NotationError:
        return []


def hand_tiles(request: dict[str, Any] | None) -> dict[str, Any] | None:
    """Concealed tiles, melds and the winning tile of a request, for <img> tiles."""
    if not request:
        return None
    try:
        parsed = parse_hand(str(request["hand"]))
    except NotationError:
        return None
    return {
        "dora": _indicators(request.get("dora")),
        # Ura-dora are turned over only for a riichi winner.
        "ura": _indicators(request.get("ura"))
        if request.get("riichi") or request.get("double_riichi")
        else [],
        "concealed": [tile_image(t) for t in parsed.concealed],
        # Each meld drawn as the picker draws it ({% meld %}: the called tile turned).
        "melds": [
            {
                "tiles": [tile_image(t) for t in m.tiles],
                "closed": m.kind.value == "kan_closed",
                "meld": m,
            }
            for m in parsed.melds
        ],
        "win": tile_image(str(request["win"])),
        "tsumo": bool(request.get("tsumo")),
        # For screen readers: honours by name, never 555z.
        "words": " ".join(
            [tile_words(parsed.concealed), *(tile_words(m.tiles) for m in parsed.melds)]
        ),
        "win_words": tile_words([str(request["win"])]),
    }
