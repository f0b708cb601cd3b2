"""The Water Realm and the main board (rulebook "Gate to the Water Realm", "Magic Bubble Bag",
"Returning to the Main Game Board", "Journey's End", "Pearl of the Abyss", "Artifacts of Fallen
Characters", "End of the Game", "Legends of the Deeps"; Appendix "Giant Pearl", "Summon Storm";
"Lord of the Sea").

The Gate lies among the Lesser Guardians. An attack on its plane, or a Prophetic Dream that
looks at it, turns it up for good: the plane's Greater Guardian and Artifact go to the Undersea
Palace (they stay recorded on that plane, so a Prophetic Dream still finds them) and lose the
Power Up; from then on a character on either ring space beside that plane may dive in, as her
turn's attack, buying a Bubble Bag. She leaves by stepping off the grid (or from the Palace),
coming out on either of those two spaces, and goes on with her turn as if she had just walked
there. Whoever reaches the Palace fights its Guardian as on an Astral Plane (no underwater
penalty, no Underwater Ability); beating it brings the Artifact and a Pearl of the Abyss.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.effects import lose_health, pay, recharge
from engine.prophecy.endgame import finish
from engine.prophecy.spaces import do_repair, services
from engine.prophecy.standard import guilds, planes, powers, space_actions, turns
from engine.prophecy.standard.state import PlaneState, StdBattle
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import after_movement, end_turn
from engine.prophecy.water_realm.water.actions import WaterEnter, WaterPearl
from engine.prophecy.water_realm.water.board import face_down_cells, held_power_card, power_card, reveal
from engine.prophecy.water_realm.water.core import diver, gate_spaces, place_id, set_act, wp, wstate
from engine.prophecy.water_realm.water.palace import ask_exit, gate_id, gate_plane, give_pearl, leave, palace  # noqa: F401  (leave, palace: used through this module)
from engine.prophecy.water_realm.water.state import Diver, WaterAsk

# ------------------------------------------------------------------------------ the Gate


def reveal_gate(ctx: Ctx, p: PlayerState, plane: PlaneState, how: str) -> None:
    """The Gate is turned up and stays; the plane's Greater Guardian and Artifact go to the
    Palace, without the Power Up (rulebook "Gate to the Water Realm")."""
    w = wstate(ctx.state)
    plane.lesser = None
    if "lesser" in plane.up:
        plane.up.remove("lesser")
    plane.seen.pop("lesser", None)
    w.gate = plane.id
    plane.power_up = max(0, plane.power_up - wp().fig("power_up"))
    ctx.emit("water_gate_found", p.player, reveals=True, plane=plane.id, how=how, card=gate_id())
    turn = ctx.state.turn
    if how == "attack" and turn is not None and turn.player == p.player:
        w.turn.gate_found = True


def attack_gate(ctx: Ctx, p: PlayerState, action: Any) -> bool:
    """An attack on the plane whose face-down Lesser Guardian is the Gate turns it up (the
    attack is her turn's one attack). False when the attack is not on the Gate."""
    if not isinstance(action, prophecy_actions.Attack) or ctx.state.has_player(action.target):
        return False
    plane = next((pl for pl in powers.sstate(ctx).planes if pl.id == action.target), None)
    if plane is None or plane.lesser != gate_id():
        return False
    if not planes.may_attack(ctx, p):
        raise RuleError("error.cannot_attack_now")
    if plane.id not in {pl.id for pl in planes.planes_beside(ctx, p)}:
        raise RuleError("error.cannot_attack_plane", target=action.target)
    from engine.prophecy.standard import attacks

    if action != attacks.turn_up(plane.id):
        raise RuleError("error.guardian_face_down")
    powers.sstate(ctx).turn.attacked = True
    ctx.emit("plane_attacked", p.player, plane=plane.id, tier="lesser")
    reveal_gate(ctx, p, plane, "attack")
    return True


def open_gate(ctx: Ctx) -> bool:
    w = wstate(ctx.state)
    return w.gate is not None and not w.closed and powers.sstate(ctx).final_battle is None


# ------------------------------------------------------------------------------ diving in


def can_enter(ctx: Ctx, p: PlayerState) -> bool:
    """On a ring space beside the open Gate, with her turn's attack still free (or spent on
    turning the Gate up), no Creature left there, in her act phase."""
    turn = ctx.state.turn
    if turn is None or turn.player != p.player or turn.phase != "act" or diver(ctx.state, p.player) is not None:
        return False
    if not open_gate(ctx) or ctx.pack.space(p.space).id not in gate_spaces(ctx):
        return False
    if wstate(ctx.state).turn.gate_found:
        return not planes.creature_remains(ctx, p)
    return planes.may_attack(ctx, p)


def enter_options(ctx: Ctx, p: PlayerState) -> list[WaterEnter]:
    if not can_enter(ctx, p):
        return []
    return [WaterEnter(gold=0)] + [WaterEnter(gold=b.gold) for b in wp().data.bag if b.gold <= p.gold]


def bag_size(state: Any, pid: str, gold: int) -> int:
    """Bubbles in a bag bought for `gold` (Deep Lungs: 3 more)."""
    if not gold:
        return 0
    n = wp().bag_bubbles(gold) or 0
    if power_card(state, pid, "deep_lungs") is not None:
        n += 3
    return n


def enter(ctx: Ctx, p: PlayerState, action: WaterEnter) -> None:
    """She dives in: the bag is paid for, she stands on the entrance, and her turn ends
    (rulebook "Gate to the Water Realm", "Magic Bubble Bag")."""
    if action not in enter_options(ctx, p):
        raise RuleError("error.water_cannot_enter")
    w = wstate(ctx.state)
    bubbles = bag_size(ctx.state, p.player, action.gold)
    p.gold -= action.gold
    w.divers[p.player] = Diver(cell=wp().grid.entrance_index, bubbles=bubbles,
                               came_from=ctx.pack.space(p.space).id)
    p.board = "water"
    powers.sstate(ctx).turn.attacked = True
    ctx.emit("water_entered", p.player, gold=action.gold, bubbles=bubbles, space=ctx.pack.space(p.space).id)
    end_turn(ctx)


def bring_back(ctx: Ctx, reason: str) -> None:
    """Everyone still in the realm comes out beside the Gate (the Final Battle; ruling
    water_final_battle_return)."""
    w = wstate(ctx.state)
    spaces = gate_spaces(ctx)
    for pid in list(w.divers):
        p = ctx.state.player(pid)
        d = w.divers.pop(pid)
        p.board = "main"
        if spaces:
            p.space = ctx.pack.space_index(spaces[0])
        ctx.emit("water_left", pid, space=spaces[0] if spaces else d.came_from, bubbles=d.bubbles, how=reason)
    w.asks = [a for a in w.asks if a.kind == "reveal"]
    w.turn.fight = None


def guardian_result(ctx: Ctx, p: PlayerState, b: StdBattle, result: str) -> None:
    """The battle with the Palace's Guardian (as on an Astral Plane): won, the Artifact and a
    Pearl, and she leaves the realm, her turn over; lost or drawn, she stays in the Palace."""
    w = wstate(ctx.state)
    if result == "win" and p.player not in w.pearls and w.pearls_left > 0:
        give_pearl(ctx, p)
    # with the Ten Artifacts Variant the Gate's plane held two Artifacts: she keeps one of them
    from engine.prophecy.water_realm.artifacts import won_pair  # (imported here: it registers a part)
    if result != "win" or not won_pair(ctx, p, b.target, b.card):
        planes.guardian_done(ctx, p, b.target, b.card, result)
    if ctx.state.status != "active" or not p.alive or diver(ctx.state, p.player) is None:
        return
    if result == "win":
        set_act(ctx)
        ask_exit(ctx, p, then="end_turn", reason="palace")
    else:
        set_act(ctx, over=True)


def lord_result(ctx: Ctx, p: PlayerState, result: str) -> None:
    """Beating the Lord of the Sea wins the game at once ("Lord of the Sea")."""
    w = wstate(ctx.state)
    if result == "win":
        card = w.lord
        w.lord = None
        p.experience += wp().data.lord.experience
        ctx.emit("water_lord_defeated", p.player, card=card)
        finish(ctx, p.player, "lord_of_the_sea")
        return
    ctx.emit("creature_stays", p.player, card=w.lord, space=place_id(wp().grid.palace_index))
    if result == "loss":
        lose_health(ctx, p, 1, w.lord or "")
    d = diver(ctx.state, p.player)
    if d is not None and p.alive:
        d.held = True
    set_act(ctx, over=True)


# ------------------------------------------------------------------ Legends of the Deeps


def legends(ctx: Ctx) -> None:
    """An Underwater Ability goes on offer at its guild as if turned up from that guild's deck
    (what it replaces goes to the bottom of its own deck), and the drawer turns up two cards of
    the realm (rulebook "Legends of the Deeps")."""
    sst = powers.sstate(ctx)
    w = wstate(ctx.state)
    turn = ctx.state.turn
    drawer = turn.player if turn is not None else None
    card = wp().data.legends.id
    if w.underwater:
        new = w.underwater.pop()
        guild = powers.spack(ctx.state).ability(new).guild
        old = sst.guild_offers.get(guild, [])
        under = set(wp().underwater_ids())
        for o in reversed(old):
            if o in under:
                w.underwater.insert(0, o)
            else:
                sst.guild_decks[guild].insert(0, o)
        sst.guild_offers[guild] = [new]
        ctx.emit("ability_offered", None, reveals=True, guild=guild, card=new, replaced=old[0] if old else None,
                 reason=card)
    else:
        ctx.emit("water_no_underwater", drawer, card=card)
    hidden = face_down_cells(ctx.state)
    n = min(wp().fig("revealed_by_legends"), len(hidden))
    if drawer is not None and n:
        w.asks.insert(0, WaterAsk(player=drawer, kind="reveal", options=[str(c) for c in hidden], reason=card, left=n))


def reveal_answer(ctx: Ctx, p: PlayerState, ask: WaterAsk, cell: int) -> None:
    reveal(ctx, cell, p.player, ask.reason)
    ask.left -= 1
    hidden = face_down_cells(ctx.state)
    if ask.left > 0 and hidden:
        ask.options = [str(c) for c in hidden]
        wstate(ctx.state).asks.insert(0, ask)


# ---------------------------------------------------------------------------- end of game


def water_artifact_out(ctx: Ctx) -> bool:
    """Whether an Artifact still waits in the Water Realm: in the Palace (or on the Gate's
    plane not yet found), or where a character died under the sea."""
    plane = gate_plane(ctx)
    if plane is not None and plane.artifact is not None:
        return True
    return any(cards for key, cards in powers.sstate(ctx).dropped.items() if key.startswith("water:"))


def win_blocked(ctx: Ctx, p: PlayerState) -> bool:
    """Four Artifacts do not bring the fifth while it is in the Water Realm, nor from a
    character with a Pearl of the Abyss (rulebook "The Last Artifact", "Pearl of the Abyss")."""
    if water_artifact_out(ctx):
        return True
    w = wstate(ctx.state)
    sst = powers.sstate(ctx)
    return any(pid != p.player and me.artifacts and pid in w.pearls and ctx.state.player(pid).alive
               for pid, me in sst.players.items())


# --------------------------------------------------------------------------- Summon Storm


def can_storm(ctx: Ctx, p: PlayerState) -> bool:
    card_id = power_card(ctx.state, p.player, "summon_storm")
    turn = ctx.state.turn
    if card_id is None or turn is None or turn.player != p.player or turn.phase == "fight":
        return False
    card = powers.spack(ctx.state).ability(card_id)
    return powers.available(ctx.state, p.player, card) and powers.can_pay_cost(p, card.cast)


def storm(ctx: Ctx, p: PlayerState) -> None:
    if not can_storm(ctx, p):
        raise RuleError("error.water_no_storm")
    card_id = held_power_card(ctx.state, p.player, "summon_storm")  # can_storm found it
    card = powers.spack(ctx.state).ability(card_id)
    pay(ctx, p, card.cast, card.id)
    powers.mark_used(ctx, p.player, card)
    wstate(ctx.state).storm = p.player
    ctx.emit("water_storm_summoned", p.player, card=card.id)


def storm_catches(ctx: Ctx, p: PlayerState, action: prophecy_actions.Move) -> bool:
    """A usual ride by horse or boat (free rides of an Ability too, not a paid Pegasus nor an
    Item or Artifact) of anyone but the summoner (Appendix "Summon Storm")."""
    w = wstate(ctx.state)
    if w.storm is None or w.storm == p.player or action.method not in ("horse", "boat"):
        return False
    if action.via is None:
        return True
    from engine.prophecy.standard import moves

    sp = powers.spack(ctx.state)
    if action.via not in {a.id for a in sp.abilities}:
        return False
    cost = next((c for m, c in moves.move_options(ctx, p) if m == action), None)
    return cost is not None and cost.is_free()


def storm_move(ctx: Ctx, p: PlayerState, action: prophecy_actions.Move) -> bool:
    """The Standard move, then the storm's blow on arrival. False when the storm is not in it."""
    if not storm_catches(ctx, p, action):
        return False
    from engine.prophecy.standard import moves

    moves.do_move(ctx, p, action)
    ctx.emit("water_storm_strikes", p.player, card=power_card(ctx.state, wstate(ctx.state).storm or "", "summon_storm")
             or "summon_storm")
    lose_health(ctx, p, 1, "summon_storm")
    if p.alive and ctx.state.status == "active" and turns.movement_ended(ctx, p) and ctx.state.turn is not None:
        after_movement(ctx)
    return True


# ----------------------------------------------------------------------------- Giant Pearl

def pearl_worth(ctx: Ctx) -> int:
    """The most a Giant Pearl pays of one purchase: its price (ruling water_pearl_and_tiara)."""
    return ctx.pack.item("giant_pearl").cost


def pearl_options(ctx: Ctx, p: PlayerState) -> list[WaterPearl]:
    """One purchase she could make now with the Giant Pearl's help (an Item on offer, an
    Ability offered here, a repair)."""
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or turn.player != p.player or diver(ctx.state, p.player) is not None:
        return []
    if not any(i.card == "giant_pearl" and not i.damaged for i in p.items):
        return []
    worth = pearl_worth(ctx)
    out: list[WaterPearl] = []
    if services(ctx, p, "market"):
        from engine.prophecy.market import offer_here

        for item in offer_here(ctx, p):
            cost = space_actions.buy_price(ctx, p, item.card)
            if 0 < cost <= p.gold + worth:
                out.append(WaterPearl(what="buy", target=item.uid))
    guild = guilds.guild_here(ctx, p)
    if guild is not None:
        sp = powers.spack(ctx.state)
        for card_id in powers.sstate(ctx).guild_offers.get(guild, []):
            xp, gold = guilds.price(ctx, p, sp.ability(card_id))
            if gold > 0 and p.experience >= xp and gold <= p.gold + worth:
                out.append(WaterPearl(what="learn", target=card_id))
    for svc in services(ctx, p, "repair"):
        if svc.price > 0:
            for item in p.items:
                if item.damaged:
                    out.append(WaterPearl(what="repair", target=item.uid))
            break
    return out


def pay_with_pearl(ctx: Ctx, p: PlayerState, action: WaterPearl) -> None:
    """The Pearl pays up to its worth of that one purchase (the rest in Gold) and leaves the
    game; it is not Gold (Appendix "Giant Pearl")."""
    if action not in pearl_options(ctx, p):
        raise RuleError("error.water_pearl_not_usable")
    if action.what == "buy":
        from engine.prophecy.market import offer_here

        item = next(i for i in offer_here(ctx, p) if i.uid == action.target)
        price = space_actions.buy_price(ctx, p, item.card)
    elif action.what == "learn":
        price = guilds.price(ctx, p, powers.spack(ctx.state).ability(action.target))[1]
    else:
        price = services(ctx, p, "repair")[0].price
    cover = min(price, pearl_worth(ctx))
    pearl = next(i for i in p.items if i.card == "giant_pearl" and not i.damaged)
    p.items.remove(pearl)
    wstate(ctx.state).removed.append(pearl.card)
    ctx.emit("water_pearl_paid", p.player, card=pearl.card, what=action.what, target=action.target, gold=cover)
    p.gold += cover  # spent at once on the purchase below, never kept
    if action.what == "buy":
        space_actions.buy(ctx, p, action.target)
    elif action.what == "learn":
        guilds.learn(ctx, p, action.target)
    else:
        do_repair(ctx, p, action.target)


#: what the Coral Tiara gives back when a Battle of Wills is forced on its wearer
TIARA_MAGIC = 2


def tiara(ctx: Ctx, p: PlayerState, foe: Any, battle: str, defender: PlayerState | None) -> None:
    """Appendix "Coral Tiara": against a character who forces a Battle of Wills on her, or a
    Creature whose battle is Willpower first when she does not force Strength, its wearer
    regains Magic before anything is paid or cast."""
    if battle != "wills":
        return
    if defender is not None:
        who = defender  # the attacker forced it on the defender
    elif getattr(foe, "kind", "") == "creature" and getattr(foe, "first", "") == "wills":
        who = p
    else:
        return
    if any(i.card == "coral_tiara" and not i.damaged for i in who.items) and who.blue.left:
        recharge(ctx, who, TIARA_MAGIC, "coral_tiara")

