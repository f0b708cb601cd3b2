"""What characters do in a village besides shopping (B1d, C2b, C2c, C2d, C2e).

Storage (B1d, C2d): things, Gold and Trophies a character leaves behind are out of play, may be
taken back only by that character and only in the village where they were left. Trophies (C2b)
are cashed only in a village: every full 7 points of Strength Trophies give 1 Strength, of
Craft Trophies 1 Craft (facts 6.4): the Trophies spent are chosen to give every full 7 held;
what does not make a full 7 is lost with the Trophies spent.
Nothing passes between characters (C2e): there is no action for it; only effects move things
(the Thief, loot shared out after a Guardian Combat, a dead companion's stored Talisman).
"""
from __future__ import annotations

from engine.darkest_talisman import cards, effects
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, Pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Hero, Stored, card_id


def stored(ctx: Ctx, hero: Hero) -> Stored:
    return ctx.state.storage.get(ctx.state.village, {}).get(hero.uid, Stored())


def store(ctx: Ctx, hero: Hero, thing: str | None, gold: int) -> None:
    box = hero_rules.stored(ctx, hero)
    if thing is not None:
        if thing in hero.trophies:
            hero.trophies.remove(thing)
        else:
            hero_rules.give_up(ctx, hero, thing)
        box.things.append(thing)
    if gold:
        hero.gold -= gold
        box.gold += gold
    ctx.emit("stored", hero.uid, thing=card_id(thing) if thing else None, gold=gold, village=ctx.state.village)


def retrievable(ctx: Ctx, hero: Hero) -> list[str]:
    """This character's own things here, and Talismans stored by companions who died (B1d)."""
    return stored(ctx, hero).things + ctx.state.left_talismans.get(ctx.state.village, [])


def can_retrieve(ctx: Ctx, hero: Hero, thing: str) -> bool:
    if thing not in retrievable(ctx, hero):
        return False
    if ctx.pack.has_card(card_id(thing)) and isinstance(ctx.pack.card(card_id(thing)), EnemyCard):
        return True  # a Trophy
    return hero_rules.room_for(ctx.pack, hero, thing)


def retrieve(ctx: Ctx, hero: Hero, thing: str | None, gold: int) -> None:
    box = hero_rules.stored(ctx, hero)
    if thing is not None:
        if thing in box.things:
            box.things.remove(thing)
        else:
            ctx.state.left_talismans[ctx.state.village].remove(thing)
        card = ctx.pack.card(card_id(thing))
        if isinstance(card, EnemyCard):
            hero.trophies.append(thing)
        else:
            if card_id(thing) == "talisman":
                hero.objects.append(thing)
            else:
                hero_rules.gain_thing(ctx, hero, thing, "retrieved")
    if gold:
        box.gold -= gold
        hero.gold += gold
    ctx.emit("retrieved", hero.uid, thing=card_id(thing) if thing else None, gold=gold, village=ctx.state.village)
    if not box.things and not box.gold:
        ctx.state.storage.get(ctx.state.village, {}).pop(hero.uid, None)


def trophy_attribute(ctx: Ctx, uid: str) -> str:
    card = ctx.pack.card(card_id(uid))
    assert isinstance(card, EnemyCard)
    return card.attribute


def trophy_value(ctx: Ctx, uid: str) -> int:
    card = ctx.pack.card(card_id(uid))
    assert isinstance(card, EnemyCard)
    return card.value


def trophy_points(ctx: Ctx, hero: Hero, attribute: str) -> int:
    return sum(trophy_value(ctx, u) for u in hero.trophies if trophy_attribute(ctx, u) == attribute)


def can_cash(ctx: Ctx, hero: Hero, attribute: str) -> bool:
    return trophy_points(ctx, hero, attribute) >= ctx.pack.rules.trophy_points.value


def cashing(pack: Pack, hero: Hero, attribute: str) -> tuple[int, list[int]]:
    """(the points gained, the Trophy values spent) if this character cashes the Trophies of
    `attribute` now: the one figure `cash` gives and the action's label promises."""
    values = []
    for uid in hero.trophies:
        card = pack.card(card_id(uid))
        if isinstance(card, EnemyCard) and card.attribute == attribute:
            values.append(card.value)
    return best_spending(values, pack.rules.trophy_points.value)


def cash(ctx: Ctx, hero: Hero, attribute: str) -> None:
    """C2b, facts 6.4: every full 7 points held give 1. The Trophies spent are the best
    partition (project ruling `trophies_cashing`): the most full 7s, then the fewest points
    spent (the most value kept), then the smaller Trophies spent first."""
    mine = [u for u in hero.trophies if trophy_attribute(ctx, u) == attribute]
    gained, spent_values = cashing(ctx.pack, hero, attribute)
    for value in spent_values:
        uid = next(u for u in mine if trophy_value(ctx, u) == value)
        mine.remove(uid)
        hero.trophies.remove(uid)
        cards.discard(ctx, uid)
    ctx.emit("trophies_cashed", hero.uid, attribute=attribute, gained=gained)
    hero_rules.change(ctx, hero, attribute, gained, "trophies")  # type: ignore[arg-type]  # a Trophy cash-in is for strength or craft (A.CashTrophies)


def best_spending(values: list[int], need: int) -> tuple[int, list[int]]:
    """The Trophy values to spend for the most groups of at least `need` points, wasting the
    fewest points; among equals, the smaller Trophies go and the larger are kept.

    Only minimal groups (dropping any Trophy leaves less than `need`) are worth forming, and the
    largest Trophy left is either kept or spent in one of them: a search over the counts of each
    value, remembered per state, is exact and small (Trophy values run from 1 to 7)."""
    kinds = sorted(set(values), reverse=True)
    start = tuple(values.count(v) for v in kinds)
    memo: dict[tuple[int, ...], tuple[tuple[int, int, int], tuple[int, ...]]] = {}

    def groups_with(counts: list[int], first: int) -> list[tuple[int, ...]]:
        """Minimal groups holding one Trophy of kind `first` plus Trophies of smaller or equal kinds."""
        out: list[tuple[int, ...]] = []
        base = [0] * len(kinds)
        base[first] = 1

        def grow(taken: list[int], total: int, start_kind: int) -> None:
            if total >= need:
                smallest = kinds[max(i for i, n in enumerate(taken) if n)]
                if total - smallest < need:
                    out.append(tuple(taken))
                return
            for k in range(start_kind, len(kinds)):
                if taken[k] < counts[k]:
                    taken[k] += 1
                    grow(taken, total + kinds[k], k)
                    taken[k] -= 1

        grow(base, kinds[first], first)
        return out

    def solve(counts: tuple[int, ...]) -> tuple[tuple[int, int, int], tuple[int, ...]]:
        """(score, spent counts) where score = (groups, -points spent, cards spent)."""
        if counts in memo:
            return memo[counts]
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            result: tuple[tuple[int, int, int], tuple[int, ...]] = ((0, 0, 0), (0,) * len(kinds))
        else:
            kept = list(counts)
            kept[first] -= 1
            (g, p, c), spent = solve(tuple(kept))
            result = ((g, p, c), spent)
            for group in groups_with(list(counts), first):
                rest = tuple(n - t for n, t in zip(counts, group, strict=False))
                (g2, p2, c2), spent2 = solve(rest)
                points = sum(k * t for k, t in zip(kinds, group, strict=True))
                score = (g2 + 1, p2 - points, c2 + sum(group))
                if score > result[0]:
                    result = (score, tuple(a + b for a, b in zip(spent2, group, strict=False)))
        memo[counts] = result
        return result

    (groups, _, _), spent = solve(start)
    return groups, [v for v, n in zip(kinds, spent, strict=False) for _ in range(n)]


def cash_bag(ctx: Ctx, hero: Hero, uid: str) -> None:
    """C2c-d: a Bag of Gold traded for its value at any time."""
    effects.cash_bag(ctx, hero, uid)


def use(ctx: Ctx, hero: Hero, uid: str, lost: list[str]) -> None:
    card = hero_rules.obj(ctx.pack, uid)
    assert card.use is not None
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    ctx.emit("used", hero.uid, thing=card.id)
    effects.apply(ctx, hero, card.use, card.id, lost)
