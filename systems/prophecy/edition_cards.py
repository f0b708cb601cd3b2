"""Prophecy's cards /card shows beyond the Basic packs: the Standard game's and the Water Realm
expansion's.

Each is read through the engine's own content loaders (the same checked models the games play
with), and turned into a `CardInfo` with its own-words text in every language the content gives,
its kind and its main figures. These cards are for /card and its autocomplete only
(`lookup_only`): /rules does not search them (its measured accuracy is the Basic cards' and the
rule texts'), and their names do not join the search synonyms.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from engine.prophecy.content import CreatureCard, Effect, OpportunityCard, Pack, pack_by_id
from oracle.cards import CardInfo, CardMaker, Figures, _v, add_number
from systems.prophecy.cards import PACKS_FOLDER, SYSTEM, _cost, _creature, _guild, _item, _opportunity, effect_node

#: the oracle's tags of the Standard game and of the Water Realm expansion (their /rules shelves)
STANDARD, WATER_REALM = "prophecy_standard", "prophecy_water_realm"


def _learned(card: Any, base: Pack, guild: str | None) -> Figures:
    """An Ability (or Waterlore card): its guild, skill or spell, what learning and casting cost."""
    figs: Figures = []
    if guild:
        figs.append(("guild", _guild(base, guild)))
    figs.append(("ability_type", _v(f"ability_type.{card.type}")))
    figs.append(("learn_cost", _v("amount", n=card.experience, resource=_v("resource.experience"))))
    if not card.cast.is_free():
        figs.append(("cast", _cost(card.cast)))
    if card.limit != "always":
        figs.append(("limit", _v(f"limit.{card.limit}")))
    return figs


def _gear(item: Any) -> Figures:
    """Slot, hands and bonuses of a piece of Prophecy gear that is not a Basic Item card."""
    figs: Figures = [("slot", _v(f"slot.{item.slot}"))]
    add_number(figs, "hands", item.hands)
    add_number(figs, "strength", item.strength, signed=True)
    add_number(figs, "willpower", item.willpower, signed=True)
    figs += [("bonus_vs", _v("bonus_vs", n=bonus, tag=_v(f"tag.{tag}"))) for tag, bonus in item.bonus_vs.items()]
    return figs


def _effect(figs: Figures, key: str, effect: Effect | None) -> None:
    if effect is not None and not effect.is_empty():
        figs.append((key, effect_node(effect)))


def standard_cards(taken: set[str]) -> Iterator[CardInfo]:
    from engine.prophecy.content_standard import standard_pack_by_id

    sp = standard_pack_by_id("standard")
    base = sp.base
    make = CardMaker("standard", STANDARD, SYSTEM, taken)
    for a in sp.abilities:
        yield make(a, "ability", _learned(a, base, a.guild))
    for art in sp.artifacts:
        yield make(art, "artifact", [("limit", _v(f"limit.{art.limit}"))] if art.limit != "always" else [])
    for g in sp.guardians:
        creature = CreatureCard(id=g.id, name=g.name, strength=g.strength, willpower=g.willpower, first=g.first,
                                experience=g.experience, tags=list(g.tags), specials=list(g.specials), text=g.text)
        figs: Figures = [("tier", _v(f"tier.{g.tier}"))]
        figs += [(k, v) for k, v in _creature(creature) if k not in ("treasure", "on_loss")]
        _effect(figs, "treasure", g.reward)
        yield make(g, "guardian", figs)
    for c in sp.chance:
        yield make(c, "chance", [("guild", _guild(base, c.guild))] if c.guild else [])
    for adv in sp.adventures:
        yield make(adv, "opportunity", [])


def water_realm_cards(taken: set[str]) -> Iterator[CardInfo]:
    from engine.prophecy.water_realm.cards.content import wr_cards
    from engine.prophecy.water_realm.island.content import island_content
    from engine.prophecy.water_realm.water.content import WaterCreature, WaterItem, WaterLore, WaterOpportunity, water_pack

    base = pack_by_id("base")
    make = CardMaker("water_realm", WATER_REALM, SYSTEM, taken)
    realm = water_pack().data
    for card in (*realm.positive, *realm.negative, realm.lord):
        figs: Figures = []
        if isinstance(card, WaterItem):
            figs = [("deck", _v(f"item_deck.{card.deck}")), ("cost", _v("gold", n=card.cost)), *_gear(card)]
            kind = "item"
        elif isinstance(card, WaterLore):
            figs, kind = _learned(card, base, None), "waterlore"
        elif isinstance(card, WaterCreature):
            figs, kind = _creature(card.creature_card()), "creature"
            add_number(figs, "loss_bubbles", card.loss_bubbles)
        else:  # an Opportunity or an Obstacle of the realm
            kind = "opportunity" if isinstance(card, WaterOpportunity) else "obstacle"
            add_number(figs, "bubbles", card.bubbles)
            _effect(figs, "effect", card.effect)
        yield make(card, kind, figs)
    for u in realm.underwater:
        yield make(u, "underwater", _learned(u, base, u.guild))
    for single in (realm.gate, realm.legends, realm.pearl):
        yield make(single, "water_card", [])
    island = island_content()
    for m in island.chance:
        yield make(m, "chance", [("fragments", str(m.fragments))])
    for tr in island.treasures:
        yield make(tr, "treasure", [("maps", str(tr.maps)), *_gear(tr.item)])
    for art in island.artifacts:
        yield make(art, "artifact", [])
    new = wr_cards()
    for item in new.items:
        yield make(item, "item", _item(item))
    for adv in new.adventures:
        if isinstance(adv, CreatureCard):
            yield make(adv, "creature", _creature(adv))
        else:
            yield make(adv, "opportunity", _opportunity(adv) if isinstance(adv, OpportunityCard) else [])


def standard_files(data: Path) -> list[Path]:
    """The Standard overlay's files (data/prophecy/standard/), for the index's fingerprint."""
    return sorted((data / PACKS_FOLDER / "standard").rglob("*.yaml"))


def water_realm_files(data: Path) -> list[Path]:
    """The Water Realm expansion's files (data/prophecy/water_realm/), for the index's fingerprint."""
    return sorted((data / PACKS_FOLDER / "water_realm").rglob("*.yaml"))


__all__ = ["STANDARD", "WATER_REALM", "standard_cards", "standard_files", "water_realm_cards", "water_realm_files"]
