"""Attacking the Astral Planes (facts §1, §6; rulings astral_attack, astral_both_guardians,
astral_loss_and_draw, astral_revealed_stays, guardian_rewards, power_up).

Each plane lies beside two ring spaces; from either, once no Creature remains there, a
character may make the turn's one attack on it. She fights its Lesser Guardian, turned face
up for all; beaten, it pays its reward and leaves the game, and she may go straight on
against the Greater Guardian, who guards the Artifact. A loss costs 1 Health, a draw nothing;
the Guardian stays, face up, and she may come back another turn.
"""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, lose_health
from engine.prophecy.encounters import creatures_here
from engine.prophecy.standard import artifacts, parts, powers
from engine.prophecy.standard.state import Decision, PlaneState, Slot
from engine.prophecy.state import PlayerState


def planes_beside(ctx: Ctx, p: PlayerState) -> list[PlaneState]:
    """The planes next to her space that still guard an Artifact."""
    here = ctx.pack.space(p.space).id
    sst = powers.sstate(ctx)
    out = []
    for plane in ctx.pack.board.astral_planes:
        if here in plane.between:
            state = sst.plane(plane.id)
            if state.guardian_slot() is not None and all(part.attackable(ctx.state, plane.id)
                                                         for part in parts.active_parts(ctx.state)):
                out.append(state)
    return out


def creature_remains(ctx: Ctx, p: PlayerState) -> bool:
    """A face-up Creature on her space (beaten ones are gone; lost, drawn or slipped-past stay)."""
    return bool(creatures_here(ctx, p))


def may_attack(ctx: Ctx, p: PlayerState) -> bool:
    """The turn's one attack is still free and no Creature remains (rulings astral_attack,
    character_fight_when)."""
    turn = ctx.state.turn
    return (turn is not None and turn.phase == "act" and not powers.sstate(ctx).turn.attacked
            and not creature_remains(ctx, p))


def reveal(ctx: Ctx, plane: PlaneState) -> None:
    """The Guardian attacked is turned face up for everyone (ruling astral_attack)."""
    slot = plane.guardian_slot()
    assert slot is not None
    if slot not in plane.up:
        plane.up.append(slot)
        ctx.emit("guardian_revealed", None, reveals=True, plane=plane.id, slot=slot, card=plane.card(slot))


def guardian_done(ctx: Ctx, p: PlayerState, plane_id: str, card: str, result: str) -> None:
    sst = powers.sstate(ctx)
    plane = sst.plane(plane_id)
    slot = "lesser" if plane.lesser == card else "greater"
    guardian = powers.spack(ctx.state).guardian(card)
    if result != "win":
        ctx.emit("guardian_stays", p.player, plane=plane.id, card=card)
        if result == "loss":
            lose_health(ctx, p, 1, card)
        return
    gained = guardian.experience + powers.extra_experience(ctx.state, p.player)
    p.experience += gained
    setattr(plane, slot, None)
    if slot in plane.up:
        plane.up.remove(slot)
    plane.seen.pop(slot, None)
    ctx.emit("guardian_defeated", p.player, plane=plane.id, card=card, tier=slot, experience=gained)
    if slot == "lesser":
        apply_effect(ctx, p, guardian.reward, guardian.id)
        option = ctx.state.options.std().astral_greater_same_turn
        if p.alive and ctx.state.status == "active" and plane.greater is not None and option != "next_attack":
            sst.decisions.append(Decision(player=p.player, kind="continue", options=[plane.id], reason=option))
        return
    won = plane.artifact
    plane.artifact = None
    if "artifact" in plane.up:
        plane.up.remove("artifact")
    plane.seen.pop("artifact", None)
    if won is not None:
        artifacts.gain(ctx, p, won, plane.id)


def hidden_slots(ctx: Ctx, viewer: str) -> list[str]:
    """Every card on the planes (as "plane:slot") that `viewer` has not seen (Prophetic Dream)."""
    out = []
    for plane in powers.sstate(ctx).planes:
        for slot in ("lesser", "greater", "artifact"):
            if plane.card(slot) is not None and slot not in plane.up and viewer not in plane.seen.get(slot, []):
                out.append(f"{plane.id}:{slot}")
    return out


def look(ctx: Ctx, p: PlayerState, plane_id: str, slot: Slot, public: bool, reason: str) -> None:
    """She looks at a hidden card: in private (only her view shows it; the others learn which
    card she looked at), or for everyone (ruling prophetic_dream)."""
    plane = powers.sstate(ctx).plane(plane_id)
    card = plane.card(slot)
    if card is None or slot in plane.up:
        return
    if any(part.plane_card_looked(ctx, p, plane_id, slot) for part in parts.active_parts(ctx.state)):
        return  # a card of an expansion part (the Gate to the Water Realm), turned up by it
    if public:
        plane.up.append(slot)
        ctx.emit("plane_card_shown", p.player, reveals=True, plane=plane.id, slot=slot, card=card, reason=reason)
        return
    seen = plane.seen.setdefault(slot, [])
    if p.player not in seen:
        seen.append(p.player)
    # the event names the card looked at, never what it is: that is in the dreamer's view only
    ctx.emit("plane_card_seen", p.player, reveals=True, plane=plane.id, slot=slot, reason=reason)
