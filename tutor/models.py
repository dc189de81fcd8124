"""Quiz progress: a learner (an account or an anonymous session), one row per answer, and the
spaced-repetition state of every item (table cell, quiz kind ...).

Answers are rows of their own and item state changes with single atomic UPDATE statements
(see tutor.progress), so two tabs answering at once lose nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import models
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _


class Learner(models.Model):
    """Whoever answers: an account (``user``) or an anonymous browser session."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="learner",
        verbose_name=_("user"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self) -> str:
        return str(self.user) if self.user_id else f"anonymous #{self.pk}"


class ItemProgress(models.Model):
    """Spaced-repetition state of one item (e.g. ``table:n:ron:3:40``) for one learner."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="items")
    key = models.CharField(_("item"), max_length=80)
    kind = models.CharField(_("quiz kind"), max_length=20)
    box = models.PositiveSmallIntegerField(_("box"), default=0)
    due = models.DateTimeField(_("due"))
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    streak = models.PositiveIntegerField(_("streak"), default=0)
    last_correct = models.BooleanField(_("last answer right"), null=True)
    last_seen = models.DateTimeField(_("last seen"), null=True)

    class Meta:
        verbose_name = _("item progress")
        verbose_name_plural = _("item progress")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["learner", "key"], name="tutor_item_per_learner")
        ]
        indexes: ClassVar = [models.Index(fields=["learner", "kind", "due"])]

    def __str__(self) -> str:
        return f"{self.learner}: {self.key} (box {self.box})"


class Answer(models.Model):
    """One answer, stored as its own row (never a read-modify-write of a blob)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="answers")
    kind = models.CharField(_("quiz kind"), max_length=20)
    key = models.CharField(_("item"), max_length=80)
    seed = models.BigIntegerField(_("seed"))
    correct = models.BooleanField(_("correct"))
    given = models.JSONField(_("given"), default=dict)
    expected = models.JSONField(_("expected"), default=dict)
    created = models.DateTimeField(_("answered at"))

    class Meta:
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        indexes: ClassVar = [models.Index(fields=["learner", "created"])]

    def __str__(self) -> str:
        return f"{self.learner}: {self.key} {'✓' if self.correct else '✗'}"


@receiver(user_logged_in)
def _merge_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Signing up or logging in keeps the anonymous session's progress (tutor.progress)."""
    if request is None:
        return
    from tutor.progress import adopt_session_learner

    adopt_session_learner(request, user)
