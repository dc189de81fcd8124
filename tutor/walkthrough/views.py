"""The walkthrough page: one scored hand explained step by step (tutor.walkthrough.steps).

The view calls the engine through :mod:`tutor.walkthrough.steps` and renders; an htmx request
gets only the region it swaps (a template partial).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from config.guard import field_errors, input_errors
from scorer.engine import ALL_PRESETS
from scorer.engine.request import REQUEST_FIELDS
from scorer.engine.rules import RulesError, resolve_rules
from scorer.errors import page_message
from scorer.forms import ALL_PRESET_CHOICES, SWITCH_LABELS
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.review.origin import origin_query
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


def _step_number(value: str | None, count: int) -> int:
    number = parse_int(value or "1", 1, max(count, 1))
    if number is None:  # unreadable or past the last step: the nearest step
        number = max(count, 1) if parse_int(value or "", 1) is not None else 1
    return number


@field_errors(REQUEST_FIELDS)
@require_GET
def explain(request: HtmxHttpRequest) -> HttpResponse:
    """The walkthrough: one step per URL (``&step=N``), all steps (``&view=all``), or a
    projector presentation (``&present=1``). Bad input shows the engine's message by its field
    (and a value the input guard refused, config/guard.py, its message)."""
    refused = input_errors(request)
    data = walkthrough.request_from_query(request.GET)
    if refused:
        # Not scored without the refused field: the form comes back with its message.
        name, message = next(iter(refused.items()))
        error = {"code": "invalid_notation", "field": name, "message": message}
        walk = walkthrough.Walkthrough(data, {"ok": False, "error": error})
    else:
        walk = walkthrough.build(data)
    present = request.GET.get("present") == "1"
    view_all = request.GET.get("view") == "all" and not present
    count = len(walk.steps)
    number = _step_number(request.GET.get("step"), count)
    # A win of a reviewed game keeps its origin in every step link (tutor.review.origin).
    base = reverse("tutor:explain") + "?" + walk.query + origin_query(request.GET)

    def step_url(n: int, presenting: bool = present) -> str:
        return f"{base}&step={n}" + ("&present=1" if presenting else "")

    context: dict[str, Any] = {
        "walk": walk,
        "present": present,
        "view_all": view_all,
        "count": count,
        "picker_url": reverse("scorer:picker") + "?" + walk.query,
    }
    if walk.ok:
        step = walk.steps[number - 1]
        rules_name = str(walk.result.get("rules", ""))
        context["rules_label"] = walkthrough.rules_label(rules_name)
        context.update(
            step=step,
            number=number,
            first_url=step_url(1),
            last_url=step_url(count),
            prev_url=step_url(number - 1) if number > 1 else "",
            next_url=step_url(number + 1) if number < count else "",
            step_mode_url=step_url(number, False),
            all_url=f"{base}&view=all",
            present_url=step_url(number, True),
            exit_url=step_url(number, False),
            sections=_sections(walk.steps, step_url),
        )
    else:
        context["form"] = form_fields(dict(request.GET.items()), walk.error, refused)
        context["general_error"] = page_message(walk.error) if not walk.error.get("field") else ""
    if request.htmx and walk.ok and not view_all:
        return render(request, "walkthrough/explain.html#step_region", context)
    return render(request, "walkthrough/explain.html", context)


def _sections(steps: list[walkthrough.DisplayStep], url: Any) -> list[dict[str, object]]:
    sections: list[dict[str, object]] = []
    for step in steps:
        if not sections or sections[-1]["id"] != step.section:
            sections.append(
                {
                    "id": step.section,
                    "name": step.section_name,
                    "url": url(step.number),
                    "first": step.number,
                }
            )
    return sections
