"""A Standard turn: what differs from the Basic round (Basic rules, "One Round of the Game").

Start-of-round powers come before movement, once a round even with extra turns (facts §3,
§11.10). The Chance card is turned up as usual, except in the Final Battle (ruling
final_battle_turns, apocalypse). Where the movement ends, face-down cards are turned up first
(ruling second_adventure_face_down) and Artifacts left by the dead are picked up (ruling death);
every Creature there is fought, the player ordering two (ruling creature_order), before any
Opportunity (ruling opportunities_after_creatures). A Giant Spider holds whoever starts on its
space, two Spiders twice (ruling giant_spider_two_slots). At the end of her round a character
discards down to 7 Items and 7 Abilities (ruling limits).
"""
from __future__ import annotations

from engine.prophecy.content_standard import StartOfRound
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, lose_health, round_start_items
from engine.prophecy.encounters import creatures_here, holding_creature
from engine.prophecy.standard import artifacts, guilds, parts, powers
from engine.prophecy.standard.chance import draw_chance, reveal_face_down
from engine.prophecy.standard.state import Decision, StdTurn
from engine.prophecy.state import AdventureOnSpace, PlayerState
from engine.prophecy.turns import after_movement as from_after_movement


def turn_begins(ctx: Ctx, p: PlayerState, extra: bool) -> None:
    st = ctx.state
    sst = powers.sstate(ctx)
    sst.turn = StdTurn()
    _expire_training(ctx, p.player, extra)
    fb = sst.final_battle
    if fb is not None and fb.apocalypse:
        loss = powers.spack(st).figures.apocalypse_health_loss.value or 1
        ctx.emit("apocalypse_strikes", p.player)
        lose_health(ctx, p, loss, "apocalypse")
        if not p.alive or st.status != "active":
            return
    if not extra:
        me = sst.players[p.player]
        me.round_used.clear()
        me.resting.clear()
    if any(part.turn_begins(ctx, p, extra) for part in parts.active_parts(st)):
        return  # the part plays this turn itself (a character in the Water Realm)
    if not extra:
        _start_of_round(ctx, p)
        draw_chance(ctx)
    if st.status != "active" or st.turn is None or not p.alive:
        return
    if fb is not None:
        # the Final Battle: nobody moves; the turn goes on as if she stayed (ruling final_battle_turns)
        st.turn.movement_done = True
        ctx.emit("final_battle_turn", p.player, space=fb.space)
        if movement_ended(ctx, p):
            from_after_movement(ctx)
        return
    held = holding_creature(ctx, p)
    if held is not None:
        hold(ctx, p, held)  # fought once any decision the Chance card asked (a dream) is answered


def hold(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace) -> None:
    turn = ctx.state.turn
    assert turn is not None
    turn.phase = "fight"
    turn.fight = adv.uid
    turn.after_fight = "move"
    ctx.emit("held_by_creature", p.player, card=adv.card)


def _start_of_round(ctx: Ctx, p: PlayerState) -> None:
    """Start-of-round powers (Chalice of Life, Mana Well...), where the card allows; the Items
    that act then (the Banner of Hope's roll)."""
    round_start_items(ctx, p)
    space = ctx.pack.space(p.space)
    for card, eff in powers.effects_of(ctx.state, p.player, StartOfRound):
        where = eff.where
        if where == "wilderness" and space.civilization:
            continue
        if where == "civilization" and not space.civilization:
            continue
        apply_effect(ctx, p, eff.gain, card.id)


def _expire_training(ctx: Ctx, player: str, extra: bool) -> None:
    """A Training Offer lasts the drawer's turn; Open Training until her next turn begins."""
    sst = powers.sstate(ctx)
    sst.training = [r for r in sst.training
                    if not (r.lasts == "turn" or (r.lasts == "round" and r.drawer == player and not extra))]


def movement_ended(ctx: Ctx, p: PlayerState) -> bool:
    """Face-down cards turned up, Artifacts picked up. False when play cannot go on to the
    space's cards (the game ended, or the Final Battle is being called)."""
    reveal_face_down(ctx, p.space)
    artifacts.pick_up(ctx, p)
    sst = powers.sstate(ctx)
    return ctx.state.status == "active" and not any(d.kind == "battleground" for d in sst.decisions)


def after_movement(ctx: Ctx) -> None:
    """The next Creature to fight, the player choosing between two, or the act phase."""
    st = ctx.state
    turn = st.turn
    assert turn is not None
    p = st.player(turn.player)
    todo = [adv for adv, _card in creatures_here(ctx, p) if adv.uid not in turn.fought]
    if not todo:
        turn.phase = "act"
        turn.fight = None
        return
    turn.phase = "fight"
    turn.fight = None
    turn.after_fight = "act"
    order = st.options.std().creature_order
    if order == "player_chooses" and len({a.card for a in todo}) > 1:
        powers.sstate(ctx).decisions.append(Decision(player=p.player, kind="creature", options=[a.uid for a in todo]))
        return
    begin_fight(ctx, p, todo[0])


def begin_fight(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace) -> None:
    turn = ctx.state.turn
    assert turn is not None
    turn.phase = "fight"
    turn.fight = adv.uid
    ctx.emit("creature_encountered", p.player, card=adv.card, uid=adv.uid)


def after_hold_fight(ctx: Ctx, result: str) -> None:
    """After a Spider fought before moving: a second Spider holds her too; she leaves only
    after beating both (ruling giant_spider_two_slots)."""
    st = ctx.state
    turn = st.turn
    assert turn is not None
    p = st.player(turn.player)
    turn.held = turn.held or result not in ("win", "bribed")
    for adv, card in creatures_here(ctx, p):
        if card.special("holds_on_start") is not None and adv.uid not in turn.fought:
            hold(ctx, p, adv)
            return
    turn.phase = "move"


def before_end_turn(ctx: Ctx) -> bool:
    """Over the limits at the end of her round: she discards first (ruling limits)."""
    st = ctx.state
    turn = st.turn
    sst = powers.sstate(ctx)
    if st.status != "active" or turn is None:
        return False
    for part in parts.active_parts(st):
        part.turn_ends(ctx, st.player(turn.player))  # Artifacts lying where her turn ends (Water Realm)
    if st.status != "active" or st.turn is None:
        return True
    if sst.decisions:
        return True
    p = st.player(turn.player)
    if not p.alive or turn.extra_turns > 0:
        return False
    options = guilds.excess(ctx, p)
    if not options:
        return False
    sst.decisions.append(Decision(player=p.player, kind="discard", options=options, then="end_turn"))
    ctx.emit("over_the_limit", p.player, items=len(p.items), abilities=len(sst.players[p.player].abilities))
    return True
