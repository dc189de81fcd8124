"""Account URLs under /accounts/ (no namespace): signup, login, logout, password reset."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tutor.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    # A teacher raises the sign-up allowance of their class's network for a lesson.
    path("signup/class/<int:pk>/", views.allow_class_signups, name="allow_class_signups"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    # Over plain HTTP: add this browser's progress to the account, or leave it out.
    path("this-browser/", views.held_progress, name="held_progress"),
    path(
        "password-reset/",
        views.PasswordResetView.as_view(
            template_name="registration/tenbo_password_reset_form.html",
            form_class=views.ResetForm,
            email_template_name="registration/tenbo_password_reset_email.txt",
            subject_template_name="registration/tenbo_password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="registration/tenbo_password_reset_done.html"
        ),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/tenbo_password_reset_confirm.html",
            form_class=views.NewPasswordForm,
        ),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/tenbo_password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
]
