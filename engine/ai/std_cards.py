"""The Standard AI's choices for the Water Realm expansion's new cards.

Two entry points, called by `engine.ai.standard.StandardHeuristic`:

* `answer` settles a question a new card asks the AI's seat (`CardsState.questions`, or the
  Doppelganger's): as the Mad Riddler's visitor it asks the question that best splits the Items
  still possible given the answers so far (it never sees the secret), then names the likeliest
  one; as a judge it compares the description with the card it is shown; as the Doppelganger's
  visitor it copies whoever makes the weakest copy, as the copied player it makes the strongest;
  it keeps Gifts of the Gods when its own is the best draw; it looks at Guardians first.
* `score` values, on the Standard AI's yardstick (`StdPlan.value`), the new cards' actions
  among the others of a turn: a smith's job by what the Item becomes, the new Opportunities
  and the Scroll of Entrancement by a small fixed gain, the Scroll of Exchanging Fates by how
  much better the swapped roll is. The rest goes on to the Standard AI unchanged.

Nothing here sees what the seat may not see: the secret Item is read only by a judge (who is
shown it).
"""
from __future__ import annotations

import difflib
import random
from typing import Any

from engine.ai.odds import dice_chances
from engine.ai.std_battle import StdRes, action_odds
from engine.ai.std_plan import StdPlan
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import CreatureCard, ItemCard, display_name
from engine.prophecy.context import Ctx
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import powers
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards import adventures as adv
from engine.prophecy.water_realm.cards import talk as talk
from engine.prophecy.water_realm.cards.actions import CardChoice, ExchangeFates, NameCard, Smith
from engine.prophecy.water_realm.cards.common import plays_new_cards, power_kind, printed_id
from engine.prophecy.water_realm.cards.content import LANGUAGES
from engine.prophecy.water_realm.cards.fates import dice
from engine.prophecy.water_realm.cards.part import ACTION_TYPES, _asked
from engine.prophecy.water_realm.cards.smith import jobs, smith_price
from engine.prophecy.water_realm.cards.state import Question

#: how close a description must read to a card's name for an AI judge to accept it
MATCH = 0.8
#: small fixed gains of the new Opportunities (on the AI's yardstick)
GAIN = {"riddler": 0.6, "alchemist": 0.0, "path": 0.2, "gifts": 0.4, "returned": 0.6}
ENTRANCE_V = 0.8
STAKE = 4.0


# ------------------------------------------------------------------------------ questions


def answer(state: ProphecyState, actor: str, acts: list[Any], rng: random.Random) -> Any | None:
    """The AI's answer to a question of the new cards asked of `actor`; None when none is."""
    if not plays_new_cards(state):
        return None
    q = _asked(state)
    if q is None or q.player != actor:
        return None
    ctx = Ctx(state=state, pack=pack_of(state))
    p = state.player(actor)
    choice = _choose(ctx, p, q, rng)
    if isinstance(choice, str):
        return CardChoice(option=choice) if choice in q.options else (acts[0] if acts else None)
    return choice


def _choose(ctx: Ctx, p: PlayerState, q: Question, rng: random.Random) -> str | Any:
    kind = q.kind
    if kind == "riddle":
        possible = riddle_candidates(ctx, q)
        open_questions = [o for o in q.options if o in talk.RIDDLE_QUESTIONS]
        if len(possible) > 1 and open_questions:
            return min(open_questions, key=lambda o: (abs(2 * sum(talk.RIDDLE_QUESTIONS[o](c) for c in possible)
                                                          - len(possible)), o))
        return talk.GUESS if possible else talk.GIVE_UP
    if kind == "name":
        if q.other is None:  # the Mad Riddler's Item
            possible = riddle_candidates(ctx, q)
            if not possible:
                return talk.GIVE_UP
            weight = _remaining(ctx)
            best = max(possible, key=lambda c: (weight.get(c.id, 0), rng.random()))
            return NameCard(text=display_name(best, "en"))
        victim = ctx.state.player(q.other)
        items = talk.takeable(ctx, victim)
        if not items:
            return talk.GIVE_UP
        best_item = max(items, key=lambda i: (ctx.pack.item(i.card).cost, i.uid))
        printed = printed_id(ctx.pack.item(best_item.card))
        return NameCard(text=display_name(ctx.pack.item(printed), "en"))
    if kind == "judge":
        if q.options[:1] == [talk.NO]:
            secret = q.secret
            if secret is None:
                return talk.NO
            return talk.YES if fits(q.text, ctx.pack.item(secret)) else talk.NO
        victim = ctx.state.player(q.other or "")
        named, score = talk.NONE, 0.0
        for uid in q.options[1:]:
            item = victim.item(uid)
            if item is None:
                continue
            card = ctx.pack.item(printed_id(ctx.pack.item(item.card)))
            s = closeness(q.text, card)
            if s >= MATCH and s > score:
                named, score = uid, s
        return named
    if kind == "copy":
        return min(q.options, key=lambda pid: (_copy_strength(ctx, pid, p), pid))
    if kind == "doppel":
        visitor = ctx.state.player(q.other or "")
        sign = -1 if visitor.player == p.player else 1
        return max(q.options, key=lambda o: (sign * _figure(ctx, p, visitor, o), o))
    if kind == "alchemy":
        return max(q.options, key=lambda uid: (ctx.pack.item(p.owned(uid).card).cost if p.item(uid) else 0, uid))
    if kind == "gifts":
        mine, others = 0, 0
        for entry in q.items:
            pid, _, uid = entry.partition(":")
            item = ctx.state.player(pid).item(uid)
            cost = ctx.pack.item(item.card).cost if item is not None else 0
            if pid == p.player:
                mine = cost
            else:
                others = max(others, cost)
        return adv.KEEP if mine >= others else adv.DISCARD
    if kind == "returned":
        order = {"lesser": 0, "greater": 1, "artifact": 2}
        looks = [o for o in q.options if o != adv.STOP]
        return min(looks, key=lambda o: (order.get(o.partition(":")[2], 3), o)) if looks else adv.STOP
    if kind == "entrance":
        def worth(pid: str) -> int:
            return max((ctx.pack.item(i.card).cost for i in talk.takeable(ctx, ctx.state.player(pid))), default=0)
        return max(q.options, key=lambda pid: (worth(pid), pid))
    return q.options[0] if q.options else talk.GIVE_UP


def riddle_candidates(ctx: Ctx, q: Question) -> list[ItemCard]:
    """The printed Items the answers so far allow (the secret is never read here)."""
    out = []
    for card in talk.printed_cards(ctx):
        if all(talk.RIDDLE_QUESTIONS[k](card) == v for k, v in zip(q.asked, q.answers, strict=False)):
            out.append(card)
    power = getattr(ctx.pack.adventure(q.card), "power", None)
    deck = getattr(power, "deck", None)
    same_deck = [c for c in out if c.deck == deck]
    return same_deck or out


def _remaining(ctx: Ctx) -> dict[str, int]:
    """How many copies of each Item are still unseen (in the draw piles)."""
    out: dict[str, int] = {}
    for name in ("common", "rare"):
        for c in getattr(ctx.state.decks, name).draw:
            out[c] = out.get(c, 0) + 1
    return out


def closeness(text: str, card: ItemCard) -> float:
    said = talk.normal(text)
    best = 0.0
    for lang in LANGUAGES:
        name = talk.normal(display_name(card, lang))
        if name and name in said:
            return 1.0
        best = max(best, difflib.SequenceMatcher(None, said, name).ratio())
    return best


def fits(text: str, card: ItemCard) -> bool:
    return closeness(text, card) >= MATCH


def _copy_strength(ctx: Ctx, pid: str, visitor: PlayerState) -> int:
    copy = ctx.state.player(pid)
    return max(adv.copy_figure(ctx, copy, visitor, fight, []) - (visitor.red.right if fight == "strength"
                                                                  else visitor.blue.right)
               for fight in ("strength", "wills"))


def _figure(ctx: Ctx, copy: PlayerState, visitor: PlayerState, option: str) -> int:
    fight, _, spells = option.partition(":")
    return adv.copy_figure(ctx, copy, visitor, fight, [s for s in spells.split("+") if s])


# ---------------------------------------------------------------------------- turn actions


def score(ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any]) -> tuple[list[tuple[float, Any]], list[Any]]:
    """(the new cards' actions with their values, the other actions) of a turn. Without the new
    cards, a smith's job may still be offered: a Treasure set like an Astral Stone (Treasure
    Island; ruling astral_mindstone), valued the same way."""
    if not plays_new_cards(ctx.state):
        smiths = [a for a in acts if isinstance(a, Smith)]
        if not smiths:
            return [], acts
        return [(_smith_value(ctx, plan, p, r, a), a) for a in smiths], [a for a in acts if not isinstance(a, Smith)]
    foe = adv.doppel_foe(ctx)
    if foe is not None:
        return _doppel_fights(ctx, plan, p, r, acts, foe), []
    mine = [a for a in acts if _is_mine(ctx, p, a)]
    if not mine:
        return [], acts
    rest = [a for a in acts if not any(a is m for m in mine)]
    space = p.space
    base = plan.value(space, r)
    out: list[tuple[float, Any]] = []
    for a in mine:
        if isinstance(a, Smith):
            out.append((_smith_value(ctx, plan, p, r, a), a))
        elif isinstance(a, ExchangeFates):
            out.append((_fates_value(ctx, p, a), a))
        elif isinstance(a, prophecy_actions.UseOpportunity):
            here = next((x for x in ctx.state.spaces[space] if x.uid == a.card), None)
            kind = power_kind(ctx, here.card) if here is not None else None
            value = base + GAIN.get(kind or "", 0.0)
            if kind == "alchemist" and here is not None:  # a kind is only found on a card here
                value = _alchemist_value(ctx, plan, p, r, here.card)
            elif kind == "path":
                healed = r.copy()
                healed.h, healed.hl, healed.m, healed.ml = r.h + r.hl, 0, r.m + r.ml, 0
                value = plan.value(space, healed) - 0.3
            out.append((value, a))
        elif isinstance(a, prophecy_actions.UseItem):
            out.append((base + ENTRANCE_V, a))
    return out, rest


def _doppel_fights(ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, acts: list[Any], foe: Any
                   ) -> list[tuple[float, Any]]:
    """The fights against the Doppelganger at their true odds (its figures are the copy's,
    not the card's), valued as the Standard AI values a Creature battle."""
    here = adv.doppel_here(ctx)
    assert here is not None
    card = ctx.pack.adventure(here[1].card)
    assert isinstance(card, CreatureCard)  # the Doppelganger
    out: list[tuple[float, Any]] = []
    for a in acts:
        if isinstance(a, prophecy_actions.Fight):
            ex = action_odds(ctx, p, foe, a)
            if ex is None:
                continue
            value = sum(q * plan.value(p.space, b) for q, b, _kind in
                        plan.creature_outcomes(r, card, ex.cost, ex.win, ex.draw, ex.loss, ex.breaks))
            out.append((value, a))
        else:
            out.append((plan.value(p.space, r), a))
    return out


def _is_mine(ctx: Ctx, p: PlayerState, a: Any) -> bool:
    if a.type in ACTION_TYPES:
        return True
    if isinstance(a, prophecy_actions.UseOpportunity):
        here = next((x for x in ctx.state.spaces[p.space] if x.uid == a.card), None)
        return here is not None and power_kind(ctx, here.card) is not None
    if isinstance(a, prophecy_actions.UseItem):
        item = p.item(a.item)
        return item is not None and item in talk.entrancement_scrolls(ctx, p)
    return False


def _smith_value(ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, a: Smith) -> float:
    after = r.copy()
    if not a.blacksmithing:
        after.gold -= smith_price(ctx, p) or 0
    for target, stone, setting, became in jobs(ctx, p):
        tid = target if isinstance(target, str) else target.uid
        if tid != a.item or (stone.uid if stone else None) != a.stone or setting != a.setting:
            continue
        items = list(after.items)
        if stone is not None and (stone.card, stone.damaged) in items:
            items.remove((stone.card, stone.damaged))
        if isinstance(target, str):  # an Artifact: a small, lasting bonus
            after.items = tuple(items)
            return plan.value(p.space, after) + 0.5 - (0.05 if a.blacksmithing else 0.0)
        if (target.card, target.damaged) in items:
            items.remove((target.card, target.damaged))
        items.append((became, target.damaged))
        after.items = tuple(items)
        # a free job with Blacksmithing spends the turn's one thing instead of moving
        return plan.value(p.space, after) - (0.05 if a.blacksmithing else 0.0)
    return plan.value(p.space, r) - 1.0


def _alchemist_value(ctx: Ctx, plan: StdPlan, p: PlayerState, r: StdRes, card: str) -> float:
    cost = getattr(ctx.pack.adventure(card), "cost", None)
    paid = plan.pay(r, cost)
    best = plan.value(p.space, r)
    for uid in adv.copyable(ctx, p):
        item = p.item(uid)
        if item is None:
            continue
        after = paid.copy()
        after.items = paid.items + ((item.card, False),)
        best = max(best, plan.value(p.space, after))
    return best


def _fates_value(ctx: Ctx, p: PlayerState, a: ExchangeFates) -> float:
    b = powers.sstate(ctx).turn.battle
    if b is None:
        return -1.0
    own, foe = dice(ctx, p, b)
    if a.own >= len(own) or a.foe >= len(foe):
        return -1.0
    own, foe = list(own), list(foe)
    own[a.own], foe[a.foe] = foe[a.foe], own[a.own]
    fig = b.figure_for(b.rolls)

    def utility(light: int, dark: int) -> float:
        diff = fig + light - b.foe_figure - dark
        if diff > 0:
            left = b.lives - b.rolls
            if left <= 0:
                return 1.0
            w, d, _l = dice_chances(fig - b.foe_figure, 0, left, b.own_dice, b.foe_dice)
            return w + 0.35 * d
        return 0.35 if diff == 0 else 0.0

    return STAKE * (utility(max(own), min(foe)) - utility(b.light, b.dark)) - 0.2


__all__ = ["answer", "closeness", "fits", "riddle_candidates", "score"]
