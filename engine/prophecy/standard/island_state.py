"""What Treasure Island keeps in a game (`StandardState.island`). Only pydantic here."""
from __future__ import annotations

from pydantic import BaseModel


class IslandState(BaseModel):
    """Treasure Island's cards and who holds which Map Fragments."""
