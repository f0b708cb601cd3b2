"""The Blood Moon (DT section F): its pack (data/talisman/expansions/blood_moon/), registered as
the expansion a campaign names with `expansions:Blood Moon`.

What the groundwork already does for it with no code here: its Adventure cards form their own deck,
set aside (F2e), its Magic Objects the Blood Moon Trove deck (F1b), its Spells wait outside the
Spell deck (F2f) (engine/darkest_talisman/expansions/decks.py `setup`). F1a: the Werewolf figure
waits beside the board: no figure is on the road until the Blood Moon rises.

Not built yet (issue #31): the Day/Night Time Card and Lunar Events (F2b, F3), the roving
Werewolf (F6), lycanthropy and its cure (F2a, F2d, F4, F5, F7), the Werewolf's Den (F8). The
module defines no hook for them, so a Blood Moon campaign plays the core's rules with the Blood
Moon's characters in the character deck.
"""
from __future__ import annotations

from engine.darkest_talisman.ctx import Ctx

ID = "blood_moon"
#: the Werewolf figure (F1a) and the Time Card's sides (F2b: Day first)
FIGURE = "werewolf_figure"


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids
