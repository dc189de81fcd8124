"""How the walkthrough page lays out a :class:`~tutor.walkthrough.steps.Walkthrough`: the
one-screen summary it opens on, and the steps it shows (the fu items folded into one step).

:mod:`tutor.walkthrough.steps` turns the engine's trace into one display step per trace step;
this module only arranges those steps for the page (issue 28: "concise by default"). It adds no
rule: every number comes from the engine's result or from a step built there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.engine.tables import myriad
from scorer.vocabulary import yakuman_name
from tutor.course.names import limit_label, yaku_label
from tutor.walkthrough.steps import (
    FU_LABELS,
    DisplayStep,
    HandView,
    Walkthrough,
    fixed_yakuman,
    how_won,
    japanese,
    number,
    tile_word,
)

#: The kind of the step that folds the fu items and their sum together.
FU_GROUP = "fu_group"


class FuGroup(DisplayStep):
    """The fu items and their sum as one step: a line per item, the sum, then (on demand) each
    item's own explanation. ``children`` are the item steps, then the sum's step."""

    @property
    def template(self) -> str:
        return "walkthrough/_fu_group.html"

    @property
    def items(self) -> list[DisplayStep]:
        return [c for c in self.children if c.kind == "fu"]

    @property
    def total(self) -> DisplayStep | None:
        return next((c for c in self.children if c.kind == "fu_total"), None)

    @property
    def lines(self) -> list[tuple[str, int, DisplayStep]]:
        """(short name, fu, the item's step) for each fu item, for the step's table."""
        return [(fu_label(s.data.get("id")), _fu(s), s) for s in self.items]

    @property
    def raw(self) -> int:
        return sum(_fu(s) for s in self.items)


def group_fu(steps: list[DisplayStep]) -> list[DisplayStep]:
    """Fold each run of fu items (and the fu total after it) into one :class:`FuGroup`, then
    number the steps again from 1 (a folded step shares its group's number)."""
    out: list[DisplayStep] = []
    run: list[DisplayStep] = []

    def flush() -> None:
        if not run:
            return
        total = next((s for s in run if s.kind == "fu_total"), None)
        fu = total.data.get("fu") if total is not None else sum(_fu(s) for s in run)
        group = FuGroup(
            0,
            FU_GROUP,
            "fu",
            _("Counting the fu: %(fu)s fu") % {"fu": fu},
            "",
            [],
            frozenset(),
            data={"fu": fu, "count": len([s for s in run if s.kind == "fu"])},
            children=list(run),
        )
        # The drawn hand lights every tile an item is about (each item lights its own below).
        group.lit = frozenset(i for s in run if s.kind == "fu" for i in s.lit)
        out.append(group)
        run.clear()

    for step in steps:
        if step.kind == "fu" or (step.kind == "fu_total" and run):
            run.append(step)
            continue
        flush()
        out.append(step)
    flush()
    for i, step in enumerate(out, start=1):
        step.number = i
        for child in step.children:
            child.number = i
    return out


def page_steps(walk: Walkthrough) -> list[DisplayStep]:
    """The steps the page shows, numbered as its step links count them."""
    return group_fu(list(walk.steps))


def _fu(step: DisplayStep) -> int:
    value = step.data.get("fu")
    return value if isinstance(value, int) else 0


# ----------------------------------------------------------------------------- the summary


@dataclass(frozen=True)
class FuLine:
    label: str
    fu: int


@dataclass(frozen=True)
class YakuLine:
    id: str
    label: str
    value: str


@dataclass(frozen=True)
class Summary:
    """What the page opens on: the hand, how it was won, its fu and its yaku (the figure and
    the payment are the header line, :func:`payment_html`)."""

    hand: HandView | None
    how: str
    fu_lines: tuple[FuLine, ...]
    fu_raw: int
    fu: int
    show_fu: bool
    yaku: tuple[YakuLine, ...]
    limit: str


def _how(result: dict[str, Any]) -> str:
    """ "Ron · non-dealer · closed", from the trace's hand step."""
    hand: dict[str, Any] = next((s for s in result.get("steps", []) if s.get("step") == "hand"), {})
    parts = [
        pgettext("summary", "Tsumo") if hand.get("how") == "tsumo" else pgettext("summary", "Ron"),
        pgettext("summary", "dealer") if hand.get("dealer") else pgettext("summary", "non-dealer"),
        pgettext("summary", "closed") if hand.get("closed") else pgettext("summary", "open"),
    ]
    return pgettext("summary separator", " · ").join(parts)


def _yaku_value(entry: dict[str, Any], result: dict[str, Any]) -> str:
    han = int(entry.get("han") or 0)
    if fixed_yakuman(result) and han >= 13:
        return yakuman_name(han // 13)
    return _("%(han)s han") % {"han": han}


def fu_label(item_id: object) -> str:
    """A fu item's short name ("Closed wait (kanchan)")."""
    label = FU_LABELS.get(str(item_id))
    return str(label) if label is not None else str(item_id).replace("_", " ")


def summary(walk: Walkthrough) -> Summary:
    """The summary card of a scored walkthrough."""
    result = walk.result
    fu_lines = tuple(
        FuLine(fu_label(item.get("id")), int(item.get("fu") or 0))
        for item in result.get("fu_items") or []
    )
    yaku = tuple(
        YakuLine(str(y["id"]), yaku_label(str(y["id"])), _yaku_value(y, result))
        for y in result.get("yaku", [])
        if int(y.get("han") or 0) > 0
    )
    limit = result.get("limit")
    return Summary(
        hand=walk.hand,
        how=_how(result),
        fu_lines=fu_lines,
        fu_raw=sum(line.fu for line in fu_lines),
        fu=int(result.get("fu") or 0),
        show_fu=not fixed_yakuman(result),
        yaku=yaku,
        limit=limit_label(limit) if limit and not fixed_yakuman(result) else "",
    )


def hand_line(walk: Walkthrough) -> str:
    """The hand step's sentence where the hand is drawn just above it: only what the drawing
    does not show, the winning tile and how it was won ("Won on 7p by ron (a discard).")."""
    hand = next((s for s in walk.result.get("steps", []) if s.get("step") == "hand"), None)
    if hand is None:
        return ""
    how = how_won(hand, walk.result)  # robbing a kan is a ron, but not on a discard
    return _("Won on %(win)s by %(how)s.") % {"win": tile_word(hand.get("win")), "how": how}


def reading_lead(walk: Walkthrough) -> str:
    """The reading step's sentence where its sets and pair are drawn just below it, each
    labelled: the lead alone ("Four sets and a pair:"), not the same groups again in words.
    Seven pairs and kokushi keep their own sentences (they list no groups)."""
    reading = next((s for s in walk.result.get("steps", []) if s.get("step") == "reading"), None)
    if reading is None or reading.get("form") != "standard":
        return ""
    return _("Four sets and a pair:")


def shares_text(payments: dict[str, Any]) -> str:
    """A tsumo's shares as players say them ("500/1,000", "1,300 all"); "" for a ron."""
    if payments.get("ron") is not None:
        return ""
    if payments.get("tsumo_dealer") is not None:
        return pgettext("shares", "%(others)s/%(dealer)s") % {
            "others": number(payments.get("tsumo_others")),
            "dealer": number(payments.get("tsumo_dealer")),
        }
    return pgettext("shares", "%(each)s all") % {"each": number(payments.get("tsumo_others"))}


def payment_html(walk: Walkthrough) -> SafeString:
    """What the hand pays, as players say it, with the total alone in its test hook: a ron's
    points ("5,200 points"); a tsumo's shares, then its total ("500/1,000 (2,000 points)",
    「500・1000（2000点）」). Under aotenjou a large total on an English page has its myriad
    units beside it."""
    payments = walk.result["payments"]
    total = int(payments["total"])
    hook = format_html(
        '<span data-testid="total">{}</span>', _("%(total)s points") % {"total": number(total)}
    )
    aotenjou = walk.result.get("rules_switches", {}).get("aotenjou")
    if aotenjou and total >= 100_000 and not japanese():  # 万 only under aotenjou (issue 28.5)
        hook = format_html('{} <span class="myriad" lang="ja">{}</span>', hook, myriad(total))
    shares = shares_text(payments)
    if not shares:
        return hook
    shown = format_html('<span data-testid="shares">{}</span>', shares)
    return format_html(
        pgettext("payment: shares, then the total", "{shares} ({total})"), shares=shown, total=hook
    )
