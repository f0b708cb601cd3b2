"""Water Realm, the Gate and the way in (rulebook "Gate to the Water Realm", "Legends of the
Deeps", "Magic Bubble Bag")."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.prophecy_water.water_helpers import (
    ENTRANCE,
    GATE,
    W,
    act,
    begin,
    idx,
    kinds,
    learn,
    legal,
    quiet,
    types,
    water_game,
    ws,
)


def _gate_on_fire(state):
    sst = state.standard
    fire = sst.plane("astral_fire")
    other = next(pl for pl in sst.planes if pl.lesser == GATE)
    other.lesser, fire.lesser = fire.lesser, GATE
    return fire


def test_water_gate_to_the_water_realm__an_attack_turns_it_up_and_the_plane_cards_go_to_the_palace():
    """"Gate to the Water Realm": an attack on its plane turns it up; the Greater Guardian and
    the Artifact go to the Water Realm's plane (they stay recorded on the Gate's plane) and lose
    the +1 Power Up; the Gate stays; the attacker may dive at once."""
    state = quiet(water_game())
    fire = _gate_on_fire(state)
    greater, artifact = fire.greater, fire.artifact
    begin(state, "p1", phase="act")
    state.player("p1").space = idx("plains_1")
    state, events = act(state, "p1", {"type": "attack", "target": "astral_fire", "battle": "strength"})
    fire = state.standard.plane("astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    assert "water_gate_found" in kinds(events) and ws(state).gate == "astral_fire"
    assert fire.lesser is None and (fire.greater, fire.artifact) == (greater, artifact) and fire.power_up == 0
    assert all(pl.power_up == 1 for pl in state.standard.planes if pl.id != "astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    enters = [a for a in legal(state, "p1") if a["type"] == "water_enter"]
    assert enters  # the attack was the Gate's: she may go in at once
    # nobody can attack that plane any more; they dive instead
    begin(state, "p2", phase="act")
    state.player("p2").space = idx("mountains_1")
    assert not any(a["type"] == "attack" and a.get("target") == "astral_fire" for a in legal(state, "p2"))
    assert any(a["type"] == "water_enter" for a in legal(state, "p2"))


def test_water_gate_to_the_water_realm__a_prophetic_dream_turns_it_up_for_everyone():
    """"Gate to the Water Realm": a Prophetic Dream that finds it turns it up; the dreamer does
    not keep it to herself."""
    state = quiet(water_game(prophetic_dream="private"))
    _gate_on_fire(state)
    begin(state, "p2", phase="act")
    state.decks.chance.draw.append("prophetic_dream")
    state, events = act(state, "p2", {"type": "end_turn"})
    state, events = act(state, "p1", {"type": "dream", "plane": "astral_fire", "slot": "lesser"})
    assert ws(state).gate == "astral_fire" and "water_gate_found" in kinds(events)
    assert "plane_card_seen" not in kinds(events)


def test_water_magic_bubble_bag__bought_at_the_gate_price_and_the_turn_ends():
    """"Magic Bubble Bag": bought when diving, at the Gate's price list (3 Bubbles for 1 Gold);
    she stands on the entrance and plays by the realm's rules from her next turn."""
    state = quiet(water_game())
    _gate_on_fire(state)
    ws(state).gate = "astral_fire"
    state.standard.plane("astral_fire").lesser = None  # type: ignore[union-attr]  # a Standard game, built by the test
    begin(state, "p1", phase="act")
    p = state.player("p1")
    p.space = idx("plains_1")
    p.gold = 2
    offers = sorted(a["gold"] for a in legal(state, "p1") if a["type"] == "water_enter")
    assert offers == [0, 1, 2]
    assert W.bag_bubbles(1) == 3
    state, events = act(state, "p1", {"type": "water_enter", "gold": 1})
    d = ws(state).divers["p1"]
    assert d.cell == ENTRANCE and d.bubbles == 3 and state.player("p1").gold == 1
    assert state.player("p1").board == "water" and state.turn.player == "p2"  # type: ignore[union-attr]  # set up by the test


def test_water_magic_bubble_bag__deep_lungs_holds_three_more():
    """Deep Lungs (Underwater Ability, project card): a bag holds 3 more Bubbles."""
    state = quiet(water_game())
    _gate_on_fire(state)
    ws(state).gate = "astral_fire"
    state.standard.plane("astral_fire").lesser = None  # type: ignore[union-attr]  # a Standard game, built by the test
    learn(state, "p1", "deep_lungs")
    ws(state).underwater.remove("deep_lungs")
    begin(state, "p1", phase="act")
    state.player("p1").space = idx("mountains_1")
    state.player("p1").gold = 5
    state, _ = act(state, "p1", {"type": "water_enter", "gold": 2})
    assert ws(state).divers["p1"].bubbles == W.bag_bubbles(2) + 3  # type: ignore[operator]  # set up by the test


def test_water_magic_bubble_bag__not_from_elsewhere_nor_with_a_creature_there():
    """Diving is entering the Gate's plane: only from a space beside it, as the turn's attack,
    with no Creature left there."""
    state = quiet(water_game())
    _gate_on_fire(state)
    ws(state).gate = "astral_fire"
    state.standard.plane("astral_fire").lesser = None  # type: ignore[union-attr]  # a Standard game, built by the test
    begin(state, "p1", phase="act")
    state.player("p1").space = idx("village")
    assert "water_enter" not in types(state, "p1")
    with pytest.raises(RuleError):
        act(state, "p1", {"type": "water_enter", "gold": 0})
    state.player("p1").space = idx("plains_1")
    state.standard.turn.attacked = True  # type: ignore[union-attr]  # a Standard game, built by the test
    assert "water_enter" not in types(state, "p1")


def test_water_legends_of_the_deeps__an_underwater_ability_at_its_guild_and_two_cards_turned_up():
    """"Legends of the Deeps": the top Underwater Ability joins its guild's offer (the one it
    replaces goes back to its own deck), and the drawer turns up two cards of the realm of her
    choice, but never the Palace's Guardian or Artifact."""
    state = quiet(water_game(), board=False)
    w = ws(state)
    top = w.underwater[-1]
    from engine.prophecy.standard import powers

    guild = powers.spack(state).ability(top).guild
    old = list(state.standard.guild_offers[guild])  # type: ignore[union-attr]  # a Standard game, built by the test
    begin(state, "p2", phase="act")
    state.decks.chance.draw.append(W.data.legends.id)
    state, events = act(state, "p2", {"type": "end_turn"})
    assert state.standard.guild_offers[guild] == [top]  # type: ignore[union-attr]  # a Standard game, built by the test
    assert state.standard.guild_decks[guild][0] == old[0]  # type: ignore[union-attr]  # back to the bottom
    reveals = [a for a in legal(state, "p1") if a["type"] == "water_reveal"]
    assert len(reveals) == 22
    state, _ = act(state, "p1", reveals[0])
    state, _ = act(state, "p1", [a for a in legal(state, "p1") if a["type"] == "water_reveal"][0])
    assert sum(1 for c in ws(state).cells if c is not None and c.up) == 2
    assert "water_reveal" not in types(state, "p1")


def test_water_legends_of_the_deeps__an_underwater_ability_replaced_goes_to_its_own_deck():
    """"Underwater Abilities": an Underwater Ability that must go back to a deck goes to the
    bottom of the Underwater deck, never to a guild deck."""
    state = quiet(water_game(), board=False)
    w = ws(state)
    first = w.underwater[-1]
    from engine.prophecy.standard import powers

    guild = powers.spack(state).ability(first).guild
    # a second Underwater Ability of the same guild does not exist: force the guild's card event
    state.standard.guild_offers[guild] = [first]  # type: ignore[union-attr]  # a Standard game, built by the test
    w.underwater.remove(first)
    begin(state, "p2", phase="act")
    state.decks.chance.draw.append(f"{guild}_event")
    state, events = act(state, "p2", {"type": "end_turn"})
    assert first not in state.standard.guild_decks[guild]  # type: ignore[union-attr]  # a Standard game, built by the test
    assert ws(state).underwater[0] == first


def test_water_legends_of_the_deeps__an_ability_learned_is_an_ability_like_the_others():
    """Underwater Abilities are learned at their guild as any Ability (Experience, Gold for
    non-members) and are of use only in the realm."""
    state = quiet(water_game(), board=False)
    w = ws(state)
    from engine.prophecy.standard import powers

    card = "underwater_combat"
    w.underwater.remove(card)
    state.standard.guild_offers["fortress"] = [card]  # type: ignore[union-attr]  # a Standard game, built by the test
    begin(state, "p1", phase="act")
    p = state.player("p1")
    p.space = idx("fortress")
    p.experience, p.gold = 10, 10
    assert {"type": "learn", "ability": card} in legal(state, "p1")
    state, _ = act(state, "p1", {"type": "learn", "ability": card})
    assert card in state.standard.players["p1"].abilities  # type: ignore[union-attr]  # a Standard game, built by the test
    assert powers.battle_bonus(state, "p1", "strength", "creature", [], attacking=False) == 0
