"""Basic rules, "Preparation of the Game Board" and "Character Preparation"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from tests.prophecy.helpers import new_game


def test_basic__preparation__listed_cards_removed():
    """Preparation: Lost Library and the Chance cards Fortress, Thieves' Guild, Magic Tower,
    Forest Camp, Monastery, Interesting Times, Training Offer, Open Training, Prophetic Dream
    are removed in the Basic Version."""
    state = new_game(4, seed=3, pack="base")
    pack = pack_by_id("base")
    standard_only = {c.id for c in pack.adventures if c.standard_only} | {c.id for c in pack.chance if c.standard_only}
    names = {c.name for c in pack.chance if c.standard_only}
    assert {"Fortress", "Thieves' Guild", "Magic Tower", "Forest Camp", "Monastery", "Interesting Times",
            "Training Offer", "Open Training", "Prophetic Dream"} <= names
    assert "Lost Library" in {c.name for c in pack.adventures if c.standard_only}
    in_play = set(state.decks.adventure.draw + state.decks.adventure.discard + state.decks.chance.draw
                  + state.decks.chance.discard + [a.card for s in state.spaces for a in s])
    assert not (standard_only & in_play)


def test_basic__preparation__decks_shuffled():
    """Preparation: every deck is shuffled, so two seeds give different orders."""
    a, b = new_game(2, seed=1, pack="base"), new_game(2, seed=2, pack="base")
    assert a.decks.adventure.draw != b.decks.adventure.draw
    assert a.decks.chance.draw != b.decks.chance.draw
    assert sorted(a.decks.chance.draw + a.decks.chance.discard) == sorted(b.decks.chance.draw + b.decks.chance.discard)


def test_basic__character_preparation__cubes_gold_experience_and_start_guild():
    """Character Preparation: red cubes = Strength, blue = Willpower, on the right; 3 Gold,
    3 Experience; the piece starts on the first guild of the character card."""
    state = new_game(3, seed=5, characters=["illusionist", None, None], pack="base")
    pack = pack_by_id("base")
    assert len({p.character for p in state.players}) == 3
    for p in state.players:
        ch = pack.character(p.character)
        assert p.red.right + p.red.left == ch.strength
        assert p.blue.right + p.blue.left == ch.willpower
        assert p.experience == 3
        assert pack.space(p.space).guild == ch.guilds[0]
    assert state.players[0].character == "illusionist"
    assert all(p.gold >= 3 for p in state.players)


def test_basic__character_preparation__one_character_each_and_unknown_refused():
    """Character Preparation: one character card each; asking for an unknown one is refused."""
    with pytest.raises(RuleError) as err:
        SYSTEM.new_game([Seat(player="a", name="A", character="dragon"), Seat(player="b", name="B")], {}, 1)
    assert err.value.key == "error.unknown_character"
    with pytest.raises(RuleError) as err:
        SYSTEM.new_game([Seat(player="a", name="A", character="troll"), Seat(player="b", name="B", character="troll")], {}, 1)
    assert err.value.key == "error.character_taken"


@pytest.mark.parametrize("count", [1, 6])
def test_basic__seats__two_to_five_players(count):
    with pytest.raises(RuleError) as err:
        SYSTEM.new_game([Seat(player=str(i), name=str(i)) for i in range(count)], {}, 1)
    assert err.value.key == "error.seat_count"


def test_basic__preparation__highest_roll_begins_ties_reroll():
    """Preparation: everyone rolls; the highest begins; ties for highest roll again."""
    for seed in range(40):
        out = SYSTEM.new_game([Seat(player=f"p{i}", name=str(i)) for i in range(4)], {}, seed)
        rolls = [e.data["rolls"] for e in out.events if e.kind == "first_player_roll"]
        final = rolls[-1]
        top = max(final.values())
        assert [p for p, r in final.items() if r == top] == [out.state.first_player]
        for earlier, later in zip(rolls, rolls[1:], strict=False):
            top = max(earlier.values())
            assert set(later) == {p for p, r in earlier.items() if r == top}
        assert out.state.turn.player == out.state.first_player
