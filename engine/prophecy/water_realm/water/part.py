"""The Water Realm as a part of a Standard game (Water Realm expansion, "WATER REALM" and the
"Lord of the Sea" variant): where its rules plug into the Standard ones (`parts.Part`).

Set-up (`prepare`): the realm's cards dealt on its board, the Gate shuffled in among the Lesser
Guardians, +1 Power Up on the Astral Planes, Legends of the Deeps in the Chance deck, the
Underwater Abilities shuffled; in "Lord of the Sea" no Greater Guardian, no Artifact, no Pearl,
and the Lord waiting in his palace. A character in the realm plays her turn by its rules
(`turn_begins`, `takes_over`, `check`, `legal`, `dispatch`): no Chance card, a Bubble at the
start of each round, moves on the grid, the realm's cards. In a Battle of Strength there each
hand holding an Item costs 1 (`figure_bonus`), a Pearl of the Abyss gives +1 against a character
without one, and the realm settles its own battles (`battle_over`). The rules themselves are in
water/core (Bubbles, geometry), water/board (the board) and water/gate (the Gate, the Palace,
the end of the game).
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.pending import Pending
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content_standard import StartOfRound
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, round_start_items, would_change
from engine.prophecy.standard import artifacts, battle, moves, parts, powers
from engine.prophecy.standard.state import HIDDEN, StdBattle
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.turns import end_turn
from engine.prophecy.water_realm.water import board as water_board
from engine.prophecy.water_realm.water import core as water_core
from engine.prophecy.water_realm.water import gate as water_gate
from engine.prophecy.water_realm.water import palace as water_palace
from engine.prophecy.water_realm.water.actions import (
    WATER_ACTIONS,
    WaterExit,
    WaterMermaid,
    WaterReveal,
    WaterSense,
    WaterShark,
    WaterSquid,
    WaterStay,
    WaterSteer,
    WaterStorm,
    WaterSwim,
)
from engine.prophecy.water_realm.water.content import pack_cards, water_pack
from engine.prophecy.water_realm.water.core import diver, lord_variant, neighbours, plays_water, use_bubbles, wp, wstate
from engine.prophecy.water_realm.water.state import WaterState, WaterTurn

#: every action type of the realm
WATER_TYPES = frozenset(cls.model_fields["type"].default for cls in WATER_ACTIONS)
#: what answers each question of the realm
ASK_ACTIONS = {"exit": "water_exit", "squid": "water_squid", "mermaid": "water_mermaid", "reveal": "water_reveal",
               "steer": "water_steer"}
#: what a character in the realm may do in each phase of her turn
DIVER_PHASE = {
    "move": {"water_move", "water_stay", "use_ability"},
    "fight": {"fight", "attack", "avoid", "water_shark"},
    "act": {"water_take", "attack", "water_swim", "end_turn", "use_ability"},
}
DIVER_ANY = {"use_item", "water_sense", "water_storm"}
#: what a character on the main board may do of the realm's (checked by their rules)
MAIN_TYPES = {"water_enter", "water_pearl", "water_storm"}


class WaterPart(parts.Part):
    id = "water"
    action_types = WATER_TYPES

    def active(self, state: ProphecyState) -> bool:
        return plays_water(state)

    # ------------------------------------------------------------------------- content
    def pack_cards(self, expansion: Any) -> Any:
        if expansion is None or not expansion.water_realm:
            return None
        from engine.prophecy.content_standard import standard_pack_by_id

        sp = standard_pack_by_id("standard")
        limits = (sp.rules.item_limit.value or 0, sp.figures.ability_limit.value or 0)
        return pack_cards(water_pack("water"), limits, next(iter(sp.base.guilds)))

    # ------------------------------------------------------------------------- set-up
    def prepare(self, ctx: Ctx) -> None:
        st = ctx.state
        sst = powers.sstate(ctx)
        if not plays_water(st):
            return
        pack = wp()
        cells, aside = water_board.deal(ctx)
        under = pack.underwater_ids()
        st.rng.shuffle(under)
        w = WaterState(cells=cells, aside=aside, underwater=under)
        sst.water = w
        _purge_setup(ctx)
        # the Gate among the five Lesser Guardians, nobody knowing where (rulebook "Gate to the Water Realm")
        gate = water_palace.gate_id()
        if not any(pl.lesser == gate for pl in sst.planes):
            plane = sst.planes[st.rng.below(len(sst.planes))]
            plane.lesser = gate
        for plane in sst.planes:  # "Astral Planes Power Up"
            plane.power_up += pack.fig("power_up")
        if lord_variant(st):  # "Lord of the Sea": no Greater Guardian, no Artifact, no Pearl
            for plane in sst.planes:
                plane.greater = None
                plane.artifact = None
            w.lord = pack.data.lord.id
        else:
            w.pearls_left = len(st.players)
        legends = pack.data.legends.id
        st.decks.chance.draw.append(legends)
        st.rng.shuffle(st.decks.chance.draw)
        ctx.emit("water_realm_prepared", None, cards=len(pack.grid.card_spaces()), aside=len(aside),
                 lord=w.lord is not None)

    # ------------------------------------------------------------------------- turns
    def turn_begins(self, ctx: Ctx, p: PlayerState, extra: bool) -> bool:
        if powers.sstate(ctx).water is None:
            return False
        w = wstate(ctx.state)
        if w.storm == p.player and not extra:
            w.storm = None
            ctx.emit("water_storm_ends", p.player)
        _sweep(ctx)
        w.turn = WaterTurn()
        d = diver(ctx.state, p.player)
        if d is None:
            return False
        turn = ctx.state.turn
        assert turn is not None
        if not extra:
            _start_of_round(ctx, p)
            waiting_in_palace = d.cell == wp().grid.palace_index and not lord_variant(ctx.state)
            if not waiting_in_palace and p.alive:
                use_bubbles(ctx, p, wp().fig("round_bubbles"), "round")
        if not p.alive or ctx.state.status != "active":
            _sweep(ctx)  # she drowned
            return True
        d.held = water_board.held_here(ctx.state, p.player)
        turn.phase = "move"
        ctx.emit("water_turn", p.player, cell=d.cell, bubbles=d.bubbles, held=d.held)
        return True

    def turn_ends(self, ctx: Ctx, p: PlayerState) -> None:
        """Artifacts of the dead go to the first character who ends her turn on their space."""
        d = diver(ctx.state, p.player)
        if d is None or not p.alive:
            return
        for card in powers.sstate(ctx).dropped.pop(water_core.place_id(d.cell), []):
            if ctx.state.status != "active":
                return
            artifacts.gain(ctx, p, card, "picked_up")

    def after_action(self, ctx: Ctx) -> None:
        """A lost Health in a fight between characters in the realm costs a Bubble too
        (rulebook "Combat Between Characters"); cards that left the game are put away."""
        for e in ctx.events:
            if e.kind == "health_lost" and e.data.get("reason") == "character_fight" and e.player:
                q = ctx.state.player(e.player)
                if q.alive and diver(ctx.state, q.player) is not None:
                    use_bubbles(ctx, q, wp().fig("duel_bubbles"), "character_fight")
        _sweep(ctx)

    # ------------------------------------------------------------------------- asking
    def pending(self, state: ProphecyState) -> Pending | None:
        sst = state.standard
        assert sst is not None
        w = sst.water
        if w is None or sst.decisions:
            return None
        if w.asks:
            a = w.asks[0]
            return Pending(player=a.player, kind=f"water_ask_{a.kind}",
                           data={"round": state.round, "options": list(a.options), "reason": a.reason})
        t = state.turn
        if t is None or t.item_choices or sst.turn.battle is not None:
            return None
        d = w.divers.get(t.player)
        if d is None or self._other_question(state):
            return None  # (another part's question, asked of anyone, comes before the diver's turn)
        return Pending(player=t.player, kind=f"water_{t.phase}",
                       data={"round": state.round, "cell": d.cell, "bubbles": d.bubbles, "fight": w.turn.fight,
                             "over": w.turn.over})

    def _other_question(self, state: ProphecyState) -> bool:
        """Another part waits on a question (the Ten Artifacts' choice, a blind dig...): the
        legal answers then come from that part alone (`rules.legal`), so the pending decision
        must be that part's too, or nobody could act."""
        ctx = Ctx(state=state, pack=powers.spack(state).as_pack())
        return any(part is not self and part.answers(ctx, "") is not None for part in parts.active_parts(state))

    def takes_over(self, state: ProphecyState, player: str) -> bool:
        sst = state.standard
        if sst is None or sst.water is None:
            return False
        w = sst.water
        if w.asks:
            return True
        return player in w.divers and sst.turn.battle is None

    def check(self, state: ProphecyState, actor: str, action_type: str) -> bool:
        sst = state.standard
        assert sst is not None
        w = sst.water
        if w is None:
            return False
        answers = set(ASK_ACTIONS.values())
        if w.asks:
            a = w.asks[0]
            if actor != a.player:
                raise RuleError("error.not_your_turn", active=a.player)
            if action_type != ASK_ACTIONS[a.kind]:
                raise RuleError("error.water_answer_first")
            return True
        if action_type in answers:
            raise RuleError("error.no_decision")
        t = state.turn
        if t is None or t.item_choices or sst.turn.battle is not None:
            return False
        if t.player != actor:
            if action_type in WATER_TYPES:
                raise RuleError("error.not_your_turn", active=t.player)
            return False
        p = state.player(actor)
        if actor in w.divers:
            if not p.alive:
                raise RuleError("error.character_dead")
            if action_type not in DIVER_PHASE[t.phase] | DIVER_ANY:
                raise RuleError("error.wrong_phase", phase=t.phase, action=action_type)
            return True
        if action_type in MAIN_TYPES:
            if not p.alive:
                raise RuleError("error.character_dead")
            return True
        return False

    # ------------------------------------------------------------------------- actions
    def answers(self, ctx: Ctx, actor: str) -> list[Any] | None:
        w = powers.sstate(ctx).water
        if w is None or not w.asks or powers.sstate(ctx).decisions:
            return None
        a = w.asks[0]
        return list(_answers(ctx, a)) if a.player == actor and ctx.state.player(actor).alive else []

    def legal(self, ctx: Ctx, p: PlayerState) -> Iterator[Any]:
        if powers.sstate(ctx).water is None:
            return
        w = wstate(ctx.state)
        if w.asks:
            a = w.asks[0]
            if a.player == p.player:
                yield from _answers(ctx, a)
            return
        if powers.sstate(ctx).turn.battle is not None:
            return  # a battle waits for its roll: the Standard rules list what may be done
        if diver(ctx.state, p.player) is not None:
            yield from _diver_actions(ctx, p)
            return
        yield from water_gate.enter_options(ctx, p)
        yield from water_gate.pearl_options(ctx, p)
        if water_gate.can_storm(ctx, p):
            yield WaterStorm()

    def dispatch(self, ctx: Ctx, p: PlayerState, action: Any) -> bool:
        if powers.sstate(ctx).water is None:
            return False
        w = wstate(ctx.state)
        t = action.type
        if w.asks:
            _answer(ctx, p, action)
            return True
        if diver(ctx.state, p.player) is not None:
            return _diver_dispatch(ctx, p, action)
        if t == "water_enter":
            water_gate.enter(ctx, p, action)
        elif t == "water_pearl":
            water_gate.pay_with_pearl(ctx, p, action)
        elif t == "water_storm":
            water_gate.storm(ctx, p)
        elif t == "attack":
            return water_gate.attack_gate(ctx, p, action)
        elif t == "move":
            return water_gate.storm_move(ctx, p, action)
        else:
            return False
        return True

    # ------------------------------------------------------------------------- battles
    def figure_bonus(self, ctx: Ctx, who: PlayerState, battle: str, opponent: str, item_cards: list[Any],
                     against: PlayerState | None) -> int:
        out = 0
        w = wstate(ctx.state)
        if against is not None and who.player in w.pearls and against.player not in w.pearls:
            out += wp().fig("pearl_bonus")  # "Pearl of the Abyss"
        if battle == "strength" and diver(ctx.state, who.player) is not None and opponent != "guardian" \
                and not water_board.has_power(ctx.state, who.player, "underwater_combat"):
            hands = sum(c.hands for c in item_cards if c.slot in ("weapon", "hand"))
            out -= wp().fig("hand_penalty") * hands  # "Penalty for Underwater Combat"
        return out

    def battle_begins(self, ctx: Ctx, p: PlayerState, foe: Any, battle_kind: str, defender: PlayerState | None) -> None:
        water_gate.tiara(ctx, p, foe, battle_kind, defender)

    def battle_total(self, ctx: Ctx, p: PlayerState, b: StdBattle, total: int) -> int:
        cap = wstate(ctx.state).turn.shark_cap
        if cap is not None and diver(ctx.state, p.player) is not None and wp().power_of(b.card) == "skeletal_shark":
            return min(total, cap)
        return total

    def battle_over(self, ctx: Ctx, p: PlayerState, b: StdBattle, result: str) -> bool:
        if diver(ctx.state, p.player) is None or b.opponent == "character":
            return False
        if b.opponent == "guardian":
            water_gate.guardian_result(ctx, p, b, result)
        elif b.target == "lord":
            water_gate.lord_result(ctx, p, result)
        else:
            water_board.creature_result(ctx, p, b.target, result)
        return True

    # ------------------------------------------------------------------------- the end
    def attackable(self, state: ProphecyState, plane_id: str) -> bool:
        w = state.standard.water if state.standard is not None else None
        return w is None or w.gate != plane_id

    def plane_card_looked(self, ctx: Ctx, p: PlayerState, plane_id: str, slot: str) -> bool:
        plane = powers.sstate(ctx).plane(plane_id)
        if slot == "lesser" and plane.lesser == water_palace.gate_id():
            water_gate.reveal_gate(ctx, p, plane, "dream")
            return True
        return False

    def win_blocked(self, ctx: Ctx, p: PlayerState) -> bool:
        return water_gate.win_blocked(ctx, p)

    def final_battle_called(self, ctx: Ctx) -> None:
        w = wstate(ctx.state)
        water_gate.bring_back(ctx, "final_battle")
        if not w.closed:
            w.closed = True
            ctx.emit("water_gate_closed", None)

    def chance_card(self, ctx: Ctx, card_id: str) -> bool:
        if card_id != wp().data.legends.id:
            return False
        water_gate.legends(ctx)
        return True

    def skipped_in_final_battle(self, state: ProphecyState, card_id: str) -> bool:
        return card_id == wp().data.legends.id

    def away(self, state: ProphecyState, pid: str) -> bool:
        return diver(state, pid) is not None

    def location(self, state: ProphecyState, p: PlayerState) -> str | None:
        d = diver(state, p.player)
        return water_core.place_id(d.cell) if d is not None else None

    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        """Face-down cards of the board, the cards set aside, and the Underwater deck's order."""
        sd = data.get("standard") or {}
        w = sd.get("water")
        if not w:
            return
        for cell in w["cells"]:
            if cell is not None and not cell["up"]:
                cell["card"] = HIDDEN
        w["aside"] = [HIDDEN] * len(w["aside"])
        w["underwater"] = sorted(w["underwater"])

    def rename(self, state: ProphecyState, old: str, new: str) -> None:
        w = wstate(state)
        w.divers = {(new if k == old else k): v for k, v in w.divers.items()}
        w.pearls = [new if x == old else x for x in w.pearls]
        for attr in ("mermaid", "storm"):
            if getattr(w, attr) == old:
                setattr(w, attr, new)
        for a in w.asks:
            a.player = new if a.player == old else a.player


# ------------------------------------------------------------------------------ helpers


def _start_of_round(ctx: Ctx, p: PlayerState) -> None:
    """Start-of-round powers work in the realm, which counts as wilderness (ruling
    water_start_of_round); the Banner of Hope is rolled there too ("Using Banner of Hope")."""
    round_start_items(ctx, p)
    for card, eff in powers.effects_of(ctx.state, p.player, StartOfRound):
        if eff.where in ("anywhere", "wilderness"):
            apply_effect(ctx, p, eff.gain, card.id)


def _purge_setup(ctx: Ctx) -> None:
    """The Standard set-up deals from the game's pack, which holds the realm's cards: none of
    them belongs in the Item, Adventure or guild decks, nor on offer at a guild (their own
    places are the board, the Underwater deck and the Palace)."""
    st = ctx.state
    sst = powers.sstate(ctx)
    pack = wp()
    mine = set(pack.item_ids()) | set(pack.creature_ids()) | set(pack.waterlore_ids()) | set(pack.underwater_ids())
    for name in ("common", "rare", "adventure"):
        deck = getattr(st.decks, name)
        deck.draw = [c for c in deck.draw if c not in mine]
    for guild, deck in sst.guild_decks.items():
        deck[:] = [c for c in deck if c not in mine]
        offer = sst.guild_offers.get(guild, [])
        if any(c in mine for c in offer):
            kept = [c for c in offer if c not in mine]
            if not kept and deck:
                kept = [deck.pop()]
            sst.guild_offers[guild] = kept
    # the line of a realm card turned up at a guild gives way, in its place among the other
    # guilds' lines, to the card that guild offers instead
    shown = {(e.data.get("guild"), e.data.get("card")) for e in ctx.events if e.kind == "ability_offered"}
    events: list[Event] = []
    for e in ctx.events:
        if e.kind != "ability_offered" or e.data.get("card") not in mine:
            events.append(e)
            continue
        offered_by = e.data.get("guild")
        for card in sst.guild_offers.get(offered_by or "", []):  # every such line names its guild
            if (offered_by, card) not in shown:
                shown.add((offered_by, card))
                events.append(Event(kind="ability_offered", player=None, reveals=True,
                                    data={"guild": offered_by, "card": card, "replaced": None}))
    ctx.events[:] = events
    for guild, offer in sst.guild_offers.items():
        for card in offer:
            if (guild, card) not in shown:
                ctx.emit("ability_offered", None, reveals=True, guild=guild, card=card, replaced=None)


def _sweep(ctx: Ctx) -> None:
    """Cards of the realm that left play go where the rules send them: a discarded Item or
    Waterlore Ability out of the game, an Underwater Ability to the bottom of its own deck
    (rulebook "Items", "Waterlore Abilities", "Underwater Abilities"); the dead leave the realm."""
    st = ctx.state
    sst = st.standard
    if sst is None or sst.water is None:
        return
    w = sst.water
    items, lore, under, creatures = wp().id_sets()
    for name, ids in (("common", items), ("rare", items), ("adventure", creatures)):
        deck = getattr(st.decks, name)
        for pile in (deck.draw, deck.discard):
            if ids.isdisjoint(pile):
                continue  # the usual case, told by one set test (issue #30: this runs after every action)
            for c in [c for c in pile if c in ids]:
                pile.remove(c)
                if name != "adventure":
                    w.removed.append(c)
    for deck in sst.guild_decks.values():
        if under.isdisjoint(deck) and lore.isdisjoint(deck):
            continue
        for c in [c for c in deck if c in under or c in lore]:
            deck.remove(c)
            if c in under:
                w.underwater.insert(0, c)
            else:
                w.removed.append(c)
    for pid in [pid for pid in w.divers if not st.player(pid).alive]:
        w.divers.pop(pid)
        st.player(pid).board = "main"
    if w.mermaid is not None and not st.player(w.mermaid).alive:
        w.removed.append("the_little_mermaid")
        w.mermaid = None


def _answers(ctx: Ctx, a: Any) -> Iterator[Any]:
    if a.kind == "exit":
        yield from (WaterExit(space=s) for s in a.options)
    elif a.kind == "squid":
        yield WaterSquid(again=True)
        yield WaterSquid(again=False)
    elif a.kind == "mermaid":
        yield WaterMermaid(stay=False)
        yield WaterMermaid(stay=True)
    elif a.kind == "reveal":
        yield from (WaterReveal(cell=int(c)) for c in a.options)
    elif a.kind == "steer":
        yield from (WaterSteer(direction=d) for d in a.options)


def _answer(ctx: Ctx, p: PlayerState, action: Any) -> None:
    w = wstate(ctx.state)
    a = w.asks[0]
    if action not in list(_answers(ctx, a)):
        raise RuleError("error.water_not_an_option")
    w.asks.pop(0)
    if a.kind == "exit":
        water_palace.leave(ctx, p, action.space, then=a.then, how=a.reason or "current")
    elif a.kind == "squid":
        if action.again:
            water_board.squid_again(ctx, p)
        else:
            water_board.squid_go(ctx, p)
    elif a.kind == "mermaid":
        if action.stay:
            ctx.emit("water_mermaid_stays", p.player, card="the_little_mermaid")
            from engine.prophecy.endgame import retire

            retire(ctx, p)
        else:
            ctx.emit("water_mermaid_goes", p.player, card="the_little_mermaid")
    elif a.kind == "reveal":
        water_gate.reveal_answer(ctx, p, a, action.cell)
    else:
        water_board.steer(ctx, p, a, action.direction)


def _instead_uses(ctx: Ctx, p: PlayerState) -> list[Any]:
    """The Standard Abilities she may use in the realm: instead of moving (not one that needs a
    kind of terrain: rulebook "Abilities Instead of Movement"), looking at a plane, another turn."""
    out = []
    for use in moves.ability_uses(ctx, p):
        card = powers.spack(ctx.state).ability(use.ability)
        if any(e.kind == "instead_of_movement" and e.action == "by_terrain" for e in card.effects):
            continue
        out.append(use)
    return out


def _fight_target(ctx: Ctx, p: PlayerState) -> Any:
    """The battle waiting in her space: a Creature of the grid, the Lord, the Palace's Guardian."""
    w = wstate(ctx.state)
    target = w.turn.fight
    if target == "lord":
        card = ctx.pack.creature(wp().data.lord.id)
        foe = battle.creature_foe(card)
        bonus = wp().fig("lord_bonus")
        from dataclasses import replace

        return replace(foe, strength=(foe.strength or 0) + bonus, willpower=(foe.willpower or 0) + bonus,
                       power_up=bonus)
    if target == "guardian":
        plane = water_palace.gate_plane(ctx)
        assert plane is not None
        return battle.guardian_foe(ctx, plane.id)
    assert target is not None
    return battle.creature_foe(water_board.creature_of(ctx, target))


def _sense_options(ctx: Ctx, p: PlayerState) -> list[WaterSense]:
    card_id = water_board.power_card(ctx.state, p.player, "pressure_sense")
    d = diver(ctx.state, p.player)
    if card_id is None or d is None:
        return []
    card = powers.spack(ctx.state).ability(card_id)
    if not powers.available(ctx.state, p.player, card) or not powers.can_pay_cost(p, card.cast):
        return []
    return [WaterSense(cell=c) for c in neighbours(d.cell) if c >= 0 and (gc := water_board.card_at(ctx.state, c)) is not None
            and not gc.up]


def _diver_actions(ctx: Ctx, p: PlayerState) -> Iterator[Any]:
    t = ctx.state.turn
    assert t is not None
    w = wstate(ctx.state)
    d = diver(ctx.state, p.player)
    assert d is not None
    sst = powers.sstate(ctx)
    if t.phase == "move":
        yield from water_board.moves(ctx, p)
        yield WaterStay()
        yield from (u for u in _instead_uses(ctx, p))
    elif t.phase == "fight":
        target = w.turn.fight
        foe = _fight_target(ctx, p)
        if target == "guardian":
            plane = water_palace.gate_plane(ctx)
            assert plane is not None
            yield from battle.loadout_actions(ctx, p, foe, plane.id)
        elif target != "lord" and wp().power_of(foe.card) == "skeletal_shark" and w.turn.shark_cap is None:
            yield from (WaterShark(magic=m) for m in range(p.blue.right + 1))
        else:
            yield from battle.loadout_actions(ctx, p, foe, None)
            if target != "lord" and powers.avoids(ctx.state, p.player, list(foe.tags)) is not None:
                yield prophecy_actions.Avoid()
    else:
        if not w.turn.over:
            yield from water_board.takeable(ctx, p)
            if not sst.turn.attacked:
                for q in water_board.others_at(ctx.state, p.player, d.cell):
                    yield from battle.loadout_actions(ctx, p, battle.character_foe(ctx, ctx.state.player(q)), q)
        yield from (u for u in _instead_uses(ctx, p))
        swim = water_board.power_card(ctx.state, p.player, "swimming")
        if swim is not None and swim not in sst.players[p.player].round_used and d.bubbles >= 1:
            yield WaterSwim()
        yield prophecy_actions.EndTurn()
    yield from _sense_options(ctx, p)
    if water_gate.can_storm(ctx, p):
        yield WaterStorm()
    for item in p.items:
        card = ctx.pack.item(item.card)
        if card.use is not None and not item.damaged and would_change(ctx, p, card.use):
            yield prophecy_actions.UseItem(item=item.uid)


def _diver_dispatch(ctx: Ctx, p: PlayerState, action: Any) -> bool:
    t = action.type
    turn = ctx.state.turn
    assert turn is not None
    w = wstate(ctx.state)
    sst = powers.sstate(ctx)
    if t == "water_move":
        water_board.do_move(ctx, p, action)
    elif t == "water_stay":
        water_board.stay(ctx, p)
    elif t == "water_take":
        water_board.take(ctx, p, action)
    elif t == "use_ability":
        if action not in _instead_uses(ctx, p):
            raise RuleError("error.ability_not_usable", ability=action.ability)
        kind = moves.use_ability(ctx, p, action)
        if kind == "instead" and turn.phase == "move":
            water_board.stay(ctx, p, via=action.ability)
    elif t == "water_swim":
        if WaterSwim() not in list(_diver_actions(ctx, p)):
            raise RuleError("error.water_cannot_swim")
        card = water_board.held_power_card(ctx.state, p.player, "swimming")
        use_bubbles(ctx, p, 1, "swimming")
        sst.players[p.player].round_used.append(card)
        turn.extra_turns += 1
        ctx.emit("water_swam", p.player, card=card)
    elif t == "water_sense":
        if action not in _sense_options(ctx, p):
            raise RuleError("error.water_cannot_sense")
        sense = powers.spack(ctx.state).ability(water_board.held_power_card(ctx.state, p.player, "pressure_sense"))
        from engine.prophecy.effects import pay

        pay(ctx, p, sense.cast, sense.id)
        powers.mark_used(ctx, p.player, sense)
        water_board.reveal(ctx, action.cell, p.player, sense.id)
    elif t == "water_storm":
        water_gate.storm(ctx, p)
    elif t == "water_shark":
        if turn.phase != "fight" or action not in list(_diver_actions(ctx, p)):
            raise RuleError("error.water_not_the_shark")
        w.turn.shark_cap = action.magic
        if action.magic:
            from engine.prophecy.content import Cost
            from engine.prophecy.effects import pay

            pay(ctx, p, Cost(magic=action.magic), "skeletal_shark")
        ctx.emit("water_shark_paid", p.player, magic=action.magic, card="skeletal_shark")
    elif t == "fight":
        if turn.phase != "fight" or w.turn.fight in (None, "guardian"):
            raise RuleError("error.no_creature")
        foe = _fight_target(ctx, p)
        if wp().power_of(foe.card) == "skeletal_shark" and w.turn.shark_cap is None:
            raise RuleError("error.water_shark_first")
        battle.start(ctx, p, foe, w.turn.fight, action)
    elif t == "attack":
        _attack(ctx, p, action)
    elif t == "avoid":
        if turn.phase != "fight" or w.turn.fight in (None, "guardian", "lord"):
            raise RuleError("error.no_creature")
        foe = _fight_target(ctx, p)
        power = powers.avoids(ctx.state, p.player, list(foe.tags))
        if power is None:
            raise RuleError("error.cannot_avoid", card=foe.card)
        ctx.emit("creature_avoided", p.player, card=foe.card, ability=power.id)
        d = diver(ctx.state, p.player)
        assert d is not None
        d.held = False
        water_core.set_act(ctx)
    elif t == "end_turn":
        if turn.phase != "act":
            raise RuleError("error.wrong_phase", phase=turn.phase, action=t)
        end_turn(ctx)
    else:
        return False  # Items, rolls: the Standard rules
    return True


def _attack(ctx: Ctx, p: PlayerState, action: Any) -> None:
    """The Palace's Guardian (as attacking an Astral Plane), or another character here."""
    turn = ctx.state.turn
    assert turn is not None
    w = wstate(ctx.state)
    sst = powers.sstate(ctx)
    d = diver(ctx.state, p.player)
    assert d is not None
    if ctx.state.has_player(action.target):
        if turn.phase != "act" or w.turn.over or sst.turn.attacked \
                or action.target not in water_board.others_at(ctx.state, p.player, d.cell):
            raise RuleError("error.cannot_attack_character", target=action.target)
        battle.attack_character(ctx, p, action.target, action)
        return
    plane = water_palace.gate_plane(ctx)
    if w.turn.fight != "guardian" or plane is None or action.target != plane.id:
        raise RuleError("error.cannot_attack_plane", target=action.target)
    foe = battle.guardian_foe(ctx, plane.id)
    battle.battle_cost(ctx, p, foe, action.battle)
    sst.turn.attacked = True
    ctx.emit("plane_attacked", p.player, plane=plane.id, tier="greater")
    battle.start(ctx, p, foe, plane.id, action)


PART = WaterPart()
if all(p.id != PART.id for p in parts.all_parts()):
    # first in line: a question of the realm (Legends of the Deeps asked of a character on
    # Treasure Island, a current's way) is answered before another part's turn goes on
    parts._PARTS.insert(0, PART)  # noqa: SLF001
