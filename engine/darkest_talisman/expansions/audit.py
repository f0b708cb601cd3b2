"""The expansions' invariants, for the tests and the benchmark: every card counted once across
decks (live and shelved), hands, storage, the road, troves, fights and the Quest cards; the live
Adventure deck is the newest hold's (the core's with none: no switch left in place once nothing
holds it), and every deck is either live or shelved, once (engine/darkest_talisman/expansions/decks.py)."""
from __future__ import annotations

from collections import Counter

from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.state import CampaignState, Spot


def _spot(spot: Spot) -> list[str]:
    return ([spot.card] if spot.card else []) + [d.thing for d in spot.dropped if d.thing]


def census(state: CampaignState) -> Counter[str]:
    """Where every card is now: each uid must be counted exactly once."""
    out: Counter[str] = Counter()
    d = state.decks
    for deck in (d.adventure, d.adventure_discard, d.trove, d.spells, d.spell_discard, d.purchase, d.talismans):
        out.update(deck)
    for h in state.heroes:
        out.update(h.objects + h.followers + h.spells + h.trophies)
    for stores in state.storage.values():
        for box in stores.values():
            out.update(box.things)
    for things in state.left_talismans.values():
        out.update(things)
    trip = state.trip
    if trip is not None:
        for space in trip.road:
            out.update(space.waiting)
            for s in space.spots:
                out.update(_spot(s))
        for s in trip.spots:
            out.update(_spot(s))
        out.update(x.thing for x in trip.dropped_here if x.thing)
        if trip.trove is not None:
            out.update(trip.trove.items)
    if state.fight is not None:
        for g in state.fight.guardians:
            if "#" in g.uid and not g.dead:
                out[g.uid] += 1
            out.update(g.items + g.scrolls)
        out.update(state.fight.fallen)
    if state.ext is not None:
        out.update(decks.all_cards(Ctx(state=state, pack=pack_by_id(state.options.pack))))
    return out


def expected(state: CampaignState) -> Counter[str]:
    """Every card uid the campaign started with (the pack's, the Talisman supply, the Quest cards)."""
    p = pack_by_id(state.options.pack)
    out: Counter[str] = Counter()
    for card in p.adventures:
        out.update(f"{card.id}#{n}" for n in range(1, card.count + 1))
    for spell in p.spells:
        out.update(f"{spell.id}#{n}" for n in range(1, spell.count + 1))
    for ware in p.purchase:
        n = min(ware.count, p.rules.talisman_supply.value) if ware.slot == "talisman" else ware.count
        out.update(f"{ware.id}#{k}" for k in range(1, n + 1))
    for eid in state.options.expansions:
        for q in expansion_by_id(eid).quests:
            out.update(f"{q.id}#{n}" for n in range(1, q.count + 1))
        for r in expansion_by_id(eid).rewards:  # the Quest Reward cards (H3)
            out.update(f"{r.id}#{n}" for n in range(1, r.count + 1))
    return out


def broken(state: CampaignState) -> list[str]:
    """The invariants broken now, each named (an empty list: none)."""
    out: list[str] = []
    counted, wanted = census(state), expected(state)
    if counted != wanted:
        out.append(f"cards lost {dict(wanted - counted)} / duplicated {dict(counted - wanted)}")
    record = state.ext
    if record is not None:
        if record.live != decks.wanted(record):
            out.append(f"deck switch not undone: live {record.live}, holds {record.reasons}")
        if set(record.owners) - set(record.reasons):
            out.append(f"a released hold still owns a deck: {sorted(set(record.owners) - set(record.reasons))}")
        every = {decks.CORE, *record.ids}
        if record.live in record.shelved or set(record.shelved) | {record.live} != every:
            out.append(f"decks out of place: live {record.live}, shelved {sorted(record.shelved)}")
        terrain = Counter(record.terrain + list(record.terrain_laid.values()))
        wanted_terrain = Counter(f"{t.id}#{n}" for e in record.ids for t in expansion_by_id(e).manifest.terrain
                                 for n in range(1, t.count + 1))
        if terrain != wanted_terrain:
            out.append(f"Terrain cards lost {dict(wanted_terrain - terrain)} / duplicated {dict(terrain - wanted_terrain)}")
    return out
