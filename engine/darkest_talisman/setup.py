"""Setting up a campaign (A1-A3) and drawing replacement characters (C1c).

A1 (the table layout) is the state's shape itself: the village, twelve Draw Spots, six road
spaces, the decks and their discard piles, the Marching Order. A2: the Magic Objects are taken
out of the Adventure deck to form the Trove deck; every deck is shuffled. A3: three characters
are dealt at random, with their tokens and their starting equipment, given only the first time
a character arrives (A3c, D1b). Seats: one person controls the whole party (solo) or each
character is controlled by one seat, dealt round the seats (co-op).
"""
from __future__ import annotations

from typing import Sequence

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.system import Seat
from engine.darkest_talisman import cards
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import ObjectCard, Pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import CampaignState, Decks, Hero, SeatRef, TalismanOptions

MIN_SEATS = 1
MAX_SEATS = 3


def copies(card_id: str, count: int) -> list[str]:
    return [f"{card_id}#{n}" for n in range(1, count + 1)]


def new_campaign(pack: Pack, seats: Sequence[Seat], options: TalismanOptions, seed: int) -> Ctx:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"a campaign needs {MIN_SEATS}-{MAX_SEATS} seats")
    state = CampaignState(options=options, rng=Rng.from_seed(seed))
    ctx = Ctx(state=state, pack=pack)
    state.seats = [SeatRef(player=s.player, name=s.name, ai=s.ai) for s in seats]
    size = pack.rules.party_size.value
    state.slots = [seats[i % len(seats)].player for i in range(size)]
    decks = Decks()
    for card in pack.adventures:
        target = decks.trove if isinstance(card, ObjectCard) and card.type == "magic_object" else decks.adventure
        target.extend(copies(card.id, card.count))  # A2: the Magic Objects form the Trove deck
    for spell in pack.spells:
        decks.spells.extend(copies(spell.id, spell.count))
    for card in pack.purchase:
        target = decks.talismans if card.slot == "talisman" else decks.purchase
        target.extend(copies(card.id, card.count))
    decks.talismans = decks.talismans[: pack.rules.talisman_supply.value]
    decks.characters = [c.id for c in pack.characters]
    for deck in (decks.adventure, decks.trove, decks.spells, decks.characters):
        state.rng.shuffle(deck)  # A2a, A2b, A3
    state.decks = decks
    if options.expansions:  # their cards form their own decks (E1b, E2c; engine/darkest_talisman/expansions)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.setup(ctx)
    ctx.events.append(Event(kind="talisman.ev.campaign_started", data={
        "seats": [s.player for s in seats], "solo": len({s.player for s in seats}) == 1}))
    for slot in range(size):
        deal(ctx, slot)
    return ctx


def deal(ctx: Ctx, slot: int) -> Hero | None:
    """A3 / C1c: a random character for a village space, with tokens and starting equipment."""
    state = ctx.state
    if not state.decks.characters:
        ctx.emit("no_characters_left", slot=slot)
        return None
    sheet = ctx.pack.character(state.decks.characters.pop())
    hero = Hero(uid=f"h{state.next_hero}", card=sheet.id, slot=slot, strength=sheet.strength, craft=sheet.craft,
                life=sheet.life, fate=sheet.fate, gold=sheet.gold, alignment=sheet.alignment)
    state.next_hero += 1
    state.heroes.append(hero)
    state.order.append(hero.uid)
    ctx.emit("character_arrives", hero.uid, slot=slot, player=state.slots[slot])
    for cid in sheet.start_objects:  # A3c: only on first arriving in the village (D1b)
        uid = cards.take_purchase(ctx, cid)
        if uid is not None:
            hero_rules.gain_thing(ctx, hero, uid, "starting_equipment")
    if sheet.start_spells:
        hero_rules.draw_spells(ctx, hero, sheet.start_spells, "starting_equipment")
    if state.ext is not None:  # an expansion's starting equipment (the City's Tavern Maid, A3c)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.character_dealt(ctx, hero)
    return hero
