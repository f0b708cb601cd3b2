"""Issue #26: a campaign's turn message says what changed and what is asked, not the whole road
and party (those are behind "Road and party"): over a self-played stretch of campaign, with the
player carrying on along the road (ruling carry_on) and forced answers given by the game master
(ruling forced_answers), the messages average at most TARGET characters; and the private
character actions menu stays within Discord's limits on every state met."""
from __future__ import annotations

import random
import statistics

from engine.core.system import Seat
from engine.darkest_talisman import actions as A
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.game import SYSTEM
from gm.session import Result, Step
from gm.store import GameRecord
from systems.darkest_talisman.cog import manage_menu
from systems.darkest_talisman.turn import turn_message
from ui.text import embed_size

#: the issue's target for the mean length of a turn message (content and embeds, in characters)
TARGET = 500
#: no single message may be much longer: the worst seen is a long carry or a village return
CEILING = 1000
PRESSES = 150


def size(message) -> int:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return len(message.content or "") + sum(embed_size(e) for e in message.embeds)


def record(seed: int, version: int, state) -> GameRecord:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return GameRecord(id=9, guild_id=1, channel_id=2, system="darkest_talisman", options={}, seed=seed, version=version,
                      state="", status="active" if state.status == "active" else "finished", host_id=1,
                      created_at=0.0, updated_at=0.0)


def person(state, actor: str, rng: random.Random):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The heuristic AI's answer, carrying on where it would push on."""
    action = heuristic_player(state, actor, rng)
    if isinstance(action, A.Choose) and action.option == "continue" and "carry_on" in state.decision.options:
        return A.Choose(option="carry_on")
    return action


def play(seed: int, on_message) -> None:  # type: ignore[no-untyped-def]  # tests are not type-checked
    state = SYSTEM.new_game([Seat(player="1001", name="Ada")], {}, seed).state
    for n in range(PRESSES):
        pend = SYSTEM.pending(state)
        if pend is None:
            return
        action = person(state, pend.player, random.Random(f"{seed}:{n}"))
        out = SYSTEM.apply(state, pend.player, action)
        steps = [Step(actor=pend.player, action=action.model_dump(), events=out.events)]
        state = out.state
        while (forced := SYSTEM.forced_action(state)) is not None:  # as the game master does
            o = SYSTEM.apply(state, SYSTEM.pending(state).player, forced)
            state = o.state
            steps.append(Step(actor=pend.player, action=forced.model_dump(), events=o.events))
        on_message(Result(record(seed, n + 2, state), state, steps=steps, game_system=SYSTEM))


def test_turn_messages_are_short():
    sizes: list[int] = []
    play(4, lambda result: sizes.append(size(turn_message(result, "en"))))
    assert len(sizes) == PRESSES
    assert statistics.mean(sizes) <= TARGET, statistics.mean(sizes)
    assert max(sizes) <= CEILING


def test_character_actions_menu_within_discord_limits():
    """Five rows at most, 25 options a select, each label within 100 characters, on every state
    of the stretch (village stays with shopping and storage included)."""
    menus = 0

    def check(result: Result) -> None:
        nonlocal menus
        if result.state.status != "active":
            return
        acts = SYSTEM.legal_actions(result.state, "1001")
        free = [(i, a) for i, a in enumerate(acts) if not isinstance(a, A.Choose)]
        if not free:
            return
        text, view = manage_menu(result, "1001", free, "en")
        menus += 1
        assert len(view.children) <= 5 and len(text) <= 2000
        for item in view.children:
            options = item.item.options  # type: ignore[attr-defined]  # set up by the test
            assert 1 <= len(options) <= 25 and all(len(o.label) <= 100 for o in options)

    play(5, check)
    assert menus > 20
