"""The optional mypyc build: used only when it was made from the sources as they are now."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import scorer.engine
from scorer.engine import compiled_build

ENGINE = Path(scorer.engine.__file__).resolve().parent
ROOT = ENGINE.parents[1]


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the engine's sources with a build manifest that matches them."""
    monkeypatch.delenv("TENBO_ENGINE", raising=False)
    here = tmp_path / "scorer" / "engine"
    here.mkdir(parents=True)
    for source in ENGINE.glob("*.py"):
        shutil.copy2(source, here / source.name)
    build = tmp_path / "build" / "engine"
    build.mkdir(parents=True)
    sources = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in here.glob("*.py")}
    manifest = {"cache_tag": sys.implementation.cache_tag, "sources": sources}
    (build / "manifest.json").write_text(json.dumps(manifest))
    return here


def test_a_matching_build_is_used(package: Path) -> None:
    assert compiled_build(package) == package.parents[1] / "build" / "engine"


def test_an_edited_source_retires_the_build(package: Path) -> None:
    with (package / "yaku.py").open("a") as f:
        f.write("\n# an edit after the build\n")
    assert compiled_build(package) is None


def test_a_new_module_retires_the_build(package: Path) -> None:
    (package / "extra.py").write_text("X = 1\n")
    assert compiled_build(package) is None


def test_another_python_retires_the_build(package: Path) -> None:
    manifest_path = package.parents[1] / "build" / "engine" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["cache_tag"] = "cpython-311"
    manifest_path.write_text(json.dumps(manifest))
    assert compiled_build(package) is None


def test_a_broken_or_missing_manifest_means_python(package: Path) -> None:
    manifest_path = package.parents[1] / "build" / "engine" / "manifest.json"
    manifest_path.write_text("{not json")
    assert compiled_build(package) is None
    manifest_path.unlink()
    assert compiled_build(package) is None


def test_the_environment_can_ask_for_python(package: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TENBO_ENGINE", "python")
    assert compiled_build(package) is None


def test_the_running_engine_is_the_one_the_build_allows() -> None:
    expected = compiled_build(ENGINE) is not None
    assert expected is scorer.engine.COMPILED
    # `make test` builds the engine first and says so: there, it must be the compiled one.
    if os.environ.get("TENBO_EXPECT_COMPILED") == "1":
        assert scorer.engine.COMPILED, "make engine ran, yet the engine runs as Python"
    module = importlib.import_module("scorer.engine.yaku")
    assert module.__file__ is not None
    assert module.__file__.endswith(".so" if scorer.engine.COMPILED else ".py")


def test_python_mode_runs_the_sources() -> None:
    code = (
        "import importlib, scorer.engine as e;"
        "print(e.COMPILED, importlib.import_module('scorer.engine.yaku').__file__[-3:])"
    )
    env = {**os.environ, "TENBO_ENGINE": "python"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", ".py"]
