"""Warlock Quest cards (E1c; G2 adds the Frostmarch's): at the Warlock's Cave a character draws
a Quest card instead of rolling the die (E1c-b). Resolving, completing and the call back to the
Cave are the core's (E1c-c, d). A completed card leaves the game; its holder killed, it goes back
into the deck, reshuffled (facts E.2: NG-REA, RS-FM). With the deck empty the die is rolled as
in the core (project ruling `quest_deck_empty`).
"""
from __future__ import annotations

from typing import Literal

from engine.darkest_talisman import cards
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import QuestCard, expansion_by_id
from engine.darkest_talisman.state import Hero, LostTurn, card_id


def quest_card(ctx: Ctx, uid: str) -> QuestCard:
    cid = card_id(uid)
    for eid in decks.ext(ctx).ids:
        found = next((q for q in expansion_by_id(eid).quests if q.id == cid), None)
        if found is not None:
            return found
    raise KeyError(uid)


def draw(ctx: Ctx, hero: Hero) -> bool:
    record = decks.ext(ctx)
    if not record.quests:
        return False
    uid = record.quests.pop()
    record.quest_held[hero.uid] = uid
    record.quests_drawn += 1
    card = quest_card(ctx, uid)
    hero.quest = card.quest.model_copy()
    ctx.emit("quest_card", hero.uid, quest=card.quest.kind, amount=card.quest.amount)
    return True


def done(ctx: Ctx, hero: Hero) -> None:
    record = decks.ext(ctx)
    uid = record.quest_held.pop(hero.uid, None)
    if uid is not None:
        record.quests_done.append(uid)


def lost(ctx: Ctx, hero: Hero) -> None:
    record = decks.ext(ctx)
    uid = record.quest_held.pop(hero.uid, None)
    if uid is not None:
        record.quests.append(uid)
        ctx.state.rng.shuffle(record.quests)


def check(ctx: Ctx, hero: Hero) -> bool:
    """The Quest cards' own kinds: deliver a Spell; reach a place (facts E.2: "deliver a Spell",
    "travel to the City"); lose Strength, Craft or turns (G4). True when the quest is done now."""
    quest = hero.quest
    if quest is None:
        return False
    if quest.kind == "deliver_spell" and hero.spells:
        uid = hero.spells.pop(0)
        cards.discard(ctx, uid)
        return True
    if quest.kind in ("lose_strength", "lose_craft"):
        return _lose(ctx, hero, "strength" if quest.kind == "lose_strength" else "craft", max(1, quest.amount))
    if quest.kind == "lose_turns":
        return _lose_turns(ctx, hero, max(1, quest.amount))
    trip = ctx.state.trip
    if (quest.kind == "visit" and trip is not None and ctx.state.mode == "road" and trip.destination == quest.place
            and trip.position == len(trip.road) - 1):
        return True
    return False


def _lose(ctx: Ctx, hero: Hero, attribute: Literal["strength", "craft"], amount: int) -> bool:
    """G4 Lose One Strength / Lose One Craft: paid at once, even below the character's starting
    value (never below 0: with nothing left the quest waits)."""
    from engine.darkest_talisman import heroes as hero_rules

    if getattr(hero, attribute) <= 0:
        return False
    hero_rules.change(ctx, hero, attribute, -amount, "quest")
    return True


def _lose_turns(ctx: Ctx, hero: Hero, turns: int) -> bool:
    """G4 Lose Two Turns: on a road, at once draw an Adventure card and meet it, twice. The quest
    is completed first, so the two cards are met before the Warlock's call back (C5f-e) and not
    swept away by it; off a road it waits. Returns False: the completion is done here."""
    from engine.darkest_talisman import heroes as hero_rules

    state = ctx.state
    if state.mode != "road" or state.trip is None:
        return False
    seq = state.trip.drop_seq
    hero_rules.complete_quest(ctx, hero)
    for _ in range(turns):
        state.tasks.append(LostTurn(hero=hero.uid, seq=seq))
    return False
