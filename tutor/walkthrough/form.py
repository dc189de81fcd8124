"""The request form of the walkthrough, field by field (the page's form and the course's "try
your own hand"): each field's label, value, choices and the engine's message when it names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import ALL_PRESETS
from scorer.engine.rules import RulesError, resolve_rules
from scorer.errors import page_message
from scorer.vocabulary import ALL_PRESET_CHOICES, SWITCH_LABELS
from tutor.walkthrough import steps as walkthrough


@dataclass
class FormField:
    name: str
    label: str
    kind: str
    value: str
    error: str = ""
    choices: tuple[tuple[str, object], ...] = ()


_WINDS = (
    ("1z", gettext_lazy("East")),
    ("2z", gettext_lazy("South")),
    ("3z", gettext_lazy("West")),
    ("4z", gettext_lazy("North")),
)
#: The wareme seat: none, or a seat (the picker's choices).
_WAREME_SEATS = (("", gettext_lazy("No wareme seat")), *_WINDS)
#: Who dealt in on a ron (only wareme needs it): not said, or a seat.
_DISCARDERS = (("", gettext_lazy("Not given")), *_WINDS)


def form_fields(
    data: dict[str, object], error: dict[str, Any], refused: dict[str, str] | None = None
) -> list[FormField]:
    """The request form, each field with the engine's error message when it names it (or the
    input guard's, for a value it ``refused``)."""
    labels: dict[str, tuple[str, str]] = {
        "hand": (_("Hand (without the winning tile)"), "text"),
        "win": (_("Winning tile"), "text"),
        "tsumo": (_("Tsumo (self-draw)"), "bool"),
        "seat": (_("Seat wind"), "wind"),
        "round": (_("Round wind"), "wind"),
        "riichi": (_("Riichi"), "bool"),
        "double_riichi": (_("Double riichi"), "bool"),
        "ippatsu": (_("Ippatsu"), "bool"),
        "haitei": (_("Haitei (last draw)"), "bool"),
        "houtei": (_("Houtei (last discard)"), "bool"),
        "rinshan": (_("Rinshan (after a kan)"), "bool"),
        "chankan": (_("Chankan (robbing a kan)"), "bool"),
        "tenhou": (_("Tenhou (dealer's first draw)"), "bool"),
        "chiihou": (_("Chiihou (first draw)"), "bool"),
        "dora": (_("Dora indicators"), "text"),
        "ura": (_("Ura dora indicators"), "text"),
        "nuki": (_("Nuki dora (norths set aside, three players)"), "number"),
        "honba": (_("Honba"), "number"),
        "sticks": (_("Riichi sticks"), "number"),
        "wareme": (_("Wareme seat"), "seat"),
        "discarder": (_("Who dealt in (on a ron)"), "seat"),
        "rules": (_("Rules"), "preset"),
    }
    fields = []
    for name in walkthrough.REQUEST_FIELDS:
        label, kind = labels[name]
        value = str(data.get(name, ""))
        if kind == "bool":
            value = "1" if value.lower() in ("1", "true", "on", "yes") else ""
        if kind == "wind" and not value:
            # A blank form starts at a non-dealer seat, the common case; a request that left
            # the seat out was scored as the API's default, the dealer (and the East round).
            value = "2z" if name == "seat" and not data else "1z"
        choices: tuple[tuple[str, object], ...] = _WINDS if kind == "wind" else ()
        if kind == "seat":
            choices = _WAREME_SEATS if name == "wareme" else _DISCARDERS
            if value and value not in dict(choices):
                # Not a seat code: kept as it came, so the engine's message names it.
                choices += ((value, value),)
        if kind == "preset":
            value = value or "tenhou"
            choices = tuple(ALL_PRESET_CHOICES)
            if value not in ALL_PRESETS:
                # A rules object from a link (JSON) stays selectable as it came.
                choices += ((value, _("Custom rules (from the link)")),)
        # The engine's English message said in the page's language (scorer.errors).
        message = page_message(error) if error.get("field") == name else ""
        message = (refused or {}).get(name, message)
        fields.append(FormField(name, label, kind, value, message, choices))
        if name == "rules":
            # The wareme switch, as the picker names it (``wareme_rule``): a wareme seat
            # counts only where the rule is on.
            on = str(data.get("wareme_rule", "")) == "1" or _wareme_on(data.get("rules"))
            fields.append(
                FormField("wareme_rule", str(SWITCH_LABELS["wareme"]), "bool", "1" if on else "")
            )
    return fields


def _wareme_on(rules: object) -> bool:
    """Whether a rules field (a preset name or a JSON object) has the wareme switch on."""
    try:
        spec = walkthrough.request_from_query({"rules": rules}).get("rules")
        return bool(resolve_rules(spec).wareme)
    except (RulesError, TypeError, ValueError):
        return False
