"""Every game system's engine by name, found rather than listed.

Each engine/<name>/ package whose `game` module defines `SYSTEM` (a GameSystem) is a game
system; nothing else has to name it here. The bot gets its engines from the plug-in registry
(systems/) and passes them to the game master; this lookup serves pure code that needs an
engine by a stored game's name without the Discord side: replay checks, the rules oracle's
/card locations, benchmarks. Discovery imports modules and reads no files itself.
"""
from __future__ import annotations

import importlib
import pkgutil
from importlib.util import find_spec

import engine
from engine.core.system import GameSystem


def _discover() -> dict[str, GameSystem]:
    found: dict[str, GameSystem] = {}
    for info in sorted(pkgutil.iter_modules(engine.__path__), key=lambda m: m.name):
        if not info.ispkg or find_spec(f"engine.{info.name}.game") is None:
            continue
        system = getattr(importlib.import_module(f"engine.{info.name}.game"), "SYSTEM", None)
        if system is not None:
            found[system.name] = system
    return found


#: every game system's engine, by the name its stored games carry
SYSTEMS: dict[str, GameSystem] = _discover()
