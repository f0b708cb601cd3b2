"""The Standard AI's view of Treasure Island and the new Artifacts (Water Realm expansion).

Scores the part's actions on the Standard AI's yardstick (`StdPlan.value`), added to what
`StandardHeuristic` scored for the Standard actions of the same decision:

* Map Fragments: a move that ends where a fragment lies on an empty space is worth a little
  more, and picking it up always beats ending the turn;
* the island: she sails there once her fragments pay for a face-up Treasure (two for a blind
  dig), digs the best one she can pay for (its battle bonuses through the Items' value, its
  other powers by a fixed worth), stays while she can dig more, then leaves for the best Port;
* Artifacts left on the island by a character who died there: she sails for them at once;
* battles for Maps when the odds are good (a fragment won against one lost); the winner's
  choice of the Aggressive variant (a fragment); the blind dig (keep the best card, or dig on
  while it is poor and she has fragments); the Ten Artifacts' pair (the better Artifact); the
  Ritual Scepter's strike before an attack she would make anyway.

Any action it does not know is left unscored: it never crashes the AI.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.ai.std_battle import StdRes, action_odds
from engine.ai.std_plan import StdPlan, card_value
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import powers
from engine.prophecy.state import PlayerState
from engine.prophecy.water_realm.island import actions as island_actions
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.state import ISLAND

if TYPE_CHECKING:  # the heuristic imports this module
    from engine.ai.standard import StandardHeuristic

#: what one Map Fragment is worth to her, and picking one up on the way
MAP_V = 0.35
PICK_V = 0.6
#: the powers of a Treasure the Items' value does not see (start-of-round gains, wards...)
POWER_V = {"holy_grail": 1.4, "magic_pouch": 0.9, "tome_of_wisdom": 1.1, "father_times_clock": 0.8,
           "crystal_ball_of_fate": 0.6, "astral_mindstone": 0.8, "astral_satchel": 0.5, "tome_of_magic": 0.7}
#: below this a card drawn blind is not worth keeping while fragments remain
BLIND_KEEP = 1.0
#: the least chance of winning for which she battles for Maps
MAP_WIN = 0.55


def _island(ctx: Ctx) -> Any:
    sst = ctx.state.standard
    return sst.island if sst is not None else None


def treasure_gain(ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, card: str) -> float:
    """What carrying this Treasure adds to her position."""
    after = r.copy()
    after.items = r.items + ((card, False),)
    return plan.value(p.space, after) - plan.value(p.space, r) + POWER_V.get(card, 0.0)


def _cheapest(ctx: Ctx) -> int | None:
    i = _island(ctx)
    exp = ctx.state.options.std().exp()
    if exp.random_treasures:
        return island_content().figures.blind_first.value if i.deck else None
    costs = [island_content().treasure(c).maps for c in i.up]
    return min(costs) if costs else None


def score(ai: StandardHeuristic, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any],
          scored: list[tuple[float, Any]]) -> list[tuple[float, Any]]:
    """The scores of this part's actions among `acts`, added to `scored` (the Standard ones)."""
    i = _island(ctx)
    mine = [a for a in acts if a.type.startswith(("island_", "wrart_"))]
    if i is None or (not mine and not i.placed):
        return scored
    base = max((v for v, _a in scored), default=plan.value(p.space, r))
    out = list(scored)
    if i.placed:  # a move towards a Map Fragment lying on an empty space is worth a little more
        out = [(v + PICK_V if isinstance(a, prophecy_actions.Move) and _fragment_free(ctx, a.to) else v, a) for v, a in out]
    have = i.count(p.player)
    cheapest = _cheapest(ctx) if i.playing else None
    for a in mine:
        v = _one(ai, ctx, plan, p, r, a, base, have, cheapest, acts)
        if v is not None:
            out.append((v, a))
    return out


def _fragment_free(ctx: Ctx, space_id: str) -> bool:
    i = _island(ctx)
    if space_id not in i.placed:
        return False
    return not ctx.state.spaces[ctx.pack.space_index(space_id)]


def _one(ai: StandardHeuristic, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: Any, base: float, have: int,
         cheapest: int | None, acts: list[Any]) -> float | None:
    i = _island(ctx)
    if isinstance(a, island_actions.CollectMap):
        return base + MAP_V + 1.0
    if isinstance(a, island_actions.SailToIsland):
        if ctx.state.std().dropped.get(ISLAND):
            return base + 3.0  # Artifacts of the dead lie there: whoever lands first takes them
        if cheapest is None or have < cheapest:
            return None
        cost = 0 if a.via is not None else 2
        return base + 1.0 + 0.2 * (have - cheapest) - 0.1 * cost
    if isinstance(a, island_actions.StayOnIsland):
        return base + 1.5 if cheapest is not None and have >= cheapest else plan.value(p.space, r) - 2.0
    if isinstance(a, island_actions.LeaveIsland):
        dest = ctx.pack.space_index(a.to)
        v = ai._arrive(ctx, plan, dest, r, [])
        return v - (0.3 if a.via is not None else 0.0)
    if isinstance(a, island_actions.Dig):
        gain = sum(treasure_gain(ctx, plan, p, r, c) for c in a.treasures)
        spent = sum(island_content().treasure(c).maps for c in a.treasures)
        return base + gain - MAP_V * spent + 0.5
    if isinstance(a, island_actions.DigBlind):
        if i.blind is not None:
            best = max((treasure_gain(ctx, plan, p, r, c) for c in i.blind.drawn), default=0.0)
            return base + (0.2 if best < BLIND_KEEP else -1.0)
        return base + 0.8
    if isinstance(a, island_actions.KeepTreasure):
        return base + treasure_gain(ctx, plan, p, r, a.treasure)
    if isinstance(a, island_actions.TakeSpoils):
        return base + (MAP_V if a.map else 0.0)
    if isinstance(a, island_actions.BattleForMaps):
        q = ctx.state.player(a.target)
        ex = action_odds(ctx, p, sbattle.character_foe(ctx, q), a, defender=q)
        if ex is None or ex.win < MAP_WIN:
            return None
        return base + (ex.win - ex.loss) * MAP_V * 2 - 0.1
    if isinstance(a, island_actions.KeepArtifact):
        try:
            return base + card_value(powers.spack(ctx.state).id, a.artifact)
        except KeyError:
            return base
    if isinstance(a, island_actions.ScepterStrike):
        attacks = [x for x in acts if isinstance(x, prophecy_actions.Attack) and x.target == a.target]
        best_duel = max((dv for x in attacks if (dv := ai._duel(ctx, plan, p, r, x)) is not None), default=None)
        return None if best_duel is None else best_duel + 0.2
    return None
