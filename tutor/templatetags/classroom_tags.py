"""Template tags other features use to show classroom data (tutor.classroom holds the logic)."""

from __future__ import annotations

from typing import Any

from django import template

from tutor.accounts.learners import learner_for
from tutor.classroom.assignments import open_for

register = template.Library()


@register.inclusion_tag("classroom/_open_section.html", takes_context=True)
def open_assignments(context: dict[str, Any]) -> dict[str, Any]:
    """The requesting learner's open assignments (nothing at all when there are none)."""
    request = context.get("request")
    learner = learner_for(request, create=False) if request is not None else None
    return {"open": open_for(learner)}
