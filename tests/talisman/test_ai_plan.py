"""The campaign AI plays to win (issue #26), and the prompt says when the way to the Tower is shut.

C10f-g: the Portal takes a Talisman and only a character holding one passes the Plain of Peril;
C2e: nothing may be passed between characters. So the AI gets a Talisman to each character who
lacks one, leaves extra ones to the others, and, when the supply is empty while a character
holds a spare, drops it on the road for a companion to pick up on the way back (C4b).
"""
from __future__ import annotations

import random

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import flow
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.ai import Heuristic, forecast, heuristic_player
from engine.darkest_talisman.content import ObjectCard
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.simulate import play
from engine.darkest_talisman.state import CampaignState, Decision
from gm.i18n import t
from systems.darkest_talisman.describe import decision_text
from systems.darkest_talisman.names import Names
from tests.talisman.helpers import coop, ctx_of, pack, settle, solo


def beyond(state: CampaignState, talismans: list[int]) -> CampaignState:
    """The party in the village beyond the Sentinel, each character holding so many Talismans
    taken from the supply, healthy, with the village's decision worked out again."""
    state = state.model_copy(deep=True)
    state.village, state.mode, state.decision, state.trip = "village_beyond", "village", None, None
    for hero, n in zip(state.party(), talismans, strict=False):
        hero.life = H.sheet(pack(), hero).life
        for _ in range(n):
            hero.objects.append(state.decks.talismans.pop())
    flow.advance(ctx_of(state))
    return state


def test_c10g_c2e_the_village_decision_says_the_way_is_shut_and_why():
    """One character holds all four Talismans: the two others cannot pass the Plain of Peril,
    the supply is empty, and nothing may be passed on, so the decision carries the reason."""
    s = beyond(solo(3), [4, 0, 0])
    uids = [h.uid for h in s.party()]
    data = s.decision.data
    assert data["reason"] == "talismans_short"
    assert data["lacking"] == uids[1:] and data["supply"] == 0 and data["spare"] == 3
    shown = SYSTEM.view(s, None)
    en = decision_text(shown, "en")
    it = decision_text(shown, "it")
    assert "shut" in en and "C10g" in en and "C2e" in en and "Portal of Power" in en
    assert "chiusa" in it and "Portale del Potere" in it
    for text, locale in ((en, "en"), (it, "it")):  # the characters without a Talisman are named
        names = Names(shown, locale)
        assert all(str(names.hero(u)) in text for u in uids[1:]) and str(names.hero(uids[0])) not in text
    assert t("en", "talisman.decision.way_shut_spare", spare=3) in en


def test_c10g_no_reason_while_the_way_is_open():
    """Everybody holds a Talisman, or the supply still has enough: no reason, no extra text."""
    for held in ([2, 1, 1], [1, 0, 0]):
        s = beyond(solo(3), held)
        assert "reason" not in s.decision.data
        assert "C2e" not in decision_text(SYSTEM.view(s, None), "en")


def test_c10g_without_a_spare_the_prompt_says_to_wait_for_one():
    s = beyond(solo(3), [1, 1, 0])
    s.decks.talismans.clear()  # the others lie elsewhere (on a road, in the discard)
    s.decision = None
    flow.advance(ctx_of(s))
    assert s.decision.data["reason"] == "talismans_short" and s.decision.data["spare"] == 0
    text = decision_text(SYSTEM.view(s, None), "en")
    assert t("en", "talisman.decision.way_shut_wait") in text


def test_c4b_ai_relays_a_spare_talisman_along_the_road_to_a_companion_without_one():
    """The supply is empty and one character hoards: on the way out he drops a spare Talisman on
    a Draw Spot (C4b-a, b), and on the way back a companion without one picks it up (C4b-d, e),
    the hoarder leaving it to him. The Talisman never passes hand to hand (C2e)."""
    s = beyond(solo(3), [4, 0, 0])
    hoarder, lackers = s.party()[0].uid, {h.uid for h in s.party()[1:]}
    drops = []
    for n in range(400):
        p = SYSTEM.pending(s)
        if p is None or any(H.talismans(s.hero(u)) for u in lackers if s.hero(u).alive):
            break
        action = SYSTEM.forced_action(s) or heuristic_player(s, p.player, random.Random(n))
        if isinstance(action, A.Drop) and action.thing and action.thing.startswith("talisman"):
            assert s.trip is not None and s.trip.heading == "out"
            drops.append(action.hero)
        s = SYSTEM.apply(s, p.player, action).state
    assert drops and set(drops) == {hoarder}
    assert any(H.talismans(s.hero(u)) for u in lackers)
    assert len(H.talismans(s.hero(hoarder))) < 4


def test_ai_goes_to_the_warlock_for_a_talisman_when_a_character_lacks_one():
    """C5f: a quest ends with a Talisman; with Talismans in the supply and a character without
    one, the AI sets out for the Warlock's Cave, not for a trove."""
    s = beyond(solo(3), [2, 1, 0])
    choice = heuristic_player(s, "p1", random.Random(0))
    while not isinstance(choice, A.Choose):
        s = SYSTEM.apply(s, "p1", choice).state
        choice = heuristic_player(s, "p1", random.Random(0))
    assert choice.option == "depart:warlocks_cave"


def talisman_card() -> str:
    """The Adventure card that gives a Talisman, found by what it does, not by its id."""
    return next(c.id for c in pack().adventures if isinstance(c, ObjectCard) and c.special == "talisman")


def test_c2e_a_character_holding_a_talisman_leaves_the_card_to_one_without():
    """C6f: Objects are met in Marching Order; a Talisman taken by who already holds one is lost
    to the others (C2e), so he leaves it."""
    s = beyond(solo(3), [1, 0, 0])
    holder, lacker = s.party()[0], s.party()[1]
    for hero, expected in ((holder, "leave"), (lacker, "take")):
        s.decision = Decision(kind="take", hero=hero.uid, options=["take", "leave"], data={"card": talisman_card()})
        assert Heuristic(s, "p1", random.Random(0)).on_take(s.decision).option == expected


def test_ai_prefers_carry_on_when_it_would_push_on_anyway():
    """A road decision offering `carry_on` (meet the next cards until something needs a
    decision) is answered with it when the party would continue; without it, `continue`."""
    s = solo(3)
    s = SYSTEM.apply(s, "p1", A.Choose(option="depart:city")).state
    for options, expected in ((["continue", CARRY, "turn_back"], CARRY), (["continue", "turn_back"], "continue")):
        s.decision = Decision(kind="after_card", options=options)
        assert Heuristic(s, "p1", random.Random(0)).on_after_card(s.decision).option == expected


CARRY = "carry_on"


def test_forecast_follows_guardian_combat_c8e():
    """C8e-g, h: the party's total kills what it reaches; the Enemies' total strikes the weakest
    first and goes round again, so many Pit Fiends kill weak characters even in a won fight."""
    won, lost = forecast([("strength", 9, 0)], [("a", 6, 1, 6), ("b", 3, 3, 5), ("c", 3, 4, 4)])
    assert won and lost == {"a": 0, "b": 1, "c": 1}
    won, lost = forecast([("strength", 4, 0)] * 11, [("a", 60, 4, 5), ("b", 8, 8, 4), ("c", 2, 4, 4)])
    assert won and lost["a"] == 0 and lost["b"] == 4 and lost["c"] == 4
    won, _ = forecast([("craft", 0, 12)], [("a", 60, 3, 5)])
    assert not won


def test_ai_never_drops_what_it_picks_up_again_nor_repeats_idle_trips():
    """No drop/pick-up cycles (nobody picks up what he dropped), and no village departure repeated three times with the party
    unchanged (no progress)."""
    seen: dict[tuple, int] = {}
    dropped: set[str] = set()

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        assert action in SYSTEM.legal_actions(before, actor)
        if isinstance(action, A.Drop) and action.thing:
            dropped.add((action.hero, action.thing))
        if before.decision is not None and before.decision.kind == "pickup" and isinstance(action, A.Choose) \
                and action.option.startswith("take:"):
            who = before.decision.hero
            new = set(after.hero(who).objects + after.hero(who).followers) - set(
                before.hero(who).objects + before.hero(who).followers)
            assert not {(who, thing) for thing in new} & dropped  # a relay to a companion is no cycle
        if before.decision is not None and before.decision.kind == "village" and isinstance(action, A.Choose):
            party = tuple((h.uid, h.life, h.strength, h.craft, h.gold, tuple(sorted(h.objects)), h.quest is not None)
                          for h in before.party())
            key = (before.village, action.option, party)
            seen[key] = seen.get(key, 0) + 1
            assert seen[key] < 3, key

    for seed in (11, 12):
        play(["heuristic"] if seed % 2 else ["heuristic"] * 3, seed, max_actions=500, on_step=step)


def test_ai_makes_progress_toward_the_tower():
    """Over a few seeds with a small cap, the party crosses the Sentinel (C5b) and works on its
    Talismans: some character ends up holding one, or the campaign is already won."""
    crossed = 0
    for seed in (1, 2):
        state = SYSTEM.new_game(play(["heuristic"], seed, max_actions=0).seats, {}, seed).state
        for n in range(700):
            p = SYSTEM.pending(state)
            if p is None:
                break
            out = SYSTEM.apply(state, p.player, heuristic_player(state, p.player, random.Random(f"{seed}:{n}")))
            crossed += any(e.kind.endswith(".crossed") for e in out.events)
            state = out.state
        assert state.outcome == "won" or any(H.talismans(h) for h in state.party()) or crossed
    assert crossed >= 1


def test_c4b_in_co_op_the_talisman_holder_leads_so_his_seat_drops_the_spare():
    """Each seat drops only its own character's things, and the road's decisions are the
    leader's: so when a spare Talisman must be relayed, the AI puts its holder at the head of
    the Marching Order in the village (C3a), not the strongest."""
    s = beyond(coop(3), [4, 0, 0])
    holder_uid = s.party()[0].uid
    s.order = [h.uid for h in s.party()[1:]] + [holder_uid]  # he walks last, his seat does not lead
    s = settle(s)
    assert len(H.talismans(s.hero(holder_uid))) == 4
    for n in range(6):
        actor = SYSTEM.pending(s).player
        choice = heuristic_player(s, actor, random.Random(n))
        if isinstance(choice, A.Choose):
            break
        s = SYSTEM.apply(s, actor, choice).state
    assert s.order[0] == holder_uid
