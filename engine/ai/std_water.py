"""The Standard AI in the Water Realm (Water Realm expansion): when to dive, what bag to buy,
the way to the Palace, when to turn back, and every question the realm asks.

* Diving: once the Gate is open and the realm still holds something for her (the Artifact, a
  Pearl, the Lord of the Sea), she heads for a space beside it when she has the Health and the
  Gold for a useful bag, and dives with the biggest bag she can afford.
* In the realm she goes for the Palace while her Bubbles (and a little Health) cover the way
  there and back to an edge; otherwise she makes for the nearest edge before she drowns.
* Battles are scored by their exact odds with the realm's figures (the underwater penalty, the
  Pearl's +1, the Skeletal Shark's cap): `battle_odds`, shared with the prompts.
`choose` returns None for a decision that is not the realm's: the Standard AI takes it.
"""
from __future__ import annotations

import random
from typing import Any

from engine.ai.odds import dice_chances
from engine.prophecy import actions as A
from engine.prophecy.context import Ctx
from engine.prophecy.equipment import battle_bonus as items_bonus
from engine.prophecy.equipment import check_loadout
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import parts, powers
from engine.prophecy.standard import water_actions as W
from engine.prophecy.standard import water_board as B
from engine.prophecy.standard import water_gate as G
from engine.prophecy.standard.water_core import diver, distance, lord_variant, wp

#: Health she keeps in hand before diving, and the least bag worth the dive
DIVE_HEALTH = 4
DIVE_BAG = 7
#: what an unknown card on the way may cost her, in steps
UNKNOWN = 0.6


def battle_odds(ctx: Ctx, p: PlayerState, foe: Any, action: Any, defender: PlayerState | None = None
                ) -> tuple[float, float, float] | None:
    """(win, draw, loss) of a `Fight` or `Attack` with everything the realm adds to her figure
    (penalty, Pearl) and the Shark's cap; None when the rules would refuse it."""
    try:
        cost = sbattle.battle_cost(ctx, p, foe, action.battle)
        cards = check_loadout(ctx.pack, p, action)
    except Exception:  # RuleError or an unknown card: not a battle to weigh
        return None
    total = powers.add_costs(cost, *(powers.spack(ctx.state).ability(s).cast for s in action.spells))
    if not powers.can_pay_cost(p, total):
        return None
    battle = action.battle
    own = p.red.right if battle == "strength" else p.blue.right - total.magic
    hands = list(cards)
    if action.second is not None and p.item(action.second) is not None:
        hands.append(ctx.pack.item(p.item(action.second).card))  # type: ignore[union-attr]
    figure = own + items_bonus(hands, foe, battle, None)  # type: ignore[arg-type]
    figure += powers.battle_bonus(ctx.state, p.player, battle, foe.against, list(foe.tags),
                                  attacking=foe.kind == "character", spells=action.spells)
    figure += sum(part.figure_bonus(ctx, p, battle, foe.kind, hands, defender) for part in parts.active_parts(ctx.state))
    if defender is not None:
        foe_figure = sbattle.defender_figure(ctx, defender, battle)
    else:
        foe_figure = (foe.strength if battle == "strength" else foe.willpower) or 0
    own_dice, foe_dice = powers.dice_counts(ctx.state, p.player, action.spells)
    cap = B.wstate(ctx.state).turn.shark_cap if wp().power_of(foe.card) == "skeletal_shark" else None
    if cap is not None:
        return _capped(figure, foe_figure, cap)
    return dice_chances(figure - foe_figure, 0, foe.lives, own_dice, foe_dice)


def _capped(figure: int, foe_figure: int, cap: int) -> tuple[float, float, float]:
    w = d = n = 0
    for x in range(1, 7):
        for y in range(1, 7):
            mine, theirs = min(figure + x, cap), foe_figure + y
            n += 1
            w += mine > theirs
            d += mine == theirs
    return w / n, d / n, (n - w - d) / n


def _score(o: tuple[float, float, float] | None) -> float:
    return -1.0 if o is None else o[0] + 0.3 * o[1]


# ------------------------------------------------------------------------------- choosing


def choose(state: ProphecyState, actor: str, acts: list[Any], rng: random.Random) -> Any | None:
    """The AI's pick among `acts` when the decision is the Water Realm's, else None."""
    sst = state.standard
    if sst is None or sst.water is None or sst.decisions:
        return None
    from engine.prophecy.rules import pack_of

    ctx = Ctx(state=state, pack=pack_of(state))
    p = state.player(actor)
    w = sst.water
    if w.asks and w.asks[0].player == actor:
        return _answer(ctx, p, acts)
    turn = state.turn
    if turn is None or turn.item_choices or sst.turn.battle is not None or turn.player != actor:
        return None
    if diver(state, actor) is not None:
        return _dive_turn(ctx, p, acts)
    return _main_board(ctx, p, acts)


def _enter_cost(ctx: Ctx, p: PlayerState, cell: int) -> float:
    """Turns (about one Bubble each) that entering `cell` costs her on the way: a space she
    may pass through half a turn, one that stops her a whole turn, more for what hurts."""
    if cell == wp().grid.palace_index:
        return 0.5
    if B.others_at(ctx.state, p.player, cell):
        return 1.0
    gc = B.card_at(ctx.state, cell)
    if gc is None:
        return 0.5
    if not gc.up:
        return 1.0 + UNKNOWN
    if wp().is_positive(gc.card):
        return 0.5
    card = wp().card(gc.card)
    if isinstance(card, B.Obstacle):
        return 3.5 if card.current else 1.0 + card.bubbles + (0.5 if not card.effect.is_empty() else 0.0)
    foe = sbattle.creature_foe(ctx.pack.adventure(card.id))  # type: ignore[arg-type]
    return 1.0 + 3.0 * (1.0 - _best_chance(ctx, p, foe))


def _costs_to(ctx: Ctx, p: PlayerState, palace: bool) -> dict[int, float]:
    """From every space, the cheapest way (in turns) to the Palace, or off the grid."""
    import heapq

    from engine.prophecy.standard.water_core import OFF, neighbours

    size = wp().grid.size
    entry = {c: _enter_cost(ctx, p, c) for c in range(size)}
    best: dict[int, float] = {}
    heap: list[tuple[float, int]] = []
    if palace:
        heap.append((0.0, wp().grid.palace_index))
    else:
        heap.extend((0.5, c) for c in range(size) if OFF in neighbours(c))
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in best:
            continue
        best[cell] = cost
        for nb in neighbours(cell):
            if nb != OFF and nb not in best:
                heapq.heappush(heap, (cost + entry[cell], nb))
    return best


def _goal_palace(ctx: Ctx, p: PlayerState) -> bool:
    """Is the Palace still worth it, and within reach of her air? (Waiting in the Palace after
    a lost battle costs no Bubble, so reaching it is what counts.)"""
    w = B.wstate(ctx.state)
    d = diver(ctx.state, p.player)
    assert d is not None
    if lord_variant(ctx.state):
        worth = w.lord is not None
    else:
        plane = G.gate_plane(ctx)
        worth = (plane is not None and plane.greater is not None) or (p.player not in w.pearls and w.pearls_left > 0)
    if not worth:
        return False
    need = _costs_to(ctx, p, True).get(d.cell, 99.0)
    spare = d.bubbles + max(0, p.red.right - 3)
    if not lord_variant(ctx.state) and w.pearls_left and not _palace_fight_ok(ctx, p):
        plane = G.gate_plane(ctx)
        if plane is not None and plane.greater is not None:
            return False  # the Guardian would kill her: the Pearl is not worth it now
    return spare >= need + (2 if lord_variant(ctx.state) else 0)


def _guardian_chance(ctx: Ctx, p: PlayerState) -> float:
    """Her best chance against the Palace's Guardian: the card if she may know it, else the
    average over the Greater Guardians she cannot rule out (no peeking at a hidden card)."""
    plane = G.gate_plane(ctx)
    if plane is None or plane.greater is None:
        return 1.0
    known = "greater" in plane.up or p.player in plane.seen.get("greater", [])
    sp = powers.spack(ctx.state)
    if known:
        cards = [plane.greater]
    else:
        shown = {pl.greater for pl in powers.sstate(ctx).planes if pl.greater and "greater" in pl.up}
        cards = [g.id for g in sp.guardians_of("greater") if g.id not in shown] or [plane.greater]
    total = 0.0
    for card in cards:
        g = sp.guardian(card)
        foe = sbattle.Foe("guardian", g.id, g.strength + plane.power_up, g.willpower + plane.power_up, g.first,
                          tuple(g.tags), tuple(g.specials), 3 if g.special("three_lives") else 1, plane.power_up)
        total += max((_score(battle_odds(ctx, p, foe, a)) for a in sbattle.loadout_actions(ctx, p, foe, plane.id)),
                     default=0.0)
    return total / len(cards)


def _palace_fight_ok(ctx: Ctx, p: PlayerState) -> bool:
    """Worth fighting the Palace's Guardian now: a loss costs a Health, and the last one kills."""
    chance = _guardian_chance(ctx, p)
    if p.red.right <= 1:
        return False
    return chance >= (0.5 if p.red.right == 2 else 0.25)


def _cell_value(ctx: Ctx, p: PlayerState, cell: int, goal: bool) -> float:
    """Less way left to the goal is better; what lies there may stop, hurt or help her."""
    costs = _costs_to(ctx, p, goal)
    v = -costs.get(cell, 99.0) - _enter_cost(ctx, p, cell)
    if cell == wp().grid.palace_index and lord_variant(ctx.state):
        v += 2.0 * _foe_chance(ctx, p, "lord") - 0.5
    gc = B.card_at(ctx.state, cell)
    if gc is not None and gc.up and wp().is_positive(gc.card):
        v += 0.8
    return v


def _dive_turn(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    turn = ctx.state.turn
    assert turn is not None
    w = B.wstate(ctx.state)
    d = diver(ctx.state, p.player)
    assert d is not None
    palace = wp().grid.palace_index
    if turn.phase == "fight":
        return _fight(ctx, p, acts)
    if turn.phase == "move":
        goal = _goal_palace(ctx, p)
        best, best_v = None, -1e9
        for a in acts:
            v = None
            if isinstance(a, W.WaterMove):
                if a.exit is not None:
                    v = 50.0 if not goal or d.cell == palace else -20.0
                else:
                    v = _cell_value(ctx, p, a.to, goal)  # type: ignore[arg-type]
                if B.held_here(ctx.state, p.player):
                    v -= 1.0
            elif isinstance(a, W.WaterStay):
                v = _stay_value(ctx, p, goal)
            elif isinstance(a, A.UseAbility):
                v = _stay_value(ctx, p, goal) + 0.2
            if v is not None and v > best_v:
                best, best_v = a, v
        return best if best is not None else acts[0]
    # act
    for a in acts:
        if isinstance(a, W.WaterTake):
            return a
    for a in acts:
        if isinstance(a, A.Attack) and ctx.state.has_player(a.target):
            q = ctx.state.player(a.target)
            o = battle_odds(ctx, p, sbattle.character_foe(ctx, q), a, defender=q)
            if o is not None and o[0] >= 0.65:
                return a
    if any(isinstance(a, W.WaterSwim) for a in acts) and _goal_palace(ctx, p) and d.bubbles >= 4 \
            and d.cell != palace and not w.turn.over:
        return next(a for a in acts if isinstance(a, W.WaterSwim))
    return next((a for a in acts if isinstance(a, A.EndTurn)), acts[0])


def _foe_chance(ctx: Ctx, p: PlayerState, what: str) -> float:
    card = ctx.pack.adventure(wp().data.lord.id)
    foe = sbattle.creature_foe(card)  # type: ignore[arg-type]
    from dataclasses import replace

    bonus = wp().fig("lord_bonus")
    foe = replace(foe, strength=(foe.strength or 0) + bonus, willpower=(foe.willpower or 0) + bonus)
    return _best_chance(ctx, p, foe)


def _best_chance(ctx: Ctx, p: PlayerState, foe: Any) -> float:
    best = 0.0
    for a in sbattle.loadout_actions(ctx, p, foe, None):
        o = battle_odds(ctx, p, foe, a)
        if o is not None:
            best = max(best, o[0] + 0.3 * o[1])
    return best


def _stay_value(ctx: Ctx, p: PlayerState, goal: bool) -> float:
    """Staying means meeting what lies here again (a Creature she fights, the Palace's Guardian)."""
    d = diver(ctx.state, p.player)
    assert d is not None
    palace = wp().grid.palace_index
    if d.cell == palace:
        if not lord_variant(ctx.state):
            plane = G.gate_plane(ctx)
            if plane is None or plane.greater is None or not _palace_fight_ok(ctx, p):
                return -100.0  # nothing to fight for, or it would cost her life: out
            return 3.0 * _guardian_chance(ctx, p)
        return 3.0 * _foe_chance(ctx, p, "lord") - 0.5
    here = B.creature_here(ctx.state, d.cell)
    if here is not None:
        foe = sbattle.creature_foe(ctx.pack.adventure(here[1].id))  # type: ignore[arg-type]
        return _cell_value(ctx, p, d.cell, goal) + 0.5 * _best_chance(ctx, p, foe) - 0.8
    return _cell_value(ctx, p, d.cell, goal) - 1.2


def _fight(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    w = B.wstate(ctx.state)
    sharks = [a for a in acts if isinstance(a, W.WaterShark)]
    if sharks:
        return max(sharks, key=lambda a: a.magic)  # the cap is her Magic: all of it
    target = w.turn.fight
    from engine.prophecy.standard.water import _fight_target

    foe = _fight_target(ctx, p)
    best, best_v = None, -2.0
    for a in acts:
        if isinstance(a, (A.Fight, A.Attack)):
            v = _score(battle_odds(ctx, p, foe, a))
            if v > best_v:
                best, best_v = a, v
    avoid = next((a for a in acts if isinstance(a, A.Avoid)), None)
    if avoid is not None and best_v < 0.55 and target not in ("guardian", "lord"):
        return avoid
    return best if best is not None else acts[0]


def _answer(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    w = B.wstate(ctx.state)
    a = w.asks[0]
    if a.kind == "squid":
        gc = B.card_at(ctx.state, diver(ctx.state, p.player).cell)  # type: ignore[union-attr]
        chance = _best_chance(ctx, p, sbattle.creature_foe(ctx.pack.adventure(gc.card))) if gc else 0.0  # type: ignore[arg-type]
        again = chance >= 0.6 and p.red.right >= 3
        return next(x for x in acts if isinstance(x, W.WaterSquid) and x.again == again)
    if a.kind == "mermaid":
        return next(x for x in acts if isinstance(x, W.WaterMermaid) and not x.stay)
    if a.kind == "reveal":
        d = diver(ctx.state, p.player)
        start = d.cell if d is not None else wp().grid.entrance_index
        palace = wp().grid.palace_index
        return min((x for x in acts if isinstance(x, W.WaterReveal)),
                   key=lambda x: (distance(start, x.cell) + distance(x.cell, palace), x.cell))
    if a.kind == "steer":
        d = diver(ctx.state, p.player)
        goal = d is not None and _goal_palace(ctx, p)
        want = "north" if goal else ("south" if d is None else min(
            ("north", "east", "south", "west"), key=lambda k: _steps_off(d.cell, k)))
        return next((x for x in acts if getattr(x, "direction", None) == want), acts[0])
    return acts[0]


def _steps_off(cell: int, direction: str) -> int:
    from engine.prophecy.standard.water_core import OFF, step

    n = 0
    while cell != OFF and n < 10:
        cell = step(cell, direction)
        n += 1
    return n


# ----------------------------------------------------------------------- the main board


def ready(ctx: Ctx, p: PlayerState) -> bool:
    """Worth diving now: the realm holds something for her and she can breathe long enough."""
    w = B.wstate(ctx.state)
    if not G.open_gate(ctx):
        return False
    if lord_variant(ctx.state):
        worth = w.lord is not None
    else:
        plane = G.gate_plane(ctx)
        worth = (plane is not None and plane.greater is not None and p.red.right >= DIVE_HEALTH + 1) \
            or (p.player not in w.pearls and w.pearls_left > 0 and plane is not None and plane.greater is None)
    if not worth or p.red.right < DIVE_HEALTH:
        return False
    best = max((b.bubbles for b in wp().data.bag if b.gold <= p.gold), default=0)
    return best >= DIVE_BAG


def _main_board(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any | None:
    enters = [a for a in acts if isinstance(a, W.WaterEnter)]
    if enters:
        if ready(ctx, p):
            return max(enters, key=lambda a: a.gold)
        return None
    turn = ctx.state.turn
    if turn is None or turn.phase != "move" or not ready(ctx, p):
        return None
    targets = [ctx.pack.space_index(s) for s in B.gate_spaces(ctx)]
    if not targets:
        return None
    n = len(ctx.pack.board.spaces)

    def ring(i: int) -> int:
        return min(min((i - t) % n, (t - i) % n) for t in targets)

    moves = [a for a in acts if isinstance(a, A.Move)]
    if not moves:
        return None
    here = ring(p.space)
    best = min(moves, key=lambda a: (ring(ctx.pack.space_index(a.to)), a.method != "walk", a.to))
    if ring(ctx.pack.space_index(best.to)) >= here and here > 0:
        return None  # nothing brings her nearer: the Standard AI knows better
    return best


__all__ = ["battle_odds", "choose", "ready"]
