"""Learner-facing names for the engine's ids (yaku, dora counts, limits): no raw id such as
``ura_dora`` or ``kazoe_yakuman`` reaches a page."""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.yaku import YAKU_BY_ID

#: The han counts that are not yaku.
DORA_NAMES: Final[dict[str, Promise]] = {
    "dora": gettext_lazy("Dora"),
    "ura_dora": gettext_lazy("Ura dora"),
    "aka_dora": gettext_lazy("Red fives (aka dora)"),
    "nuki_dora": gettext_lazy("Nuki dora (north tiles set aside)"),
}

#: Display name of each limit id (None: below the limits).
LIMIT_NAMES: Final[dict[str | None, Promise]] = {
    None: gettext_lazy("no limit"),
    "mangan": gettext_lazy("mangan"),
    "haneman": gettext_lazy("haneman"),
    "baiman": gettext_lazy("baiman"),
    "sanbaiman": gettext_lazy("sanbaiman"),
    "kazoe_yakuman": gettext_lazy("kazoe yakuman"),
    "yakuman": gettext_lazy("yakuman"),
}


def yaku_label(yaku_id: str) -> str:
    """The name of a yaku or dora count, translated."""
    if yaku_id in YAKU_BY_ID:
        return _(YAKU_BY_ID[yaku_id].name)
    if yaku_id in DORA_NAMES:
        return str(DORA_NAMES[yaku_id])
    return yaku_id.replace("_", " ")


def limit_label(limit: str | None) -> str:
    """The name of a limit id, translated."""
    return str(LIMIT_NAMES.get(limit, str(limit).replace("_", " ")))
