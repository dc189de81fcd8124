"""The tile picker, Tenbo's home page: one GET form whose fields are the request fields.

A click sends the form with one action field (``add=5p``); the state is applied in
:mod:`scorer.picker`, scored by the engine, and re-rendered. Through htmx only the picker
region comes back, with ``HX-Replace-Url`` set to the canonical URL (actions stripped); without
JavaScript the action is applied and the browser is redirected to that canonical URL.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_GET
from django_htmx.http import replace_url

from config.guard import field_errors, input_errors
from scorer import calc, picker, vocabulary
from scorer.engine import ALL_PRESETS, THREE_PLAYER_PRESETS
from scorer.engine.request import REQUEST_FIELDS
from scorer.http import HtmxHttpRequest

#: The picker's fields with a place for their error: the request's fields and the paste box
#: beside them, the rule switches in the panel; the palette's actions and view state (add=,
#: mode= ...) report under the palette.
_PICKER_FIELDS = frozenset({*REQUEST_FIELDS, "discarder", "paste", *picker.SWITCH_FIELDS.values()})
_PICKER_CONTROLS = frozenset(
    {*picker.TRANSIENT, "mode", "index", "chi", "from", "red"} - _PICKER_FIELDS
)


def _url(query: str) -> str:
    return reverse("scorer:picker") + (f"?{query}" if query else "")


def _winds(three: bool, chosen: str) -> list[tuple[str, object]]:
    return [
        (v, label) for v, label in vocabulary.WIND_CHOICES if not three or v != "4z" or v == chosen
    ]


@field_errors(_PICKER_FIELDS | _PICKER_CONTROLS)
@require_GET
def picker_view(request: HtmxHttpRequest) -> HttpResponse:
    """The picker page (full page, or the ``picker`` partial for htmx). A parameter the input
    guard refused (config/guard.py) is left out and its message shown by its field."""
    refused = input_errors(request)
    state = picker.state_from_query(request.GET)
    before = picker.palette(state)
    notice = picker.apply_action(state, request.GET)
    canonical = _url(state.query())
    if not request.htmx and notice is None and not refused and picker.has_action(request.GET):
        return redirect(canonical)
    panel = picker.build_panel(state)
    errors = dict(panel.errors)
    if notice is not None:
        errors[notice.field] = notice.message
    for name, message in refused.items():
        errors[name if name in _PICKER_FIELDS else "palette"] = message
    # Every message a sentence (the engine's start in lower case and have no full stop).
    errors = {name: picker.sentence(message) for name, message in errors.items()}
    preset = ALL_PRESETS[state.rules]
    three = state.three
    palette = picker.palette(state)
    # Through htmx only the palette buttons that changed come back (all of them when the
    # mode or the corner index changed): fewer tiles to draw, a faster update.
    palette_full = request.GET.get("_shown") != state.shown
    palette_changed = [
        tile
        for row, old_row in zip(palette, before, strict=True)
        for tile, old in zip(row, old_row, strict=True)
        if tile != old
    ]
    situation_key = picker.situation_key(state, errors)
    hand_tiles, win_tile = picker.hand_view(state)
    flags = [
        (name, vocabulary.flag_label(name, three), state.flags.get(name), errors.get(name))
        for name in picker.FLAGS
    ]
    # The message boxes that hold a message now: the next update empties them (or not).
    shown_msgs = [name for name in ("paste", "palette") if errors.get(name)]
    before_msgs = set(request.GET.get("_msg", "").split())
    context = {
        # Tiles point at the sprite inlined once in the page (#t-5p), not at tiles.svg: each
        # <use> of the external file costs the browser more on every swap (bench/picker.py:
        # renderer CPU per click 44.6 ms external, 35.3 ms inline, at the cost of ~8 KB on
        # the first load).
        "tiles_inline": True,
        # Numbered by kind (the second 3m: hand-3m-2), ids that survive a tile added before.
        "hand_tiles": picker.numbered(hand_tiles),
        "win_tile": win_tile,
        "win_choices": picker.win_choices(state),
        "situation_key": situation_key,
        # Regions whose look did not change are not sent again through htmx.
        "send_modes": palette_full,
        "send_situation": request.GET.get("_sit") != situation_key,
        "state": state,
        "panel": panel,
        "errors": errors,
        "palette": palette,
        "palette_full": palette_full,
        "palette_changed": palette_changed,
        "modes": [(v, label) for v, label in vocabulary.MODE_CHOICES if not (three and v == "chi")],
        "three": three,
        "player_choices": vocabulary.PLAYER_CHOICES,
        "nuki_label": vocabulary.INDICATOR_LABELS["nuki"],
        "nuki_tiles": ["4z"] * state.nuki,
        # Three players sit East, South and West (a North seat already chosen stays listed, so
        # its error shows beside a select that holds it).
        "seat_winds": _winds(three, state.seat),
        "round_winds": _winds(three, state.round),
        # Who dealt in on a ron (for wareme): any seat but the winner's.
        "discarders": [(v, lab) for v, lab in _winds(three, state.discarder) if v != state.seat],
        "mode_hint": vocabulary.MODE_HINTS[state.mode],
        "meld_mode": state.mode in picker.MELD_MODES,
        "directions": vocabulary.DIRECTION_CHOICES,
        "chi_positions": vocabulary.CHI_POSITIONS,
        "winds": vocabulary.WIND_CHOICES,
        "presets": vocabulary.ALL_PRESET_CHOICES,
        # Riichi sits beside the hand (with Ron/Tsumo and the seat); the other flags in the panel.
        "riichi_flag": flags[picker.FLAGS.index("riichi")],
        "flags": [flag for flag in flags if flag[0] != "riichi"],
        # The count's number in its own element: picker.js counts a tapped tile at once.
        "held_html": format_html('<span class="held">{}</span>', state.tiles_held),
        "msg_key": " ".join(shown_msgs),
        # Through htmx a region is sent only when its look changed (see the update partial).
        "send_paste": request.GET.get("paste") != state.typed or "paste" in errors,
        "send_paste_msg": "paste" in shown_msgs or "paste" in before_msgs,
        "send_palette_msg": "palette" in shown_msgs or "palette" in before_msgs,
        "indicator_rows": [
            ("dora", vocabulary.INDICATOR_LABELS["dora"], state.dora, errors.get("dora")),
            ("ura", vocabulary.INDICATOR_LABELS["ura"], state.ura, errors.get("ura")),
        ],
        "excess": -panel.missing,
        # Ura-dora count only for a riichi (or double riichi): said beside the indicators.
        "ura_counts": state.flags.get("riichi") or state.flags.get("double_riichi"),
        "switches": vocabulary.switch_controls(preset, state.effective_rules()),
        "yaku_labels": vocabulary.YAKU_LABELS,
        "fu_labels": vocabulary.FU_LABELS,
        "limit_labels": vocabulary.LIMIT_LABELS,
        "samples": [(label, _url(query)) for label, query in vocabulary.SAMPLES],
        "share_url": request.build_absolute_uri(canonical),
        "canonical": canonical,
        "explain_url": reverse("tutor:explain") + "?" + state.explain_query(),
    }
    if request.htmx and not request.htmx.history_restore_request:
        # The score panel is sent only when it changed (a mode chip, the corner index, a
        # refused tile leave it as it was): its fingerprint rides in the form (_score).
        score_html = render_to_string("scorer/picker.html#score", {**context, "oob": True}, request)
        score_key = hashlib.blake2s(score_html.encode(), digest_size=6).hexdigest()
        context.update(
            score_html=score_html,
            score_key=score_key,
            send_score=request.GET.get("_score") != score_key,
        )
        return replace_url(render(request, "scorer/picker.html#update", context), canonical)
    return render(request, "scorer/picker.html", context)


@field_errors(calc.PointsForm.base_fields)
@require_GET
def calc_view(request: HtmxHttpRequest) -> HttpResponse:
    """Han + fu → points (full page, or the ``result`` partial for htmx, URL kept canonical).
    A parameter the input guard refused is left out and its message shown by its field."""
    refused = input_errors(request)
    form = calc.PointsForm(request.GET or (None if not refused else {}))
    for name, message in refused.items():
        form.add_error(name, message)
    result = None
    if form.is_bound and form.is_valid():
        result = calc.answer(form.cleaned_data)
    # The canonical URL: the form's fields in form order, empty and zero (default) ones left out.
    shown = {name: request.GET.get(name, "").strip() for name in form.fields}
    sanma = shown["rules"] in THREE_PLAYER_PRESETS
    if not sanma and not form.errors.get("sanma_tsumo"):
        shown["sanma_tsumo"] = ""  # a three-player switch: four players have no use for it
    query = urlencode({name: value for name, value in shown.items() if value not in ("", "0")})
    canonical = reverse("scorer:calc") + (f"?{query}" if query else "")
    context = {
        "form": form,
        "result": result,
        "values": {name: form[name].value() or "" for name in form.fields},
        "fu_choices": calc.FU_CHOICES,
        "yakuman_choices": calc.YAKUMAN_CHOICES,
        "presets": calc.RULES_CHOICES,
        "sanma": sanma or bool(form.errors.get("sanma_tsumo")),
        "sanma_tsumo": calc.sanma_tsumo_shown(shown["rules"], request.GET.get("sanma_tsumo", "")),
        "sanma_tsumo_choices": calc.SANMA_TSUMO_CHOICES,
        "canonical": canonical,
        # Each field's message (or "" to clear it), swapped beside the field with the answer.
        "field_messages": [
            (name, form.errors[name][0] if name in form.errors else "")
            for name in calc.MESSAGE_FIELDS
        ],
    }
    if request.htmx and not request.htmx.history_restore_request:
        return replace_url(render(request, "scorer/calc.html#update", context), canonical)
    return render(request, "scorer/calc.html", context)
