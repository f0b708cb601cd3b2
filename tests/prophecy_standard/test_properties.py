"""Whole Standard games played by random legal players (hypothesis), 2-5 seats: invariants after
every action, byte-identical replay from the seed and the actions, JSON round trips, and what
each seat's view (and a spectator's) may contain never includes what it may not."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN, SECRET_OPTIONS, SLOTS
from engine.prophecy.state import ProphecyState
from tests.prophecy.helpers import assert_replays, assert_round_trips
from tests.prophecy_standard.helpers import pack, random_game, sp

OPTION_CHOICES: dict[str, list[Any]] = {
    "character_choice": ["deal_two_keep_one", "random"],
    "second_adventure_face": ["down", "up"],
    "creature_order": ["player_chooses", "oldest_first"],
    "opportunities_after": ["creatures_fought", "creatures_beaten"],
    "astral_greater_same_turn": ["may_continue", "must_continue", "next_attack"],
    "prophetic_dream": ["private", "public"],
    "final_battle_must_attack": [True, False],
    "apocalypse": [False, True],
    "item_given_up_goes_to": ["discard", "winner"],
    "power_up": [0, 1, 2],
}


def _cubes(state: ProphecyState) -> tuple[int, int]:
    return (state.bank_red + sum(p.red.total for p in state.players),
            state.bank_blue + sum(p.blue.total for p in state.players))


def check_invariants(before: ProphecyState, actor: str, after: ProphecyState) -> None:
    sst = after.standard
    assert sst is not None
    assert _cubes(before) == _cubes(after), "cubes not conserved between left, right and bank"
    for p in after.players:
        assert p.gold >= 0 and p.experience >= 0
        assert min(p.red.right, p.red.left, p.blue.right, p.blue.left) >= 0
        assert len({i.uid for i in p.items}) == len(p.items)
        me = sst.players[p.player]
        if not p.alive:
            assert not p.items and not me.abilities and not me.artifacts, "the dead hold nothing"
        assert me.trained.get("strength", 0) <= 2 and me.trained.get("willpower", 0) <= 2
        assert not p.certificates, "no Certificates in the Standard game"
    # two slots, only on terrain spaces (Basic "Adventure Cards", ruling terrain_fills_free_slot)
    for i, cards in enumerate(after.spaces):
        assert len(cards) <= 2
        if cards:
            assert pack().space(i).terrain is not None
    # every Artifact is in exactly one place; Guardians and Abilities too
    artifacts = [pl.artifact for pl in sst.planes if pl.artifact] + [a for cards in sst.dropped.values() for a in cards]
    artifacts += [a for me in sst.players.values() for a in me.artifacts]
    if after.status == "active":
        assert sorted(artifacts) == sorted(a.id for a in sp().artifacts)
    guardians = [c for pl in sst.planes for c in (pl.lesser, pl.greater) if c]
    assert len(guardians) == len(set(guardians))
    abilities = [a for deck in sst.guild_decks.values() for a in deck] + [a for o in sst.guild_offers.values() for a in o]
    abilities += [a for me in sst.players.values() for a in me.abilities]
    assert Counter(abilities) == Counter(a.id for a in sp().abilities), "an Ability lost or doubled"
    for d in sst.decisions:
        assert after.player(d.player).alive, "a decision waits on the dead"
    if after.status == "finished":
        assert after.turn is None and not sst.decisions
        assert sum(1 for r in after.ranking if r.place == 1) == 1
        if after.winner is not None:
            assert after.ranking[0].player == after.winner
    else:
        assert SYSTEM.pending(after) is not None, "an active game always waits on someone"
    assert_round_trips(after)


def check_views(state: ProphecyState) -> None:
    """Each seat's view shows what it may and nothing it may not; a spectator sees no secret."""
    sst = state.standard
    assert sst is not None
    for viewer in [None] + [p.player for p in state.players]:
        shown = SYSTEM.view(state, viewer)
        text = shown.model_dump_json()
        assert shown.rng is None
        if state.rng.seed > 10**12:  # a seed long enough not to turn up by chance
            assert str(state.rng.seed) not in text
        for plane, seen in zip(sst.planes, shown.standard.planes, strict=False):
            for slot in SLOTS:
                card = plane.card(slot)
                if card is None:
                    continue
                may = slot in plane.up or (viewer is not None and viewer in plane.seen.get(slot, []))
                assert seen.card(slot) == (card if may else HIDDEN), (viewer, plane.id, slot)
                if not may:
                    assert f'"{card}"' not in text, (viewer, card)
        for real, seen_cards in zip(state.spaces, shown.spaces, strict=False):
            for adv, adv_seen in zip(real, seen_cards, strict=False):
                assert adv_seen.card == (adv.card if adv.face_up else HIDDEN)
        assert shown.decks.adventure.draw == [] and shown.pile_sizes["adventure"] == len(state.decks.adventure.draw)
        for d, d_seen in zip(sst.decisions, shown.standard.decisions, strict=False):
            if d.kind in SECRET_OPTIONS and d.player != viewer:
                assert d_seen.options == [HIDDEN] * len(d.options)
                if d.kind == "character":
                    for card in d.options:
                        assert f'"{card}"' not in text
            else:
                assert d_seen.options == d.options
        for guild, deck in shown.standard.guild_decks.items():
            assert deck == sorted(sst.guild_decks[guild]), "a deck's order never shows"


def play(seed: int, seats: int, options: dict[str, Any], max_actions: int = 5000, on_step=None):  # type: ignore[no-untyped-def]  # tests are not type-checked
    opts = {"version": "standard", "round_limit": 40, "standard": options}
    seat_list, state, log = random_game(seed, seats, opts, max_actions, on_step=(
        None if on_step is None else lambda _n, pend, before, out: on_step(before, pend.player, out.state)))
    return seat_list, opts, state, log


options_strategy = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_CHOICES.items()})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), seats=st.integers(min_value=2, max_value=5), options=options_strategy)
def test_property__random_legal_standard_games_keep_every_invariant_and_finish(seed, seats, options):
    steps = [0]

    def step(before: ProphecyState, actor: str, after: ProphecyState) -> None:
        check_invariants(before, actor, after)
        steps[0] += 1
        if steps[0] % 7 == 0 or after.standard.decisions:
            check_views(after)

    seat_list, opts, state, log = play(seed, seats, options, on_step=step)
    assert state.status == "finished", "random legal players finish (the round limit at worst)"
    # byte-identical replay from the seed and the logged actions, through JSON
    assert_replays(seat_list, opts, seed, log, state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=5))
def test_property__every_listed_action_applies_and_junk_is_refused_unchanged(seed, seats):
    """legal_actions lists only legal actions; anything else raises RuleError and leaves the
    state as it was (the contract every adapter relies on)."""
    rng = random.Random(seed)
    checked = [0]

    def step(before: ProphecyState, actor: str, after: ProphecyState) -> None:
        legal = SYSTEM.legal_actions(before, actor)
        for a in legal[:40]:
            SYSTEM.apply(before, actor, a)
        snapshot = before.dump()
        others = [p.player for p in before.players if p.player != actor]
        # compared without unset (None) fields: a payload that leaves an optional field out
        # is the same action as the listed one that carries it as None
        listed = [_set_fields(a.model_dump(mode="json")) for a in legal]
        for junk in _junk(before, rng):
            for who in (actor, others[0], "stranger"):
                if who == actor and _set_fields(junk) in listed:
                    continue
                try:
                    SYSTEM.apply(before, who, junk)
                except RuleError:
                    checked[0] += 1
                else:
                    raise AssertionError(f"illegal {junk} by {who} was applied")
                assert before.dump() == snapshot

    play(seed, seats, {}, max_actions=150, on_step=step)
    assert checked[0] > 100


def _set_fields(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if v is not None}


def _junk(state: ProphecyState, rng: random.Random) -> list[dict[str, Any]]:
    sid = pack().board.spaces[rng.randrange(20)].id
    return [
        {"type": "move", "method": "teleport", "to": sid, "via": "royal_cape"},
        {"type": "attack", "target": rng.choice(["astral_fire", "s0", "s1", "nobody"]), "battle": "wills", "weapon": "i99999"},
        {"type": "choose_loss", "item": None},
        {"type": "take_artifact", "artifact": "royal_cape"},
        {"type": "choose_space", "space": sid},
        {"type": "dream", "plane": "astral_fire", "slot": "artifact"},
        {"type": "learn", "ability": "time_loop"},
        {"type": "train", "figure": "strength"},
        {"type": "use_ability", "ability": "training", "figure": "strength"},
        {"type": "discard", "card": "i1"},
        {"type": "study_pick", "ability": "prayer"},
        {"type": "after_roll", "ability": "orb_of_fate", "dice": "own"},
        {"type": "certificate"},
        {"type": "choose_character", "character": "troll"},
        {"type": "stop_attack"},
        {"type": "avoid"},
        {"type": "fight", "battle": "strength", "spells": ["prayer", "prayer"]},
    ]
