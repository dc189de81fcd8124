"""Production settings: `check --deploy` clean with the documented environment, HTTPS by
default with one switch for plain HTTP, mail from EMAIL_URL, SQLite in WAL mode."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.production.servers import REPO, production_env

DOCUMENTED = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "x7#kQ" * 12,
    "DJANGO_ALLOWED_HOSTS": "tenbo.example.org",
    "EMAIL_URL": "smtp+tls://tenbo:s3cret@mail.example.org:587",
}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_under(env: dict[str, str], *names: str) -> dict[str, object]:
    """The values of some settings as a process started with ``env`` sees them."""
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {list(names)!r}}}, "
        "default=str))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def env_with(**values: str) -> dict[str, str]:
    env = production_env()
    env.pop("DJANGO_HTTPS")
    env.pop("DATABASE_URL", None)
    env.update(values)
    return env


def test_check_deploy_is_clean_with_the_documented_environment() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env_with(**DOCUMENTED))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_plain_http_switch_is_clean_too_and_turns_https_off() -> None:
    env = env_with(**DOCUMENTED, DJANGO_HTTPS="0")
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    values = settings_under(
        env, "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "HTTPS", "ASK_BEFORE_MERGE"
    )
    # Cookies are not the browser's own over plain HTTP: a log-in asks before merging
    # (tests/accounts/heldhelp.py's over_plain_http sets just these two).
    assert values == {
        "SECURE_SSL_REDIRECT": False,
        "SESSION_COOKIE_SECURE": False,
        "HTTPS": False,
        "ASK_BEFORE_MERGE": True,
    }


def test_https_and_development_merge_a_browsers_own_progress_silently() -> None:
    assert settings_under(env_with(**DOCUMENTED), "ASK_BEFORE_MERGE", "SESSION_COOKIE_SECURE") == {
        "ASK_BEFORE_MERGE": False,
        "SESSION_COOKIE_SECURE": True,
    }
    development = {k: v for k, v in env_with().items() if k != "DJANGO_DEBUG"}
    assert settings_under(development, "ASK_BEFORE_MERGE") == {"ASK_BEFORE_MERGE": False}
    asked = settings_under({**development, "DJANGO_ASK_BEFORE_MERGE": "1"}, "ASK_BEFORE_MERGE")
    assert asked == {"ASK_BEFORE_MERGE": True}


def test_https_is_the_production_default() -> None:
    values = settings_under(
        env_with(**DOCUMENTED),
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_PROXY_SSL_HEADER",
    )
    assert values["SECURE_SSL_REDIRECT"] is True
    assert isinstance(values["SECURE_HSTS_SECONDS"], int)
    assert values["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_production_without_a_secret_key_refuses_to_start() -> None:
    env = env_with(**DOCUMENTED)
    env.pop("DJANGO_SECRET_KEY")
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_email_url_becomes_the_smtp_mailer() -> None:
    values = settings_under(env_with(**DOCUMENTED), "MAILERS", "MAIL_CONFIGURED")
    assert values["MAIL_CONFIGURED"] is True
    mailer = values["MAILERS"]["default"]  # type: ignore[index]
    assert mailer["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert mailer["OPTIONS"]["host"] == "mail.example.org"
    assert mailer["OPTIONS"]["port"] == 587
    assert mailer["OPTIONS"]["username"] == "tenbo"
    assert mailer["OPTIONS"]["password"] == "s3cret"
    assert mailer["OPTIONS"]["use_tls"] is True


def test_production_without_email_url_sends_nothing_and_logs_no_reset_link() -> None:
    env = env_with(**DOCUMENTED)
    env.pop("EMAIL_URL")
    values = settings_under(env, "MAILERS", "MAIL_CONFIGURED")
    assert values["MAIL_CONFIGURED"] is False
    backend = values["MAILERS"]["default"]["BACKEND"]  # type: ignore[index]
    assert backend == "django.core.mail.backends.dummy.EmailBackend"
    # ... and `check --deploy` says so, rather than passing silently.
    result = manage("check", "--deploy", env=env)
    assert "mail.E001" in result.stdout + result.stderr


def test_admins_come_from_the_environment() -> None:
    env = env_with(**DOCUMENTED, DJANGO_ADMINS="ops@example.org, dev@example.org")
    values = settings_under(env, "ADMINS", "LOGGING")
    assert values["ADMINS"] == ["ops@example.org", "dev@example.org"]
    logging = values["LOGGING"]
    assert "mail_admins" in logging["loggers"]["django"]["handlers"]  # type: ignore[index]


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(tmp_path: Path) -> None:
    env = env_with(DATABASE_URL=f"sqlite:///{tmp_path / 'wal.sqlite3'}")
    code = (
        "import django; django.setup(); from django.db import connection; "
        "c = connection.cursor(); c.execute('PRAGMA journal_mode'); print(c.fetchone()[0]); "
        "c.execute('PRAGMA busy_timeout'); print(c.fetchone()[0]); "
        "print(connection.transaction_mode)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["wal", "20000", "IMMEDIATE"]


@pytest.mark.parametrize(
    ("directive", "value"),
    [("default-src", "'self'"), ("script-src", "'self'"), ("style-src", "'self'")],
)
def test_every_page_sends_a_self_only_csp(client, directive: str, value: str) -> None:
    header = client.get("/").headers["Content-Security-Policy"]
    policy = dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    assert policy[directive] == value
    assert "unsafe-inline" not in header
