"""Map Fragments (Water Realm expansion, "Treasure Island": "Chance Cards", "Collecting Map
Fragments", "Battling for Maps"; "Level of Interaction").

A Treasure Map Chance card lays the top Map Fragment on the wilderness space it names, under the
Adventures there (Treasure Maps: two; Treasure Hunters: one more each); an empty deck is first
rebuilt from the discarded fragments, and when all are in play the card does nothing. A
character whose movement ended on a space with a fragment and no Adventure card left takes it.
A fight between characters may be declared a battle for Maps when both hold fragments (never
in the Peaceloving variant); its loser loses no Health and no Item, the winner takes one
fragment. In the Aggressive variant every fight between characters is one: its winner picks
a fragment of the loser or the usual stakes.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.standard import battle, duel, powers
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.island.actions import BattleForMaps, CollectMap, TakeSpoils
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.state import IslandState, MapBattle, Spoils
from engine.prophecy.water_realm.options import ExpansionOptions


def isl(ctx_or_state: Any) -> IslandState:
    state = getattr(ctx_or_state, "state", ctx_or_state)
    found: IslandState = state.std().island_state()  # a Ctx's state or the state itself
    return found


def ensure(ctx: Ctx) -> IslandState:
    """The island's record, made on first use (the new Artifacts' variants keep theirs there
    too, with or without Treasure Island)."""
    sst = powers.sstate(ctx)
    if sst.island is None:
        sst.island = IslandState(playing=False)
    return sst.island


def expansion(state: ProphecyState) -> ExpansionOptions:
    return state.options.std().exp()


# ------------------------------------------------------------------------- Chance cards


def treasure_map(ctx: Ctx, card_id: str) -> bool:
    """Resolve a Treasure Map / Treasure Maps Chance card; False for any other card."""
    chance = island_content().map_chance(card_id)
    if chance is None:
        return False
    i = isl(ctx)
    n = chance.fragments
    if expansion(ctx.state).treasure_hunters:
        n += island_content().figures.hunters_extra_fragments.value
    drawer = ctx.state.turn.player if ctx.state.turn else None
    placed = 0
    for _ in range(n):
        if not i.fragments and i.discarded:
            i.fragments = list(i.discarded)
            i.discarded = []
            ctx.state.rng.shuffle(i.fragments)
            ctx.emit("island_maps_reshuffled", None, count=len(i.fragments))
        if not i.fragments:
            break
        card = i.fragments.pop()
        space = island_content().fragment_space(card)
        assert space is not None
        i.placed[space] = card
        placed += 1
        ctx.emit("island_map_placed", drawer, reveals=True, space=space, card=card)
    if not placed:
        ctx.emit("chance_no_effect", drawer, card=card_id, why="island_all_maps", terrain="")
    return True


# ---------------------------------------------------------------------------- collecting


def collectable(ctx: Ctx, p: PlayerState) -> bool:
    """Her movement ended here and no Adventure card is left: every Creature beaten, every
    Opportunity used, none slipped past (Stealth does not help)."""
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or not turn.movement_done or p.board != "main":
        return False
    here = ctx.pack.space(p.space).id
    return here in isl(ctx).placed and not ctx.state.spaces[p.space]


def collect(ctx: Ctx, p: PlayerState) -> None:
    if not collectable(ctx, p):
        raise RuleError("error.island_nothing_to_collect")
    i = isl(ctx)
    here = ctx.pack.space(p.space).id
    card = i.placed.pop(here)
    i.held.setdefault(p.player, []).append(card)
    ctx.emit("island_map_collected", p.player, space=here, count=i.count(p.player))


def collect_actions(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    if collectable(ctx, p):
        yield CollectMap()


# ---------------------------------------------------------------------- battling for Maps


def map_battles_allowed(state: Any) -> bool:
    return expansion(state).interaction == "standard" and state.standard.final_battle is None


def map_battle_actions(ctx: Ctx, p: PlayerState, targets: list[PlayerState]) -> Iterator[BattleForMaps]:
    """The battles for Maps she may declare: only when both hold fragments ("Battling for
    Maps"), with every loadout a fight against that character allows."""
    if not map_battles_allowed(ctx.state) or not isl(ctx).count(p.player):
        return
    for q in targets:
        if not isl(ctx).count(q.player):
            continue
        for a in battle.loadout_actions(ctx, p, battle.character_foe(ctx, q), q.player):
            yield BattleForMaps(**a.model_dump(exclude={"type"}))


def declare(ctx: Ctx, p: PlayerState, action: BattleForMaps, offered: list[Any]) -> None:
    """Start a declared battle for Maps (the turn's one attack)."""
    if action not in offered:
        raise RuleError("error.island_no_map_battle", target=action.target)
    q = ctx.state.player(action.target)
    sst = powers.sstate(ctx)
    sst.turn.attacked = True
    isl(ctx).battle = MapBattle(attacker=p.player, defender=q.player, declared=True)
    ctx.emit("island_map_battle", p.player, defender=q.player, battle=action.battle)
    battle.start(ctx, p, battle.character_foe(ctx, q), q.player, action)  # type: ignore[arg-type]  # declares an Attack's fields


def aggressive(state: Any) -> bool:
    return expansion(state).interaction == "aggressive"


def mark_aggressive(ctx: Ctx, p: PlayerState, target: str) -> None:
    """Aggressive variant: any attack on a character is also a battle for Maps, undeclared."""
    if aggressive(ctx.state) and ctx.state.has_player(target) and powers.sstate(ctx).final_battle is None:
        isl(ctx).battle = MapBattle(attacker=p.player, defender=target, declared=False)


def battle_over(ctx: Ctx, p: PlayerState, b: Any, result: str) -> bool:
    """A fight between characters that was a battle for Maps ended: settle it here (True)."""
    i = isl(ctx)
    mb = i.battle
    if mb is None or b.opponent != "character" or b.target != mb.defender or p.player != mb.attacker:
        return False
    i.battle = None
    attacker, defender = ctx.state.player(mb.attacker), ctx.state.player(mb.defender)
    if result == "draw":
        duel.fight_done(ctx, attacker, defender, result)
        return True
    winner, loser = (attacker, defender) if result == "win" else (defender, attacker)
    if mb.declared:
        ctx.emit("duel_won", winner.player, loser=loser.player, attacker=attacker.player)
        take_map(ctx, winner, loser)
        return True
    if not i.count(loser.player) or not winner.alive:
        duel.fight_done(ctx, attacker, defender, result)
        return True
    i.spoils = Spoils(winner=winner.player, loser=loser.player, attacker=attacker.player)
    ctx.emit("island_spoils_asked", winner.player, loser=loser.player)
    return True


def take_map(ctx: Ctx, winner: PlayerState, loser: PlayerState) -> None:
    i = isl(ctx)
    mine = i.held.get(loser.player, [])
    if not mine:
        ctx.emit("island_no_map_to_take", winner.player, loser=loser.player)
        return
    card = mine.pop()
    i.held.setdefault(winner.player, []).append(card)
    ctx.emit("island_map_taken", winner.player, loser=loser.player, count=i.count(winner.player))


def spoils_answers(ctx: Ctx, actor: str) -> list[Any]:
    s = isl(ctx).spoils
    assert s is not None
    if actor != s.winner:
        return []
    return [TakeSpoils(map=True), TakeSpoils(map=False)]


def answer_spoils(ctx: Ctx, action: TakeSpoils) -> None:
    i = isl(ctx)
    s = i.spoils
    assert s is not None
    i.spoils = None
    winner, loser = ctx.state.player(s.winner), ctx.state.player(s.loser)
    if action.map:
        ctx.emit("duel_won", winner.player, loser=loser.player, attacker=s.attacker)
        take_map(ctx, winner, loser)
        return
    attacker = ctx.state.player(s.attacker)
    defender = loser if attacker is winner else winner
    duel.fight_done(ctx, attacker, defender, "win" if attacker is winner else "loss")


def rename(i: IslandState, old: str, new: str) -> None:
    def sw(x: str) -> str:
        return new if x == old else x
    i.held = {sw(k): v for k, v in i.held.items()}
    i.fame = {sw(k): v for k, v in i.fame.items()}
    i.foretold = {sw(k): v for k, v in i.foretold.items()}
    i.dug = [sw(x) for x in i.dug]
    if i.blind is not None:
        i.blind.player = sw(i.blind.player)
    if i.battle is not None:
        i.battle.attacker, i.battle.defender = sw(i.battle.attacker), sw(i.battle.defender)
    if i.spoils is not None:
        i.spoils.winner, i.spoils.loser, i.spoils.attacker = sw(i.spoils.winner), sw(i.spoils.loser), sw(i.spoils.attacker)
    if i.keep is not None:
        i.keep.player = sw(i.keep.player)
    if i.strike is not None:
        i.strike.player, i.strike.target = sw(i.strike.player), sw(i.strike.target)


__all__ = ["aggressive", "answer_spoils", "battle_over", "collect", "collect_actions", "declare",
           "map_battle_actions", "mark_aggressive", "rename", "spoils_answers", "take_map", "treasure_map"]
