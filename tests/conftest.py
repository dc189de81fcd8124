"""Shared test helpers: the test data lives in tests/data (its provenance in its README)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread
from hypothesis import HealthCheck, settings

# Properties check behaviour, never speed (speed is for bench/): no per-example deadline and no
# "input generation is slow" health check, in CI or not. Hypothesis applies these only under
# CI=true by default, so a plain `bash .ci/run` on a busy machine, or a first run building
# Hypothesis's Unicode tables, could fail a correct test.
settings.register_profile("tenbo", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tenbo")

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
#: The 69 tenhou.net game records (.mjlog).
LOGS = DATA / "tenhou-logs"
CONFORMANCE = DATA / "tenhou" / "cases.jsonl"


# ---------------------------------------------------------------------- the repository stands alone
# A clone of this repository alone must pass `make test`: no test may read a file beside the
# clone (the first tests read the contract and data from a folder beside it). This audit hook
# refuses, for the whole run, any open() of a path under the clone's parent folder that is not
# inside the clone; the temporary folder, the Python installation and the home folder's dot-folders
# (caches) stay allowed, since the parent folder may be /tmp or a home folder.
# tests/test_stands_alone.py proves the hook is active.
def _allowed_roots(parent: str) -> tuple[str, ...]:
    roots = {os.path.realpath(r) + os.sep for r in (REPO, Path(sys.prefix), Path(sys.base_prefix))}
    temp = os.path.realpath(tempfile.gettempdir()) + os.sep
    # The temporary folder is allowed where the parent folder is it (a clone in /tmp: the test
    # run's own temporary files are beside the clone), not where it only holds the parent (a
    # clone in /tmp/lonely/: /tmp/lonely/shared is exactly what must stay unread).
    if not (parent.startswith(temp) and parent != temp):
        roots.add(temp)
    return tuple(roots)


_PARENT = os.path.realpath(REPO.parent) + os.sep
_ALLOWED = _allowed_roots(_PARENT)
_HOME_DOT = os.path.join(os.path.realpath(Path.home()), ".")


def _refuse_reads_beside_the_clone(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not isinstance(args[0], str | bytes | os.PathLike):
        return
    path = os.path.abspath(os.fsdecode(args[0]))
    if (
        path.startswith(_PARENT)
        and not path.startswith(_ALLOWED)
        and not path.startswith(_HOME_DOT)
    ):
        raise PermissionError(f"tests must not read outside the repository: {path}")


sys.addaudithook(_refuse_reads_beside_the_clone)


def load_examples() -> list[dict[str, Any]]:
    examples: list[dict[str, Any]] = json.loads((DATA / "examples.json").read_text("utf-8"))
    return examples


def load_tenhou_cases() -> list[dict[str, Any]]:
    with CONFORMANCE.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache: the flood counters (config/throttle.py) live there,
    and one test's sign-ups or failed logins must not count against the next."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _own_hash_slots(tmp_path_factory: pytest.TempPathFactory) -> None:
    """This test process's own password-hashing slots (config/throttle.py): make test runs the
    suite in several processes (pytest-xdist), and a test holding the machine's slots on purpose
    (tests/production/test_lockout.py) must not refuse another process's logins."""
    from django.conf import settings as django_settings

    django_settings.LOGIN_HASH_LOCK_DIR = str(tmp_path_factory.mktemp("hash-locks"))


@pytest.fixture(scope="session")
def examples() -> list[dict[str, Any]]:
    return load_examples()


# ---------------------------------------------------------------------- PostgreSQL pass
#: Fixtures through which a test reaches the database. pytest-django refuses database access to
#: any test that has none of them (nor the django_db mark), so this set decides exactly which
#: tests can touch the database: the same set `--db-only` keeps.
DB_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
        "admin_user",
        "admin_client",
        "django_user_model",
    }
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db-only",
        action="store_true",
        help="run only the tests that can touch the database (make test's PostgreSQL pass)",
    )


def uses_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & DB_FIXTURES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--db-only"):
        return
    kept = [item for item in items if uses_database(item)]
    dropped = [item for item in items if not uses_database(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


# ---------------------------------------------------------------------- live server
# pytest-django's live server hands every request thread the test database's one connection
# (in-memory SQLite cannot be opened twice). Concurrent requests (a projector and three phones
# polling while an answer is posted) then interleave their queries and transactions on that one
# connection: one request's savepoint rollback or IMMEDIATE transaction can swallow another's
# reads or writes. Serve the requests one at a time instead: the threads still accept and keep
# connections alive, only the application call is serialised (and its response read and closed,
# so request_finished runs, inside the lock).
class _SerialWSGIServer(ThreadedWSGIServer):
    _app_lock = threading.Lock()

    def set_app(self, application: Any) -> None:
        def serial(environ: dict[str, Any], start_response: Any) -> list[bytes]:
            with self._app_lock:
                result = application(environ, start_response)
                try:
                    return list(result)
                finally:
                    close = getattr(result, "close", None)
                    if close is not None:
                        close()

        super().set_app(serial)


LiveServerThread.server_class = _SerialWSGIServer


# ---------------------------------------------------------------------- production static files
@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """collectstatic as production runs it (hashed names, brotli and gzip), admin left out."""
    import subprocess

    from tests.production.servers import production_env

    root = tmp_path_factory.mktemp("static")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0", "--ignore", "admin"],
        cwd=REPO,
        env=production_env(DJANGO_STATIC_ROOT=str(root)),
        check=True,
        timeout=300,
    )
    return root


#: What production serves: hashed names from the manifest (a name missing from it is an error).
MANIFEST_STORAGE = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}


@pytest.fixture
def production_static(settings: Any, collected_static: Path) -> Path:
    """This test's pages drawn with production's static files: the manifest's hashed names, as
    with DEBUG off (a template naming a file the manifest lacks fails here as it does there)."""
    settings.STORAGES = {**settings.STORAGES, "staticfiles": MANIFEST_STORAGE}
    settings.STATIC_ROOT = collected_static
    return collected_static
