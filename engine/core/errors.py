"""Rule errors carry a message key and parameters, never prose.

The bot turns the key into a sentence in the player's language; tests assert on the key, so
wording can change without touching rules.
"""
from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action is not allowed now. The state it was applied to is unchanged."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


class UnknownAction(RuleError):
    """The action payload does not describe any action of this game system."""
