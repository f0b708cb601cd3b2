"""Attacks in a Standard game: on an Astral Plane or on a character, the turn's one attack
(rulings astral_attack, character_fight_when, final_battle_turns), and slipping past a Creature
(avoid_creatures: Stealth, Beast Speech)."""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import CreatureCard
from engine.prophecy.context import Ctx
from engine.prophecy.standard import battle, duel, planes, powers
from engine.prophecy.standard.state import Decision
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import after_fight


def avoid(ctx: Ctx, p: PlayerState) -> None:
    turn = ctx.state.turn
    assert turn is not None and turn.fight is not None
    adv = next(a for a in ctx.state.spaces[p.space] if a.uid == turn.fight)
    card = ctx.pack.adventure(adv.card)
    assert isinstance(card, CreatureCard)
    power = powers.avoids(ctx.state, p.player, card.tags)
    if power is None:
        raise RuleError("error.cannot_avoid", card=card.id)
    powers.sstate(ctx).turn.avoided.append(adv.uid)
    ctx.emit("creature_avoided", p.player, card=card.id, ability=power.id)
    after_fight(ctx, "avoided")


def attack(ctx: Ctx, p: PlayerState, action: prophecy_actions.Attack, continuing: bool = False, announced: bool = False) -> None:
    """`continuing`: answering a decision on this plane; `announced`: the one that follows
    turning its Guardian up (the attack was already told)."""
    sst = powers.sstate(ctx)
    if ctx.state.has_player(action.target):
        if action.target not in {q.player for q in duel.targets(ctx, p)}:
            raise RuleError("error.cannot_attack_character", target=action.target)
        battle.attack_character(ctx, p, action.target, action)
        return
    if continuing:
        plane = sst.plane(action.target)
    else:
        if not planes.may_attack(ctx, p):
            raise RuleError("error.cannot_attack_now")
        beside = next((pl for pl in planes.planes_beside(ctx, p) if pl.id == action.target), None)
        if beside is None:
            raise RuleError("error.cannot_attack_plane", target=action.target)
        plane = beside
    slot = plane.guardian_slot()
    if slot is None:
        raise RuleError("error.cannot_attack_plane", target=action.target)
    if plane.guardian_face_down():
        # face down for the table (ruling guardian_turned_up): the attack turns it up, and the
        # battle and gear are chosen once everyone sees it, so the buttons offered before
        # never depend on the hidden card
        if action != turn_up(plane.id):
            raise RuleError("error.guardian_face_down")
        sst.turn.attacked = True
        ctx.emit("plane_attacked", p.player, plane=plane.id, tier=slot)
        planes.reveal(ctx, plane)
        sst.decisions.insert(0, Decision(player=p.player, kind="continue", options=[plane.id], reason="revealed"))
        return
    foe = battle.guardian_foe(ctx, plane.id)
    # checked before the battle starts: a refused attack changes nothing
    battle.battle_cost(ctx, p, foe, action.battle)
    sst.turn.attacked = True
    if not announced:
        ctx.emit("plane_attacked", p.player, plane=plane.id, tier=slot)
    battle.start(ctx, p, foe, plane.id, action)


def turn_up(plane_id: str) -> prophecy_actions.Attack:
    """The one attack offered on a Guardian still face down for the table: it turns the card up."""
    return prophecy_actions.Attack(target=plane_id, battle="strength")


def plane_actions(ctx: Ctx, p: PlayerState, plane_id: str) -> Iterator[Any]:
    """How she may attack this plane's Guardian now: every loadout against a face-up one, only
    turning it up when it is face down (a card she saw in a dream stays face down for the table)."""
    plane = powers.sstate(ctx).plane(plane_id)
    if plane.guardian_slot() is None:
        return
    if plane.guardian_face_down():
        yield turn_up(plane_id)
        return
    yield from battle.loadout_actions(ctx, p, battle.guardian_foe(ctx, plane_id), plane_id)


def attack_actions(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    if not planes.may_attack(ctx, p):
        return
    for plane in planes.planes_beside(ctx, p):
        yield from plane_actions(ctx, p, plane.id)
    for q in duel.targets(ctx, p):
        yield from battle.loadout_actions(ctx, p, battle.character_foe(ctx, q), q.player)


def must_attack(ctx: Ctx, p: PlayerState) -> bool:
    """In the Final Battle she must attack an Artifact holder if she can (ruling final_battle_turns)."""
    if not must_attack_rule(ctx):
        return False
    return next(attack_actions(ctx, p), None) is not None


def must_attack_rule(ctx: Ctx) -> bool:
    return powers.sstate(ctx).final_battle is not None and bool(ctx.state.options.std().final_battle_must_attack)
