"""Game systems as plug-ins: the one place a system is registered.

Each system has a folder here with its Discord side (systems/<name>/: its cog, renderers,
board picture, oracle cards) and a `PLUGIN` record (systems/<name>/plugin.py, see
systems/plugin.py). The shared cogs, the bot and the rules oracle ask this registry; none of
them names a system. Registering a system is one line in `REGISTERED` (the whole recipe:
docs/adding-a-system.md).
"""
from __future__ import annotations

import copy
import importlib
from typing import Any, Mapping, Sequence

from engine.core.system import GameSystem
from oracle import games
from systems.plugin import Edition, RulesShelf, SystemPlugin, Variant
from ui.pictures import add_drawing_modules

#: the registration: one line per system, the module holding its `PLUGIN` record
REGISTERED: tuple[str, ...] = (
    "systems.prophecy.plugin",
    "systems.orders.plugin",
    "systems.darkest_talisman.plugin",
)


def _load(module: str) -> SystemPlugin:
    record = getattr(importlib.import_module(module), "PLUGIN", None)
    if not isinstance(record, SystemPlugin):
        raise TypeError(f"{module}.PLUGIN must be a systems.plugin.SystemPlugin")
    return record


#: every registered system by its name (the `system` of its stored games)
PLUGINS: dict[str, SystemPlugin] = {p.name: p for p in map(_load, REGISTERED)}

#: engines built and tested whose Discord side is not written yet: no plug-in, so no command,
#: no /game choice and nothing stored for them
ENGINE_ONLY: tuple[str, ...] = ()

#: games whose texts the rules oracle holds but which are not playable yet (no plug-in):
#: /rules still offers them as a filter
REFERENCE_ONLY: tuple[RulesShelf, ...] = ()


def plugin(name: str) -> SystemPlugin:
    """The plug-in of a stored game's system (KeyError for a system nobody registered)."""
    return PLUGINS[name]


def table_plugins() -> list[SystemPlugin]:
    """The systems /game new offers, in registration order."""
    return [p for p in PLUGINS.values() if p.table_game and p.in_game_new]


#: separates a system's name from its edition in a /game new choice ("prophecy:standard")
EDITION_MARK = ":"


def new_game_choices() -> list[tuple[str, str]]:
    """(value, title key) of every /game new choice: one per edition, or one for a plain system."""
    out: list[tuple[str, str]] = []
    for p in table_plugins():
        if p.editions:
            out.extend((choice_value(p, e), e.title_key) for e in p.editions)
        else:
            out.append((p.name, p.title_key))
    return out


def choice_value(p: SystemPlugin, edition: Edition) -> str:
    return f"{p.name}{EDITION_MARK}{edition.key}" if edition.key else p.name


def edition_of(choice: str) -> tuple[SystemPlugin, Edition | None]:
    """The plug-in and edition a /game new choice names (KeyError for an unknown system or edition)."""
    name, _, key = choice.partition(EDITION_MARK)
    p = PLUGINS[name]
    if not p.editions:
        if key:
            raise KeyError(choice)
        return p, None
    for e in p.editions:
        if e.key == key:
            return p, e
    raise KeyError(choice)


def edition_name(system: str, options: Mapping[str, Any]) -> str:
    """The `system.<name>` title key's name for a stored game: "prophecy_standard" for the
    Standard edition of "prophecy", the system itself when it has no editions (or none matches)."""
    p = PLUGINS.get(system)
    if p is None:
        return system
    marked = [e for e in p.editions if e.key and e.marks and all(_get(options, m) is not None for m in e.marks)]
    if marked:
        return f"{system}_{marked[0].key}"
    for e in p.editions:
        if e.key and not e.marks and all(options.get(k) == v for k, v in e.options.items()):
            return f"{system}_{e.key}"
    return system


def variants_for(choice: str) -> list[Variant]:
    """The optional rules a /game new choice offers (none for an unknown choice)."""
    try:
        p, edition = edition_of(choice)
    except KeyError:
        return []
    key = edition.key if edition else ""
    return [v for v in p.variants if key in v.editions and v.unavailable_key is None]


def unavailable_for(choice: str) -> list[Variant]:
    """Rules a /game new choice names but cannot offer (each says why when typed)."""
    try:
        p, edition = edition_of(choice)
    except KeyError:
        return []
    key = edition.key if edition else ""
    return [v for v in p.variants if key in v.editions and v.unavailable_key is not None]


def variants_on(system: str, options: Mapping[str, Any]) -> list[Variant]:
    """The optional rules a stored game plays with: each variant whose every option is set,
    less those that only say part of what another one says. "Treasure Hunters" leaves out the
    Water Realm and plays with the base Artifacts, so "without the Water Realm" and "base
    Artifacts" hold too, but nobody chose them: a lobby lists only what was chosen."""
    p = PLUGINS.get(system)
    if p is None:
        return []
    on = [v for v in p.variants if v.options and all(_get(options, path) == value for path, value in _leaves(v.options))]
    leaves = {v.key: {(path, repr(value)) for path, value in _leaves(v.options)} for v in on}
    return [v for v in on if not any(leaves[v.key] < leaves[w.key] for w in on if w is not v)]


def _get(tree: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    node: Any = tree
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


class VariantClash(ValueError):
    """Two chosen variants set the same option differently."""

    def __init__(self, first: Variant, second: Variant) -> None:
        super().__init__(f"{first.key} and {second.key} set the same option")
        self.first, self.second = first, second


def merge_options(base: Mapping[str, Any], chosen: Sequence[Variant]) -> dict[str, Any]:
    """The edition's options with each variant's merged in, nested mappings key by key; two
    variants that set the same option differently clash (VariantClash). Two that agree on it
    (Treasure Hunters and "without the Water Realm" both leave the realm out) do not."""
    out: dict[str, Any] = copy.deepcopy(dict(base))
    owner: dict[tuple[str, ...], Variant] = {}
    for v in chosen:
        for path, value in _leaves(v.options):
            if path in owner and owner[path] is not v and _get(out, path) != value:
                raise VariantClash(owner[path], v)
            owner[path] = v
            node = out
            for key in path[:-1]:
                node = node.setdefault(key, {})
            node[path[-1]] = value
    return out


def _leaves(tree: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out: list[tuple[tuple[str, ...], Any]] = []
    for k, v in tree.items():
        if isinstance(v, Mapping):
            out.extend(_leaves(v, prefix + (k,)))
        else:
            out.append((prefix + (k,), v))
    return out


def engine_systems() -> Mapping[str, GameSystem]:
    """The engines the game master serves, by name."""
    return {name: p.engine for name, p in PLUGINS.items()}


def extensions() -> tuple[str, ...]:
    """Every system's discord.py extensions (its own cogs), in registration order."""
    return tuple(ext for p in PLUGINS.values() for ext in p.extensions)


def rules_shelves() -> list[RulesShelf]:
    """The /rules filters: every registered system's texts, then the reference-only games."""
    return [shelf for p in PLUGINS.values() for shelf in p.rules] + list(REFERENCE_ONLY)


# what shared code below the plug-ins reads from them (they import it, so it cannot import this
# registry): the rules oracle's shelves and card sources, the picture workers' modules
games.register(rules_shelves(), [source for p in PLUGINS.values() for source in p.cards])
add_drawing_modules([module for p in PLUGINS.values() for module in p.pictures])
