"""REDIS_URL (several app servers): Django's Redis cache becomes the default cache, sessions are
cached in it (and still written to the database), and django-axes counts lockouts in it. Checked
at the settings level in a fresh process (no Redis server is needed: nothing connects until a
cache is used)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.production.servers import REPO
from tests.production.test_settings import DOCUMENTED, env_with, manage

REDIS = "redis://10.0.0.5:6379/2"

PROBE = """
import json, django
from django.conf import settings
django.setup()
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cache
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import caches
from django.utils.module_loading import import_string

handler = AxesProxyHandler.get_implementation(force=True)
engine = import_string(settings.SESSION_ENGINE + ".SessionStore")
print(json.dumps({
    "cache_backend": settings.CACHES["default"]["BACKEND"],
    "cache_location": settings.CACHES["default"].get("LOCATION"),
    "cache_class": type(caches["default"]).__name__,
    "session_engine": settings.SESSION_ENGINE,
    "session_cache_alias": settings.SESSION_CACHE_ALIAS,
    "session_store_is_session": issubclass(engine, SessionBase),
    "axes_handler": type(handler).__module__ + "." + type(handler).__name__,
    "axes_cache_class": type(get_cache()).__name__,
}))
"""


def probe(env: dict[str, str]) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_redis_url_selects_the_redis_cache_cached_sessions_and_axes_cache_handler() -> None:
    seen = probe(env_with(**DOCUMENTED, REDIS_URL=REDIS))
    assert seen["cache_backend"] == "django.core.cache.backends.redis.RedisCache"
    assert seen["cache_location"] == REDIS
    assert seen["cache_class"] == "RedisCache"
    # Sessions are read from Redis and written through to the database (a Redis restart logs
    # nobody out), in the default cache: the Redis one.
    assert seen["session_engine"] == "django.contrib.sessions.backends.cached_db"
    assert seen["session_cache_alias"] == "default"
    assert seen["session_store_is_session"] is True
    # Lockout counts (login, sign-up, password reset) live in that shared cache.
    assert seen["axes_handler"] == "axes.handlers.cache.AxesCacheHandler"
    assert seen["axes_cache_class"] == "RedisCache"


def test_without_redis_url_sessions_and_lockouts_stay_in_the_database() -> None:
    """The default, shared by several servers through the one database."""
    env = env_with(**DOCUMENTED)
    env.pop("REDIS_URL", None)
    seen = probe(env)
    assert seen["session_engine"] == "config.sessions"  # database sessions, a plain read
    assert seen["axes_handler"] == "axes.handlers.database.AxesDatabaseHandler"
    # The flood counters in the database too: shared by every worker and server (issue 31 item 6).
    assert seen["cache_backend"] == "django.core.cache.backends.db.DatabaseCache"
    assert seen["cache_location"] == "tenbo_cache"


def test_check_deploy_is_clean_with_redis_url() -> None:
    """django-axes' own checks (a cache handler needs a shared cache) and Django's pass."""
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=env_with(**DOCUMENTED, REDIS_URL=REDIS)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
