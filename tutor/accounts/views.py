"""Sign-up (the other account pages are django.contrib.auth views, see urls_accounts)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from config import mail, throttle
from config.i18n import strip_language
from tutor.accounts import pending
from tutor.accounts.learners import PENDING_KEY
from tutor.accounts.models import Learner


class LabelSuffix:
    """No colon after a label (Django adds one): the labels sit above their fields, as on every
    other form of the site (issue 29 item 10)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class LoginForm(LabelSuffix, AuthenticationForm):
    def clean(self) -> dict[str, Any]:
        """A username longer than any account's is a wrong login at once: it never reaches
        authenticate(), whose failure signal would store it (django-axes keeps 255 characters,
        and PostgreSQL refused a longer one with a 500)."""
        username = self.data.get("username", "")
        longest = self.username_field.max_length or 150
        if isinstance(username, str) and len(username) > longest:
            raise self.get_invalid_login_error()
        cleaned: dict[str, Any] = super().clean()
        return cleaned


class LoginView(auth_views.LoginView):
    """Django's login; a browser that logs in is remembered for the account (a signed device
    cookie: strangers' failed logins do not slow it down, config/throttle.py)."""

    authentication_form = LoginForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context_data(**kwargs)
        context["asks"] = settings.ASK_BEFORE_MERGE  # the page says what happens to progress
        return context

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        session = self.request.session
        held_before = session.get(PENDING_KEY)
        response = super().form_valid(form)
        if held_before is not None and PENDING_KEY not in session:
            # Logging in to another account flushed the session: what this browser holds is
            # still to be asked about, by whoever logs in now.
            session[PENDING_KEY] = held_before
        if pending.held(self.request) is not None:
            # Over plain HTTP this browser's progress waits for the learner's word: ask at once.
            response = redirect(ask_url(response["Location"]))
        throttle.remember_device(self.request, response, form.get_user().get_username())
        return response


class LogoutView(auth_views.LogoutView):
    """Django's logout; progress still held for the account's word stays with the browser (it
    was the browser's before the log-in), so logging out loses nothing."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        held_before = request.session.get(PENDING_KEY)
        response = super().post(request, *args, **kwargs)
        pending.keep_for_the_browser(request, held_before)
        return response


def ask_url(then: str) -> str:
    """The page that asks about this browser's held progress, going on to ``then`` after."""
    return reverse("held_progress") + "?" + urlencode({"next": then})


class ResetForm(LabelSuffix, PasswordResetForm):
    """Django's reset form, the mail written and sent from the background mail thread
    (config/mail.py): a known address answers as fast as an unknown one, whatever the SMTP
    server does."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        language = translation.get_language()
        write_and_send = super().send_mail

        def job() -> None:
            with translation.override(language):
                write_and_send(
                    subject_template_name,
                    email_template_name,
                    context,
                    from_email,
                    to_email,
                    html_email_template_name,
                )

        mail.OUTBOX.put(job)


class NewPasswordForm(LabelSuffix, SetPasswordForm[Any]):
    pass


class SignupForm(LabelSuffix, UserCreationForm[Any]):
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


def _next(request: HttpRequest, default: str = "") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and allowed else default or reverse("tutor:quiz_progress")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in: the session's quiz progress moves into the account (over
    plain HTTP only once the learner says it is theirs, tutor/accounts/pending.py)."""
    # "Sign up and tick I teach" on the classes page comes with ?teach=1: the box starts ticked
    form = SignupForm(request.POST or None, initial={"teacher": request.GET.get("teach") == "1"})
    if request.method == "POST" and form.is_valid():
        from tutor.path.store import WELCOME_KEY, remember_welcome, signup_landing

        remember_welcome(request)  # what this browser's learner holds, before it moves
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if form.cleaned_data.get("teacher"):
            Learner.objects.update_or_create(user=user, defaults={"is_teacher": True})
        target = _next(request)
        chosen = target != reverse("tutor:quiz_progress")  # a next of its own, not the default
        teacher = bool(form.cleaned_data.get("teacher"))
        landing = signup_landing(target, teacher, back=chosen)
        if pending.held(request) is not None:
            # Held for the learner's word (plain HTTP): nothing came along yet. Today asks in
            # the welcome's place; a page that is a task to finish is asked about first.
            request.session.pop(WELCOME_KEY, None)
            today = strip_language(reverse("tutor:today"))
            if strip_language(urlsplit(landing).path) != today:
                landing = ask_url(landing)
        return redirect(landing)
    context = {"form": form, "next": _next(request), "asks": settings.ASK_BEFORE_MERGE}
    return render(request, "registration/signup.html", context)


@require_http_methods(["GET", "POST"])
def held_progress(request: HttpRequest) -> HttpResponse:
    """What this browser holds that the account has not (plain HTTP only): "Add it to my
    account" merges it, "Leave it out" deletes it; either way the learner goes on to ``next``."""
    then = _next(request, default=reverse("tutor:today"))
    if not request.user.is_authenticated:
        return redirect(reverse("login") + "?" + urlencode({"next": request.get_full_path()}))
    choice = request.POST.get("choice")
    if choice in ("add", "leave"):
        counts = pending.settle(request, add=choice == "add")
        if counts is not None:
            if choice == "add":
                messages.success(request, _("Added to your account."))
            else:
                messages.info(request, _("Left out: your account is as it was."))
        return redirect(then)
    found = pending.held(request)
    if found is None:
        return redirect(then)
    error = _("Choose one of the two.") if request.method == "POST" else ""
    context = {"held": found, "next": then, "error": error}
    status = 400 if error else 200
    return render(request, "registration/tenbo_held_progress.html", context, status=status)


#: What settings.py configures in production without EMAIL_URL: mail goes nowhere.
NO_MAIL = "django.core.mail.backends.dummy.EmailBackend"


def mail_available() -> bool:
    """Whether a reset link can reach anyone (EMAIL_URL in production, the console while
    developing, memory in tests): not when the mailer drops everything."""
    mailers: dict[str, dict[str, Any]] = getattr(settings, "MAILERS", {})
    backend: str = mailers.get("default", {}).get("BACKEND", "")
    return backend != NO_MAIL


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, except that a server without mail says reset is not available
    rather than pretending to send a link (and nothing is written to the log either)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not mail_available():
            status = 503 if request.method == "POST" else 200
            return render(
                request, "registration/tenbo_password_reset_unavailable.html", status=status
            )
        return super().dispatch(request, *args, **kwargs)


@require_http_methods(["POST"])
def allow_class_signups(request: HttpRequest, pk: int) -> HttpResponse:
    """A teacher opens sign-ups for a lesson: more accounts may be made from the network the
    teacher is on (the classroom's) for a few hours (config/throttle.py's allowance)."""
    from tutor.classroom import roster  # the classroom's own check: this teacher's class

    classroom = roster.taught_class(request, pk)
    extra = int(settings.SIGNUP_CLASS_ALLOWANCE)
    hours = int(settings.SIGNUP_CLASS_HOURS)
    throttle.allow_signups(throttle.client_address(request), extra, hours)
    context = {"classroom": classroom, "extra": extra, "hours": hours}
    return render(request, "registration/tenbo_signups_opened.html", context)
