"""Darkest Talisman: the solo and co-op campaign variant of Talisman (sections A-D of the variant).

A party of three characters sets out from a village along six-day roads, meets Adventure cards
in marching order, fights the guardians of troves, comes home to heal and store, and in the end
passes the Sentinel and the Portal of Power to reach the Crown. The whole campaign is one
pydantic state with its own seeded generator; `game.SYSTEM` is what the game master sees.
"""

from engine.darkest_talisman import hookpoint
from engine.darkest_talisman.expansions import hooks as _expansion_hooks

hookpoint.install(_expansion_hooks)
