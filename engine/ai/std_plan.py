"""The Standard AI's yardstick: how good a character's position is, in one number.

    value = static(what she holds) + prospect(where she stands)

* static: each Artifact is worth ART_V (holding the four that win is WON), plus what every
  Artifact and Ability does (`card_value`: a battle bonus most, a convenience little);
  Health (the Basic curve, and more: Health is her Strength in every battle) and Magic,
  and their totals (training raises both); Experience and Gold (what buys Abilities,
  training and Items; a hoard beyond a cap buys little more); her Items, by the bonus of
  their best loadout in either kind of battle (`std_item_value`);
* prospect: the best thing she could go and do, discounted by GAMMA per turn before she can
  do it: attack an Astral Plane (the expected gain of the battle against its next Guardian,
  at the odds of `std_battle`; beating a Lesser one is also worth the chance it opens
  against the Greater one), learn an Ability a guild offers that she can pay for, train
  where a Training card allows, use a space's Possibilities (healing, work, a market), or
  fight a Creature lying face up. Something she can still do this turn where she stands is
  not discounted.

Hidden cards are not peeked at: a Guardian or Artifact she has not seen is any of the cards
of its kind still hidden from her, each as likely. Everything that depends only on what she
holds is cached across decisions; what depends on the board is worked out once per decision
(`World`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, cast

from engine.ai.board import tables_for
from engine.ai.heuristic import (
    _MAGIC,
    _PACKS,
    _TABLE,
    DEAD,
    WON,
    CostLike,
    EffectArithmetic,
    best_bonus,
    health_value,
    lose_health,
    magic_value,
)
from engine.ai.std_battle import FoeSpec, StdRes, creature_spec, guardian_spec, res_battles
from engine.prophecy.content import CreatureCard, Effect, Pack
from engine.prophecy.content_standard import Ability, StandardPack, standard_pack_by_id
from engine.prophecy.standard.battle import without_warded
from engine.prophecy.standard.state import PlaneState
from engine.prophecy.state import PlayerState, ProphecyState

#: one Artifact (four win the game)
ART_V = 16.0
#: a turn's delay multiplies a prospect by this
GAMMA = 0.8
#: per point of Experience / Gold (they buy Abilities and training), beyond XP_CAP / GOLD_CAP less
XP_V = 0.15
XP_CAP = 10
GOLD_V = 0.25
GOLD_CAP = 12
#: per red / blue cube owned (trained cubes raise the figure for good)
H_TOTAL = 0.45
#: per red cube on the right beyond the Basic curve (Health is Strength)
H_RIGHT = 0.35
M_TOTAL = 0.3
#: one point of battle figure from an Ability or Artifact, and from the best loadout of Items
FIG_V = 1.2
ITEM_FIG = 0.8
#: an opponent's loss in a fight between characters (more for each Artifact she holds)
HARM = 0.8
#: a face-down Adventure where she would end her movement (a Creature she has not seen)
FACE_DOWN = 0.25
#: when a goal can be reached where she stands: this turn, this turn if her attack is still
#: free, or not before the next turn (a Creature is fought on arriving, not as a goal)
NOW, ATTACK, LATER = 0, 1, 2


def _effect_value(e: Any) -> float:
    """What one Ability or Artifact effect is worth while held (a rough, fixed table)."""
    k = e.kind
    if k == "battle_bonus":
        reach = {"any": 1.0, "astral_plane": 0.9, "creature": 0.45, "character": 0.3}[e.against]
        if e.tags:
            reach *= 0.45
        if e.battle != "both":
            reach *= 0.7
        if e.attacking_only:
            reach *= 0.5
        value: float = FIG_V * e.amount * reach  # `e` is one of several effect models: Any here
        return value
    if k == "prayer":
        return FIG_V * 1.0
    if k == "curse":
        value = FIG_V * (0.5 + 0.5 * (e.rolls - 1))
        return value
    if k == "reroll":
        return 0.9 if e.dice == "either_or_both" else 0.7
    if k == "fight_again":
        return 0.8 if e.after == "loss" else 0.4
    return {"avoid_creatures": 0.3, "on_win_vs_character": 0.15, "movement": 0.25, "start_of_round": 0.7,
            "market": 0.15, "extra_experience": 0.6, "two_weapons": 0.3, "wills_switch_discount": 0.6,
            "ward": 0.1, "extra_turn": 0.6, "peek_astral_plane": 0.15, "chooses_battleground": 0.3,
            "instead_of_movement": 0.35}.get(k, 0.15)


@lru_cache(maxsize=512)
def card_value(sp_id: str, card_id: str) -> float:
    sp = standard_pack_by_id(sp_id)
    card: Any = sp.ability(card_id) if card_id in {a.id for a in sp.abilities} else sp.artifact(card_id)
    v = sum(_effect_value(e) for e in card.effects)
    if isinstance(card, Ability):
        if card.type == "spell":
            v *= 0.75  # each cast costs Magic
        if any(e.kind == "instead_of_movement" and e.action == "train" for e in card.effects):
            v += 1.0
    return v


def std_health(h: int) -> float:
    """Red cubes on the right: the Basic curve (the first two matter most: a loss at 0 kills),
    plus H_RIGHT each, for in the Standard game they are also her Strength in every battle."""
    return health_value(h) + H_RIGHT * h


_STD_HEALTH = tuple(std_health(h) for h in range(_TABLE))


@lru_cache(maxsize=65536)
def std_item_value(pack_key: int, items: tuple[tuple[str, bool], ...]) -> float:
    """What her Items are worth in a Standard game, where every goal is a battle: the best
    loadout's bonus in either kind of battle (ITEM_FIG a point), bonuses against some foes,
    potions; a damaged Item a little (it can be repaired)."""
    if not items:
        return 0.0
    pack = _PACKS[pack_key]
    cards = [pack.item(c) for c, d in items if not d]
    v = ITEM_FIG * (best_bonus(cards, "strength", (), False, False) + best_bonus(cards, "wills", (), False, False))
    for c in cards:
        v += 0.1 * sum(c.bonus_vs.values())
        if c.use is not None:
            v += 0.35 * (max(0, c.use.health) + 0.5 * max(0, c.use.magic))
    return v + 0.25 * sum(1 for _c, d in items if d)


def _xp_value(xp: int) -> float:
    """Experience buys Abilities and training, and a hoard beyond XP_CAP buys little more."""
    return XP_V * min(xp, XP_CAP) + 0.03 * max(0, xp - XP_CAP)


def _gold_value(gold: int) -> float:
    return GOLD_V * min(gold, GOLD_CAP) + 0.05 * max(0, gold - GOLD_CAP)


#: _xp_value / _gold_value for the usual amounts, looked up instead of recomputed
_XP = tuple(_xp_value(x) for x in range(_TABLE))
_GOLD = tuple(_gold_value(g) for g in range(_TABLE))


@lru_cache(maxsize=8192)
def cards_value(sp_id: str, arts: tuple[str, ...], abil: tuple[str, ...]) -> float:
    """The Artifacts held (ART_V each) and what her Artifacts and Abilities do."""
    return ART_V * len(arts) + sum(card_value(sp_id, a) for a in arts) + sum(card_value(sp_id, a) for a in abil)


@dataclass(frozen=True)
class PlaneTarget:
    """An Astral Plane still guarding its Artifact, as the deciding character knows it."""

    id: str
    spaces: tuple[int, ...]
    #: what its Lesser / Greater Guardian may be (one card once seen; () once beaten)
    lesser: tuple[str, ...]
    greater: tuple[str, ...]
    artifact: tuple[str, ...]
    power_up: int
    #: a hash of all the above, worked out once (memo keys)
    sig: int = 0


@dataclass
class World:
    """The board as one decision sees it: targets, offers, places; and that decision's memo."""

    planes: list[PlaneTarget]
    #: (guild space, Ability offered, Experience, Gold) for this character
    offers: list[tuple[int, str, int, int]]
    #: guild spaces where a Training card lets her train now or soon
    training: tuple[int, ...]
    #: spaces with a Possibility (work, healing, market...)
    service_spaces: tuple[int, ...]
    final: bool
    #: her attack of this turn is still free
    attack_open: bool
    heals_blocked: bool
    #: (space, Creature card) of every face-up Creature she could go and fight
    creatures: list[tuple[int, str]] = field(default_factory=list)
    #: the figures she may still train (ruling training: a cap per figure; cubes in the bank)
    trainable: tuple[str, ...] = ()
    #: one memo for several kinds of entry (a value, the goal list, the creature gains): each
    #: reader knows from its key's first part what the entry holds
    memo: dict[Any, Any] = field(default_factory=dict)


def _visible(plane: Any, slot: str, me: str) -> bool:
    return slot in plane.up or me in plane.seen.get(slot, [])


@dataclass(frozen=True)
class BoardFacts:
    """What `build_world` reads of the board itself, worked out once per pack."""

    plane_spaces: dict[str, tuple[int, ...]]
    guild_space: dict[str, int]
    guild_spaces: tuple[int, ...]
    service_spaces: tuple[int, ...]
    markets: frozenset[int]
    creature_cards: frozenset[str]


@lru_cache(maxsize=16)
def _board_facts(pack_key: int) -> BoardFacts:
    pack = _PACKS[pack_key]
    spaces = pack.board.spaces
    return BoardFacts(
        {bp.id: tuple(pack.space_index(s) for s in bp.between) for bp in pack.board.astral_planes},
        {s.guild: i for i, s in enumerate(spaces) if s.guild and s.kind == "guild"},
        tuple(i for i, s in enumerate(spaces) if s.kind == "guild"),
        tuple(i for i, s in enumerate(spaces) if any(v.kind in ("exchange", "heal", "recharge", "market")
                                                     for v in s.services)),
        frozenset(i for i, s in enumerate(spaces) if any(v.kind == "market" for v in s.services)),
        frozenset(c.id for c in pack.adventures if isinstance(c, CreatureCard)))


def build_world(state: ProphecyState, pack: Pack, sp: StandardPack, me: str) -> World:
    sst = state.standard
    assert sst is not None
    _PACKS[id(pack)] = pack
    facts = _board_facts(id(pack))
    hidden: dict[str, list[str]] = {"lesser": [], "greater": [], "artifact": []}
    for plane in sst.planes:
        for slot in hidden:
            card = plane.card(slot)
            if card is not None and not _visible(plane, slot, me):
                hidden[slot].append(card)
    pools = {slot: tuple(sorted(cards)) for slot, cards in hidden.items()}
    planes = []
    gate = sst.water.gate if sst.water is not None else None

    def pool(plane: PlaneState, slot: str) -> tuple[str, ...]:
        card = plane.card(slot)
        if card is None:
            return ()
        return (card,) if _visible(plane, slot, me) else pools[slot]

    for plane in sst.planes:
        if plane.lesser is None and plane.greater is None:
            continue
        if plane.id == gate:
            continue  # its Guardian waits in the Undersea Palace: a dive, planned by std_water, not an attack
        fields = (plane.id, facts.plane_spaces[plane.id], pool(plane, "lesser"), pool(plane, "greater"), pool(plane, "artifact"),
                  plane.power_up)
        planes.append(PlaneTarget(*fields, hash(fields)))
    p = state.player(me)
    members = pack.character(p.character).guilds if p.character else ()
    per = sp.figures.ability_gold_per_experience.value or 0
    offers = []
    for guild, cards in sst.guild_offers.items():
        space = facts.guild_space[guild]
        for card in cards:
            a = sp.ability(card)
            offers.append((space, card, a.experience, 0 if guild in members else a.experience * per))
    rights = any(me not in r.used_by and (r.everyone or r.drawer == me) for r in sst.training)
    blocked = sst.final_battle is not None and sst.final_battle.apocalypse
    turn = state.turn
    attack_open = turn is not None and turn.player == me and not sst.turn.attacked
    creatures = []
    beasts = facts.creature_cards
    for i, on_space in enumerate(state.spaces):
        for adv in on_space:
            if adv.face_up and adv.card in beasts:
                creatures.append((i, adv.card))
                break  # the first one stands for the space
    cap = sp.figures.training_cap_per_figure.value or 0
    done = sst.players[me].trained
    trainable = tuple(f for f, bank in (("strength", state.bank_red), ("willpower", state.bank_blue))
                      if bank > 0 and done.get(f, 0) < cap)
    return World(planes, offers, facts.guild_spaces if rights and trainable else (), facts.service_spaces,
                 sst.final_battle is not None, attack_open, blocked, creatures, trainable)


def std_res(state: ProphecyState, p: PlayerState) -> StdRes:
    me = state.std().players[p.player]
    return StdRes(p.experience, p.gold, p.red.right, p.red.left, p.blue.right, p.blue.left, 0,
                  tuple((i.card, i.damaged) for i in p.items), 0.0, False, tuple(me.abilities), tuple(me.artifacts))


#: the gain of attacking a plane, shared by every decision (pure in what she holds)
_GAIN: dict[tuple[Any, ...], float] = {}
#: expected values of an attack on a Guardian, shared the same way
_GUARD: dict[tuple[Any, ...], tuple[float, float]] = {}
#: the gain of going to fight a Creature, shared the same way
_CREATURE: dict[tuple[Any, ...], float] = {}
#: every such space's gain for some belongings, shared the same way
_SERVICES: dict[tuple[Any, ...], list[tuple[int, float]]] = {}
#: the markets' gains for some Gold and Items on a board, shared the same way
_MARKETS: dict[tuple[Any, ...], list[tuple[int, float]]] = {}
#: the static value of some belongings, per (pack, Standard pack, Artifacts to win): it reads
#: nothing else, and the same belongings come back in decision after decision (issue #30)
_STATIC: dict[tuple[Any, ...], dict[tuple[Any, ...], float]] = {}
MEMO_LIMIT = 20_000


class StdPlan(EffectArithmetic):
    """The yardstick for one character on one decision's board (see the module doc).

    Shares the Basic `Plan`'s effect arithmetic (gains, losses, die tables), which reads
    only the pack and the cube banks."""

    def __init__(self, state: ProphecyState, pack: Pack, sp: StandardPack, me: str) -> None:
        self.state = state
        self.pack = pack
        self.sp = sp
        self.sp_id = sp.id
        _PACKS[id(pack)] = pack
        self.tables = tables_for(sp.base)
        self.bank_red = state.bank_red
        self.bank_blue = state.bank_blue
        # what the borrowed Basic `act_options` reads for Certificates (none in Standard)
        self.price = tuple(0 for _ in self.tables.guilds)
        self.cert_xp = 0
        self.need = sp.figures.artifacts_to_win.value or 4
        self.wills_magic = pack.rules.wills_switch_magic.value or 0
        self.me = me
        self.world = build_world(state, pack, sp, me)
        self.art_ids = tuple(a.id for a in sp.artifacts)
        self.markets = _board_facts(id(pack)).markets
        statics = _STATIC.get((id(pack), sp.id, self.need))
        if statics is None or len(statics) >= MEMO_LIMIT:
            statics = _STATIC[(id(pack), sp.id, self.need)] = {}
        self.statics = statics

    # -- what she holds --------------------------------------------------------------------
    def static(self, r: StdRes) -> float:
        if r.dead:
            return DEAD
        if len(r.arts) >= self.need:
            return WON
        key = (r.xp, r.gold, r.h, r.hl, r.m, r.ml, r.items, r.extra, r.abil, r.arts)  # r.key() but `dead`, inline
        found = self.statics.get(key)
        if found is None:
            found = self.statics[key] = self._static(r)
        return found

    def _static(self, r: StdRes) -> float:
        h, m = r.h, r.m
        return (cards_value(self.sp_id, r.arts, r.abil)
                + (_STD_HEALTH[h] if 0 <= h < _TABLE else std_health(h)) + H_TOTAL * (h + r.hl)
                + (_MAGIC[m] if 0 <= m < _TABLE else magic_value(m)) + M_TOTAL * (m + r.ml)
                + (_XP[r.xp] if 0 <= r.xp < _TABLE else _xp_value(r.xp))
                + (_GOLD[r.gold] if 0 <= r.gold < _TABLE else _gold_value(r.gold))
                + std_item_value(id(self.pack), r.items) + r.extra)

    def value(self, space: int, r: StdRes, now: bool = False) -> float:
        """Static value plus the best prospect from `space`; `now`: she may still act there
        this turn (else whatever she does comes next turn at the earliest)."""
        if r.dead:
            return DEAD
        if len(r.arts) >= self.need:
            return WON
        key = (space, now, r.key())
        memo = self.world.memo
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.static(r) + self.prospect(space, r, now)
        return found

    def expect(self, space: int, branches: Iterable[tuple[float, StdRes]], now: bool = False) -> float:
        return sum(p * self.value(space, b, now) for p, b in branches)

    # -- prospects -------------------------------------------------------------------------
    def prospect(self, space: int, r: StdRes, now: bool) -> float:
        if self.world.final:
            return 0.0
        turns = self.tables.turns[1 if r.gold >= 1 else 0][space]
        best = 0.0
        attack_open = self.world.attack_open
        for spaces, gain, when in self.goals(r):
            if gain <= best:
                break  # goals come best first: a discounted one cannot beat `best` any more
            d = min(turns[s] for s in spaces)
            if now and d == 0 and (when == NOW or (when == ATTACK and attack_open)):
                f = 1.0
            else:
                f = GAMMA ** (d + 1)
            v = f * gain
            if v > best:
                best = v
        return best

    def goals(self, r: StdRes) -> list[tuple[tuple[int, ...], float, int]]:
        """What she could go and do from what she holds, best gain first: (where, gain, when
        it can be done: NOW, ATTACK or LATER). Worked out once per belongings and decision;
        only the distance depends on where she stands."""
        key = ("goals", r.key())
        memo = self.world.memo
        found = memo.get(key)
        if found is not None:
            return cast("list[tuple[tuple[int, ...], float, int]]", found)  # the memo's "goals" entries are goal lists
        w = self.world
        hl_cap, ml_cap = _reward_heals(self.sp_id)
        pkey = ("planes", r.h, min(r.hl, hl_cap), r.m, min(r.ml, ml_cap), r.items, r.abil, r.arts, r.gold >= GOLD_CAP)
        planes: Any = memo.get(pkey)
        if planes is None:
            planes = memo[pkey] = [(pl.spaces, g, ATTACK) for pl in w.planes for g in (self.plane_gain(r, pl),) if g > 0]
        out: list[tuple[tuple[int, ...], float, int]] = list(planes)
        # an Ability changes only her cards, Experience and Gold: the static value's
        # difference is worked out from those parts alone
        # (the value tables give `_xp_value` / `_gold_value` exactly, for the usual amounts)
        xp_now, gold_now = r.xp, r.gold
        money = _GOLD[gold_now] if 0 <= gold_now < _TABLE else _gold_value(gold_now)
        lore = _XP[xp_now] if 0 <= xp_now < _TABLE else _xp_value(xp_now)
        for gspace, card, xp, gold in w.offers:
            if xp_now < xp or gold_now < gold or card in r.abil:
                continue
            left_xp, left_gold = xp_now - xp, gold_now - gold
            gain = (cards_value(self.sp_id, r.arts, r.abil + (card,)) - cards_value(self.sp_id, r.arts, r.abil)
                    + (_XP[left_xp] if 0 <= left_xp < _TABLE else _xp_value(left_xp)) - lore
                    + (_GOLD[left_gold] if 0 <= left_gold < _TABLE else _gold_value(left_gold)) - money)
            if gain > 0:
                out.append(((gspace,), gain, NOW))
        if w.training:
            gain = self.train_gain(r)
            if gain > 0:
                out.append((w.training, gain, NOW))
        for space, gain in self.service_gains(r):
            out.append(((space,), gain, NOW))
        if w.creatures:
            out.extend(self.creature_goals())
        out.sort(key=lambda g: -g[1])
        memo[key] = out
        return out

    def train_gain(self, r: StdRes) -> float:
        """The best gain of training one figure (Experience = the new figure; ruling training)."""
        best = 0.0
        base = self.static(r)
        for figure in self.world.trainable:
            after = self.trained(r, figure, 0)
            if after is not None:
                best = max(best, self.static(after) - base)
        return best

    def trained(self, r: StdRes, figure: str, gold: int) -> StdRes | None:
        per = self.sp.figures.training_experience_per_point.value or 1
        cubes = r.h + r.hl if figure == "strength" else r.m + r.ml
        xp = (cubes + 1) * per
        if r.xp < xp or r.gold < gold:
            return None
        after = r.copy()
        after.xp -= xp
        after.gold -= gold
        if figure == "strength":
            after.h += 1
        else:
            after.m += 1
        return after

    def service_gains(self, r: StdRes) -> list[tuple[int, float]]:
        """(space, gain) of every space whose best Possibility would help her.

        A Possibility reads only her Gold, Health and Magic (a market also her Items), and
        Gold far beyond what anything costs changes nothing: the key keeps just those, so the
        answers are shared across decisions (a market's, which depends on its offer, within
        one decision)."""
        gold = min(r.gold, GOLD_CAP + 4)
        key = (id(self.pack), gold, r.h, r.hl, r.m, r.ml, self.world.heals_blocked)
        found = _SERVICES.get(key)
        if found is None:
            bare = StdRes(0, gold, r.h, r.hl, r.m, r.ml, 0, ())
            found = [(s, g) for s in self.world.service_spaces if s not in self.markets
                     for g in (self._best_service(s, bare, False),) if g > 0]
            if len(_SERVICES) >= MEMO_LIMIT:
                _SERVICES.clear()
            _SERVICES[key] = found
        if r.gold < 2 and not r.items:
            return found
        mkey = ("market", gold, r.items)
        markets: Any = self.world.memo.get(mkey)
        if markets is None:
            # shared across decisions too, keyed on all a market's gain reads of the board
            # (`market_facts`) and of the plan (issue #30)
            skey = (id(self.pack), self.sp_id, self.need, gold, r.items, self.world.heals_blocked,
                    bool(self.bank_red), bool(self.bank_blue), self.market_facts())
            markets = _MARKETS.get(skey)
            if markets is None:
                shop = StdRes(0, gold, 0, 0, 0, 0, 0, r.items)
                markets = [(s, g) for s in self.markets for g in (self._best_service(s, shop, True),) if g > 0]
                if len(_MARKETS) >= MEMO_LIMIT:
                    _MARKETS.clear()
                _MARKETS[skey] = markets
            self.world.memo[mkey] = markets
        return found + markets if markets else found

    def market_facts(self) -> tuple[Any, ...]:
        """What a market's gain for some Gold and Items reads of this board (`act_options` with
        no cubes lost and no Certificate to buy): per market space, in the order they are
        valued, the cards lying there (an Opportunity's is worked out, if never kept) and
        the Items on offer."""
        found: Any = self.world.memo.get("market facts")
        if found is None:
            state = self.state
            found = self.world.memo["market facts"] = tuple(
                (s, tuple((a.card, a.face_up) for a in state.spaces[s]),
                 tuple(i.card for i in state.offers.get(self.pack.space(s).id, [])))
                for s in self.markets)
        return cast("tuple[Any, ...]", found)  # the memo's "market facts" entry is this tuple

    def service_gain(self, space: int, r: StdRes) -> float:
        """The best single Possibility of a space for her (healing, work, a market)."""
        return self._best_service(space, r, space in self.markets)

    def _best_service(self, space: int, r: StdRes, market: bool) -> float:
        base = self.static(r)
        best = 0.0
        for kind, _key, branches in self.act_options(self.state, space, r, True, frozenset()):
            if kind == "heal" and self.world.heals_blocked:
                continue
            if kind in ("opportunity", "repair") or (kind in ("buy", "sell") and not market):
                continue  # cards come and go; they count where she stands, not as a goal
            v = sum(p * self.static(b) for p, b in branches) - base
            best = max(best, v)
        return best

    def creature_goals(self) -> list[tuple[tuple[int, ...], float, int]]:
        """The Creatures worth going to fight, for her as she is now (not as each imagined
        outcome would leave her: a roaming goal, which need not be so precise and would
        cost the most to redo)."""
        found: Any = self.world.memo.get("creatures")
        if found is None:
            r = std_res(self.state, self.state.player(self.me))
            gains: dict[str, float] = {}
            found = self.world.memo["creatures"] = []
            for space, card in self.world.creatures:
                gain = gains.get(card)
                if gain is None:
                    gain = gains[card] = self.creature_gain(r, card)
                if gain > 0:
                    found.append(((space,), gain, LATER))
        return cast("list[tuple[tuple[int, ...], float, int]]", found)  # the memo's "creatures" entry is a goal list

    def creature_gain(self, r: StdRes, card_id: str) -> float:
        """Expected gain of going to fight this Creature (Experience, treasure, the loss)."""
        gold = min(r.gold, GOLD_CAP + 4)
        key = (id(self.pack), card_id, r.h, r.hl, r.m, r.ml, gold, r.items, r.abil, r.arts)
        found = _CREATURE.get(key)
        if found is not None:
            return found
        card = self.pack.adventure(card_id)
        assert isinstance(card, CreatureCard)
        norm = StdRes(0, gold, r.h, r.hl, r.m, r.ml, 0, r.items, 0.0, False, r.abil, r.arts)
        base = self.static(norm)
        best = None
        for opt in res_battles(self.pack, self.sp_id, norm, creature_spec(self.pack, card)):
            v = sum(p * self.static(b) for p, b, _k in self.creature_outcomes(norm, card, opt.cost, opt.win, opt.draw,
                                                                              opt.loss))
            if best is None or v > best:
                best = v
        gain = 0.0 if best is None else best - base
        if len(_CREATURE) >= MEMO_LIMIT:
            _CREATURE.clear()
        _CREATURE[key] = gain
        return gain

    # -- the Astral Planes -------------------------------------------------------------------
    def plane_gain(self, r: StdRes, plane: PlaneTarget) -> float:
        """Expected gain of attacking this plane now, over what its next Guardian may be."""
        if plane.lesser:
            return self.tier_gain(r, plane, "lesser")
        if plane.greater:
            return self.tier_gain(r, plane, "greater")
        return 0.0

    def tier_gain(self, r: StdRes, plane: PlaneTarget, tier: str) -> float:
        """Expected gain of a battle against the plane's Lesser or Greater Guardian, over
        what it may be. Beating the Lesser one opens the way to the Artifact, so its win is
        also worth what attacking the Greater one is worth to her (now or on a later turn).

        Experience and Gold change no battle against a Guardian (their costs are Magic) and
        count linearly in the static value, so the gain is worked out once for her figures,
        Items and cards whatever her purse (below the Gold cap); lost Health and Magic
        only up to what a Guardian's reward gives back."""
        pool = plane.lesser if tier == "lesser" else plane.greater
        if not pool:
            return 0.0
        # what the gain reads of the plane: its Guardians and the Artifact, never its place:
        # planes alike share the answer
        hl_cap, ml_cap = _reward_heals(self.sp_id)
        hl, ml = min(r.hl, hl_cap), min(r.ml, ml_cap)
        key = (id(self.pack), r.h, hl, r.m, ml, r.items, r.abil, r.arts, r.gold >= GOLD_CAP, tier, pool,
               plane.greater if tier == "lesser" else (), plane.artifact, plane.power_up)
        found = _GAIN.get(key)
        if found is not None:
            return found
        norm = StdRes(0, GOLD_CAP if r.gold >= GOLD_CAP else 0, r.h, hl, r.m, ml, 0, r.items, 0.0, False, r.abil,
                      r.arts)
        base = self.static(norm)
        beyond = max(0.0, self.tier_gain(norm, plane, "greater")) if tier == "lesser" else 0.0
        total = 0.0
        for g in pool:
            v, win = self.guardian_ev(norm, g, tier, plane)
            total += v + win * beyond
        gain = total / len(pool) - base
        if len(_GAIN) >= MEMO_LIMIT:
            _GAIN.clear()
        _GAIN[key] = gain
        return gain

    def guardian_foe(self, card: str, plane: PlaneTarget) -> FoeSpec:
        return guardian_spec(self.sp_id, card, plane.power_up, self.wills_magic)

    def guardian_ev(self, r: StdRes, card: str, tier: str, plane: PlaneTarget) -> tuple[float, float]:
        """(expected static value after the best battle against this Guardian, that battle's
        chance of winning)."""
        key = (id(self.pack), r.key(), card, tier, plane.power_up, plane.artifact if tier == "greater" else ())
        found = _GUARD.get(key)
        if found is not None:
            return found
        foe = self.guardian_foe(card, plane)
        best = (self.static(r), 0.0)  # no battle affordable: the engine would offer none
        first = True
        for opt in res_battles(self.pack, self.sp_id, r, foe):
            v = sum(p * self.static(b)
                    for p, b, _won in self.guardian_outcomes(r, card, tier, plane, opt.cost, opt.win, opt.draw,
                                                             opt.loss))
            if first or v > best[0]:
                best, first = (v, opt.win), False
        if len(_GUARD) >= MEMO_LIMIT:
            _GUARD.clear()
        _GUARD[key] = best
        return best

    def guardian_outcomes(self, r: StdRes, card: str, tier: str, plane: PlaneTarget, cost: CostLike | None,
                          w: float, d: float, l: float) -> list[tuple[float, StdRes, bool]]:
        g = self.sp.guardian(card)
        paid = self.pay(r, cost)
        out: list[tuple[float, StdRes, bool]] = []
        if w:
            won = paid.copy()
            won.xp += g.experience + self.extra_xp(r)
            if tier == "lesser":
                out.extend((w * p, b, True) for p, b in self.effect(won, g.reward))
            else:
                pool = plane.artifact or self.art_ids[:1]
                for a in pool:
                    b = won.copy()
                    b.arts = won.arts + (a,)
                    out.append((w / len(pool), b, True))
        if d:
            out.append((d, paid, False))
        if l:
            lost = paid.copy()
            lose_health(lost, 1)
            out.append((l, lost, False))
        return out

    def extra_xp(self, r: StdRes) -> int:
        return _extra_xp(self.sp_id, r.abil, r.arts)

    # -- Creatures ---------------------------------------------------------------------------
    def creature_outcomes(self, r: StdRes, card: CreatureCard, cost: CostLike | None, w: float, d: float, l: float,
                          breaks: str | None = None) -> list[tuple[float, StdRes, str]]:
        paid = self.pay(r, cost)
        if breaks is not None:
            for i, (c, dmg) in enumerate(paid.items):
                if c == breaks and not dmg:
                    paid.items = paid.items[:i] + ((c, True),) + paid.items[i + 1:]
                    break
        out: list[tuple[float, StdRes, str]] = []
        if w:
            won = paid.copy()
            won.xp += card.experience + self.extra_xp(r)
            out.extend((w * p, b, "win") for p, b in self.effect(won, card.treasure))
        if d:
            out.append((d, paid, "draw"))
        if l:
            if card.on_loss is not None:
                out.extend((l * p, b, "loss") for p, b in self.effect(paid, self.warded(r, card.on_loss)))
            else:
                lost = paid.copy()
                lose_health(lost, 1)
                out.append((l, lost, "loss"))
        return out

    def warded(self, r: StdRes, eff: Effect) -> Effect:
        return cast(Effect, without_warded(eff, _wards(self.sp_id, r.abil, r.arts)))

    def creature_value(self, space: int, r: StdRes, card: CreatureCard, foe: FoeSpec) -> tuple[float, float]:
        """(expected value after the best battle against `card` on `space`, its win chance)."""
        best, best_win = None, 0.0
        for opt in res_battles(self.pack, self.sp_id, r, foe):
            v = sum(p * self.value(space, b, kind == "win")
                    for p, b, kind in self.creature_outcomes(r, card, opt.cost, opt.win, opt.draw, opt.loss))
            if best is None or v > best:
                best, best_win = v, opt.win
        if best is None:
            return self.value(space, r), 0.0
        return best, best_win


@lru_cache(maxsize=16)
def _reward_heals(sp_id: str) -> tuple[int, int]:
    """The most Health and Magic a Guardian's reward gives back: lost cubes beyond these
    change no battle against a Guardian, so the gains need not tell them apart."""
    guardians = standard_pack_by_id(sp_id).guardians
    return (max((max(0, g.reward.health) for g in guardians), default=0),
            max((max(0, g.reward.magic) for g in guardians), default=0))


@lru_cache(maxsize=4096)
def _extra_xp(sp_id: str, abil: tuple[str, ...], arts: tuple[str, ...]) -> int:
    sp = standard_pack_by_id(sp_id)
    cards: list[Any] = [sp.ability(a) for a in abil] + [sp.artifact(a) for a in arts]
    return sum(e.amount for c in cards for e in c.effects if e.kind == "extra_experience")


@lru_cache(maxsize=4096)
def _wards(sp_id: str, abil: tuple[str, ...], arts: tuple[str, ...]) -> frozenset[str]:
    sp = standard_pack_by_id(sp_id)
    cards: list[Any] = [sp.ability(a) for a in abil] + [sp.artifact(a) for a in arts]
    return frozenset(w for c in cards for e in c.effects if e.kind == "ward" for w in e.against)


def forget() -> None:
    """Empty the memos shared between decisions (a benchmark times each run cold)."""
    _GAIN.clear()
    _GUARD.clear()
    _SERVICES.clear()
    _CREATURE.clear()
    _STATIC.clear()
    _MARKETS.clear()
