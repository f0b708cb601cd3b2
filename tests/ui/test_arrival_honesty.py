"""A move's line names only what the character could really use on arrival, in every Prophecy
edition and variant the plug-in offers, in English and Italian (issue #27, "move options say
what waits and what can be done on arrival").

The oracle is the engine itself, asked independently of the prompt's own preview: on a deep
copy of the real game the character is put on the destination (the way paid in Gold and
Magic, having moved or stayed, her movement over, in her act phase; the Creatures there taken
as beaten, as the line names them first) and every legal action is listed. Then, for each move
of each decision over seeded AI self-play:

* a market is named only when something is on display and she could buy or sell there, with
  every Item and its price (Basic rules "Buying and Selling Items"; Standard Haggling included);
* healing, recharging, repairs, Work, the Thieves' job and every other exchange, a guild's
  training and a Certificate are named exactly when the rules let her use them there (Basic
  "Special Spaces", "Possibilities Instead of Movement": Work only for whoever stays; Standard
  rulings instead_of_movement, training_cards); an Ability she cannot pay for is marked so;
* the Water Realm's Gate is named only when she may dive in, with exactly the bags she can pay
  for (Water Realm "Gate to the Water Realm", "Magic Bubble Bag"); a Map Fragment only when she
  could pick it up ("Collecting Map Fragments"); the smith only when a job is open to her.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.ai.simulate import play
from engine.prophecy import actions as A
from engine.prophecy.clone import clone
from engine.prophecy.content import CreatureCard, pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions
from engine.prophecy.standard import moves as std_moves
from engine.prophecy.standard.rules import pack_of
from engine.prophecy.standard.space_actions import buy_price
from engine.prophecy.standard.water_gate import bag_size
from gm.i18n import t
from systems import merge_options
from systems.prophecy import prompt_text as P
from systems.prophecy.names import Names
from systems.prophecy.plugin import EDITIONS, VARIANTS

LOCALES = ("en", "it")


def _configs() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for e in EDITIONS:
        out.append((e.key or "basic", dict(e.options)))
        for v in VARIANTS:
            if e.key in v.editions and v.unavailable_key is None:
                out.append((f"{e.key}+{v.key}", merge_options(e.options, [v])))
    return out


CONFIGS = _configs()


CONFIGS = _configs()


def _prefix(locale: str, key: str) -> str:
    """The words a sentence opens with (before its first placeholder)."""
    return t(locale, key, n="§", price="§", gold="§", items="§", guild="§", cost="§", bags="§", card="§",
             words="§").split("§")[0].strip()


def usable_on_arrival(game: Any, actor: str, move: A.Move) -> tuple[set[str], bool]:
    """Every legal action (no hint, no shortcut) of `actor` standing where `move` leads, on a
    deep copy of the real game; and whether a face-down card lay there."""
    hyp = clone(game)
    p = hyp.player(actor)
    if hyp.standard is not None:
        pack = pack_of(hyp)
        cost = next(c for m, c in std_moves.move_options(Ctx(hyp, pack), p) if m == move)
        gold, magic = cost.gold, cost.magic
    else:
        pack = pack_by_id(hyp.options.pack)
        gold, magic = next(c for m, c in move_options(pack, p, hyp.turn.held) if m == move), 0
    index = pack.space_index(move.to)
    p.space, p.gold = index, max(0, p.gold - gold)
    p.blue.right = max(0, p.blue.right - magic)
    here = hyp.spaces[index]
    face_down = any(not a.face_up for a in here)
    hyp.spaces[index] = [a for a in here if a.face_up and not isinstance(pack.adventure(a.card), CreatureCard)]
    hyp.turn = hyp.turn.model_copy(update={"phase": "act", "fight": None, "battle": None, "item_choices": [],
                                           "movement_done": True, "moved": move.method != "stay"})
    out: set[str] = set()
    for a in legal_actions(hyp, actor):
        key = {"exchange": "service", "learn": "ability", "train": "figure", "water_enter": "gold"}.get(a.type)
        out.add(f"{a.type}:{getattr(a, key)}" if key else a.type)
    return out, face_down


def check_move_line(shown: Any, game: Any, actor: str, move: A.Move, locale: str) -> None:
    """`move`'s line in the prompt built from the view `shown` names nothing the engine would
    refuse her on arrival, and everything it names has its figures."""
    standard = shown.standard is not None
    line = (P.std_destination_line if standard else P.destination_line)(shown, actor, move, locale, "·")
    ctx = P.std_ctx(shown) if standard else Ctx(shown, pack_by_id(shown.options.pack))
    space = ctx.pack.space(ctx.pack.space_index(move.to))
    n = Names(shown, locale)
    usable, face_down = usable_on_arrival(game, actor, move)
    said = (line, sorted(usable))
    for svc in space.services:
        if svc.kind == "market":
            offer = shown.offers.get(space.id, [])
            named = _prefix(locale, "prompt.service.market_offer") in line
            assert named == bool(offer and usable & {"buy", "sell"}), said  # never a market with nothing for sale
            arrived = shown.player(actor).model_copy(update={"space": space_index(ctx, move)})
            for item in offer if named else ():
                price = buy_price(ctx, arrived, item.card) if standard else ctx.pack.item(item.card).cost
                assert t(locale, "prompt.service.market_item", item=n.card(item.card), gold=price) in line, said
        elif svc.kind == "exchange":
            named = t(locale, f"service.{svc.id}") in line
            assert named == (f"exchange:{svc.id}" in usable), (svc.id, said)
            if svc.instead_of_movement and move.method != "stay":
                assert not named, said  # Work and the like: only for whoever stays
        elif svc.kind in ("heal", "recharge", "repair"):
            key = {"heal": "heal_up_to", "recharge": "recharge_up_to", "repair": "repair_priced"}[svc.kind]
            assert (_prefix(locale, f"prompt.service.{key}") in line) == (svc.kind in usable), (svc.kind, said)
        elif svc.kind == "certificate" and not standard and space.guild:
            # the Certificate is named at its price only when she may buy it (else held or out of reach)
            g = n.guild(space.guild)
            opening = t(locale, "prompt.service.certificate_priced", guild=g, cost="§").split("§")[0]
            held = t(locale, "prompt.service.certificate_held", guild=g)
            short_tail = t(locale, "prompt.service.certificate_short", guild=g, cost="§").split("§")[1]
            priced = opening in line and held not in line and short_tail not in line
            assert priced == ("certificate" in usable), said
    if standard and space.kind == "guild" and space.guild:
        for card_id in shown.standard.guild_offers.get(space.guild, []):
            short = t(locale, "splay.dest_ability_short", card=n.card(card_id),
                      cost=P.ability_cost(shown, actor, card_id, locale))
            assert (short in line) == (f"learn:{card_id}" not in usable), (card_id, said)
        trains = [u for u in usable if u.startswith("train:")]
        assert (_prefix(locale, "splay.dest_training") in line) == bool(trains), said
        for u in trains:
            assert P.training_words(shown, actor, u.split(":")[1], space.guild, locale) in line, said
    gate = sorted(int(u.split(":")[1]) for u in usable if u.startswith("water_enter:"))
    gate_words = (_prefix(locale, "prompt.service.gate"), _prefix(locale, "prompt.service.gate_no_bag"))
    assert any(w in line for w in gate_words) == bool(gate), said
    for gold in (g for g in gate if g):
        bubbles = bag_size(game, actor, gold)
        assert t(locale, "prompt.service.gate_bag", bubbles=bubbles, gold=gold) in line, said
    assert (t(locale, "prompt.service.map_fragment") in line) == ("island_collect" in usable and not face_down), said
    smith = (_prefix(locale, "prompt.service.smith"), _prefix(locale, "prompt.service.smith_free"))
    assert any(w in line for w in smith) == ("wrc_smith" in usable), said


def space_index(ctx: Ctx, move: A.Move) -> int:
    return ctx.pack.space_index(move.to)


def _move_states(options: dict[str, Any], seed: int, count: int, max_actions: int) -> list[Any]:
    """Decisions on where to move in one AI game (on the ring: the realm's own moves are not
    `Move`s), spread over the game."""
    opts = dict(options)
    opts["round_limit"] = 9
    seen: list[Any] = []
    play(["heuristic", "random", "random"], seed, opts, max_actions=max_actions,
         on_step=lambda _b, _a, _ac, after: seen.append(after))
    moves = [s for s in seen if s.status == "active" and (pend := SYSTEM.pending(s)) is not None
             and pend.kind == "move"]
    step = max(1, len(moves) // count)
    return moves[1::step][:count]


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_move_lines_name_only_what_is_usable_on_arrival(name: str, options: dict[str, Any]) -> None:
    # the editions themselves over longer games, each variant over a short one
    main = name in ("basic", "standard", "water_realm")
    states = _move_states(options, seed=11, count=8 if main else 2, max_actions=500 if main else 220)
    assert states, name
    for game in states:
        actor = SYSTEM.pending(game).player
        shown = SYSTEM.view(game, None)
        for move in (a for a in SYSTEM.legal_actions(game, actor) if isinstance(a, A.Move)):
            for locale in LOCALES:
                check_move_line(shown, game, actor, move, locale)
