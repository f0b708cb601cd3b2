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
    handler = _HANDLERS[card.effect]
    handler(ctx, card)


def _terrain(ctx: Ctx, card: ChanceCard) -> None:
    """One face-up Adventure on every EMPTY space of that terrain (a Creature that stayed blocks it)."""
    slots = ctx.pack.rules.adventure_slots.value or 1
    for index, space in enumerate(ctx.pack.board.spaces):
        if space.terrain != card.terrain or len(ctx.state.spaces[index]) >= slots:
            continue
        card_id = draw(ctx, "adventure")
        if card_id is None:
            return
        adv = AdventureOnSpace(uid=ctx.state.new_uid("a"), card=card_id)
        ctx.state.spaces[index].append(adv)
        ctx.emit("adventure_placed", None, reveals=True, space=space.id, card=card_id, uid=adv.uid)


def _restock(ctx: Ctx, card: ChanceCard) -> None:
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


def _everyone_gains(ctx: Ctx, card: ChanceCard) -> None:
    """The winds and Good Times reach every living character."""
    for p in ctx.state.players:
        if p.alive:
            apply_effect(ctx, p, card.gain, card.id)


def _charity(ctx: Ctx, card: ChanceCard) -> None:
    """Each part goes to whoever has the least of it now; ties all profit.

    The rules call Charity a combination of the winds and Good Times given "to the player that
    has the least"; we read that per part (least Health is healed, least Magic recharged, least
    Gold paid). Project reading of a silent point.
    """
    gain = card.gain
    assert gain is not None
    living = [p for p in ctx.state.players if p.alive]
    if not living:
        return

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


def _peaceful_times(ctx: Ctx, card: ChanceCard) -> None:
    """The drawer gets an extra turn afterwards, with no Chance card."""
    if ctx.state.turn:
        ctx.state.turn.extra_turns += 1
        ctx.emit("extra_turn_granted", ctx.state.turn.player)


def _standard_only(ctx: Ctx, card: ChanceCard) -> None:
    """Removed at Basic setup, so never drawn in Basic; kept harmless if a pack slips one in."""
    ctx.emit("chance_ignored", None, card=card.id)


_HANDLERS = {
    "terrain": _terrain,
    "restock": _restock,
    "everyone_gains": _everyone_gains,
    "charity": _charity,
    "peaceful_times": _peaceful_times,
    "standard_only": _standard_only,
}
