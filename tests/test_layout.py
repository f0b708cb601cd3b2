"""The project's shape (issue 12): the engine stays pure, and no two modules or packages import
each other.

The engine is what every adapter builds on and what replays a stored game; if it imported
discord, the game master or anything beyond the standard library and pydantic, the rules would
stop being testable and replayable on their own. Import cycles are how a "grab bag" package
starts: each is checked twice, between modules (any import, at module level or inside a
function) and between the top-level packages (bot, cogs, systems, ui, gm, oracle, loopback,
packs, dice, engine, local).

Two more rules (issue #29): the game master (gm/) speaks no Discord (discord.py stays in cogs/,
systems/ and ui/, as the design's "Discord specifics stay in cogs/ and systems/" asks), and the
loopback fake Discord knows nothing of the bot (it is Discord's stand-in, so the product,
gm/, cogs/, systems/, ui/, oracle/, packs/, engine/, never shapes it); `local/`, the --local
console, is the one place that puts the fake and the bot together.
"""
from __future__ import annotations

import ast
import functools
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "systems", "ui", "gm", "oracle", "loopback", "packs", "dice", "engine", "local")
#: what the engine may import besides itself
ENGINE_ALLOWED = {"pydantic", "pydantic_core", "typing_extensions"}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    found = {"bot": ROOT / "bot.py"}
    for pkg in PACKAGES[1:]:
        for path in (ROOT / pkg).rglob("*.py"):
            found[_module_name(path)] = path
    return found


@functools.lru_cache(maxsize=None)
def _imports(name: str, path: Path) -> frozenset[str]:
    """Every module `name` imports (absolute names), wherever in the file the import sits.
    Imports guarded by TYPE_CHECKING are annotations only and do not count. Cached: three
    tests walk the same files, and the walk is most of this module's time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{alias.name}" for alias in node.names)  # `from pkg import module`
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)  # the guarded body is skipped, its else is real code
            continue
        if isinstance(node, ast.expr):
            continue  # no statement, hence no import, lives inside an expression
        todo.extend(ast.iter_child_nodes(node))
    return frozenset(out)


def _graph() -> dict[str, set[str]]:
    sources = _sources()
    graph: dict[str, set[str]] = {}
    for name, path in sources.items():
        graph[name] = {m for m in _imports(name, path) if m in sources and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _parent_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Drop the edge from a module to its own package's __init__ (Python imports a package before
    its submodules anyway; an __init__ that re-exports its submodules is not a cycle)."""
    return {m: {d for d in deps if not m.startswith(d + ".")} for m, deps in graph.items()}


def test_engine_imports_only_itself_the_standard_library_and_pydantic():
    stdlib = set(sys.stdlib_module_names)
    offenders = {}
    for path in (ROOT / "engine").rglob("*.py"):
        name = _module_name(path)
        bad = sorted(m for m in _imports(name, path)
                     if (top := m.split(".")[0]) not in stdlib and top != "engine" and top not in ENGINE_ALLOWED)
        if bad:
            offenders[name] = bad
    assert offenders == {}


def test_no_import_cycle_between_modules():
    assert _cycles(_parent_packages(_graph())) == []


def test_no_two_top_level_packages_import_each_other():
    edges: dict[str, set[str]] = defaultdict(set)
    for module, deps in _graph().items():
        for dep in deps:
            a, b = module.split(".")[0], dep.split(".")[0]
            if a != b:
                edges[a].add(b)
    assert _cycles(dict(edges)) == [], dict(edges)


def _importers(package: str, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    """The modules of `package` that import any of `forbidden` (top-level names), and what."""
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        name = _module_name(path)
        bad = sorted(m for m in _imports(name, path) if m.split(".")[0] in forbidden)
        if bad:
            out[name] = bad
    return out


def test_the_game_master_imports_no_discord():
    assert _importers("gm", ("discord", "cogs", "systems", "ui", "bot", "loopback", "local")) == {}


def test_the_fake_discord_imports_nothing_of_the_bot():
    assert _importers("loopback", ("gm", "cogs", "systems", "ui", "bot", "oracle", "packs", "engine", "dice", "local")) == {}


def test_the_checks_see_what_they_should():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    graph = _graph()
    assert "gm.session" in graph["bot"] or any(d.startswith("gm.") for d in graph["bot"])
    assert "engine.core.system" in graph["systems"] or any(d.startswith("engine.") for d in graph["systems.plugin"])
    assert "discord" in _importers("ui", ("discord",)).get("ui.translator", [])
    assert any(d.startswith("gm.") for d in graph["local.console"]) and "loopback" in graph["local.console"]
