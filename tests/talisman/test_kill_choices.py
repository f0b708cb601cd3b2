"""C8e-g: the ways a total can be shared out, found kind by kind (issue #30: a 17-Enemy draw
once walked 2**17 subsets), are the very sets, in the very order, that walking every subset in
binary order finds; the offers a guardian split shows (and so the campaign's games) stay the same."""
from __future__ import annotations

import random

from engine.darkest_talisman import guardians
from engine.darkest_talisman.state import Guardian, GuardianFight
from tests.talisman.helpers import ctx_of, solo

CARDS = ("wolf", "ogre", "bandit")
ITEMS = ("sword", "helmet", "shield")


def _fight(rng: random.Random, n: int) -> tuple[GuardianFight, list[tuple[str, int]]]:
    """n Enemies of a few cards and items, many of them alike, with small scores (some 0)."""
    fought = []
    targets = []
    for i in range(n):
        of = rng.choice(CARDS)
        items = [f"{rng.choice(ITEMS)}#{rng.randint(1, 9)}" for _ in range(rng.choice((0, 0, 0, 1, 2)))]
        fought.append(Guardian(uid=f"{of}#{i + 1}", of=of, kind="enemy", items=items))
        targets.append((f"{of}#{i + 1}", rng.choice((0, 1, 2, 3, 3, 4, 4, 5, 7))))
    rng.shuffle(targets)
    return GuardianFight(kind="trove", guardians=fought), targets


def test_kinds_give_the_subsets_sets_in_their_order() -> None:
    rng = random.Random(30)
    state = solo(1)
    compared = split = 0
    for _ in range(400):
        n = rng.randint(0, 11)
        state.fight, targets = _fight(rng, n)
        ctx = ctx_of(state)
        for total in (-1, 0, rng.randint(1, 12), rng.randint(5, 40)):
            got = guardians.kill_choices(ctx, total, targets)
            assert got == guardians._kill_choices_by_subset(ctx, total, targets), (targets, total)
            compared += 1
            split += len(got) > 1
    assert compared == 1600 and split > 300  # real choices among them, not only the trivial ones


def test_a_big_draw_offers_at_most_the_cap_the_most_kills_first() -> None:
    rng = random.Random(17)
    state = solo(1)
    state.fight, targets = _fight(rng, 17)
    got = guardians.kill_choices(ctx_of(state), 25, targets)
    # far more ways than the cap (the subset walk this replaced: 131072 subsets), cut to the same first ones
    assert len(got) == guardians.MAX_SPLITS
    assert got == guardians._kill_choices_by_subset(ctx_of(state), 25, targets)
    scores = dict(targets)
    ranks = [(-len(c), -sum(scores[u] for u in c)) for c in got]
    assert ranks == sorted(ranks)
    assert all(sum(scores[u] for u in c) <= 25 for c in got)
