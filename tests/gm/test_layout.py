"""The game master's layout (issue 12): it names no game system, its session service is split
into small modules named for their concern, and gm/ has no import cycles.

A system is reached only through the GameSystem protocol and the systems the game master is
given; naming one in gm/ (an import of its engine, a check on its name) would tie the shared
service to that game again. Comments and docstrings may still mention a game as an example.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from engine.registry import SYSTEMS

GM = Path(__file__).resolve().parents[2] / "gm"
SESSION = GM / "session"
MAX_LINES = 300


def _docstring_lines(tree: ast.AST) -> set[int]:
    """Lines that hold a docstring (of the module, a class or a function)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def system_mentions(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, token) for every name or string token, outside comments and docstrings, that names a system."""
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b", re.IGNORECASE)
    docs = _docstring_lines(ast.parse(source))
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.NAME, tokenize.STRING) and tok.start[0] not in docs and pattern.search(tok.string):
            found.append((tok.start[0], tok.string))
    return found


def _system_names() -> set[str]:
    return {"prophecy", "orders"} | set(SYSTEMS)


def test_the_check_sees_a_system_named_in_code_but_not_in_comments_or_docstrings():
    names = _system_names()
    assert system_mentions('"""Plays prophecy."""\nx = 1  # orders too\n', names) == []
    assert system_mentions('from engine.prophecy.actions import Resign\n', names) == [(1, "prophecy")]
    assert system_mentions('def f():\n    """ok: orders"""\n    return "orders"\n', names) == [(3, '"orders"')]


def test_gm_source_never_names_a_system():
    names = _system_names()
    offenders = {str(path.relative_to(GM)): hits for path in sorted(GM.rglob("*.py"))
                 if (hits := system_mentions(path.read_text(encoding="utf-8"), names))}
    assert offenders == {}


def test_every_session_module_stays_small():
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in SESSION.glob("*.py")}
    assert {"results.py", "lobby.py", "play.py", "expiry.py", "seats.py", "undo.py", "records.py"} <= set(sizes)
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def _module_name(path: Path) -> str:
    parts = path.relative_to(GM.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """gm modules imported at load time (module level; an import inside a function runs later)."""
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                out.add(full if full in modules else node.module)
    return out & modules


def test_gm_has_no_import_cycles():
    paths = {_module_name(p): p for p in GM.rglob("*.py")}
    graph = {name: _imports(path, set(paths)) - {name} for name, path in paths.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []
    assert "gm.session.results" in graph["gm.session.core"]  # the graph is really read
