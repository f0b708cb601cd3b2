"""Game systems are plug-ins: the shared code names none, and every registered one is complete.

* cogs/ (the shared cogs and their ui/) and gm/ never import a concrete system's package
  (engine/<system>/, systems/<system>/) nor name a system in a string; they ask the registry.
* each plug-in in systems.PLUGINS supplies every part the bot uses, and those parts work on a
  real game (a table game's turn message, status, sheet, lobby characters, picture...).
"""
from __future__ import annotations

import ast
import importlib
import inspect
import io
import pkgutil
from pathlib import Path

import discord
import pytest
from discord.ext import commands
from PIL import Image

import engine
import systems
from engine.core.system import GameSystem, Seat, TableSystem
from engine.registry import SYSTEMS as ENGINES
from gm.i18n import LOCALES_DIR, SUPPORTED, _flatten
from gm.session import Result
from gm.store import GameRecord
from oracle.sources import RULES_DIR, describe_file
from systems.plugin import Character, SystemPlugin, TurnMessage

ROOT = Path(__file__).resolve().parents[2]
SHARED = [ROOT / "cogs", ROOT / "gm"]
PLUGINS = list(systems.PLUGINS.values())
ENGINE_METHODS = [name for name, _ in inspect.getmembers(GameSystem, inspect.isfunction) if not name.startswith("_")]
#: what a system played at a table through /game adds (filling empty or absent seats)
TABLE_METHODS = [name for name, _ in inspect.getmembers(TableSystem, inspect.isfunction)
                 if not name.startswith("_") and name not in ENGINE_METHODS]


def engine_packages() -> set[str]:
    """engine/<name>/ packages holding a game system (they have a game.py)."""
    return {m.name for m in pkgutil.iter_modules(engine.__path__) if m.ispkg and (ROOT / "engine" / m.name / "game.py").exists()}


def system_packages() -> set[str]:
    """systems/<name>/ packages (one per system's Discord side)."""
    return {m.name for m in pkgutil.iter_modules(systems.__path__) if m.ispkg}


def names_of_systems() -> set[str]:
    """Every way a system is named: the stored games' `system`, its packages' names."""
    return set(systems.PLUGINS) | set(ENGINES) | engine_packages() | system_packages()


def shared_sources() -> list[Path]:
    return sorted(p for folder in SHARED for p in folder.rglob("*.py"))


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (prose may name a game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def concrete_modules() -> tuple[str, ...]:
    return tuple(f"engine.{p}" for p in engine_packages()) + tuple(f"systems.{p}" for p in system_packages())


def is_concrete(module: str) -> bool:
    return any(module == c or module.startswith(c + ".") for c in concrete_modules())


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    names = names_of_systems()
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno} imports {a.name}" for a in node.names if is_concrete(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(is_concrete(m) for m in modules):
                found.append(f"{where}:{node.lineno} imports from {node.module}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in names or is_concrete(text):
                found.append(f"{where}:{node.lineno} names the system {text!r}")
    return found


def test_the_checks_see_every_system(tmp_path):
    assert {"prophecy", "orders"} <= names_of_systems()
    assert {"engine.prophecy", "engine.orders", "systems.prophecy", "systems.orders"} <= set(concrete_modules())
    # and they would catch a shared module naming one
    sample = tmp_path / "sample.py"
    sample.write_text('"""Prophecy in a docstring is fine."""\nfrom engine.prophecy import actions\n'
                      'import systems.orders.cog\nfrom systems import PLUGINS\nSYSTEM = "prophecy"\n', encoding="utf-8")
    assert len(offences(sample)) == 3


def test_shared_cogs_and_gm_name_no_system():
    problems = [o for path in shared_sources() for o in offences(path)]
    assert not problems, "\n".join(problems)


def test_the_engine_imports_no_plug_in():
    problems = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            problems += [
                f"{path.relative_to(ROOT)}: {m}" for m in modules if m.split(".")[0] in ("systems", "cogs", "discord", "gm")
            ]
    assert not problems, problems


def test_every_engine_has_a_plug_in_and_every_system_folder_is_registered():
    # an engine whose Discord side is still to be written is listed as such, and only then
    assert set(ENGINES) == set(systems.PLUGINS) | set(systems.ENGINE_ONLY)
    assert not set(systems.ENGINE_ONLY) & set(systems.PLUGINS)
    for name, plugin in systems.PLUGINS.items():
        assert plugin.name == name and plugin.engine is ENGINES[name]
    folders = {ext.split(".")[1] for p in PLUGINS for ext in p.extensions}
    assert folders == system_packages()


def catalogue_keys(locale: str) -> set[str]:
    import yaml

    keys: set[str] = set()
    for path in [LOCALES_DIR / f"{locale}.yaml", *sorted((LOCALES_DIR / locale).glob("*.yaml"))]:
        keys |= set(_flatten(yaml.safe_load(path.read_text(encoding="utf-8")) or {}))
    return keys


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.name)
def test_plug_in_supplies_every_required_part(plugin: SystemPlugin):
    assert isinstance(plugin, SystemPlugin)
    for method in ENGINE_METHODS:
        assert callable(getattr(plugin.engine, method, None)), f"{plugin.name}: engine lacks {method}"
    if plugin.table_game:
        for method in TABLE_METHODS:
            assert callable(getattr(plugin.engine, method, None)), f"{plugin.name}: table engine lacks {method}"
    assert plugin.engine.min_seats <= plugin.engine.max_seats
    for locale in SUPPORTED:
        keys = catalogue_keys(locale)
        assert plugin.title_key in keys, f"{plugin.name}: no {locale} title at {plugin.title_key}"
        for shelf in plugin.rules:
            assert shelf.title_key in keys, f"{plugin.name}: no {locale} title for /rules {shelf.system}"
    assert plugin.extensions, f"{plugin.name}: no cog"
    for ext in plugin.extensions:
        assert ext.startswith("systems."), ext
        module = importlib.import_module(ext)
        assert inspect.iscoroutinefunction(getattr(module, "setup", None)), f"{ext} has no async setup(bot)"
        cogs = [c for c in vars(module).values() if inspect.isclass(c) and issubclass(c, commands.Cog)
                and c.__module__ == module.__name__]
        assert cogs, f"{ext} defines no cog"
    for item in plugin.dynamic_items:
        assert issubclass(item, discord.ui.DynamicItem)
    assert plugin.rules, f"{plugin.name}: no /rules filter for its texts"
    shelves = {shelf.system for shelf in plugin.rules}
    assert plugin.summaries, f"{plugin.name}: no own-words summary"
    for stem in plugin.summaries:
        files = sorted(RULES_DIR.glob(f"{stem}.*.md"))
        assert files, f"{plugin.name}: data/rules/{stem}.<language>.md is missing"
        for f in files:  # the oracle files the summary under one of the plug-in's filters
            assert describe_file(f.name)[0] in shelves, f.name
    if plugin.table_game:
        table = plugin.table
        assert table is not None, f"{plugin.name} is offered by /game new but has no table renderers"
        for name in ("turn_message", "picture_with_turn", "action_label", "status_embeds", "sheet_embed",
                     "end_embed", "describe_event", "narrate", "characters"):
            assert callable(getattr(table, name)), f"{plugin.name}: table.{name}"


def seated_game(plugin: SystemPlugin, version: int = 1) -> Result:
    """A fresh game of this system with two AI seats, as the game master would hand it over."""
    sysobj = plugin.engine
    seats = [Seat(player="1001", name="Ada", ai="heuristic"), Seat(player="1002", name="Bo", ai="heuristic")]
    out = sysobj.new_game(seats, {}, 4242)
    record = GameRecord(id=77, guild_id=1, channel_id=2, system=plugin.name, options={}, seed=4242, version=version,
                        state=sysobj.dump_state(out.state), status="active", host_id=1, created_at=0.0, updated_at=0.0)
    from gm.session import Step
    return Result(record, out.state, steps=[Step(actor="gm", action={}, events=list(out.events))])


@pytest.mark.parametrize("plugin", [p for p in PLUGINS if p.table_game], ids=lambda p: p.name)
@pytest.mark.parametrize("locale", SUPPORTED)
def test_table_renderers_work_on_a_real_game(plugin: SystemPlugin, locale: str):
    table = plugin.table
    assert table is not None
    result = seated_game(plugin)
    message = table.turn_message(result, locale)
    assert isinstance(message, TurnMessage) and message.embeds and message.content
    assert isinstance(message.view, discord.ui.View) and message.view.children  # the first decision's buttons
    assert message.picture == table.picture_with_turn(result)
    shown = result.view(None)
    status = table.status_embeds(shown, result.record.id, locale, "active")
    assert status and all(isinstance(e, discord.Embed) for e in status)
    player = shown.players[0]
    assert isinstance(table.sheet_embed(shown, player, locale), discord.Embed)
    lines = table.narrate(shown, result.steps[0].events, locale)
    assert lines and all(isinstance(line, str) and line for line in lines)
    pend = plugin.engine.pending(result.state)
    actions = plugin.engine.legal_actions(result.state, pend.player)
    assert all(table.action_label(shown, pend.player, a, locale) for a in actions)
    characters = table.characters({}, locale)
    assert characters and all(isinstance(c, Character) and c.id in c.aliases and 0 < len(c.label) <= 100 for c in characters)
    if table.board_picture is not None:
        png = table.board_picture(shown, locale)
        assert Image.open(io.BytesIO(png)).format == "PNG"
    if plugin.content is not None:
        assert isinstance(plugin.content.space_name("base", 0, locale), str)


async def test_game_new_and_rules_offer_what_the_registry_holds():
    from cogs.lobby import system_choices
    from cogs.lookup import SYSTEM_CHOICES
    from gm.i18n import t
    from ui.translator import LocaleTranslator

    # one choice per edition of each table game /game new offers (the plain name for a system without editions)
    offered = [(systems.choice_value(p, e), e.title_key) for p in PLUGINS if p.table_game and p.in_game_new
               for e in (p.editions or (None,)) if e is not None] + \
        [(p.name, p.title_key) for p in PLUGINS if p.table_game and p.in_game_new and not p.editions]
    order = {v: i for i, (v, _k) in enumerate(systems.new_game_choices())}
    offered.sort(key=lambda vk: order.get(vk[0], len(order)))
    shelves = systems.rules_shelves()
    assert [c.value for c in system_choices()] == [v for v, _k in offered]
    assert [c.value for c in SYSTEM_CHOICES] == [s.system for s in shelves]
    titled = [(c, key) for c, (_v, key) in zip(system_choices(), offered, strict=False)] + \
        [(c, s.title_key) for c, s in zip(SYSTEM_CHOICES, shelves, strict=False)]
    for choice, key in titled:  # titled from the locale files, in every language
        payload = await choice.get_translated_payload(LocaleTranslator())
        assert payload["name"] == t("en", key)
        assert payload["name_localizations"]["it"] == t("it", key)
