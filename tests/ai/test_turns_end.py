"""Every turn ends ("A table never stalls"): self-play over every registered system and every
way it can be played, asserting that no turn runs past `TURN_BOUND` actions.

A table waits on one player at a time. If some free action could be repeated without limit
(an Item re-adjusted at no cost, the Marching Order swapped back and forth, a thing stored and
taken out again), an AI seat could take it forever and the table would never move on. The
rules bound each such action (rulings smith_once_a_turn, order_once_a_stop,
storage_once_a_stay); this test plays every system with its AI levels and with a *loiterer*:
a seat that never ends its turn or answers its decision while anything else is legal, the
player most likely to find a loop. A turn is the span between two turn-opening events
(engine/core/turn_watch.py).

Every variant is covered: for a system with editions (Prophecy Basic, Standard, the Water
Realm), each edition alone and with each of the variants /game new offers for it, the number
of seats going round from the fewest to the most; for one without (Darkest Talisman), each
value of each choice in its options model, solo and with the most seats (co-op). A system that
is not played at a table (the Orders tracker) has no turns.
"""
from __future__ import annotations

import random
import typing
from typing import Any

import pytest

import systems
from engine.core.system import Seat
from engine.core.turn_watch import TURN_BOUND, TurnWatch
from engine.registry import SYSTEMS

#: Prophecy games stop at this round (the project option `round_limit`), and must be over
#: within this many actions (a hard cap far above a capped game)
ROUND_LIMIT = 10
MAX_ACTIONS = 2500
#: a campaign has no round limit: this many actions of it are played (a few expeditions)
CAMPAIGN_ACTIONS = 300
#: seeds per AI level and way of playing (the seed also moves with the way, so the ways
#: together see many); the loiterer, the likeliest to find a loop, plays more
SEEDS = {"loiterer": 2}
#: what the loiterer never picks while anything else is legal: ending the turn, answering
#: the decision; and what no seat sends by itself (the table's own actions)
CLOSING = frozenset({"end_turn", "choose"})
TABLE_ONLY = frozenset({"resign", "hand_over"})


def _choice_values(annotation: Any) -> list[Any]:
    """The values a Literal or bool option can take (nothing for a free-form one)."""
    if annotation is bool:
        return [False, True]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return []


def _configs() -> list[tuple[str, str, dict[str, Any], int]]:
    """(system, label, options, seats) for every way each registered table system is played."""
    out: list[tuple[str, str, dict[str, Any], int]] = []
    for name, system in sorted(SYSTEMS.items()):
        if not system.table_game:
            continue
        plugin = systems.PLUGINS[name]
        if plugin.editions:
            seat_cycle = list(range(system.min_seats, system.max_seats + 1))
            for edition in plugin.editions:
                choice = systems.choice_value(plugin, edition)
                ways = [(edition.key or "basic", dict(edition.options))]
                ways += [(f"{edition.key}+{v.key}", systems.merge_options(edition.options, [v]))
                         for v in systems.variants_for(choice)]
                for label, options in ways:
                    out.append((name, label, options, seat_cycle[len(out) % len(seat_cycle)]))
            continue
        model = getattr(system, "options_model", None)
        ways = [("default", {})]
        if model is not None:
            for field, info in model.model_fields.items():
                default = info.get_default(call_default_factory=True)
                ways += [(f"{field}={v}", {field: v}) for v in _choice_values(info.annotation) if v != default]
        for label, options in ways:
            for seats in sorted({system.min_seats, system.max_seats}):
                out.append((name, f"{label}, {seats} seat{'s' if seats > 1 else ''}", options, seats))
    return out


CONFIGS = _configs()


def _loiterer(system: Any, state: Any, actor: str, rng: random.Random) -> Any:
    """Anything but ending the turn or answering the decision, while something else is legal."""
    legal = [a for a in system.legal_actions(state, actor) if a.type not in TABLE_ONLY]
    stalling = [a for a in legal if a.type not in CLOSING]
    return rng.choice(stalling or legal)


def _self_play(name: str, options: dict[str, Any], seats: int, level: str, seed: int) -> tuple[TurnWatch, Any, int]:
    system = SYSTEMS[name]
    table = [Seat(player=f"{100 + i}", name=f"AI {i + 1}", ai=level if level in system.ai_levels else "random")
             for i in range(seats)]
    opts = dict(options)
    if name == "prophecy":
        opts["round_limit"] = ROUND_LIMIT
    state = system.new_game(table, opts, seed).state
    watch = TurnWatch(system=name)
    n = 0
    for n in range(MAX_ACTIONS if name == "prophecy" else CAMPAIGN_ACTIONS):
        pend = system.pending(state)
        if pend is None:
            break
        rng = random.Random(f"{seed}:{pend.player}:{n}")
        if level == "loiterer":
            action = _loiterer(system, state, pend.player, rng)
        else:
            action = system.ai_action(state, pend.player, level, rng)
        out = system.apply(state, pend.player, action)
        state = out.state
        watch.step(action.type, out.events)
        if watch.endless:
            break
    return watch, state, n


def test_every_registered_system_is_covered() -> None:
    """Each registered system is either self-played here, with every way to play it, or has no
    turns at all (a tool with its own commands, like the Orders tracker)."""
    played = {name for name, *_ in CONFIGS}
    for name, system in SYSTEMS.items():
        if system.table_game:
            assert name in played and system.ai_levels, f"{name} is played at a table but not self-played"
        else:
            assert not system.ai_levels, f"{name} has AI seats but no table"
    assert {"prophecy", "darkest_talisman"} <= played
    labels = {label for name, label, *_ in CONFIGS if name == "prophecy"}
    assert {"basic", "standard", "water_realm", "water_realm+lord_of_the_sea", "standard+apocalypse"} <= labels
    talisman = {label for name, label, *_ in CONFIGS if name == "darkest_talisman"}
    assert {"default, 1 seat", "default, 3 seats", "crown=together, 1 seat", "crown=together, 3 seats"} <= talisman


@pytest.mark.parametrize("name,label,options,seats", CONFIGS, ids=[f"{c[0]}:{c[1]}" for c in CONFIGS])
def test_every_turn_ends(name: str, label: str, options: dict[str, Any], seats: int) -> None:
    """Heuristic, random and loitering seats: no turn takes more than TURN_BOUND actions, and a
    Prophecy game reaches its round limit (or an earlier end) within the action cap."""
    first = 1000 * CONFIGS.index((name, label, options, seats))
    for level in (*SYSTEMS[name].ai_levels, "loiterer"):
        for seed in range(first, first + SEEDS.get(level, 1)):
            watch, state, n = _self_play(name, options, seats, level, seed)
            assert watch.endless == 0, (
                f"{name} {label}, {level} seat, seed {seed}: a turn went past {TURN_BOUND} actions; "
                f"it kept doing {sorted(set(watch.first_endless))}")
            if name == "prophecy":
                assert state.status != "active", f"{name} {label}, {level}, seed {seed}: unfinished after {n + 1} actions"
