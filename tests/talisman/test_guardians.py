"""C8 Guardian Combat: the trove's guardians, the Sentinel, the party's combined attack."""
from __future__ import annotations

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import guardians
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Guardian, card_id
from tests.talisman.helpers import (
    check_invariants,
    choose,
    clear_spells,
    ctx_of,
    give,
    jump_to_destination,
    kind,
    only_spell,
    party_of,
    rig,
    settle,
    solo,
)


def party(*chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The party, holding no Spells unless a test gives them (the starting Spells are dealt at
    random and a combat Spell among them would ask to be cast first)."""
    s = party_of(solo(1), *(chars or ("troll", "warrior", "wizard")))
    for h in s.party():
        clear_spells(s, h.uid)
    return settle(s)


def at_trove(s, gold_die=3):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Set out for a trove and stand at it, its instructions met."""
    s = choose(rig(s, dice=[gold_die, 2], deck=["good_fortune", "festival"]), "depart:trove")
    return jump_to_destination(s)


def stack_trove(s, *cids):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Replace the trove's Magic Objects with these."""
    trip = s.trip
    s.decks.trove.extend(trip.trove.items)
    trip.trove.items = []
    for cid in cids:
        uid = next(u for u in s.decks.trove if card_id(u) == cid)
        s.decks.trove.remove(uid)
        trip.trove.items.append(uid)
    return s


def test_c8a_c8c_guardian_combat_has_no_evading():
    """C8a: Trove Guardians are fought in Guardian Combat; C8c: no evading."""
    s = at_trove(party())
    assert kind(s) == "guardians" and s.decision.options[0] == "fight" and "evade" not in s.decision.options


def test_c8d_guardians_drawn_only_enemies_and_objects_kept():
    """C8d-a to e: 2d6 cards; everything but Enemies and Objects discarded; the trove turned over."""
    s = stack_trove(at_trove(party()), "runesword")
    s = rig(s, dice=[2, 2], deck=["wolf", "festival", "bow", "lemure"])
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    shown = next(e for e in out.events if e.kind == "talisman.ev.trove_revealed")
    assert shown.data["guardians"] == ["wolf", "lemure"] and shown.data["objects"] == ["bow"]
    assert shown.data["items"] == ["runesword"] and shown.data["gold"] == 3
    assert any(card_id(u) == "festival" for u in out.state.decks.adventure_discard)


def test_c8_guardians_equipped():
    """C8d-g, h, i, j, k: the best weapon to the strongest, the next to the next; armour and shields
    to the strongest, helmets to the craftiest; a Spell-giving item (the Wand) lets the craftiest
    draw Scrolls; what nobody can use, or what Enemies (evil, C8d-d) may not carry, stays with the
    Gold: the Amulet, and the Holy Lance (not for the evil, core-cards 2.6)."""
    s = at_trove(party())
    ctx = ctx_of(s)
    ogre = Guardian(uid="ogre#1", of="ogre", kind="monster", strength=5)
    wolf = Guardian(uid="wolf#1", of="wolf", kind="animal", strength=3)
    shade = Guardian(uid="shadow#1", of="shadow", kind="spirit", craft=2)
    items = []
    s.decks.trove.extend(s.trip.trove.items)  # the trove's own draw back into the deck
    s.trip.trove.items = []
    for cid in ("runesword", "wand", "amulet", "holy_lance"):
        uid = next(u for u in s.decks.trove if card_id(u) == cid)
        s.decks.trove.remove(uid)
        items.append(uid)
    for cid in ("shield", "helmet", "sword"):
        uid = next(u for u in s.decks.purchase if card_id(u) == cid)
        s.decks.purchase.remove(uid)
        items.append(uid)
    left = guardians.equip(ctx, [ogre, wolf, shade], items)
    assert [card_id(u) for u in ogre.items] == ["runesword", "shield"] and ogre.strength == 6
    assert [card_id(u) for u in wolf.items] == ["sword"] and wolf.strength == 4
    assert sorted(card_id(u) for u in shade.items) == ["helmet", "wand"] and shade.craft == 2
    assert len(shade.scrolls) == 1  # the Wand: one Scroll
    assert sorted(card_id(u) for u in left) == ["amulet", "holy_lance"]


def test_c8d_h_only_spirits_the_sword_goes_to_the_craftiest():
    s = at_trove(party())
    shade = Guardian(uid="shade#1", of="shade", kind="spirit", craft=2)
    wraith = Guardian(uid="wraith#1", of="wraith", kind="spirit", craft=5)
    sword = next(u for u in s.decks.purchase if card_id(u) == "sword")
    s.decks.purchase.remove(sword)
    left = guardians.equip(ctx_of(s), [shade, wraith], [sword])
    assert left == [] and wraith.items == [sword] and wraith.strength == 1


def test_c8e_g_h_the_party_shares_its_total_and_the_enemies_strike_the_weakest():
    """C8e-g: the party's Strength is shared out (its chosen target first, then the weakest);
    C8e-h: the Enemies' Strength hits the weakest character first and the rest goes on."""
    assert guardians.allocate(10, [("a", 4), ("b", 3), ("c", 6)], None) == ["b", "a"]
    assert guardians.allocate(10, [("a", 4), ("b", 3), ("c", 6)], "c") == ["c", "b"]
    # 9 Strength against scores 2, 3, 6: 9 > 2 (7 left) > 3 (4 left), 4 < 6: round again 4 > 2
    hits = guardians.distribute(9, [("x", 2), ("y", 3), ("z", 6)], {"x": 3, "y": 3, "z": 3})
    assert hits == {"x": 2, "y": 1, "z": 0}
    # a score of 0 still takes a point (ruling guardian_damage), and the dead take no more
    assert guardians.distribute(5, [("x", 0)], {"x": 2}) == {"x": 2}


def test_c8e_the_sentinel_fight_end_to_end():
    """C8a, C5b: the Sentinel (Strength 9) against the party's Strength; won, the party crosses."""
    s = party("troll", "warrior", "dwarf")
    for h in s.party():
        h.life = 5
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:sentinel")
    s = jump_to_destination(s)
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    s = out.state
    totals = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_totals")
    assert totals["strength"]["party"] == 6 + 4 + 3 and totals["strength"]["enemies"] == 9
    # the Sentinel strikes the Dwarf (3) then the Warrior (4): 9 > 3, 6 > 4, 2 left
    assert s.mode == "village" and s.village == "village_beyond"
    lives = {h.card: h.life for h in s.party()}
    assert lives["dwarf"] == 4 or lives["warrior"] == 4
    check_invariants(s)


def test_c8e_b_the_priest_destroys_one_spirit():
    s = party("priest", "troll", "warrior")
    s = stack_trove(at_trove(s), "runesword")
    s = rig(s, dice=[1, 2], deck=["spectre", "wraith", "festival"])
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    banished = [e for e in out.events if e.kind == "talisman.ev.banished"]
    assert len(banished) == 1 and banished[0].data["enemy"] == "wraith"


def test_c8e_c_enemy_casts_first_then_each_character():
    """C8e-c: Spells one at a time, the Enemy first; an Enemy's damage Spell hits the strongest."""
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "fireball")
    s = at_trove(s)
    s = stack_trove(s, "wand")
    s.decks.spells, s.decks.spell_discard = s.decks.spells + s.decks.spell_discard, []
    s.decks.spells = [u for u in s.decks.spells if card_id(u) != "fireball"] + \
        [u for u in s.decks.spells if card_id(u) == "fireball"]  # the Wand's Scroll: a Fireball
    s = rig(s, dice=[1, 2], deck=["shadow", "good_fortune", "festival"])
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    s = out.state
    scroll = [e for e in out.events if e.kind == "talisman.ev.scroll_cast"]
    assert scroll and scroll[0].data["spell"] == "fireball"
    assert s.fight.hero_damage  # the strongest character took the damage
    assert kind(s) == "guardian_spell" and f"cast:{uid}" in s.decision.options


def test_c8e_k_unbeaten_guardians_fought_again_or_the_party_turns_back():
    s = party("minstrel", "monk", "wizard")
    s = stack_trove(at_trove(s), "amulet")
    s = rig(s, dice=[1, 2], deck=["dragon", "giant", "festival"])
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    if s.mode == "road":
        assert kind(s) == "guardians" and {"fight", "turn_back"} <= set(s.decision.options)
        check_invariants(s)


def test_c8e_l_loot_shared_and_gold_split_evenly():
    """C8e-l: the party chooses who takes what; the Gold is split evenly (ruling gold_split)."""
    s = party("troll", "warrior", "wizard")
    s = stack_trove(at_trove(s, gold_die=5), "runesword")
    s = rig(s, dice=[1, 2], deck=["wild_boar", "festival", "good_fortune"])
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    assert kind(s) == "loot"
    assert sorted(h.gold for h in s.party()) == [3, 4, 4]  # 2 each before; 5 Gold: 2, 2 and one more in order
    give_to = next(o for o in s.decision.options if o.startswith("give:runesword") and o.endswith(s.order[1]))
    s = choose(s, give_to)
    if kind(s) == "loot":
        s = choose(s, "done")
    assert any(card_id(u) == "runesword" for u in s.hero(s.order[1]).objects)
    assert s.trip.destination_done and s.trip.heading == "home" and s.fight is None
    check_invariants(s)


def test_c8_no_guardians_the_trove_is_free():
    s = stack_trove(at_trove(party()), "runesword")
    s = rig(s, dice=[1, 1], deck=["festival", "good_fortune"])
    s = choose(s, "fight")
    assert kind(s) == "loot"


def test_c8e_j_a_shield_saves_once_per_combat():
    from engine.darkest_talisman import heroes as H

    s = party("troll", "warrior", "wizard")
    w = s.order[1]
    give(s, w, "shield")
    p = __import__("tests.talisman.helpers", fromlist=["pack"]).pack()
    left = {w: True}
    assert H.armour_for(p, s.hero(w), "craft", shield_ok=left[w]) is not None
    left[w] = False
    assert H.armour_for(p, s.hero(w), "craft", shield_ok=left[w]) is None


def _fight_one(s, *deck):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Fight guardians drawn from `deck` (one die's worth, the trove holding an Amulet)."""
    s = stack_trove(at_trove(s), "amulet")
    s = rig(s, dice=[1, len(deck) - 1], deck=list(deck))
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    return out


def test_c8e_d_a_bow_shoots_before_the_combat():
    """C8e-d: items that do damage before combat (the Bow) hit the strongest Enemy first."""
    s = party("troll", "warrior", "wizard")
    give(s, s.order[0], "bow")
    out = _fight_one(s, "goblin", "ogre", "festival")
    shot = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_shot")
    assert shot["enemy"] == "ogre" and shot["amount"] == 1


def test_c8e_e_i_spell_damage_first_and_the_craft_round():
    """C8e-e: an Enemy brought to zero by a Spell before the simultaneous steps is gone;
    C8e-i: the Craft round kills Spirits with the party's Craft."""
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "fireball")
    s = stack_trove(at_trove(s), "amulet")
    s = rig(s, dice=[1, 2], deck=["goblin", "spectre", "festival"])
    s = choose(s, "fight")
    assert kind(s) == "guardian_spell"
    out = SYSTEM.apply(s, "p1", A.Choose(option=f"cast:{uid}"))
    s = out.state
    while kind(s) in ("guardian_spell", "guardian_split"):
        out = SYSTEM.apply(s, "p1", A.Choose(option="pass" if kind(s) == "guardian_spell" else s.decision.options[0]))
        s = out.state
    dead = [e.data for e in out.events if e.kind == "talisman.ev.guardian_dead"]
    assert {"enemy": "goblin", "why": "damage"} in dead  # Fireball 2 on the Goblin's 2
    totals = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_totals")
    assert totals["craft"]["enemies"] == 3 and totals["craft"]["killed"]


def test_c8d_i_a_killed_guardian_in_armour_may_survive():
    """C8d-i: after the combat, killed Enemies with armour roll as characters would."""
    s = party("troll", "warrior", "wizard")
    s = stack_trove(at_trove(s), "amulet")
    # C8d-g: an Object drawn with the guardians equips them: the Armour saves on 4+, here a 6
    s = rig(s, dice=[1, 1, 6], deck=["goblin", "armour_found"])
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    saved = [e.data for e in out.events if e.kind == "talisman.ev.guardian_armour"]
    assert saved and saved[0]["held"] and out.state.fight is not None
    assert [g.of for g in guardians.living(out.state.fight)] == ["goblin"]


def test_d1a_b_no_character_abilities_in_guardian_combat():
    """D1a-b: 'when you attack' abilities (Assassin, Ghoul, Sorceress, Wizard) are not used in
    Guardian Combat: the party's choices there are only to fight (which Enemy first) or leave."""
    s = at_trove(party("assassin", "wizard", "ghoul"))
    assert set(s.decision.options) <= {"fight", "turn_back", "raft"}
    s = rig(s, dice=[1, 3], deck=["ogre", "giant", "festival", "good_fortune"])
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    if s.mode == "road" and kind(s) == "guardians":
        assert all(o in ("fight", "turn_back", "raft") or o.startswith("fight:") for o in s.decision.options)


def test_c8e_g_i_a_spirit_with_a_sword_dies_only_through_craft():
    """C8e-g: 'all Strength based Enemies will be killed, even if they have a Craft score', C8e-i
    the same for Craft, C8e-e 'reduced to zero in the Attribute taking damage': a Spirit given the
    Runesword (C8d-h) adds its +1 to the Enemies' Strength (C8e-a) but is still Craft based, so
    the party's Strength does not kill it; only the party's Craft can."""
    s = party("troll", "warrior", "dwarf")
    for h in s.party():
        h.craft, h.life = 1, 6
    s = stack_trove(at_trove(s), "runesword")
    s = rig(s, dice=[1, 1], deck=["demon", "festival"])
    out = SYSTEM.apply(s, "p1", A.Choose(option="fight"))
    totals = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_totals")
    assert totals["strength"]["enemies"] == 1 and totals["strength"]["killed"] == []
    assert totals["craft"]["party"] == 3 and totals["craft"]["killed"] == []
    assert [g.of for g in guardians.living(out.state.fight)] == ["demon"]


def test_c8e_e_spell_damage_on_a_spirit_with_a_sword_goes_to_its_craft():
    """C8e-e: a Fireball on a Spirit holding a weapon hurts the figure it is fought by (Craft);
    2 damage on a Demon (Craft 10) with the Runesword (Strength 1) does not kill it."""
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "fireball")
    for h in s.party():
        h.life = 6
    s = stack_trove(at_trove(s), "runesword")
    s = rig(s, dice=[1, 1], deck=["demon", "festival"])
    s = choose(s, "fight")
    out = SYSTEM.apply(s, "p1", A.Choose(option=f"cast:{uid}"))
    s = out.state
    events = list(out.events)
    while kind(s) in ("guardian_spell", "guardian_split"):
        out = SYSTEM.apply(s, "p1", A.Choose(option="pass" if kind(s) == "guardian_spell" else s.decision.options[0]))
        s = out.state
        events += out.events
    assert not any(e.kind == "talisman.ev.guardian_dead" and e.data["why"] == "damage" for e in events)
    totals = next(e.data for e in events if e.kind == "talisman.ev.guardian_totals")
    assert totals["strength"]["enemies"] == 1 and totals["craft"]["enemies"] == 10 - 2


def test_c8e_h_c7d_after_the_bow_shoots_the_other_weapon_still_counts():
    """C8e-h: a bow shot before the combat is expended and not counted; C7d: the Bow is a weapon
    and one weapon counts, so the character with a Sword and a Bow fights on with the Sword."""
    from engine.darkest_talisman import heroes as H
    from tests.talisman.helpers import campaign_pack

    s = party("troll", "warrior", "wizard")
    troll = s.order[0]
    give(s, troll, "sword")
    give(s, troll, "bow")
    expected = sum(H.total(campaign_pack(), h, "strength") for h in s.party())  # the Sword counts for the Troll
    out = _fight_one(s, "goblin", "ogre", "festival")
    assert any(e.kind == "talisman.ev.guardian_shot" for e in out.events)
    totals = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_totals")
    assert totals["strength"]["party"] == expected


def test_c8e_g_the_party_divides_its_strength_as_it_chooses():
    """C8e-g: 'Characters may divide their combined Strength damage as they choose among their
    Enemies': 7 Strength against a Goblin (2), a Hobgoblin (3) and an Ogre (5) kills Goblin and
    Hobgoblin, or Goblin and Ogre: the party chooses, and the Ogre may die instead of the Hobgoblin."""
    s = party("troll", "warrior", "wizard")
    for h in s.party():
        h.life = 6
        h.craft = 9
    s.hero(s.order[0]).strength, s.hero(s.order[1]).strength, s.hero(s.order[2]).strength = 2, 2, 2
    for h in s.party():
        s.decks.purchase += [u for u in h.objects if u.startswith("sword")]
        h.objects = [u for u in h.objects if not u.startswith("sword")]
    s.hero(s.order[0]).strength = 3  # 3 + 2 + 2 = 7
    s = stack_trove(at_trove(s), "amulet")
    s = rig(s, dice=[1, 3], deck=["goblin", "hobgoblin", "ogre", "festival"])
    s = choose(s, "fight")
    while kind(s) == "guardian_spell":
        s = choose(s, "pass")
    assert kind(s) == "guardian_split" and {k: s.decision.data[k] for k in ("attribute", "total")} == {
        "attribute": "strength",
        "total": 7,
    }
    names = {o: sorted(g.of for g in s.fight.guardians if g.uid in o.split(":")[1].split("+")) for o in s.decision.options}
    assert sorted(names.values()) == [["goblin", "hobgoblin"], ["goblin", "ogre"]]
    pick = next(o for o, n in names.items() if n == ["goblin", "ogre"])
    from systems.darkest_talisman.describe import option_label
    assert "Ogre" in option_label(SYSTEM.view(s, "p1"), pick, "en")
    out = SYSTEM.apply(s, "p1", A.Choose(option=pick))
    totals = next(e.data for e in out.events if e.kind == "talisman.ev.guardian_totals")
    assert sorted(g.of for g in out.state.fight.guardians if g.uid in totals["strength"]["killed"]) == ["goblin", "ogre"]
    assert [g.of for g in guardians.living(out.state.fight)] == ["hobgoblin"]
    check_invariants(out.state)
