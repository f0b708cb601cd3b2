"""One Round of the Game: Chance card, movement, Adventures, Possibilities, then the next player.

Basic rules, "One Round of the Game". A round ends when play passes the first player again.
"""
from __future__ import annotations

from engine.prophecy.chance import draw_chance
from engine.prophecy.context import Ctx
from engine.prophecy.effects import round_start_items
from engine.prophecy.encounters import holding_creature, next_creature
from engine.prophecy.endgame import finish_at_round_limit
from engine.prophecy.standard import hooks
from engine.prophecy.state import TurnState


def start_turn(ctx: Ctx, player: str, extra: bool = False, extra_turns: int = 0) -> None:
    st = ctx.state
    p = st.player(player)
    st.turn = TurnState(player=player, start_space=p.space, extra=extra, extra_turns=extra_turns)
    ctx.emit("turn_started", player, round=st.round, extra=extra, space=ctx.pack.space(p.space).id)
    if st.standard is not None:
        hooks.standard().turn_begins(ctx, p, extra)
        return
    if not extra:
        round_start_items(ctx, p)  # the Banner of Hope's roll
        draw_chance(ctx)
    if st.status != "active" or st.turn is None:
        return
    held = holding_creature(ctx, p)
    if held is not None:
        st.turn.phase = "fight"
        st.turn.fight = held.uid
        st.turn.after_fight = "move"
        ctx.emit("held_by_creature", player, card=held.card)


def after_movement(ctx: Ctx) -> None:
    """Creatures on the destination must be fought, one by one; then the Possibilities."""
    st = ctx.state
    turn = st.turn
    assert turn is not None
    if st.standard is not None:
        hooks.standard().after_movement(ctx)
        return
    p = st.player(turn.player)
    adv = next_creature(ctx, p)
    if adv is not None:
        turn.phase = "fight"
        turn.fight = adv.uid
        turn.after_fight = "act"
        ctx.emit("creature_encountered", p.player, card=adv.card, uid=adv.uid)
    else:
        turn.phase = "act"
        turn.fight = None


def after_fight(ctx: Ctx, result: str) -> None:
    st = ctx.state
    turn = st.turn
    assert turn is not None
    assert turn.fight is not None
    turn.fought.append(turn.fight)
    turn.fight = None
    if turn.after_fight == "move":
        if st.standard is not None:
            hooks.standard().after_hold_fight(ctx, result)
            return
        # Fought before moving (Giant Spider): unless it was defeated, the character stays.
        turn.held = result != "win"
        turn.phase = "move"
        return
    after_movement(ctx)


def end_turn(ctx: Ctx) -> None:
    st = ctx.state
    turn = st.turn
    assert turn is not None
    if st.standard is not None and hooks.standard().before_end_turn(ctx):
        return  # the turn ends once the discards down to the limits are made
    current = turn.player
    ctx.emit("turn_ended", current)
    if turn.extra_turns > 0 and st.player(current).alive:
        start_turn(ctx, current, extra=True, extra_turns=turn.extra_turns - 1)
        return
    order = [p.player for p in st.players]
    i = order.index(current)
    for step in range(1, len(order) + 1):
        nxt = order[(i + step) % len(order)]
        if _passes_first(order, st.first_player, i, step):
            st.round += 1
            ctx.emit("round_started", None, round=st.round)
            if st.options.round_limit is not None and st.round > st.options.round_limit:
                finish_at_round_limit(ctx)
                return
        if st.player(nxt).alive:
            start_turn(ctx, nxt)
            return


def _passes_first(order: list[str], first: str, i: int, step: int) -> bool:
    """Does moving `step` seats on from seat `i` land on the first player's seat?"""
    return order[(i + step) % len(order)] == first
