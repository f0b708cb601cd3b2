"""Chance cards: one is revealed at the start of every turn (Basic rules, "Drawing a Chance Card")."""
from __future__ import annotations

from engine.prophecy.content import ChanceCard
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard, draw
from engine.prophecy.effects import apply_effect, heal, recharge
from engine.prophecy.state import AdventureOnSpace, OwnedItem, PlayerState


def draw_chance(ctx: Ctx) -> None:
    card_id = draw(ctx, "chance")
    if card_id is None:
        return
    card = ctx.pack.chance_card(card_id)
    ctx.state.chance_card = card_id
    ctx.emit("chance_drawn", ctx.state.turn.player if ctx.state.turn else None, reveals=True, card=card_id)
    resolve_chance(ctx, card)
    discard(ctx, "chance", card_id)


def resolve_chance(ctx: Ctx, card: ChanceCard) -> None:
    """Follow the card; when it changes nothing, say so and why (event `chance_no_effect`)."""
    handler = _HANDLERS[card.effect]
    why = handler(ctx, card)
    if why:
        ctx.emit("chance_no_effect", ctx.state.turn.player if ctx.state.turn else None, card=card.id, why=why,
                 terrain=card.terrain or "")


def _terrain(ctx: Ctx, card: ChanceCard) -> str | None:
    """One face-up Adventure on every EMPTY space of that terrain (a Creature that stayed blocks it)."""
    slots = ctx.pack.rules.adventure_slots.value or 1
    placed = 0
    empty = 0
    for index, space in enumerate(ctx.pack.board.spaces):
        if space.terrain != card.terrain or len(ctx.state.spaces[index]) >= slots:
            continue
        empty += 1
        card_id = draw(ctx, "adventure")
        if card_id is None:
            break
        adv = AdventureOnSpace(uid=ctx.state.new_uid("a"), card=card_id)
        ctx.state.spaces[index].append(adv)
        placed += 1
        ctx.emit("adventure_placed", None, reveals=True, space=space.id, card=card_id, uid=adv.uid)
    if placed:
        return None
    return "no_empty_space" if not empty else "adventure_deck_empty"


def _restock(ctx: Ctx, card: ChanceCard) -> str | None:
    """Discard the Items lying on the City (or Village), then deal new ones face-up."""
    space = card.restock_space
    assert space and card.restock_deck and card.restock_count
    old = ctx.state.offers.get(space, [])
    for item in old:
        discard(ctx, ctx.pack.item(item.card).deck, item.card)
    if old:
        ctx.emit("offer_discarded", None, space=space, cards=[i.card for i in old])
    fresh: list[OwnedItem] = []
    for _ in range(card.restock_count):
        cid = draw(ctx, card.restock_deck)
        if cid is None:
            break
        fresh.append(OwnedItem(uid=ctx.state.new_uid("i"), card=cid))
    ctx.state.offers[space] = fresh
    ctx.emit("offer_placed", None, reveals=True, space=space, cards=[i.card for i in fresh], items=[i.uid for i in fresh])
    return None if fresh or old else "item_deck_empty"


def _changes(ctx: Ctx) -> int:
    return sum(1 for e in ctx.events if e.kind in _GAINS)


def _everyone_gains(ctx: Ctx, card: ChanceCard) -> str | None:
    """The winds and Good Times reach every living character."""
    before = _changes(ctx)
    for p in ctx.state.players:
        if p.alive:
            apply_effect(ctx, p, card.gain, card.id)
    return None if _changes(ctx) > before else _nobody_needs(card)


def _nobody_needs(card: ChanceCard) -> str:
    """Why a healing or recharging card did nothing: nobody had lost any of it."""
    gain = card.gain
    if gain is not None and gain.health > 0 and gain.magic > 0:
        return "nobody_hurt_or_drained"
    if gain is not None and gain.magic > 0:
        return "nobody_drained"
    return "nobody_hurt"


def _charity(ctx: Ctx, card: ChanceCard) -> str | None:
    """Each part goes to whoever has the least of it now; ties all profit.

    The rules call Charity a combination of the winds and Good Times given "to the player that
    has the least"; we read that per part (least Health is healed, least Magic recharged, least
    Gold paid). Project reading of a silent point.
    """
    gain = card.gain
    assert gain is not None
    living = [p for p in ctx.state.players if p.alive]
    if not living:
        return None
    before = _changes(ctx)

    def least(attr: str) -> list[PlayerState]:
        low = min(getattr(p, attr) for p in living)
        return [p for p in living if getattr(p, attr) == low]

    if gain.health:
        for p in least("health"):
            heal(ctx, p, gain.health, card.id)
    if gain.magic:
        for p in least("magic"):
            recharge(ctx, p, gain.magic, card.id)
    if gain.gold:
        for p in least("gold"):
            p.gold += gain.gold
            ctx.emit("gold_gained", p.player, amount=gain.gold, reason=card.id)
    return None if _changes(ctx) > before else _nobody_needs(card)


def _peaceful_times(ctx: Ctx, card: ChanceCard) -> str | None:
    """The drawer gets an extra turn afterwards, with no Chance card."""
    if ctx.state.turn:
        ctx.state.turn.extra_turns += 1
        ctx.emit("extra_turn_granted", ctx.state.turn.player)
    return None


def _standard_only(ctx: Ctx, card: ChanceCard) -> str | None:
    """Removed at Basic setup, so never drawn in Basic; kept harmless if a pack slips one in."""
    ctx.emit("chance_ignored", None, card=card.id)
    return None


#: events that show a Chance card changed something for somebody
_GAINS = {"healed", "recharged", "gold_gained", "experience_gained", "strength_gained", "willpower_gained",
          "item_gained"}


_HANDLERS = {
    "terrain": _terrain,
    "restock": _restock,
    "everyone_gains": _everyone_gains,
    "charity": _charity,
    "peaceful_times": _peaceful_times,
    "standard_only": _standard_only,
}
