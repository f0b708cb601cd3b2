"""The heuristic AI for the Standard Version: every Standard decision, scored on one yardstick.

Each legal action is valued by what the character's position is worth after it
(`std_plan.StdPlan`: Artifacts, Abilities, figures, resources, and the best prospect from
where she stands), taking the expectation over the dice where a battle decides:

* move: each destination with the battle waiting there (exact odds of the best way to fight
  it) or, on a free space, what she could do there this turn (attack a plane beside it,
  learn an Ability, use a Possibility); face-down cards count as a small risk;
* battles against a Creature, a Guardian or a character: every loadout and set of spells the
  rules offer, at its exact odds (`std_battle.action_odds`); a Guardian she has not seen is
  any of those still hidden from her;
* act: attack a plane when the expected gain beats keeping the attack for later; fight a
  character when winning is likely enough to be worth the risk (in the Final Battle, the
  holder whose Artifact is cheapest to take); learn, train, heal, trade;
* decisions: the character kept, which Creature first, on against the Greater Guardian or
  stop, what to give up after losing a fight (Health or the Item she misses least), what to
  take, what to discard, where to hold the Final Battle, what to dream of or study;
* after the dice: a reroll or a second fight when it is worth its Magic.

Per decision the legal actions are listed once, the board is read once (`World`) and every
value is memoised; values that depend only on what she holds are shared across decisions.
"""
from __future__ import annotations

import random
from typing import Any

from engine.ai import std_cards, std_island, std_water
from engine.ai.heuristic import item_uses, lose_health
from engine.ai.odds import dice_chances, roll_chances
from engine.ai.std_battle import Exact, StdRes, action_odds, creature_spec
from engine.ai.std_plan import FACE_DOWN, HARM, PlaneTarget, StdPlan, std_res
from engine.core.read_only import read_only
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import CreatureCard, OpportunityCard
from engine.prophecy.context import Ctx
from engine.prophecy.rules import legal_actions, pack_of
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import moves, powers
from engine.prophecy.state import PlayerState, ProphecyState

#: value of a battle won over one lost, for the after-roll powers (a rough stake)
STAKE = 4.0
#: looking at a hidden Guardian (Astral Sight), and taking another turn (Time Loop)
PEEK_V = 0.3
EXTRA_TURN_V = 1.2
#: outside the Final Battle, the least chance of winning for which she fights a character
DUEL_WIN = 0.5


class StandardHeuristic:
    """Chooses, among the legal actions of a Standard game, the best valued one."""

    def __call__(self, state: ProphecyState, actor: str, rng: random.Random) -> Any:
        with read_only():  # the AI changes no state: what it asks of one is remembered (issue #30)
            return self._choose(state, actor, rng)

    def _choose(self, state: ProphecyState, actor: str, rng: random.Random) -> Any:
        acts = legal_actions(state, actor, keep=True)  # apply's guard reads it (issue #30)
        if not acts:
            return None
        asked = std_cards.answer(state, actor, acts, rng)  # a question of the new cards (expansion)
        if asked is not None:
            return asked
        if len(acts) == 1:
            return acts[0]
        picked = std_water.choose(state, actor, acts, rng)  # the Water Realm's decisions (expansion)
        if picked is not None:
            return picked
        sst = state.standard
        assert sst is not None
        ctx = Ctx(state=state, pack=pack_of(state))
        plan = StdPlan(state, ctx.pack, powers.spack(state), actor)
        p = state.player(actor)
        r = std_res(state, p)
        cards, acts = std_cards.score(ctx, plan, p, r, acts)  # the new cards' actions (expansion)
        if not acts:
            return max(cards, key=lambda s: (s[0], rng.random()))[1]
        turn = state.turn
        if sst.decisions:
            scored = self._decide(ctx, plan, p, r, acts)
        elif turn is not None and turn.item_choices:
            scored = self._choose_item(plan, p, r, acts, turn.item_choices[0].mode)
        elif sst.turn.battle is not None:
            scored = self._paused(ctx, plan, p, r, acts)
        elif turn is not None and turn.phase == "fight":
            scored = self._fight(ctx, plan, p, r, acts)
        elif turn is not None and turn.phase == "move":
            scored = self._move(ctx, plan, p, r, acts)
        else:
            scored = self._act(ctx, plan, p, r, acts)
        scored = (scored or []) + cards
        if sst.island is not None:  # Treasure Island, the new Artifacts (expansion)
            scored = std_island.score(self, ctx, plan, p, r, acts, scored)
        if not scored:
            return acts[0]
        return max(scored, key=lambda s: (s[0], rng.random()))[1]

    # ==================================================================== decisions
    def _decide(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[float, Any]]:
        sst = ctx.state.standard
        assert sst is not None
        d = sst.decisions[0]
        space = p.space
        out: list[tuple[float, Any]] = []
        if d.kind == "character":
            rules = ctx.pack.rules
            for a in acts:
                ch = ctx.pack.character(a.character)
                start = StdRes(rules.starting_experience.value or 0, rules.starting_gold.value or 0, ch.strength, 0,
                               ch.willpower, 0, 0, (), 0.0, False, (), ())
                home = next(i for i, s in enumerate(ctx.pack.board.spaces) if s.guild == ch.guilds[0])
                out.append((plan.value(home, start), a))
        elif d.kind == "creature":
            for a in acts:
                adv = next(x for x in ctx.state.spaces[space] if x.uid == a.card)
                card = ctx.pack.adventure(adv.card)
                assert isinstance(card, CreatureCard)
                _v, win = plan.creature_value(space, r, card, creature_spec(ctx.pack, card))
                out.append((win, a))  # the likelier win first, so the harder battle keeps her Health
        elif d.kind == "continue":
            target = next((t for t in plan.world.planes if t.id == d.options[0]), None)
            for a in acts:
                if isinstance(a, prophecy_actions.StopAttack) or target is None:
                    out.append((plan.value(space, r), a))
                else:
                    v = self._plane_attack(ctx, plan, p, r, a, target)
                    if v is not None:
                        out.append((v, a))
        elif d.kind == "loss":
            for a in acts:
                after = r.copy()
                if a.item is None:
                    lose_health(after, powers.spack(ctx.state).figures.character_fight_health.value or 1)
                else:
                    after.items = _without(after.items, p, a.item)
                out.append((plan.value(space, after), a))
        elif d.kind == "take_item":
            loser = ctx.state.player(d.other) if d.other else None
            for a in acts:
                item = loser.item(a.item) if loser else None
                after = r.copy()
                if item is not None:
                    after.items = r.items + ((item.card, item.damaged),)
                out.append((plan.value(space, after), a))
        elif d.kind == "take_artifact":
            for a in acts:
                after = r.copy()
                after.arts = r.arts + (a.artifact,)
                out.append((plan.value(space, after), a))
        elif d.kind == "discard":
            for a in acts:
                after = r.copy()
                if p.item(a.card) is not None:
                    after.items = _without(after.items, p, a.card)
                else:
                    after.abil = tuple(x for x in r.abil if x != a.card)
                out.append((plan.value(space, after), a))
        elif d.kind == "battleground":
            for a in acts:
                out.append((plan.service_gain(ctx.pack.space_index(a.space), r), a))
        elif d.kind == "dream":
            turns = plan.tables.turns[1][space]
            for a in acts:
                near = min((turns[s] for t in plan.world.planes if t.id == a.plane for s in t.spaces), default=20)
                out.append(({"lesser": 2.0, "greater": 1.5}.get(a.slot, 0.2) - 0.05 * near, a))
        elif d.kind == "study":
            members = ctx.pack.character(p.character).guilds
            for a in acts:
                out.append((1.0 if a.guild in members else 0.0, a))
        elif d.kind == "study_pick":
            sp = powers.spack(ctx.state)
            gold = next((c.study.gold for c in sp.adventures if c.id == d.reason), False)
            per = sp.figures.ability_gold_per_experience.value or 0
            members = ctx.pack.character(p.character).guilds
            for a in acts:
                if a.ability is None:
                    out.append((plan.value(space, r), a))
                    continue
                ability = sp.ability(a.ability)
                after = r.copy()
                after.xp -= ability.experience
                if gold and ability.guild not in members:
                    after.gold -= ability.experience * per
                after.abil = r.abil + (a.ability,)
                out.append((plan.value(space, after), a))
        return out

    # ============================================================ a card takes an Item
    def _choose_item(self, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any], mode: str
                     ) -> list[tuple[float, Any]]:
        out = []
        for a in acts:
            item = p.item(a.item)
            if item is None:
                continue
            after = r.copy()
            if mode == "lose":
                after.items = _without(r.items, p, a.item)
            else:
                after.items = _damaged(r.items, item.card)
            out.append((plan.value(p.space, after), a))
        return out

    # =================================================== a battle waits for her decision
    def _paused(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[float, Any]]:
        sst = ctx.state.standard
        assert sst is not None
        b = sst.turn.battle
        assert b is not None
        out: list[tuple[float, Any]] = []
        if b.awaiting == "throw":
            for a in acts:
                win = 1.0
                for roll in range(b.rolls + 1, b.lives + 1):
                    if a.throw:
                        fig = b.figure_without_weapon + (b.throw_bonus if roll == b.rolls + 1 else 0)
                    else:
                        fig = b.player_figure
                        if roll == b.lives and b.throw_bonus > 0:
                            fig = max(fig, b.figure_without_weapon + b.throw_bonus)
                    w, _d, _l = dice_chances(fig - b.foe_figure, 0, 1, b.own_dice, b.foe_dice)
                    win *= w
                out.append((win - (0.01 if a.throw else 0.0), a))
            return out
        fig = b.figure_for(b.rolls)
        diff = fig - b.foe_figure
        now = _utility(b.result, b, fig)
        base = plan.static(r)
        for a in acts:
            if a.ability is None:
                out.append((0.0, a))
                continue
            card = next(c for c in powers.held(ctx.state, p.player) if c.id == a.ability)
            cost = powers.cast_cost(card)
            paid = plan.pay(r, cost)
            price = base - plan.static(paid)
            if a.dice is None:  # fight again: a whole new roll
                fw, fd, fl = roll_chances(diff, b.own_dice, b.foe_dice)
                probs = [(float(fw), "win"), (float(fd), "draw"), (float(fl), "loss")]
            else:
                probs = _reroll(diff, b.light, b.dark, a.dice)
            gain = sum(q * _utility(res, b, fig) for q, res in probs) - now
            out.append((STAKE * gain - price, a))
        return out

    # ================================================================= Creature battles
    def _fight(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = ctx.state.turn
        assert turn is not None and turn.fight is not None
        space = p.space
        adv = next(a for a in ctx.state.spaces[space] if a.uid == turn.fight)
        card = ctx.pack.adventure(adv.card)
        assert isinstance(card, CreatureCard)
        foe = sbattle.creature_foe(card)
        others = [a for a, c in _creatures(ctx, space) if a.uid != adv.uid and a.uid not in turn.fought]
        after_win_free = not others and turn.after_fight != "move"
        out: list[tuple[float, Any]] = []
        best_fight = None
        for a in acts:
            if isinstance(a, prophecy_actions.Fight):
                ex = action_odds(ctx, p, foe, a)
                if ex is None:
                    continue
                v = plan.world.memo.get(ex)
                if v is None:  # loadouts with the same figures and price: once
                    v = plan.world.memo[ex] = sum(
                        q * plan.value(space, b, kind == "win" and after_win_free)
                        for q, b, kind in plan.creature_outcomes(r, card, ex.cost, ex.win, ex.draw, ex.loss, ex.breaks))
                out.append((v, a))
                best_fight = v if best_fight is None else max(best_fight, v)
            elif isinstance(a, prophecy_actions.Bribe):
                rule = card.special("bribe")
                out.append((plan.value(space, plan.pay(r, rule.cost if rule else None)), a))
            elif isinstance(a, prophecy_actions.Avoid):
                out.append((plan.value(space, r), a))
        spec = creature_spec(ctx.pack, card)
        usable = self._items(plan, p, r, acts)
        est = plan.creature_value(space, r, card, spec)[0] if usable else 0.0
        for a, after in usable:
            v, _w = plan.creature_value(space, after, card, spec)
            if v > est + 0.05 and best_fight is not None:
                out.append((best_fight + (v - est) - 0.05, a))
        return out

    # ========================================================================= movement
    def _move(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = ctx.state.turn
        assert turn is not None
        sst = ctx.state.standard
        assert sst is not None
        costs = {(m.method, m.to, m.via): c for m, c in moves.move_options(ctx, p)}
        out: list[tuple[float, Any]] = []
        for a in acts:
            if not isinstance(a, prophecy_actions.Move):
                continue
            dest = ctx.pack.space_index(a.to)
            after = plan.pay(r, costs.get((a.method, a.to, a.via)))
            dropped = sst.dropped.get(a.to, [])
            if dropped:
                after.arts = after.arts + tuple(dropped)
            fought = turn.fought if dest == p.space else []
            out.append((self._arrive(ctx, plan, dest, after, fought), a))
        best_move = max((v for v, _a in out), default=plan.value(p.space, r))
        for a in acts:
            if isinstance(a, prophecy_actions.UseAbility):
                v = self._ability(ctx, plan, p, r, a, best_move, attack_open=True)
                if v is not None:
                    out.append((v, a))
        base = plan.static(r)
        for a, after in self._items(plan, p, r, acts):
            gain = plan.static(after) - base
            if gain > 0.05:
                out.append((best_move + gain - 0.05, a))
        return out

    def _arrive(self, ctx: Ctx, plan: StdPlan, dest: int, r: StdRes, fought: list[str]) -> float:
        """Her position once she has ended her movement on `dest` (battles there included)."""
        creatures = [(a, c) for a, c in _creatures(ctx, dest) if a.uid not in fought]
        hidden = sum(1 for a in ctx.state.spaces[dest] if not a.face_up)
        if creatures:
            v = min(plan.creature_value(dest, r, c, creature_spec(ctx.pack, c))[0] for _a, c in creatures)
        else:
            v = plan.value(dest, r, now=True)
        return v - hidden * _risk(r)

    def _ability(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: prophecy_actions.UseAbility, best: float,
                 attack_open: bool) -> float | None:
        """An Ability used outside battle: instead of movement (she stays and acts here),
        looking at a plane's card, or another turn."""
        sp = powers.spack(ctx.state)
        card = sp.ability(a.ability)
        paid = plan.pay(r, card.cast)
        if a.plane is not None:
            return best + PEEK_V - (plan.static(r) - plan.static(paid))
        eff = next((e for e in card.effects if e.kind in ("instead_of_movement", "extra_turn")), None)
        if eff is None:
            return None
        if eff.kind == "extra_turn":
            return plan.value(p.space, paid) + EXTRA_TURN_V
        after = paid
        action = eff.action
        if action == "train":
            after = plan.trained(paid, a.figure or "strength", 0) or paid
        elif action == "heal":
            n = min(eff.amount or paid.hl, paid.hl)
            after.h += n
            after.hl -= n
        elif action == "recharge":
            n = min(eff.amount or paid.ml, paid.ml)
            after.m += n
            after.ml -= n
        elif action == "repair":
            after.items = tuple((c, False) for c, _d in paid.items)
        elif action == "gain":
            return plan.expect(p.space, plan.effect(paid, eff.gain), attack_open)
        else:
            gain = eff.by_terrain.get(moves._terrain_key(ctx, p))  # type: ignore[call-overload]  # a space kind without an entry gives nothing
            return plan.expect(p.space, plan.effect(paid, gain), attack_open)
        turn = ctx.state.turn
        fought = turn.fought if turn is not None else []
        if ctx.state.turn is not None and ctx.state.turn.phase == "move":
            return self._arrive(ctx, plan, p.space, after, fought)
        return plan.value(p.space, after, attack_open)

    # ========================================================================== acting
    def _act(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[float, Any]]:
        turn = ctx.state.turn
        assert turn is not None
        space = p.space
        open_ = plan.world.attack_open
        stayed = not turn.moved and turn.start_space == space
        options = {(k, key): b for k, key, b in plan.act_options(ctx.state, space, r, stayed, frozenset(turn.used))}
        end_value = plan.value(space, r)
        out: list[tuple[float, Any]] = []
        targets = {t.id: t for t in plan.world.planes}
        sp = powers.spack(ctx.state)
        for a in acts:
            t = a.type
            if t == "end_turn":
                out.append((end_value, a))
            elif t == "attack":
                if ctx.state.has_player(a.target):
                    v = self._duel(ctx, plan, p, r, a)
                elif a.target in targets:
                    v = self._plane_attack(ctx, plan, p, r, a, targets[a.target])
                else:
                    v = None
                if v is not None:
                    out.append((v, a))
            elif t == "learn":
                ability = sp.ability(a.ability)
                members = ctx.pack.character(p.character).guilds
                after = r.copy()
                after.xp -= ability.experience
                if ability.guild not in members:
                    after.gold -= ability.experience * (sp.figures.ability_gold_per_experience.value or 0)
                after.abil = r.abil + (a.ability,)
                out.append((plan.value(space, after, open_), a))
            elif t == "train":
                guild = ctx.pack.space(space).guild
                members = ctx.pack.character(p.character).guilds
                gold = 0 if guild in members else (sp.figures.training_gold_non_member.value or 0)
                trained = plan.trained(r, a.figure, gold)
                if trained is not None:
                    out.append((plan.value(space, trained, open_), a))
            elif t == "use_ability":
                v = self._ability(ctx, plan, p, r, a, end_value, open_)
                if v is not None:
                    out.append((v, a))
            elif t == "use_opportunity":
                branches = options.get(("opportunity", a.card))
                if a.give:
                    branches = self._give(ctx, plan, p, r, a)
                if branches is None:
                    branches = [(1.0, r.copy())]
                    extra = 0.5  # a card the Basic table does not describe (the Lost Library)
                else:
                    extra = 0.0
                out.append((plan.expect(space, branches, open_) + extra, a))
            elif t in ("heal", "recharge", "exchange", "buy", "sell", "repair"):
                if t in ("heal", "recharge"):
                    key: tuple[str, Any] = (t, a.amount)
                elif t == "exchange":
                    key = ("exchange", a.service)
                elif t == "buy":
                    key = ("buy", a.item)
                else:
                    item = p.item(a.item)
                    assert item is not None
                    key = (t, p.items.index(item))
                branches = options.get(key)
                if branches is not None:
                    out.append((plan.expect(space, branches, open_), a))
        base = plan.static(r)
        for a, after in self._items(plan, p, r, acts):
            gain = plan.static(after) - base
            if gain > 0.05:
                out.append((end_value + gain - 0.05, a))
        return out

    def _give(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: Any) -> list[tuple[float, StdRes]]:
        """An Opportunity that takes the Items named in `a.give`."""
        adv = next(x for x in ctx.state.spaces[p.space] if x.uid == a.card or x.card == a.card)
        card = ctx.pack.adventure(adv.card)
        assert isinstance(card, OpportunityCard)
        after = plan.pay(r, card.cost)
        for uid in a.give:
            after.items = _without(after.items, p, uid)
        return plan.effect(after, card.effect.model_copy(update={"lose_items": 0}))

    # ------------------------------------------------------------------ attacks
    def _plane_attack(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: prophecy_actions.Attack, target: PlaneTarget
                      ) -> float | None:
        """Expected value of this attack, over what the Guardian may be (one card once seen)."""
        if target.lesser:
            pool, tier = target.lesser, "lesser"
        else:
            pool, tier = target.greater, "greater"
        # a Guardian face down for the table is turned up first and then fought with the best
        # loadout against whatever it is (ruling guardian_turned_up): value each possible card so
        turning_up = powers.sstate(ctx).plane(target.id).guardian_face_down()
        total, n = 0.0, 0
        for card in pool:
            g = powers.spack(ctx.state).guardian(card)
            foe = sbattle.Foe("guardian", g.id, g.strength + target.power_up, g.willpower + target.power_up, g.first,
                              tuple(g.tags), tuple(g.specials), 3 if g.special("three_lives") else 1, target.power_up)
            best: float | None = None
            for choice in (sbattle.loadout_actions(ctx, p, foe, target.id) if turning_up else (a,)):
                ex = action_odds(ctx, p, foe, choice)
                if ex is None:
                    continue  # a card this battle could not be fought against: not the one there
                key = ("plane", target.sig, card, ex)  # loadouts with the same figures and price: once
                v = plan.world.memo.get(key)
                if v is None:
                    start = _broken(r, ex)
                    v = 0.0
                    for q, b, won in plan.guardian_outcomes(start, card, tier, target, ex.cost, ex.win, ex.draw, ex.loss):
                        here = plan.value(p.space, b)
                        if won and tier == "lesser" and target.greater and not b.dead:
                            # she may go straight on against the Greater Guardian
                            here += max(0.0, plan.tier_gain(b, target, "greater"))
                        v += q * here
                    plan.world.memo[key] = v
                best = v if best is None else max(best, v)
            if best is None:
                continue
            total += best
            n += 1
        return total / n if n else None

    def _duel(self, ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: prophecy_actions.Attack) -> float | None:
        """A fight with another character: what winning takes from her, against what losing costs."""
        sst = ctx.state.standard
        assert sst is not None
        q = ctx.state.player(a.target)
        ex = action_odds(ctx, p, sbattle.character_foe(ctx, q), a, defender=q)
        if ex is None:
            return None
        final = sst.final_battle is not None
        if not final and ex.win < DUEL_WIN:
            return None  # outside the Final Battle a fight is picked only when favourable
        space = p.space
        start = _broken(plan.pay(r, ex.cost), ex)
        theirs = sst.players[q.player].artifacts
        won = start.copy()
        harm = 0.0
        if final and theirs:
            pick = max(theirs, key=lambda c: plan.static(_with_art(won, c)))
            won.arts = won.arts + (pick,)
        else:
            _take, gold, extra = powers.spoils(ctx.state, p.player)
            won.gold += min(gold, q.gold)
            harm = HARM * (1 + len(theirs)) * (1 + extra)
        if final and start.arts:
            lost = start.copy()
            worst = max(start.arts, key=lambda c: plan.static(start) - plan.static(_without_art(start, c)))
            lost.arts = _without_art(start, worst).arts
            lose_v = plan.value(space, lost)
        else:
            by_health = start.copy()
            lose_health(by_health, powers.spack(ctx.state).figures.character_fight_health.value or 1)
            lose_v = plan.value(space, by_health)
            for i in range(len(start.items)):
                by_item = start.copy()
                by_item.items = start.items[:i] + start.items[i + 1:]
                lose_v = max(lose_v, plan.value(space, by_item))
        return ex.win * (plan.value(space, won) + harm) + ex.draw * plan.value(space, start) + ex.loss * lose_v

    # -------------------------------------------------------------------- Items
    def _items(self, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> list[tuple[Any, StdRes]]:
        """Each usable Item's result (the most likely branch of its effect)."""
        out = []
        for a, card, after in item_uses(plan.pack, p, r, acts):
            branches = plan.effect(after, card.use)
            out.append((a, max(branches, key=lambda pb: pb[0])[1]))
        return out


# ------------------------------------------------------------------------------ helpers


def _creatures(ctx: Ctx, space: int) -> list[tuple[Any, CreatureCard]]:
    out = []
    for adv in ctx.state.spaces[space]:
        card = ctx.pack.adventure(adv.card)
        if isinstance(card, CreatureCard) and adv.face_up:
            out.append((adv, card))
    return out


def _risk(r: StdRes) -> float:
    """What a face-down card where she stops may cost her: more when a loss would hurt."""
    return FACE_DOWN * (3.0 if r.h <= 1 else 2.0 if r.h <= 2 else 1.0)


def _without(items: tuple[tuple[str, bool], ...], p: PlayerState, uid: str) -> tuple[tuple[str, bool], ...]:
    item = p.item(uid)
    if item is None:
        return items
    key = (item.card, item.damaged)
    if key not in items:
        return items
    k = items.index(key)
    return items[:k] + items[k + 1:]


def _damaged(items: tuple[tuple[str, bool], ...], card: str) -> tuple[tuple[str, bool], ...]:
    for i, (c, d) in enumerate(items):
        if c == card and not d:
            return items[:i] + ((c, True),) + items[i + 1:]
    return items


def _broken(r: StdRes, ex: Exact) -> StdRes:
    """Her belongings once a thrown weapon that breaks has been thrown."""
    if ex.breaks is None:
        return r
    out = r.copy()
    out.items = _damaged(r.items, ex.breaks)
    return out


def _with_art(r: StdRes, card: str) -> StdRes:
    out = r.copy()
    out.arts = r.arts + (card,)
    return out


def _without_art(r: StdRes, card: str) -> StdRes:
    out = r.copy()
    arts = list(r.arts)
    arts.remove(card)
    out.arts = tuple(arts)
    return out


def _utility(result: str | None, b: Any, fig: int) -> float:
    """How good a roll's result is for the battle: a win still has to win the rolls left."""
    if result == "win":
        left = b.lives - b.rolls
        if left <= 0:
            return 1.0
        w, d, _l = dice_chances(fig - b.foe_figure, 0, left, b.own_dice, b.foe_dice)
        return w + 0.35 * d
    return 0.35 if result == "draw" else 0.0


def _reroll(diff: int, light: int, dark: int, dice: str) -> list[tuple[float, str]]:
    """The chances of each result of the roll once the named die (or both) is rolled again."""
    counts = {"win": 0, "draw": 0, "loss": 0}
    lights = range(1, 7) if dice in ("own", "both") else (light,)
    darks = range(1, 7) if dice in ("opponent", "both") else (dark,)
    for x in lights:
        for y in darks:
            m = diff + x - y
            counts["win" if m > 0 else "draw" if m == 0 else "loss"] += 1
    n = len(lights) * len(darks)
    return [(c / n, k) for k, c in counts.items()]


standard_player = StandardHeuristic()

__all__ = ["StandardHeuristic", "standard_player"]
