"""Rule changes behind the decision prompts: the owner picks the Item a card takes, a sale needs
an Item, a thrown weapon's roll is chosen in a three-lives battle, Chance cards and automatic
ends of turn say why nothing happened, and the end-of-game ranking."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import ChooseItem, EndTurn, Fight, Move, Roll, UseOpportunity
from engine.prophecy.chance import draw_chance
from engine.prophecy.content import CreatureCard, OpportunityCard, Pack, pack_by_id, register_pack
from engine.prophecy.context import Ctx
from engine.prophecy.rules import apply, legal_actions, pending
from engine.prophecy.state import ProphecyState
from tests.prophecy.helpers import TEST_ADVENTURES, TEST_ITEMS, begin_turn, clear_board, give, load, new_game, put

EXTRA = [
    CreatureCard(id="t_robbers", name="Test Robbers", strength=3, experience=1, on_loss={"gold": -1, "lose_items": 1}),
    CreatureCard(id="t_beetles", name="Test Beetles", strength=3, experience=1, on_loss={"health": -1, "damage_items": 1}),
    CreatureCard(
        id="t_golem", name="Test Golem", strength=2, experience=4, specials=[{"rule": "three_lives", "mandatory": True}]
    ),
    CreatureCard(
        id="t_shades",
        name="Test Shades",
        strength=2,
        experience=4,
        specials=[{"rule": "three_lives", "mandatory": True}, {"rule": "no_weapons", "mandatory": True}],
    ),
    OpportunityCard(id="t_collector", name="Test Collector", effect={"lose_items": 1, "gold": 4}),
]


def _pack_id() -> str:
    base = pack_by_id("base")
    pack = Pack(manifest=base.manifest, board=base.board, characters=base.characters,
                adventures=list(base.adventures) + TEST_ADVENTURES + EXTRA, items=list(base.items) + TEST_ITEMS,
                chance=list(base.chance), guilds=base.guilds)
    register_pack("prompt_rules", pack)
    return "prompt_rules"


PACK = _pack_id()


def _at(card: str, strength: int = 4) -> tuple[ProphecyState, str]:
    state = new_game(2, seed=6, pack=PACK)
    clear_board(state)
    target = [s.id for s in pack_by_id(PACK).board.spaces if s.kind == "mountains"][0]
    begin_turn(state, "p1", at=target)
    put(state, target, card)
    p = state.player("p1")
    p.red.right, p.red.left, p.blue.right, p.blue.left = strength, 0, 4, 0
    return state, target


# -- "one of your Items": the owner chooses ------------------------------------------------------
def test_basic__what_evil_may_befall__owner_chooses_which_item_a_creature_takes():
    """What Evil May Befall a Character / Creatures (on a loss follow the card's text): the card
    takes "one of your Items"; the owner, not the bot, says which."""
    state, target = _at("t_robbers", strength=1)
    sword, shield = give(state, "p1", "t_sword"), give(state, "p1", "t_shield")
    state = apply(state, "p1", Move(method="stay", to=target)).state
    load(state, 1, 6)  # 1+1 (+2 sword) vs 3+6: a loss
    out = apply(state, "p1", Fight(battle="strength", weapon=sword))
    st = out.state
    assert pending(st).kind == "choose_item" and pending(st).player == "p1"
    assert {a.item for a in legal_actions(st, "p1")} == {sword, shield}
    assert not any(e.kind == "item_lost" for e in out.events)
    with pytest.raises(RuleError) as err:
        apply(st, "p1", EndTurn())
    assert err.value.key == "error.choose_item_first"
    with pytest.raises(RuleError):
        apply(st, "p2", ChooseItem(item=shield))  # only the owner answers
    done = apply(st, "p1", ChooseItem(item=shield))
    p = done.state.player("p1")
    assert [i.uid for i in p.items] == [sword]
    assert done.state.turn.phase == "act" and pending(done.state).kind == "act"


def test_basic__what_evil_may_befall__damage_choice_and_no_question_without_a_choice():
    """A card damaging "one of your Items" asks too; with a single Item there is nothing to ask."""
    state, target = _at("t_beetles", strength=3)
    helm, ring = give(state, "p1", "t_helm"), give(state, "p1", "t_ring")
    state = apply(state, "p1", Move(method="stay", to=target)).state
    load(state, 1, 6)
    st = apply(state, "p1", Fight(battle="strength", head=helm, body=(ring,))).state
    assert pending(st).kind == "choose_item" and pending(st).data["mode"] == "damage"
    st = apply(st, "p1", ChooseItem(item=ring)).state
    assert st.player("p1").item(ring).damaged and not st.player("p1").item(helm).damaged
    # a single Item: it goes without a question
    state, target = _at("t_robbers", strength=1)
    only = give(state, "p1", "t_helm")
    state = apply(state, "p1", Move(method="stay", to=target)).state
    load(state, 1, 6)
    out = apply(state, "p1", Fight(battle="strength", head=only))
    assert pending(out.state).kind == "act" and out.state.player("p1").items == []


def test_basic__opportunities__a_sale_gives_nothing_without_an_item_and_the_owner_picks_the_item():
    """Opportunities (follow the card's text): "hand over one of your Items for 4 Gold" gives no
    Gold to a character with no Item; with Items, each choice is its own option."""
    state, target = _at("t_collector")
    state = apply(state, "p1", Move(method="stay", to=target)).state
    assert not any(isinstance(a, UseOpportunity) for a in legal_actions(state, "p1"))
    with pytest.raises(RuleError) as err:
        apply(state, "p1", UseOpportunity(card=state.spaces[state.player("p1").space][0].uid))
    assert err.value.key == "error.needs_an_item"
    sword, shield = give(state, "p1", "t_sword"), give(state, "p1", "t_shield")
    uses = [a for a in legal_actions(state, "p1") if isinstance(a, UseOpportunity)]
    assert sorted(u.give for u in uses) == sorted([(sword,), (shield,)])
    gold = state.player("p1").gold
    out = apply(state, "p1", next(u for u in uses if u.give == (shield,)))
    p = out.state.player("p1")
    assert p.gold == gold + 4 and [i.uid for i in p.items] == [sword]


# -- thrown weapons in three-lives battles --------------------------------------------------------
def test_basic__weapons_and_three_lives__thrown_weapon_bonus_goes_on_the_roll_chosen():
    """Weapons and Items: a thrown weapon adds its bonus to a single roll; Creatures with Three
    Lives: three rolls in one battle. After each won roll the player may throw now."""
    state, target = _at("t_golem", strength=4)
    dagger = give(state, "p1", "t_dagger")  # +1 in hand, +2 thrown
    state = apply(state, "p1", Move(method="stay", to=target)).state
    load(state, 3, 3)  # roll 1: 4+1+3=8 vs 2+3=5 win
    st = apply(state, "p1", Fight(battle="strength", weapon=dagger)).state
    assert pending(st).kind == "throw" and pending(st).data["roll"] == 2
    assert set(legal_actions(st, "p1")) == {Roll(throw=False), Roll(throw=True)}
    load(st, 1, 6, 6, 1)  # roll 2 thrown: 4+2+1=7 vs 2+6=8 -> loss
    out = apply(st, "p1", Roll(throw=True))
    rolls = [e for e in out.events if e.kind == "battle_roll"]
    assert rolls[0].data["roll"] == 2 and rolls[0].data["player_figure"] == 6 and rolls[0].data["result"] == "loss"
    assert any(e.kind == "weapon_thrown" and e.data["roll"] == 2 for e in out.events)
    assert out.state.player("p1").item(dagger).damaged
    # keeping it: the weapon's +1 stays on every roll and no throw is offered after the last roll
    state2, target2 = _at("t_golem", strength=4)
    dagger2 = give(state2, "p1", "t_dagger")
    state2 = apply(state2, "p1", Move(method="stay", to=target2)).state
    load(state2, 3, 3)
    st2 = apply(state2, "p1", Fight(battle="strength", weapon=dagger2)).state
    load(st2, 3, 3)
    st2 = apply(st2, "p1", Roll(throw=False)).state
    assert pending(st2).data["roll"] == 3
    load(st2, 3, 3)
    out2 = apply(st2, "p1", Roll(throw=False))
    assert [e.data["result"] for e in out2.events if e.kind == "battle_result"] == ["win"]
    assert not out2.state.player("p1").item(dagger2).damaged


def test_basic__weapons__throwing_not_offered_where_it_gives_no_bonus():
    """A thrown weapon adds to a roll only where weapons count: not against "no weapons" Creatures."""
    state, target = _at("t_shades", strength=4)
    dagger = give(state, "p1", "t_dagger")
    state = apply(state, "p1", Move(method="stay", to=target)).state
    fights = [a for a in legal_actions(state, "p1") if isinstance(a, Fight)]
    assert fights and not any(a.throw for a in fights)
    load(state, 6, 1)
    st = apply(state, "p1", Fight(battle="strength", weapon=dagger)).state
    assert pending(st).kind != "throw"  # rolled on: nothing to decide
    with pytest.raises(RuleError):
        apply(st, "p1", Roll(throw=True))


# -- Chance cards and ends of turn say why ---------------------------------------------------------
def test_basic__chance__a_wind_that_heals_nobody_says_so():
    """Drawing a Chance Card (Refreshing Wind...): all players may heal lost Health; if nobody
    lost any, the card changes nothing and the narration says why."""
    state = new_game(2, seed=3, pack=PACK)
    wind = next(c for c in pack_by_id(PACK).chance if c.effect == "everyone_gains" and c.gain and c.gain.health
                and not c.gain.gold)
    for p in state.players:
        p.red.right += p.red.left
        p.red.left = 0
        p.blue.right += p.blue.left
        p.blue.left = 0
    state.decks.chance.draw.append(wind.id)
    ctx = Ctx(state=state, pack=pack_by_id(PACK))
    draw_chance(ctx)
    why = [e for e in ctx.events if e.kind == "chance_no_effect"]
    assert len(why) == 1 and why[0].data["why"] in ("nobody_hurt", "nobody_hurt_or_drained")
    state.player("p1").red.right -= 1
    state.player("p1").red.left += 1
    state.decks.chance.draw.append(wind.id)
    ctx = Ctx(state=state, pack=pack_by_id(PACK))
    draw_chance(ctx)
    assert not any(e.kind == "chance_no_effect" for e in ctx.events)


def test_basic__chance__terrain_card_with_every_space_taken_says_so():
    state = new_game(2, seed=3, pack=PACK)
    pack = pack_by_id(PACK)
    card = next(c for c in pack.chance if c.effect == "terrain" and c.terrain == "forest")
    for s in pack.board.spaces:
        if s.terrain == "forest":
            put(state, s.id, "t_wolf")
    state.decks.chance.draw.append(card.id)
    ctx = Ctx(state=state, pack=pack)
    draw_chance(ctx)
    assert [e.data["why"] for e in ctx.events if e.kind == "chance_no_effect"] == ["no_empty_space"]


def test_basic__round__automatic_end_of_turn_says_why():
    """One Round of the Game: after the Possibilities the next player plays; when the bot ends a
    turn by itself, it says what could not be done (here: a Certificate not affordable)."""
    state = new_game(2, seed=5, pack=PACK, auto_end_turn=True)
    clear_board(state)
    begin_turn(state, "p1", at="fortress")
    p = state.player("p1")
    p.experience, p.gold = 2, 0
    p.red.left = 0
    out = apply(state, "p1", Move(method="walk", to=pack_by_id(PACK).space(1).id))
    ends = [e for e in out.events if e.kind == "turn_auto_ended"]
    assert [e.data["reasons"] for e in ends] == [[{"code": "nothing_here"}]]
    assert out.state.turn.player == "p2"


def test_basic__round__auto_end_at_a_guild_names_the_certificate_price():
    state = new_game(2, seed=5, pack=PACK, auto_end_turn=True)
    clear_board(state)
    pack = pack_by_id(PACK)
    begin_turn(state, "p1", at=pack.space(1).id)
    p = state.player("p1")
    p.experience, p.gold = 2, 0
    p.certificates = []
    out = apply(state, "p1", Move(method="walk", to="fortress"))
    reasons = next(e for e in out.events if e.kind == "turn_auto_ended").data["reasons"]
    short = next(r for r in reasons if r["code"] == "certificate_short")
    assert short["guild"] == "fortress" and short["have_xp"] == 2
    assert any(r["code"] == "moved" for r in reasons)  # training only instead of movement


# -- End of the Game --------------------------------------------------------------------------------
def test_basic__end_of_game__others_ranked_by_certificates_dead_ones_included():
    """End of the Game: the others are ranked according to the number of Certificates they
    collected — a dead character with more Certificates ranks above a living one with fewer."""
    from engine.prophecy.actions import BuyCertificate

    state = new_game(3, seed=13, pack=PACK)
    begin_turn(state, "p1", at="monastery", phase="act")
    p1 = state.player("p1")
    p1.experience, p1.gold = 5, 5
    p1.certificates = ["fortress", "thieves_guild", "magic_tower", "forest_camp"]
    dead = state.player("p2")
    dead.alive, dead.certificates = False, ["fortress", "monastery", "magic_tower"]
    state.player("p3").certificates = ["fortress"]
    out = apply(state, "p1", BuyCertificate())
    ranking = [(r.player, r.place, r.alive) for r in out.state.ranking]
    assert ranking == [("p1", 1, True), ("p2", 2, False), ("p3", 3, True)]


def test_stored_turn_without_new_fields_still_loads():
    """Games stored before this change load: the new turn fields have defaults."""
    state = new_game(2, seed=1, pack=PACK)
    data = state.model_dump(by_alias=True)
    for key in ("battle", "item_choices", "resume"):
        data["turn"].pop(key)
    again = ProphecyState.model_validate(data)
    assert again.turn.battle is None and again.turn.item_choices == [] and again.turn.resume is None
