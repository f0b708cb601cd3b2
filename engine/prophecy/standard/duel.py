"""Fights between characters (facts §3; rulings character_fight_when, character_fight_battle,
defender_choices, character_fight_loss, final_battle_stakes).

Optional, once no Creature remains on the space, and the turn's one attack. On a dove space
only a character holding an Artifact may be attacked (facts §1); in the Final Battle only
Artifact holders may be. The loser chooses: lose 1 Health or give up 1 Item. That choice is
the loser's own decision, so when the defender loses the game waits on the defender, not on
the active player. In the Final Battle a loser holding an Artifact hands one over instead,
the winner's pick.
"""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.effects import distinct_choices, lose_health
from engine.prophecy.standard import artifacts, planes, powers
from engine.prophecy.standard.state import Decision
from engine.prophecy.state import PlayerState


def targets(ctx: Ctx, p: PlayerState) -> list[PlayerState]:
    """Who she may attack now on her space."""
    if not planes.may_attack(ctx, p):
        return []
    sst = powers.sstate(ctx)
    dove = ctx.pack.space(p.space).dove
    out = []
    for q in ctx.state.players:
        if q.player == p.player or not q.alive or not q.character or q.space != p.space or q.board != p.board:
            continue
        if (dove or sst.final_battle is not None) and not sst.players[q.player].artifacts:
            continue
        out.append(q)
    return out


def fight_done(ctx: Ctx, attacker: PlayerState, defender: PlayerState, result: str) -> None:
    if result == "draw":
        ctx.emit("duel_draw", attacker.player, defender=defender.player)
        return
    winner, loser = (attacker, defender) if result == "win" else (defender, attacker)
    ctx.emit("duel_won", winner.player, loser=loser.player, attacker=attacker.player)
    sst = powers.sstate(ctx)
    if sst.final_battle is not None and sst.players[loser.player].artifacts:
        owned = sst.players[loser.player].artifacts
        if len(owned) == 1:
            hand_over_artifact(ctx, loser, winner, owned[0])
        else:
            sst.decisions.append(Decision(player=winner.player, kind="take_artifact", options=list(owned),
                                          other=loser.player))
        return
    take_item, gold, extra_health = powers.spoils(ctx.state, winner.player)
    if gold and loser.gold:
        n = min(gold, loser.gold)
        loser.gold -= n
        winner.gold += n
        ctx.emit("gold_taken", winner.player, loser=loser.player, amount=n)
    if take_item and loser.items and "item_loss" not in powers.wards(ctx.state, loser.player):
        sst.decisions.append(Decision(player=winner.player, kind="take_item",
                                      options=[i.uid for i in distinct_choices(loser.items)], other=loser.player))
    elif loser.items:
        sst.decisions.append(Decision(player=loser.player, kind="loss",
                                      options=[i.uid for i in distinct_choices(loser.items)], other=winner.player))
    else:
        health = powers.spack(ctx.state).figures.character_fight_health.value or 1
        lose_health(ctx, loser, health, "character_fight")
    if extra_health and loser.alive:
        lose_health(ctx, loser, extra_health, "extra_health_loss")


def choose_loss(ctx: Ctx, loser: PlayerState, winner: PlayerState, item_uid: str | None) -> None:
    """The loser's answer: an Item given up (to its discard pile, or to the winner as a table
    may choose), or her Health (ruling character_fight_loss)."""
    if item_uid is None:
        health = powers.spack(ctx.state).figures.character_fight_health.value or 1
        ctx.emit("loss_chosen", loser.player, what="health", amount=health)
        lose_health(ctx, loser, health, "character_fight")
        return
    item = loser.item(item_uid)
    assert item is not None
    loser.items.remove(item)
    goes = ctx.state.options.std().item_given_up_goes_to
    if goes == "winner" and winner.alive:
        winner.items.append(item)
    else:
        discard(ctx, ctx.pack.item(item.card).deck, item.card)
    ctx.emit("item_given_up", loser.player, item=item.uid, card=item.card, to=winner.player if goes == "winner" else None)


def take_item(ctx: Ctx, winner: PlayerState, loser: PlayerState, item_uid: str) -> None:
    """Thievery: the winner takes one of the loser's Items instead of her choice."""
    item = loser.item(item_uid)
    assert item is not None
    loser.items.remove(item)
    winner.items.append(item)
    ctx.emit("item_stolen", winner.player, loser=loser.player, item=item.uid, card=item.card)


def hand_over_artifact(ctx: Ctx, loser: PlayerState, winner: PlayerState, artifact: str) -> None:
    powers.mine(ctx.state, loser.player).artifacts.remove(artifact)
    ctx.emit("artifact_lost", loser.player, card=artifact, to=winner.player)
    artifacts.gain(ctx, winner, artifact, loser.player)
