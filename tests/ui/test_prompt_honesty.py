"""Prompts that never mislead, over AI self-play of every Prophecy edition and variant the
plug-in offers, in both languages (issue "Prophecy at the table: prompts that never mislead").

* A move's line tells what can be done on arrival, checked against the engine's own legal
  actions there (`test_arrival_honesty.check_move_line`): a market only with something for
  sale, its goods and prices; Work, the Thieves' job and training only for whoever stays; no
  Possibility the rules would refuse her on arrival, in every edition.
* Buttons are never two alike, and a label cut to Discord's 80 characters keeps its figures
  (win %, prices): the cut only takes detail, given in full in the prompt.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from engine.ai.simulate import play
from engine.prophecy import actions as A
from engine.prophecy.game import SYSTEM
from gm.session import Result
from gm.session.results import Step
from gm.store import GameRecord
from systems.prophecy.describe import describe_action
from systems.prophecy.turn import turn_message
from tests.ui.test_arrival_honesty import CONFIGS, check_move_line
from ui.text import fit_labels

LOCALES = ("en", "it")
#: the figures a label must never lose: a percentage, a price or amount in Gold
FIGURE = re.compile(r"[-+]?\d+ ?%|\d+ (?:Gold|Oro)\b")


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
            for button, label in zip(buttons, full, strict=False):
                assert FIGURE.findall(label) == FIGURE.findall(button), (name, locale, label, button)
                if button != label:  # cut or numbered: said in full in the prompt when cut
                    assert button.endswith("…") is False or label in notes, (name, locale, label)
            for move in (a for a in actions if isinstance(a, A.Move)):
                check_move_line(shown, game, pend.player, move, locale)


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
