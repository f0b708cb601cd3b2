"""Where the core campaign reaches its expansions without importing them.

The expansions (engine/darkest_talisman/expansions/) build on the core's modules, and the core
must call them at the points where an expansion may change what happens. Importing each other
would tie the two into one cycle; instead the core calls through `hooks`, and the package's
`__init__` (the one place that knows both) installs the expansions' hook module here.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any


class _Hooks:
    """The installed hook module, reached by attribute (`hooks.on_death(...)`)."""

    module: ModuleType | None = None

    def __getattr__(self, name: str) -> Any:
        if self.module is None:
            raise RuntimeError("the campaign's expansions are not installed: import engine.darkest_talisman first")
        return getattr(self.module, name)


hooks = _Hooks()


def install(module: ModuleType) -> None:
    hooks.module = module
