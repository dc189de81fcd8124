"""``{% review_origin %}``: on the walkthrough, the box saying which reviewed game's win it came
from (tutor.review.origin). Renders nothing for any other walkthrough."""

from __future__ import annotations

from typing import Any

from django import template

from tutor.review.origin import origin

register = template.Library()


@register.inclusion_tag("review/_origin.html", takes_context=True)
def review_origin(context: template.Context) -> dict[str, Any]:
    request = context.get("request")
    return {"origin": origin(request) if request is not None else None}
