"""The cards /card shows beyond the Basic pack: Prophecy Standard, the Water Realm expansion and
Darkest Talisman.

Each is read through the engine's own content loaders (the same checked models the games play
with), and turned into a `CardInfo` with its own-words text in every language the content gives,
its kind and its main figures. These cards are for /card and its autocomplete only
(`lookup_only`): /rules does not search them (its measured accuracy is the Basic cards' and the
rule texts'), and their names do not join the search synonyms.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from engine.prophecy.content import ContentError, CreatureCard, Effect, OpportunityCard, Pack, pack_by_id
from oracle.cards import CardInfo, Node, _cost, _creature, _guild, _item, _opportunity, _v, effect_node, render

#: the oracle's tag of each game /card knows (what `cogs.lookup.channel_system` gives for a channel)
BASIC, STANDARD, WATER_REALM, TALISMAN = "prophecy", "prophecy_standard", "prophecy_water_realm", "darkest_talisman"

Figures = list[tuple[str, Node]]


def _pairs(mapping: dict[str, str] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((loc, s.strip()) for loc, s in (mapping or {}).items() if s and s.strip() and loc != "en"))


class _Maker:
    """Builds a game's cards, giving each a ref unique across every pack ("<pack>:<id>")."""

    def __init__(self, pack: str, game: str, system: str, taken: set[str]) -> None:
        self.pack, self.game, self.system, self.taken = pack, game, system, taken

    def __call__(self, card: Any, kind: str, figures: Figures, count: int | None = None) -> CardInfo:
        ref = f"{self.pack}:{card.id}"
        if ref in self.taken:  # the same id in two parts of one game (a place and its foe)
            ref = f"{self.pack}:{kind}:{card.id}"
        self.taken.add(ref)
        return CardInfo(
            ref=ref, pack=self.pack, id=card.id, name=card.name, kind=kind, text=getattr(card, "text", "") or "",
            source=getattr(card, "source", "project"), system=self.system, count=count or getattr(card, "count", 1) or 1,
            figures=tuple((key, render(node, "en", search=True)) for key, node in figures), details=tuple(figures),
            names=_pairs(getattr(card, "names", None)), game=self.game, texts=_pairs(getattr(card, "texts", None)),
            lookup_only=True,
        )


def _num(figs: Figures, key: str, value: int | None, signed: bool = False) -> None:
    if value:
        figs.append((key, f"{value:+d}" if signed else str(value)))


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
    _num(figs, "hands", item.hands)
    _num(figs, "strength", item.strength, signed=True)
    _num(figs, "willpower", item.willpower, signed=True)
    figs += [("bonus_vs", _v("bonus_vs", n=bonus, tag=_v(f"tag.{tag}"))) for tag, bonus in item.bonus_vs.items()]
    return figs


def _effect(figs: Figures, key: str, effect: Effect | None) -> None:
    if effect is not None and not effect.is_empty():
        figs.append((key, effect_node(effect)))


# -------------------------------------------------------------------------------- Standard
def standard_cards(taken: set[str]) -> Iterator[CardInfo]:
    from engine.prophecy.content_standard import standard_pack_by_id

    sp = standard_pack_by_id("standard")
    base = sp.base
    make = _Maker("standard", STANDARD, "prophecy", taken)
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


# ----------------------------------------------------------------------------- Water Realm
def water_realm_cards(taken: set[str]) -> Iterator[CardInfo]:
    from engine.prophecy.water_realm.cards.content import wr_cards
    from engine.prophecy.water_realm.island.content import island_content
    from engine.prophecy.water_realm.water.content import WaterCreature, WaterItem, WaterLore, WaterOpportunity, water_pack

    base = pack_by_id("base")
    make = _Maker("water_realm", WATER_REALM, "prophecy", taken)
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
            _num(figs, "loss_bubbles", card.loss_bubbles)
        else:  # an Opportunity or an Obstacle of the realm
            kind = "opportunity" if isinstance(card, WaterOpportunity) else "obstacle"
            _num(figs, "bubbles", card.bubbles)
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


# ------------------------------------------------------------------------ Darkest Talisman
def talisman_cards(taken: set[str]) -> Iterator[CardInfo]:
    from engine.darkest_talisman.content import pack_by_id as talisman_pack

    tp = talisman_pack("core")
    make = _Maker("talisman", TALISMAN, "darkest_talisman", taken)

    def fighter(card: Any) -> Figures:
        figs: Figures = []
        _num(figs, "strength", getattr(card, "strength", 0))
        _num(figs, "craft", getattr(card, "craft", 0))
        return figs

    seen: set[str] = set()
    sold = {c.name for c in tp.purchase}
    for card in (*tp.adventures, *tp.purchase):
        if card.id in seen:
            continue
        if card.type == "object" and card in tp.adventures and card.name in sold:
            continue  # an Adventure copy of a Purchase card (Sword, Armour...): one card, with its price
        seen.add(card.id)
        kind = card.type
        figs: Figures = []
        if card.type == "enemy":  # the card's own tag, which mypy narrows the union of cards on
            figs = [("enemy_kind", _v(f"enemy_kind.{card.kind}")), *fighter(card)]
        elif card.type == "object" or card.type == "magic_object":
            figs = [("slot", _v(f"talisman_slot.{card.slot}")), *fighter(card)]
            if card.cost is not None:
                figs.append(("cost", _v("gold", n=card.cost)))
        elif kind == "follower":
            figs = fighter(card)
        yield make(card, kind, figs)
    for spell in tp.spells:
        yield make(spell, "spell", [])
    for ch in tp.characters:
        figs = [("strength", str(ch.strength)), ("craft", str(ch.craft)), ("life", str(ch.life)), ("fate", str(ch.fate)),
                ("gold_start", str(ch.gold)), ("alignment", _v(f"alignment.{ch.alignment}"))]
        yield make(ch, "character", figs)
    for loc in tp.locations:
        yield make(loc, "location", [])


#: every game /card knows beyond the Basic pack, in the order their cards are listed
GAMES: tuple[tuple[str, Callable[[set[str]], Iterable[CardInfo]]], ...] = (
    (STANDARD, standard_cards), (WATER_REALM, water_realm_cards), (TALISMAN, talisman_cards),
)


def load_game_cards(taken: Iterable[str] = ()) -> tuple[list[CardInfo], list[str]]:
    """Every card of the Standard game, the Water Realm and Darkest Talisman, and one message per
    game that failed to load (a broken content file costs /card that game, nothing more).

    `taken`: refs already used (the Basic cards'), so no two cards share one."""
    used = set(taken)
    cards: list[CardInfo] = []
    problems: list[str] = []
    for game, load in GAMES:
        try:
            cards.extend(load(used))
        except (ContentError, ValueError, OSError) as exc:
            problems.append(f"{game} cards: {exc}")
    return cards, problems


__all__ = ["BASIC", "GAMES", "STANDARD", "TALISMAN", "WATER_REALM", "load_game_cards"]
