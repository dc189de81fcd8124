"""Template tags other features use to show classroom data (tutor.classroom holds the logic)."""

from __future__ import annotations

from datetime import datetime
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


@register.filter
def class_time(value: Any, classroom: Any = None) -> str:
    """A date and time in the class's zone, with the zone's abbreviation (18:30 JST): never
    UTC unlabelled (tutor.classroom.zones)."""
    from zoneinfo import ZoneInfo

    from django.utils.formats import date_format

    from tutor.classroom.zones import zone_name

    if not isinstance(value, datetime):
        return ""
    local = value.astimezone(ZoneInfo(zone_name(classroom)))
    return f"{date_format(local, 'DATETIME_FORMAT')} {local.tzname()}"


@register.simple_tag
def report_value(value: str, questions: list[Any], index: int) -> str:
    """A stored live answer as the page's language writes it (a hand's points: 700 all)."""
    from tutor.classroom.reports import shown

    return shown(questions[index].prompt, value)


@register.filter
def index(values: Any, i: int) -> Any:
    """``values[i]`` (None past the end)."""
    try:
        return values[i]
    except (IndexError, KeyError, TypeError):
        return None
