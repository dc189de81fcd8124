"""Compile the scoring engine with mypyc into build/engine/ (optional; the engine runs as plain
Python without it).

The compiled modules never sit next to the sources: Python prefers an extension module to a
``.py`` file of the same name, so a stale one there would shadow every later edit. Instead they
go to ``build/engine/pkg/scorer/engine/`` with a manifest of the SHA-256 of each source they were
built from, and ``scorer/engine/__init__.py`` uses them only while every hash still matches.

Usage: ``python tools/build_engine.py [--force]``; it does nothing when the build is already
up to date. Exit status 0 on success; 1 with the compiler's output when the build fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "scorer" / "engine"
OUT = ROOT / "build" / "engine"
#: The hot modules. ``__init__`` stays Python (it chooses the build); the tutor-side helpers
#: (tables, waits, generate) gain little from compiling.
MODULES = (
    "tiles",
    "notation",
    "rules",
    "request",
    "hand",
    "yaku",
    "fu",
    "points",
    "score",
    "steps",
    "trace",
    "api",
)
GROUP = "tenbo_engine"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(engine: Path = ENGINE) -> dict[str, object]:
    """What the build was made from: Python's ABI tag and the hash of every engine source
    (compiled or not: any edit in the package retires the build)."""
    return {
        "cache_tag": sys.implementation.cache_tag,
        "modules": list(MODULES),
        "sources": {path.name: digest(path) for path in sorted(engine.glob("*.py"))},
    }


SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="tenbo-engine-compiled",
    ext_modules=mypycify({paths!r}, opt_level="3", group_name={group!r}),
)
"""


def up_to_date() -> bool:
    """A build exists, made from the current sources by this Python, with all its modules."""
    try:
        existing = json.loads((OUT / "manifest.json").read_text())
    except (OSError, ValueError):
        return False
    built = {path.name.split(".")[0] for path in (OUT / "pkg" / "scorer" / "engine").glob("*.so")}
    return existing == manifest() and built == set(MODULES)


def build() -> int:
    print("compiling the scoring engine with mypyc (about half a minute)...", flush=True)
    with tempfile.TemporaryDirectory(prefix="tenbo-engine-") as tmp:
        work = Path(tmp)
        # A copy of the package, so that mypyc sees ``scorer.engine`` without the web apps.
        package = work / "scorer" / "engine"
        package.mkdir(parents=True)
        (work / "scorer" / "__init__.py").write_text("")
        for source in ENGINE.glob("*.py"):
            shutil.copy2(source, package / source.name)
        # The hashes of the copies compiled, not of the sources after the build: a file edited
        # while mypyc runs must leave the build stale, not mark the old code as current.
        made = manifest(package)
        paths = [f"scorer/engine/{name}.py" for name in MODULES]
        (work / "setup.py").write_text(SETUP.format(paths=paths, group=GROUP))
        lib = work / "lib"
        result = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--build-lib", str(lib)],
            cwd=work,
            capture_output=True,
            text=True,
            env={**os.environ, "MYPY_FORCE_COLOR": "0"},
        )
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
            sys.stderr.write("\nthe compiled engine was not built; the engine runs as Python\n")
            return 1
        if OUT.exists():
            shutil.rmtree(OUT)
        (OUT / "pkg" / "scorer" / "engine").mkdir(parents=True)
        (OUT / "runtime").mkdir()
        for built in lib.rglob("*.so"):
            relative = built.relative_to(lib)
            if relative.parts[:2] == ("scorer", "engine"):
                shutil.copy2(built, OUT / "pkg" / relative)
            else:  # the group's shared runtime library, imported by its top-level name
                shutil.copy2(built, OUT / "runtime" / relative.name)
    (OUT / "manifest.json").write_text(json.dumps(made, indent=2) + "\n")
    print(f"compiled {len(MODULES)} engine modules into {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if "--force" not in sys.argv[1:] and up_to_date():
        print("the compiled engine is up to date")
        sys.exit(0)
    sys.exit(build())
