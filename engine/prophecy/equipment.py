"""Weapons and Items declared for one battle (Basic rules, "Weapons and Items").

One weapon; a one-handed weapon leaves a hand free for a shield or another non-weapon Item;
one headwear; any number of other Items. Damaged Items cannot be used.
"""
from __future__ import annotations

from itertools import combinations

from engine.core.errors import RuleError
from engine.prophecy.actions import Fight
from engine.prophecy.content import ItemCard, Opponent, Pack
from engine.prophecy.state import OwnedItem, PlayerState

HANDS = 2


def _owned(p: PlayerState, uid: str) -> OwnedItem:
    item = p.item(uid)
    if item is None:
        raise RuleError("error.item_not_owned", item=uid)
    if item.damaged:
        raise RuleError("error.item_damaged", item=uid, card=item.card)
    return item


def check_loadout(pack: Pack, p: PlayerState, action: Fight) -> list[ItemCard]:
    """Validate the declared equipment and return the cards used."""
    uids = [u for u in (action.weapon, action.head) if u] + list(action.hand) + list(action.body)
    if len(set(uids)) != len(uids):
        raise RuleError("error.item_declared_twice")
    cards: list[ItemCard] = []
    hands = 0
    if action.weapon:
        w = pack.item(_owned(p, action.weapon).card)
        if w.slot != "weapon":
            raise RuleError("error.not_a_weapon", card=w.id)
        hands += w.hands
        cards.append(w)
    elif action.throw:
        raise RuleError("error.nothing_to_throw")
    if action.throw and action.weapon:  # a throw without a weapon was refused just above
        w = pack.item(p.owned(action.weapon).card)
        if w.thrown is None:
            raise RuleError("error.not_throwable", card=w.id)
        if action.battle != "strength":
            raise RuleError("error.throw_only_in_strength")
    for uid in action.hand:
        c = pack.item(_owned(p, uid).card)
        if c.slot != "hand":
            raise RuleError("error.not_a_hand_item", card=c.id)
        hands += c.hands
        cards.append(c)
    if hands > HANDS:
        raise RuleError("error.too_many_hands")
    if action.head:
        c = pack.item(_owned(p, action.head).card)
        if c.slot != "head":
            raise RuleError("error.not_headwear", card=c.id)
        cards.append(c)
    for uid in action.body:
        c = pack.item(_owned(p, uid).card)
        if c.slot != "body":
            raise RuleError("error.not_a_body_item", card=c.id)
        cards.append(c)
    return cards


def battle_bonus(cards: list[ItemCard], creature: Opponent, battle: str, thrown_weapon: ItemCard | None) -> int:
    """Sum of the Items' bonuses for this battle (a thrown weapon adds only its throw bonus, once)."""
    no_weapons = creature.special("no_weapons") is not None
    no_items = creature.special("no_items") is not None
    if no_items:
        return 0
    total = 0
    for c in cards:
        if c is thrown_weapon:
            continue
        if no_weapons and c.slot in ("weapon", "hand"):
            continue
        total += c.strength if battle == "strength" else c.willpower
        total += sum(v for tag, v in c.bonus_vs.items() if tag in creature.tags)
    return total


def candidate_loadouts(pack: Pack, p: PlayerState, battle: str) -> list[Fight]:
    """The loadouts worth listing as legal actions.

    Other (body) Items only add bonuses, so they are always all declared; weapons, hand
    Items and headwear are listed in every combination the hands allow.
    """
    usable = [(i, pack.item(i.card)) for i in p.items if not i.damaged]
    useful = [(i, c) for i, c in usable if c.strength or c.willpower or c.bonus_vs or c.thrown is not None]
    weapons = [(i, c) for i, c in useful if c.slot == "weapon"]
    hand_items = [(i, c) for i, c in useful if c.slot == "hand"]
    heads: list[str | None] = [i.uid for i, c in useful if c.slot == "head"] or [None]
    body = tuple(i.uid for i, c in useful if c.slot == "body")
    out: list[Fight] = []
    weapon_choices: list[tuple[str | None, int, bool]] = [(None, 0, False)]
    for i, c in weapons:
        weapon_choices.append((i.uid, c.hands, False))
        if c.thrown is not None and battle == "strength":
            weapon_choices.append((i.uid, c.hands, True))
    for w_uid, w_hands, throw in weapon_choices:
        free = HANDS - w_hands
        hand_sets: list[tuple[str, ...]] = [()]
        for k in range(1, free + 1):
            hand_sets.extend(tuple(i.uid for i, _ in combo) for combo in combinations(hand_items, k))
        for hs in hand_sets:
            for head in heads:
                out.append(Fight(battle=battle, weapon=w_uid, hand=hs, head=head, body=body, throw=throw))
    return out
