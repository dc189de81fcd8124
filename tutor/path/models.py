"""What the path keeps of a learner beyond the quiz's answers: lessons read, units mastered or
placed, the daily goal and streak settings, and timed full hands (the final exam and the hand
of the day). Answers themselves are the quiz's (tutor.quiz.models.Answer)."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import Learner


class LessonRead(models.Model):
    """A course lesson the learner marked as read."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lessons_read")
    lesson = models.CharField(_("lesson"), max_length=40)
    read_at = models.DateTimeField(_("read at"))

    class Meta:
        verbose_name = _("lesson read")
        verbose_name_plural = _("lessons read")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["learner", "lesson"], name="tutor_lesson_read_once")
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.lesson}"


class UnitDone(models.Model):
    """A unit of the path the learner mastered (its check passed and its drills mastered) or
    skipped by the placement check. Kept once reached: later reviews keep it fresh, a miss
    does not take it away."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="units_done")
    unit = models.CharField(_("unit"), max_length=40)
    done_at = models.DateTimeField(_("mastered at"))
    placed = models.BooleanField(_("placed by the placement check"), default=False)

    class Meta:
        verbose_name = _("unit mastered")
        verbose_name_plural = _("units mastered")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["learner", "unit"], name="tutor_unit_done_once")
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.unit}"


class PathSettings(models.Model):
    """The learner's own choices for Today: the daily goal and whether the streak shows."""

    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="path_settings")
    #: Minutes a day (5, 10, 20); 0 is "no goal"; null until the learner chooses.
    goal_minutes = models.PositiveSmallIntegerField(_("daily goal (minutes)"), null=True)
    show_streak = models.BooleanField(_("show the streak"), default=True)

    class Meta:
        verbose_name = _("path settings")
        verbose_name_plural = _("path settings")

    def __str__(self) -> str:
        return f"{self.learner}: {self.goal_minutes} min"


class TimedHand(models.Model):
    """One real hand scored in full against the clock: in the final exam, or as the hand of
    the day (one per learner and day)."""

    EXAM = "exam"
    DAILY = "daily"
    MODES: ClassVar = ((EXAM, _("final exam")), (DAILY, _("hand of the day")))

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="timed_hands")
    mode = models.CharField(_("mode"), max_length=8, choices=MODES)
    #: Where the hand comes from: ``wins:<n>`` (the bundled real games) or ``game:<id>:<n>``.
    source = models.CharField(_("hand"), max_length=60)
    #: The hand of the day's date (the site's time zone); null in the exam.
    day = models.DateField(_("day"), null=True)
    seconds = models.PositiveIntegerField(_("seconds"))
    fu_ok = models.BooleanField(_("fu right"), null=True)  # null: a limit hand, fu not asked
    han_ok = models.BooleanField(_("han right"), null=True)  # null: a yakuman, han not asked
    pay_ok = models.BooleanField(_("payment right"))
    correct = models.BooleanField(_("all right"))
    created = models.DateTimeField(_("answered at"))
    #: The answer form's random key: a resent POST finds its hand instead of storing another.
    answer_key = models.CharField(_("answer key"), max_length=32, unique=True)

    class Meta:
        verbose_name = _("timed hand")
        verbose_name_plural = _("timed hands")
        indexes: ClassVar = [models.Index(fields=["learner", "mode", "created"])]
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["learner", "day"], condition=Q(mode="daily"), name="tutor_daily_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.mode} {self.source} {'✓' if self.correct else '✗'}"
