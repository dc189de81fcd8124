"""Settings for Tenbo. SQLite by default; DATABASE_URL switches to PostgreSQL."""

import logging
import os
import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

# Lets typed generics such as ModelAdmin[Model] work at run time, as django-stubs declares them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me-in-production")
if not DEBUG and "DJANGO_SECRET_KEY" not in os.environ:
    raise ImproperlyConfigured("DJANGO_DEBUG=0 needs DJANGO_SECRET_KEY (50+ random characters)")
ALLOWED_HOSTS = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h
]
if DEBUG:
    ALLOWED_HOSTS += ["testserver", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "scorer",
    "tutor",
]

MIDDLEWARE = [
    # More query parameters than DATA_UPLOAD_MAX_NUMBER_FIELDS: a 400 before anything reads them.
    "config.guard.TooManyParametersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Login, sign-up, reset and join-code floods refused from the cache, before the session, the
    # database or a template (config/throttle.py).
    "config.throttle.EarlyRefusalMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx fragments gzipped (static files come compressed from WhiteNoise, brotli
    # or gzip); Django pads each response against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The signed marker of an anonymous learner this browser made (tutor/accounts/learners.py).
    "tutor.accounts.learners.MadeLearnerMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A first visit from a Japanese browser goes to /ja/ (the Accept-Language default).
    "config.i18n.BrowserLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # NUL bytes and over-long parameters: a 400 naming the field, before any view (config/guard.py).
    "config.guard.InputGuardMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the 429 response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Shared templates, then each tutor feature's own (tutor/<feature>/templates).
        "DIRS": [BASE_DIR / "templates", *sorted((BASE_DIR / "tutor").glob("*/templates"))],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.i18n.language_links",
                # Progress this browser holds that the account has not taken yet (plain HTTP).
                "tutor.accounts.pending.context",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# Bounds on what a request may carry (Django answers 400 beyond them): every form here is
# small, so 64 KB and 200 fields are plenty.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=600
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers share one SQLite file: WAL lets readers run beside the writer,
    # the busy timeout makes a writer wait for the lock instead of failing at once, and
    # IMMEDIATE takes the write lock when a transaction starts, so two transactions never both
    # read and then deadlock upgrading to write ("database is locked" despite the timeout).
    # synchronous=NORMAL (under WAL) skips the fsync at each commit, not the write: a commit is
    # in the WAL file (the OS's page cache) when it returns, so a killed worker or process loses
    # nothing it acknowledged; only a power cut or kernel crash may lose the last commits (the
    # database stays consistent). The quiz answer's writers also take turns through a file lock
    # (config/sqlite.py) rather than the busy handler's sleep-and-retry.
    DATABASES["default"]["OPTIONS"] = {
        # The WAL is kept small enough for a small volume: checkpointed every
        # DJANGO_SQLITE_CHECKPOINT_PAGES pages (SQLite's default 1,000 pages, 4 MB, filled a 3 MB
        # volume), and truncated after each checkpoint to at most DJANGO_SQLITE_WAL_LIMIT bytes,
        # so it never keeps the space it once grew into (config/sqlite.py truncates it to
        # nothing when the disk is found full; bench/full_disk.py measures the headroom).
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
            f"PRAGMA wal_autocheckpoint={_env_int('DJANGO_SQLITE_CHECKPOINT_PAGES', 64)}; "
            f"PRAGMA journal_size_limit={_env_int('DJANGO_SQLITE_WAL_LIMIT', 256 << 10)};"
        ),
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        **DATABASES["default"].get("OPTIONS", {}),
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ja", _("Japanese"))]
# One catalogue per feature, beside its code (tutor/<feature>/locale, scorer/locale: the engine's
# step sentences and errors are translated there), and locale/ for the shared layout. makemessages
# files each string into the nearest locale/ above its source (`make messages`).
LOCALE_PATHS = [
    BASE_DIR / "locale",
    BASE_DIR / "scorer" / "locale",
    *sorted((BASE_DIR / "tutor").glob("*/locale")),
]
# Dates through the named formats (date:"SHORT_DATETIME_FORMAT"): ours in config/formats/<lang>/.
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
if DEBUG:
    # WhiteNoise serves from the finders while developing; staticfiles/ exists only after
    # collectstatic, and its absence is expected here.
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
    # Plain storage while developing, so `make run` needs no collectstatic.
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# URL names, not paths: reversed in the page's language (/ja/... keeps its prefix).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scorer:picker"
LOGOUT_REDIRECT_URL = "scorer:picker"

# ---------------------------------------------------------------------- e-mail
# EMAIL_URL=smtp://user:password@host:587 (smtp+tls://, smtp+ssl://; see README). Without it,
# e-mail goes to the console while developing; in production nothing is sent and the password
# reset page says it is not available (MAIL_CONFIGURED) instead of pretending to send.
EMAIL_URL = os.environ.get("EMAIL_URL", "")
MAIL_CONFIGURED = bool(EMAIL_URL)
if EMAIL_URL:
    _mail = environ.Env.email_url_config(EMAIL_URL)
    _options: dict[str, object] = {
        "host": _mail.get("EMAIL_HOST") or "localhost",
        "port": _mail.get("EMAIL_PORT") or 25,
        "username": _mail.get("EMAIL_HOST_USER") or "",
        "password": _mail.get("EMAIL_HOST_PASSWORD") or "",
        "use_tls": bool(_mail.get("EMAIL_USE_TLS")),
        "use_ssl": bool(_mail.get("EMAIL_USE_SSL")),
        # Seconds any SMTP operation may take (connect, greeting, each command): mail is sent
        # from a background thread (config/mail.py), which must not wait forever either.
        "timeout": float(os.environ.get("DJANGO_EMAIL_TIMEOUT", "10")),
    }
    _backend = _mail.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
    if _backend != "django.core.mail.backends.smtp.EmailBackend":
        _options = {}  # console/file/memory URLs (consolemail://, ...) take no SMTP options
    MAILERS = {"default": {"BACKEND": _backend, "OPTIONS": _options}}
elif DEBUG:
    # Password reset links print to the terminal while developing.
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
else:
    # Never write reset links to a production log; `check --deploy` reports this (mail.E001).
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.dummy.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "Tenbo <noreply@localhost>")
SERVER_EMAIL = os.environ.get("DJANGO_SERVER_EMAIL", DEFAULT_FROM_EMAIL)
# Who gets a mail with the traceback of every 500 (comma-separated addresses).
ADMINS = [a.strip() for a in os.environ.get("DJANGO_ADMINS", "").split(",") if a.strip()]
# Error mail leaves from a background thread, never the request's (config/mail.py), and at most
# one mail per kind of error per this many seconds in each worker (the log keeps every one).
ERROR_MAIL_INTERVAL = float(os.environ.get("DJANGO_ERROR_MAIL_INTERVAL", "600"))

# ---------------------------------------------------------------------- logging
# Everything to stderr (gunicorn's error log, or the terminal): errors with their traceback
# (django.request logs every 500 with exc_info), warnings such as 4xx, and INFO from our apps.
# The access log (one line per request, with its duration) is gunicorn's: config/gunicorn.conf.py.


def _client_error_in_one_line(record: logging.LogRecord) -> bool:
    """A client's error (a 4xx: an unparsable body, a bad Host) is one line in the log: Django
    logs some with the traceback of the exception it turned into the 400."""
    if getattr(record, "status_code", 500) < 500:
        record.exc_info = None
        record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        "client_error_in_one_line": {"()": lambda: _client_error_in_one_line},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s [%(process)d] %(name)s: %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
            "filters": ["client_error_in_one_line"],
        },
        "mail_admins": {
            "class": "config.mail.QueuedAdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {
            "handlers": ["stderr", *(["mail_admins"] if ADMINS and MAIL_CONFIGURED else [])],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
        # Each failed login is one WARNING; the bookkeeping around it is not worth a line.
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # runserver's own access log stays as Django prints it.
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}

# ---------------------------------------------------------------------- HTTPS
# Production is HTTPS by default: HSTS, secure cookies, redirect to https, and the scheme a TLS
# proxy in front reports in X-Forwarded-Proto (the proxy must set or strip that header; gunicorn
# trusts it only from 127.0.0.1 unless FORWARDED_ALLOW_IPS says otherwise). DJANGO_HTTPS=0 is
# the one switch for plain-HTTP use on an intranet: all of the above off, and `check --deploy`
# no longer warns about them (the operator chose it).
HTTPS = not DEBUG and os.environ.get("DJANGO_HTTPS", "1") == "1"
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
elif not DEBUG:
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]
# Over plain HTTP anyone on the network path can plant cookies in a browser (a session and its
# "made here" marker): so without HTTPS a log-in or sign-up never adds this browser's anonymous
# progress to the account silently, it asks first (tutor/accounts/pending.py). Under HTTPS
# (Secure, __Host- cookies) the merge stays silent, and so it does while developing (DEBUG, on
# one's own machine) unless DJANGO_ASK_BEFORE_MERGE=1 asks there too.
ASK_BEFORE_MERGE = not HTTPS and (
    not DEBUG or os.environ.get("DJANGO_ASK_BEFORE_MERGE", "0") == "1"
)
# The health check and load balancers may probe over plain HTTP from inside.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# ---------------------------------------------------------------------- CSP
# Only our own origin: no inline scripts, inline event handlers or style attributes anywhere
# (tests/browser/test_csp.py fails on any violation). data: images for the inline favicon.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# ---------------------------------------------------------------------- cache and sessions
# The flood counters (config/throttle.py) live in the default cache, which every worker and server
# must share: REDIS_URL (redis://host:6379/0, the `redis` extra) puts it in Redis, with the
# lockouts and cached sessions (sessions also in the database, so a Redis restart logs nobody
# out). Without it, production keeps it in the database (the table CACHE_TABLE, made by
# `migrate`), which every worker shares too and a restart keeps; only `make run` (DEBUG) counts in
# the one process's memory.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_TABLE = "tenbo_cache"
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    if not DEBUG:
        CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.db.DatabaseCache",
                "LOCATION": CACHE_TABLE,
                # Counters of a flood from many addresses must not be culled at Django's 300.
                "OPTIONS": {"MAX_ENTRIES": 200_000},
            }
        }
    # Django's database sessions; a cookie that is no session key never reaches a query
    # (config/sessions.py).
    SESSION_ENGINE = "config.sessions"

# ---------------------------------------------------------------------- lockouts
# django-axes counts failed logins per (account, client address) pair: strangers hammering an
# account lock only themselves out, never its owner. The account is slowed down instead
# (config/throttle.py): after LOGIN_SLOW_AFTER failures from anywhere within the cool-off, each
# attempt waits twice as long as the last, up to LOGIN_SLOW_MAX seconds, except from a browser
# that has logged in to it before (a signed device cookie). One address failing on many
# accounts is locked after LOGIN_ADDRESS_LIMIT failures. Refusals are 429 with Retry-After,
# decided from the cache before the session, the database or the password hasher.
AUTHENTICATION_BACKENDS = [
    "config.lockout.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOCKOUT_MINUTES", "10")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
LOGIN_SLOW_AFTER = int(os.environ.get("DJANGO_LOGIN_SLOW_AFTER", "5"))
LOGIN_SLOW_MAX = int(os.environ.get("DJANGO_LOGIN_SLOW_MAX_SECONDS", "60"))
LOGIN_ADDRESS_LIMIT = int(os.environ.get("DJANGO_LOGIN_ADDRESS_LIMIT", "50"))
# Password hashes (login, sign-up) run at most this many at a time on one machine, whatever its
# workers (config/throttle.py: hashing_slot): a login flood can take at most this share of the
# CPU. Default half the machine's cores (at least one).
LOGIN_HASH_SLOTS = _env_int("DJANGO_LOGIN_HASH_SLOTS", max(1, (os.cpu_count() or 2) // 2))
LOGIN_HASH_LOCK_DIR = os.environ.get("DJANGO_LOGIN_HASH_LOCK_DIR", "")
# Sign-ups: per address range (/24, /64) per hour, and for the whole site per minute. A teacher
# can raise the class's range for a lesson; joining a class by name needs no account at all.
SIGNUP_PER_RANGE = int(os.environ.get("DJANGO_SIGNUP_PER_RANGE", "10"))
SIGNUP_PER_MINUTE = int(os.environ.get("DJANGO_SIGNUP_PER_MINUTE", "30"))
# What "Open sign-ups for this lesson" on a class page adds to the teacher's range, and for how
# long (the site-wide cap still applies).
SIGNUP_CLASS_ALLOWANCE = int(os.environ.get("DJANGO_SIGNUP_CLASS_ALLOWANCE", "60"))
SIGNUP_CLASS_HOURS = int(os.environ.get("DJANGO_SIGNUP_CLASS_HOURS", "3"))
# The flood counters are django-ratelimit's (config/throttle.py), in the default cache: fixed
# windows per client address (the address django-ipware reads, below), per range for sign-ups
# (its masks), per account, or for the whole site.
RATELIMIT_IP_META_KEY = "config.throttle.client_address"
RATELIMIT_IPV4_MASK = 24
RATELIMIT_IPV6_MASK = 64
# Unknown class codes one address may try within the cool-off (a real code is never counted,
# nor refused).
JOIN_GUESSES = int(os.environ.get("DJANGO_JOIN_GUESSES", "20"))
# Not reset by a successful login: axes would clear the whole address's count, so one valid
# account would let a client go on guessing others. Counts expire after the cool-off anyway.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "config.lockout.lockout_response"
AXES_VERBOSE = False
if REDIS_URL:
    AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
# The client address: django-ipware, as django-axes documents it (AXES_IPWARE_*), read the same
# way by the lockouts, the flood limits (config/throttle.py) and gunicorn's access log
# (config/gunicorn.conf.py), all through axes.helpers.get_client_ip_address. DJANGO_PROXY_COUNT
# is the number of proxies in front that append to X-Forwarded-For (nginx's
# $proxy_add_x_forwarded_for): the client is the entry the farthest of them appended, counted
# from the right; anything a client wrote further left is ignored. ipware counts the proxies
# *listed in* the header, and the last proxy lists only the hop before it (its own address is
# REMOTE_ADDR), hence one less; not strict, so a forged entry on the left cannot make the header
# invalid and the proxy's own address the client's. Default 0: no proxy, the peer's address
# (a client could forge the header otherwise).
PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0"))
if PROXY_COUNT < 0:
    raise ImproperlyConfigured("DJANGO_PROXY_COUNT is the number of proxies in front: 0 or more")
AXES_IPWARE_PROXY_COUNT = PROXY_COUNT - 1 if PROXY_COUNT else None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if PROXY_COUNT else ["REMOTE_ADDR"]
)
IPWARE_STRICT = False
