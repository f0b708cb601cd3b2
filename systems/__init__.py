"""Game systems as plug-ins: the one place a system is registered.

Each system has a folder here with its Discord side (systems/<name>/: its cog, renderers,
board picture) and a `PLUGIN` record (systems/<name>/plugin.py, see systems/plugin.py). The
shared cogs, the bot and the rules oracle's filters ask this registry; none of them names a
system. Adding a system is one line in `REGISTERED`.
"""
from __future__ import annotations

import importlib
from typing import Mapping

from engine.core.system import GameSystem
from systems.plugin import RulesShelf, SystemPlugin

#: the registration: one line per system, the module holding its `PLUGIN` record
REGISTERED: tuple[str, ...] = (
    "systems.prophecy.plugin",
    "systems.orders.plugin",
)


def _load(module: str) -> SystemPlugin:
    record = getattr(importlib.import_module(module), "PLUGIN", None)
    if not isinstance(record, SystemPlugin):
        raise TypeError(f"{module}.PLUGIN must be a systems.plugin.SystemPlugin")
    return record


#: every registered system by its name (the `system` of its stored games)
PLUGINS: dict[str, SystemPlugin] = {p.name: p for p in map(_load, REGISTERED)}

#: engines built and tested whose Discord side is not written yet: no plug-in, so no command,
#: no /game choice and nothing stored for them (Darkest Talisman: issue 15, /campaign to come)
ENGINE_ONLY: tuple[str, ...] = ("darkest_talisman",)

#: games whose texts the rules oracle holds but which are not playable yet (no plug-in):
#: /rules still offers them as a filter
REFERENCE_ONLY: tuple[RulesShelf, ...] = (RulesShelf("darkest_talisman", "commands.choices.darkest_talisman"),)


def plugin(name: str) -> SystemPlugin:
    """The plug-in of a stored game's system (KeyError for a system nobody registered)."""
    return PLUGINS[name]


def table_plugins() -> list[SystemPlugin]:
    """The systems /game new offers, in registration order."""
    return [p for p in PLUGINS.values() if p.table_game]


def engine_systems() -> Mapping[str, GameSystem]:
    """The engines the game master serves, by name."""
    return {name: p.engine for name, p in PLUGINS.items()}


def extensions() -> tuple[str, ...]:
    """Every system's discord.py extensions (its own cogs), in registration order."""
    return tuple(ext for p in PLUGINS.values() for ext in p.extensions)


def rules_shelves() -> list[RulesShelf]:
    """The /rules filters: every registered system's texts, then the reference-only games."""
    return [shelf for p in PLUGINS.values() for shelf in p.rules] + list(REFERENCE_ONLY)
