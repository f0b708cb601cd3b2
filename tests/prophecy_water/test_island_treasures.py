"""What the Treasures do (Water Realm expansion rulebook, Appendix "Treasures", "Astral Satchel",
"Tome of Magic", "Crystal Ball of Fate"; rulings treasure_powers, crystal_ball_vision,
tome_of_magic, astral_satchel)."""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import powers
from engine.prophecy.turns import start_turn
from systems.prophecy.describe import narrate, private_lines
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    figures,
    game,
    give,
    isl,
    learn,
    legal,
    load,
    put,
    quiet,
)


def _next_round_of_p1(state, chance: str = "city_merchant"):
    """p2 ends a quiet turn; p1's round begins with the Chance card `chance` on top."""
    begin_turn(state, "p2", phase="act")
    state.decks.chance.draw.append(chance)
    return apply(state, "p2", {"type": "end_turn"})


def test_appendix_treasures__start_of_round_powers_before_the_movement():
    """Appendix "Treasures": Magic Pouch, Tome of Wisdom... act at the start of the round, before
    the move (ruling treasure_powers: applied by themselves)."""
    state = quiet(game())
    give(state, "p1", "magic_pouch")
    give(state, "p1", "tome_of_wisdom")
    p = state.player("p1")
    gold, xp = p.gold, p.experience
    state, _ = _next_round_of_p1(state)
    p = state.player("p1")
    assert state.turn.player == "p1" and state.turn.phase == "move"
    assert p.gold == gold + 1 and p.experience == xp + 1


def test_appendix_treasures__once_a_round_even_with_more_turns():
    """Appendix "Treasures": with several turns in a round, only before the first."""
    state = quiet(game())
    give(state, "p1", "magic_pouch")
    gold = state.player("p1").gold
    ctx = Ctx(state=state, pack=pack_of(state))
    start_turn(ctx, "p1", extra=True)
    assert state.player("p1").gold == gold


def test_appendix_treasures__a_damaged_treasure_does_nothing():
    state = quiet(game())
    give(state, "p1", "magic_pouch", damaged=True)
    gold = state.player("p1").gold
    state, _ = _next_round_of_p1(state)
    assert state.player("p1").gold == gold


def test_appendix_crystal_ball_of_fate__the_next_battle_roll_known_to_its_holder_alone():
    """Crystal Ball of Fate: at the start of her round its holder learns both dice of her next
    battle roll; nobody else does, and the battle then falls as foretold."""
    state = quiet(game())
    give(state, "p1", "crystal_ball_of_fate")
    state, events = _next_round_of_p1(state)
    seen = isl(state).foretold["p1"]
    assert len(seen) == 2 and all(1 <= d <= 6 for d in seen)
    assert "p1" not in SYSTEM.view(state, "p2").standard.island.foretold
    assert SYSTEM.view(state, "p1").standard.island.foretold["p1"] == seen
    public = " ".join(narrate(SYSTEM.view(state, None), events, "en"))
    assert "Crystal Ball" in public and "your next battle roll" not in public
    mine = " ".join(private_lines(SYSTEM.view(state, "p1"), events, "en"))
    assert f"{seen[0]} on your die and {seen[1]}" in mine
    # she stays where a Creature waits and fights it: the roll is the one foretold
    creature = next(c.id for c in powers.spack(state).as_pack().adventures
                    if getattr(c, "strength", None) and not c.willpower and not c.specials)
    put(state, _space(state, "p1"), creature)
    state, _ = apply(state, "p1", {"type": "move", "method": "stay", "to": _space(state, "p1")})
    fight = next(a for a in legal(state, "p1") if a["type"] == "fight" and not a["weapon"])
    state, events = apply(state, "p1", fight)
    roll = next(e for e in events if e.kind == "battle_roll")
    assert [roll.data["light"], roll.data["dark"]] == seen
    assert "p1" not in isl(state).foretold  # used once


def test_appendix_crystal_ball_of_fate__void_when_her_round_ends():
    """Crystal Ball of Fate: no battle in her round, and the vision is void."""
    state = quiet(game())
    give(state, "p1", "crystal_ball_of_fate")
    state, _ = _next_round_of_p1(state)
    assert "p1" in isl(state).foretold
    begin_turn(state, "p1", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p2" and "p1" not in isl(state).foretold


def test_appendix_astral_satchel__the_other_items_cannot_be_taken():
    """Astral Satchel: its carrier's other Items are safe from theft (ruling astral_satchel:
    a winner with Thievery cannot take one; the loser chooses what to lose)."""
    state = quiet(game())
    give(state, "p1", "astral_satchel")
    give(state, "p1", "dagger")
    learn(state, "p2", "thievery")
    begin_turn(state, "p2", at="plains_1", phase="act")
    state.player("p1").space = state.player("p2").space
    figures(state, "p2", 5, 5)
    figures(state, "p1", 3, 3)
    attack = next(a for a in legal(state, "p2") if a["type"] == "attack" and a["target"] == "p1"
                  and a["battle"] == "strength" and not a["weapon"])
    load(state, 6, 1)
    state, _ = apply(state, "p2", attack)
    d = state.standard.decisions[0]
    assert d.kind == "loss" and d.player == "p1"
    assert {"item_loss", "item_damage"} <= powers.wards(state, "p1")
    state.player("p1").items[0].damaged = True
    assert "item_loss" not in powers.wards(state, "p1")


def test_appendix_astral_satchel__it_raises_the_item_limit():
    """Astral Satchel: "If the Satchel is lost or stolen, you still keep all your other Items,
    even if you are over the limit": it raises the Item limit (by 2, ruling astral_satchel); at
    the end of her round without it she discards down to the limit."""
    from engine.prophecy.standard import guilds
    state = quiet(game())
    limit = pack_of(state).rules.item_limit.value
    give(state, "p1", "astral_satchel")
    for _ in range(limit + 1):
        give(state, "p1", "dagger")
    ctx = Ctx(state=state, pack=pack_of(state))
    p = state.player("p1")
    assert len(p.items) == limit + 2 and guilds.excess(ctx, p) == []
    begin_turn(state, "p1", at="plains_1", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert not state.standard.decisions and len(state.player("p1").items) == limit + 2
    satchel = next(i for i in state.player("p1").items if i.card == "astral_satchel")
    state.player("p1").items.remove(satchel)
    begin_turn(state, "p1", at="plains_1", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    d = state.standard.decisions[0]
    assert d.kind == "discard" and d.player == "p1"


def test_appendix_tome_of_magic__cast_a_spell_another_character_knows():
    """Tome of Magic: its holder may use a spell another character has (ruling tome_of_magic)."""
    state = quiet(game())
    learn(state, "p2", "curse")
    begin_turn(state, "p1", at="plains_1", phase="act")
    state.player("p2").space = state.player("p1").space
    def spells() -> set:
        return {s for a in legal(state, "p1") if a["type"] == "attack" for s in a.get("spells", ())}
    assert "curse" not in spells()
    give(state, "p1", "tome_of_magic")
    assert "curse" in spells()
    learn(state, "p1", "curse")
    assert [c.id for c in powers.held(state, "p1")].count("curse") == 1  # not doubled


def _space(state, pid: str) -> str:
    return powers.spack(state).as_pack().space(state.player(pid).space).id


def test_appendix_crystal_ball_of_fate__prayer_and_curse_still_roll_their_extra_dice():
    """Crystal Ball of Fate: the foretold roll can still be altered: with Prayer only one light
    die is known and she rolls again, keeping the better; with Curse the dark die is rolled twice
    more, keeping the worst."""
    state = quiet(game())
    give(state, "p1", "crystal_ball_of_fate")
    learn(state, "p1", "prayer", "curse")
    isl(state).foretold["p1"] = [2, 5]
    begin_turn(state, "p1", at="plains_1", phase="act")
    state.player("p2").space = state.player("p1").space
    figures(state, "p1", 4, 6)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["target"] == "p2"
                  and set(a.get("spells", ())) == {"prayer", "curse"} and not a["weapon"])
    load(state, 6, 4, 3)  # Prayer's second light die, then Curse's two more dark dice
    state, events = apply(state, "p1", attack)
    roll = next(e for e in events if e.kind == "battle_roll")
    assert roll.data["own_rolls"] == [2, 6] and roll.data["light"] == 6
    assert roll.data["foe_rolls"] == [5, 4, 3] and roll.data["dark"] == 3
    assert "p1" not in isl(state).foretold
