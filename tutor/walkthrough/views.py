"""The walkthrough page: one scored hand explained step by step (tutor.walkthrough.steps).

The view calls the engine through :mod:`tutor.walkthrough.steps` and renders; an htmx request
gets only the region it swaps (a template partial).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from config.guard import field_errors, input_errors
from scorer.engine.request import REQUEST_FIELDS
from scorer.errors import page_message
from scorer.http import HtmxHttpRequest
from scorer.params import parse_int
from tutor.review.origin import origin_query
from tutor.walkthrough import display
from tutor.walkthrough import steps as walkthrough
from tutor.walkthrough.form import form_fields


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
    # The page's steps: the fu items folded into one step (tutor.walkthrough.display).
    steps = display.page_steps(walk) if walk.ok else []
    count = len(steps)
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
        step = steps[number - 1]
        rules_name = str(walk.result.get("rules", ""))
        context["rules_label"] = walkthrough.rules_label(rules_name)
        context.update(
            steps=steps,
            summary=display.summary(walk),
            payment=display.payment_html(walk),
            hand_line=display.hand_line(walk),
            reading_lead=display.reading_lead(walk),
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
            sections=_sections(steps, step_url),
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
