"""Rule switches and the named presets that bundle them (RULES.md §7).

Every option of the rules digest is a field of :class:`Rules`; a preset is a named ``Rules``.
Requests pick a preset by name or give ``{"preset": name, <switch>: value, ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final, Literal

AotenjouYakuman = Literal["fixed", "13han", "higher"]
SanmaTsumo = Literal["loss", "split", "dealer"]


class RulesError(ValueError):
    """An unknown preset, an unknown switch or a value a switch cannot take."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete rule set. Defaults are the Tenhou rules."""

    name: str = "tenhou"
    #: Red fives in the set: 0 (none), 3 (one per suit) or 2 (0p and 0s: three players have no
    #: 5m); each is 1 han.
    red_fives: int = 3
    open_tanyao: bool = True
    #: Kiriage mangan: base 1920 (30 fu 4 han, 60 fu 3 han) is rounded up to mangan.
    kiriage: bool = False
    #: 13+ han is kazoe yakuman; when off it stays sanbaiman.
    kazoe: bool = True
    #: A regional rule: 10 han is already sanbaiman (baiman is 8-9 han).
    sanbaiman_from_10: bool = False
    #: Kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count as double yakuman.
    double_yakuman: bool = False
    #: Several yakuman in one hand add up; when off only the largest counts.
    yakuman_stacking: bool = True
    #: Fu for a pair of a wind that is both seat and round wind: 4 (2+2) or 2.
    double_wind_fu: int = 4
    #: Chiitoitsu: 25 fu 2 han (standard) or 50 fu 1 han (Kansai).
    chiitoitsu_fu: int = 25
    #: The open pinfu shape (20 fu by the items) is scored as 30 fu.
    open_pinfu_30: bool = True
    #: Pinfu may be won by tsumo (20 fu, no tsumo fu); when off, tsumo fu is added, no pinfu.
    pinfu_tsumo: bool = True
    #: Points per honba counter: 300 (100 from each payer on tsumo) or 1500.
    honba_points: int = 300
    #: No limits: every hand is fu x 2^(han+2) at any size.
    aotenjou: bool = False
    #: Yakuman under aotenjou: fixed points, 13 han each, or the higher of the two.
    aotenjou_yakuman: AotenjouYakuman = "higher"
    #: The wareme seat doubles what it pays or receives.
    wareme: bool = False
    #: 4, or 3 for sanma: 108 tiles (no 2m-8m), no chi, seats East South West, a 1m indicator
    #: makes 9m the dora, north tiles may be set aside as nuki dora (the ``nuki`` field).
    players: int = 4
    #: Three players: how a tsumo is paid with no north seat. "loss" (ツモ損): the absent
    #: player's share is simply not paid; "split" (北家折半): it is divided between the two
    #: payers; "dealer": a non-dealer's tsumo has the dealer pay it on top (split on a dealer's
    #: own tsumo, where the dealer is the winner).
    sanma_tsumo: SanmaTsumo = "loss"
    #: Three players: a north triplet is a value tile (1 han, like a dragon) and a north pair is
    #: worth 2 fu. Off: north is a guest wind (オタ風), worth nothing but its tiles.
    north_yakuhai: bool = False

    @property
    def sanma(self) -> bool:
        """Three-player rules."""
        return self.players == 3

    @property
    def north_value(self) -> bool:
        """North is a value tile: three players with ``north_yakuhai`` on."""
        return self.players == 3 and self.north_yakuhai

    def switches(self) -> dict[str, object]:
        """Every switch with its value (the name excluded), for the API and the tutor."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}


_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "red_fives": (0, 2, 3),
    "double_wind_fu": (2, 4),
    "chiitoitsu_fu": (25, 50),
    "honba_points": (300, 1500),
    "aotenjou_yakuman": ("fixed", "13han", "higher"),
    "players": (3, 4),
    "sanma_tsumo": ("loss", "split", "dealer"),
}

TENHOU: Final = Rules()
"""Tenhou (天鳳) ranked rules: red fives, open tanyao, no kiriage, kazoe yakuman, double-yakuman
patterns scored as single yakuman, yakuman stack, 4-fu double-wind pair. Checked against the 333
real Tenhou wins in the conformance set."""

MAHJONGSOUL: Final = replace(TENHOU, name="mahjongsoul", double_yakuman=True)
"""Mahjong Soul (雀魂) ranked rules: as Tenhou, but kokushi 13-sided, suuankou tanki, junsei
chuuren and daisuushii are double yakuman; different yakuman stack; 4-fu double-wind pair.
Sources are secondary (no official rule text was found): MahjongRepository/mahjong PR #26
("majsoul ... considers these as double yakuman"), the WaSuper/Mahjong issue #10 on the 4-fu
double wind. Not confirmed: kiriage (taken as off, as in the project's RULES.md)."""

MLEAGUE: Final = replace(
    TENHOU, name="mleague", kiriage=True, kazoe=False, double_wind_fu=2, yakuman_stacking=True
)
"""M-League (Mリーグ) rules. Red fives, one per suit (majannavi.com: 赤ドラあり(各1枚づつ));
no kazoe yakuman, 13+ han is sanbaiman (k-bys.work M-League rule summary: 数え役満なし);
different yakuman stack, single-pattern doubles do not (same source: 純粋な役満の複合のみ、
ダブル役満になります; 四暗刻単騎や国士無双13面待ちなどは、ダブル役満にはなりません);
2-fu double-wind pair (riichi.wiki M.League page; kobalab/majiang-core issue #6); 300 per honba.
Kiriage mangan is on as RULES.md §7 states; we could not find the league's own wording for it."""

WRC: Final = replace(
    TENHOU,
    name="wrc",
    red_fives=0,
    kiriage=True,
    kazoe=False,
    double_wind_fu=2,
    yakuman_stacking=True,
)
"""World Riichi Championship rules (2022 edition). Kiriage mangan and no counted yakuman (WRC
Rules 2015 §6.1: "A base value of 1920 points ... is rounded up to 2,000 points"; "There is no
counted yakuman"); since 2022 different yakuman stack while single-pattern doubles count once and
a double-wind pair is 2 fu (WRC 2022 major rule changes summary, as quoted in
EmeraldCoder/riichi-pointer-js issue #29); 300 per honba (§6.1). Red fives: the 2015 rules have
none; we could not confirm the 2022/2025 text, so this preset keeps none."""

EMA: Final = replace(TENHOU, name="ema", red_fives=0, kazoe=False, yakuman_stacking=False)
"""European Mahjong Association Riichi Competition Rules (2016 edition): no red fives, open tanyao,
13+ han is sanbaiman, no double yakuman (kasu.at "New EMA ruleset": "Red fives have been
removed", "A hand with 13+ fan is scored as a sanbaiman"); the maximum is a single yakuman
(riichi.wiki, EMA 2016+). Not confirmed: kiriage (off here) and the double-wind pair (sources
disagree; 4 fu here)."""

CLASSIC: Final = replace(
    TENHOU,
    name="classic",
    red_fives=0,
    double_yakuman=True,
    chiitoitsu_fu=50,
    honba_points=1500,
)
"""An older Japanese house rule set from the seeds: no red fives, double yakuman patterns,
Kansai chiitoitsu (50 fu 1 han) and 1500-point honba."""

AOTENJOU: Final = replace(TENHOU, name="aotenjou", aotenjou=True)
"""Aotenjou (青天井, seed 003): no limits at all; yakuman by the ``aotenjou_yakuman`` policy."""

TENHOU_SANMA: Final = replace(TENHOU, name="tenhou_sanma", players=3, red_fives=2)
"""Tenhou (天鳳) three-player rules (三人打ち): 108 tiles with 2m-8m removed, so a 1m indicator
makes 9m the dora; no chi; seats East, South and West; north tiles may be set aside as nuki dora
(抜きドラ), 1 han each, and a north kept in the hand is a guest wind with no yakuhai value; a
tsumo is paid only by the two players at the table (tsumo loss, ツモ損); red fives 0p and 0s.
Sources: riichi.wiki "Sanma" (rule modifications: no chii, 2-8 man removed, "When 1-man is the
dora indicator, 9-man is the dora", kita counted as dora with a replacement draw, "the kita tile
is not considered part of the hand composition", tsumo totals less than ron); riichi.wiki's
Mahjong Soul page ("The ruleset of Majsoul Sanma basically refers to Tenhou ... by default
Tsumo-Loss is applied"; north triplets are guest wind, no yakuhai); the mahjong package 2.1.0
(three-player mode by a Tenhou-bot author: 1m indicator -> 9m, honba 200 on a ron and 100 from
each payer on a tsumo). Honba: from that package; we found no Tenhou text for it (our reading:
a four-player counter's 300 is 100 per payer, so 200 with two payers). Not confirmed: whether
Tenhou awards rinshan kaihou on the draw after a kita (we allow ``rinshan`` with ``nuki``)."""

MAHJONGSOUL_SANMA: Final = replace(MAHJONGSOUL, name="mahjongsoul_sanma", players=3, red_fives=2)
"""Mahjong Soul (雀魂) three-player rules: as ``tenhou_sanma`` with Mahjong Soul's double
yakuman. riichi.wiki's Mahjong Soul page: "The ruleset of Majsoul Sanma basically refers to
Tenhou. Most of the rules are identical to Tenhou Sanma"; tsumo loss by default, north
bisection (our ``sanma_tsumo="split"``) as a room option; north triplets are guest wind.
Not confirmed (no official rule text found): red fives (0p and 0s taken, as Tenhou), honba (as
Tenhou), how the split option rounds (ours: each payer's share plus half the absent player's,
both in base points, then rounded up to 100)."""

#: The four-player presets: the ones the picker, the quiz and the tables pages offer.
PRESETS: Final[dict[str, Rules]] = {
    r.name: r for r in (TENHOU, MAHJONGSOUL, MLEAGUE, WRC, EMA, CLASSIC, AOTENJOU)
}
#: The three-player presets, kept apart so that a page lists them only once it handles three
#: players (no 2m-8m in its palette, no chi, three seats).
THREE_PLAYER_PRESETS: Final[dict[str, Rules]] = {
    r.name: r for r in (TENHOU_SANMA, MAHJONGSOUL_SANMA)
}
#: Every preset a request may name.
ALL_PRESETS: Final[dict[str, Rules]] = {**PRESETS, **THREE_PLAYER_PRESETS}


def _coerce(name: str, value: object, default: object) -> object:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in ("1", "0", "true", "false", "on", "off"):
            return value.lower() in ("1", "true", "on")
        raise RulesError(f"rule '{name}' is on or off (true/false)")
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise RulesError(f"rule '{name}' takes a whole number")
        try:
            number = int(value)
        except ValueError:
            raise RulesError(f"rule '{name}' takes a whole number") from None
        value = number
    if name in _CHOICES and value not in _CHOICES[name]:
        allowed = ", ".join(str(c) for c in _CHOICES[name])
        raise RulesError(f"rule '{name}' must be one of {allowed}")
    return value


def resolve_rules(spec: object) -> Rules:
    """A preset name, a ``{"preset": ..., switch: value}`` mapping, or None (Tenhou)."""
    if spec is None or spec == "":
        return TENHOU
    if isinstance(spec, str):
        try:
            return ALL_PRESETS[spec]
        except KeyError:
            raise RulesError(
                f"unknown rule preset '{spec}'; choose one of {', '.join(ALL_PRESETS)}"
            ) from None
    if isinstance(spec, Rules):
        return spec
    if not isinstance(spec, Mapping):
        raise RulesError("rules must be a preset name or an object")
    # Types are part of the key: 1, 1.0 and True are equal keys but not equally valid values.
    key = tuple([(name, type(value), value) for name, value in spec.items()])
    try:
        found = _RESOLVED.get(key)
    except TypeError:  # an unhashable value: no memo, and an error below
        return _resolve_mapping(spec)
    if found is None:
        found = _resolve_mapping(spec)
        if len(_RESOLVED) >= 1024:
            _RESOLVED.clear()
        _RESOLVED[key] = found
    return found


#: Rule objects repeat from request to request: each distinct spec (its items with their
#: types) is resolved once. Emptied by ``api.clear_caches`` and at 1024 entries.
_RESOLVED: Final[dict[tuple[tuple[object, type, object], ...], Rules]] = {}


def clear_memos() -> None:
    """Empty the memo of resolved specs (for benchmarks, see ``api.clear_caches``)."""
    _RESOLVED.clear()


def _resolve_mapping(spec: Mapping[object, object]) -> Rules:
    preset = spec.get("preset", "tenhou")
    if not isinstance(preset, str):
        raise RulesError("rules.preset must be a preset name")
    base = resolve_rules(preset)
    defaults = base.switches()
    changes: dict[str, object] = {}
    for key, value in spec.items():
        if key == "preset":
            continue
        if not isinstance(key, str) or key not in defaults:
            raise RulesError(f"unknown rule switch '{key}'")
        changes[key] = _coerce(key, value, defaults[key])
    if not changes:
        return base
    return replace(base, name=base.name + "+custom", **changes)  # type: ignore[arg-type]
