"""The party AI: legal, sensible, seeded; and the seats' hand-over (a co-op player leaving)."""
from __future__ import annotations

import random

from engine.darkest_talisman import actions as A
from engine.darkest_talisman.ai import heuristic_player, random_player
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.simulate import play
from tests.talisman.helpers import check_invariants, coop, solo


def test_ai_only_plays_legal_actions():
    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        assert action in SYSTEM.legal_actions(before, actor)

    play(["heuristic"], 21, max_actions=400, on_step=step)
    play(["random"], 22, max_actions=400, on_step=step)


def test_heuristic_runs_a_party_home_and_out_again():
    """Sensible: it shops and heals at home, sets out, wins fights, comes back."""
    rec = play(["heuristic"], 5, max_actions=1500)
    stats = rec.state.stats
    assert stats.returns >= 5 and stats.adventures >= 5 and stats.days >= 30
    kinds = [a["type"] for _, a in rec.actions]
    assert "choose" in kinds and ("restore" in kinds or "buy" in kinds or "cash_trophies" in kinds)


def _weak_on_the_road(gold: int, alignment: str | None = None):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Solo seed 4 on the road to a trove, every character down to 1 life with this much Gold
    (on the way out to an Aid destination that heals the party pushes on to it instead)."""
    s = solo(4)
    s = SYSTEM.apply(s, "p1", A.Choose(option="depart:trove")).state
    while s.decision.kind not in ("after_card", "stand"):
        s = SYSTEM.apply(s, "p1", heuristic_player(s, "p1", random.Random(1))).state
    for h in s.party():
        h.life, h.gold = 1, gold
        if alignment is not None:
            h.alignment = alignment
    choice = heuristic_player(s, "p1", random.Random(1))
    while not isinstance(choice, A.Choose):  # it may heal or drink first
        s = SYSTEM.apply(s, "p1", choice).state
        choice = heuristic_player(s, "p1", random.Random(1))
    return choice


def test_heuristic_turns_back_when_the_party_is_weak():
    """Worn out, with Gold for the village's healer: home to be healed."""
    assert _weak_on_the_road(gold=1) == A.Choose(option="turn_back")


def test_heuristic_pushes_on_when_home_cannot_heal_the_worn_out():
    """Worn out, without Gold and with no free healing for their alignment (the Chapel rests
    only the good): turning back would bring them home as hurt, so the party pushes on (issue
    #26: no idle loops of setting out and turning back)."""
    assert _weak_on_the_road(gold=0, alignment="evil") == A.Choose(option="carry_on")


def test_ai_choices_are_seeded():
    a = play(["heuristic", "random"], 9, max_actions=300)
    b = play(["heuristic", "random"], 9, max_actions=300)
    assert a.actions == b.actions and a.state.dump() == b.state.dump()


def test_skip_action_is_legal_and_hand_over_gives_the_seat_to_an_ai():
    s = coop(3)
    p = SYSTEM.pending(s)
    skip = SYSTEM.skip_action(s, p.player)
    assert skip in SYSTEM.legal_actions(s, p.player)
    # table actions come from the table itself (the game master's vote or /game seat), not a seat
    s = SYSTEM.apply(s, "gm", SYSTEM.resign_action("p2")).state
    assert "p2" not in s.slots and s.slots[1] == "ai:p2" and s.seat("ai:p2").ai == "heuristic"
    check_invariants(s)
    s = SYSTEM.apply(s, "gm", SYSTEM.hand_over_action("ai:p2", "p9", "Dee")).state
    assert s.slots[1] == "p9"


def test_random_player_answers_decisions():
    s = solo(2)
    action = random_player(s, "p1", random.Random(0))
    assert action in SYSTEM.legal_actions(s, "p1")
