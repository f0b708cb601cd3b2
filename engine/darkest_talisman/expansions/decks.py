"""Whose deck a card goes back to, and an expansion's Adventure deck replacing the core's while
something holds it there (E2c, E2j, E3d, E3k; F2e, F5b, F8d, F8j; G3d, H4d, I5c).

The live Adventure deck is always `decks.adventure` / `decks.adventure_discard`, so the core's
drawing and reshuffling code is untouched; a switch swaps the live pair with a shelved one.
Each switch has reasons ("reaper:figure", "reaper:graveyard"); when the last reason goes, the
core deck comes back. A discarded card goes to its own deck's discard pile, live or shelved.
"""
from __future__ import annotations

from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions.content import Expansion, expansion_by_id
from engine.darkest_talisman.expansions.model import Expansions, Shelf
from engine.darkest_talisman.state import card_id

CORE = "core"


def ext(ctx: Ctx) -> Expansions:
    found = ctx.state.ext
    assert found is not None, "only an expansion campaign asks"
    return found


def expansions(ctx: Ctx) -> list[Expansion]:
    return [expansion_by_id(e) for e in ext(ctx).ids]


def owner(ctx: Ctx, uid: str) -> str:
    """The deck a card belongs to: an expansion's id, or "core"."""
    cid = card_id(uid)
    record = ext(ctx)
    if cid in record.joined_cards:
        return CORE  # K6k: they have joined the core deck
    for exp in expansions(ctx):
        if cid in exp.adventure_ids() or any(c.id == cid for c in exp.trove) or any(s.id == cid for s in exp.spells):
            return exp.id
    return CORE


def setup(ctx: Ctx) -> None:
    """A1/A2 with expansions: the expansions' Adventure cards form their own decks, set aside
    (E2c), their Magic Objects their own Trove decks (E1b), their Spells wait to be shuffled in
    (E2d); their Quest cards are put out (E1c-a). Their characters join the character deck."""
    state = ctx.state
    record = Expansions(ids=list(state.options.expansions))
    state.ext = record
    decks = state.decks
    for exp in expansions(ctx):
        mine = exp.adventure_ids()
        # J2c: an expansion with no Trove deck keeps its Magic Objects in its Adventure deck
        record.shelved[exp.id] = Shelf(adventure=[u for u in decks.adventure + decks.trove if card_id(u) in mine])
        decks.adventure = [u for u in decks.adventure if card_id(u) not in mine]
        decks.trove = [u for u in decks.trove if card_id(u) not in mine]
        magic = {c.id for c in exp.trove}
        record.troves[exp.id] = [u for u in decks.trove if card_id(u) in magic]
        decks.trove = [u for u in decks.trove if card_id(u) not in magic]
        spells = {s.id for s in exp.spells}
        record.spells[exp.id] = [u for u in decks.spells if card_id(u) in spells]
        decks.spells = [u for u in decks.spells if card_id(u) not in spells]
        record.quests += [f"{q.id}#{n}" for q in exp.quests for n in range(1, q.count + 1)]
        for pile in exp.piles:  # J2a: the shops' cards, shuffled and set aside
            ids = {c.id for c in pile.cards}
            record.piles[pile.id] = [u for u in decks.adventure + decks.trove if card_id(u) in ids]
            decks.adventure = [u for u in decks.adventure if card_id(u) not in ids]
            decks.trove = [u for u in decks.trove if card_id(u) not in ids]
            state.rng.shuffle(record.piles[pile.id])
    state.rng.shuffle(record.quests)


def pile_of(ctx: Ctx, uid: str) -> str | None:
    """The side pile a card belongs to (the City's shops, J2a), or None."""
    cid = card_id(uid)
    for exp in expansions(ctx):
        for pile in exp.piles:
            if any(c.id == cid for c in pile.cards):
                return pile.id
    return None


def discard(ctx: Ctx, uid: str, where: str) -> bool:
    """Route a discarded card to its own deck; True when done here (the core's code does the rest).
    A side pile's card goes back to the bottom of its pile (project ruling `shop_returns`)."""
    record = ext(ctx)
    pile = pile_of(ctx, uid)
    if pile is not None:
        record.piles[pile].insert(0, uid)
        return True
    mine = owner(ctx, uid)
    if where == "magic" and mine != CORE and card_id(uid) in expansion_by_id(mine).adventure_ids():
        where = "adventure"  # J2c: a Magic Object of an Adventure deck goes back to that deck's pile
        if mine == record.live:
            ctx.state.decks.adventure_discard.append(uid)
            return True
    if where == "adventure":
        if mine == record.live:
            return False
        record.shelved[mine].discard.append(uid)
        return True
    if where == "magic" and mine != CORE:
        record.troves[mine].insert(0, uid)
        return True
    return False


def hold(ctx: Ctx, deck: str, reason: str) -> None:
    """Put `deck`'s Adventure deck in play for `reason` (one more reason if it already is). An
    expansion deck already in play for another reason is set aside (its switch undone) and comes
    back when this reason goes (the Grim Reaper's deck while the party walks into a Region)."""
    record = ext(ctx)
    if reason not in record.reasons:
        record.reasons.append(reason)
    if record.live == deck:
        return
    if record.live != CORE:
        record.switches_undone += 1
    _swap(ctx, deck)
    record.switches += 1
    ctx.emit("deck_switched", deck=deck)


def _deck_of(ctx: Ctx, reason: str) -> str | None:
    """The expansion whose deck `reason` holds ("reaper:figure", "region:woodland_region")."""
    head, _, tail = reason.partition(":")
    if head == "region":
        return next((e.id for e in expansions(ctx) if e.region is not None and e.region.region.id == tail), None)
    return head if head in ext(ctx).ids else None


def release(ctx: Ctx, reason: str) -> None:
    """`reason` no longer holds; with none left the core Adventure deck comes back (E2j, E3k);
    else the deck the last reason left holds is in play."""
    record = ext(ctx)
    if reason not in record.reasons:
        return
    record.reasons.remove(reason)
    back = next((d for d in (_deck_of(ctx, r) for r in reversed(record.reasons)) if d is not None), CORE) \
        if record.reasons else CORE
    if record.live == back or (record.reasons and back == CORE):
        return
    _swap(ctx, back)
    record.switches_undone += 1
    if back != CORE:
        record.switches += 1
    ctx.emit("deck_switched", deck=back)


def _swap(ctx: Ctx, deck: str) -> None:
    state = ctx.state
    record = ext(ctx)
    record.shelved[record.live] = Shelf(adventure=state.decks.adventure, discard=state.decks.adventure_discard)
    incoming = record.shelved.pop(deck)
    state.decks.adventure, state.decks.adventure_discard = incoming.adventure, incoming.discard
    record.live = deck
    if not state.decks.adventure and state.decks.adventure_discard:
        state.decks.adventure, state.decks.adventure_discard = state.decks.adventure_discard, []
    state.rng.shuffle(state.decks.adventure)


def shuffle_in_spells(ctx: Ctx, eid: str) -> None:
    """E2d / F2f: the expansion's Spells and the Spell discard pile are shuffled into the Spell
    deck; they stay there for the rest of the campaign (E2k, F5c)."""
    record = ext(ctx)
    new = record.spells.get(eid) or []
    if not new:
        return
    decks = ctx.state.decks
    decks.spells += new + decks.spell_discard
    decks.spell_discard = []
    record.spells[eid] = []
    ctx.state.rng.shuffle(decks.spells)
    ctx.emit("spells_added", expansion=eid, spells=len(new))


def draw_trove(ctx: Ctx, eid: str, n: int) -> list[str]:
    """E3f, F8f: Magic Objects for a trove from the expansion's own Trove deck."""
    deck = ext(ctx).troves[eid]
    return [deck.pop() for _ in range(min(n, len(deck)))]


def join_core(ctx: Ctx, eid: str, cids: set[str]) -> list[str]:
    """K6k, L6e, M8f: the expansion's listed Adventure cards (wherever its deck and discard pile
    are, live or shelved) join the core deck, shuffled in; from now on they are core cards."""
    state = ctx.state
    record = ext(ctx)
    piles = [(state.decks.adventure, state.decks.adventure_discard)] if record.live == eid else []
    if eid in record.shelved:
        piles.append((record.shelved[eid].adventure, record.shelved[eid].discard))
    moved: list[str] = []
    for deck, dis in piles:
        for pile in (deck, dis):
            taken = [u for u in pile if card_id(u) in cids]
            pile[:] = [u for u in pile if card_id(u) not in cids]
            moved += taken
    record.joined.append(eid)
    record.joined_cards += sorted(cids)
    core = state.decks.adventure if record.live == CORE else record.shelved[CORE].adventure
    core += moved
    state.rng.shuffle(core)
    return sorted(card_id(u) for u in moved)


def all_cards(ctx: Ctx) -> list[str]:
    """Every card uid the expansions' part holds (the invariant checks add them to the rest)."""
    record = ext(ctx)
    out: list[str] = []
    for shelf in record.shelved.values():
        out += shelf.adventure + shelf.discard
    for deck in record.troves.values():
        out += deck
    for waiting in record.spells.values():
        out += waiting
    for pile in record.piles.values():
        out += pile
    return out + record.quests + list(record.quest_held.values()) + record.quests_done
