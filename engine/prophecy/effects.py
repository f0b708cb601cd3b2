"""The effect vocabulary: how a card's `Effect` or `Cost` changes a character.

Health and Magic are cubes moving between the right side (current) and the left side (lost)
of the character card; only permanent Strength/Willpower gains take cubes from the bank
(Basic rules, "What Good May Happen" and "What Evil May Befall a Character").
"""
from __future__ import annotations

from typing import Literal

from engine.prophecy.content import Cost, Effect, ItemDeck
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard, draw
from engine.prophecy.standard import hooks
from engine.prophecy.state import Cubes, ItemChoice, OwnedItem, PlayerState


def can_pay(p: PlayerState, cost: Cost | None) -> bool:
    if cost is None:
        return True
    return p.gold >= cost.gold and p.experience >= cost.experience and p.red.right >= cost.health and p.blue.right >= cost.magic


def pay(ctx: Ctx, p: PlayerState, cost: Cost | None, reason: str) -> None:
    """Pay a cost that `can_pay` approved. Paying Health moves cubes left; it never kills."""
    if cost is None or cost.is_free():
        return
    p.gold -= cost.gold
    p.experience -= cost.experience
    p.red.right -= cost.health
    p.red.left += cost.health
    p.blue.right -= cost.magic
    p.blue.left += cost.magic
    ctx.emit("paid", p.player, reason=reason, **cost.model_dump(exclude_defaults=True))


def lose_health(ctx: Ctx, p: PlayerState, amount: int, reason: str) -> None:
    """Move red cubes left; with no cube left to move, the character dies."""
    from engine.prophecy.endgame import kill  # the end-of-game module owns death

    for _ in range(amount):
        if not p.alive:
            return
        if p.red.right == 0:
            kill(ctx, p, reason)
            return
        p.red.right -= 1
        p.red.left += 1
    ctx.emit("health_lost", p.player, amount=amount, reason=reason)


def heal(ctx: Ctx, p: PlayerState, amount: int, reason: str) -> int:
    if ctx.state.standard is not None and hooks.standard().heals_blocked(ctx):
        return 0  # the Standard game's Apocalypse: nothing heals Health any more
    return _shift(ctx, p, p.red, amount, False, "healed", reason)


def recharge(ctx: Ctx, p: PlayerState, amount: int, reason: str) -> int:
    return _shift(ctx, p, p.blue, amount, False, "recharged", reason)


def lose_magic(ctx: Ctx, p: PlayerState, amount: int, reason: str) -> None:
    """Magic never kills: with no blue cube on the right there is simply nothing to lose."""
    _shift(ctx, p, p.blue, amount, True, "magic_lost", reason)


def _shift(ctx: Ctx, p: PlayerState, cubes: Cubes, amount: int, lose: bool, event: str, reason: str) -> int:
    """Move up to `amount` cubes of one colour across the card (right to left when she loses
    them, back when she regains them), say so, and return how many moved."""
    n = min(amount, cubes.right if lose else cubes.left)
    if n:
        moved = -n if lose else n
        cubes.right += moved
        cubes.left -= moved
        ctx.emit(event, p.player, amount=n, reason=reason)
    return n


def _from_bank(ctx: Ctx, p: PlayerState, colour: Literal["red", "blue"], wanted: int, event: str, reason: str) -> None:
    """Permanent Strength (red) or Willpower (blue): cubes from the bank onto the right side of
    her card, as many as the bank still holds."""
    bank = f"bank_{colour}"
    n = min(wanted, getattr(ctx.state, bank))
    setattr(ctx.state, bank, getattr(ctx.state, bank) - n)
    getattr(p, colour).right += n
    if n:
        ctx.emit(event, p.player, amount=n, reason=reason)


def gain_item(ctx: Ctx, p: PlayerState, deck_name: ItemDeck) -> None:
    card = draw(ctx, deck_name)
    if card is None:
        return
    item = OwnedItem(uid=ctx.state.new_uid("i"), card=card)
    p.items.append(item)
    ctx.emit("item_gained", p.player, reveals=True, item=item.uid, card=card, deck=deck_name)


def _most_valuable(ctx: Ctx, items: list[OwnedItem]) -> OwnedItem:
    return max(items, key=lambda i: (ctx.pack.item(i.card).cost, i.uid))


def is_trade(effect: Effect) -> bool:
    """A card that takes Items and gives something back is a sale: the gains pay for the Items.

    (E.g. "hand over one of your Items for 4 Gold".) Without the Items to hand over, the
    character gets nothing. Project reading of such cards.
    """
    return effect.lose_items > 0 and (
        effect.gold > 0 or effect.experience > 0 or effect.health > 0 or effect.magic > 0
        or effect.strength > 0 or effect.willpower > 0 or bool(effect.draw))


def item_candidates(p: PlayerState, mode: str) -> list[OwnedItem]:
    """The Items a card may take ("lose": any) or damage ("damage": the undamaged ones)."""
    return list(p.items) if mode == "lose" else [i for i in p.items if not i.damaged]


def distinct_choices(items: list[OwnedItem]) -> list[OwnedItem]:
    """One Item of each kind (same card, same condition): picking either is the same choice."""
    seen: set[tuple[str, bool]] = set()
    out = []
    for i in items:
        key = (i.card, i.damaged)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def is_real_choice(p: PlayerState, mode: str, count: int) -> bool:
    """Does the owner have anything to decide? Not when every candidate goes, or all are alike."""
    candidates = item_candidates(p, mode)
    return len(candidates) > count and len(distinct_choices(candidates)) > 1


def take_item(ctx: Ctx, p: PlayerState, item: OwnedItem, mode: str, reason: str) -> None:
    """Discard (lose) or damage one Item of the character, with its narration event."""
    if mode == "damage":
        item.damaged = True
        ctx.emit("item_damaged", p.player, item=item.uid, card=item.card, reason=reason)
        return
    p.items.remove(item)
    discard(ctx, ctx.pack.item(item.card).deck, item.card)
    ctx.emit("item_lost", p.player, item=item.uid, card=item.card, reason=reason)


def _items_taken(ctx: Ctx, p: PlayerState, mode: str, count: int, reason: str) -> None:
    """The owner chooses which Items go when there is a real choice (asked before play goes
    on, see rules.pending); otherwise they go at once (all of them, or alike ones)."""
    if count <= 0 or not item_candidates(p, mode):
        return
    if ctx.state.turn is not None and is_real_choice(p, mode, count):
        ctx.state.turn.item_choices.append(ItemChoice(player=p.player, mode=mode, count=count, reason=reason))
        return
    for _ in range(count):
        candidates = item_candidates(p, mode)
        if not candidates:
            return
        take_item(ctx, p, _most_valuable(ctx, candidates), mode, reason)


def apply_effect(ctx: Ctx, p: PlayerState, effect: Effect | None, reason: str,
                 give: tuple[str, ...] | None = None) -> None:
    """Apply gains before losses, so a card that gives and takes never kills needlessly.

    `give` names the Items the owner chose to hand over (an Opportunity that takes Items).
    A sale (see `is_trade`) without enough Items gives nothing at all.
    """
    if effect is None or not p.alive:
        return
    st = ctx.state
    if is_trade(effect) and len(p.items) < effect.lose_items:
        ctx.emit("effect_void", p.player, card=reason, why="no_item")
        return
    if effect.gold > 0:
        p.gold += effect.gold
        ctx.emit("gold_gained", p.player, amount=effect.gold, reason=reason)
    if effect.experience > 0:
        p.experience += effect.experience
        ctx.emit("experience_gained", p.player, amount=effect.experience, reason=reason)
    if effect.health > 0:
        heal(ctx, p, effect.health, reason)
    if effect.magic > 0:
        recharge(ctx, p, effect.magic, reason)
    if effect.strength:
        _from_bank(ctx, p, "red", effect.strength, "strength_gained", reason)
    if effect.willpower:
        _from_bank(ctx, p, "blue", effect.willpower, "willpower_gained", reason)
    for deck_name in effect.draw:
        gain_item(ctx, p, deck_name)
    if effect.gold < 0:
        n = min(-effect.gold, p.gold)
        p.gold -= n
        ctx.emit("gold_lost", p.player, amount=n, reason=reason)
    if effect.experience < 0:
        n = min(-effect.experience, p.experience)
        p.experience -= n
        ctx.emit("experience_lost", p.player, amount=n, reason=reason)
    if effect.magic < 0:
        lose_magic(ctx, p, -effect.magic, reason)
    _items_taken(ctx, p, "damage", effect.damage_items, reason)
    if give:
        for uid in give:
            item = p.item(uid)
            if item is not None:
                take_item(ctx, p, item, "lose", reason)
    else:
        _items_taken(ctx, p, "lose", effect.lose_items, reason)
    if effect.roll:
        face = st.rng.d6()
        ctx.emit("die_rolled", p.player, reveals=True, face=face, reason=reason)
        row = next(r for r in effect.roll if r.low <= face <= r.high)
        if row.everyone:
            for q in st.players:
                if q.alive and q.character and q.board != "path_of_the_dead":
                    apply_effect(ctx, q, row.effect, reason)
        else:
            apply_effect(ctx, p, row.effect, reason)
    if effect.health < 0:
        lose_health(ctx, p, -effect.health, reason)


def would_change(ctx: Ctx, p: PlayerState, effect: Effect) -> bool:
    """Would this effect do anything at all? An Opportunity that would not cannot be used."""
    if is_trade(effect):
        return len(p.items) >= effect.lose_items
    if effect.roll or effect.draw or effect.gold > 0 or effect.experience > 0:
        return True
    if effect.health > 0 and p.red.left:
        return True
    if effect.magic > 0 and p.blue.left:
        return True
    if (effect.strength and ctx.state.bank_red) or (effect.willpower and ctx.state.bank_blue):
        return True
    return False


def round_start_items(ctx: Ctx, p: PlayerState) -> None:
    """Her undamaged Items with a start-of-round effect (the Banner of Hope's roll), once a
    round, before she moves, on any board (Water Realm rules, "Using Banner of Hope")."""
    for item in list(p.items):
        card = ctx.pack.item(item.card)
        if card.round_start is not None and not item.damaged and p.alive:
            apply_effect(ctx, p, card.round_start, card.id)
