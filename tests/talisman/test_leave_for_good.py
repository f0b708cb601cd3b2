"""Project ruling `leave_for_good` (C4a-g, i; C6c, f): a card left on the road is met again on
every pass, so a character may leave an Object or a Follower for good: he is not asked about it
again on this road, while his companions still are. The campaign AI leaves for good what it
would not take anyway, so the party is not asked on every pass (issue #26)."""
from __future__ import annotations

import random

from engine.darkest_talisman.ai import Heuristic
from engine.darkest_talisman.state import Decision
from tests.talisman.helpers import choose, day, kind, party_of, rig, settle, solo
from tests.talisman.helpers import options as opts
from tests.talisman.test_ai_plan import talisman_card


def party(*chars: str, seed: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def go(s, dice, deck, dest="city"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return choose(rig(s, dice=dice, deck=deck), f"depart:{dest}")


def test_an_object_that_may_be_taken_may_also_be_left_for_good():
    s = go(party(), [2], ["bow", "good_fortune"])
    assert kind(s) == "take" and opts(s) == ["take", "leave", "ignore"]


def test_a_card_left_for_good_is_not_offered_again_to_him_on_the_way_back_c4a_i():
    """C4a-i: turning back on the next space, the party meets the cards still on the road again;
    the leader who left the Bow for good is passed by, the next characters, who only left it,
    are asked again."""
    s = party()
    first, second, third = s.order
    s = go(s, [2], ["bow", "good_fortune"])
    s = choose(s, "ignore")
    assert s.decision.hero == second and kind(s) == "take"
    s = choose(s, "leave")
    assert s.decision.hero == third
    s = choose(s, "leave")
    s = choose(s, "continue")
    s = day(s, "continue")
    s = choose(s, "turn_back")
    asked = []
    while kind(s) == "take" and s.decision.data.get("card") == "bow":
        asked.append(s.decision.hero)
        s = choose(s, "leave")
    assert asked == [second, third]
    assert s.trip is not None and f"{first}|" in s.trip.ignored[0]


def test_a_character_with_no_choice_keeps_the_plain_answer():
    """Nothing changes where the card can only be left (ruling forced_answers still applies)."""
    s = party()
    leader = s.order[0]
    s.hero(leader).gold = 0
    s = go(settle(s), [2], ["mercenary", "good_fortune"])
    if s.decision.hero == leader and kind(s) == "take":
        assert opts(s) == ["leave"]


def test_ai_leaves_for_good_what_it_does_not_want_but_not_a_talisman():
    """The AI answers `ignore` to an Object it cannot take without giving up something worth
    more, and plain `leave` to a Talisman it leaves to a companion who lacks one, since it may
    still be wanted on the way back (C6f, C2e)."""
    s = party()
    holder, lacker = s.order[0], s.order[1]
    s.hero(holder).objects.append(s.decks.talismans.pop())
    best = max(s.hero(holder).objects, key=lambda u: Heuristic(s, "p1", random.Random(0)).worth(u))
    s.decision = Decision(kind="take", hero=holder, options=[f"take:drop:{best}", "leave", "ignore"],
                          data={"card": "good_fortune"})
    assert Heuristic(s, "p1", random.Random(0)).on_take(s.decision).option == "ignore"
    s.decision = Decision(kind="take", hero=holder, options=["take", "leave", "ignore"], data={"card": talisman_card()})
    assert Heuristic(s, "p1", random.Random(0)).on_take(s.decision).option == "leave"
    s.decision = Decision(kind="take", hero=lacker, options=["take", "leave", "ignore"], data={"card": talisman_card()})
    assert Heuristic(s, "p1", random.Random(0)).on_take(s.decision).option == "take"
