"""Collections storage: saving, moving and merging (no request objects here)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.dispatch import receiver

from tutor.accounts.learners import learner_merged
from tutor.accounts.models import Learner
from tutor.collections.models import Collection, SavedHand

#: The longest title of a collection (or of a saved hand).
TITLE_MAX = 80


def create_collection(owner: Learner, title: str) -> Collection:
    last = owner.collections.aggregate(m=Max("order"))["m"]
    return Collection.objects.create(
        owner=owner, title=title, order=0 if last is None else last + 1
    )


def _end(collection: Collection) -> int:
    """The position after the collection's last hand."""
    last = collection.hands.aggregate(m=Max("position"))["m"]
    return 0 if last is None else last + 1


def save_hand(collection: Collection, title: str, query: str) -> SavedHand:
    return SavedHand.objects.create(
        collection=collection, title=title, query=query, position=_end(collection)
    )


def save_hands(collection: Collection, hands: list[tuple[str, str]]) -> None:
    """Save several hands (title, query) at the end of ``collection`` in one insert."""
    start = _end(collection)
    SavedHand.objects.bulk_create(
        SavedHand(collection=collection, title=title, query=query, position=start + i)
        for i, (title, query) in enumerate(hands)
    )


def restore_hand(collection: Collection, title: str, query: str, position: int | None) -> None:
    """A removed hand back at ``position`` (at the end when it is None or past the end)."""
    with transaction.atomic():
        rows = list(SavedHand.objects.select_for_update().filter(collection=collection))
        at = len(rows) if position is None else min(position, len(rows))
        hand = SavedHand(collection=collection, title=title, query=query)
        rows.insert(at, hand)
        for i, row in enumerate(rows):
            if row.pk is None:
                row.position = i
                row.save()
            elif row.position != i:
                row.position = i
                row.save(update_fields=["position"])


def move_hand(hand: SavedHand, step: int) -> None:
    """Swap ``hand`` with its neighbour (``step`` -1 up, +1 down); positions become 0..n-1."""
    with transaction.atomic():
        hands = list(SavedHand.objects.select_for_update().filter(collection=hand.collection_id))
        _swap(hands, hand.pk, step, "position")


def move_collection(collection: Collection, step: int) -> None:
    with transaction.atomic():
        mine = list(Collection.objects.select_for_update().filter(owner=collection.owner_id))
        _swap(mine, collection.pk, step, "order")


def _swap(rows: list[Any], pk: int, step: int, field: str) -> None:
    index = next(i for i, row in enumerate(rows) if row.pk == pk)
    other = index + step
    if 0 <= other < len(rows):
        rows[index], rows[other] = rows[other], rows[index]
    for i, row in enumerate(rows):
        if getattr(row, field) != i:
            setattr(row, field, i)
            row.save(update_fields=[field])


@receiver(learner_merged)
def merge_collections(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """An anonymous learner's collections follow them into their account, after its own."""
    last = target.collections.aggregate(m=Max("order"))["m"]
    start = 0 if last is None else last + 1
    for i, collection in enumerate(Collection.objects.filter(owner=source).order_by("order", "id")):
        collection.owner = target
        collection.order = start + i
        collection.save(update_fields=["owner", "order"])
