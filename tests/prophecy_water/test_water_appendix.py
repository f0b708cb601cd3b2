"""Water Realm cards in the Appendix and the realm's own Abilities and Items (Appendix "Water
Realm Creatures": Skeletal Shark, Giant Squid; "Water Realm Positive Cards": The Little
Mermaid, Summon Storm; "Underwater Abilities": Swimming; "Water Realm Items": Giant Pearl,
Coral Tiara; and the project's Underwater Abilities)."""
from __future__ import annotations

from engine.prophecy.state import OwnedItem
from tests.prophecy_water.water_helpers import (
    act,
    begin,
    cell,
    dive,
    figures,
    give,
    idx,
    kinds,
    lay,
    learn,
    legal,
    load,
    open_gate,
    quiet,
    types,
    water_game,
    ws,
)


def _game(players=2, **kw):
    state = quiet(water_game(players=players, **kw))
    open_gate(state)
    for p in state.players[1:]:
        p.space = idx("village")
    figures(state, "p1", 4, 4)
    figures(state, "p2", 4, 4)
    return state


def _meet(state, card, bubbles=6):
    dive(state, "p1", cell(2, 1), bubbles=bubbles)
    uid = lay(state, cell(2, 2), card, up=True)
    begin(state, "p1")
    state, events = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    return state, uid, events


def _result(events):
    return next(e.data["result"] for e in events if e.kind == "battle_result")


def test_appendix_skeletal_shark__the_magic_paid_caps_the_result_not_the_die():
    """Appendix "Skeletal Shark": her result is no higher than the Magic paid (none paid: 0); it
    is the final result that is capped, not the die."""
    state, _uid, _ = _meet(_game(), "skeletal_shark")
    assert {a["magic"] for a in legal(state, "p1") if a["type"] == "water_shark"} == {0, 1, 2, 3, 4}
    assert "fight" not in types(state, "p1")
    capped, _ = act(state, "p1", {"type": "water_shark", "magic": 2})
    assert capped.player("p1").blue.right == 2
    load(capped, 6, 1)
    _, events = act(capped, "p1", {"type": "fight", "battle": "strength"})
    roll = next(e for e in events if e.kind == "battle_roll")
    assert roll.data["player_total"] == 2 and roll.data["creature_total"] == 3 and _result(events) == "loss"
    nothing, _ = act(state, "p1", {"type": "water_shark", "magic": 0})
    load(nothing, 6, 1)
    _, events = act(nothing, "p1", {"type": "fight", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_roll").data["player_total"] == 0
    full, _ = act(state, "p1", {"type": "water_shark", "magic": 4})
    load(full, 6, 1)
    _, events = act(full, "p1", {"type": "fight", "battle": "strength"})
    assert _result(events) == "win"


def test_appendix_giant_squid__two_extra_wins_bring_two_rare_items_and_six_experience():
    """Appendix "Giant Squid": win two extra battles and let it go: 2 Rare Items and 6
    Experience; the Squid leaves the game."""
    state, uid, _ = _meet(_game(), "giant_squid")
    xp, items = state.player("p1").experience, len(state.player("p1").items)
    figures(state, "p1", 9, 4)
    load(state, 6, 1)
    state, _ = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert {a["type"] for a in legal(state, "p1")} == {"water_squid"}
    state, _ = act(state, "p1", {"type": "water_squid", "again": True})
    load(state, 6, 1)
    state, _ = act(state, "p1", {"type": "fight", "battle": "strength"})
    state, _ = act(state, "p1", {"type": "water_squid", "again": True})
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    p = state.player("p1")
    assert p.experience == xp + 6 and len(p.items) == items + 2
    assert ws(state).cells[cell(2, 2)] is None and "giant_squid" in ws(state).removed


def test_appendix_giant_squid__a_lost_extra_battle_loses_everything_and_a_health():
    """Appendix "Giant Squid": two extra wins, then the Squid wins the third: nothing gained,
    1 Health lost, and the Squid stays."""
    state, uid, _ = _meet(_game(), "giant_squid")
    figures(state, "p1", 9, 4)
    xp = state.player("p1").experience
    for _ in range(2):
        load(state, 6, 1)
        state, _ = act(state, "p1", {"type": "fight", "battle": "strength"})
        state, _ = act(state, "p1", {"type": "water_squid", "again": True})
    load(state, 1, 6)
    ws(state).turn.squid_wins = 1  # the third battle is the second extra one
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    p = state.player("p1")
    assert p.experience == xp and p.red.right == 8
    assert ws(state).cells[cell(2, 2)] is not None and ws(state).divers["p1"].held


def test_appendix_the_little_mermaid__loves_her_and_after_the_sea_witch_she_may_stay_for_good():
    """Appendix "The Little Mermaid": she falls in love (her card stays with the character); the
    one she loves who defeats the Sea Witch may be turned into a merman or mermaid and leave
    the game."""
    state = _game(players=3)
    dive(state, "p1", cell(2, 1), bubbles=2, used=4)
    uid = lay(state, cell(2, 2), "the_little_mermaid", up=True)
    begin(state, "p1", phase="act")
    ws(state).divers["p1"].cell = cell(2, 2)
    state, events = act(state, "p1", {"type": "water_take", "card": uid})
    assert ws(state).mermaid == "p1" and ws(state).divers["p1"].bubbles == 6
    figures(state, "p1", 4, 9)
    lay(state, cell(3, 2), "sea_witch", up=True)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": cell(3, 2)})
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "fight", "battle": "wills"})
    assert {a["type"] for a in legal(state, "p1")} == {"water_mermaid"}
    gone, events = act(state, "p1", {"type": "water_mermaid", "stay": True})
    assert not gone.player("p1").alive and "player_removed" in kinds(events)
    stays, events = act(state, "p1", {"type": "water_mermaid", "stay": False})
    assert stays.player("p1").alive and "p1" in ws(stays).divers


def test_appendix_swimming__an_extra_turn_for_a_bubble_once_a_round_and_a_bubble_for_staying():
    """Appendix "Swimming": the first part once a round (pay 1 Bubble, an extra turn); the
    second each time she gives up her movement (1 Bubble back)."""
    state = _game()
    learn(state, "p1", "swimming")
    ws(state).underwater.remove("swimming")
    dive(state, "p1", cell(2, 2), bubbles=3, used=3, held=True)
    lay(state, cell(2, 2), "moray_eel", up=True)
    begin(state, "p1")
    state, events = act(state, "p1", {"type": "water_stay"})
    assert ws(state).divers["p1"].bubbles == 4  # staying refilled one
    load(state, 3, 3)
    state, _ = act(state, "p1", {"type": "fight", "battle": "strength"})  # a draw: her turn is over
    assert "water_swim" in types(state, "p1")
    state, events = act(state, "p1", {"type": "water_swim"})
    assert ws(state).divers["p1"].bubbles == 3
    state, events = act(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p1" and state.turn.extra  # type: ignore[union-attr]  # set up by the test
    assert ws(state).divers["p1"].bubbles == 3  # no Bubble for an extra turn
    state, _ = act(state, "p1", {"type": "water_stay"})
    assert ws(state).divers["p1"].bubbles == 4
    load(state, 3, 3)
    state, _ = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert "water_swim" not in types(state, "p1")  # once a round


def test_appendix_summon_storm__usual_horse_and_boat_rides_of_the_others_hurt():
    """Appendix "Summon Storm" (project text): a usual ride by horse or boat, a free ride of an
    Ability included, costs another character 1 Health; a paid Pegasus does not."""
    state = _game()
    learn(state, "p1", "summon_storm")
    begin(state, "p1", phase="act")
    state.player("p1").space = idx("city")
    assert {"type": "water_storm"} in legal(state, "p1")
    state, events = act(state, "p1", {"type": "water_storm"})
    assert ws(state).storm == "p1"
    state.player("p2").space = idx("village")
    begin(state, "p2")
    health = state.player("p2").red.right
    horse = next(a for a in legal(state, "p2") if a["type"] == "move" and a["method"] == "horse")
    rode, events = act(state, "p2", horse)
    assert rode.player("p2").red.right == health - 1 and "water_storm_strikes" in kinds(events)
    walk = next(a for a in legal(state, "p2") if a["type"] == "move" and a["method"] == "walk")
    walked, _ = act(state, "p2", walk)
    assert walked.player("p2").red.right == health
    learn(state, "p2", "horsemanship")
    state.player("p2").gold = 5
    pegasus = next(a for a in legal(state, "p2") if a.get("via") == "horsemanship"
                   and abs(idx(a["to"]) - idx("village")) % 20 in (3, 17))
    flown, _ = act(state, "p2", pegasus)
    assert flown.player("p2").red.right == health
    free = next(a for a in legal(state, "p2") if a.get("via") == "horsemanship"
                and abs(idx(a["to"]) - idx("village")) % 20 in (2, 18))
    ridden, _ = act(state, "p2", free)
    assert ridden.player("p2").red.right == health - 1


def test_appendix_giant_pearl__pays_one_purchase_and_leaves_the_game():
    """Appendix "Giant Pearl": it pays for one purchase (not Gold), and is then gone."""
    state = _game()
    begin(state, "p1", phase="act")
    p = state.player("p1")
    p.space = idx("city")
    p.gold = 0
    give(state, "p1", "giant_pearl")
    item = OwnedItem(uid=state.new_uid("i"), card="greatsword")
    state.offers["city"] = [item]
    assert {"type": "water_pearl", "what": "buy", "target": item.uid} in legal(state, "p1")
    state, events = act(state, "p1", {"type": "water_pearl", "what": "buy", "target": item.uid})
    p = state.player("p1")
    assert [i.card for i in p.items] == ["greatsword"] and p.gold == 0
    assert "giant_pearl" in ws(state).removed


def test_appendix_coral_tiara__magic_back_when_a_battle_of_wills_is_forced_on_her():
    """Appendix "Coral Tiara": against a character who forces her into a Battle of Wills she
    regains Magic at once; not in a Battle of Strength."""
    state = _game()
    state.player("p1").space = state.player("p2").space = idx("plains_2")
    give(state, "p2", "coral_tiara")
    q = state.player("p2")
    q.blue.right, q.blue.left = 1, 3
    begin(state, "p1", phase="act")
    load(state, 6, 1)
    after, events = act(state, "p1", {"type": "attack", "target": "p2", "battle": "wills"})
    assert after.player("p2").blue.right == 3
    load(state, 6, 1)
    after, events = act(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    assert after.player("p2").blue.right == 1


def test_water_underwater_combat__no_penalty_for_items_in_hand():
    """Underwater Combat (project card): no penalty for the Items in her hands in the realm."""
    state = _game()
    learn(state, "p1", "underwater_combat")
    ws(state).underwater.remove("underwater_combat")
    state, _uid, _ = _meet(state, "moray_eel")
    sword = give(state, "p1", "greatsword")
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "fight", "battle": "strength", "weapon": sword})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 4 + 3


def test_water_current_riding__she_picks_the_current_s_way():
    """Current Riding (project card): the current carries her where she chooses."""
    state = _game()
    learn(state, "p1", "current_riding")
    ws(state).underwater.remove("current_riding")
    state, _uid, _ = _meet(state, "strong_current")
    assert {a["direction"] for a in legal(state, "p1")} == {"north", "east", "south", "west"}
    state, _ = act(state, "p1", {"type": "water_steer", "direction": "north"})
    assert ws(state).divers["p1"].cell == cell(4, 2)


def test_water_pressure_sense__turns_up_a_card_next_to_her():
    """Pressure Sense (project card): 1 Magic, a face-down card beside her is turned up."""
    state = _game()
    learn(state, "p1", "pressure_sense")
    ws(state).underwater.remove("pressure_sense")
    dive(state, "p1", cell(2, 2))
    lay(state, cell(3, 2), "moray_eel", up=False)
    lay(state, cell(4, 2), "moray_eel", up=False)
    begin(state, "p1")
    senses = [a for a in legal(state, "p1") if a["type"] == "water_sense"]
    assert senses == [{"type": "water_sense", "cell": cell(3, 2)}]
    state, events = act(state, "p1", senses[0])
    assert ws(state).cells[cell(3, 2)].up and state.player("p1").blue.right == 3  # type: ignore[union-attr]  # set up by the test


def test_water_fish_speech__animal_creatures_of_the_realm_let_her_pass():
    """Fish Speech (Waterlore, project card): she need not fight an animal; it stays there."""
    state = _game()
    learn(state, "p1", "fish_speech")
    state, uid, _ = _meet(state, "moray_eel")
    assert {"type": "avoid"} in legal(state, "p1")
    state, events = act(state, "p1", {"type": "avoid"})
    assert state.turn.phase == "act" and ws(state).cells[cell(2, 2)] is not None  # type: ignore[union-attr]  # set up by the test
