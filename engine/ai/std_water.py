"""The Standard AI in the Water Realm (Water Realm expansion): when to dive, what bag to buy,
the way to the Palace, when to turn back, and every question the realm asks.

* Diving is a plan (`plan_dive`, a `Dive`): where in the realm she goes and why (Artifacts a
  dead character left there, which the Final Battle waits on; the Palace's Artifact, when her
  chance of beating its Guardian over the attempts her Health allows is good enough, or fair
  when it is the last Artifact out; a Pearl of the Abyss once the Guardian is beaten; the Lord
  of the Sea), and the Bubbles the way costs (the cheapest way over the known and unknown
  cards; out again by an edge where she must swim out, none from the Palace, which she leaves
  freely or is sent out of by her win). She heads for the Gate and dives only with such a plan
  and a bag that covers its way with air to spare, and buys the cheapest such bag (the rest of
  her Gold buys Abilities).
* In the realm the plan is made again each turn from where she is: she swims for its goal,
  and for the nearest edge as soon as there is none (it was reached, or her air no longer
  covers the way, or her Health no longer the Guardian).
* Battles are scored by their exact odds with the realm's figures (the underwater penalty, the
  Pearl's +1, the Skeletal Shark's cap): `battle_odds`, shared with the prompts.
`choose` returns None for a decision that is not the realm's: the Standard AI takes it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.ai.odds import dice_chances
from engine.core.clone import clone
from engine.core.read_only import objects_memo
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.equipment import battle_bonus as items_bonus
from engine.prophecy.equipment import check_loadout
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import parts, powers
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.water import actions as water_actions
from engine.prophecy.water_realm.water import board as water_board
from engine.prophecy.water_realm.water import content as content_water
from engine.prophecy.water_realm.water import core as water_core
from engine.prophecy.water_realm.water import gate as water_gate
from engine.prophecy.water_realm.water import palace as water_palace
from engine.prophecy.water_realm.water.core import OFF, distance, diver, in_realm, lord_variant, neighbours, wp

#: Health she keeps in hand before diving for anything but an Artifact
DIVE_HEALTH = 4
#: what an unknown dark card on the way may cost her, in turns (a light one only stops her)
UNKNOWN = 0.6
#: the least chance of bringing the Palace's Artifact home, over the attempts her Health allows,
#: for which she dives; and when no other Artifact lies on a plane (the game waits on this one)
DIVE_CHANCE = 0.5
DIVE_CHANCE_LAST = 0.3
#: the least chance of beating the Lord of the Sea over the attempts her air and Health allow
LORD_CHANCE = 0.35
#: Bubbles a bag must hold beyond the way's cost (what face-down cards may hide)
AIR_MARGIN = 2
#: in the Palace she attacks again while her chance over what her Health still allows is this
STAY_CHANCE = 0.15
#: once in the realm she keeps to a plan whose chance has sunk to this share of what it took
#: to dive (a figure that wavers a little is no reason to swim back)
KEEP_PLAN = 0.7
#: a point of Magic kept from the Skeletal Shark, in chances of beating it, and in turns of way
KEEP_MAGIC = 0.08
SHARK_TURNS = 0.5


@dataclass(frozen=True)
class Dive:
    """What a dive is for: `goal` ("fallen": Artifacts a dead character left on `cell`;
    "artifact": the Palace's Guardian and Artifact; "pearl": a Pearl of the Abyss, the Guardian
    beaten; "lord": the Lord of the Sea), the Bubbles the way costs (`need`, there and out
    again by an edge when she must swim out) and her chance of getting it."""

    goal: str
    cell: int
    need: float
    chance: float


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
        hands.append(ctx.pack.item(p.owned(action.second).card))
    figure = own + items_bonus(hands, foe, battle, None)
    figure += powers.battle_bonus(ctx.state, p.player, battle, foe.against, list(foe.tags),
                                  attacking=foe.kind == "character", spells=action.spells)
    figure += sum(part.figure_bonus(ctx, p, battle, foe.kind, hands, defender) for part in parts.active_parts(ctx.state))
    if defender is not None:
        foe_figure = sbattle.defender_figure(ctx, defender, battle)
    else:
        foe_figure = (foe.strength if battle == "strength" else foe.willpower) or 0
    own_dice, foe_dice = powers.dice_counts(ctx.state, p.player, action.spells)
    cap = water_core.wstate(ctx.state).turn.shark_cap if wp().power_of(foe.card) == "skeletal_shark" else None
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
    pack = wp()
    if cell == pack.grid.palace_index:
        return 0.5
    if water_board.others_at(ctx.state, p.player, cell):
        return 1.0
    gc = water_board.card_at(ctx.state, cell)
    if gc is None:
        return 0.5
    if not gc.up:
        return 1.0 if pack.grid.light(cell) else 1.0 + UNKNOWN  # light spaces hold positive cards
    if pack.is_positive(gc.card):
        return 0.5
    card = pack.card(gc.card)
    if isinstance(card, content_water.Obstacle):
        return 3.5 if card.current else 1.0 + card.bubbles + (0.5 if not card.effect.is_empty() else 0.0)
    foe = sbattle.creature_foe(ctx.pack.creature(card.id))
    if pack.power_of(card.id) == "skeletal_shark":
        paid, chance = _shark_pay(p, foe)
        return 1.0 + 3.0 * (1.0 - chance) + SHARK_TURNS * paid  # the Magic it eats is her Willpower later
    return 1.0 + 3.0 * (1.0 - _best_chance(ctx, p, foe))


def _shark_pay(p: PlayerState, foe: Any) -> tuple[int, float]:
    """The Magic to pay the Skeletal Shark (her result can be no higher than what she pays:
    Appendix) and her chance then (win, and a third of a draw): the best trade between the
    chance and the Magic lost, for Magic is also her Willpower against the Palace's Guardian."""
    best, best_v, best_c = 0, 0.0, 0.0
    for m in range(0, p.blue.right + 1):
        c = _score(_capped(p.red.right, foe.strength or 0, m))
        v = c - KEEP_MAGIC * m
        if v > best_v:
            best, best_v, best_c = m, v, c
    return best, best_c


def _entry_costs(ctx: Ctx, p: PlayerState) -> dict[int, float]:
    """`_enter_cost` of every space, the same whatever the way's target: worked out once per
    state and player while the AI decides (issue #30; the caller does not change it)."""
    size = wp().grid.size
    return objects_memo(_entry_costs, (ctx.state, p), lambda: {c: _enter_cost(ctx, p, c) for c in range(size)})


def _costs_to(ctx: Ctx, p: PlayerState, target: Any) -> dict[int, float]:
    """From every space, the cheapest way (in turns, about a Bubble each) to `target`: True
    the Palace, False off the grid, or a space's index."""
    import heapq

    size = wp().grid.size
    entry = _entry_costs(ctx, p)
    best: dict[int, float] = {}
    heap: list[tuple[float, int]] = []
    if target is True:
        heap.append((0.0, wp().grid.palace_index))
    elif target is False:
        heap.extend((0.5, c) for c in range(size) if OFF in neighbours(c))
    else:
        heap.append((0.0, int(target)))
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in best:
            continue
        best[cell] = cost
        for nb in neighbours(cell):
            if nb != OFF and nb not in best:
                heapq.heappush(heap, (cost + entry[cell], nb))
    return best


def _with_health(p: PlayerState, health: int) -> PlayerState:
    """Her figures as they would be with `health` red cubes on the right (Health is Strength).
    (`clone`: the same deep copy as pydantic's, several times cheaper; issue #30.)"""
    q = clone(p)
    q.red.left = max(0, q.red.total - health)
    q.red.right = health
    return q


def _guardian_foes(ctx: Ctx, p: PlayerState) -> list[Any]:
    """The Palace's Guardian as she may know it: the card if she has seen it, else each
    Greater Guardian she cannot rule out (no peeking at a hidden card)."""
    plane = water_palace.gate_plane(ctx)
    if plane is None or plane.greater is None:
        return []
    known = "greater" in plane.up or p.player in plane.seen.get("greater", [])
    sp = powers.spack(ctx.state)
    if known:
        cards = [plane.greater]
    else:
        shown = {pl.greater for pl in powers.sstate(ctx).planes if pl.greater and "greater" in pl.up}
        cards = [g.id for g in sp.guardians_of("greater") if g.id not in shown] or [plane.greater]
    out = []
    for card in cards:
        g = sp.guardian(card)
        out.append(sbattle.Foe("guardian", g.id, g.strength + plane.power_up, g.willpower + plane.power_up, g.first,
                               tuple(g.tags), tuple(g.specials), 3 if g.special("three_lives") else 1,
                               plane.power_up))
    return out


def _best_wdl(ctx: Ctx, p: PlayerState, foe: Any, plane: str | None) -> tuple[float, float, float]:
    """(win, draw, loss) of her best way to fight `foe` (best: win, and a third of a draw)."""
    best: tuple[float, float, float] = (0.0, 0.0, 1.0)
    best_s = -1.0
    for a in sbattle.loadout_actions(ctx, p, foe, plane):
        o = battle_odds(ctx, p, foe, a)
        if o is not None and _score(o) > best_s:
            best, best_s = o, _score(o)
    return best


def _best_wdl_at(rows: list[tuple[str, Any]], q: PlayerState, foe: Any) -> tuple[float, float, float]:
    """`_best_wdl` for `q`, a copy of her differing only in Health, from `_loadout_rows` worked
    out for her copy with the most Health."""
    best: tuple[float, float, float] = (0.0, 0.0, 1.0)
    best_s = -1.0
    for battle, found in rows:
        o = _odds_of(q, foe, battle, found)
        if o is not None and _score(o) > best_s:
            best, best_s = o, _score(o)
    return best


def _loadout_rows(ctx: Ctx, top: PlayerState, foe: Any, plane: str | None) -> list[tuple[str, Any]]:
    """(battle, `_odds_parts`) of every loadout `sbattle.loadout_actions` lists for `top`, in
    its order (issue #30: `palace_chance` asks for copies of her differing only in Health).

    Why one listing serves every copy with less Health: the listing reads of her only her
    Items and her player id, but for one test, whether she can pay the loadout's cost (a
    Health cost among them); with less Health it lists the same loadouts, less those she can
    no longer pay, in the same order. `_odds_of` makes that very test (the same cost: the
    battle's price and the declared spells' casts), so a loadout she cannot pay gives None,
    as a loadout left out gives nothing."""
    return [(a.battle, _odds_parts(ctx, top, foe, a)) for a in sbattle.loadout_actions(ctx, top, foe, plane)]


def _odds_parts(ctx: Ctx, p: PlayerState, foe: Any, action: Any) -> tuple[Any, int, int, tuple[int, int], int | None] | None:
    """`battle_odds` (no defender) up to what her Health changes: (the cost, her figure but her
    cubes, the foe's figure, the dice, the Shark's cap), or None when the rules would refuse
    the loadout whatever her Health. What it reads of her is her Items and her player id,
    never her cubes, so it holds for every copy of her differing only in Health."""
    try:
        cost = sbattle.battle_cost(ctx, p, foe, action.battle)
        cards = check_loadout(ctx.pack, p, action)
    except Exception:  # RuleError or an unknown card: not a battle to weigh
        return None
    total = powers.add_costs(cost, *(powers.spack(ctx.state).ability(s).cast for s in action.spells))
    battle = action.battle
    hands = list(cards)
    if action.second is not None and p.item(action.second) is not None:
        hands.append(ctx.pack.item(p.owned(action.second).card))
    rest = items_bonus(hands, foe, battle, None)
    rest += powers.battle_bonus(ctx.state, p.player, battle, foe.against, list(foe.tags),
                                attacking=foe.kind == "character", spells=action.spells)
    rest += sum(part.figure_bonus(ctx, p, battle, foe.kind, hands, None) for part in parts.active_parts(ctx.state))
    foe_figure = (foe.strength if battle == "strength" else foe.willpower) or 0
    dice = powers.dice_counts(ctx.state, p.player, action.spells)
    cap = water_core.wstate(ctx.state).turn.shark_cap if wp().power_of(foe.card) == "skeletal_shark" else None
    return total, rest, foe_figure, dice, cap


def _odds_of(p: PlayerState, foe: Any, battle: str,
             found: tuple[Any, int, int, tuple[int, int], int | None] | None) -> tuple[float, float, float] | None:
    """`battle_odds` from `_odds_parts` and her cubes."""
    if found is None:
        return None
    total, rest, foe_figure, (own_dice, foe_dice), cap = found
    if not powers.can_pay_cost(p, total):
        return None
    own = p.red.right if battle == "strength" else p.blue.right - total.magic
    figure = own + rest
    if cap is not None:
        return _capped(figure, foe_figure, cap)
    return dice_chances(figure - foe_figure, 0, foe.lives, own_dice, foe_dice)


def palace_chance(ctx: Ctx, p: PlayerState, health: int | None = None) -> float:
    """Her chance of beating the Palace's Guardian before she must give up: in the Palace a
    loss costs a Health (and her Strength with it) and a draw nothing but the turn; she stops
    when a loss would leave her with her last Health or her chance has sunk below STAY_CHANCE
    (rulebook "Journey's End": she may attack again each turn, or leave). Averaged over the
    Guardians it may be; 0 with no Guardian there."""
    plane = water_palace.gate_plane(ctx)
    foes = _guardian_foes(ctx, p)
    if plane is None or not foes:
        return 0.0
    h0 = p.red.right if health is None else health
    total = 0.0
    at_health = {h: _with_health(p, h) for h in range(2, h0 + 1)}  # the same for every Guardian
    for foe in foes:
        chance = 0.0  # at 1 Health she leaves
        rows = _loadout_rows(ctx, at_health[h0], foe, plane.id) if h0 >= 2 else []  # the copies differ only in Health
        for h in range(2, h0 + 1):
            w, _d, l = _best_wdl_at(rows, at_health[h], foe)
            nxt = chance if chance >= STAY_CHANCE else 0.0
            chance = (w + l * nxt) / (w + l) if w + l > 0 else 0.0
        total += chance
    return total / len(foes)


def _lord_chance(ctx: Ctx, p: PlayerState, tries: int) -> float:
    """Her chance of beating the Lord of the Sea in `tries` battles at most (each one lost
    costs a Health; a draw or loss keeps her there another round)."""
    if tries <= 0:
        return 0.0
    one = _foe_chance(ctx, p, "lord")
    return 1.0 - (1.0 - one) ** min(tries, max(1, p.red.right - 1))


def last_artifact_out(ctx: Ctx) -> bool:
    """No Artifact left on any Astral Plane but the realm's: the game waits on this one
    (rulebook "The Last Artifact")."""
    w = water_core.wstate(ctx.state)
    return not any(pl.artifact is not None for pl in powers.sstate(ctx).planes if pl.id != w.gate)


def plan_dive(ctx: Ctx, p: PlayerState, cell: int | None = None, air: int | None = None,
              inside: bool = False) -> Dive | None:
    """The best thing the realm holds for her from `cell` (the entrance by default) with `air`
    Bubbles (hers by default), or None when nothing is within her air or worth it. `inside`:
    she is in the realm already (the Pearl, once there, is always worth the way)."""
    w = water_core.wstate(ctx.state)
    d = diver(ctx.state, p.player)
    if cell is None:
        cell = d.cell if d is not None else wp().grid.entrance_index
    if air is None:
        air = d.bubbles if d is not None else 0
    palace = wp().grid.palace_index
    out: dict[int, float] | None = None  # the way out, worked out only when some Artifact of the dead asks
    # Artifacts of the dead: the Final Battle cannot begin before someone picks them up
    fallen = []
    for key, cards in powers.sstate(ctx).dropped.items():
        if cards and key.startswith("water:"):
            if out is None:
                out = _costs_to(ctx, p, False)
            c = int(key.split(":", 1)[1])
            need = (_costs_to(ctx, p, c).get(cell, 99.0) if c != cell else 0.0) + out.get(c, 99.0)
            if need <= air:
                fallen.append(Dive("fallen", c, need, 1.0))
    if fallen:
        return min(fallen, key=lambda x: x.need)
    to_palace = _costs_to(ctx, p, True).get(cell, 99.0)
    if to_palace > air:
        return None
    if lord_variant(ctx.state):
        if w.lord is None:
            return None
        tries = int(air - to_palace)  # every round in his palace costs a Bubble
        chance = _lord_chance(ctx, p, tries)
        return Dive("lord", palace, to_palace + 1, chance) if chance >= LORD_CHANCE else None
    plane = water_palace.gate_plane(ctx)
    if plane is None:
        return None
    if plane.greater is not None:
        chance = palace_chance(ctx, p)
        least = DIVE_CHANCE_LAST if last_artifact_out(ctx) else DIVE_CHANCE
        if d is not None:
            # she is there (every attempt free of air), or on her way
            least = STAY_CHANCE if cell == palace else least * KEEP_PLAN
        return Dive("artifact", palace, to_palace, chance) if chance >= least else None
    if p.player not in w.pearls and w.pearls_left > 0 and (inside or p.red.right >= DIVE_HEALTH):
        return Dive("pearl", palace, to_palace, 1.0)
    return None


def _goal_palace(ctx: Ctx, p: PlayerState) -> bool:
    """Is her plan in the realm the Palace (and still within her air)?"""
    plan = plan_dive(ctx, p, inside=True)
    return plan is not None and plan.cell == wp().grid.palace_index


def _guardian_chance(ctx: Ctx, p: PlayerState) -> float:
    """Her best chance in one battle against the Palace's Guardian, averaged over what it may be."""
    plane = water_palace.gate_plane(ctx)
    foes = _guardian_foes(ctx, p)
    if plane is None or not foes:
        return 1.0
    return sum(_score(_best_wdl(ctx, p, f, plane.id)) for f in foes) / len(foes)


def _palace_fight_ok(ctx: Ctx, p: PlayerState) -> bool:
    """Worth attacking the Palace's Guardian again now: a loss costs a Health, and she gives up
    before a loss could leave her none, or once her chance over the Health left is slim."""
    return p.red.right >= 2 and palace_chance(ctx, p) >= STAY_CHANCE


def _cell_value(ctx: Ctx, p: PlayerState, cell: int, costs: dict[int, float]) -> float:
    """Less way left to her goal (`costs`: from every space to it) is better; what lies there
    may stop, hurt or help her."""
    v = -costs.get(cell, 99.0) - _enter_cost(ctx, p, cell)
    if cell == wp().grid.palace_index and lord_variant(ctx.state):
        v += 2.0 * _foe_chance(ctx, p, "lord") - 0.5
    gc = water_board.card_at(ctx.state, cell)
    if gc is not None and gc.up and wp().is_positive(gc.card):
        v += 0.8
    return v


def _dive_turn(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    turn = ctx.state.turn
    assert turn is not None
    w = water_core.wstate(ctx.state)
    d = diver(ctx.state, p.player)
    assert d is not None
    palace = wp().grid.palace_index
    if turn.phase == "fight":
        return _fight(ctx, p, acts)
    if turn.phase == "move":
        plan = plan_dive(ctx, p, inside=True)
        # the way to her goal, or out by the nearest edge when there is none any more
        costs = _costs_to(ctx, p, plan.cell if plan is not None else False)
        best, best_v = None, -1e9
        for a in acts:
            v = None
            if isinstance(a, water_actions.WaterMove):
                if a.exit is not None:
                    v = 50.0 if plan is None else -20.0
                else:
                    v = _cell_value(ctx, p, a.to, costs)  # type: ignore[arg-type]  # a move without an exit has a cell
                if water_board.held_here(ctx.state, p.player):
                    v -= 1.0
            elif isinstance(a, water_actions.WaterStay):
                v = _stay_value(ctx, p, plan, costs)
            elif isinstance(a, prophecy_actions.UseAbility):
                v = _stay_value(ctx, p, plan, costs) + 0.2
            if v is not None and v > best_v:
                best, best_v = a, v
        return best if best is not None else acts[0]
    # act
    for a in acts:
        if isinstance(a, water_actions.WaterTake):
            return a
    for a in acts:
        if isinstance(a, prophecy_actions.Attack) and ctx.state.has_player(a.target):
            q = ctx.state.player(a.target)
            o = battle_odds(ctx, p, sbattle.character_foe(ctx, q), a, defender=q)
            if o is not None and o[0] >= 0.65:
                return a
    if any(isinstance(a, water_actions.WaterSwim) for a in acts) and d.bubbles >= 4 and d.cell != palace \
            and not w.turn.over and _goal_palace(ctx, p):
        return next(a for a in acts if isinstance(a, water_actions.WaterSwim))
    return next((a for a in acts if isinstance(a, prophecy_actions.EndTurn)), acts[0])


def _foe_chance(ctx: Ctx, p: PlayerState, what: str) -> float:
    card = ctx.pack.creature(wp().data.lord.id)
    foe = sbattle.creature_foe(card)
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


def _stay_value(ctx: Ctx, p: PlayerState, plan: Dive | None, costs: dict[int, float]) -> float:
    """Staying means meeting what lies here again (a Creature she fights, the Palace's
    Guardian), or ending her turn on the space her plan is for (Artifacts of the dead)."""
    d = diver(ctx.state, p.player)
    assert d is not None
    palace = wp().grid.palace_index
    if d.cell == palace:
        if not lord_variant(ctx.state):
            if plan is None or plan.goal != "artifact" or not _palace_fight_ok(ctx, p):
                return -100.0  # nothing to fight for, or it would cost her life: out
            return 3.0 * _guardian_chance(ctx, p)
        return 3.0 * _foe_chance(ctx, p, "lord") - 0.5
    here = water_board.creature_here(ctx.state, d.cell)
    if here is not None:
        foe = sbattle.creature_foe(ctx.pack.creature(here[1].id))
        return _cell_value(ctx, p, d.cell, costs) + 0.5 * _best_chance(ctx, p, foe) - 0.8
    if plan is not None and plan.goal == "fallen" and plan.cell == d.cell:
        return 10.0  # the Artifacts are hers at the end of this turn
    return _cell_value(ctx, p, d.cell, costs) - 1.2


def _fight(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    w = water_core.wstate(ctx.state)
    sharks = [a for a in acts if isinstance(a, water_actions.WaterShark)]
    if sharks:
        foe = sbattle.creature_foe(ctx.pack.creature("skeletal_shark"))
        paid = _shark_pay(p, foe)[0]
        return min(sharks, key=lambda a: (abs(a.magic - paid), a.magic))
    target = w.turn.fight
    from engine.prophecy.water_realm.water.part import _fight_target

    foe = _fight_target(ctx, p)
    best, best_v = None, -2.0
    for a in acts:
        if isinstance(a, (prophecy_actions.Fight, prophecy_actions.Attack)):
            v = _score(battle_odds(ctx, p, foe, a))
            if v > best_v:
                best, best_v = a, v
    avoid = next((a for a in acts if isinstance(a, prophecy_actions.Avoid)), None)
    if avoid is not None and best_v < 0.55 and target not in ("guardian", "lord"):
        return avoid
    return best if best is not None else acts[0]


def _answer(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any:
    w = water_core.wstate(ctx.state)
    a = w.asks[0]
    if a.kind == "squid":
        gc = water_board.card_at(ctx.state, in_realm(ctx.state, p.player).cell)
        chance = _best_chance(ctx, p, sbattle.creature_foe(ctx.pack.creature(gc.card))) if gc else 0.0
        again = chance >= 0.6 and p.red.right >= 3
        return next(x for x in acts if isinstance(x, water_actions.WaterSquid) and x.again == again)
    if a.kind == "mermaid":
        return next(x for x in acts if isinstance(x, water_actions.WaterMermaid) and not x.stay)
    if a.kind == "reveal":
        d = diver(ctx.state, p.player)
        start = d.cell if d is not None else wp().grid.entrance_index
        palace = wp().grid.palace_index
        return min((x for x in acts if isinstance(x, water_actions.WaterReveal)),
                   key=lambda x: (distance(start, x.cell) + distance(x.cell, palace), x.cell))
    if a.kind == "steer":
        d = diver(ctx.state, p.player)
        goal = d is not None and _goal_palace(ctx, p)
        want = "north" if goal else ("south" if d is None else min(
            ("north", "east", "south", "west"), key=lambda k: _steps_off(d.cell, k)))
        return next((x for x in acts if getattr(x, "direction", None) == want), acts[0])
    return acts[0]


def _steps_off(cell: int, direction: str) -> int:
    from engine.prophecy.water_realm.water.core import OFF, step

    n = 0
    while cell != OFF and n < 10:
        cell = step(cell, direction)
        n += 1
    return n


# ----------------------------------------------------------------------- the main board


def dive_bag(ctx: Ctx, p: PlayerState) -> tuple[Dive, int] | None:
    """Her plan for a dive now and the Gold of the cheapest bag that covers its way with
    AIR_MARGIN Bubbles to spare; None when the Gate is shut, no bag she can pay for is enough,
    or the realm holds nothing within reach worth it (a Pearl alone she dives for only with
    DIVE_HEALTH, an Artifact of the dead with 3 Health)."""
    if not water_gate.open_gate(ctx) or diver(ctx.state, p.player) is not None:
        return None
    bags = sorted((water_gate.bag_size(ctx.state, p.player, b.gold), b.gold) for b in wp().data.bag if 0 < b.gold <= p.gold)
    if not bags:
        return None
    plan = plan_dive(ctx, p, air=bags[-1][0] - AIR_MARGIN)
    if plan is None or (plan.goal == "fallen" and p.red.right < 3):
        return None
    gold = next(g for n, g in bags if n >= plan.need + AIR_MARGIN)
    return plan, gold


def ready(ctx: Ctx, p: PlayerState) -> bool:
    """Worth diving now: the realm holds a goal for her within the air of a bag she can buy."""
    return dive_bag(ctx, p) is not None


def _main_board(ctx: Ctx, p: PlayerState, acts: list[Any]) -> Any | None:
    enters = [a for a in acts if isinstance(a, water_actions.WaterEnter)]
    if enters:
        found = dive_bag(ctx, p)
        if found is not None:
            return next((a for a in enters if a.gold == found[1]), None)
        return None
    turn = ctx.state.turn
    if turn is None or turn.phase != "move" or not water_gate.open_gate(ctx) or p.gold <= 0:
        return None
    found = dive_bag(ctx, p)
    if found is None or found[0].goal == "pearl":
        return None  # a Pearl alone is worth a dive from the Gate, not the way there
    targets = [ctx.pack.space_index(s) for s in water_core.gate_spaces(ctx)]
    if not targets:
        return None
    n = len(ctx.pack.board.spaces)

    def ring(i: int) -> int:
        return min(min((i - t) % n, (t - i) % n) for t in targets)

    moves = [a for a in acts if isinstance(a, prophecy_actions.Move)]
    if not moves:
        return None
    here = ring(p.space)
    best = min(moves, key=lambda a: (ring(ctx.pack.space_index(a.to)), a.method != "walk", a.to))
    if ring(ctx.pack.space_index(best.to)) >= here and here > 0:
        return None  # nothing brings her nearer: the Standard AI knows better
    return best


__all__ = ["Dive", "battle_odds", "choose", "dive_bag", "palace_chance", "plan_dive", "ready"]
