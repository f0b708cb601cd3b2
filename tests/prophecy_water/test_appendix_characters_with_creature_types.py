"""Appendix "Characters with Creature Types" and the Beast ("Cooperative and Solo Game" ->
"Beast") (Water Realm expansion), with the rulings creature_types and beast_card."""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.equipment import battle_bonus
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import parts
from engine.prophecy.water_realm.cards.adventures import PATH_BOARD
from tests.prophecy_water.wr_cards_helpers import (
    act,
    begin_turn,
    cards,
    cards_game,
    events_of,
    figures,
    give,
    load,
    put,
    quiet,
    types_of,
)


def _beat_the_beast():
    st = quiet(cards_game())
    begin_turn(st, "p1", at="forest_1", phase="fight")
    figures(st, "p1", 6, 4)
    st.turn.fight = put(st, "forest_1", "beast")
    load(st, 6, 1)
    st, events = act(st, "p1", {"type": "fight", "battle": "strength"})
    return st, events


def test_appendix_characters_with_creature_types__every_character_is_humanoid() -> None:
    st = quiet(cards_game())
    assert types_of(st, "p1") == ("humanoid",)


def test_new_cards_beast__beaten_it_stays_with_her() -> None:
    """The Beast beaten is kept (not discarded): she turns into an animal and a demon."""
    st, events = _beat_the_beast()
    assert cards(st).beasts == {"p1": ["beast"]}
    assert "beast" not in st.decks.adventure.discard
    assert set(types_of(st, "p1")) == {"humanoid", "animal", "demon"}
    assert events_of(events, "wrc_beast_kept") and events_of(events, "creature_defeated")


def test_new_cards_beast__plus_one_in_battles_of_strength() -> None:
    st, _ = _beat_the_beast()
    ctx = Ctx(state=st, pack=pack_of(st))
    part = next(x for x in parts.active_parts(st) if x.id == "cards")
    wolf = sbattle.creature_foe(ctx.pack.adventure("wolf_pack"))
    assert part.foe_bonus(ctx, st.player("p1"), "strength", wolf, []) == 1
    assert part.foe_bonus(ctx, st.player("p1"), "wills", wolf, []) == 0


def test_appendix_characters_with_creature_types__cumulative() -> None:
    """"A character that has defeated the Beast and then walked the Path of the Dead will be an
    undead humanoid demon animal"."""
    st, _ = _beat_the_beast()
    begin_turn(st, "p1", at="forest_1", phase="act")
    uid = put(st, "forest_1", "path_of_the_dead")
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    assert st.player("p1").board == PATH_BOARD
    begin_turn(st, "p2", phase="act")
    st, _ = act(st, "p2", {"type": "end_turn"})
    assert set(types_of(st, "p1")) == {"undead", "humanoid", "demon", "animal"}


def test_appendix_characters_with_creature_types__bonuses_against_her_types_apply() -> None:
    """"It means that another character's bonuses against Creatures of that type will also
    apply against her": a Holy Symbol (+2 against undead) and the Radiant Spear (+1 a type)
    count against an undead character, as attacker's Items and as defender's."""
    st = quiet(cards_game())
    cards(st).types["p2"] = ["undead"]
    ctx = Ctx(state=st, pack=pack_of(st))
    foe = sbattle.character_foe(ctx, st.player("p2"))
    assert foe.tags == ("humanoid", "undead")
    assert battle_bonus([ctx.pack.item("holy_symbol")], foe, "strength", None) == 2  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert battle_bonus([ctx.pack.item("radiant_spear")], foe, "strength", None) == 2  # type: ignore[arg-type]  # a deliberately loose value from the test
    # p2 attacks p1, who holds the Holy Symbol: it counts for the defender against the undead attacker
    give(st, "p1", "holy_symbol")
    begin_turn(st, "p2", phase="act")
    ctx = Ctx(state=st, pack=pack_of(st))
    plain = st.player("p1").red.right
    assert sbattle.defender_figure(ctx, st.player("p1"), "strength") == plain + 2


def test_new_cards_beast__the_card_goes_when_she_dies() -> None:
    """In the competitive game the Beast stays with her until she dies (ruling beast_card)."""
    st, _ = _beat_the_beast()
    st.player("p1").alive = False
    st.player("p1").items = []
    begin_turn(st, "p2", phase="act")
    st, _ = act(st, "p2", {"type": "end_turn"})
    assert "p1" not in cards(st).beasts and "beast" in st.decks.adventure.discard
    assert types_of(st, "p1") == ("humanoid",)
