"""Going to Treasure Island and away, and a turn spent there (Water Realm expansion, "Travel to
Treasure Island"; rulings island_place, island_turn, island_teleport).

The island is a space of its own in the middle of the board, off the ring: a character there
has `board` "island" (her `space` still names the ring space she left, which nothing reads
while she is away). Its Port reaches every Port: the way out costs the round trip, 2 Gold, the
way back is free (Wharf Rat: both free; Nautical Rites: free out, 2 Gold paid back on the way
home). A card that goes to any space (Teleportation, the Royal Cape) goes there too, at its own
price, and away to any space of the ring. On the island a character may stay (using an Ability
instead of moving, as anywhere), dig for Treasure, attack another character there, use Items.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import Cost
from engine.prophecy.content_standard import Movement
from engine.prophecy.context import Ctx
from engine.prophecy.effects import pay
from engine.prophecy.standard import artifacts, moves, powers, turns
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import after_movement
from engine.prophecy.water_realm.island.actions import LeaveIsland, SailToIsland, StayOnIsland
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.maps import isl
from engine.prophecy.water_realm.island.state import ISLAND, ON_ISLAND

#: the Abilities the rulebook names for the boat to the island ("Travel to Treasure Island")
WHARF_RAT = "wharf_rat"
NAUTICAL_RITES = "nautical_rites"


def on_island(p: PlayerState) -> bool:
    return p.board == ON_ISLAND


def _abilities(ctx: Ctx, p: PlayerState) -> list[str]:
    return powers.mine(ctx.state, p.player).abilities


def sail_cost(ctx: Ctx, p: PlayerState) -> int:
    """2 Gold for the round trip; nothing with Wharf Rat or Nautical Rites."""
    mine = _abilities(ctx, p)
    if WHARF_RAT in mine or NAUTICAL_RITES in mine:
        return 0
    return island_content().figures.sail_to_island.value


def refund(ctx: Ctx, p: PlayerState) -> int:
    """Gold received on the boat back (Nautical Rites)."""
    if NAUTICAL_RITES in _abilities(ctx, p) and WHARF_RAT not in _abilities(ctx, p):
        return island_content().figures.nautical_rites_refund.value
    return 0


def teleports(ctx: Ctx, p: PlayerState) -> list[tuple[Any, Cost]]:
    """The cards that take her to any space (movement `teleport`), usable now, with their price."""
    out: list[tuple[Any, Cost]] = []
    for card, eff in powers.effects_of(ctx.state, p.player, Movement):
        if eff.mode != "teleport" or not powers.available(ctx.state, p.player, card):
            continue
        cost = powers.add_costs(eff.cost, powers.cast_cost(card))
        if powers.can_pay_cost(p, cost) and all(c.id != card.id for c, _ in out):
            out.append((card, cost))
    return out


def may_move(ctx: Ctx) -> bool:
    turn = ctx.state.turn
    return turn is not None and turn.phase == "move" and not turn.movement_done and not turn.held \
        and powers.sstate(ctx).final_battle is None


# ---------------------------------------------------------------------------- to the island


def to_island(ctx: Ctx, p: PlayerState) -> Iterator[SailToIsland]:
    """From the ring in her movement: by boat from a Port, or by a card that goes anywhere."""
    if on_island(p) or p.board != "main" or not may_move(ctx):
        return
    if ctx.pack.space(p.space).port and p.gold >= sail_cost(ctx, p):
        yield SailToIsland()
    for card, _cost in teleports(ctx, p):
        yield SailToIsland(via=card.id)


def _by_card(ctx: Ctx, p: PlayerState, via: str) -> None:
    """Pay for a card that takes her anywhere (to the island or off it) and mark it used."""
    card, price = next((c, k) for c, k in teleports(ctx, p) if c.id == via)
    pay(ctx, p, price, card.id)
    powers.mark_used(ctx, p.player, card)


def go(ctx: Ctx, p: PlayerState, action: SailToIsland) -> None:
    if action not in list(to_island(ctx, p)):
        raise RuleError("error.island_cannot_sail")
    cost = 0
    if action.via is None:
        cost = sail_cost(ctx, p)
        p.gold -= cost
    else:
        _by_card(ctx, p, action.via)
    turn = ctx.state.turn
    assert turn is not None
    frm = ctx.pack.space(p.space).id
    p.board = ON_ISLAND
    turn.movement_done = True
    turn.moved = True
    ctx.emit("island_arrived", p.player, frm=frm, cost=cost, via=action.via)
    arrived(ctx, p)


def arrived(ctx: Ctx, p: PlayerState) -> None:
    """Her movement ended on the island: Artifacts lying there are hers (ruling death), then
    she acts (no Adventure card ever lies on the island)."""
    sst = powers.sstate(ctx)
    for card in sst.dropped.pop(ISLAND, []):
        if ctx.state.status != "active":
            return
        artifacts.gain(ctx, p, card, "picked_up")
    turn = ctx.state.turn
    if turn is not None and ctx.state.status == "active" and not any(d.kind == "battleground" for d in sst.decisions):
        turn.phase = "act"
        turn.fight = None


# --------------------------------------------------------------------------- on the island


def away(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    """Her movement on the island: a boat to any Port, a card to any ring space, or staying.
    Only from the island: the free boat to any Port is the way home, not a jump along the ring."""
    if not on_island(p) or not may_move(ctx):
        return
    spaces = ctx.pack.board.spaces
    for space in spaces:
        if space.port:
            yield LeaveIsland(to=space.id)
    for card, _cost in teleports(ctx, p):
        for space in spaces:
            yield LeaveIsland(to=space.id, via=card.id)
    yield StayOnIsland()


def leave(ctx: Ctx, p: PlayerState, action: LeaveIsland) -> None:
    if not on_island(p):
        raise RuleError("error.island_not_on_island")
    if action not in list(away(ctx, p)):
        raise RuleError("error.island_cannot_leave", space=action.to)
    gold = 0
    if action.via is None:
        gold = refund(ctx, p)
        p.gold += gold
    else:
        _by_card(ctx, p, action.via)
    turn = ctx.state.turn
    assert turn is not None
    p.board = "main"
    p.space = ctx.pack.space_index(action.to)
    turn.movement_done = True
    turn.moved = True
    ctx.emit("island_left", p.player, to=action.to, gold=gold, via=action.via)
    # she continues as anyone whose movement ended on that space
    if turns.movement_ended(ctx, p) and ctx.state.turn is not None:
        after_movement(ctx)


def stay(ctx: Ctx, p: PlayerState) -> None:
    if not on_island(p):  # on the ring, staying is the ordinary Move "stay" (and its Creatures)
        raise RuleError("error.island_not_on_island")
    if not may_move(ctx):
        raise RuleError("error.already_moved")
    turn = ctx.state.turn
    assert turn is not None
    turn.movement_done = True
    turn.moved = False
    ctx.emit("island_stayed", p.player)
    arrived(ctx, p)


def ability_uses(ctx: Ctx, p: PlayerState) -> list[prophecy_actions.UseAbility]:
    """The Abilities usable on the island: as anywhere, except those whose gain depends on the
    kind of terrain (the island is wilderness, but no Forest, Mountains or Plains)."""
    out = []
    sp = powers.spack(ctx.state)
    for a in moves.ability_uses(ctx, p):
        card = sp.ability(a.ability)
        if any(e.kind == "instead_of_movement" and e.action == "by_terrain" for e in card.effects):
            continue
        out.append(a)
    return out


def use_ability(ctx: Ctx, p: PlayerState, action: prophecy_actions.UseAbility) -> None:
    """On the island, an Ability used instead of moving keeps her there (she stays)."""
    if action not in ability_uses(ctx, p):
        raise RuleError("error.ability_not_usable", ability=action.ability)
    kind = moves.use_ability(ctx, p, action)
    turn = ctx.state.turn
    if kind == "instead" and turn is not None and turn.phase == "move":
        turn.movement_done = True
        turn.moved = False
        ctx.emit("island_stayed", p.player, via=action.ability)
        arrived(ctx, p)


def island_targets(ctx: Ctx, p: PlayerState) -> list[PlayerState]:
    """The characters she may attack on the island: the turn's one attack, before digging."""
    sst = powers.sstate(ctx)
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or sst.turn.attacked or p.player in isl(ctx).dug \
            or sst.final_battle is not None:
        return []
    return [q for q in ctx.state.players
            if q.player != p.player and q.alive and q.character and q.board == ON_ISLAND]
