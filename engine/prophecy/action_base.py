"""The base every player action builds on, in a module of its own so the expansions' action
modules (engine/prophecy/standard/*_actions.py) can define actions that `engine.prophecy.actions`
then gathers into its one discriminated union, without an import cycle."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActionBase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def key(self) -> str:
        """A short stable text form (used in button ids and logs)."""
        return self.model_dump_json(exclude_defaults=False)
