"""The import graph of the product (issue 32 items 2 and 4): no cycle among the modules of
``tutor/`` and ``scorer/``, and features that talk to each other through services, not views.

The graph is read from the sources with ``ast``: every ``import`` and ``from ... import`` at
module level and inside functions (an import moved into a function to dodge a cycle still closes
it), relative imports resolved. Two things are not edges: imports under ``if TYPE_CHECKING:``,
which never run (annotations only), and the package ``__init__`` that Python runs before a
submodule (``import a.b`` is an edge to ``a.b``): a package that gathers its own modules is not a
cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import REPO

ROOTS = ("tutor", "scorer")


def module_files(repo: Path, roots: tuple[str, ...] = ROOTS) -> dict[str, Path]:
    """Every module of the packages ``roots`` by its dotted name (a package by its own)."""
    out: dict[str, Path] = {}
    for root in roots:
        for path in sorted((repo / root).rglob("*.py")):
            parts = list(path.relative_to(repo).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that can run: the bodies of ``if TYPE_CHECKING:`` are left out."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """``name`` or its longest prefix that is one of ``modules`` (an attribute of a module
    imports the module)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(name: str, modules: dict[str, Path]) -> set[str]:
    """The modules among ``modules`` that module ``name`` imports, at any level."""
    path = modules[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            # ``from a import b``: the module a.b when there is one, else a (b is its name).
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            known = _known(target, modules)
            if known is not None and known != name:
                found.add(known)
    return found


def graph(repo: Path, roots: tuple[str, ...] = ROOTS) -> dict[str, set[str]]:
    modules = module_files(repo, roots)
    return {name: imports_of(name, modules) for name in modules}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected set of two or more modules, sorted
    (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def _feature(module: str) -> str | None:
    """The feature a module of ``tutor/`` belongs to (``tutor.quiz.views`` -> ``quiz``); None
    for the app's own wiring (``tutor.apps``, ``tutor.models`` ...) and outside ``tutor``."""
    parts = module.split(".")
    if parts[0] != "tutor" or len(parts) < 3:
        return None
    return parts[1]


# -- the product ----------------------------------------------------------------------------------


def test_no_import_cycle_in_tutor_or_scorer():
    assert cycles(graph(REPO)) == []


def test_the_quiz_modules_import_no_drill_they_serve():
    """The machinery (base, cells, registry, feedback, hands, progress) knows no drill: the
    drills import it and register themselves, never the other way round."""
    edges = graph(REPO)
    machinery = ["base", "cells", "registry", "feedback", "hands", "progress", "srs"]
    for name in machinery:
        drills = [m for m in edges[f"tutor.quiz.{name}"] if m.startswith("tutor.quiz.drills")]
        assert drills == [], name


def test_no_feature_imports_another_feature_s_views():
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in graph(REPO, ("tutor",)).items()
        for target in targets
        if target.endswith(".views")
        and _feature(target) is not None
        and _feature(module) not in (None, _feature(target))
    )
    assert offenders == []


def test_other_features_use_the_quiz_through_its_services():
    """Besides Django's wiring of the app (tutor/apps.py, models.py, admin.py), another feature
    imports one module of the quiz: ``tutor.quiz.services``."""
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in graph(REPO, ("tutor",)).items()
        for target in targets
        if target.split(".")[:2] == ["tutor", "quiz"]
        and _feature(module) not in (None, "quiz")
        and target != "tutor.quiz.services"
    )
    assert offenders == []


# -- the graph itself: what counts as an import ---------------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return tmp_path


def test_an_import_inside_a_function_that_closes_a_cycle_is_a_cycle(tmp_path):
    repo = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import helper\n",
            "pkg/b.py": "def helper():\n    from pkg import a\n    return a\n",
            "pkg/c.py": "import pkg.a\n",
        },
    )
    assert cycles(graph(repo, ("pkg",))) == [["pkg.a", "pkg.b"]]


def test_relative_imports_and_longer_cycles_are_followed(tmp_path):
    repo = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "from . import x\n",
            "pkg/sub/x.py": "from ..y import thing\n",
            "pkg/y.py": "def thing():\n    from .sub.z import other\n",
            "pkg/sub/z.py": "from pkg.sub import x\n",
        },
    )
    assert cycles(graph(repo, ("pkg",))) == [["pkg.sub.x", "pkg.sub.z", "pkg.y"]]


def test_imports_for_annotations_only_and_a_package_s_own_modules_are_no_cycle(tmp_path):
    repo = _package(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg import a, b\n",
            "pkg/a.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n"
            ),
            "pkg/b.py": "from pkg.a import helper\n",
        },
    )
    assert graph(repo, ("pkg",))["pkg.a"] == set()
    assert cycles(graph(repo, ("pkg",))) == []
