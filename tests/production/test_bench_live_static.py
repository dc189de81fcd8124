"""bench/live.py collects static files into its run's temp folder, never the checkout's
staticfiles/ (issue 23 item 11), as bench/picker.py does."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.production.servers import REPO


class Stop(Exception):
    pass


def test_the_setup_child_collects_static_into_a_temp_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    spec = importlib.util.spec_from_file_location("bench_live", REPO / "bench" / "live.py")
    assert spec is not None
    assert spec.loader is not None
    live = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_live", live)
    spec.loader.exec_module(live)
    seen: dict[str, Any] = {}

    def fake_run(args: list[str], env: dict[str, str], **kwargs: Any) -> None:
        seen.update(env)
        raise Stop

    monkeypatch.setattr(subprocess, "run", fake_run)
    monkeypatch.setattr(tempfile, "mkdtemp", lambda **kwargs: str(tmp_path))
    with pytest.raises(Stop):
        live.run(students=1, port=1, window=1.0, workers=1, threads=1)
    root = Path(seen["DJANGO_STATIC_ROOT"])
    assert REPO not in root.parents
    assert root.parent == Path(seen["DATABASE_URL"].removeprefix("sqlite:///")).parent
