"""The benchmarks still point at the project's modules.

A benchmark imports some modules inside its functions (to time a start-up, or only for one
part), so a renamed module breaks it only when that part runs: `benchmarks/render.py` crashed
on the Water Realm picture's old module name while its other figures still printed. Each
benchmark is read, not run (running them is minutes), and every project name it imports,
wherever the import sits, must be a module file or a name its module defines.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = {"bot", "cogs", "systems", "ui", "gm", "oracle", "loopback", "packs", "dice", "engine", "local"}


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@functools.lru_cache(maxsize=None)
def _defined(path: Path) -> frozenset[str] | None:
    """The names a module binds at its top level; None when it can bind names a reader cannot
    see (a star import or a module-level __getattr__)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.If, ast.Try)):
            todo.extend(node.body)
            todo.extend(node.orelse)
            if isinstance(node, ast.Try):
                for handler in node.handlers:
                    todo.extend(handler.body)
                todo.extend(node.finalbody)
    if "__getattr__" in names:
        return None
    return frozenset(names)


def _broken_imports(path: Path) -> list[str]:
    broken: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in PROJECT and _module_file(alias.name) is None:
                    broken.append(f"line {node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] not in PROJECT:
                continue
            module = _module_file(node.module)
            if module is None:
                broken.append(f"line {node.lineno}: no module {node.module}")
                continue
            defined = _defined(module)
            for alias in node.names:
                if _module_file(f"{node.module}.{alias.name}") is not None:
                    continue
                if defined is not None and alias.name not in defined:
                    broken.append(f"line {node.lineno}: {node.module} has no {alias.name}")
    return broken


BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_every_project_import_of_a_benchmark_resolves(path: Path) -> None:
    assert _broken_imports(path) == []


def test_the_check_finds_a_moved_module(tmp_path: Path) -> None:
    """The old render.py line, and a name its module does not define, are both caught."""
    bad = tmp_path / "bench.py"
    bad.write_text("def f():\n    from systems.prophecy import board_water\n"
                   "    from systems.prophecy.water_realm.board import no_such_painter\n"
                   "    from systems.prophecy.water_realm.board import render_water\n", encoding="utf-8")
    assert _broken_imports(bad) == [
        "line 2: systems.prophecy has no board_water",
        "line 3: systems.prophecy.water_realm.board has no no_such_painter",
    ]


def test_cache_sizes_counts_each_object_once_and_names_every_cache() -> None:
    """benchmarks/cache_sizes.py measures what the process-wide caches keep (issue 30): an object
    held twice counts once, a class held is not counted, and every cache gets its line."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from cache_sizes import cache_lines, deep_bytes
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    text = "x" * 1000
    held = [text, text, int]
    assert deep_bytes([held]) == sys.getsizeof(held) + sys.getsizeof(text)
    lines = cache_lines()
    assert [line.split(" (")[0] for line in lines] == ["spectator views", "filled sentences", "board pictures",
                                                               "committed states", "who decides / legal actions by state",
                                                               "Basic destinations by view",
                                                               "Standard forecasts by view"]
    assert all("MiB" in line for line in lines)
