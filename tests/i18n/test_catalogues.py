"""The Japanese catalogues: up to date with the sources, complete, placeholders kept, one
translation per message, and compilable. The checks themselves are tested in test_po.py.

These fail while the translators' work is pending (empty entries); each failure names the
catalogue and the entries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.i18n import po

#: Where `make messages` files strings (config/settings.py LOCALE_PATHS), relative to the repo.
CATALOGUES = sorted(
    str(p.relative_to(REPO))
    for p in REPO.glob("**/locale/ja/LC_MESSAGES/django.po")
    if ".venv" not in p.parts and "build" not in p.parts
)
#: The Makefile's MESSAGES_IGNORE, read from it so the two cannot drift apart.
IGNORES = [
    arg
    for line in (REPO / "Makefile")
    .read_text("utf-8")
    .split("MESSAGES_IGNORE :=", 1)[1]
    .split("\n")[:2]
    for arg in line.replace("\\", " ").split()
    if arg.startswith("--ignore=")
]
#: Copied into the temporary tree: what makemessages reads, nothing it ignores.
SKIP = {
    ".git",
    ".venv",
    "build",
    "tests",
    "bench",
    "tools",
    "staticfiles",
    "docs",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
}


def test_the_catalogues_are_found() -> None:
    assert "scorer/locale/ja/LC_MESSAGES/django.po" in CATALOGUES
    assert "locale/ja/LC_MESSAGES/django.po" in CATALOGUES
    assert len(CATALOGUES) >= 7
    assert "--ignore=.venv" in IGNORES


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources with makemessages run in it (the options of `make messages`)."""
    tree = tmp_path_factory.mktemp("messages") / "repo"
    shutil.copytree(
        REPO, tree, ignore=lambda _d, names: [n for n in names if n in SKIP or n.endswith(".mo")]
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(tree)}
    command = [
        sys.executable,
        "manage.py",
        "makemessages",
        "-l",
        "ja",
        "--add-location=file",
        "--no-obsolete",
        *IGNORES,
    ]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return tree


@pytest.mark.parametrize("catalogue", CATALOGUES)
def test_catalogue_is_up_to_date(fresh: Path, catalogue: str) -> None:
    changes = po.drift(po.read(REPO / catalogue), po.read(fresh / catalogue))
    assert not changes, f"{catalogue} is out of date (run `make messages`):\n" + "\n".join(changes)


def test_no_catalogue_is_missing(fresh: Path) -> None:
    made = sorted(
        str(p.relative_to(fresh)) for p in fresh.glob("**/locale/ja/LC_MESSAGES/django.po")
    )
    assert made == CATALOGUES


@pytest.mark.parametrize("catalogue", CATALOGUES)
def test_every_entry_is_translated(catalogue: str) -> None:
    problems = po.untranslated(po.read(REPO / catalogue))
    assert not problems, f"{catalogue}: {len(problems)} entries to translate:\n" + "\n".join(
        problems
    )


@pytest.mark.parametrize("catalogue", CATALOGUES)
def test_placeholders_are_kept(catalogue: str) -> None:
    problems = po.placeholder_mismatches(po.read(REPO / catalogue))
    assert not problems, f"{catalogue}: placeholders differ:\n" + "\n".join(problems)


def test_one_msgid_one_translation() -> None:
    problems = po.conflicts({c: po.read(REPO / c) for c in CATALOGUES})
    assert not problems, "the same message is translated differently:\n" + "\n".join(problems)


@pytest.mark.parametrize("catalogue", CATALOGUES)
def test_catalogue_compiles(catalogue: str) -> None:
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "GNU gettext's msgfmt is missing (make gettext-deps installs it)"
    done = subprocess.run(
        [msgfmt, "--check", "-o", os.devnull, str(REPO / catalogue)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
