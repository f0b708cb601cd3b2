"""The Scroll of Exchanging Fates (Water Realm expansion, Appendix "Scroll of Exchanging Fates").

Once the dice of a roll have fallen and the roll is not won, the battle pauses for the powers
used after the dice (ruling battle_abilities): the scroll is one of them. It swaps one of her
dice with one of her opponent's; with Prayer or Curse every die each side rolled counts, and
each side then keeps its best (hers) or worst (the opponent's) as usual. The Appendix's
example: he rolls 3 and 5 keeping the better, you roll 1, 3 and 4 keeping the worst; swapping
your 1 for his 5 leaves him 1 and 3, you 3, 4 and 5: a 3 each. The scroll is then discarded,
and the roll is judged again (another power may still change it).
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.standard import battle
from engine.prophecy.standard.state import StdBattle
from engine.prophecy.state import OwnedItem, PlayerState
from engine.prophecy.water_realm.cards.actions import ExchangeFates
from engine.prophecy.water_realm.cards.common import cstate, item_power
from engine.prophecy.water_realm.cards.content import ExchangeFates as FatesPower
from engine.prophecy.water_realm.cards.state import Fates

#: the events whose dice a paused battle waits on
ROLL_EVENTS = ("battle_roll", "battle_reroll", "wrc_fates_exchanged")


def scroll(ctx: Ctx, p: PlayerState) -> OwnedItem | None:
    return next((i for i in p.items if not i.damaged and isinstance(item_power(ctx.pack.item(i.card)), FatesPower)),
                None)


def dice(ctx: Ctx, p: PlayerState, b: StdBattle) -> tuple[list[int], list[int]]:
    """Every die of the last roll, hers and the opponent's. Read from this action's roll event
    when there is one (and kept in the state for the buttons), else from what was kept."""
    cs = cstate(ctx.state)
    event = next((e for e in reversed(ctx.events) if e.kind in ROLL_EVENTS and e.player == p.player), None)
    if event is not None:
        if event.kind == "battle_roll":
            own = list(event.data.get("own_rolls") or [b.light])
            foe = list(event.data.get("foe_rolls") or [b.dark])
        elif event.kind == "wrc_fates_exchanged":
            own, foe = list(event.data["own_rolls"]), list(event.data["foe_rolls"])
        else:  # a die rolled again replaces the one kept
            own, foe = [b.light], [b.dark]
        cs.fates = Fates(roll=b.rolls, own=own, foe=foe)
    f = cs.fates
    if f is not None and f.roll == b.rolls and f.own and f.foe and max(f.own) == b.light and min(f.foe) == b.dark:
        return list(f.own), list(f.foe)
    return [b.light], [b.dark]


def _result(b: StdBattle, light: int, dark: int) -> str:
    mine, theirs = b.figure_for(b.rolls) + light, b.foe_figure + dark
    return "win" if mine > theirs else "draw" if mine == theirs else "loss"


RANK = {"loss": 0, "draw": 1, "win": 2}


def options(ctx: Ctx, p: PlayerState, b: StdBattle) -> list[ExchangeFates]:
    """Each swap that makes the roll better for her (one per outcome)."""
    item = scroll(ctx, p)
    if item is None or b.result == "win":
        return []
    own, foe = dice(ctx, p, b)
    now = RANK[b.result or "loss"]
    out: list[ExchangeFates] = []
    seen: set[tuple[int, int]] = set()
    for i, a in enumerate(own):
        for j, d in enumerate(foe):
            light = max(own[:i] + [d] + own[i + 1:])
            dark = min(foe[:j] + [a] + foe[j + 1:])
            if (light, dark) in seen or RANK[_result(b, light, dark)] <= now:
                continue
            seen.add((light, dark))
            out.append(ExchangeFates(item=item.uid, own=i, foe=j))
    return out


def exchange(ctx: Ctx, p: PlayerState, action: ExchangeFates) -> None:
    from engine.prophecy.standard import powers

    b = powers.sstate(ctx).turn.battle
    if b is None or b.awaiting != "after_roll" or action not in options(ctx, p, b):
        raise RuleError("error.wrc_fates_not_possible")
    own, foe = dice(ctx, p, b)
    own[action.own], foe[action.foe] = foe[action.foe], own[action.own]
    item = p.item(action.item)
    assert item is not None
    card = ctx.pack.item(item.card)
    p.items.remove(item)
    discard(ctx, card.deck, card.id)
    b.light, b.dark = max(own), min(foe)
    cstate(ctx.state).fates = Fates(roll=b.rolls, own=own, foe=foe)
    battle.rejudge(ctx, p, b, "wrc_fates_exchanged", item=item.uid, scroll=card.id, own_rolls=own, foe_rolls=foe)
