"""AI seats: a random legal player and a heuristic player.

Both choose only among `legal_actions`, so they can never break a rule. Their own
randomness (tie-breaks, the random player's picks) comes from a generator seeded per game
and seat, so an AI seat behaves the same when a game is replayed from its log.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Callable

from engine.ai.odds import fight_odds
from engine.prophecy import actions as A
from engine.prophecy.content import CreatureCard, OpportunityCard, Pack
from engine.prophecy.guilds import certificate_price
from engine.prophecy.context import Ctx
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions, pack_of
from engine.prophecy.state import PlayerState, ProphecyState

Chooser = Callable[[ProphecyState, str, random.Random], Any]


def random_player(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    acts = legal_actions(state, actor)
    return rng.choice(acts) if acts else None


def _distances(pack: Pack, start: int, gold: int) -> dict[int, int]:
    """Turns needed to reach each space, using the movement options the purse allows."""
    dist = {start: 0}
    queue = deque([start])
    probe = PlayerState(player="_", name="_", character=pack.characters[0].id,
                        red={"right": 1}, blue={"right": 1}, gold=0, experience=0, space=start)
    while queue:
        here = queue.popleft()
        probe.space = here
        for move, cost in move_options(pack, probe):
            if cost > min(gold, 2):
                continue
            nxt = pack.space_index(move.to)
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


class Heuristic:
    """Heals before fights, fights with the better exact odds, avoids likely losses, and
    buys a Certificate whenever it can."""

    def __call__(self, state: ProphecyState, actor: str, rng: random.Random) -> Any:
        acts = legal_actions(state, actor)
        if not acts:
            return None
        if len(acts) == 1:
            return acts[0]
        pack = pack_of(state)
        p = state.player(actor)
        phase = state.turn.phase  # type: ignore[union-attr]
        if phase == "fight":
            return self._fight(state, actor, acts)
        if phase == "move":
            return self._move(state, pack, p, acts, rng)
        return self._act(state, pack, p, acts)

    # -- fights -------------------------------------------------------------------------
    def _fight(self, state: ProphecyState, actor: str, acts: list[Any]) -> Any:
        best, best_score = acts[0], -1e9
        for a in acts:
            if isinstance(a, A.Fight):
                o = fight_odds(state, actor, a)
                score = float(o.win) - 0.8 * float(o.loss) - (0.15 if a.throw else 0)
            elif isinstance(a, A.Bribe):
                score = -0.2
            else:  # potions before a fight
                score = 0.3 if isinstance(a, A.UseItem) else -1
            if score > best_score:
                best, best_score = a, score
        return best

    # -- movement -----------------------------------------------------------------------
    def _wanted_guilds(self, pack: Pack, p: PlayerState) -> list[str]:
        return [g for g in pack.guilds if g not in p.certificates]

    def _can_certify(self, pack: Pack, state: ProphecyState, p: PlayerState, guild: str) -> bool:
        xp, gold = certificate_price(Ctx(state, pack), p, guild)
        return p.experience >= xp and p.gold >= gold

    def _space_value(self, state: ProphecyState, pack: Pack, p: PlayerState, index: int, cost: int) -> float:
        space = pack.space(index)
        value = -2.0 * cost
        hurt = p.red.left
        if space.guild and space.guild not in p.certificates and self._can_certify(pack, state, p, space.guild):
            value += 100
        for adv in state.spaces[index]:
            card = pack.adventure(adv.card)
            if isinstance(card, CreatureCard):
                value += self._creature_value(p, card)
            elif isinstance(card, OpportunityCard):
                value += 6 if card.cost.gold <= p.gold - cost else 0
        for svc in space.services:
            if svc.kind == "heal" and hurt:
                value += (6 if p.red.right <= 2 else 3) * min(hurt, svc.max or hurt) if svc.price <= p.gold - cost else 0
            if svc.kind == "exchange" and svc.gain and svc.gain.health and hurt and p.gold - cost >= 1:
                value += 3
            if svc.kind == "recharge" and p.blue.left and svc.price == 0:
                value += 1.5 * min(p.blue.left, svc.max or 3)
            if svc.kind == "market" and state.offers.get(space.id) and p.gold - cost >= 4:
                value += 4
            if svc.kind == "repair" and any(i.damaged for i in p.items) and p.gold - cost >= 1:
                value += 2
        # Progress towards the guilds still needed, once Experience is in hand.
        if p.experience >= 5:
            dist = _distances(pack, index, p.gold - cost)
            needed = [i for i, s in enumerate(pack.board.spaces) if s.guild in self._wanted_guilds(pack, p)
                      and self._can_certify(pack, state, p, s.guild)]
            if needed:
                value -= 4 * min(dist.get(i, 10) for i in needed)
        return value

    def _creature_value(self, p: PlayerState, card: CreatureCard) -> float:
        mine = max(p.red.right + 1, (p.blue.right + 1) if card.willpower is not None else 0)
        theirs = card.strength if card.attacks_with == "strength" else card.willpower
        edge = mine - (theirs or 0) - (2 if card.special("three_lives") else 0)
        chance = max(0.0, min(1.0, 0.5 + edge * 0.12))
        danger = 25 if p.red.right <= 2 else 8
        return chance * (card.experience * 6 + 3) - (1 - chance) * danger

    def _move(self, state: ProphecyState, pack: Pack, p: PlayerState, acts: list[Any], rng: random.Random) -> Any:
        moves = [a for a in acts if isinstance(a, A.Move)]
        potions = [a for a in acts if isinstance(a, A.UseItem)]
        if potions and p.red.right <= 2:
            return potions[0]
        costs = {(m.method, m.to): c for m, c in move_options(pack, p, state.turn.held)}  # type: ignore[union-attr]
        scored = [(self._space_value(state, pack, p, pack.space_index(m.to), costs[(m.method, m.to)]) + rng.random() * 0.01, i)
                  for i, m in enumerate(moves)]
        return moves[max(scored)[1]]

    # -- possibilities ------------------------------------------------------------------
    def _act(self, state: ProphecyState, pack: Pack, p: PlayerState, acts: list[Any]) -> Any:
        by_type: dict[str, list[Any]] = {}
        for a in acts:
            by_type.setdefault(a.type, []).append(a)
        if "certificate" in by_type:
            return by_type["certificate"][0]
        if "use_opportunity" in by_type:
            return by_type["use_opportunity"][0]
        if "heal" in by_type:
            return max(by_type["heal"], key=lambda a: a.amount)
        if "recharge" in by_type and p.gold >= 3:
            return max(by_type["recharge"], key=lambda a: a.amount)
        for ex in by_type.get("exchange", []):
            svc = next(s for s in pack.space(p.space).services if s.id == ex.service)
            if svc.gain and (svc.gain.gold or svc.gain.experience) and svc.cost and p.red.right - svc.cost.health >= 3:
                return ex
            if svc.gain and svc.gain.health and p.red.left:
                return ex
        if "repair" in by_type:
            return by_type["repair"][0]
        if "buy" in by_type and p.gold >= 8:
            best = max(by_type["buy"], key=lambda a: self._item_value(pack, state, p, a.item))
            if self._item_value(pack, state, p, best.item) > 0:
                return best
        return by_type["end_turn"][0]

    def _item_value(self, pack: Pack, state: ProphecyState, p: PlayerState, uid: str) -> float:
        offer = state.offers.get(pack.space(p.space).id, [])
        item = next(i for i in offer if i.uid == uid)
        card = pack.item(item.card)
        owned_slots = {pack.item(i.card).slot for i in p.items}
        if card.slot in owned_slots and card.slot != "body":
            return -1
        return card.strength + card.willpower + (2 if card.use else 0)


heuristic_player = Heuristic()

PLAYERS: dict[str, Chooser] = {"random": random_player, "heuristic": heuristic_player}
