"""The shared vocabulary: the words people see for the engine's ids, all translatable.

One place for the names every feature shows: the picker's controls and choices, rule presets
and switches, honour tiles, limits, yaku, fu items, waits, payers, yakuman multiples and the
list separator. The picker, the calculator, the walkthrough, the quiz, the course, the review
and the classroom all import their words from here (numbers are written by
:mod:`scorer.numbers`). Reading and applying the picker's fields is :mod:`scorer.picker`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorer.engine.rules import ALL_PRESETS, PRESETS, Rules

MODE_CHOICES: Final[tuple[tuple[str, Promise], ...]] = (
    ("hand", _("Hand")),
    ("win", _("Mark winning tile")),
    ("chi", _("Chi")),
    ("pon", _("Pon")),
    ("kan", _("Open kan")),
    ("added", _("Added kan")),
    ("closed", _("Closed kan")),
    ("dora", _("Dora indicator")),
    ("ura", _("Ura-dora indicator")),
)
MODE_HINTS: Final[dict[str, Promise]] = {
    "hand": _("Click a tile to add it; the last tile added is the winning tile."),
    "win": _("Click a tile of the hand to make it the winning tile."),
    "chi": _("Click the tile called from the left; above, choose where it sits in the run."),
    "pon": _("Click the tile to pon."),
    "kan": _("Click the tile to kan (called from another player)."),
    "added": _("Click the tile: a pon with the fourth tile added."),
    "closed": _("Click the tile: four in hand, declared as a kan."),
    "dora": _("Click the dora indicator (the dora is the next tile)."),
    "ura": _("Click the ura-dora indicator."),
}
CHI_POSITIONS: Final = (
    (0, _("lowest")),
    (1, _("middle")),
    (2, _("highest")),
)
DIRECTION_CHOICES: Final = (
    ("-", _("left")),
    ("=", _("across")),
    ("+", _("right")),
)
WIND_CHOICES: Final = (
    ("1z", _("East")),
    ("2z", _("South")),
    ("3z", _("West")),
    ("4z", _("North")),
)
PRESET_LABELS: Final[dict[str, Promise]] = {
    "tenhou": _("Tenhou"),
    "mahjongsoul": _("Mahjong Soul"),
    "mleague": _("M-League"),
    "wrc": _("WRC"),
    "ema": _("EMA"),
    "classic": _("Classic (house rules)"),
    "aotenjou": _("Aotenjou (no limits)"),
    "tenhou_sanma": _("Tenhou, three players"),
    "mahjongsoul_sanma": _("Mahjong Soul, three players"),
}
PRESET_CHOICES: Final = tuple((name, PRESET_LABELS.get(name, name)) for name in PRESETS)
#: Every preset, the three-player ones last: for the pages that handle three players.
ALL_PRESET_CHOICES: Final = tuple((name, PRESET_LABELS.get(name, name)) for name in ALL_PRESETS)
#: The three-player switch's choices (the ``sanma`` field: 0 four players, 1 three).
PLAYER_CHOICES: Final = (("0", _("4 players")), ("1", _("3 players (sanma)")))
#: Switches the picker shows elsewhere (``players`` is the three-player switch) or only with
#: three players.
THREE_PLAYER_SWITCHES: Final = frozenset({"sanma_tsumo", "north_yakuhai"})
FLAG_LABELS: Final[dict[str, Promise]] = {
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "haitei": _("Haitei (last draw)"),
    "houtei": _("Houtei (last discard)"),
    "rinshan": _("Rinshan (after a kan)"),
    "chankan": _("Chankan (robbing a kan)"),
    "tenhou": _("Tenhou (dealer's first draw)"),
    "chiihou": _("Chiihou (first draw)"),
}
#: Three players: the replacement draw after a kita is a rinshan draw too.
SANMA_FLAG_LABELS: Final[dict[str, Promise]] = {
    "rinshan": _("Rinshan (after a kan or a kita)"),
}


def flag_label(name: str, three_players: bool) -> Promise:
    """A situation flag's label, the three-player wording where it differs."""
    if three_players:
        return SANMA_FLAG_LABELS.get(name, FLAG_LABELS[name])
    return FLAG_LABELS[name]


SWITCH_LABELS: Final[dict[str, Promise]] = {
    "red_fives": _("Red fives"),
    "open_tanyao": _("Open tanyao (kuitan)"),
    "kiriage": _("Kiriage mangan"),
    "kazoe": _("Kazoe yakuman (13+ han)"),
    "sanbaiman_from_10": _("Sanbaiman from 10 han"),
    "double_yakuman": _("Double yakuman patterns"),
    "yakuman_stacking": _("Yakuman stack"),
    "double_wind_fu": _("Double-wind pair fu"),
    "chiitoitsu_fu": _("Chiitoitsu fu"),
    "open_pinfu_30": _("Open pinfu shape is 30 fu"),
    "pinfu_tsumo": _("Pinfu by tsumo"),
    "honba_points": _("Points per honba"),
    "aotenjou": _("Aotenjou (no limits)"),
    "aotenjou_yakuman": _("Yakuman under aotenjou"),
    "wareme": _("Wareme"),
    "players": _("Players"),
    "sanma_tsumo": _("Three players: tsumo"),
    "north_yakuhai": _("Three players: north is a value tile"),
}
_CHOICE_VALUES: Final[dict[str, tuple[tuple[str, Promise | str], ...]]] = {
    "red_fives": (("3", _("3 (one per suit)")), ("2", _("2 (0p and 0s)")), ("0", _("none"))),
    "players": (("4", "4"), ("3", _("3 (sanma)"))),
    "sanma_tsumo": (
        ("loss", _("tsumo loss")),
        ("split", _("north's share split")),
        ("dealer", _("dealer pays north's share")),
    ),
    "double_wind_fu": (("4", "4"), ("2", "2")),
    "chiitoitsu_fu": (("25", _("25 fu, 2 han")), ("50", _("50 fu, 1 han"))),
    "honba_points": (("300", "300"), ("1500", "1500")),
    "aotenjou_yakuman": (
        ("higher", _("the higher")),
        ("fixed", _("fixed points")),
        ("13han", _("13 han each")),
    ),
}
#: Honour tiles as a sentence names them (East, Haku / 東, 白): never a code like 5z.
HONOUR_NAMES: Final[dict[str, Promise]] = {
    "1z": pgettext_lazy("honour tile", "East"),
    "2z": pgettext_lazy("honour tile", "South"),
    "3z": pgettext_lazy("honour tile", "West"),
    "4z": pgettext_lazy("honour tile", "North"),
    "5z": pgettext_lazy("honour tile", "Haku"),
    "6z": pgettext_lazy("honour tile", "Hatsu"),
    "7z": pgettext_lazy("honour tile", "Chun"),
}


#: Hands to try from the empty picker: (label, query string).
SAMPLES: Final[tuple[tuple[Promise, str], ...]] = (
    (
        _("Riichi, tsumo, tanyao, iipeikou: 3,900 all"),
        "hand=223344m45668p55s&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z",
    ),
    (_("An open hand with a pon of white dragons"), "hand=123m456p789s1z%5B5%3D55z%5D&win=1z"),
    (_("Daisangen, a yakuman"), "hand=555666777z11m22p&win=2p"),
)
INDICATOR_LABELS: Final[dict[str, Promise]] = {
    "dora": _("Dora indicators"),
    "ura": _("Ura-dora indicators"),
    "nuki": _("Nuki dora (norths set aside)"),
}
LIMIT_LABELS: Final[dict[str, Promise]] = {
    "mangan": _("Mangan"),
    "haneman": _("Haneman"),
    "baiman": _("Baiman"),
    "sanbaiman": _("Sanbaiman"),
    "kazoe_yakuman": _("Kazoe yakuman"),
    "yakuman": _("Yakuman"),
}
YAKU_LABELS: Final[dict[str, Promise]] = {
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "menzen_tsumo": _("Menzen tsumo"),
    "pinfu": _("Pinfu"),
    "tanyao": _("Tanyao"),
    "iipeikou": _("Iipeikou"),
    "haku": _("Haku (white dragon)"),
    "hatsu": _("Hatsu (green dragon)"),
    "chun": _("Chun (red dragon)"),
    "seat_wind": pgettext_lazy("yaku", "Seat wind"),
    "round_wind": pgettext_lazy("yaku", "Round wind"),
    "haitei": _("Haitei"),
    "houtei": _("Houtei"),
    "rinshan": _("Rinshan kaihou"),
    "chankan": _("Chankan"),
    "chiitoitsu": _("Chiitoitsu"),
    "sanshoku": _("Sanshoku doujun"),
    "ittsu": _("Ittsu"),
    "chanta": _("Chanta"),
    "toitoi": _("Toitoi"),
    "sanankou": _("Sanankou"),
    "sanshoku_doukou": _("Sanshoku doukou"),
    "sankantsu": _("Sankantsu"),
    "shousangen": _("Shousangen"),
    "honroutou": _("Honroutou"),
    "ryanpeikou": _("Ryanpeikou"),
    "junchan": _("Junchan"),
    "honitsu": _("Honitsu"),
    "chinitsu": _("Chinitsu"),
    "kokushi": _("Kokushi musou"),
    "kokushi_13": _("Kokushi musou, 13-sided wait"),
    "suuankou": _("Suuankou"),
    "suuankou_tanki": _("Suuankou tanki"),
    "daisangen": _("Daisangen"),
    "shousuushii": _("Shousuushii"),
    "daisuushii": _("Daisuushii"),
    "tsuuiisou": _("Tsuuiisou"),
    "chinroutou": _("Chinroutou"),
    "ryuuiisou": _("Ryuuiisou"),
    "chuuren": _("Chuuren poutou"),
    "junsei_chuuren": _("Junsei chuuren poutou"),
    "suukantsu": _("Suukantsu"),
    # The yaku (天和), not the preset (天鳳): the same English word, two Japanese ones.
    "tenhou": pgettext_lazy("yaku", "Tenhou"),
    "chiihou": _("Chiihou"),
    "dora": _("Dora"),
    "ura_dora": _("Ura-dora"),
    "aka_dora": _("Red fives (aka dora)"),
    "nuki_dora": _("Nuki dora (kita)"),
    "north_wind": _("North wind (three players)"),
}
#: Words the engine fills into its step sentences (``wait``, ``payer_name``), by the engine's
#: own English word: whoever formats a step (tutor/walkthrough) gives each word through this
#: table, so English reads as before and Japanese gets the players' term (嵌張, 親).
STEP_WORDS: Final[dict[str, dict[str, Promise]]] = {
    "wait": {
        "ryanmen": pgettext_lazy("wait", "ryanmen"),
        "kanchan": pgettext_lazy("wait", "kanchan"),
        "penchan": pgettext_lazy("wait", "penchan"),
        "tanki": pgettext_lazy("wait", "tanki"),
        "shanpon": pgettext_lazy("wait", "shanpon"),
        "kokushi": pgettext_lazy("wait", "kokushi"),
        "kokushi_13": pgettext_lazy("wait", "kokushi_13"),
    },
    "payer_name": {
        "The discarder": pgettext_lazy("payer", "The discarder"),
        "The dealer": pgettext_lazy("payer", "The dealer"),
        "Each non-dealer": pgettext_lazy("payer", "Each non-dealer"),
        "The other non-dealer": pgettext_lazy("payer", "The other non-dealer"),
        "Each other player": pgettext_lazy("payer", "Each other player"),
    },
    "seat": {
        "East": _("East"),
        "South": _("South"),
        "West": _("West"),
        "North": _("North"),
    },
}


def step_word(param: str, value: object) -> str:
    """A word the engine put in a step's params, in the page's language (unknown: as given)."""
    label = STEP_WORDS.get(param, {}).get(str(value))
    return str(value) if label is None else str(label)


FU_LABELS: Final[dict[str, Promise]] = {
    "base": _("Base (futei)"),
    "closed_ron": _("Closed ron"),
    "tsumo": _("Tsumo"),
    "pinfu_tsumo": _("Pinfu tsumo"),
    "open_pinfu": _("Open pinfu shape: counted as 30 fu"),
    "chiitoitsu": _("Chiitoitsu"),
    "open_simple_triplet": _("Open triplet, simples"),
    "closed_simple_triplet": _("Concealed triplet, simples"),
    "open_terminal_triplet": _("Open triplet, terminals/honours"),
    "closed_terminal_triplet": _("Concealed triplet, terminals/honours"),
    "open_simple_kan": _("Open kan, simples"),
    "closed_simple_kan": _("Closed kan, simples"),
    "open_terminal_kan": _("Open kan, terminals/honours"),
    "closed_terminal_kan": _("Closed kan, terminals/honours"),
    "pair_dragon": _("Dragon pair"),
    "pair_seat_wind": _("Seat-wind pair"),
    "pair_round_wind": _("Round-wind pair"),
    "pair_north": _("North pair (three players)"),
    "wait_kanchan": _("Closed wait (kanchan)"),
    "wait_penchan": _("Edge wait (penchan)"),
    "wait_tanki": _("Pair wait (tanki)"),
}


@dataclass(frozen=True, slots=True)
class SwitchControl:
    """One rule switch in the advanced panel: a select with its choices and current value."""

    name: str
    #: The form/URL field (``wareme_rule`` for the wareme switch: ``wareme`` is the seat).
    field: str
    label: Promise | str
    choices: tuple[tuple[str, Promise | str], ...]
    value: str
    changed: bool


def switch_controls(preset: Rules, rules: Rules) -> list[SwitchControl]:
    """The advanced panel's selects: each switch with the value in force.

    ``players`` is left out (the three-player switch beside the rules sets it), and so are the
    three-player switches while four play."""
    base = preset.switches()
    controls = []
    for name, value in rules.switches().items():
        if name == "players" or (name in THREE_PLAYER_SWITCHES and not rules.sanma):
            continue
        text = ("1" if value else "0") if isinstance(value, bool) else str(value)
        choices = _CHOICE_VALUES.get(name, (("1", _("on")), ("0", _("off"))))
        controls.append(
            SwitchControl(
                name,
                "wareme_rule" if name == "wareme" else name,
                SWITCH_LABELS.get(name, name),
                choices,
                text,
                value != base[name],
            )
        )
    return controls


def yakuman_label(count: int) -> str:
    """ "Yakuman", "Double yakuman", "Triple yakuman" (役満 / ダブル役満 / トリプル役満, never
    2倍役満), then "4× yakuman" and up, as the seeds write four and six yakuman (4倍役満)."""
    if count <= 1:
        return gettext("Yakuman")
    if count == 2:
        return gettext("Double yakuman")
    if count == 3:
        return gettext("Triple yakuman")
    return gettext("%(count)s× yakuman") % {"count": count}


# ----------------------------------------------------------------------------- sentences

#: How each wait id reads in a sentence ("completed a {wait} wait"): no internal ids.
WAIT_NAMES: dict[str, Promise] = {
    "ryanmen": _("ryanmen"),
    "kanchan": _("kanchan"),
    "penchan": _("penchan"),
    "tanki": _("tanki"),
    "shanpon": _("shanpon"),
    "kokushi": _("single-tile kokushi"),
    "kokushi_13": _("thirteen-sided kokushi"),
}


def wait_name(wait: object) -> str:
    """A wait id as words (``kokushi_13`` -> "thirteen-sided kokushi")."""
    name = WAIT_NAMES.get(str(wait))
    return str(name) if name is not None else str(wait).replace("_", " ")


def yakuman_name(count: int) -> str:
    """ "yakuman", "double yakuman", "3× yakuman"."""
    if count <= 1:
        return gettext("yakuman")
    if count == 2:
        return gettext("double yakuman")
    if count == 3:
        return gettext("triple yakuman")
    return gettext("%(count)s× yakuman") % {"count": count}


#: Who pays, in a payment step's title.
PAYER_NAMES: dict[str, Promise] = {
    "discarder": _("The discarder"),
    "dealer": _("The dealer"),
    "non_dealer": _("Each non-dealer"),
    "each": _("Each other player"),
}

#: Three players: a non-dealer's tsumo has one other non-dealer to pay, a dealer's tsumo two.
SANMA_PAYER_NAMES: dict[str, Promise] = {
    "non_dealer": _("The other non-dealer"),
    "each": _("Each of the two other players"),
}


def join_list(items: Iterable[str]) -> str:
    """Items of a list in one string: "a, b, c" in English, "a、b、c" in Japanese."""
    return pgettext("list separator", ", ").join(items)
