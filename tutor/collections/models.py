"""Saved hands, grouped in named collections owned by a learner (an account or anonymous)."""

from __future__ import annotations

import secrets
from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import Learner


def new_public_id() -> str:
    """An unguessable id for share links (the numeric key is never shown)."""
    return secrets.token_urlsafe(9)


class Collection(models.Model):
    """A named, ordered list of hands; shared read-only by its ``public_id``."""

    owner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="collections")
    title = models.CharField(_("title"), max_length=80)
    public_id = models.CharField(_("public id"), max_length=16, unique=True, default=new_public_id)
    order = models.PositiveIntegerField(_("order"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("collection")
        verbose_name_plural = _("collections")
        ordering = ("order", "id")

    def __str__(self) -> str:
        return self.title


class SavedHand(models.Model):
    """One hand: its request as the walkthrough's query string (rules by name or as JSON)."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="hands")
    title = models.CharField(_("title"), max_length=80)
    query = models.TextField(_("request"))
    position = models.PositiveIntegerField(_("position"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("saved hand")
        verbose_name_plural = _("saved hands")
        ordering = ("position", "id")
        indexes: ClassVar = [models.Index(fields=["collection", "position"])]

    def __str__(self) -> str:
        return self.title
