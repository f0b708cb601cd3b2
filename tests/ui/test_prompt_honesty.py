"""Prompts that never mislead, over AI self-play of every Prophecy edition and variant the
plug-in offers, in both languages (issue "Prophecy at the table: prompts that never mislead").

* A move's line tells what can be done on arrival (Basic rules "Special Spaces", "Buying and
  Selling Items", "Possibilities Instead of Movement"): a market always says its goods with
  their prices, or that nothing is for sale; a Possibility used instead of movement (Work in
  the City, the Thieves' job, Fortress training) shows only on the line of staying, and in the
  Basic game no Possibility is named that the engine would refuse on arrival.
* Buttons are never two alike, and a label cut to Discord's 80 characters keeps its figures
  (win %, prices): the cut only takes detail, given in full in the prompt.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from engine.ai.simulate import play
from engine.prophecy import actions as A
from engine.prophecy.clone import clone
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions
from engine.prophecy.standard import moves as std_moves
from engine.prophecy.standard.space_actions import buy_price
from gm.i18n import t
from gm.session import Result
from gm.session.results import Step
from gm.store import GameRecord
from systems import merge_options
from systems.prophecy import prompt_text as P
from systems.prophecy.describe import describe_action
from systems.prophecy.names import Names
from systems.prophecy.plugin import EDITIONS, VARIANTS
from systems.prophecy.turn import turn_message
from ui.text import fit_labels

LOCALES = ("en", "it")
#: the figures a label must never lose: a percentage, a price or amount in Gold
FIGURE = re.compile(r"[-+]?\d+ ?%|\d+ (?:Gold|Oro)\b")


def _configs() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for e in EDITIONS:
        out.append((e.key or "basic", dict(e.options)))
        for v in VARIANTS:
            if e.key in v.editions and v.unavailable_key is None:
                out.append((f"{e.key}+{v.key}", merge_options(e.options, [v])))
    return out


CONFIGS = _configs()


def _states(options: dict[str, Any], seed: int) -> list[Any]:
    """A few decisions of one AI game: some move prompts, some of anything else."""
    opts = dict(options)
    opts["round_limit"] = 7
    seen: list[Any] = []
    play(["heuristic", "random", "heuristic"], seed, opts, max_actions=700,
         on_step=lambda _b, _a, _ac, after: seen.append(after))
    live = [s for s in seen if s.status == "active" and SYSTEM.pending(s) is not None]
    moves = [s for s in live if SYSTEM.pending(s).kind == "move"]
    others = [s for s in live if SYSTEM.pending(s).kind != "move"]
    return moves[2::9][:3] + others[1::13][:3]


def _result(state: Any) -> Result:
    record = GameRecord(id=5, guild_id=None, channel_id=9, system="prophecy", seed=1, version=7, state="{}",
                        status="active", host_id=None, created_at=0.0, updated_at=0.0)
    return Result(record, state, steps=[Step(actor="x", action={}, events=[])], game_system=SYSTEM)


def _buttons(view: Any) -> list[str]:
    out: list[str] = []
    for child in view.children if view is not None else []:
        item = getattr(child, "item", child)
        options = getattr(item, "options", None)
        out += [o.label for o in options] if options else [item.label]
    return out


def _prefix(locale: str, key: str) -> str:
    """The words a service's sentence opens with (before its first figure)."""
    return t(locale, key, n="§", price="§", gold="§", items="§", guild="§", cost="§").split("§")[0].strip()


def _basic_usable(game: Any, actor: str, move: A.Move) -> set[str]:
    """What the engine itself lets her do on arrival (the Basic rules' act phase), on a copy
    of the game where she stands there with the move paid and no Creature in the way."""
    hyp = clone(game)
    p = hyp.player(actor)
    pack = pack_by_id(hyp.options.pack)
    cost = next(c for m, c in move_options(pack, p, hyp.turn.held) if m == move)
    p.space, p.gold = pack.space_index(move.to), p.gold - cost
    hyp.turn = hyp.turn.model_copy(update={"phase": "act", "fight": None, "battle": None, "item_choices": [],
                                           "movement_done": True, "moved": move.method != "stay"})
    out: set[str] = set()
    for a in legal_actions(hyp, actor):
        out.add(f"exchange:{a.service}" if isinstance(a, A.Exchange) else a.type)
    return out


def _check_move_line(shown: Any, game: Any, actor: str, move: A.Move, locale: str) -> None:
    standard = shown.standard is not None
    line = (P.std_destination_line if standard else P.destination_line)(shown, actor, move, locale, "·")
    pack = P.std_ctx(shown).pack if standard else pack_by_id(shown.options.pack)
    space = pack.space(pack.space_index(move.to))
    n = Names(shown, locale)
    kinds = {s.kind for s in space.services}
    if "market" in kinds:
        offer = shown.offers.get(space.id, [])
        if not offer:
            assert _prefix(locale, "prompt.service.market_empty") in line, line
        for item in offer:
            price = buy_price(P.std_ctx(shown), shown.player(actor), item.card) if standard else pack.item(item.card).cost
            assert t(locale, "prompt.service.market_item", item=n.card(item.card), gold=price) in line, line
    usable = None if standard else _basic_usable(game, actor, move)
    for svc in space.services:
        if svc.kind != "exchange":
            continue
        named = t(locale, f"service.{svc.id}") in line
        if svc.instead_of_movement and move.method != "stay":
            assert not named, f"{svc.id} is only for whoever stays: {line}"
        if named and standard and svc.instead_of_movement:
            assert std_moves.instead_open(P.std_ctx(game), game.player(actor)), line
        if usable is not None:
            assert named == (f"exchange:{svc.id}" in usable), (svc.id, usable, line)
    if usable is not None:  # healing, recharging and repairs are named only when she could use them
        for kind, key in (("heal", "prompt.service.heal_up_to"), ("recharge", "prompt.service.recharge_up_to"),
                          ("repair", "prompt.service.repair_priced")):
            if kind in kinds:
                assert (_prefix(locale, key) in line) == (kind in usable), (kind, usable, line)


@pytest.mark.parametrize("name,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_prompts_never_mislead(name: str, options: dict[str, Any]) -> None:
    states = _states(options, seed=3)
    assert states, name
    for game in states:
        result = _result(game)
        pend = SYSTEM.pending(game)
        actions = SYSTEM.legal_actions(game, pend.player)
        for locale in LOCALES:
            tm = turn_message(result, locale)
            shown = result.view(None)  # the view the message was built from (secret options numbered)
            buttons = _buttons(tm.view)
            full = [describe_action(shown, pend.player, a, locale) for a in actions]
            assert len(buttons) == len(full) or len(full) > 125, (name, len(buttons), len(full))
            assert len(set(buttons)) == len(buttons), (name, locale, buttons)
            notes = "\n".join(f.value for e in tm.embeds for f in e.fields)
            for button, label in zip(buttons, full):
                assert FIGURE.findall(label) == FIGURE.findall(button), (name, locale, label, button)
                if button != label:  # cut or numbered: said in full in the prompt when cut
                    assert button.endswith("…") is False or label in notes, (name, locale, label)
            for move in (a for a in actions if isinstance(a, A.Move)):
                _check_move_line(shown, game, pend.player, move, locale)


def test_fit_labels_numbers_what_it_cuts_and_keeps_every_label_apart() -> None:
    """Two labels alike after Discord's cut (one throws the knife, one does not) become two
    numbered buttons, and the prompt gets each cut one in full, numbered like its button."""
    head = "Battle of Strength — win 92% · draw 6% · loss 2% · with Hunting Knife and Leather Armour"
    labels = ["End the turn", head, head + ", throwing the Hunting Knife", "End the turn"]
    buttons, notes = fit_labels(labels, 80)
    assert len(set(buttons)) == 4 and all(len(b) <= 80 for b in buttons)
    assert buttons[0] == "1. End the turn" and buttons[3] == "4. End the turn"
    assert buttons[1].startswith("2. Battle of Strength — win 92% · draw 6% · loss 2%")
    assert notes == [(2, labels[1]), (3, labels[2])]
    assert fit_labels(["Stay", "Walk"], 80) == (["Stay", "Walk"], [])
