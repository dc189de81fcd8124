"""Shared fixtures for the production tests: static files collected once per session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.production.servers import REPO, production_env


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """collectstatic as production runs it (hashed names, brotli and gzip), admin left out."""
    root = tmp_path_factory.mktemp("static")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0", "--ignore", "admin"],
        cwd=REPO,
        env=production_env(DJANGO_STATIC_ROOT=str(root)),
        check=True,
        timeout=300,
    )
    return root
