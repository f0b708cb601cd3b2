"""The heuristic AI as it stood before the Certificate planner: frozen as a yardstick.

`benchmarks/engine.py` plays the current heuristic against three copies of this player, so
progress is measured against a fixed opponent rather than against a moving target. It is
NOT offered as a table AI level (`engine.ai.players.PLAYERS` does not list it).

Its decisions must stay what they were. The only changes from the original are ones that
give the same answers faster: `best_odds` results are memoised on everything they depend on
and read the odds from a cached table (the same exact fractions, converted once); a space's
value is computed only when a move (or a look-ahead) asks for it; and what does not depend
on the space (which guilds she could certify now) is worked out once per decision.
tests/ai/test_golden_games.py replays baseline games to prove the answers are unchanged.
"""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import Any

from engine.ai.odds import exact_chances, fight_odds
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.combat import allowed_battles, battle_cost, plan_battle
from engine.prophecy.content import CreatureCard, OpportunityCard, Pack, pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.effects import can_pay
from engine.prophecy.encounters import can_use_opportunity
from engine.prophecy.equipment import candidate_loadouts
from engine.prophecy.guilds import certificate_price
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions, pack_of
from engine.prophecy.state import PlayerState, ProphecyState

_ODDS_MEMO: dict[tuple[Any, ...], tuple[float, float]] = {}


def best_odds(pack: Pack, p: PlayerState, card: CreatureCard) -> tuple[float, float]:
    """(win, loss) of the best battle this character could fight against `card` right now."""
    key = (id(pack), card.id, p.red.right, p.blue.right, p.gold, p.experience,
           tuple((i.card, i.damaged) for i in p.items))
    found = _ODDS_MEMO.get(key)
    if found is not None:
        return found
    best = (0.0, 1.0)
    for battle in allowed_battles(pack, card):
        if not can_pay(p, battle_cost(pack, card, battle)):
            continue
        for action in candidate_loadouts(pack, p, battle):
            plan = plan_battle(pack, p, card, action)
            w, l = _win_loss(plan.player_figure - plan.creature_figure, plan.first_roll_bonus, plan.lives)
            if w - l > best[0] - best[1]:
                best = (w, l)
    if len(_ODDS_MEMO) > 50_000:
        _ODDS_MEMO.clear()
    _ODDS_MEMO[key] = best
    return best


@lru_cache(maxsize=4096)
def _win_loss(diff: int, first_bonus: int, lives: int) -> tuple[float, float]:
    """float(win), float(loss) of `battle_odds` for these figures: the exact fractions once, then a look-up."""
    w, _d, l = exact_chances(diff, first_bonus, lives)
    return float(w), float(l)


def _distances(pack: Pack, start: int, gold: int) -> dict[int, int]:
    """Turns needed to reach each space, using the movement options the purse allows."""
    return _distances_cached(pack.id, id(pack), start, max(0, min(gold, 2)))


@lru_cache(maxsize=4096)
def _distances_cached(pack_id: str, _pack_key: int, start: int, gold: int) -> dict[int, int]:
    pack = pack_by_id(pack_id)
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


class BaselineHeuristic:
    """Heals before fights, fights with the better exact odds, avoids likely losses, and
    buys a Certificate whenever it can."""

    def __call__(self, state: ProphecyState, actor: str, rng: random.Random) -> Any:
        acts = legal_actions(state, actor)
        if not acts:
            return None
        if len(acts) == 1:
            return acts[0]
        if state.turn is not None and (state.turn.item_choices or state.turn.battle is not None):
            # Decisions the engine added after this player was frozen (which Item a card takes,
            # throwing between the rolls of a three-lives battle): the first legal answer.
            return acts[0]
        pack = pack_of(state)
        p = state.player(actor)
        phase = state.live_turn().phase
        if phase == "fight":
            return self._fight(state, actor, acts)
        if phase == "move":
            return self._move(state, pack, p, acts, rng)
        return self._act(state, pack, p, acts)

    # -- fights -------------------------------------------------------------------------
    def _fight(self, state: ProphecyState, actor: str, acts: list[Any]) -> Any:
        best, best_score = acts[0], -1e9
        for a in acts:
            if isinstance(a, prophecy_actions.Fight):
                o = fight_odds(state, actor, a)
                score = float(o.win) - 0.8 * float(o.loss) - (0.15 if a.throw else 0)
            elif isinstance(a, prophecy_actions.Bribe):
                score = -0.2
            else:  # potions before a fight
                score = 0.3 if isinstance(a, prophecy_actions.UseItem) else -1
            if score > best_score:
                best, best_score = a, score
        return best

    # -- movement -----------------------------------------------------------------------
    def _wanted_guilds(self, pack: Pack, p: PlayerState) -> list[str]:
        return [g for g in pack.guilds if g not in p.certificates]

    def _can_certify(self, pack: Pack, state: ProphecyState, p: PlayerState, guild: str) -> bool:
        xp, gold = certificate_price(Ctx(state, pack), p, guild)
        return p.experience >= xp and p.gold >= gold

    def _space_value(self, state: ProphecyState, pack: Pack, p: PlayerState, index: int, cost: int,
                     certify: dict[str, bool] | None = None, needed: list[int] | None = None) -> float:
        """`certify` (guild -> can buy its Certificate now) and `needed` (guild spaces she can
        certify at) depend on the character only: `_move` passes them, computed once."""
        if certify is None:
            certify = {}
        space = pack.space(index)
        value = -2.0 * cost
        hurt = p.red.left
        if space.guild and space.guild not in p.certificates and self._certify(certify, pack, state, p, space.guild):
            value += 100
        for adv in state.spaces[index]:
            card = pack.adventure(adv.card)
            if isinstance(card, CreatureCard):
                value += self._creature_value(pack, p, card)
            elif isinstance(card, OpportunityCard):
                value += 6 if can_use_opportunity(Ctx(state, pack), p, card) and card.cost.gold <= p.gold - cost else 0
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
            if needed is None:
                needed = self._needed(certify, state, pack, p)
            if needed:
                value -= 4 * min(dist.get(i, 10) for i in needed)
        return value

    def _certify(self, certify: dict[str, bool], pack: Pack, state: ProphecyState, p: PlayerState, guild: str) -> bool:
        found = certify.get(guild)
        if found is None:
            found = certify[guild] = self._can_certify(pack, state, p, guild)
        return found

    def _needed(self, certify: dict[str, bool], state: ProphecyState, pack: Pack, p: PlayerState) -> list[int]:
        """Guild spaces whose Certificate she still needs and could buy now."""
        wanted = self._wanted_guilds(pack, p)
        return [i for i, s in enumerate(pack.board.spaces) if s.guild in wanted
                and self._certify(certify, pack, state, p, s.guild)]

    def _creature_value(self, pack: Pack, p: PlayerState, card: CreatureCard) -> float:
        """Expected worth of fighting this Creature with the best loadout, from exact odds."""
        win, loss = best_odds(pack, p, card)
        damage = 1
        if card.on_loss is not None:
            damage = max(1, -card.on_loss.health) if card.on_loss.health < 0 else 0
        reward = card.experience * 6 + 3 + (4 if card.treasure else 0)
        if p.red.right <= damage:
            return win * reward - loss * 200  # a loss would kill
        pain = 4 if p.gold >= 3 else 8
        return win * reward - loss * damage * pain

    def _move(self, state: ProphecyState, pack: Pack, p: PlayerState, acts: list[Any], rng: random.Random) -> Any:
        """Score each destination by what it offers now plus half of the best next step from it."""
        moves = [a for a in acts if isinstance(a, prophecy_actions.Move)]
        potions = [a for a in acts if isinstance(a, prophecy_actions.UseItem)]
        if potions and p.red.right <= 2:
            return potions[0]
        costs = {(m.method, m.to): c for m, c in move_options(pack, p, state.live_turn().held)}
        ring = len(pack.board.spaces)
        memo: dict[int, float] = {}
        certify: dict[str, bool] = {}
        needed = self._needed(certify, state, pack, p) if p.experience >= 5 else None

        def here(i: int) -> float:  # the same values as the original eager table, computed on demand
            v = memo.get(i)
            if v is None:
                v = memo[i] = self._space_value(state, pack, p, i, 0, certify, needed)
            return v

        def lookahead(i: int) -> float:
            return max(here((i + d) % ring) for d in (-2, -1, 1, 2))

        scored = []
        for i, m in enumerate(moves):
            dest = pack.space_index(m.to)
            cost = costs[(m.method, m.to)]
            value = here(dest) - 2.0 * cost + 0.5 * max(0.0, lookahead(dest)) + rng.random() * 0.01
            scored.append((value, i))
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
            gain, cost = svc.gain, svc.cost
            if gain is None or cost is None:
                continue
            if gain.experience and p.red.right - cost.health >= 3:
                return ex
            if gain.gold and p.gold < 12 and p.red.right - cost.health >= 3 and p.blue.right - cost.magic >= 1:
                return ex
            if gain.health and p.red.left:
                return ex
        if "repair" in by_type:
            return by_type["repair"][0]
        if "buy" in by_type and p.gold >= 6:
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


baseline_player = BaselineHeuristic()
