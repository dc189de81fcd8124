"""The engine is pure standard library: importing it loads no Django (or anything else)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys; import scorer.engine, scorer.engine.tables, scorer.engine.waits;"
        "import scorer.engine.generate;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'mahjong', 'django_htmx'));"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_engine_sources_import_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in (REPO / "scorer" / "engine").glob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if line.startswith(("import ", "from ")) and not words[1].startswith("."):
                assert words[1].split(".")[0] in allowed, f"{path.name}: {line}"
