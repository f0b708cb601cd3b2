"""apply / legal_actions / pending for a Standard game: what `engine.prophecy.rules` hands over
when `state.standard` is set.

Decisions come first: while one is pending (a character to keep, what a loser gives up, the
Final Battle's space...), only its player may act, and only to answer it, whether or not it is
her turn (DESIGN: "pending decisions are explicit"). Then the Basic Item choices, then a paused
battle, then the turn's phase. Importing this module installs the Standard hooks the Basic
modules call (`standard.hooks`).
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.core.pending import Pending
from engine.core.system import Seat
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.combat import bribe as basic_bribe
from engine.prophecy.content import CreatureCard, Pack
from engine.prophecy.content_standard import StandardPack, standard_pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.effects import can_pay, distinct_choices, item_candidates
from engine.prophecy.encounters import can_use_opportunity, items_to_give, opportunities_here
from engine.prophecy.market import offer_here, sales, usable_items
from engine.prophecy.spaces import amounts_offered, exchanges_open, repairs, services
from engine.prophecy.standard import (
    attacks,
    battle,
    decisions,
    endgame,
    guilds,
    hooks,
    moves,
    parts,
    powers,
    setup,
    space_actions,
    turns,
)
from engine.prophecy.state import PlayerState, ProphecyOptions, ProphecyState
from engine.prophecy.turns import after_fight, after_movement, end_turn
from engine.prophecy.water_realm.island.actions import ISLAND_ACTIONS
from engine.prophecy.water_realm.water.actions import WATER_ACTIONS

#: what the active player may do in each phase of a Standard turn (besides `ANY_PHASE`)
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "move": ("move", "use_ability"),
    "fight": ("fight", "bribe", "avoid"),
    "act": ("use_opportunity", "heal", "recharge", "exchange", "buy", "sell", "repair", "end_turn", "learn", "train",
            "attack", "use_ability"),
}
ANY_PHASE = ("use_item",)
#: the expansion's action types: refused in a game that does not play the part they belong to
_EXPANSION_TYPES = frozenset(
    cls.model_fields["type"].default for cls in (*ISLAND_ACTIONS, *WATER_ACTIONS)
)


def pack_of(state: ProphecyState) -> Pack:
    """The base cards with the Standard figures (two slots, seven Items)."""
    return powers.spack(state).as_pack()


def new_game(seats: list[Seat], options: ProphecyOptions, seed: int) -> Ctx:
    sp = parts.game_pack(standard_pack_by_id(options.std().pack), options.std().expansion)
    if options.pack != sp.base.id:
        raise RuleError("error.pack_mismatch", pack=options.pack, base=sp.base.id)
    _check_options(sp, options)
    ctx = setup.new_state(sp.as_pack(), sp, seats, options, seed)
    for part in parts.active_parts(ctx.state):
        part.prepare(ctx)
    if not any(d.then == "start" for d in ctx.state.std().decisions):
        setup.begin_first_turn(ctx)
    return ctx


def _check_options(sp: StandardPack, options: ProphecyOptions) -> None:
    """Every option value must be one the pack's manifest offers (its rulings explain them)."""
    chosen = options.std().model_dump(exclude={"pack", "power_up", "expansion"})
    for name, value in chosen.items():
        spec = sp.manifest.options.get(name)
        if spec is not None and value not in spec.choices:
            raise RuleError("error.option_not_offered", option=name, value=str(value))


# ------------------------------------------------------------------------------ pending


def pending(state: ProphecyState) -> Pending | None:
    sst = state.standard
    assert sst is not None
    if state.status != "active":
        return None
    for part in parts.active_parts(state):
        asked = part.pending(state)
        if asked is not None:
            return asked
    data: dict[str, Any] = {"round": state.round}
    if sst.decisions:
        d = sst.decisions[0]
        if d.kind not in ("character", "study_pick"):
            data["options"] = list(d.options)
        return Pending(player=d.player, kind=f"decide_{d.kind}", data={**data, "other": d.other, "reason": d.reason})
    t = state.turn
    if t is None:
        return None
    if t.item_choices:
        c = t.item_choices[0]
        return Pending(player=c.player, kind="choose_item", data={**data, "card": c.reason, "mode": c.mode, "count": c.count})
    b = sst.turn.battle
    if b is not None:
        return Pending(player=t.player, kind="throw" if b.awaiting == "throw" else "after_roll",
                       data={**data, "card": b.card, "roll": b.rolls + (1 if b.awaiting == "throw" else 0),
                             "result": b.result})
    if t.phase == "fight" and t.fight:
        p = state.player(t.player)
        data["card"] = next((a.card for a in state.spaces[p.space] if a.uid == t.fight), None)
    return Pending(player=t.player, kind=t.phase, data=data)


def idle_reasons(reasons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Why a turn ended by itself, without the Basic Certificates (none in Standard)."""
    return [r for r in reasons if not str(r.get("code", "")).startswith("certificate")] or [{"code": "nothing_here"}]


def waiting(state: ProphecyState) -> bool:
    """Play stops for someone's answer (a decision, a paused battle)."""
    sst = state.standard
    assert sst is not None
    return bool(sst.decisions) or sst.turn.battle is not None


# --------------------------------------------------------------------------------- check


def check_turn(state: ProphecyState, actor: str, action_type: str) -> None:
    """May `actor` take an action of this type now? Raise RuleError if not."""
    sst = state.standard
    assert sst is not None
    if state.status != "active":
        raise RuleError("error.game_over")
    if not state.has_player(actor):
        raise RuleError("error.not_a_player", actor=actor)
    if sst.decisions:
        d = sst.decisions[0]
        if actor != d.player:
            raise RuleError("error.not_your_turn", active=d.player)
        if action_type not in decisions.DECISION_ACTIONS[d.kind]:
            raise RuleError("error.decide_first", decision=d.kind)
        return
    if action_type in decisions.ANSWERS:
        raise RuleError("error.no_decision")
    in_play = parts.active_parts(state)
    if any(part.check(state, actor, action_type) for part in in_play):
        return
    if parts.owner_of(state, action_type) is not None or action_type in _EXPANSION_TYPES:
        raise RuleError("error.wrong_phase", phase=state.turn.phase if state.turn else "", action=action_type)
    t = state.turn
    if t is None:
        raise RuleError("error.game_over")
    if t.item_choices:
        chooser = t.item_choices[0].player
        if actor != chooser:
            raise RuleError("error.not_your_turn", active=chooser)
        if action_type != "choose_item":
            raise RuleError("error.choose_item_first", card=t.item_choices[0].reason)
        return
    if action_type == "choose_item":
        raise RuleError("error.no_item_choice")
    if t.player != actor:
        raise RuleError("error.not_your_turn", active=t.player)
    b = sst.turn.battle
    if b is not None:
        wanted = "roll" if b.awaiting == "throw" else "after_roll"
        if action_type != wanted:
            raise RuleError("error.battle_running")
        return
    if action_type in ("roll", "after_roll"):
        raise RuleError("error.no_battle_running")
    if not state.player(actor).alive:
        raise RuleError("error.character_dead")
    if action_type == "certificate":
        raise RuleError("error.no_certificates_in_standard")
    if action_type not in PHASE_ACTIONS[t.phase] and action_type not in ANY_PHASE:
        if action_type == "use_opportunity" and t.phase == "fight":
            # before fighting a Creature only with the Amulet of Untouchability (Appendix)
            if space_actions.opportunities_allowed(Ctx(state=state, pack=pack_of(state)), state.player(actor)):
                return
            raise RuleError("error.creatures_first")
        raise RuleError("error.wrong_phase", phase=t.phase, action=action_type)


# ------------------------------------------------------------------------------ dispatch


def dispatch(ctx: Ctx, p: PlayerState, action: Any) -> bool:
    """Apply a Standard game's action; False leaves it to the Basic dispatch (same rule)."""
    done = _dispatch(ctx, p, action)
    for part in parts.active_parts(ctx.state):
        part.after_action(ctx)
    return done


def _dispatch(ctx: Ctx, p: PlayerState, action: Any) -> bool:
    sst = powers.sstate(ctx)
    t = action.type
    if sst.decisions:
        decisions.answer(ctx, p, action)
        return True
    if any(part.dispatch(ctx, p, action) for part in parts.active_parts(ctx.state)):
        return True
    turn = ctx.state.turn
    assert turn is not None
    if t == "move":
        moves.do_move(ctx, p, action)
        _movement_ended(ctx, p)
    elif t == "use_ability":
        kind = moves.use_ability(ctx, p, action)
        if kind == "instead" and turn.phase == "move":
            # used instead of movement: she stays, then deals with the space's cards
            turn.movement_done = True
            turn.moved = False
            ctx.emit("stayed", p.player, method="stay", frm=ctx.pack.space(p.space).id, to=ctx.pack.space(p.space).id,
                     cost=0, via=action.ability)
            _movement_ended(ctx, p)
    elif t == "fight":
        if turn.fight is None:
            raise RuleError("error.no_creature")
        foe = battle.foe_of(ctx, "creature", turn.fight)
        battle.start(ctx, p, foe, turn.fight, action)
    elif t == "roll":
        battle.next_roll(ctx, p, action)
    elif t == "after_roll":
        battle.after_roll(ctx, p, action)
    elif t == "bribe":
        basic_bribe(ctx, p, action)
        after_fight(ctx, "bribed")
    elif t == "avoid":
        attacks.avoid(ctx, p)
    elif t == "attack":
        attacks.attack(ctx, p, action)
    elif t == "learn":
        guilds.learn(ctx, p, action.ability)
    elif t == "train":
        space_actions.train_here(ctx, p, action.figure)
    elif t == "use_opportunity":
        return space_actions.use_opportunity(ctx, p, action)
    elif t == "buy":
        space_actions.buy(ctx, p, action.item)
    elif t == "sell":
        space_actions.sell(ctx, p, action.item)
    elif t == "exchange":
        space_actions.exchange(ctx, p, action.service)
    elif t == "heal":
        if endgame.heals_blocked(ctx):
            raise RuleError("error.apocalypse_no_healing")
        return False
    elif t == "end_turn":
        if attacks.must_attack(ctx, p):
            raise RuleError("error.must_attack")
        end_turn(ctx)
    else:
        return False
    return True


def _movement_ended(ctx: Ctx, p: PlayerState) -> None:
    if turns.movement_ended(ctx, p) and ctx.state.turn is not None:
        after_movement(ctx)


# ---------------------------------------------------------------------------------- legal


def legal(state: ProphecyState, actor: str, wanted: str | frozenset[str] | None = None) -> Iterator[Any]:
    """The listing (`rules.iter_legal`); `wanted`, a hint, skips the costly loadouts no action of
    that type comes from (every listed action of that type is still yielded)."""
    sst = state.standard
    assert sst is not None
    if state.status != "active":
        return
    ctx = Ctx(state=state, pack=pack_of(state))
    if sst.decisions:
        d = sst.decisions[0]
        if d.player == actor and state.player(actor).alive:
            yield from decisions.decision_actions(ctx, d)
        return
    t = state.turn
    if t is None:
        return
    if t.item_choices:
        c = t.item_choices[0]
        if c.player == actor and state.player(actor).alive:
            yield from (prophecy_actions.ChooseItem(item=i.uid)
                        for i in distinct_choices(item_candidates(state.player(actor), c.mode)))
        return
    for part in parts.active_parts(state):  # a question an expansion part asks, maybe of another player
        answers = part.answers(ctx, actor)
        if answers is not None:
            yield from answers
            return
    if t.player != actor:
        return
    p = state.player(actor)
    if not p.alive:
        return
    in_play = parts.active_parts(state)
    if in_play:
        owner = next((part for part in in_play if part.takes_over(state, actor)), None)
        if owner is not None:  # that part alone says what she may do (a character in the Water Realm)
            yield from owner.legal(ctx, p)
            return
        for part in in_play:
            yield from part.legal(ctx, p)
    b = sst.turn.battle
    if b is not None:
        if b.awaiting == "throw":
            yield prophecy_actions.Roll(throw=False)
            if b.can_throw():
                yield prophecy_actions.Roll(throw=True)
        else:
            yield prophecy_actions.AfterRoll()
            yield from battle.after_roll_options(ctx, p, b)
        return
    if t.phase == "move":
        if _wants(wanted, "move"):
            yield from moves.legal_moves(ctx, p)
        if _wants(wanted, "use_ability"):
            yield from moves.ability_uses(ctx, p)
    elif t.phase == "fight":
        yield from _fight_actions(ctx, p, wanted)
    else:
        yield from _act_actions(ctx, p, wanted)
    if _wants(wanted, "use_item"):
        yield from usable_items(ctx, p)


def _fight_actions(ctx: Ctx, p: PlayerState, wanted: str | frozenset[str] | None = None) -> Iterator[Any]:
    t = ctx.state.turn
    assert t is not None
    if t.fight is None:
        return
    adv = next(a for a in ctx.state.spaces[p.space] if a.uid == t.fight)
    card = ctx.pack.adventure(adv.card)
    assert isinstance(card, CreatureCard)
    if _wants(wanted, "fight"):
        yield from battle.loadout_actions(ctx, p, battle.creature_foe(card), None)
    rule = card.special("bribe")
    if rule is not None and can_pay(p, rule.cost):
        yield prophecy_actions.Bribe()
    if powers.avoids(ctx.state, p.player, card.tags) is not None:
        yield prophecy_actions.Avoid()
    if _wants(wanted, "use_opportunity") and space_actions.opportunities_allowed(ctx, p):
        yield from _opportunity_actions(ctx, p)  # the Amulet of Untouchability: before fighting


def _opportunity_actions(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    for adv, card in opportunities_here(ctx, p):
        if space_actions.study_card(ctx, card.id):
            if any(powers.sstate(ctx).guild_decks.values()):
                yield prophecy_actions.UseOpportunity(card=adv.uid)
        elif can_use_opportunity(ctx, p, card):
            for give in items_to_give(p, card):
                yield prophecy_actions.UseOpportunity(card=adv.uid, give=give)


def _wants(wanted: str | frozenset[str] | None, *types: str) -> bool:
    """Whether a listing sought for actions of type `wanted` (None: all; a set: any of those
    types, as the arrival preview asks) must work out `types`."""
    if wanted is None:
        return True
    return wanted in types if isinstance(wanted, str) else not wanted.isdisjoint(types)


def _act_actions(ctx: Ctx, p: PlayerState, wanted: str | frozenset[str] | None = None) -> Iterator[Any]:
    if _wants(wanted, "use_opportunity") and space_actions.opportunities_allowed(ctx, p):
        yield from _opportunity_actions(ctx, p)
    blocked = endgame.heals_blocked(ctx)
    for kind, lost, cls in (("heal", p.red.left, prophecy_actions.Heal), ("recharge", p.blue.left, prophecy_actions.Recharge)):
        if (kind == "heal" and blocked) or not _wants(wanted, kind):
            continue
        for svc in services(ctx, p, kind):
            yield from (cls(amount=n) for n in amounts_offered(ctx, p, svc, lost))
    for svc in exchanges_open(ctx, p) if _wants(wanted, "exchange") else ():
        if svc.instead_of_movement and not moves.instead_open(ctx, p):
            continue
        yield prophecy_actions.Exchange(service=svc.id)
    if _wants(wanted, "buy", "sell") and services(ctx, p, "market"):
        for item in offer_here(ctx, p):
            if space_actions.buy_price(ctx, p, item.card) <= p.gold:
                yield prophecy_actions.Buy(item=item.uid)
        yield from sales(p)
    if _wants(wanted, "repair"):
        yield from repairs(ctx, p)
    for ability in guilds.learnable(ctx, p) if _wants(wanted, "learn") else ():
        yield prophecy_actions.Learn(ability=ability.id)
    if _wants(wanted, "train") and guilds.training_right(ctx, p) is not None:
        guild = guilds.guild_here(ctx, p)
        for figure in guilds.FIGURES:
            if guilds.can_train(ctx, p, figure, guild):
                yield prophecy_actions.Train(figure=figure)
    must = attacks.must_attack_rule(ctx)
    # the attacks' loadouts are the costly part: worked out only for an attack, or for ending the
    # turn when an attack that can be made must be (ruling final_battle_turns)
    attacks_needed = _wants(wanted, "attack") or (wanted == "end_turn" and must)
    offered = False
    for attack in attacks.attack_actions(ctx, p) if attacks_needed else ():
        offered = True
        yield attack  # one at a time: a reader that stops at the first (is the turn over?) skips the rest
    if _wants(wanted, "use_ability"):
        yield from moves.ability_uses(ctx, p)
    if _wants(wanted, "end_turn") and not (offered and must):
        yield prophecy_actions.EndTurn()


def skip_action(state: ProphecyState, actor: str) -> Any:
    """For a player whose time ran out: the answer that changes least (let a roll stand, stop
    an attack, stay, end the turn; give up an Item rather than Health), else the first."""
    acts = list(legal(state, actor))
    if not acts:
        return None
    by_type: dict[str, list[Any]] = {}
    for a in acts:
        by_type.setdefault(a.type, []).append(a)
    for kind in ("end_turn", "stop_attack", "after_roll"):
        if kind in by_type:
            return by_type[kind][0]
    if "roll" in by_type:
        return by_type["roll"][0]
    stays = [a for a in by_type.get("move", []) if a.method == "stay"] + by_type.get("island_stay", [])
    if stays:
        return stays[0]
    if "choose_loss" in by_type:
        items = [a for a in by_type["choose_loss"] if a.item is not None]
        return (items or by_type["choose_loss"])[0]
    if "study_pick" in by_type:
        return by_type["study_pick"][0]
    for kind in ("fight", "attack"):
        plain = [a for a in by_type.get(kind, []) if not a.spells and a.second is None]
        if plain:
            return plain[-1]
    return acts[0]


def rename(state: ProphecyState, old: str, new: str) -> None:
    """A seat changed hands (`HandOver`): every Standard record follows it."""
    sst = state.standard
    assert sst is not None
    if old == new:
        return
    sst.players = {(new if k == old else k): v for k, v in sst.players.items()}
    for d in sst.decisions:
        d.player = new if d.player == old else d.player
        d.other = new if d.other == old else d.other
    for r in sst.training:
        r.drawer = new if r.drawer == old else r.drawer
        r.used_by = [new if x == old else x for x in r.used_by]
    for plane in sst.planes:
        for slot, who in plane.seen.items():
            plane.seen[slot] = [new if x == old else x for x in who]
    b = sst.turn.battle
    if b is not None and b.target == old:
        b.target = new
    for part in parts.active_parts(state):
        part.rename(state, old, new)


class _Hooks:
    """The Standard rules at the points the Basic modules hand over (`standard.hooks`)."""

    turn_begins = staticmethod(turns.turn_begins)
    after_movement = staticmethod(turns.after_movement)
    after_hold_fight = staticmethod(turns.after_hold_fight)
    before_end_turn = staticmethod(turns.before_end_turn)
    on_death = staticmethod(endgame.on_death)
    ranking = staticmethod(endgame.ranking)
    round_limit_winner = staticmethod(endgame.round_limit_winner)
    heals_blocked = staticmethod(endgame.heals_blocked)
    last_standing_reason = staticmethod(endgame.last_standing_reason)


hooks.install(_Hooks())


__all__ = ["check_turn", "dispatch", "idle_reasons", "legal", "new_game", "pack_of", "pending", "rename",
           "skip_action", "waiting"]
# the parts register themselves on import, in this order (the new Artifacts before the island's)
# isort: off
from engine.prophecy.water_realm import artifacts as artifacts_wr  # noqa: E402,F401  registers the part (new Artifacts)
from engine.prophecy.water_realm.island import part as island  # noqa: E402,F401  registers the part (Treasure Island)
from engine.prophecy.water_realm.water import part as water  # noqa: E402,F401  registers the part (the Water Realm)
from engine.prophecy.water_realm.cards import part as wr_cards  # noqa: E402,F401  registers the part (the new cards)
# isort: on
