"""Basic rules, "Rules of Combat" (Battle of Strength, Battle of Wills, Optional and Special
Battles, Creatures with Three Lives) and the loss rules of "What Evil May Befall a Character"."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.ai.odds import fight_odds
from engine.core.errors import RuleError
from engine.prophecy.actions import Fight
from engine.prophecy.combat import BattlePlan, battle_odds
from engine.prophecy.content import pack_by_id
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import load, met_on


def _at_creature(card: str, strength: int = 4, willpower: int = 4):
    return met_on("mountains", card, 6, strength, willpower)


def _result(out):
    return next(e.data["result"] for e in out.events if e.kind == "battle_result")


def test_basic__combat__battle_of_strength_lighter_die_is_the_players():
    """Battle of Strength: your Strength + the lighter die against the Creature's + the darker die."""
    state = _at_creature("t_wolf", strength=4)
    load(state, 2, 3)  # 4+2=6 vs 3+3=6: draw
    out = apply(state, "p1", Fight(battle="strength"))
    roll = next(e for e in out.events if e.kind == "battle_roll")
    assert (roll.data["light"], roll.data["dark"], roll.data["player_total"], roll.data["creature_total"]) == (2, 3, 6, 6)
    assert _result(out) == "draw"
    load(state, 3, 3)
    assert _result(apply(state, "p1", Fight(battle="strength"))) == "win"
    load(state, 1, 3)
    assert _result(apply(state, "p1", Fight(battle="strength"))) == "loss"


def test_basic__combat__strength_only_creature_allows_only_battle_of_strength():
    state = _at_creature("t_wolf")
    assert {a.battle for a in legal_actions(state, "p1")} == {"strength"}
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Fight(battle="wills"))
    assert err.value.key == "error.battle_not_allowed"


def test_basic__combat__willpower_only_creature_forces_battle_of_wills():
    """Battle of Wills: a Creature with only Willpower forces it; current Willpower = blue cubes on the right."""
    state = _at_creature("t_ghost", strength=6, willpower=2)
    assert {a.battle for a in legal_actions(state, "p1")} == {"wills"}
    load(state, 2, 1)  # 2+2=4 vs 3+1=4
    assert _result(apply(state, "p1", Fight(battle="wills"))) == "draw"


def test_basic__combat__choosing_wills_against_strength_first_costs_two_magic_before_rolling():
    """Optional Battles: against Strength-then-Willpower, a Battle of Wills costs 2 Magic, paid
    before the roll, which lowers your Willpower for that battle."""
    state = _at_creature("t_troll", strength=3, willpower=5)
    assert {a.battle for a in legal_actions(state, "p1")} == {"strength", "wills"}
    load(state, 1, 1)  # (5-2)+1=4 vs 2+1=3: win, with Willpower already reduced
    out = apply(state, "p1", Fight(battle="wills"))
    p = out.state.player("p1")
    assert p.blue.right == 3 and p.blue.left == 2
    roll = next(e for e in out.events if e.kind == "battle_roll")
    assert roll.data["player_total"] == 4 and _result(out) == "win"
    state.player("p1").blue.right, state.player("p1").blue.left = 1, 4
    assert {a.battle for a in legal_actions(state, "p1")} == {"strength"}
    with pytest.raises(RuleError):
        apply(state, "p1", Fight(battle="wills"))


def test_basic__combat__special_battle_willpower_first_with_optional_switch():
    """Special Battles: Willpower-then-Strength Creatures follow rules stated on the card; the
    test Vampire's optional (?) rule lets you fight with Strength for 1 Health."""
    state = _at_creature("t_vampire", strength=5, willpower=2)
    assert {a.battle for a in legal_actions(state, "p1")} == {"strength", "wills"}
    load(state, 1, 1)
    out = apply(state, "p1", Fight(battle="strength"))
    roll = next(e for e in out.events if e.kind == "battle_roll")
    assert roll.data["player_total"] == (5 - 1) + 1 and _result(out) == "win"
    assert out.state.player("p1").red.left == 1
    paid = next(e for e in out.events if e.kind == "paid")
    assert paid.data == {"reason": "battle_switch", "health": 1}


def test_basic__combat__three_lives_needs_three_wins_in_a_row():
    """Creatures with Three Lives: win three rolls in a row; any draw or loss ends the battle."""
    state = _at_creature("t_hydra", strength=4)
    load(state, 3, 1, 3, 1, 3, 1)
    out = apply(state, "p1", Fight(battle="strength"))
    assert [e.data["result"] for e in out.events if e.kind == "battle_roll"] == ["win"] * 3
    assert _result(out) == "win"
    load(state, 3, 1, 1, 6, 6, 1)
    out = apply(state, "p1", Fight(battle="strength"))
    assert [e.data["result"] for e in out.events if e.kind == "battle_roll"] == ["win", "loss"]
    assert _result(out) == "loss"


def test_basic__combat__three_lives_wills_switch_paid_once():
    """Note under Three Lives: a Battle of Wills is paid only once, before the first roll."""
    from engine.prophecy.content import CreatureCard, Pack, register_pack
    state = _at_creature("t_hydra", strength=4)
    card = pack_by_id(state.options.pack).adventure("t_hydra")
    assert card.willpower is None  # the test Hydra has Strength only; build one with both
    base = pack_by_id(state.options.pack)
    hydra2 = CreatureCard(id="t_hydra2", name="Hydra 2", strength=2, willpower=1, first="strength", experience=4,
                          specials=[{"rule": "three_lives", "mandatory": True}])
    register_pack(
        "hydra2",
        Pack(
            manifest=base.manifest,
            board=base.board,
            characters=base.characters,
            adventures=list(base.adventures) + [hydra2],
            items=base.items,
            chance=base.chance,
            guilds=base.guilds,
        ),
    )
    state.options.pack = "hydra2"
    here = state.spaces[state.player("p1").space]
    here[0] = here[0].model_copy(update={"card": "t_hydra2"})  # a card on a space is frozen: replaced
    load(state, 3, 1, 3, 1, 3, 1)
    out = apply(state, "p1", Fight(battle="wills"))
    assert sum(1 for e in out.events if e.kind == "paid") == 1
    assert out.state.player("p1").blue.left == 2


def test_basic__creatures__loss_costs_one_health_by_default():
    state = _at_creature("t_wolf", strength=4)
    load(state, 1, 6)
    out = apply(state, "p1", Fight(battle="strength"))
    p = out.state.player("p1")
    assert (p.red.right, p.red.left) == (3, 1)


def test_basic__creatures__loss_follows_the_card_when_it_says_worse():
    """Some nasty Creatures do something worse instead of the usual 1 Health."""
    state = _at_creature("t_ogre", strength=4)
    load(state, 1, 6)
    out = apply(state, "p1", Fight(battle="strength"))
    assert out.state.player("p1").red.left == 2


def test_basic__combat__wounded_character_is_weaker():
    """Character Preparation: until healed, a lost Health lowers Strength by one."""
    state = _at_creature("t_wolf", strength=4)
    load(state, 1, 6, 3, 3)
    out = apply(state, "p1", Fight(battle="strength"))
    assert out.state.player("p1").strength == 3


def test_basic__combat__special_no_weapons_ignores_weapons():
    """Special Battles (!): a mandatory rule such as Ghostly Spirits' ignoring weapons applies always."""
    from tests.prophecy.helpers import give
    state = _at_creature("t_spirits", strength=3)
    sword = give(state, "p1", "t_sword")
    load(state, 1, 2)  # 3+1 = 4 vs 2+2 = 4: draw, the sword's +2 does not count
    assert _result(apply(state, "p1", Fight(battle="strength", weapon=sword))) == "draw"


def test_ai__odds__exact_single_roll():
    """Exact odds: equal figures give 15/36 win, 6/36 draw, 15/36 loss."""
    w, d, l = battle_odds(BattlePlan("strength", 4, 4, 0, 1, None))
    assert (w, d, l) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    w3, d3, l3 = battle_odds(BattlePlan("strength", 4, 4, 0, 3, None))
    assert w3 == Fraction(15, 36) ** 3 and w3 + d3 + l3 == 1


def test_ai__odds__match_the_dice_in_the_engine():
    """The odds function agrees with the engine over all 36 dice outcomes."""
    state = _at_creature("t_wolf", strength=4)
    action = Fight(battle="strength")
    odds = fight_odds(state, "p1", action)
    counts = {"win": 0, "draw": 0, "loss": 0}
    for light in range(1, 7):
        for dark in range(1, 7):
            load(state, light, dark)
            counts[_result(apply(state, "p1", action))] += 1
    assert (odds.win, odds.draw, odds.loss) == tuple(Fraction(counts[k], 36) for k in ("win", "draw", "loss"))
