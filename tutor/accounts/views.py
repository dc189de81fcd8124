"""Sign-up (the other account pages are django.contrib.auth views, see urls_accounts)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tutor.accounts.models import Learner


class SignupForm(UserCreationForm[Any]):
    """Username, password and an optional e-mail address (for password reset)."""

    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Only used to reset your password."),
    )
    teacher = forms.BooleanField(
        label=_("I teach"),
        required=False,
        help_text=_("Lets you create classes, set assignments and run live lessons."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and allowed else reverse("tutor:quiz_progress")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in: the session's quiz progress moves into the account."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if form.cleaned_data.get("teacher"):
            Learner.objects.update_or_create(user=user, defaults={"is_teacher": True})
        return redirect(_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})
