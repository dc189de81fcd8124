"""The learner: whoever answers, an account or an anonymous browser session."""

from __future__ import annotations

from django.conf import settings
from django.db import models
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
    #: The teacher role (sign-up's "I teach", or granted in the admin): may run classes.
    is_teacher = models.BooleanField(_("teacher"), default=False)

    class Meta:
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self) -> str:
        return str(self.user) if self.user_id else f"anonymous #{self.pk}"
