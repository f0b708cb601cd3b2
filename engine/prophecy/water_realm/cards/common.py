"""What every rule of the Water Realm expansion's new cards reads: their state in the game,
their content, and which card a card id is (a new card, or a variant of a printed Item).

Tidying also lives here: a variant card (an Item with a stone, a setting, or an Unlicensed
Alchemist's copy) that leaves play lands on a discard pile under its own id, and is split back
into the printed cards it stands for (ruling alchemist_copy, "Astral Stones": the two cards are
one Item while together).
"""
from __future__ import annotations

from typing import Any

from engine.prophecy.content import ContentError, ItemCard
from engine.prophecy.context import Ctx
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.cards.content import (
    Adjustable,
    MultiLives,
    Stone,
    VariantItem,
    WrCards,
    wr_cards,
)
from engine.prophecy.water_realm.cards.state import CardsState, Question
from engine.prophecy.water_realm.island.content import island_content


def content() -> WrCards:
    return wr_cards()


def plays_new_cards(state: ProphecyState) -> bool:
    std = state.options.standard
    return std is not None and std.expansion is not None and std.expansion.new_cards and state.standard is not None


def cstate(state: ProphecyState) -> CardsState:
    """The new cards' part of the state (created at setup; a game without them has none)."""
    sst = state.standard
    assert sst is not None
    if sst.cards is None:
        sst.cards = CardsState()
    return sst.cards


def question(state: ProphecyState) -> Question | None:
    sst = state.standard
    if sst is None or sst.cards is None or not sst.cards.questions:
        return None
    return sst.cards.questions[0]


def item_power(card: ItemCard) -> Any:
    """The power of a new Item, read through a variant to its printed card (a set Falchion is
    still a Falchion)."""
    power = getattr(card, "power", None)
    if power is not None:
        return power
    if isinstance(card, VariantItem):
        printed = content().item(card.printed)
        return printed.power if printed is not None else None
    return None


def printed_id(card: ItemCard) -> str:
    return card.printed if isinstance(card, VariantItem) else card.id


def stone_of(card: ItemCard) -> Stone | None:
    """The Astral Stone set in this Item (None when none)."""
    if isinstance(card, VariantItem) and card.stone:
        stone = content().item(card.stone)
        return stone.power if stone is not None and isinstance(stone.power, Stone) else None
    return None


def stone_into(card: ItemCard) -> list[str] | None:
    """The kinds of Item this card is set into when it is a stone: an Astral Stone of the new
    cards, or a Treasure that is one (Appendix "Astral Stones": "some new Items and Treasures
    ... can be integrated into an existing Weapon or other Item"; ruling astral_mindstone).
    None for any other card, a variant included."""
    power = getattr(card, "power", None)
    if isinstance(power, Stone):
        return list(power.into)
    if isinstance(card, VariantItem):
        return None
    try:
        treasure = island_content().stone(card.id)
    except ContentError:  # Treasure Island's content is not loaded: no Treasure is in play
        return None
    return list(treasure.into) if treasure is not None else None


def is_stone(card: ItemCard) -> bool:
    return stone_into(card) is not None


def adjustable(card: ItemCard) -> Adjustable | None:
    power = item_power(card)
    if isinstance(power, Adjustable) and not (isinstance(card, VariantItem) and card.copied):
        return power
    return None


def multi_lives(card: ItemCard) -> int:
    power = item_power(card)
    return power.amount if isinstance(power, MultiLives) else 0


def power_kind(ctx: Ctx, card_id: str) -> str | None:
    """The kind of power of a new Adventure ("riddler", "doppelganger"...), else None."""
    try:
        card = ctx.pack.adventure(card_id)
    except KeyError:
        return None
    power = getattr(card, "power", None)
    return power.kind if power is not None else None


def adventure_power(ctx: Ctx, card_id: str) -> Any:
    return getattr(ctx.pack.adventure(card_id), "power", None)


# ------------------------------------------------------------------------------------- tidying


#: id of a pack -> (that pack, the expansion's cards, card id -> its `_components`, the ids of
#: the cards among them that split into nothing): neither changes, and every action looks at
#: every card in the Item piles (`split_variants`; issue #30)
_SPLITS: dict[int, tuple[Any, Any, dict[str, tuple[tuple[str, str], ...]], set[str]]] = {}


def _split_entry(ctx: Ctx) -> tuple[Any, Any, dict[str, tuple[tuple[str, str], ...]], set[str]]:
    pack, cards = ctx.pack, content()
    entry = _SPLITS.get(id(pack))
    if entry is None or entry[0] is not pack or entry[1] is not cards:
        entry = _SPLITS[id(pack)] = (pack, cards, {}, set())
    return entry


def _split_table(ctx: Ctx) -> dict[str, tuple[tuple[str, str], ...]]:
    """This game's pack's table of `_components` worked out so far."""
    return _split_entry(ctx)[2]


def _split_of(ctx: Ctx, card_id: str) -> tuple[tuple[str, str], ...]:
    """`_components`, remembered per pack and card."""
    _pack, _cards, table, plain = _split_entry(ctx)
    found = table.get(card_id)
    if found is None:
        found = table[card_id] = tuple(_work_out_components(ctx, card_id))
        if not found:
            plain.add(card_id)
    return found


def _components(ctx: Ctx, card_id: str) -> list[tuple[str, str]]:
    """(deck, card) for each printed card a variant stands for; [] for any other card."""
    return list(_split_of(ctx, card_id))


def _work_out_components(ctx: Ctx, card_id: str) -> list[tuple[str, str]]:
    try:
        card = ctx.pack.item(card_id)
    except KeyError:
        return []
    if not isinstance(card, VariantItem):
        return []
    alchemist = content().power_of(card_id, "alchemist")
    if card.copied:
        return [("adventure", alchemist)] if alchemist else []
    out: list[tuple[str, str]] = [(ctx.pack.item(card.printed).deck, card.printed)]
    if card.stone:
        out.append((ctx.pack.item(card.stone).deck, card.stone))
    return out


def tidy(ctx: Ctx) -> None:
    """Split every variant lying on a pile back into its printed cards; put back what the dead
    kept (Beast cards); send a Mad Riddler's secret Item back when he left the board."""
    split_variants(ctx)
    _tidy_cards(ctx)


def split_variants(ctx: Ctx) -> None:
    """Split every variant lying on a pile (an Item with a stone set in it, a setting, a copy)
    back into its printed cards: the Item and its stone are one Item only while together
    ("Astral Stones"). Treasure Island calls it too, for the Treasures set as stones."""
    decks = ctx.state.decks
    _pack, _cards, known, plain = _split_entry(ctx)
    for name in ("common", "rare"):
        pile = getattr(decks, name)
        for which in ("discard", "draw"):
            cards = getattr(pile, which)
            if plain.issuperset(cards):
                continue  # every card already known to be no variant: one set test (the usual case)
            splits = list(map(known.get, cards))  # most piles hold only cards already looked at
            if None in splits:
                splits = [_split_of(ctx, c) for c in cards]
            if not any(splits):
                continue
            kept: list[str] = []
            for c in cards:
                parts = _components(ctx, c)
                if not parts:
                    kept.append(c)
                    continue
                for deck, card in parts:
                    target = getattr(decks, deck)
                    if which == "draw" and deck == name and card == parts[0][1]:
                        kept.append(card)  # the printed card keeps its place in the pile
                    else:
                        target.discard.append(card)
            setattr(pile, which, kept)


def _tidy_cards(ctx: Ctx) -> None:
    st = ctx.state
    decks = st.decks
    cs = cstate(st)
    for pid in list(cs.beasts):
        if not st.player(pid).alive:
            decks.adventure.discard.extend(cs.beasts.pop(pid))
    for pid in list(cs.types):
        if not st.player(pid).alive:
            cs.types.pop(pid)
    for pid in list(cs.away):
        if not st.player(pid).alive:
            cs.away.pop(pid)
    on_board = {a.uid for cards in st.spaces for a in cards}
    for uid in list(cs.riddles):
        if uid not in on_board:
            secret = cs.riddles.pop(uid)
            getattr(decks, ctx.pack.item(secret).deck).draw.insert(0, secret)
    if cs.doppel is not None:
        turn = st.turn
        if turn is None or turn.fight != cs.doppel.uid:
            cs.doppel = None
