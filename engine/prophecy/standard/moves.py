"""Movement and what is done instead of it, in a Standard game.

The Basic movement options stay (walk, horse, boat, Gate, stay); Abilities and the Royal Cape
add their own, each naming the card used (`Move.via`) and costing what the card says (facts
§10: Horsemanship's free horses and paid Pegasus; rulings artifact_powers). Instead of moving
a character may use one thing on the space where her turn began: an Ability (Training,
Blacksmithing, Meditation, Miraculous Healing, People's Hospitality..., facts §3) or a space's
Possibility (ruling instead_of_movement); then she deals with the space's cards as when
staying.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy.actions import Move, UseAbility
from engine.prophecy.content import Cost
from engine.prophecy.content_standard import Ability, Movement
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, heal, pay, recharge
from engine.prophecy.movement import movable_turn
from engine.prophecy.movement import move_options as basic_move_options
from engine.prophecy.standard import guilds, planes, powers
from engine.prophecy.state import PlayerState


def move_options(ctx: Ctx, p: PlayerState) -> list[tuple[Move, Cost]]:
    """Every movement she could make this turn, with what it costs (not yet filtered by purse)."""
    turn = ctx.state.turn
    assert turn is not None
    out = [(m, Cost.of(gold=c)) for m, c in basic_move_options(ctx.pack, p, turn.held)]
    if turn.held:
        return out
    spaces = ctx.pack.board.spaces
    n = len(spaces)
    here = p.space
    for card, eff in powers.effects_of(ctx.state, p.player, Movement):
        if not powers.available(ctx.state, p.player, card):
            continue
        cost = powers.add_costs(eff.cost, powers.cast_cost(card))
        mode, reach = eff.mode, eff.spaces or 0  # set (1 to 4) for every mode that reads it
        targets: list[int] = []
        if mode == "horse":
            targets = [(here + reach) % n, (here - reach) % n]
        elif mode == "walk":
            targets = [(here + s * k) % n for k in range(2, reach + 1) for s in (1, -1)]
        elif mode == "boat" and spaces[here].port:
            ports = [i for i, s in enumerate(spaces) if s.port]
            k = ports.index(here)
            targets = [ports[(k + s * j) % len(ports)] for j in range(1, reach + 1) for s in (1, -1)]
        elif mode == "gate" and spaces[here].gate:
            targets = [i for i, s in enumerate(spaces) if s.gate]
        elif mode == "teleport":
            targets = list(range(n))
        seen: set[int] = set()
        method = "walk" if mode == "walk" else mode
        for t in targets:
            if t == here or t in seen:
                continue
            seen.add(t)
            out.append((Move(method=method, to=spaces[t].id, via=card.id), cost))
    return out


def legal_moves(ctx: Ctx, p: PlayerState) -> list[Move]:
    return [m for m, cost in move_options(ctx, p) if powers.can_pay_cost(p, cost)]


def do_move(ctx: Ctx, p: PlayerState, action: Move) -> None:
    turn = movable_turn(ctx, action)
    for option, cost in move_options(ctx, p):
        if option == action:
            if not powers.can_pay_cost(p, cost):
                raise RuleError("error.cannot_pay", **cost.model_dump())
            break
    else:
        if action.to not in {s.id for s in ctx.pack.board.spaces}:
            raise RuleError("error.unknown_space", space=action.to)
        raise RuleError(f"error.move_{action.method}_not_possible", space=action.to)
    if action.via is not None:
        card = next(c for c in powers.held(ctx.state, p.player) if c.id == action.via)
        pay(ctx, p, cost, card.id)
        powers.mark_used(ctx, p.player, card)
    elif cost.gold:
        p.gold -= cost.gold
    start = p.space
    p.space = ctx.pack.space_index(action.to)
    turn.movement_done = True
    turn.moved = p.space != start
    ctx.emit("moved" if turn.moved else "stayed", p.player, method=action.method, frm=ctx.pack.space(start).id,
             to=action.to, cost=cost.gold, via=action.via)


# ---------------------------------------------------------------------- instead of movement


def instead_open(ctx: Ctx, p: PlayerState) -> bool:
    """Nothing was used instead of movement this turn and she has not left her space."""
    turn = ctx.state.turn
    if turn is None or turn.moved or p.space != turn.start_space or turn.phase == "fight":
        return False
    if powers.sstate(ctx).turn.instead is not None:
        return False
    space = ctx.pack.space(p.space).id
    return not any(s.instead_of_movement and f"{space}:{s.id or s.kind}" in turn.used
                   for s in ctx.pack.space(p.space).services)


def _terrain_key(ctx: Ctx, p: PlayerState) -> str:
    space = ctx.pack.space(p.space)
    if space.terrain is not None:
        return space.terrain
    if space.kind == "enchanted_wilderness":
        return "enchanted_wilderness"
    return "civilization" if space.civilization else space.kind


def ability_uses(ctx: Ctx, p: PlayerState) -> list[UseAbility]:
    """The Abilities she may use now outside battle, each in every form it can take."""
    turn = ctx.state.turn
    if turn is None or turn.phase == "fight":
        return []
    out: list[UseAbility] = []
    for card in powers.held(ctx.state, p.player):
        if not isinstance(card, Ability) or not powers.available(ctx.state, p.player, card) \
                or not powers.can_pay_cost(p, card.cast):
            continue
        for eff in card.effects:
            if eff.kind == "instead_of_movement" and instead_open(ctx, p):
                if eff.action == "train":
                    out.extend(UseAbility(ability=card.id, figure=f) for f in guilds.FIGURES
                               if guilds.can_train(ctx, p, f, None))
                elif _would_help(ctx, p, eff):
                    out.append(UseAbility(ability=card.id))
            elif eff.kind == "peek_astral_plane":
                for key in planes.hidden_slots(ctx, p.player):
                    plane, slot = key.split(":")
                    out.append(UseAbility(ability=card.id, plane=plane, slot=slot))
            elif eff.kind == "extra_turn" and turn.phase == "act" and turn.movement_done:
                out.append(UseAbility(ability=card.id))
    return out


def _would_help(ctx: Ctx, p: PlayerState, eff: Any) -> bool:
    if eff.action == "heal":
        return p.red.left > 0
    if eff.action == "recharge":
        return p.blue.left > 0
    if eff.action == "repair":
        return any(i.damaged for i in p.items)
    if eff.action == "gain":
        return True
    gain = eff.by_terrain.get(_terrain_key(ctx, p))
    return gain is not None and not gain.is_empty()


def use_ability(ctx: Ctx, p: PlayerState, action: UseAbility) -> str:
    """Use it; returns what kind of use it was ("instead", "peek", "extra_turn")."""
    if action not in ability_uses(ctx, p):
        raise RuleError("error.ability_not_usable", ability=action.ability)
    card = powers.spack(ctx.state).ability(action.ability)
    eff = next(e for e in card.effects if e.kind in ("instead_of_movement", "peek_astral_plane", "extra_turn")
               and (e.kind != "peek_astral_plane" or action.plane is not None)
               and (e.kind != "instead_of_movement" or action.plane is None))
    pay(ctx, p, card.cast, card.id)
    powers.mark_used(ctx, p.player, card)
    ctx.emit("ability_used", p.player, ability=card.id)
    if eff.kind == "peek_astral_plane":
        assert action.plane is not None and action.slot is not None
        planes.look(ctx, p, action.plane, action.slot, public=False, reason=card.id)
        return "peek"
    if eff.kind == "extra_turn":
        turn = ctx.state.turn
        assert turn is not None
        turn.extra_turns += 1
        ctx.emit("extra_turn_granted", p.player, reason=card.id)
        return "extra_turn"
    powers.sstate(ctx).turn.instead = card.id
    if eff.action == "train":
        assert action.figure is not None
        guilds.train(ctx, p, action.figure, None, card.id)
    elif eff.action == "heal":
        heal(ctx, p, eff.amount or p.red.left, card.id)
    elif eff.action == "recharge":
        recharge(ctx, p, eff.amount or p.blue.left, card.id)
    elif eff.action == "repair":
        for item in p.items:
            if item.damaged:
                item.damaged = False
                ctx.emit("item_repaired", p.player, item=item.uid, card=item.card, cost=0)
    elif eff.action == "gain":
        apply_effect(ctx, p, eff.gain, card.id)
    else:
        apply_effect(ctx, p, eff.by_terrain.get(_terrain_key(ctx, p)), card.id)  # type: ignore[call-overload]  # a space kind without an entry gives nothing
    return "instead"
