"""Play on the Water Realm's board (rulebook "Set Up of the Water Realm", "Water Realm Cards",
"A Round in the Water Realm", "Movement", "Moving", "Negative Cards", "Positive Cards").

A character moves one or two spaces to a space beside hers (never diagonally). A first step
onto an empty space, the entrance or a face-up positive card lets her take a second; onto a
face-down card, a negative card, the Palace or another character it stops her. A face-down card
is turned up when she enters its space: a positive one she may use or leave; an Obstacle (which
stays for good) does what it says, a current carrying her two spaces in a rolled compass
direction, where what she lands on is dealt with as if she had moved there; a Creature she must
fight, and losing or drawing ends her turn (next turn: stay and fight again, or pay 2 Bubbles to
run away). Items are free and leave the game when discarded; a used Opportunity leaves the game;
a Waterlore Ability costs its Experience only.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy.content import CreatureCard
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, lose_health, would_change
from engine.prophecy.standard import powers
from engine.prophecy.state import OwnedItem, PlayerState
from engine.prophecy.water_realm.water import palace as water_palace
from engine.prophecy.water_realm.water.actions import WaterMove, WaterTake
from engine.prophecy.water_realm.water.content import Obstacle, WaterCreature, WaterItem, WaterLore, WaterOpportunity
from engine.prophecy.water_realm.water.core import (
    OFF,
    diver,
    gate_spaces,
    in_realm,
    lord_variant,
    neighbours,
    place_id,
    refill,
    set_act,
    step,
    use_bubbles,
    wp,
    wstate,
)
from engine.prophecy.water_realm.water.state import GridCard, WaterAsk

DIRECTIONS = ("north", "east", "south", "west")


# ------------------------------------------------------------------------------------ setup


def deal(ctx: Ctx) -> tuple[list[GridCard | None], list[str]]:
    """Light cards on light spaces, dark cards on dark ones, face down; what is left lies
    aside unseen (rulebook "Water Realm Cards")."""
    pack = wp()
    grid = pack.grid
    rng = ctx.state.rng
    positive, negative = pack.positive_deck(), pack.negative_deck()
    rng.shuffle(positive)
    rng.shuffle(negative)
    cells: list[GridCard | None] = [None] * grid.size
    for i in grid.card_spaces():
        deck = positive if grid.light(i) else negative
        cells[i] = GridCard(uid=ctx.state.new_uid("w"), card=deck.pop())
    return cells, positive + negative


# ------------------------------------------------------------------------------------ cells


def card_at(state: Any, cell: int) -> GridCard | None:
    if cell < 0:
        return None
    return wstate(state).cells[cell]


def others_at(state: Any, pid: str, cell: int) -> list[str]:
    """The other living characters on that space of the realm."""
    w = wstate(state)
    return [q for q, d in w.divers.items() if q != pid and d.cell == cell and state.player(q).alive]


def creature_here(state: Any, cell: int) -> tuple[GridCard, WaterCreature] | None:
    gc = card_at(state, cell)
    if gc is None or not gc.up:
        return None
    card = wp().card(gc.card)
    return (gc, card) if isinstance(card, WaterCreature) else None


def passable(state: Any, pid: str, cell: int) -> bool:
    """A first step here lets her take a second (rulebook "Moving")."""
    if cell == wp().grid.palace_index or others_at(state, pid, cell):
        return False
    gc = card_at(state, cell)
    return gc is None or (gc.up and wp().is_positive(gc.card))


def moves(ctx: Ctx, p: PlayerState) -> list[WaterMove]:
    """Every destination of one or two steps, and the ways off the grid: only from a space on
    the edge, since "a character on one of the eight spaces in the middle must first move to
    the edge" ("Returning to the Main Game Board"; ruling water_leave_from_edge)."""
    d = diver(ctx.state, p.player)
    assert d is not None
    start = d.cell
    cells: set[int] = set()
    off = False
    for a in neighbours(start):
        if a == OFF:
            off = True
            continue
        cells.add(a)
        if passable(ctx.state, p.player, a):
            for b in neighbours(a):
                if b != OFF and b != start:
                    cells.add(b)
    out = [WaterMove(to=c) for c in sorted(cells)]
    if off:
        out += [WaterMove(exit=s) for s in gate_spaces(ctx)]
    return out


def held_here(state: Any, pid: str) -> bool:
    """She starts her turn with a Creature that beat her, drew, or caught her: leaving is
    running away."""
    d = diver(state, pid)
    if d is None or not d.held:
        return False
    if d.cell == wp().grid.palace_index:
        return wstate(state).lord is not None and lord_variant(state)
    return creature_here(state, d.cell) is not None


def reveal(ctx: Ctx, cell: int, by: str | None, reason: str) -> None:
    gc = card_at(ctx.state, cell)
    if gc is None or gc.up:
        return
    wstate(ctx.state).cells[cell] = gc.model_copy(update={"up": True})  # a card is frozen: a new one in its place
    ctx.emit("water_card_revealed", by, reveals=True, cell=cell, card=gc.card, reason=reason)


def face_down_cells(state: Any) -> list[int]:
    return [i for i, gc in enumerate(wstate(state).cells) if gc is not None and not gc.up]


# ---------------------------------------------------------------------------- arriving


def arrive(ctx: Ctx, p: PlayerState, cell: int, chain: int = 0, fight: bool = True) -> None:
    """She ends a move (or a current) on `cell`, or stays there: deal with what lies there."""
    d = diver(ctx.state, p.player)
    assert d is not None
    d.cell = cell
    w = wstate(ctx.state)
    w.turn.fight = None
    if cell == wp().grid.palace_index:
        water_palace.palace(ctx, p, fight)
        return
    gc = card_at(ctx.state, cell)
    if gc is not None and not gc.up:
        reveal(ctx, cell, p.player, "entered")
    if gc is None or wp().is_positive(gc.card):
        set_act(ctx, over=w.turn.over)
        return
    card = wp().card(gc.card)
    if isinstance(card, Obstacle):
        meet_obstacle(ctx, p, card, chain, fight)
    elif isinstance(card, WaterCreature):
        if fight and not w.turn.over:
            begin_fight(ctx, p, gc, card)
        else:
            d.held = True  # carried onto it after her turn ended: she starts next turn with it
            set_act(ctx, over=True)


def begin_fight(ctx: Ctx, p: PlayerState, gc: GridCard, card: WaterCreature) -> None:
    turn = ctx.state.turn
    assert turn is not None
    turn.phase = "fight"
    w = wstate(ctx.state)
    w.turn.fight = gc.uid
    w.turn.shark_cap = None
    ctx.emit("water_creature_met", p.player, card=card.id, cell=in_realm(ctx.state, p.player).cell)


def meet_obstacle(ctx: Ctx, p: PlayerState, card: Obstacle, chain: int, fight: bool) -> None:
    """An Obstacle does what its card says, every time it is met (rulebook "Obstacles")."""
    ctx.emit("water_obstacle_met", p.player, card=card.id)
    if card.bubbles:
        use_bubbles(ctx, p, card.bubbles, card.id)
    if not p.alive or ctx.state.status != "active":
        return
    if not card.effect.is_empty():
        apply_effect(ctx, p, card.effect, card.id)
    if not p.alive or ctx.state.status != "active":
        return
    if card.current:
        carry(ctx, p, card.id, chain, fight)
    else:
        set_act(ctx, over=wstate(ctx.state).turn.over)


def carry(ctx: Ctx, p: PlayerState, reason: str, chain: int, fight: bool) -> None:
    """A current takes her 2 spaces in a rolled compass direction (Current Riding: hers to
    choose); a current it lands on carries her on, a few times at most."""
    w = wstate(ctx.state)
    if chain >= wp().fig("current_chain"):
        ctx.emit("water_current_calms", p.player)
        set_act(ctx, over=w.turn.over)
        return
    if has_power(ctx.state, p.player, "current_riding"):
        w.asks.insert(0, WaterAsk(player=p.player, kind="steer", options=list(DIRECTIONS), reason=reason,
                                  chain=chain, fight=fight))
        return
    face = ctx.state.rng.d6()
    direction = wp().data.compass.faces[face]
    ctx.emit("water_current_rolled", p.player, reveals=True, face=face, direction=direction, card=reason)
    sweep(ctx, p, direction, chain, fight, reason)


def sweep(ctx: Ctx, p: PlayerState, direction: str, chain: int, fight: bool, reason: str) -> None:
    """Carried `current_spaces` spaces that way; off the grid she is back on the main board."""
    d = diver(ctx.state, p.player)
    assert d is not None
    cell = d.cell
    for _ in range(wp().fig("current_spaces")):
        cell = step(cell, direction)
        if cell == OFF:
            break
    ctx.emit("water_carried", p.player, direction=direction, cell=cell, card=reason)
    if cell == OFF:
        water_palace.ask_exit(ctx, p, then="arrive", reason=reason)
        return
    arrive(ctx, p, cell, chain + 1, fight)


def steer(ctx: Ctx, p: PlayerState, ask: WaterAsk, direction: str) -> None:
    ctx.emit("water_current_steered", p.player, direction=direction, card=ask.reason)
    sweep(ctx, p, direction, ask.chain, ask.fight, ask.reason)


# ----------------------------------------------------------------------------- moving


def do_move(ctx: Ctx, p: PlayerState, action: WaterMove) -> None:
    turn = ctx.state.turn
    assert turn is not None
    if turn.phase != "move" or turn.movement_done:
        raise RuleError("error.already_moved")
    if action not in moves(ctx, p):
        raise RuleError("error.water_cannot_move_there")
    d = diver(ctx.state, p.player)
    assert d is not None
    start = d.cell
    if held_here(ctx.state, p.player):
        ctx.emit("water_ran_away", p.player, cell=start)
        use_bubbles(ctx, p, wp().fig("run_away_bubbles"), "run_away")
        if not p.alive:
            return
    d.held = False
    turn.movement_done = True
    turn.moved = True
    if action.exit is not None:
        water_palace.leave(ctx, p, action.exit, then="arrive", how="moved")
        return
    assert action.to is not None
    ctx.emit("water_moved", p.player, frm=start, to=action.to)
    arrive(ctx, p, action.to)


def stay(ctx: Ctx, p: PlayerState, via: str | None = None) -> None:
    """She gives up her movement: Swimming refills a Bubble; what lies here is met again."""
    turn = ctx.state.turn
    assert turn is not None
    if turn.phase != "move" or turn.movement_done:
        raise RuleError("error.already_moved")
    d = diver(ctx.state, p.player)
    assert d is not None
    turn.movement_done = True
    turn.moved = False
    w = wstate(ctx.state)
    w.turn.stayed = True
    ctx.emit("water_stayed", p.player, cell=d.cell, via=via)
    if has_power(ctx.state, p.player, "swimming"):
        refill(ctx, p, 1, "swimming")
    d.held = False
    arrive(ctx, p, d.cell)


# ------------------------------------------------------------------------- positive cards


def takeable(ctx: Ctx, p: PlayerState) -> list[WaterTake]:
    """The positive card of her space, if she may use it now (rulebook "Positive Cards"; an
    Opportunity that would do nothing cannot be used)."""
    d = diver(ctx.state, p.player)
    w = wstate(ctx.state)
    turn = ctx.state.turn
    if d is None or turn is None or turn.phase != "act" or w.turn.over or w.turn.fight is not None:
        return []
    gc = card_at(ctx.state, d.cell)
    if gc is None or not gc.up or not wp().is_positive(gc.card):
        return []
    card = wp().card(gc.card)
    if isinstance(card, WaterOpportunity):
        useful = (card.bubbles and d.used) or card.power == "mermaid" or (
            not card.effect.is_empty() and would_change(ctx, p, card.effect))
        if not useful:
            return []
    elif isinstance(card, WaterLore):
        me = powers.mine(ctx.state, p.player)
        if p.experience < card.experience or card.id in me.abilities:
            return []
    return [WaterTake(card=gc.uid)]


def take(ctx: Ctx, p: PlayerState, action: WaterTake) -> None:
    if action not in takeable(ctx, p):
        raise RuleError("error.water_cannot_take")
    d = diver(ctx.state, p.player)
    assert d is not None
    w = wstate(ctx.state)
    gc = w.cells[d.cell]
    assert gc is not None
    card = wp().card(gc.card)
    w.cells[d.cell] = None
    if isinstance(card, WaterItem):
        item = OwnedItem(uid=ctx.state.new_uid("i"), card=card.id)
        p.items.append(item)
        ctx.emit("water_item_taken", p.player, reveals=True, card=card.id, item=item.uid)
    elif isinstance(card, WaterLore):
        p.experience -= card.experience
        powers.mine(ctx.state, p.player).abilities.append(card.id)
        ctx.emit("water_lore_learned", p.player, card=card.id, experience=card.experience)
    else:
        assert isinstance(card, WaterOpportunity)
        ctx.emit("water_opportunity_used", p.player, card=card.id)
        if card.bubbles:
            refill(ctx, p, card.bubbles, card.id)
        if not card.effect.is_empty():
            apply_effect(ctx, p, card.effect, card.id)
        if card.power == "mermaid":
            w.mermaid = p.player
            ctx.emit("water_mermaid_loves", p.player, card=card.id)
        else:
            w.removed.append(card.id)


# ------------------------------------------------------------------------------ creatures


def creature_card(ctx: Ctx, uid: str) -> tuple[int, GridCard, WaterCreature]:
    w = wstate(ctx.state)
    for i, gc in enumerate(w.cells):
        if gc is not None and gc.uid == uid:
            card = wp().card(gc.card)
            assert isinstance(card, WaterCreature)
            return i, gc, card
    raise RuleError("error.no_creature")


def creature_result(ctx: Ctx, p: PlayerState, target: str, result: str) -> None:
    """A battle with a Creature of the realm is over (rulebook "Creatures"; Appendix: Giant
    Squid, Sea Witch)."""
    w = wstate(ctx.state)
    d = diver(ctx.state, p.player)
    cell, gc, card = creature_card(ctx, target)
    w.turn.shark_cap = None
    if card.power == "giant_squid" and (w.turn.squid_extra or result == "win"):
        squid_result(ctx, p, cell, gc, card, result)
        return
    if result == "win":
        defeat(ctx, p, cell, card, card.experience, card.treasure)
        if card.power == "sea_witch" and w.mermaid == p.player and p.alive:
            w.asks.insert(0, WaterAsk(player=p.player, kind="mermaid", options=["stay", "go"], reason=card.id))
        return
    ctx.emit("creature_stays", p.player, card=card.id, space=place_id(cell))
    if result == "loss":
        if card.on_loss is not None:
            apply_effect(ctx, p, card.on_loss, card.id)
        else:
            lose_health(ctx, p, 1, card.id)
        if card.loss_bubbles and p.alive:
            use_bubbles(ctx, p, card.loss_bubbles, card.id)
    if not p.alive or ctx.state.status != "active":
        return
    if d is not None:
        d.held = True
    set_act(ctx, over=True)
    if result == "loss" and card.loss_current and p.alive and ctx.state.status == "active":
        d.held = False  # type: ignore[union-attr]  # dragged away from them
        carry(ctx, p, card.id, 0, fight=False)


def defeat(ctx: Ctx, p: PlayerState, cell: int, card: WaterCreature, experience: int, treasure: Any) -> None:
    """Beaten, the Creature leaves the game; she gains its Experience and treasure."""
    w = wstate(ctx.state)
    w.cells[cell] = None
    w.removed.append(card.id)
    p.experience += experience
    ctx.emit("creature_defeated", p.player, card=card.id, experience=experience)
    bonus = powers.extra_experience(ctx.state, p.player)
    if bonus:
        p.experience += bonus
        ctx.emit("experience_gained", p.player, amount=bonus, reason="extra_experience")
    if treasure is not None:
        apply_effect(ctx, p, treasure, card.id)
    d = diver(ctx.state, p.player)
    if d is not None:
        d.held = False
    set_act(ctx)


#: extra battles the Giant Squid allows, and what each adds (Appendix "Giant Squid")
SQUID_EXTRA = 2
SQUID_XP = 2


def squid_result(ctx: Ctx, p: PlayerState, cell: int, gc: GridCard, card: WaterCreature, result: str) -> None:
    w = wstate(ctx.state)
    d = diver(ctx.state, p.player)
    if result == "win":
        if w.turn.squid_extra:
            w.turn.squid_wins += 1
        if w.turn.squid_wins < SQUID_EXTRA:
            w.asks.insert(0, WaterAsk(player=p.player, kind="squid", options=["again", "go"], reason=card.id))
            ctx.state.live_turn().phase = "act"
            return
        squid_go(ctx, p)
        return
    # an extra battle not won: the reward is lost, as if she had lost the first one
    wins = w.turn.squid_wins
    w.turn.squid_extra = False
    w.turn.squid_wins = 0
    ctx.emit("water_squid_lost", p.player, card=card.id, wins=wins)
    if result == "loss":
        lose_health(ctx, p, 1, card.id)
    if d is not None and p.alive:
        d.held = True
    set_act(ctx, over=True)


def squid_again(ctx: Ctx, p: PlayerState) -> None:
    d = diver(ctx.state, p.player)
    assert d is not None
    gc = card_at(ctx.state, d.cell)
    assert gc is not None
    w = wstate(ctx.state)
    w.turn.squid_extra = True
    w.turn.fight = gc.uid
    ctx.state.live_turn().phase = "fight"
    ctx.emit("water_squid_again", p.player, card=gc.card, wins=w.turn.squid_wins)


def squid_go(ctx: Ctx, p: PlayerState) -> None:
    """She lets the Squid escape with her reward: a Rare Item and 2 Experience more for each
    extra win."""
    from engine.prophecy.content import Effect

    d = diver(ctx.state, p.player)
    assert d is not None
    cell = d.cell
    gc = card_at(ctx.state, cell)
    assert gc is not None
    card = wp().card(gc.card)
    assert isinstance(card, WaterCreature)
    w = wstate(ctx.state)
    wins = w.turn.squid_wins
    w.turn.squid_extra = False
    w.turn.squid_wins = 0
    treasure = Effect(draw=["rare"] * wins) if wins else None
    defeat(ctx, p, cell, card, card.experience + SQUID_XP * wins, treasure)


# --------------------------------------------------------------------------------- powers


def has_power(state: Any, pid: str, power: str) -> bool:
    """Whether she holds the realm's Ability with that power (Swimming, Current Riding...)."""
    pack = wp()
    return any(pack.power_of(a) == power for a in powers.mine(state, pid).abilities)


def power_card(state: Any, pid: str, power: str) -> str | None:
    pack = wp()
    return next((a for a in powers.mine(state, pid).abilities if pack.power_of(a) == power), None)


def held_power_card(state: Any, pid: str, power: str) -> str:
    """`power_card` of a power she is known to have (the action that uses it was offered for it)."""
    card = power_card(state, pid, power)
    if card is None:
        raise AssertionError(f"{pid} has no {power} card")
    return card


def creature_of(ctx: Ctx, uid: str) -> CreatureCard:
    _cell, gc, _card = creature_card(ctx, uid)
    card = ctx.pack.adventure(gc.card)
    assert isinstance(card, CreatureCard)
    return card

