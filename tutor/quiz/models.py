"""Quiz progress: one row per answer, and the spaced-repetition state of every item (table
cell, quiz kind ...) of a learner.

Answers are rows of their own and item state changes with single atomic UPDATE statements
(see tutor.quiz.progress), so two tabs answering at once lose nothing.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import Learner


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
    #: The random key the question's form carried: a retried or repeated POST of the same
    #: form finds its answer instead of storing a second one.
    #: NULL (not "") for answers without one, so the unique constraint ignores them.
    answer_key = models.CharField(  # noqa: DJ001
        _("answer key"), max_length=32, null=True, blank=True
    )

    class Meta:
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        indexes: ClassVar = [models.Index(fields=["learner", "created"])]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["answer_key"], name="tutor_answer_once_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.key} {'✓' if self.correct else '✗'}"
