"""Game systems are plug-ins: the shared code names none, and every registered one is complete.

* the shared packages (the shared cogs, ui/, gm/, the rules oracle, packs/' loader, dice/,
  local/, loopback/ and bot.py) never import a concrete system's package (engine/<system>/,
  systems/<system>/, packs/<system>/) nor name a system in a string or a name of their own (its
  name, a rules shelf's tag, a document prefix, a name players use for it...); they ask the
  registry. Docstrings and comments may name a game: prose is not code.
* each plug-in in systems.PLUGINS supplies every part the bot uses, and those parts work on a
  real game (a table game's turn message, status, sheet, lobby characters, picture...).
"""
from __future__ import annotations

import ast
import functools
import importlib
import inspect
import io
import pkgutil
import re
from pathlib import Path

import discord
import pytest
from discord.ext import commands
from PIL import Image

import engine
import packs
import systems
from engine.core.system import GameSystem, Seat, TableSystem
from engine.registry import SYSTEMS as ENGINES
from gm.i18n import LOCALES_DIR, SUPPORTED, _flatten
from gm.session import Result
from gm.store import GameRecord
from oracle.sources import RULES_DIR, describe_file
from systems.plugin import Character, SystemPlugin, TurnMessage

ROOT = Path(__file__).resolve().parents[2]
#: the shared code: folders (every module in them, but for packs/' systems' own readers) and files
SHARED = [ROOT / "cogs", ROOT / "gm", ROOT / "ui", ROOT / "oracle", ROOT / "packs", ROOT / "dice", ROOT / "local",
          ROOT / "loopback", ROOT / "bot.py"]
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


def pack_packages() -> set[str]:
    """packs/<name>/ packages (one per system's content readers)."""
    return {m.name for m in pkgutil.iter_modules(packs.__path__) if m.ispkg}


@functools.cache
def names_of_systems() -> frozenset[str]:
    """Every way a system is named: the stored games' `system`, its packages' names, and what its
    plug-in record says of it (its shelves' tags, document prefixes, rulings folders, the names
    players use for it, its summaries' and its card sources' names)."""
    names = set(systems.PLUGINS) | set(ENGINES) | engine_packages() | system_packages() | pack_packages()
    for shelf in systems.rules_shelves():
        names |= {shelf.system, *shelf.mentions, *shelf.rulings, *(prefix for prefix, _title in shelf.documents)}
        names |= {shelf.game} if shelf.game else set()
    for plugin in PLUGINS:
        names |= set(plugin.summaries) | {source.game for source in plugin.cards}
    return frozenset(names)


def _words(text: str) -> str:
    """Lower case words, whatever separates them: "Water-Realm?" and "water_realm" are "water realm"."""
    return " ".join(w for w in re.split(r"[^\w']+|_", text.lower()) if w)


def named_in(text: str, names: frozenset[str]) -> str | None:
    """The system name `text` holds as whole words ("magical orders" in "Magical Orders tables"), if any."""
    padded = f" {_words(text)} "
    return next((n for n, words in _longest_first(names) if f" {words} " in padded), None)


@functools.cache
def _longest_first(names: frozenset[str]) -> list[tuple[str, str]]:
    """The names with their words, longest first: computed once, every string constant is checked against them."""
    return [(n, _words(n)) for n in sorted(names, key=len, reverse=True) if _words(n)]


def shared_sources() -> list[Path]:
    """Every shared module: packs/<system>/ holds a system's own readers and is not shared."""
    own = [ROOT / "packs" / name for name in pack_packages()]
    files = [p for entry in SHARED for p in ([entry] if entry.is_file() else sorted(entry.rglob("*.py")))]
    return [p for p in files if not any(p.is_relative_to(folder) for folder in own)]


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (prose may name a game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


@functools.cache
def concrete_modules() -> tuple[str, ...]:
    return tuple(f"engine.{p}" for p in engine_packages()) + tuple(f"systems.{p}" for p in system_packages()) + \
        tuple(f"packs.{p}" for p in pack_packages())


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
            name = named_in(text, names)
            if name is not None or is_concrete(text):
                found.append(f"{where}:{node.lineno} names the system {name or text!r} in {text[:60]!r}")
        else:
            own = _own_name(node)
            if own is not None and (name := named_in(own, names)) is not None:
                found.append(f"{where}:{node.lineno} names the system {name!r} in the name {own!r}")
    return sorted(found, key=lambda line: int(line.split()[0].rsplit(":", 1)[1]))


def _own_name(node: ast.AST) -> str | None:
    """A name the module gives something (a variable, function, class, argument or attribute it sets)."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
        return node.attr
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.alias):
        return node.asname
    return None


def test_the_checks_see_every_system(tmp_path):
    names = names_of_systems()
    assert {"prophecy", "orders", "darkest_talisman", "prophecy_standard", "magical_orders", "water realm", "talisman",
            "prophecy-basic-rules", "prophecy/standard"} <= names
    assert {"engine.prophecy", "engine.orders", "systems.prophecy", "systems.orders", "packs.prophecy"} <= set(concrete_modules())
    # and they would catch a shared module naming one, saying where
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Prophecy in a docstring is fine."""\n'   # 1
        'from engine.prophecy import actions\n'      # 2: imports a system's engine
        'import systems.orders.cog\n'                # 3: a system's cog
        'from systems import PLUGINS\n'              # 4: the registry is fine
        'SYSTEM = "prophecy"\n'                      # 5: a system's name
        'from packs.darkest_talisman import install\n'  # 6: a system's pack readers
        'ASK = "Is this the Water-Realm?"\n'         # 7: a name players use, inside a sentence
        'BOOK = "prophecy-basic-rules.en.txt"\n'     # 8: a system's rulebook
        'def talisman_cards():  # Talisman in a comment is fine\n'  # 9: a name of its own
        '    """Darkest Talisman in a docstring is fine."""\n'     # 10
        '    return "history"\n', encoding="utf-8")               # 11: "history" names none
    found = offences(sample)
    assert [line.split()[0] for line in found] == [f"sample.py:{n}" for n in (2, 3, 5, 6, 7, 8, 9)], found
    assert "'water realm'" in found[4] and "'talisman'" in found[6]


def test_every_shared_module_is_checked():
    checked = {p.relative_to(ROOT).as_posix() for p in shared_sources()}
    assert {"oracle/sources.py", "oracle/index.py", "packs/__init__.py", "ui/pictures.py", "gm/i18n.py",
            "cogs/lookup.py", "local/console.py", "loopback/server.py", "bot.py"} <= checked
    # a system's own pack readers are not shared code
    assert not {p for p in checked if p.startswith(tuple(f"packs/{name}/" for name in pack_packages()))}


def test_shared_code_names_no_system():
    problems = [o for path in shared_sources() for o in offences(path)]
    assert not problems, "\n".join(problems)


def test_every_pack_reader_folder_belongs_to_a_registered_system():
    # packs/<system>/ is found, not listed: each must be a registered system's engine package and install itself
    owners = {plugin.engine.__class__.__module__.split(".")[1] for plugin in PLUGINS}
    for name in pack_packages():
        assert name in owners, f"packs/{name}/ belongs to no registered system"
        assert callable(getattr(importlib.import_module(f"packs.{name}"), "install", None)), f"packs/{name}/ has no install()"
    assert packs.system_readers() == sorted(f"packs.{name}" for name in pack_packages())


def test_what_the_oracle_reads_from_the_plug_ins_is_consistent():
    shelves = systems.rules_shelves()
    tags = [shelf.system for shelf in shelves]
    assert len(tags) == len(set(tags)), "two shelves share a tag"
    prefixes = [prefix for shelf in shelves for prefix, _title in shelf.documents]
    assert len(prefixes) == len(set(prefixes)), "two shelves claim one document"
    mentions = [m for shelf in shelves for m in shelf.mentions]
    assert len(mentions) == len(set(mentions)), "two shelves claim one name"
    for plugin in PLUGINS:
        own = {shelf.system for shelf in plugin.rules}
        for source in plugin.cards:
            assert source.game in own, f"{plugin.name}: cards of {source.game}, not one of its shelves"
        for stem in plugin.summaries:  # every summary is filed under one of its shelves by a prefix
            assert describe_file(f"{stem}.en.md")[0] in own, stem
        for shelf in plugin.rules:
            assert not shelf.rulings or shelf.game, f"{shelf.system}: rulings without the game's name"


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
