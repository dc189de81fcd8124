"""The step code stays in small pieces: no function of the trace, the typed steps or the
walkthrough's step renderers runs to 80 lines (issue 32: one builder and one renderer per kind,
so that a sentence is found, changed and tested in one place)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = (
    "scorer/engine/trace.py",
    "scorer/engine/steps.py",
    "tutor/walkthrough/steps.py",
)
LIMIT = 80


def longest(path: Path) -> tuple[int, str]:
    """The longest function (or method) in ``path``: its length in lines and its name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lengths = [
        (node.end_lineno - node.lineno + 1, node.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno
    ]
    return max(lengths)


@pytest.mark.parametrize("module", MODULES)
def test_no_function_of_the_step_code_runs_to_80_lines(module):
    lines, name = longest(ROOT / module)
    assert lines < LIMIT, f"{module}: {name} is {lines} lines"


def test_the_check_sees_a_long_function(tmp_path):
    source = tmp_path / "long.py"
    source.write_text("def f():\n" + "    x = 1\n" * 90, encoding="utf-8")
    assert longest(source) == (91, "f")
