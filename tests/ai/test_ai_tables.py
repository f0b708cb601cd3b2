"""The AI's look-up tables give exactly what the computations they replace gave.

`Plan.value` reads precomputed per-mask and per-space tables (`Near`) instead of scanning
the earning places each time; the baseline and `fight_odds` read odds from tables filled on
first use. Each is checked here against the direct computation, bit for bit, over many
inputs (the golden games check whole games; these check values no game happened to reach).
"""
from __future__ import annotations

import random
from fractions import Fraction

from engine.ai import heuristic as H
from engine.ai.baseline import _win_loss
from engine.ai.odds import battle_chances, exact_chances
from engine.prophecy.combat import BattlePlan, battle_odds
from engine.prophecy.content import pack_by_id


def _reference_value(plan: H.Plan, space: int, r: H.Res) -> float:
    """`Plan.value` as it was before the tables: every scan done in place."""
    if r.dead:
        return H.DEAD
    if r.mask == 0:
        return H.WON
    t = plan.tables
    turns = t.turns[H.TRAVEL_BAND]
    tour = t.tour[H.TRAVEL_BAND]
    mask = r.mask
    remaining = 0
    gold_need = 0
    for g in range(len(t.guild_space)):
        if mask >> g & 1:
            remaining += 1
            gold_need += plan.price[g]
    travel = tour[space][mask]
    x_short = max(0, plan.cert_xp * remaining - r.xp)
    g_short = max(0, gold_need - r.gold)
    if g_short:
        places = t.farms.get("gold", ())
        if any(not dmg for _c, dmg in r.items):
            places = places + t.farms.get("market", ())
        detour = min((turns[space][f] + tour[f][mask] for f in places), default=travel + H.DETOUR_CAP) - travel
        travel += min(detour, H.DETOUR_CAP) * min(1.0, g_short / H.GOLD_DETOUR_FULL)
    if x_short:
        detour = min((turns[space][f] + tour[f][mask] for f in t.farms.get("experience", ())),
                     default=travel + H.XP_DETOUR_CAP) - travel
        travel += min(detour, H.XP_DETOUR_CAP) * min(1.0, x_short / H.XP_DETOUR_FULL)
    v = -(travel + x_short * H.AX + g_short * H.AG) - H.CERT_BONUS * remaining
    v += 0.03 * max(0, r.xp - plan.cert_xp * remaining) + 0.06 * max(0, min(r.gold - gold_need, 6))
    v += H.health_value(r.h) + H.magic_value(r.m) + H.item_value(plan.pack.id, id(plan.pack), r.items) + r.extra
    return v


def test_tables__plan_value_equals_the_direct_scan_bit_for_bit():
    pack = pack_by_id("base")
    H._PACKS[id(pack)] = pack
    tables = H.tables_for(pack)
    items = [i.id for i in pack.items]
    rng = random.Random(7)
    k = len(tables.guilds)
    for member in ((), tuple(pack.guilds)[:2], tuple(pack.guilds)[1:3]):
        gold = pack.rules.certificate_gold.value or 0
        price = tuple(0 if g in member else gold for g in tables.guilds)
        plan = H.Plan(pack, tables, price, pack.rules.certificate_experience.value or 0, 1, 1)
        for _ in range(4000):
            r = H.Res(rng.randint(0, 30), rng.randint(0, 30), rng.randint(0, 12), rng.randint(0, 4),
                      rng.randint(0, 12), rng.randint(0, 4), rng.randrange(1 << k),
                      tuple((rng.choice(items), rng.random() < 0.3) for _ in range(rng.randint(0, 3))),
                      rng.choice((0.0, 0.9, 1.6, 2.5)))
            space = rng.randrange(tables.size)
            assert plan.value(space, r) == _reference_value(plan, space, r)
            plan.memo.clear()  # compute, not recall, every time


def test_tables__odds_tables_equal_the_exact_battle_odds():
    for diff in range(-12, 13):
        for bonus in (0, 1, 2, 3):
            for lives in (1, 3):
                exact = battle_odds(BattlePlan("strength", diff, 0, bonus, lives, None))
                assert exact_chances(diff, bonus, lives) == exact
                assert all(isinstance(x, Fraction) for x in exact_chances(diff, bonus, lives))
                assert _win_loss(diff, bonus, lives) == (float(exact[0]), float(exact[2]))
                assert battle_chances(diff, bonus, lives) == tuple(float(x) for x in exact)


def test_tables__health_and_magic_tables_equal_the_formulas():
    for n in range(H._TABLE):
        assert H._HEALTH[n] == H.health_value(n) and H._MAGIC[n] == H.magic_value(n)
