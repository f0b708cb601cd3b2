"""Treasure Island as a part of a Standard game (Water Realm expansion, "Treasure Island",
"Game Variants": Treasure Island, Level of Interaction, Random Treasures, Treasure Hunters Game).

Set up: the Treasure deck shuffled and, once the characters are chosen, three turned face up
(Random Treasures: none; Treasure Hunters: two more than players, the rest out of the game, and no Artifact on the planes), the
twelve Map Fragments shuffled, Treasure Map and Treasure Maps shuffled into the Chance deck.
The rules live in island/moves (the island as a place), island/maps (fragments and battles for
them), island/dig (digging) and island/treasures (what Treasures do); this module registers the
part and routes the Standard hooks to them.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.core.pending import Pending
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import pack_by_id
from engine.prophecy.content_standard import StartOfRound
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, round_start_items, would_change
from engine.prophecy.standard import battle, duel, parts, planes, powers
from engine.prophecy.standard.chance import draw_chance
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards import smith as wr_cards_smith
from engine.prophecy.water_realm.cards.common import plays_new_cards, split_variants
from engine.prophecy.water_realm.cards.content import VariantItem
from engine.prophecy.water_realm.cards.content import pack_cards as wr_cards_pack_cards
from engine.prophecy.water_realm.island import dig as island_dig
from engine.prophecy.water_realm.island import maps as island_maps
from engine.prophecy.water_realm.island import moves as island_moves
from engine.prophecy.water_realm.island import treasures as island_treasures
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.state import ISLAND, ON_ISLAND

#: the actions only this part checks and applies
ISLAND_TYPES = frozenset({"island_go", "island_leave", "island_stay", "island_collect", "island_dig",
                          "island_dig_blind", "island_keep", "island_map_battle", "island_spoils"})
#: Standard actions a character on the island may take (the part applies an attack and an Ability
#: used instead of moving there; Items and ending the turn are the Standard rules')
ON_ISLAND_STANDARD = frozenset({"attack", "use_ability", "use_item", "end_turn"})


def playing(state: ProphecyState) -> bool:
    std = state.options.standard
    return std is not None and std.expansion is not None and std.expansion.treasure_island


class TreasureIsland(parts.Part):
    id = "island"
    action_types = ISLAND_TYPES

    def active(self, state: ProphecyState) -> bool:
        return playing(state)

    def pack_cards(self, expansion: Any) -> parts.PackCards | None:
        """The Treasures join the Items (Rare, 5 Gold a map), the two Chance cards the base
        Chance cards (their behaviour is `chance_card`). A Treasure set into an Item like an
        Astral Stone (Appendix "Astral Stones") makes a variant card of that Item, looked up,
        never dealt: one for every printed Item it fits, the other Treasures and, with the new
        cards, their Items and a smith's settings too."""
        if not expansion.treasure_island:
            return None
        content = island_content()
        treasures = content.treasure_items()
        targets: list[Any] = [*pack_by_id("base").items, *treasures]
        if getattr(expansion, "new_cards", False):
            new_items, _adv = wr_cards_pack_cards(bool(getattr(expansion, "mad_riddler", True)))
            targets += [c for c in new_items if not isinstance(c, VariantItem)
                        or (c.setting and not c.stone and not c.copied)]
        return parts.PackCards(items=(*treasures, *content.stone_variants(targets)),
                               chance=tuple(content.chance_cards()))

    # -- set up ----------------------------------------------------------------------------
    def prepare(self, ctx: Ctx) -> None:
        st = ctx.state
        exp = st.options.std().exp()
        content = island_content()
        i = island_maps.ensure(ctx)
        i.playing = True
        rng = st.rng
        deck = [t.id for t in content.treasures]
        rng.shuffle(deck)
        fragments = [f.id for f in content.fragments]
        rng.shuffle(fragments)
        i.fragments = fragments
        i.held = {p.player: [] for p in st.players}
        i.deck = deck
        if exp.treasure_hunters:
            i.fame = {p.player: 0 for p in st.players}
            for plane in powers.sstate(ctx).planes:
                plane.artifact = None  # "Treasure Hunters Game": no Artifacts on the planes
        treasures = {t.id for t in content.treasures}
        # the Treasures are Rare Items of the game's pack, but they lie on the island, not in the Rare deck
        st.decks.rare.draw = [c for c in st.decks.rare.draw if c not in treasures]
        chance = st.decks.chance
        for card in content.chance:
            chance.draw.append(card.id)
        rng.shuffle(chance.draw)

    def characters_chosen(self, ctx: Ctx) -> None:
        """"At the beginning of the game, after choosing characters, turn the top three Treasure
        cards face-up" ("Set up"): nobody picks a character knowing which Treasures wait. The
        Treasure Hunters' Treasures are turned up at the same moment; Random Treasures turns
        none."""
        st = ctx.state
        exp = st.options.std().exp()
        content = island_content()
        i = island_maps.ensure(ctx)
        if exp.treasure_hunters:
            n = len(st.players) + content.figures.hunters_extra_treasures.value
            i.up = [i.deck.pop() for _ in range(min(n, len(i.deck)))]
            i.deck = []
        elif not exp.random_treasures:
            i.up = [i.deck.pop() for _ in range(content.figures.face_up.value)]
        ctx.emit("island_prepared", None, reveals=True, cards=list(i.up), deck=len(i.deck),
                 hunters=exp.treasure_hunters, blind=exp.random_treasures)

    # -- what the game waits on ------------------------------------------------------------
    def pending(self, state: ProphecyState) -> Pending | None:
        if not _free(state):
            return None
        i = state.std().island_state()
        data = {"round": state.round}
        if i.blind is not None:
            return Pending(player=i.blind.player, kind="island_blind", data={**data, "drawn": len(i.blind.drawn)})
        if i.spoils is not None:
            return Pending(player=i.spoils.winner, kind="island_spoils", data={**data, "other": i.spoils.loser})
        t = state.turn
        assert t is not None
        p = state.player(t.player)
        if island_moves.on_island(p) and p.alive and state.std().turn.battle is None:
            return Pending(player=p.player, kind="island_move" if t.phase == "move" else "island_act", data=data)
        return None

    def answers(self, ctx: Ctx, actor: str) -> list[Any] | None:
        if not _free(ctx.state):
            return None
        i = island_maps.isl(ctx)
        if i.blind is not None:
            return island_dig.blind_answers(ctx, actor)
        if i.spoils is not None:
            return island_maps.spoils_answers(ctx, actor)
        return None

    def takes_over(self, state: ProphecyState, player: str) -> bool:
        t = state.turn
        return (t is not None and t.player == player and island_moves.on_island(state.player(player))
                and state.std().turn.battle is None)

    def check(self, state: ProphecyState, actor: str, action_type: str) -> bool:
        t = state.turn
        if t is None or t.item_choices:
            return False
        i = state.std().island_state()
        asked = (i.blind.player, ("island_dig_blind", "island_keep")) if i.blind is not None else \
            (i.spoils.winner, ("island_spoils",)) if i.spoils is not None else None
        if asked is not None:
            if actor != asked[0]:
                raise RuleError("error.not_your_turn", active=asked[0])
            if action_type not in asked[1]:
                raise RuleError("error.island_answer_first")
            return True
        if action_type in ISLAND_TYPES:
            return _own_turn_out_of_battle(state, t.player, actor)
        if t.player == actor and island_moves.on_island(state.player(actor)) \
                and state.std().turn.battle is None:
            if action_type not in ON_ISLAND_STANDARD or (action_type in ("attack", "end_turn") and t.phase != "act"):
                raise RuleError("error.island_not_here", action=action_type)
            if not state.player(actor).alive:
                raise RuleError("error.character_dead")
            return True
        if action_type == "wrc_smith" and not plays_new_cards(state):
            # a Treasure set into an Item like an Astral Stone (Appendix "Astral Stones"), the
            # new cards' smith without the new cards (with them, their part checks it)
            return _own_turn_out_of_battle(state, t.player, actor)
        return False

    # -- her turn --------------------------------------------------------------------------
    def legal(self, ctx: Ctx, p: PlayerState) -> Iterator[Any]:
        if not _free(ctx.state) or powers.sstate(ctx).turn.battle is not None:
            return
        t = ctx.state.turn
        assert t is not None
        if island_moves.on_island(p):
            if t.phase == "move":
                yield from island_moves.away(ctx, p)
                yield from island_moves.ability_uses(ctx, p)
            elif t.phase == "act":
                yield from island_dig.dig_actions(ctx, p)
                targets = island_moves.island_targets(ctx, p)
                for q in targets:
                    yield from battle.loadout_actions(ctx, p, battle.character_foe(ctx, q), q.player)
                yield from island_maps.map_battle_actions(ctx, p, targets)
                yield from island_moves.ability_uses(ctx, p)
            for item in p.items:
                card = ctx.pack.item(item.card)
                if card.use is not None and not item.damaged and would_change(ctx, p, card.use):
                    yield prophecy_actions.UseItem(item=item.uid)
            if t.phase == "act":
                yield prophecy_actions.EndTurn()
            return
        if t.phase == "move":
            yield from island_moves.to_island(ctx, p)
        elif t.phase == "act":
            yield from island_maps.collect_actions(ctx, p)
            yield from island_maps.map_battle_actions(ctx, p, duel.targets(ctx, p))
            if p.board == "main" and not plays_new_cards(ctx.state):
                yield from wr_cards_smith.smith_actions(ctx, p)  # a Treasure set like a stone

    def dispatch(self, ctx: Ctx, p: PlayerState, action: Any) -> bool:
        t = action.type
        if t == "attack" and ctx.state.has_player(getattr(action, "target", "")):
            island_maps.mark_aggressive(ctx, p, action.target)
        if t == "island_go":
            island_moves.go(ctx, p, action)
        elif t == "island_leave":
            island_moves.leave(ctx, p, action)
        elif t == "island_stay":
            island_moves.stay(ctx, p)
        elif t == "island_collect":
            island_maps.collect(ctx, p)
        elif t == "island_dig":
            island_dig.dig(ctx, p, action)
        elif t == "island_dig_blind":
            island_dig.dig_blind(ctx, p)
        elif t == "island_keep":
            island_dig.keep(ctx, p, action)
        elif t == "island_spoils":
            if island_maps.isl(ctx).spoils is None:
                raise RuleError("error.no_decision")
            island_maps.answer_spoils(ctx, action)
        elif t == "island_map_battle":
            offered = list(self.legal(ctx, p))
            island_maps.declare(ctx, p, action, offered)
        elif t == "wrc_smith" and not plays_new_cards(ctx.state):
            wr_cards_smith.smith(ctx, p, action)
        elif island_moves.on_island(p) and t == "use_ability":
            island_moves.use_ability(ctx, p, action)
        elif island_moves.on_island(p) and t == "attack":
            attack_on_island(ctx, p, action)
        else:
            return False
        return True

    def after_action(self, ctx: Ctx) -> None:
        """A Treasure set into an Item leaves play with it: split back on the pile (the new
        cards' part does it when they are played)."""
        if not plays_new_cards(ctx.state):
            split_variants(ctx)

    def turn_begins(self, ctx: Ctx, p: PlayerState, extra: bool) -> bool:
        i = island_maps.isl(ctx)
        i.dug.clear()
        island_treasures.end_visions(ctx, p.player)
        sst = powers.sstate(ctx)
        if sst.final_battle is not None:
            for q in ctx.state.players:
                if q.board == ON_ISLAND:
                    q.board = "main"  # everyone stands on the Final Battle's space
        if not extra:
            island_treasures.foretell(ctx, p)
        if sst.final_battle is not None or not island_moves.on_island(p):
            return False
        # on the island: the start of her round and the Chance card as anywhere, but no
        # Creature of the ring space she left holds her there
        if not extra:
            round_start_items(ctx, p)  # the Banner of Hope's roll
            for card, eff in powers.effects_of(ctx.state, p.player, StartOfRound):
                if eff.where in ("anywhere", "wilderness"):
                    apply_effect(ctx, p, eff.gain, card.id)
            draw_chance(ctx)
        return True

    def battle_over(self, ctx: Ctx, p: PlayerState, b: Any, result: str) -> bool:
        if island_maps.battle_over(ctx, p, b, result):
            return True
        if b.opponent == "guardian" and result == "win" and island_maps.expansion(ctx.state).treasure_hunters:
            plane = powers.sstate(ctx).plane(b.target)
            if plane.greater == b.card:
                planes.guardian_done(ctx, p, b.target, b.card, result)
                i = island_maps.isl(ctx)
                i.held.setdefault(p.player, []).append(b.card)
                ctx.emit("island_guardian_map", p.player, card=b.card, count=i.count(p.player))
                return True
        return False

    def chance_card(self, ctx: Ctx, card_id: str) -> bool:
        return island_maps.treasure_map(ctx, card_id)

    def held_cards(self, state: ProphecyState, pid: str) -> list[Any]:
        return island_treasures.held_cards(state, pid)

    def battle_dice(self, ctx: Ctx, p: PlayerState, b: Any) -> tuple[int, int] | None:
        return island_treasures.battle_dice(ctx, p)

    def location(self, state: ProphecyState, p: PlayerState) -> str | None:
        return ISLAND if island_moves.on_island(p) else None

    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        i = (data.get("standard") or {}).get("island")
        if i is None:
            return
        i["deck"] = sorted(i.get("deck", []))
        i["fragments"] = sorted(i.get("fragments", []))
        i["foretold"] = {k: v for k, v in (i.get("foretold") or {}).items() if k == viewer}
        # "Keep your Map Fragments near your character card face down. Everyone should be able
        # to see how many you have" ("Collecting Map Fragments"): which ones, only she sees
        i["held"] = {pid: cards if pid == viewer else [HIDDEN] * len(cards)
                     for pid, cards in (i.get("held") or {}).items()}
        blind = i.get("blind")
        if blind is not None and blind["player"] != viewer:
            blind["drawn"] = [HIDDEN] * len(blind["drawn"])

    def rename(self, state: ProphecyState, old: str, new: str) -> None:
        island_maps.rename(state.std().island_state(), old, new)


def _own_turn_out_of_battle(state: ProphecyState, turn_player: str, actor: str) -> bool:
    """An action of the island's own kind: only on the actor's own turn, alive, no battle running."""
    if turn_player != actor:
        raise RuleError("error.not_your_turn", active=turn_player)
    if not state.player(actor).alive:
        raise RuleError("error.character_dead")
    if state.std().turn.battle is not None:
        raise RuleError("error.battle_running")
    return True


def _free(state: ProphecyState) -> bool:
    """No Standard decision nor Item choice comes first."""
    sst = state.standard
    t = state.turn
    return (sst is not None and sst.island is not None and state.status == "active" and t is not None
            and not sst.decisions and not t.item_choices)


def attack_on_island(ctx: Ctx, p: PlayerState, action: prophecy_actions.Attack) -> None:
    """An attack on another character on the island (as `attacks.attack` on the ring)."""
    if action.target not in {q.player for q in island_moves.island_targets(ctx, p)}:
        raise RuleError("error.cannot_attack_character", target=action.target)
    sst = powers.sstate(ctx)
    sst.turn.attacked = True
    defender = ctx.state.player(action.target)
    ctx.emit("character_attacked", p.player, defender=defender.player, battle=action.battle)
    battle.start(ctx, p, battle.character_foe(ctx, defender), defender.player, action)


parts.register(TreasureIsland())

__all__ = ["ISLAND", "TreasureIsland", "playing"]
