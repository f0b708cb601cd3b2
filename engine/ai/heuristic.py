"""The heuristic AI: plans toward five Certificates (the Basic Version's win condition).

Every choice is scored with one yardstick, an estimate of how far the character is from
winning, in turns (lower is better), traded against what she holds:

    value = -(travel + experience_short * AX + gold_short * AG) + health + magic + items

* travel: the fewest turns to visit every guild still missing, in the best order, starting
  from the space in question (a precomputed table); when the next Certificate cannot be
  paid yet, the detour through a place that earns what is missing (Fortress training for
  Experience, Thieves' Guild/City work or a market to sell at for Gold) is added;
* experience_short / gold_short: what the remaining Certificates still cost beyond what is
  held (a member of the guild pays no Gold), converted to turns at a typical earning rate;
* health: steeply valued when low (a loss with no red cube left kills);
* items: what the best battle loadout adds, and a little for potions.

A move is scored by the expected value after it: the battle on the destination (exact
odds from a cached table, each outcome's treasure or loss applied), or the Possibilities
there used greedily (a Certificate first, selling when short of Gold, training, healing).
A battle, or a move into one, whose best win chance is below HOPELESS_WIN is never chosen
when any other legal choice exists. Per decision the legal actions are listed once and
each option is scored once; no exact fractions are computed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Iterator, Protocol, Self, TypeVar

from engine.ai.board import BoardTables, tables_for
from engine.ai.odds import battle_chances
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.combat import allowed_battles, battle_cost, plan_battle
from engine.prophecy.content import Cost, CreatureCard, Effect, ItemCard, OpportunityCard, Pack
from engine.prophecy.rules import legal_actions, pack_of
from engine.prophecy.state import PlayerState, ProphecyState

#: a battle (or a move into one) with a lower best chance of winning is avoided when possible
HOPELESS_WIN = 0.10
#: turns one point of missing Experience / Gold is worth (typical earning rates)
AX = 0.6
AG = 0.6
#: extra value of each Certificate held (buying one where she stands does not shorten the tour)
CERT_BONUS = 3.0
#: the most a detour to an earning place may add to the travel estimate (Gold: Thieves' Guild,
#: City work or a market; Experience: the Fortress, but Creatures anywhere also give it)
DETOUR_CAP = 6
XP_DETOUR_CAP = 4
#: shortfalls from which the whole detour counts (smaller ones often come by the way)
GOLD_DETOUR_FULL = 4
XP_DETOUR_FULL = 4
#: value of one point of battle bonus from Items (Strength / Willpower battles)
ITEM_STR = 0.45
ITEM_WILL = 0.3
DEAD = -1000.0
#: travel estimates assume horses and boats (1 Gold) are affordable; Gold spent shows in the purse
TRAVEL_BAND = 1
WON = 1000.0


def health_value(h: int) -> float:
    """Value of `h` red cubes on the right: the first two matter most (a loss at 0 kills).

    Tuned by self-play against the baseline: a steeper curve (valuing the third cube as much
    as the second) left the character idling in guilds instead of training or working.
    """
    return 0.45 * h + 1.0 * min(h, 2) + 2.5 * min(h, 1)


def magic_value(m: int) -> float:
    return 0.3 * min(m, 4) + 0.08 * max(0, m - 4)


#: health_value / magic_value for the usual cube counts, looked up instead of recomputed
_TABLE = 32
_HEALTH = tuple(health_value(h) for h in range(_TABLE))
_MAGIC = tuple(magic_value(m) for m in range(_TABLE))
#: a shared yardstick memo is emptied when it reaches this many entries (values are pure, so
#: emptying it changes no answer, only how much is recomputed); ~180 bytes an entry, one memo
#: per Certificate price list (a handful per pack)
MEMO_LIMIT = 10_000


@dataclass(frozen=True)
class Near:
    """What `Plan.value` reads for one character, precomputed per guild mask and space.

    `remaining[mask]` / `gold_need[mask]`: Certificates still missing and the Gold they cost;
    `tour[space][mask]`: the travel table; `gold`, `gold_or_market`, `experience`
    `[space][mask]`: the fewest turns to the nearest earning place of that kind and then on
    round the missing guilds (None when the board has no such place). Same integers as the
    scans they replace, so every value is bit for bit the same.
    """

    remaining: tuple[int, ...]
    gold_need: tuple[int, ...]
    tour: tuple[tuple[int, ...], ...]
    gold: tuple[tuple[int | None, ...], ...]
    gold_or_market: tuple[tuple[int | None, ...], ...]
    experience: tuple[tuple[int | None, ...], ...]


def _nearest(t: BoardTables, places: tuple[int, ...]) -> tuple[tuple[int | None, ...], ...]:
    turns = t.turns[TRAVEL_BAND]
    tour = t.tour[TRAVEL_BAND]
    return tuple(tuple(min((turns[s][f] + tour[f][mask] for f in places), default=None)
                       for mask in range(1 << len(t.guilds)))
                 for s in range(t.size))


def _near(t: BoardTables, price: tuple[int, ...]) -> Near:
    k = len(t.guild_space)
    remaining = tuple(bin(mask).count("1") for mask in range(1 << k))
    gold_need = tuple(sum(price[g] for g in range(k) if mask >> g & 1) for mask in range(1 << k))
    gold = t.farms.get("gold", ())
    return Near(remaining, gold_need, t.tour[TRAVEL_BAND], _nearest(t, gold),
                _nearest(t, gold + t.farms.get("market", ())), _nearest(t, t.farms.get("experience", ())))


@dataclass(slots=True)
class Res:
    """The parts of a character the AI reasons about, cheap to copy and change."""

    xp: int
    gold: int
    h: int
    hl: int
    m: int
    ml: int
    mask: int  # guilds still without a Certificate (bits in BoardTables.guilds order)
    items: tuple[tuple[str, bool], ...]  # (card id, damaged)
    extra: float = 0.0  # value of Items drawn (unknown cards)
    dead: bool = False

    def copy(self) -> Self:
        return type(self)(self.xp, self.gold, self.h, self.hl, self.m, self.ml, self.mask, self.items, self.extra, self.dead)


class CostLike(Protocol):
    """What paying reads of a price: a content `Cost` or the odds' lighter `Price`."""

    @property
    def gold(self) -> int: ...
    @property
    def experience(self) -> int: ...
    @property
    def health(self) -> int: ...
    @property
    def magic(self) -> int: ...


#: a character's numbers: the Basic `Res` or a richer one (the Standard `StdRes`); an effect keeps the kind
R = TypeVar("R", bound=Res)


@dataclass(eq=False, repr=False)
class EffectArithmetic:
    """The effect arithmetic (gains, losses, die tables, a space's Possibilities) that the Basic `Plan`
    and the Standard `StdPlan` share; it reads only these attributes of the plan (the first
    fields of a `Plan`; a `StdPlan` sets them in its own `__init__`)."""

    pack: Pack
    tables: BoardTables
    price: tuple[int, ...]  # Gold for each guild's Certificate for this character
    cert_xp: int
    bank_red: int
    bank_blue: int

    # -- effects ---------------------------------------------------------------------------
    def pay(self, r: R, cost: CostLike | None) -> R:
        out = r.copy()
        if cost is None:
            return out
        out.gold -= cost.gold
        out.xp -= cost.experience
        out.h -= cost.health
        out.hl += cost.health
        out.m -= cost.magic
        out.ml += cost.magic
        return out

    def effect(self, r: R, eff: Effect | None) -> list[tuple[float, R]]:
        """Outcomes of an effect with their chances (a die table branches), gains before losses."""
        if eff is None:
            return [(1.0, r)]
        if eff.lose_items > 0 and len(r.items) < eff.lose_items and _is_trade(eff):
            return [(1.0, r)]  # a sale without the Items to hand over gives nothing
        out = r.copy()
        out.gold += max(0, eff.gold)
        out.xp += max(0, eff.experience)
        if eff.health > 0:
            n = min(eff.health, out.hl)
            out.h += n
            out.hl -= n
        if eff.magic > 0:
            n = min(eff.magic, out.ml)
            out.m += n
            out.ml -= n
        if eff.strength and self.bank_red:
            out.h += eff.strength
        if eff.willpower and self.bank_blue:
            out.m += eff.willpower
        for deck in eff.draw:
            out.extra += 1.6 if deck == "rare" else 0.9
        if eff.gold < 0:
            out.gold = max(0, out.gold + eff.gold)
        if eff.experience < 0:
            out.xp = max(0, out.xp + eff.experience)
        if eff.magic < 0:
            n = min(-eff.magic, out.m)
            out.m -= n
            out.ml += n
        for _ in range(eff.damage_items):
            whole = [i for i, (_c, d) in enumerate(out.items) if not d]
            if whole:
                k = max(whole, key=lambda i: self.pack.item(out.items[i][0]).cost)
                out.items = out.items[:k] + ((out.items[k][0], True),) + out.items[k + 1:]
        for _ in range(eff.lose_items):
            if out.items:
                k = max(range(len(out.items)), key=lambda i: self.pack.item(out.items[i][0]).cost)
                out.items = out.items[:k] + out.items[k + 1:]
        branches = [(1.0, out)]
        if eff.roll:
            branches = []
            for row in eff.roll:
                for p, sub in self.effect(out, row.effect):
                    branches.append((p * (row.high - row.low + 1) / 6, sub))
        if eff.health < 0:
            for _p, b in branches:
                lose_health(b, -eff.health)
        return branches

    # -- Possibilities on a space (what the act phase would do) -----------------------------
    def act_options(self, state: ProphecyState, space: int, r: R, stayed: bool, used: frozenset[str],
                    ) -> list[tuple[str, Any, list[tuple[float, R]]]]:
        """Each Possibility usable here from `r`: (kind, key, outcomes). Mirrors the rules' checks."""
        pack = self.pack
        sp = pack.space(space)
        out: list[tuple[str, Any, list[tuple[float, R]]]] = []
        if sp.guild is not None:
            g = self.tables.guilds.index(sp.guild)
            if r.mask >> g & 1 and r.xp >= self.cert_xp and r.gold >= self.price[g] and \
                    any(s.kind == "certificate" for s in sp.services):
                c = r.copy()
                c.xp -= self.cert_xp
                c.gold -= self.price[g]
                c.mask &= ~(1 << g)
                out.append(("certificate", None, [(1.0, c)]))
        for adv in state.spaces[space]:
            card = pack.adventure(adv.card)
            if isinstance(card, OpportunityCard) and adv.face_up and _can_pay(r, card.cost):
                out.append(("opportunity", adv.uid, [(p, b) for p, b in self.effect(self.pay(r, card.cost), card.effect)]))
        for svc in sp.services:
            key = f"{sp.id}:{svc.id or svc.kind}"
            if svc.once_per_turn and key in used:
                continue
            if svc.kind in ("heal", "recharge"):
                lost = r.hl if svc.kind == "heal" else r.ml
                cap = lost if svc.max is None else min(lost, svc.max)
                for n in range(1, cap + 1):
                    cost = -(-n // svc.per) * svc.price
                    if cost > r.gold:
                        break
                    c = r.copy()
                    c.gold -= cost
                    if svc.kind == "heal":
                        c.h += n
                        c.hl -= n
                    else:
                        c.m += n
                        c.ml -= n
                    out.append((svc.kind, n, [(1.0, c)]))
            elif svc.kind == "exchange":
                if svc.instead_of_movement and not stayed:
                    continue
                if not _can_pay(r, svc.cost):
                    continue
                out.append(("exchange", svc.id, self.effect(self.pay(r, svc.cost), svc.gain)))
            elif svc.kind == "market":
                for i, (cid, dmg) in enumerate(r.items):
                    if not dmg:
                        c = r.copy()
                        c.gold += sell_price(pack, cid)
                        c.items = r.items[:i] + r.items[i + 1:]
                        out.append(("sell", i, [(1.0, c)]))
                for item in state.offers.get(sp.id, []):
                    cost = pack.item(item.card).cost
                    if cost <= r.gold:
                        c = r.copy()
                        c.gold -= cost
                        c.items = r.items + ((item.card, False),)
                        out.append(("buy", item.uid, [(1.0, c)]))
            elif svc.kind == "repair":
                for i, (_cid, dmg) in enumerate(r.items):
                    if dmg and r.gold >= svc.price:
                        c = r.copy()
                        c.gold -= svc.price
                        c.items = _repair(r.items, i)
                        out.append(("repair", i, [(1.0, c)]))
        return out


@dataclass
class Plan(EffectArithmetic):
    """Everything about the deciding character that does not change while one decision is made
    (the pack, board tables, Certificate prices and cube banks of `EffectArithmetic`, then:)."""

    #: the yardstick's memo and tables: shared by every decision of characters with the same
    #: Certificate prices on this pack (the value depends on nothing else)
    memo: dict[Any, float] = field(default_factory=dict)
    near: Near = None  # type: ignore[assignment]  # always set by __post_init__

    def __post_init__(self) -> None:
        if self.near is None:
            self.near = _near(self.tables, self.price)

    # -- the yardstick -------------------------------------------------------------------
    def value(self, space: int, r: Res) -> float:
        if r.dead:
            return DEAD
        mask = r.mask
        if mask == 0:
            return WON
        items = r.items
        key = (space, r.xp, r.gold, r.h, r.m, mask, items, r.extra)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        near = self.near
        remaining = near.remaining[mask]
        gold_need = near.gold_need[mask]
        travel: float = near.tour[space][mask]
        x_short = max(0, self.cert_xp * remaining - r.xp)
        g_short = max(0, gold_need - r.gold)
        if g_short:
            if any(not dmg for _c, dmg in items):
                nearest = near.gold_or_market[space][mask]
            else:
                nearest = near.gold[space][mask]
            detour = (travel + DETOUR_CAP if nearest is None else nearest) - travel
            travel += min(detour, DETOUR_CAP) * min(1.0, g_short / GOLD_DETOUR_FULL)
        if x_short:
            nearest = near.experience[space][mask]
            detour = (travel + XP_DETOUR_CAP if nearest is None else nearest) - travel
            travel += min(detour, XP_DETOUR_CAP) * min(1.0, x_short / XP_DETOUR_FULL)
        v = -(travel + x_short * AX + g_short * AG) - CERT_BONUS * remaining
        v += 0.03 * max(0, r.xp - self.cert_xp * remaining) + 0.06 * max(0, min(r.gold - gold_need, 6))
        # one sum, in the original order, so every float comes out bit for bit the same
        v += (_HEALTH[r.h] if 0 <= r.h < _TABLE else health_value(r.h)) + \
            (_MAGIC[r.m] if 0 <= r.m < _TABLE else magic_value(r.m)) + \
            item_value(self.pack.id, id(self.pack), items) + r.extra
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = v
        return v

    def expect(self, space: int, branches: Iterable[tuple[float, Res]]) -> float:
        return sum(p * self.value(space, b) for p, b in branches)

    # -- battles ---------------------------------------------------------------------------
    def battle_options(self, r: Res, card: CreatureCard) -> list[tuple[str, Cost | None, float, float, float]]:
        """(battle, cost, win, draw, loss) for each battle this character can pay for, best loadout."""
        out = []
        lives = 3 if card.special("three_lives") else 1
        for battle in allowed_battles_cached(self.pack, card):
            cost = battle_cost(self.pack, card, battle)
            if cost is not None and (r.gold < cost.gold or r.h < cost.health or r.m < cost.magic
                                     or r.xp < cost.experience):
                continue
            if battle == "strength":
                own = r.h - (cost.health if cost else 0)
                figure = card.strength or 0
            else:
                own = r.m - (cost.magic if cost else 0)
                figure = card.willpower or 0
            bonus = loadout_bonus(self.pack.id, id(self.pack), r.items, card.id, battle)
            w, d, l = battle_chances(own + bonus - figure, 0, lives)
            out.append((battle, cost, w, d, l))
        return out

    def outcomes(self, r: Res, card: CreatureCard, cost: Cost | None, w: float, d: float, l: float,
                 throw_breaks: str | None = None) -> list[tuple[float, Res]]:
        paid = self.pay(r, cost)
        if throw_breaks is not None:
            paid.items = _damage(paid.items, throw_breaks)
        out: list[tuple[float, Res]] = []
        if w:
            won = paid.copy()
            won.xp += card.experience
            out.extend((w * p, b) for p, b in self.effect(won, card.treasure))
        if d:
            out.append((d, paid))
        if l:
            if card.on_loss is not None:
                out.extend((l * p, b) for p, b in self.effect(paid, card.on_loss))
            else:
                lost = paid.copy()
                lose_health(lost, 1)
                out.append((l, lost))
        return out

    def creature_value(self, space: int, r: Res, card: CreatureCard) -> tuple[float, float]:
        """(expected value after the best battle against `card`, its win chance)."""
        best, best_win = DEAD * 2, 0.0
        for _battle, cost, w, d, l in self.battle_options(r, card):
            v = self.expect(space, self.outcomes(r, card, cost, w, d, l))
            if v > best:
                best, best_win = v, w
        if best == DEAD * 2:  # no battle can be paid for: the engine would not offer one either
            best = self.value(space, r)
        return best, best_win

    def settle(self, state: ProphecyState, space: int, r: Res, stayed: bool, steps: int = 4,
               used_before: Iterable[str] = ()) -> float:
        """Value after using this space's Possibilities greedily (each step the best improvement)."""
        used: set[str] = set(used_before)
        current = self.value(space, r)
        for _ in range(steps):
            best, best_opt = current + 1e-6, None
            for kind, key, branches in self.act_options(state, space, r, stayed, frozenset(used)):
                if kind == "certificate":
                    best_opt = (kind, key, branches)
                    best = self.expect(space, branches)
                    break
                v = self.expect(space, branches)
                if v > best:
                    best, best_opt = v, (kind, key, branches)
            if best_opt is None:
                break
            kind, key, branches = best_opt
            if len(branches) != 1:  # a die decides: take the expectation and stop planning
                return best
            r = branches[0][1]
            current = best
            if kind in ("exchange", "heal", "recharge"):
                sp = self.pack.space(space)
                for svc in sp.services:
                    if (svc.kind == kind and kind != "exchange") or (kind == "exchange" and svc.id == key):
                        used.add(f"{sp.id}:{svc.id or svc.kind}")
            if kind == "opportunity":
                return current
        return current


def used_now(plan: Plan, space: int, used: list[str], key: tuple[str, Any]) -> list[str]:
    """The once-per-turn Possibilities used, counting the one about to be used."""
    kind = key[0]
    sp = plan.pack.space(space)
    extra = [f"{sp.id}:{svc.id or svc.kind}" for svc in sp.services
             if (kind in ("heal", "recharge") and svc.kind == kind) or (kind == "exchange" and svc.id == key[1])]
    return list(used) + extra


def lose_health(r: Res, amount: int) -> None:
    """The rules' Health loss: a point that cannot be moved kills."""
    for _ in range(amount):
        if r.h == 0:
            r.dead = True
            return
        r.h -= 1
        r.hl += 1


def _is_trade(eff: Effect) -> bool:
    """Cards that take Items and give something back (the engine's `is_trade`)."""
    return eff.gold > 0 or eff.experience > 0 or eff.health > 0 or eff.magic > 0 or eff.strength > 0 \
        or eff.willpower > 0 or bool(eff.draw)


def _can_pay(r: Res, cost: Cost | None) -> bool:
    return cost is None or (r.gold >= cost.gold and r.xp >= cost.experience and r.h >= cost.health
                            and r.m >= cost.magic)


def _damage(items: tuple[tuple[str, bool], ...], card: str) -> tuple[tuple[str, bool], ...]:
    for i, (c, d) in enumerate(items):
        if c == card and not d:
            return items[:i] + ((c, True),) + items[i + 1:]
    return items


def _repair(items: tuple[tuple[str, bool], ...], i: int) -> tuple[tuple[str, bool], ...]:
    return items[:i] + ((items[i][0], False),) + items[i + 1:]


def sell_price(pack: Pack, card_id: str) -> int:
    divisor = pack.rules.sell_divisor.value or 2
    return -(-pack.item(card_id).cost // divisor)


_PACKS: dict[int, Pack] = {}


def _pack(key: int) -> Pack:
    return _PACKS[key]


@lru_cache(maxsize=1024)
def allowed_battles_cached_key(pack_key: int, card_id: str) -> tuple[str, ...]:
    pack = _pack(pack_key)
    return tuple(allowed_battles(pack, pack.creature(card_id)))


def allowed_battles_cached(pack: Pack, card: CreatureCard) -> tuple[str, ...]:
    _PACKS[id(pack)] = pack
    return allowed_battles_cached_key(id(pack), card.id)


def _contribution(card: ItemCard, battle: str, tags: tuple[str, ...]) -> int:
    own = card.strength if battle == "strength" else card.willpower
    return own + sum(v for t, v in card.bonus_vs.items() if t in tags)


def best_bonus(cards: list[ItemCard], battle: str, tags: tuple[str, ...], no_weapons: bool, no_items: bool) -> int:
    """The largest Item bonus one legal loadout gives (one weapon, two hands, one headwear, any body)."""
    if no_items:
        return 0
    body = sum(max(0, _contribution(c, battle, tags)) for c in cards if c.slot == "body")
    head = max((_contribution(c, battle, tags) for c in cards if c.slot == "head"), default=0)
    if no_weapons:
        return body + max(0, head)
    hands = sorted((_contribution(c, battle, tags) for c in cards if c.slot == "hand"), reverse=True)
    best_hands = 0
    for w in [None] + [c for c in cards if c.slot == "weapon"]:
        free = 2 - (w.hands if w is not None else 0)
        total = (_contribution(w, battle, tags) if w is not None else 0) + sum(x for x in hands[:free] if x > 0)
        best_hands = max(best_hands, total)
    return body + max(0, head) + best_hands


@lru_cache(maxsize=65536)
def loadout_bonus(pack_id: str, pack_key: int, items: tuple[tuple[str, bool], ...], card_id: str, battle: str) -> int:
    pack = _PACKS.get(pack_key) or _register(pack_id, pack_key)
    creature = pack.adventure(card_id)
    assert isinstance(creature, CreatureCard)
    cards = [pack.item(c) for c, d in items if not d]
    return best_bonus(cards, battle, tuple(creature.tags), creature.special("no_weapons") is not None,
                      creature.special("no_items") is not None)


def _register(pack_id: str, pack_key: int) -> Pack:
    from engine.prophecy.content import pack_by_id

    pack = pack_by_id(pack_id)
    _PACKS[pack_key] = pack
    return pack


@lru_cache(maxsize=65536)
def item_value(pack_id: str, pack_key: int, items: tuple[tuple[str, bool], ...]) -> float:
    """What the Items are worth in play: the generic best loadout, tag bonuses, potions."""
    if not items:
        return 0.0
    pack = _PACKS.get(pack_key) or _register(pack_id, pack_key)
    cards = [pack.item(c) for c, d in items if not d]
    v = ITEM_STR * best_bonus(cards, "strength", (), False, False)
    v += ITEM_WILL * best_bonus(cards, "wills", (), False, False)
    for c in cards:
        v += 0.08 * sum(c.bonus_vs.values())
        if c.use is not None:
            v += 0.35 * (max(0, c.use.health) + 0.5 * max(0, c.use.magic))
    v += 0.25 * sum(1 for _c, d in items if d)
    return v


def res_of(p: PlayerState, tables: BoardTables) -> Res:
    mask = 0
    for g, gid in enumerate(tables.guilds):
        if gid not in p.certificates:
            mask |= 1 << g
    return Res(p.experience, p.gold, p.red.right, p.red.left, p.blue.right, p.blue.left, mask,
               tuple((i.card, i.damaged) for i in p.items))


#: (pack, Certificate prices, Experience per Certificate) -> (pack kept alive, tables, near, memo)
_SHARED: dict[tuple[int, tuple[int, ...], int], tuple[Pack, BoardTables, Near, dict[Any, float]]] = {}
#: (pack, character) -> what `make_plan` needs besides the bank (pack kept alive in _SHARED)
_CHARACTER: dict[tuple[int, str], tuple[tuple[int, ...], int, BoardTables, Near, dict[Any, float]]] = {}


def forget() -> None:
    """Empty the yardstick memos shared between decisions (a benchmark times each run cold)."""
    for _pack, _tables, _near, memo in _SHARED.values():
        memo.clear()


def make_plan(state: ProphecyState, p: PlayerState) -> Plan:
    pack = pack_of(state)
    found = _CHARACTER.get((id(pack), p.character))
    if found is None:  # (the pack stays referenced from _SHARED, so its id is never reused)
        _PACKS[id(pack)] = pack
        member = pack.character(p.character).guilds
        gold = pack.rules.certificate_gold.value or 0
        cert_xp = pack.rules.certificate_experience.value or 0
        price = tuple(0 if g in member else gold for g in pack.guilds)  # BoardTables.guilds order
        key = (id(pack), price, cert_xp)
        shared = _SHARED.get(key)
        if shared is None:
            tables = tables_for(pack)
            shared = _SHARED[key] = (pack, tables, _near(tables, price), {})
        found = _CHARACTER[(id(pack), p.character)] = (price, cert_xp, shared[1], shared[2], shared[3])
    price, cert_xp, tables, near, memo = found
    return Plan(pack, tables, price, cert_xp, state.bank_red, state.bank_blue, memo, near)


def item_uses(pack: Pack, p: PlayerState, r: R, acts: list[Any]) -> Iterator[tuple[Any, ItemCard, R]]:
    """Each Item use among the legal actions, its card, and her resources once it is used (a
    consumed Item gone): where the Basic and Standard planners start weighing an Item."""
    for a in acts:
        if isinstance(a, prophecy_actions.UseItem):
            item = p.item(a.item)
            assert item is not None
            card = pack.item(item.card)
            after = r.copy()
            if card.consumed:
                k = r.items.index((item.card, item.damaged))
                after.items = r.items[:k] + r.items[k + 1:]
            yield a, card, after


class Heuristic:
    """Chooses, among the legal actions, the one with the best planned value (see module doc)."""

    def __call__(self, state: ProphecyState, actor: str, rng: random.Random) -> Any:
        acts = legal_actions(state, actor, keep=True)  # apply's guard reads it (issue #30)
        if not acts:
            return None
        if len(acts) == 1:
            return acts[0]
        p = state.player(actor)
        plan = make_plan(state, p)
        r = res_of(p, plan.tables)
        turn = state.turn
        assert turn is not None
        phase = turn.phase
        if turn.item_choices:
            scored = self._choose_item(plan, p, r, acts, turn.item_choices[0].mode)
        elif turn.battle is not None:
            scored = self._roll(state, plan, p, r, acts)
        elif phase == "fight":
            scored = self._fight(state, plan, p, r, acts)
        elif phase == "move":
            scored = self._move(state, plan, p, r, acts)
        else:
            scored = self._act(state, plan, p, r, acts)
        if not scored:  # an action kind this player does not know yet: the first legal one
            return acts[0]
        best = max(scored, key=lambda s: (s[0], rng.random()))
        return best[1]

    def _give(self, state: ProphecyState, plan: Plan, p: PlayerState, r: Res, a: Any) -> list[tuple[float, Res]]:
        """Outcomes of an Opportunity that takes the Items named in `a.give`."""
        adv = next(x for x in state.spaces[p.space] if x.uid == a.card or x.card == a.card)
        card = plan.pack.adventure(adv.card)
        assert isinstance(card, OpportunityCard)
        after = plan.pay(r, card.cost)
        items = list(after.items)
        for uid in a.give:
            item = p.item(uid)
            if item is not None and (item.card, item.damaged) in items:
                items.remove((item.card, item.damaged))
        after.items = tuple(items)
        return plan.effect(after, card.effect.model_copy(update={"lose_items": 0}))

    # -- a card takes or damages one of her Items: the one she will miss least -------------
    def _choose_item(self, plan: Plan, p: PlayerState, r: Res, acts: list[Any], mode: str) -> list[tuple[float, Any]]:
        out = []
        for a in acts:
            if isinstance(a, prophecy_actions.ChooseItem):
                item = p.item(a.item)
                if item is None:
                    continue
                k = r.items.index((item.card, item.damaged))
                after = r.copy()
                after.items = r.items[:k] + r.items[k + 1:] if mode == "lose" else _damage(r.items, item.card)
                out.append((plan.value(p.space, after), a))
        return out

    # -- a three-lives battle paused: throw the weapon on this roll or not -------------------
    def _roll(self, state: ProphecyState, plan: Plan, p: PlayerState, r: Res, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = state.turn
        assert turn is not None and turn.battle is not None
        b = turn.battle
        adv = next((a for a in state.spaces[p.space] if a.uid == turn.fight), None)
        card = plan.pack.adventure(adv.card) if adv is not None else None
        out = []
        for a in acts:
            if not isinstance(a, prophecy_actions.Roll):
                continue
            if card is None or not isinstance(card, CreatureCard):
                out.append((0.0, a))
                continue
            win, draw = 1.0, 0.0
            for roll in range(b.rolls + 1, b.lives + 1):
                if a.throw and roll == b.rolls + 1:
                    fig = b.figure_without_weapon + b.throw_bonus
                elif a.throw:
                    fig = b.figure_without_weapon
                else:  # keeping the weapon now; it can still be thrown on the last roll
                    fig = b.player_figure
                    if roll == b.lives and b.throw_bonus > 0:
                        fig = max(fig, b.figure_without_weapon + b.throw_bonus)
                w, d, _l = battle_chances(fig - b.creature_figure, 0, 1)
                draw += win * d
                win *= w
            breaks = None
            item = p.item(b.weapon) if b.weapon else None
            if a.throw and item is not None and plan.pack.item(item.card).breaks_when_thrown:
                breaks = item.card
            out.append((plan.expect(p.space, plan.outcomes(r, card, None, win, draw, 1.0 - win - draw, breaks)), a))
        return out

    # -- items usable in any phase ---------------------------------------------------------
    def _use_items(self, plan: Plan, p: PlayerState, r: Res, acts: list[Any], base: float) -> list[tuple[float, Any]]:
        out = []
        for a, card, after in item_uses(plan.pack, p, r, acts):
            v = plan.expect(p.space, plan.effect(after, card.use))
            out.append((v - 0.05 if v > base + 0.05 else base - 1.0, a))
        return out

    # -- battles -----------------------------------------------------------------------------
    def _fight(self, state: ProphecyState, plan: Plan, p: PlayerState, r: Res, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = state.turn
        assert turn is not None
        adv = next(a for a in state.spaces[p.space] if a.uid == turn.fight)
        card = plan.pack.adventure(adv.card)
        assert isinstance(card, CreatureCard)
        fights: list[tuple[float, float, Any]] = []
        others: list[tuple[float, Any]] = []
        for a in acts:
            if isinstance(a, prophecy_actions.Fight):
                pb = plan_battle(plan.pack, p, card, a)
                w, d, l = battle_chances(pb.player_figure - pb.creature_figure, pb.first_roll_bonus, pb.lives)
                breaks = None
                if a.throw and a.weapon:
                    item = p.item(a.weapon)
                    if item is not None and plan.pack.item(item.card).breaks_when_thrown:
                        breaks = item.card
                v = plan.expect(p.space, plan.outcomes(r, card, pb.cost, w, d, l, breaks))
                fights.append((v, w, a))
            elif isinstance(a, prophecy_actions.Bribe):
                rule = card.special("bribe")
                others.append((plan.value(p.space, plan.pay(r, rule.cost if rule else None)), a))
        base = max((v for v, _w, _a in fights), default=plan.value(p.space, r))
        others.extend(self._use_items(plan, p, r, acts, base))
        hopeful = [(v, a) for v, w, a in fights if w >= HOPELESS_WIN]
        if hopeful or others:
            return hopeful + others
        return [(v, a) for v, _w, a in fights]

    # -- movement ----------------------------------------------------------------------------
    def _move(self, state: ProphecyState, plan: Plan, p: PlayerState, r: Res, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = state.turn
        assert turn is not None
        pack = plan.pack
        scored: list[tuple[float, Any]] = []
        hopeless: list[tuple[float, Any]] = []
        best_move = DEAD * 2
        for a in acts:
            if not isinstance(a, prophecy_actions.Move):
                continue
            dest = pack.space_index(a.to)
            after = r.copy()
            after.gold -= plan.tables.move_cost[a.method]
            creature = None
            for adv in state.spaces[dest]:
                card = pack.adventure(adv.card)
                if isinstance(card, CreatureCard) and adv.face_up and adv.uid not in turn.fought:
                    creature = card
                    break
            if creature is not None:
                v, win = plan.creature_value(dest, after, creature)
                if win < HOPELESS_WIN:
                    hopeless.append((v, a))
                    continue
            else:
                stayed = a.method == "stay" and not turn.moved and dest == turn.start_space
                v = plan.settle(state, dest, after, stayed)
            scored.append((v, a))
            best_move = max(best_move, v)
        if not scored:
            scored = hopeless
            best_move = max(v for v, _a in scored)
        scored.extend(self._use_items(plan, p, r, acts, best_move))
        return scored

    # -- Possibilities -----------------------------------------------------------------------
    def _act(self, state: ProphecyState, plan: Plan, p: PlayerState, r: Res, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = state.turn
        assert turn is not None
        space = p.space
        stayed = not turn.moved and turn.start_space == space
        options = plan.act_options(state, space, r, stayed, frozenset(turn.used))
        by_kind: dict[tuple[str, Any], list[tuple[float, Res]]] = {(k, key): b for k, key, b in options}
        end_value = plan.value(space, r)
        scored: list[tuple[float, Any]] = []
        for a in acts:
            t = a.type
            if t == "certificate":
                return [(WON, a)]
            if t == "end_turn":
                scored.append((end_value, a))
                continue
            key: tuple[str, Any] | None = None
            if t == "use_opportunity":
                key = ("opportunity", a.card)
            elif t in ("heal", "recharge"):
                key = (t, a.amount)
            elif t == "exchange":
                key = ("exchange", a.service)
            elif t == "buy":
                key = ("buy", a.item)
            elif t in ("sell", "repair"):
                item = p.item(a.item)
                assert item is not None
                key = (t, p.items.index(item))
            if key is None or key not in by_kind:
                continue
            branches = by_kind[key]
            if t == "use_opportunity" and a.give:
                branches = self._give(state, plan, p, r, a)
            if len(branches) == 1:
                # look one step further: what this enables (e.g. selling, then the Certificate)
                v = plan.settle(state, space, branches[0][1], stayed, steps=1, used_before=used_now(plan, space, turn.used, key))
            else:
                v = plan.expect(space, branches)
            if v > end_value + 1e-6:
                scored.append((v, a))
        scored.extend(self._use_items(plan, p, r, acts, end_value))
        return scored


heuristic_player = Heuristic()
