"""Imported game records, kept by their learner (an account or anonymous)."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import Learner


def new_public_id() -> str:
    """An unguessable id for the game's URL (the numeric key is never shown)."""
    return secrets.token_urlsafe(9)


class ReviewedGame(models.Model):
    """One imported record, stored as the text that was read (read again on every view: the
    parser and the engine are fast, and a fixed bug shows at once)."""

    owner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="reviewed_games")
    public_id = models.CharField(_("public id"), max_length=16, unique=True, default=new_public_id)
    title = models.CharField(_("title"), max_length=160)
    record = models.TextField(_("record"))
    #: The learner's own seat (0-3) in the record, once chosen.
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    #: Readable by anyone with the link only when the owner asks.
    shared = models.BooleanField(_("shared"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    #: The game's id where one is known (Tenhou's log id from the record, the file name or the
    #: pasted link; Mahjong Soul's game uuid): the link to the game where it was played.
    log_id = models.CharField(_("game id"), max_length=64, blank=True, default="")
    #: What the list shows without reading the record again: when and where it was played
    #: (``played``, ``platform``, ``room``, ``players``, ``hanchan``, ``red_fives``,
    #: ``open_tanyao``, ``fast``; tutor.review.store.meta_of).
    meta = models.JSONField(_("game facts"), default=dict, blank=True)

    class Meta:
        verbose_name = _("reviewed game")
        verbose_name_plural = _("reviewed games")
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return self.title
