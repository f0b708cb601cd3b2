"""What the Water Realm keeps in a game (`StandardState.water`). Only pydantic here."""
from __future__ import annotations

from pydantic import BaseModel


class WaterState(BaseModel):
    """The Water Realm's board, its cards and the characters in it."""
