"""The Guardian Combat forecast (C8e): Guardian Combat rolls no attack dice, so what a round does
is known before the party presses "fight", armour (C8d-i, C8e-j) aside. The forecast the engine
puts on each fighting answer must be what the round then does: checked on many small seeded
states (the Sentinel C5b, a trove's guardians C8d, the Tower's Werewolves C10k and Pit Fiends
C10m), with and without armour."""
from __future__ import annotations

import random

import pytest

from engine.darkest_talisman import guardians as G
from tests.talisman.helpers import choose, ctx_of, give, jump_to_destination, kind, party_of, rig, settle, solo
from tests.talisman.test_guardians import at_trove
from tests.talisman.test_tower import party as beyond
from tests.talisman.test_tower import tower_at

ARMOUR = ("armour", "shield", "helmet")


def party(seed: int, *chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def at_sentinel(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:sentinel")
    s = jump_to_destination(s)
    while kind(s) == "offer" and s.decision.data.get("source") == "redraw":
        s = choose(s, "decline")  # the Prophetess's redraw (her ability with the core cards): not taken
    return s


def shuffle_figures(s, r: random.Random, armour: bool):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Random figures (and maybe armour) for the party, the same way for every scenario."""
    for h in s.party():
        h.strength, h.craft, h.life = r.randint(1, 6), r.randint(1, 6), r.randint(1, 4)
        if armour and r.random() < 0.6:
            give(s, h.uid, r.choice(ARMOUR))
    G.attach_forecast(ctx_of(s))  # the figures changed by hand: forecast the answers again
    return s


def foreseen(s, option: str = "fight"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    d = s.decision
    return d.data["forecast"][d.options.index(option)]


def press(s, option: str = "fight"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The round as played: nobody casts, the first sharing out offered is taken."""
    s = choose(s, option)
    while s.decision is not None and kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    return s


def check(before, after, f) -> None:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The round's result lies in the forecast's range; with no armour to roll, it is exact."""
    assert f is not None and f["known"]
    for uid, said in f["heroes"].items():
        was, now = before.hero(uid), after.hero(uid)
        lost = was.life - (now.life if now.alive else 0)
        low, high = said["lost"]
        assert low <= lost <= high, (uid, lost, said)
        assert said["dies"] != "yes" or not now.alive, (uid, said)
        assert said["dies"] != "no" or now.alive, (uid, said)
    fight = after.fight
    won = bool(after.order) and (fight is None or fight.won)
    assert f["won"] != "yes" or won, f
    assert f["won"] != "no" or not won, f


def exact(f) -> bool:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return all(h["lost"][0] == h["lost"][1] and h["dies"] != "maybe" for h in f["heroes"].values()) and f["won"] != "maybe"


@pytest.mark.parametrize("seed", range(12))
def test_c5b_c8e_the_sentinel_forecast_is_what_the_round_does(seed):
    r = random.Random(seed)
    s = shuffle_figures(at_sentinel(party(seed)), r, armour=seed % 2 == 1)
    f = foreseen(s)
    if seed % 2 == 0:
        assert exact(f), f  # no armour, no dice: the round is known to the life
    check(s, press(s), f)


@pytest.mark.parametrize("seed", range(8))
def test_c8d_c8e_a_troves_standing_guardians_forecast(seed):
    """The second round against drawn guardians, each way of striking first."""
    r = random.Random(100 + seed)
    s = rig(at_trove(party(seed)), dice=[2, 2], deck=["wolf", "ogre", "goblin", "bear"])
    for h in s.party():
        h.strength, h.life = 1, 9  # the first round leaves the guardians standing
    s = press(s)
    assert kind(s) == "guardians" and "fight" in s.decision.options
    s = shuffle_figures(s, r, armour=seed % 2 == 1)
    option = r.choice(s.decision.options[: s.decision.options.index("turn_back")])
    f = foreseen(s, option)
    # the scenario's guardians hold no Scroll held face down (which the forecast leaves out)
    assert not f["scrolls"], f
    check(s, press(s, option), f)


@pytest.mark.parametrize("space, dice", [("werewolf_den", [6, 5, 2, 3, 1, 1]), ("pits", [1, 2, 1]),
                                         ("werewolf_den", [2, 2, 4, 4, 6, 6]), ("pits", [2, 1, 1])])
def test_c10k_m_the_tower_fights_forecast(space, dice):
    for seed in range(3):
        r = random.Random(seed)
        s = tower_at(beyond(), space, dice=dice)
        assert "fight" in s.decision.options
        s = shuffle_figures(s, r, armour=seed == 2)
        f = foreseen(s)
        check(s, press(s), f)


def test_c8e_h_the_sentinel_can_be_beaten_and_still_kill_the_weakest():
    """C8e-h: the blows are simultaneous, so a party that kills the Sentinel may still lose its
    weakest character to it; the forecast says so before the press."""
    s = at_sentinel(party(1, "warrior", "troll", "prophetess"))
    warrior, troll, prophetess = s.party()
    warrior.strength, troll.strength, prophetess.strength = 6, 6, 1
    prophetess.life = 1
    G.attach_forecast(ctx_of(s))
    f = foreseen(s)
    assert f["won"] == "yes" and f["heroes"][prophetess.uid]["dies"] == "yes", f
    after = press(s)
    assert not after.hero(prophetess.uid).alive


def test_c8d_a_a_troves_first_fight_gives_the_range():
    """C8d a-b: the guardians are drawn only when the party attacks: the forecast gives what
    the party's totals kill and from which guardians' total each character is hurt or dies,
    through the rules' own sharing out (C8e-g, h)."""
    s = at_trove(party(1))
    f = foreseen(s)
    assert f["known"] is False and f["dice"] == 2
    ctx = ctx_of(s)
    for uid, figures in f["heroes"].items():
        for attr in ("strength", "craft"):
            hurt, kill = figures[attr]
            scores = [(h.uid, G.hero_rules.total(ctx.pack, h, attr)) for h in s.party()]
            lives = {h.uid: h.life for h in s.party()}
            assert G.distribute(hurt, scores, lives)[uid] == 1 and G.distribute(hurt - 1, scores, lives)[uid] == 0
            assert G.distribute(kill, scores, lives)[uid] == lives[uid]
