"""Appendix "New Items" -> "Astral Stones", "Astral Lawstone, Astral Chaos Stone" (Water Realm
expansion), with the rulings smithing and stone_targets (data/prophecy/water_realm/cards/rulings.yaml)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.water_realm.cards.actions import Smith
from tests.prophecy_water.wr_cards_helpers import (
    act,
    begin_turn,
    cards,
    cards_game,
    events_of,
    give,
    hold_artifacts,
    learn,
    legal,
    put,
    quiet,
)


def _smithy(at: str = "village", gold: int = 5):
    st = quiet(cards_game())
    begin_turn(st, "p1", at=at, phase="act")
    st.player("p1").gold = gold
    return st


def test_appendix_astral_stones__set_like_a_repair_for_one_gold_in_civilization() -> None:
    """"Integrating an Astral Stone is just like repairing a weapon: you can do it in
    civilization for 1 Gold": the two become one Item and the Gold is paid."""
    st = _smithy()
    sword = give(st, "p1", "sword")
    stone = give(st, "p1", "astral_lawstone")
    job = Smith(item=sword, stone=stone)
    assert job in legal(st, "p1")
    st, events = act(st, "p1", job)
    p = st.player("p1")
    assert p.gold == 4
    assert [i.card for i in p.items] == ["sword__stone_astral_lawstone"]
    assert p.item(sword) is not None, "the Item keeps its identity; the stone is part of it now"
    assert events_of(events, "wrc_stone_set")


def test_appendix_astral_stones__no_smith_in_the_wilderness() -> None:
    """Only civilization (where Items are repaired) or Blacksmithing: not on a Forest."""
    st = _smithy(at="forest_1")
    sword = give(st, "p1", "sword")
    stone = give(st, "p1", "astral_lawstone")
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=sword, stone=stone))


def test_appendix_astral_stones__blacksmithing_instead_of_movement_is_free() -> None:
    """"...or you can give up your Movement to use the Blacksmithing Ability": free, anywhere,
    and every job of that turn (ruling smithing)."""
    st = _smithy(at="forest_1", gold=0)
    learn(st, "p1", "blacksmithing")
    sword = give(st, "p1", "sword")
    helmet = give(st, "p1", "iron_helmet")
    iron = give(st, "p1", "astral_ironstone")
    moon = give(st, "p1", "astral_moonstone")
    st, _ = act(st, "p1", Smith(item=sword, stone=iron, blacksmithing=True))
    st, _ = act(st, "p1", Smith(item=helmet, stone=moon, blacksmithing=True))
    p = st.player("p1")
    assert sorted(i.card for i in p.items) == ["iron_helmet__stone_astral_moonstone", "sword__stone_astral_ironstone"]
    assert p.gold == 0
    assert st.standard.turn.instead == "blacksmithing"


def test_appendix_astral_stones__blacksmithing_only_when_she_stayed() -> None:
    """Blacksmithing is used instead of movement: not after moving."""
    st = _smithy(at="forest_1")
    st.turn.moved = True
    st.turn.start_space = 0
    learn(st, "p1", "blacksmithing")
    give(st, "p1", "sword")
    give(st, "p1", "astral_lawstone")
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]


def test_appendix_astral_stones__only_into_the_type_on_its_card() -> None:
    """"An Astral Stone can only be integrated into an Item of the type specified on its card":
    the Lawstone goes into weapons, not into a helmet."""
    st = _smithy()
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", "astral_lawstone")
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=helmet, stone=stone))


def test_appendix_astral_stones__one_stone_per_item_for_good() -> None:
    """"An Item can have at most one Astral Stone. Once a Stone is integrated ... it cannot be
    removed": a second stone is refused."""
    st = _smithy()
    sword = give(st, "p1", "sword")
    give(st, "p1", "astral_lawstone")
    chaos = give(st, "p1", "astral_chaos_stone")
    st.player("p1").items[0].card = "sword__stone_astral_lawstone"
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith" and a.item == sword]
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=sword, stone=chaos))


def test_appendix_astral_stones__price_adds_up_when_sold() -> None:
    """"The price of the Item is the sum of the Item's original price and the price of the
    Stone": a Sword (5) with a Lawstone (5) sells for half of 10."""
    st = _smithy(at="city")
    sword = give(st, "p1", "sword")
    st.player("p1").items[0].card = "sword__stone_astral_lawstone"
    st, events = act(st, "p1", {"type": "sell", "item": sword})
    assert events_of(events, "item_sold")[0].data["gold"] == 5
    # the two printed cards go back to their own piles, never the combined one
    st, _ = act(st, "p1", {"type": "end_turn"})
    discards = st.decks.common.discard + st.decks.rare.discard
    assert "sword" in discards and "astral_lawstone" in discards
    assert not any("__" in c for c in discards)


def test_appendix_astral_stones__powers_only_once_integrated() -> None:
    """"Until a smith has integrated the Astral Stone ... none of its powers work": a loose
    Lawstone adds nothing against an undead foe; set in the sword it adds +2."""
    st = _smithy()
    give(st, "p1", "sword")
    give(st, "p1", "astral_lawstone")
    ctx = Ctx(state=st, pack=pack_of(st))
    zombie = sbattle.creature_foe(ctx.pack.adventure("shambling_zombies"))
    p = st.player("p1")
    loose = [ctx.pack.item(i.card) for i in p.items]
    assert sum(part.foe_bonus(ctx, p, "strength", zombie, loose) for part in sbattle.parts.active_parts(st)) == 0
    p.items[0].card = "sword__stone_astral_lawstone"
    p.items.pop(1)
    set_in = [ctx.pack.item(i.card) for i in p.items]
    assert sum(part.foe_bonus(ctx, p, "strength", zombie, set_in) for part in sbattle.parts.active_parts(st)) == 2


def test_appendix_astral_stones__stone_follows_its_item_when_stolen() -> None:
    """"The two are counted as a single Item that can be destroyed, sold, or stolen as usual":
    an Item taken by another character keeps its stone."""
    st = _smithy()
    sword = give(st, "p2", "sword")
    st.player("p2").items[0].card = "sword__stone_astral_chaos_stone"
    st.player("p2").space = st.player("p1").space
    scroll = give(st, "p1", "scroll_of_entrancement")
    st, _ = act(st, "p1", {"type": "use_item", "item": scroll})
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p2"})
    st, events = act(st, "p1", {"type": "wrc_name", "text": "Sword"})
    assert st.player("p1").item(sword).card == "sword__stone_astral_chaos_stone"
    assert events_of(events, "wrc_entranced")


def test_appendix_astral_stones__into_an_artifact_follows_it() -> None:
    """"An Astral Stone can be integrated into a Common Item, a Rare Item, or even an
    Artifact" (a stone whose card names Artifacts; ruling stone_targets): the Artifact gives
    its bonus to whoever holds it."""
    st = _smithy()
    artifact = st.standard.planes[0].artifact
    hold_artifacts(st, "p1", artifact)
    iron = give(st, "p1", "astral_ironstone")
    st, events = act(st, "p1", Smith(item=artifact, stone=iron))
    assert cards(st).stones == {artifact: "astral_ironstone"}
    ctx = Ctx(state=st, pack=pack_of(st))
    wolf = sbattle.creature_foe(ctx.pack.adventure("wolf_pack"))
    part = next(x for x in sbattle.parts.active_parts(st) if x.id == "cards")
    assert part.foe_bonus(ctx, st.player("p1"), "strength", wolf, []) == 1
    hold_artifacts(st, "p2", artifact)
    assert part.foe_bonus(ctx, st.player("p2"), "strength", wolf, []) == 1
    assert part.foe_bonus(ctx, st.player("p1"), "strength", wolf, []) == 0


def test_appendix_astral_lawstone_chaos_stone__lawstone_once_against_undead_or_demon() -> None:
    """"If the opponent has multiple types, the Astral Lawstone can be used ... if these types
    include undead or demon": +2 against undead, against a demon, and once (+2) against the
    Soul Collector, an undead demon."""
    st = _smithy()
    give(st, "p1", "sword")
    st.player("p1").items[0].card = "sword__stone_astral_lawstone"
    ctx = Ctx(state=st, pack=pack_of(st))
    part = next(x for x in sbattle.parts.active_parts(st) if x.id == "cards")
    held = [ctx.pack.item("sword__stone_astral_lawstone")]
    p = st.player("p1")
    for card, bonus in (("shambling_zombies", 2), ("imp", 2), ("soul_collector", 2), ("wolf_pack", 0)):
        foe = sbattle.creature_foe(ctx.pack.adventure(card))
        assert part.foe_bonus(ctx, p, "strength", foe, held) == bonus, card


def test_appendix_astral_lawstone_chaos_stone__chaos_stone_not_if_undead_or_demon() -> None:
    """"...(and the Astral Chaos Stone cannot be used), if these types include undead or
    demon": +1 against humanoids and animals, nothing against the Vampire (undead humanoid)."""
    st = _smithy()
    give(st, "p1", "sword")
    st.player("p1").items[0].card = "sword__stone_astral_chaos_stone"
    ctx = Ctx(state=st, pack=pack_of(st))
    part = next(x for x in sbattle.parts.active_parts(st) if x.id == "cards")
    held = [ctx.pack.item("sword__stone_astral_chaos_stone")]
    p = st.player("p1")
    for card, bonus in (("goblin_raiders", 1), ("wolf_pack", 1), ("vampire", 0), ("imp", 0)):
        foe = sbattle.creature_foe(ctx.pack.adventure(card))
        assert part.foe_bonus(ctx, p, "strength", foe, held) == bonus, card
    # a character is a humanoid: the Chaos Stone counts against her
    assert part.foe_bonus(ctx, p, "strength", sbattle.character_foe(ctx, st.player("p2")), held) == 1


def test_appendix_astral_stones__the_battle_counts_the_stone() -> None:
    """The Lawstone's bonus reaches the battle's figure (not only the bonus table)."""
    st = _smithy(at="forest_1")
    uid = put(st, "forest_1", "shambling_zombies")
    sword = give(st, "p1", "sword")
    st.turn.phase = "fight"
    st.turn.fight = uid
    plain = next(a for a in legal(st, "p1") if a.type == "fight" and a.weapon == sword and a.battle == "strength")
    _, before = act(st, "p1", plain)
    st.player("p1").items[0].card = "sword__stone_astral_lawstone"
    _, after = act(st, "p1", plain)
    first = events_of(before, "battle_started")[0].data["player_figure"]
    assert events_of(after, "battle_started")[0].data["player_figure"] == first + 2

