"""Coming out of the Water Realm and reaching its Palace (rulebook "Returning to the Main Game
Board", "Journey's End", "Pearl of the Abyss"; "Lord of the Sea").

A character comes out on either ring space beside the Gate (her choice) and goes on with her
turn as if she had just moved there (or her turn ends, after the Palace). Entering the Palace
she fights its Greater Guardian at once, or the Lord of the Sea in his variant; once the
Guardian is beaten, the Palace gives a Pearl of the Abyss to whoever has none.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.effects import heal, recharge
from engine.prophecy.standard import planes, powers, turns
from engine.prophecy.standard.state import PlaneState
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import after_movement, end_turn
from engine.prophecy.water_realm.water.core import diver, gate_spaces, lord_variant, set_act, wp, wstate
from engine.prophecy.water_realm.water.state import WaterAsk


def gate_id() -> str:
    return wp().data.gate.id


def gate_plane(ctx: Ctx) -> PlaneState | None:
    """The plane of the Gate, turned up or not."""
    sst = powers.sstate(ctx)
    w = wstate(ctx.state)
    for plane in sst.planes:
        if plane.id == w.gate or plane.lesser == gate_id():
            return plane
    return None



# ---------------------------------------------------------------------------- coming out


def ask_exit(ctx: Ctx, p: PlayerState, then: str, reason: str) -> None:
    """She is out of the realm: on which of the two spaces beside the Gate?"""
    wstate(ctx.state).asks.insert(0, WaterAsk(player=p.player, kind="exit", options=gate_spaces(ctx), then=then,
                                              reason=reason))


def leave(ctx: Ctx, p: PlayerState, space_id: str, then: str, how: str) -> None:
    """Back on the main board beside the Gate; her Bubbles go back to the bank. `then`:
    "arrive" goes on as if she had just moved there, "end_turn" ends her turn."""
    if space_id not in gate_spaces(ctx):
        raise RuleError("error.water_not_beside_gate", space=space_id)
    w = wstate(ctx.state)
    d = w.divers.pop(p.player)
    p.board = "main"
    p.space = ctx.pack.space_index(space_id)
    w.turn.fight = None
    w.turn.over = False
    ctx.emit("water_left", p.player, space=space_id, bubbles=d.bubbles, how=how)
    turn = ctx.state.turn
    if turn is None or turn.player != p.player or ctx.state.status != "active":
        return
    if then == "end_turn":
        end_turn(ctx)
        return
    turn.movement_done = True
    turn.moved = True
    turn.phase = "move"
    if turns.movement_ended(ctx, p) and ctx.state.turn is not None:
        after_movement(ctx)



# ----------------------------------------------------------------------------- the Palace


def palace(ctx: Ctx, p: PlayerState, fight: bool) -> None:
    """She enters the Undersea Palace (rulebook "Journey's End"; "Lord of the Sea")."""
    w = wstate(ctx.state)
    d = diver(ctx.state, p.player)
    assert d is not None
    turn = ctx.state.turn
    assert turn is not None
    ready = fight and not w.turn.over
    if lord_variant(ctx.state):
        if w.lord is None:
            set_act(ctx, over=w.turn.over)
            return
        if not ready:
            d.held = True
            set_act(ctx, over=True)
            return
        turn.phase = "fight"
        w.turn.fight = "lord"
        ctx.emit("water_lord_met", p.player, card=w.lord)
        return
    plane = gate_plane(ctx)
    if plane is not None and plane.greater is not None:
        if not ready:
            set_act(ctx, over=True)  # she waits in the Palace and attacks on a later turn
            return
        ctx.emit("water_palace_reached", p.player, plane=plane.id)
        planes.reveal(ctx, plane)
        turn.phase = "fight"
        w.turn.fight = "guardian"
        return
    # the Guardian was beaten before her: a Pearl if she has none, then out (rulebook "Pearl of the Abyss")
    ctx.emit("water_palace_reached", p.player, plane=plane.id if plane else "")
    if p.player not in w.pearls and w.pearls_left > 0:
        give_pearl(ctx, p)
    set_act(ctx)
    ask_exit(ctx, p, then="end_turn", reason="palace")


def give_pearl(ctx: Ctx, p: PlayerState) -> None:
    """One Pearl per player; gaining it heals all her Health and Magic."""
    w = wstate(ctx.state)
    w.pearls.append(p.player)
    w.pearls_left -= 1
    ctx.emit("water_pearl_gained", p.player, card=wp().data.pearl.id)
    heal(ctx, p, p.red.left, wp().data.pearl.id)
    recharge(ctx, p, p.blue.left, wp().data.pearl.id)
