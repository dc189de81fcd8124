"""Lesson plans: an ordered list of questions a teacher prepares once and runs with any class,
from the projector with Next (or student-paced). Items are hands (a request query) or quiz
questions (a kind and its filters); a saved collection adds each of its hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorer.numbers import japanese
from tutor.accounts.models import Learner
from tutor.classroom import live
from tutor.classroom.models import Classroom, LessonPlan, LiveLesson, LiveQuestion, PlanItem
from tutor.collections.models import Collection
from tutor.quiz import services as quiz
from tutor.quiz.services import hand_tiles
from tutor.walkthrough import steps as walkthrough

#: A plan holds at most this many items (a lesson, not an archive).
MAX_ITEMS = 100


class PlanFull(Exception):
    """The plan already holds :data:`MAX_ITEMS` items."""


def _end(plan: LessonPlan) -> int:
    last = plan.items.aggregate(n=Max("position"))["n"]
    return 0 if last is None else last + 1


def add(plan: LessonPlan, source: live.Source, note: str = "") -> list[PlanItem]:
    """Add a live source at the end of the plan: a hand or a quiz question is one item, a deck
    one item per hand (in the deck's order). Raises :class:`PlanFull`."""
    if source.source == "deck" and source.deck is not None:
        hands = list(source.deck.hands.all())
        rows = [
            PlanItem(
                plan=plan,
                source="hand",
                query=h.query,
                note=_("%(deck)s #%(n)s") % {"deck": source.deck.title, "n": n},
            )
            for n, h in enumerate(hands, start=1)
        ]
    elif source.source == "quiz":
        rows = [PlanItem(plan=plan, source="quiz", kind=source.kind, options=source.options)]
    else:
        rows = [PlanItem(plan=plan, source="hand", query=source.query, note=note)]
    with transaction.atomic():
        LessonPlan.objects.select_for_update().filter(pk=plan.pk).first()
        if plan.items.count() + len(rows) > MAX_ITEMS:
            raise PlanFull
        start = _end(plan)
        for offset, row in enumerate(rows):
            row.position = start + offset
        made = PlanItem.objects.bulk_create(rows)
        plan.save(update_fields=["updated"])
    return made


def renumber(plan: LessonPlan) -> None:
    """Positions 0, 1, 2 … in the current order (after a removal)."""
    for n, item in enumerate(plan.items.all()):
        if item.position != n:
            PlanItem.objects.filter(pk=item.pk).update(position=n)


def move(item: PlanItem, to: int) -> None:
    """Move an item to position ``to`` (clamped), the others closing up around it."""
    with transaction.atomic():
        items = list(item.plan.items.all())
        items.remove(next(i for i in items if i.pk == item.pk))
        to = min(max(to, 0), len(items))
        items.insert(to, item)
        for n, row in enumerate(items):
            if row.position != n:
                PlanItem.objects.filter(pk=row.pk).update(position=n)
        item.plan.save(update_fields=["updated"])


def remove(item: PlanItem) -> None:
    plan = item.plan
    with transaction.atomic():
        item.delete()
        renumber(plan)
        plan.save(update_fields=["updated"])


def copy(plan: LessonPlan, teacher: Learner) -> LessonPlan:
    """A copy of the plan, its items in the same order (to change for another class)."""
    with transaction.atomic():
        new = LessonPlan.objects.create(
            teacher=teacher, title=(_("Copy of %(title)s") % {"title": plan.title})[:80]
        )
        PlanItem.objects.bulk_create(
            PlanItem(
                plan=new,
                position=item.position,
                source=item.source,
                query=item.query,
                kind=item.kind,
                options=item.options,
                note=item.note,
            )
            for item in plan.items.all()
        )
    return new


# -- how an item reads ---------------------------------------------------------------------------


@dataclass
class ItemView:
    item: PlanItem
    number: int
    title: str
    detail: str
    tiles: dict[str, Any] | None = None


def _quiz_detail(options: dict[str, Any]) -> str:
    bits = []
    if options.get("mode") == "choice":
        bits.append(_("multiple choice"))
    if options.get("han"):
        bits.append(_("han %(h)s") % {"h": options["han"]})
    if options.get("fu"):
        bits.append(_("fu %(f)s") % {"f": options["fu"]})
    dealer = {"dealer": _("dealer"), "non": _("non-dealer")}.get(str(options.get("dealer", "")))
    if dealer:
        bits.append(dealer)
    win = {"ron": _("ron"), "tsumo": _("tsumo")}.get(str(options.get("win", "")))
    if win:
        bits.append(win)
    return pgettext("between the choices of one answer", ", ").join(bits)


def describe(item: PlanItem, number: int) -> ItemView:
    """The item as the editor lists it: a hand's tiles and situation, a quiz's kind and
    filters."""
    if item.source == "quiz":
        return ItemView(item, number, str(quiz.kind_name(item.kind)), _quiz_detail(item.options))

    data = walkthrough.request_from_query(QueryDict(item.query))
    facts: list[str] = []
    walk = walkthrough.build(data)
    if walk.ok:
        facts = live.situation(data, walk.result)
    title = _("A hand")
    between = "" if japanese() else " "  # Japanese sentences follow one another with no space
    return ItemView(item, number, title, between.join(facts), hand_tiles(data))


def describe_all(plan: LessonPlan) -> list[ItemView]:
    return [describe(item, n) for n, item in enumerate(plan.items.all(), start=1)]


# -- running a plan -------------------------------------------------------------------------------


def source_for(item: PlanItem, classroom: Classroom) -> live.Source:
    """The live source of an item: a hand as saved; a quiz question new each run (a random
    seed), in the class's rules unless the item names its own."""
    if item.source == "quiz":
        options = {**item.options, "rules": item.options.get("rules") or classroom.rules}
        return live.Source("quiz", kind=item.kind, seed=live.random_seed(), options=options)
    return live.Source("hand", query=item.query)


def run(classroom: Classroom, plan: LessonPlan, settings: dict[str, Any]) -> LiveQuestion | None:
    """Start a lesson running ``plan`` in ``classroom`` (a lesson under way there ends first:
    the teacher chose this class and this plan), with its first item on screen. None if the
    plan is empty."""
    first = plan.items.first()
    if first is None:
        return None
    with transaction.atomic():
        live.end_lesson(classroom)
        LiveLesson.objects.create(classroom=classroom, plan=plan, position=0, **settings)
        return live.start(classroom, source_for(first, classroom))


def item_count(lesson: LiveLesson | None) -> int:
    if lesson is None or lesson.plan_id is None:
        return 0
    return PlanItem.objects.filter(plan_id=lesson.plan_id).count()


def advance(current: LiveQuestion) -> LiveQuestion | None:
    """The plan's next item on screen (the lesson's next question); None after the last."""
    lesson = current.lesson
    if lesson is None or lesson.plan is None:
        return None
    items = list(lesson.plan.items.all())
    position = lesson.position + 1
    if position >= len(items):
        return None
    LiveLesson.objects.filter(pk=lesson.pk).update(position=position)
    lesson.position = position
    return live.start(current.classroom, source_for(items[position], current.classroom))


def plan_for(teacher: Learner, pk: int) -> LessonPlan | None:
    return LessonPlan.objects.filter(pk=pk, teacher=teacher).first()


def deck_source(teacher: Learner, public_id: str) -> live.Source | None:
    deck = Collection.objects.filter(public_id=public_id, owner=teacher).first()
    if deck is None or not deck.hands.exists():
        return None
    return live.Source("deck", deck=deck)
