"""Classes, their students, assignments and live questions (answers are rows of their own)."""

from __future__ import annotations

import secrets
from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor.accounts.models import Learner
from tutor.collections.models import Collection

#: Join codes avoid look-alikes: no 0/O, no 1/l/I.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_seed() -> int:
    return secrets.randbelow(10**9) + 1


class Classroom(models.Model):
    """A teacher's class: the rule preset its drills use, and the code students join with."""

    teacher = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="classes_taught")
    name = models.CharField(_("name"), max_length=80)
    rules = models.CharField(_("rules"), max_length=20, default="tenhou")
    code = models.CharField(_("join code"), max_length=12, unique=True, default=new_code)
    # The zone the class's dates and due times are shown and typed in ("" = UTC, labelled)
    time_zone = models.CharField(_("time zone"), max_length=40, blank=True, default="")
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = ("-created", "id")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A student in a class, under the display name the teacher sees."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="members")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="memberships")
    display_name = models.CharField(_("display name"), max_length=40)
    joined = models.DateTimeField(_("joined"), auto_now_add=True)
    #: Last seen on a live page (the phone's poll): who is here now, not the roster
    seen = models.DateTimeField(_("last seen in a live lesson"), null=True, blank=True)

    class Meta:
        verbose_name = _("student")
        verbose_name_plural = _("students")
        ordering = ("display_name", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["classroom", "learner"], name="tutor_one_membership")
        ]

    def __str__(self) -> str:
        return self.display_name


class Ban(models.Model):
    """A learner the teacher removed from a class: the join code no longer lets them in."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="bans")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="class_bans")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    created = models.DateTimeField(_("removed"), auto_now_add=True)

    class Meta:
        verbose_name = _("removed student")
        verbose_name_plural = _("removed students")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["classroom", "learner"], name="tutor_one_ban")
        ]

    def __str__(self) -> str:
        return self.display_name


class Assignment(models.Model):
    """A set of quiz questions: question ``n`` is ``make_question(kind, seed * 1000 + n, options)``
    for every student (in a per-student order when ``shuffled``)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(_("title"), max_length=80)
    kind = models.CharField(_("quiz kind"), max_length=20)
    options = models.JSONField(_("filters"), default=dict)
    count = models.PositiveSmallIntegerField(_("questions"), default=10)
    shuffled = models.BooleanField(_("shuffled"), default=False)
    seed = models.BigIntegerField(_("seed"), default=new_seed)
    opens = models.DateTimeField(_("opens"))
    # Contexts: the quiz's "due" (next review) and "correct" (a count) read differently in Japanese
    due = models.DateTimeField(pgettext_lazy("assignment", "due"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        ordering = ("-opens", "-id")

    def __str__(self) -> str:
        return self.title


class AssignmentAnswer(models.Model):
    """A student's (first) answer to question ``number`` of an assignment."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="answers")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="class_answers")
    number = models.PositiveSmallIntegerField(_("question"))
    correct = models.BooleanField(pgettext_lazy("answer", "correct"))
    given = models.JSONField(_("given"), default=dict)
    expected = models.JSONField(_("expected"), default=dict)
    #: From the question's first showing to the answer (None: not known, answers of before)
    seconds = models.FloatField(_("seconds to answer"), null=True, blank=True)
    created = models.DateTimeField(_("answered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("assignment answer")
        verbose_name_plural = _("assignment answers")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["assignment", "learner", "number"], name="tutor_one_answer_per_question"
            )
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.assignment_id}#{self.number} {'✓' if self.correct else '✗'}"


class LessonPlan(models.Model):
    """A teacher's lesson plan: an ordered list of questions run from the projector with Next
    (or worked through by each student at their own pace). Not tied to a class: the same plan
    runs with any of the teacher's classes, and copies into a new one to change."""

    teacher = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lesson_plans")
    title = models.CharField(_("title"), max_length=80)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("lesson plan")
        verbose_name_plural = _("lesson plans")
        ordering = ("-updated", "-id")

    def __str__(self) -> str:
        return self.title


class PlanItem(models.Model):
    """One question of a plan: a hand (its request query, from the picker or a saved hand) or
    a quiz question (kind and filters; ``mode=choice`` asks it as multiple choice; a new
    question of that kind each time the plan runs)."""

    SOURCES: ClassVar = ("hand", "quiz")

    plan = models.ForeignKey(LessonPlan, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField(_("position in the plan"), default=0)
    source = models.CharField(_("source"), max_length=8)
    query = models.TextField(_("request"), blank=True)
    kind = models.CharField(_("quiz kind"), max_length=20, blank=True)
    options = models.JSONField(_("filters"), default=dict)
    #: Where the item came from, in the teacher's words ("Saved hands: Monday #3")
    note = models.CharField(_("note"), max_length=120, blank=True)

    class Meta:
        verbose_name = _("lesson plan item")
        verbose_name_plural = _("lesson plan items")
        ordering = ("position", "id")

    def __str__(self) -> str:
        return f"{self.plan}: {self.position + 1}"


class LiveLesson(models.Model):
    """A live lesson: the questions asked from its start until the teacher ends it, and how the
    room is run (countdown, auto-reveal, leaderboard). Kept afterwards as the lesson's report."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="lessons")
    started = models.DateTimeField(_("started"), auto_now_add=True)
    ended = models.DateTimeField(_("ended"), null=True, blank=True)
    countdown = models.PositiveSmallIntegerField(_("seconds per question"), default=0)
    auto_reveal = models.BooleanField(_("reveal when the time is up"), default=False)
    leaderboard = models.BooleanField(_("leaderboard"), default=False)
    hide_names = models.BooleanField(_("hide names on the leaderboard"), default=False)
    #: The plan this lesson runs (None: questions asked one by one) and its item on screen
    plan = models.ForeignKey(
        LessonPlan, on_delete=models.SET_NULL, null=True, blank=True, related_name="lessons"
    )
    position = models.PositiveIntegerField(_("plan item on screen"), default=0)
    #: Student-paced: every student works through the plan on their phone at their own pace
    paced = models.BooleanField(_("students at their own pace"), default=False)
    #: Points for speed and streaks on the leaderboard (accuracy stays the headline)
    speed_points = models.BooleanField(_("points for speed"), default=False)

    class Meta:
        verbose_name = _("live lesson")
        verbose_name_plural = _("live lessons")
        ordering = ("-started", "-id")

    def __str__(self) -> str:
        return f"{self.classroom}: {self.started:%Y-%m-%d %H:%M}"


class LiveQuestion(models.Model):
    """The question a class is answering live: a hand (request query), a quiz question, or the
    ``position``-th hand of a deck. ``number`` counts the lesson's questions."""

    SOURCES: ClassVar = ("hand", "quiz", "deck")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="live")
    lesson = models.ForeignKey(
        LiveLesson, on_delete=models.CASCADE, null=True, blank=True, related_name="questions"
    )
    number = models.PositiveIntegerField(_("number"), default=1)
    source = models.CharField(_("source"), max_length=8)
    query = models.TextField(_("request"), blank=True)
    kind = models.CharField(_("quiz kind"), max_length=20, blank=True)
    seed = models.BigIntegerField(_("seed"), default=0)
    options = models.JSONField(_("filters"), default=dict)
    deck = models.ForeignKey(Collection, on_delete=models.SET_NULL, null=True, blank=True)
    position = models.PositiveIntegerField(_("position in the deck"), default=0)
    revealed = models.BooleanField(_("revealed"), default=False)
    ended = models.BooleanField(_("ended"), default=False)
    created = models.DateTimeField(_("started"), auto_now_add=True)
    #: When the countdown runs out (None: no countdown)
    closes = models.DateTimeField(_("time is up at"), null=True, blank=True)

    class Meta:
        verbose_name = _("live question")
        verbose_name_plural = _("live questions")
        indexes: ClassVar = [models.Index(fields=["classroom", "-id"])]

    def __str__(self) -> str:
        return f"{self.classroom}: {self.number}"


class LiveAnswer(models.Model):
    """One student's answer to a live question (one each; a second one is refused)."""

    question = models.ForeignKey(LiveQuestion, on_delete=models.CASCADE, related_name="answers")
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="live_answers")
    value = models.CharField(_("answer"), max_length=80)
    correct = models.BooleanField(pgettext_lazy("answer", "correct"))
    created = models.DateTimeField(_("answered at"), auto_now_add=True)
    #: Speed and streak points (lessons with speed points only; 0 otherwise)
    points = models.PositiveIntegerField(_("speed points"), default=0)

    class Meta:
        verbose_name = _("live answer")
        verbose_name_plural = _("live answers")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["question", "learner"], name="tutor_one_live_answer")
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.value}"
