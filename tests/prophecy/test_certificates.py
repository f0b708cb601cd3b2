"""Basic rules, "Acquiring a Certificate" and "End of the Game"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import BuyCertificate, EndTurn
from engine.prophecy.content import pack_by_id
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import begin_turn, new_game


def _guild_space(guild):
    return next(s.id for s in pack_by_id("base").board.spaces if s.guild == guild)


def _at_guild(guild: str, character: str = "illusionist", xp: int = 5, gold: int = 5):
    state = new_game(3, seed=13, characters=[character, None, None])
    begin_turn(state, "p1", at=_guild_space(guild), phase="act")
    p = state.player("p1")
    p.experience, p.gold = xp, gold
    return state


def test_basic__certificate__costs_five_experience_and_five_gold():
    ch = pack_by_id("base").character("illusionist")
    other = next(g for g in pack_by_id("base").guilds if g not in ch.guilds)
    state = _at_guild(other)
    out = apply(state, "p1", BuyCertificate())
    p = out.state.player("p1")
    assert (p.experience, p.gold, p.certificates) == (0, 0, [other])
    state.player("p1").gold = 4
    with pytest.raises(RuleError) as err:
        apply(state, "p1", BuyCertificate())
    assert err.value.key == "error.not_enough_gold"
    state.player("p1").gold, state.player("p1").experience = 5, 4
    with pytest.raises(RuleError) as err:
        apply(state, "p1", BuyCertificate())
    assert err.value.key == "error.not_enough_experience"


@pytest.mark.parametrize("which", [0, 1])
def test_basic__certificate__gold_waived_at_either_of_the_characters_guilds(which):
    guild = pack_by_id("base").character("illusionist").guilds[which]
    state = _at_guild(guild, gold=0)
    out = apply(state, "p1", BuyCertificate())
    assert out.state.player("p1").certificates == [guild] and out.state.player("p1").experience == 0


def test_basic__certificate__one_per_guild():
    state = _at_guild("fortress", xp=10, gold=10)
    out = apply(state, "p1", BuyCertificate())
    assert BuyCertificate() not in legal_actions(out.state, "p1")
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", BuyCertificate())
    assert err.value.key == "error.certificate_owned"


def test_basic__certificate__only_in_a_guild_space():
    state = new_game(2, seed=13)
    begin_turn(state, "p1", at="city", phase="act")
    state.player("p1").experience = 9
    with pytest.raises(RuleError) as err:
        apply(state, "p1", BuyCertificate())
    assert err.value.key == "error.not_a_guild"


def test_basic__end_of_game__fifth_certificate_ends_at_once_others_ranked():
    """The fifth Certificate ends the game immediately and wins; the rest are ranked by Certificates."""
    state = _at_guild("monastery", xp=5, gold=5)
    state.player("p1").certificates = ["fortress", "thieves_guild", "magic_tower", "forest_camp"]
    state.player("p2").certificates = ["fortress"]
    state.player("p3").certificates = ["fortress", "monastery"]
    out = apply(state, "p1", BuyCertificate())
    assert out.state.status == "finished" and out.state.winner == "p1"
    assert out.state.turn is None and legal_actions(out.state, "p1") == []
    assert [(r.player, r.place) for r in out.state.ranking] == [("p1", 1), ("p3", 2), ("p2", 3)]
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", EndTurn())
    assert err.value.key == "error.game_over"


def test_basic__turns__only_the_active_player_acts():
    state = _at_guild("fortress")
    before = state.dump()
    for actor, key in (("p2", "error.not_your_turn"), ("stranger", "error.not_a_player")):
        with pytest.raises(RuleError) as err:
            apply(state, actor, EndTurn())
        assert err.value.key == key
        assert legal_actions(state, actor) == []
    assert state.dump() == before
