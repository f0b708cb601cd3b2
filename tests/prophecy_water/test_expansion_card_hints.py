"""Base cards whose texts are the project's own, where the Water Realm expansion rulebook tells
something of what they do (Appendix "Crystal Ball of Fate", "Chance Cards", "Using Banner of
Hope", "Path of the Dead"): the cards follow those hints; the figures the text does not give stay
the project's choices (`source: project`)."""
from __future__ import annotations

import pytest

from tests.prophecy_standard.helpers import apply, begin_turn, load, new_game, put, quiet


@pytest.mark.parametrize("face,magical", [(2, False), (5, True)])
def test_appendix_crystal_ball_of_fate__the_mysterious_old_man_rolls_to_see_if_he_is_magical(face, magical):
    """Appendix "Crystal Ball of Fate" names "rolling to see if the Mysterious Old Man is magical
    or not": using him rolls a die, and the answer decides what he gives."""
    state = quiet(new_game())
    p = state.player("p1")
    p.blue.right, p.blue.left = p.blue.right - 2, 2
    magic, xp = p.blue.right, p.experience
    old_man = put(state, "plains_1", "mysterious_old_man")
    begin_turn(state, "p1", at="plains_1", phase="act")
    load(state, face)
    state, events = apply(state, "p1", {"type": "use_opportunity", "card": old_man})
    rolled = next(e for e in events if e.kind == "die_rolled")
    assert rolled.data["face"] == face
    p = state.player("p1")
    assert (p.blue.right - magic, p.experience - xp) == ((2, 2) if magical else (0, 1))
