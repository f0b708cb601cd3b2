"""Digging for buried Treasure (Water Realm expansion, "Digging for Buried Treasure", "Random
Treasures", "Treasure Hunters Game"; rulings island_dig_when, hunters_*).

On the island, after her movement (she may dig on the turn she arrives), a character chooses one
or more of the face-up Treasures and discards the Map Fragments they ask for; the other face-up
Treasures go to the bottom of the deck and three new ones are turned up. A fight she starts
there comes first: once she has dug, she attacks nobody that turn.

Random Treasures: nothing lies face up; she discards two fragments to draw a card, one more for
each further card, then keeps one and puts the others at the bottom in random order; one
Treasure a turn. Treasure Hunters: the Treasures dealt at the start are all face up and stay
until dug, one a turn; each gives Fame equal to its map count; the game ends when the last one
is dug (most Fame wins, then most unused maps), or earlier once nobody can catch the leader.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.endgame import finish
from engine.prophecy.standard import powers
from engine.prophecy.state import OwnedItem, PlayerState, RankEntry
from engine.prophecy.water_realm.island.actions import Dig, DigBlind, KeepTreasure
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.maps import expansion, isl
from engine.prophecy.water_realm.island.state import BlindDig, IslandState


def maps_of(card: str) -> int:
    return island_content().treasure(card).maps


def one_a_turn(state: Any) -> bool:
    exp = expansion(state)
    return bool(exp.random_treasures or exp.treasure_hunters)


def may_dig(ctx: Ctx, p: PlayerState) -> bool:
    """On the island, after her movement, no battle waiting, and (Random Treasures, Treasure
    Hunters) not yet dug this turn."""
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or p.board != "island" or powers.sstate(ctx).turn.battle is not None:
        return False
    return not (one_a_turn(ctx.state) and p.player in isl(ctx).dug)


def dig_actions(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    if not may_dig(ctx, p):
        return
    i = isl(ctx)
    have = i.count(p.player)
    if expansion(ctx.state).random_treasures:
        if i.deck and have >= island_content().figures.blind_first.value:
            yield DigBlind()
        return
    sizes = (1,) if one_a_turn(ctx.state) else range(1, len(i.up) + 1)
    for k in sizes:
        for combo in combinations(i.up, k):
            if sum(maps_of(c) for c in combo) <= have:
                yield Dig(treasures=tuple(combo))


def _spend(ctx: Ctx, p: PlayerState, n: int) -> None:
    """Discard `n` of her maps: fragments to their discard pile, a Greater Guardian kept as a
    map (Treasure Hunters) out of the game; fragments first (which ones does not matter)."""
    i = isl(ctx)
    mine = i.held.get(p.player, [])
    fragments = {f.id for f in island_content().fragments}
    mine.sort(key=lambda c: c not in fragments)
    for _ in range(n):
        card = mine.pop(0)
        if card in fragments:
            i.discarded.append(card)


def _gain(ctx: Ctx, p: PlayerState, card: str) -> None:
    p.items.append(OwnedItem(uid=ctx.state.new_uid("i"), card=card))


def dig(ctx: Ctx, p: PlayerState, action: Dig) -> None:
    """The Treasures are a set she chooses ("Choose one or more Treasures you want"): named in
    any order, each once."""
    i = isl(ctx)
    chosen = tuple(c for c in i.up if c in action.treasures)
    if len(set(action.treasures)) != len(action.treasures) or len(chosen) != len(action.treasures):
        raise RuleError("error.island_cannot_dig")
    action = Dig(treasures=chosen)
    if action not in list(dig_actions(ctx, p)):
        raise RuleError("error.island_cannot_dig")
    need = sum(maps_of(c) for c in action.treasures)
    _spend(ctx, p, need)
    for card in action.treasures:
        i.up.remove(card)
        _gain(ctx, p, card)
    i.dug.append(p.player)
    ctx.emit("island_dug", p.player, reveals=True, cards=list(action.treasures), maps=need, left=i.count(p.player))
    if expansion(ctx.state).treasure_hunters:
        i.fame[p.player] = i.fame.get(p.player, 0) + need
        ctx.emit("island_fame", p.player, gained=need, fame=i.fame[p.player])
        hunters_end(ctx)
        return
    # the others go to the bottom, and three new ones are turned up
    i.deck[:0] = list(reversed(i.up))
    i.up = []
    turn_up(ctx, i)


def turn_up(ctx: Ctx, i: IslandState) -> None:
    want = island_content().figures.face_up.value
    shown = []
    while len(i.up) < want and i.deck:
        card = i.deck.pop()
        i.up.append(card)
        shown.append(card)
    if shown:
        ctx.emit("island_treasures_up", None, reveals=True, cards=shown)


# ------------------------------------------------------------------------ Random Treasures


def blind_answers(ctx: Ctx, actor: str) -> list[Any]:
    i = isl(ctx)
    b = i.blind
    assert b is not None
    if actor != b.player:
        return []
    out: list[Any] = []
    if i.deck and i.count(actor) >= island_content().figures.blind_more.value:
        out.append(DigBlind())
    out.extend(KeepTreasure(treasure=c) for c in dict.fromkeys(b.drawn))
    return out


def dig_blind(ctx: Ctx, p: PlayerState) -> None:
    """Pay and draw one more card, seen by her alone (the event names no card)."""
    i = isl(ctx)
    figures = island_content().figures
    if i.blind is None:
        if DigBlind() not in list(dig_actions(ctx, p)):
            raise RuleError("error.island_cannot_dig")
        cost = figures.blind_first.value
        i.blind = BlindDig(player=p.player)
    else:
        if DigBlind() not in blind_answers(ctx, p.player):
            raise RuleError("error.island_cannot_dig")
        cost = figures.blind_more.value
    _spend(ctx, p, cost)
    i.blind.paid += cost
    i.blind.drawn.append(i.deck.pop())
    ctx.emit("island_dug_blind", p.player, drawn=len(i.blind.drawn), maps=cost, left=i.count(p.player))


def keep(ctx: Ctx, p: PlayerState, action: KeepTreasure) -> None:
    i = isl(ctx)
    b = i.blind
    if b is None or b.player != p.player or action.treasure not in b.drawn:
        raise RuleError("error.island_cannot_keep")
    rest = list(b.drawn)
    rest.remove(action.treasure)
    ctx.state.rng.shuffle(rest)
    i.deck[:0] = rest
    i.blind = None
    i.dug.append(p.player)
    _gain(ctx, p, action.treasure)
    ctx.emit("island_kept", p.player, reveals=True, card=action.treasure, back=len(rest))


# ------------------------------------------------------------------- Treasure Hunters Game


def hunters_end(ctx: Ctx) -> None:
    """The last Treasure dug up ends the game; so does a lead nobody can catch up."""
    i = isl(ctx)
    living = [p for p in ctx.state.players if p.alive and p.character]
    if not living:
        return
    def key(p: PlayerState) -> tuple[int, int, int]:
        return (i.fame.get(p.player, 0), i.count(p.player), -ctx.state.players.index(p))
    best = max(living, key=key)
    if not i.up:
        _finish(ctx, best.player, "treasure_hunters")
        return
    left = sum(maps_of(c) for c in i.up)
    lead = i.fame.get(best.player, 0)
    if all(lead > i.fame.get(q.player, 0) + left for q in living if q is not best):
        _finish(ctx, best.player, "treasure_hunters_early")


def _finish(ctx: Ctx, winner: str, reason: str) -> None:
    """End the game, ranked by Fame, then unused maps (the rulebook's tie-break)."""
    finish(ctx, winner, reason)
    i = isl(ctx)
    st = ctx.state

    def key(p: PlayerState) -> tuple[int, ...]:
        return (0 if p.player == winner else 1, 0 if p.alive else 1, -i.fame.get(p.player, 0), -i.count(p.player))

    out: list[RankEntry] = []
    prev: tuple[int, ...] | None = None
    place = 0
    for n, p in enumerate(sorted(st.players, key=key), start=1):
        k = key(p)
        if k != prev:
            place, prev = n, k
        out.append(RankEntry(player=p.player, place=place, certificates=0, alive=p.alive,
                             artifacts=len(powers.mine(st, p.player).artifacts)))
    st.ranking = out
    if ctx.events and ctx.events[-1].kind == "game_ended":
        ctx.events[-1].data["ranking"] = [r.model_dump() for r in out]
        ctx.events[-1].data["fame"] = {p.player: i.fame.get(p.player, 0) for p in st.players}
