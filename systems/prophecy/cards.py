"""Prophecy's content as rule-oracle cards: the Basic packs' cards (searched by /rules and
shown by /card), their figures and effects spelled out for the lookup locale files.

Registered through the plug-in's `cards` (systems/prophecy/plugin.py); the Standard game's and
the Water Realm's cards, shown by /card only, are in systems/prophecy/edition_cards.py.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from engine.prophecy.content import (
    ChanceCard,
    Character,
    ContentError,
    CreatureCard,
    Effect,
    ItemCard,
    OpportunityCard,
    Pack,
    Service,
    Space,
)
from gm.i18n import SUPPORTED
from oracle.cards import CardInfo, Node, _v, render
from packs.prophecy import PACKS_ROOT, read_pack

#: the oracle's tag of the Basic game (its /rules shelf), and the system the cards belong to
SYSTEM = "prophecy"
#: the packs' folder under data/
PACKS_FOLDER = "prophecy"

_RESOURCES = ("gold", "experience", "health", "magic")


def effect_node(effect: Effect) -> list[Node]:
    """An effect as figure parts: "+2 Gold, -1 Health, draw a Rare Item" in English."""
    bits: list[Node] = []
    for attr in _RESOURCES:
        value = getattr(effect, attr)
        if value:
            bits.append(_v("amount", n=f"{value:+d}", resource=_v(f"resource.{attr}")))
    if effect.strength:
        bits.append(_v("strength_for_good", n=effect.strength))
    if effect.willpower:
        bits.append(_v("willpower_for_good", n=effect.willpower))
    bits += [_v("draw", deck=_v(f"deck_adjective.{deck}")) for deck in effect.draw]
    if effect.damage_items:
        bits.append(_v("damage_items", n=effect.damage_items))
    if effect.lose_items:
        bits.append(_v("lose_items", n=effect.lose_items))
    if effect.roll:
        rows = [_v("roll_row", low=r.low, high=r.high, effect=effect_node(r.effect) or _v("nothing")) for r in effect.roll]
        bits.append(_v("roll", rows={"sep": "; ", "items": rows}))
    return bits


def describe_effect(effect: Effect, locale: str = "en") -> str:
    """An effect in words: "+2 Gold, -1 Health, draw a Rare Item" (empty for no effect)."""
    return render(effect_node(effect), locale)


def _cost(cost: object) -> Node:
    parts = [_v("amount", n=getattr(cost, attr), resource=_v(f"resource.{attr}"))
             for attr in _RESOURCES if getattr(cost, attr, 0)]
    return parts or _v("free")


def _creature(c: CreatureCard) -> list[tuple[str, Node]]:
    figs: list[tuple[str, Node]] = []
    if c.strength is not None:
        figs.append(("strength", str(c.strength)))
    if c.willpower is not None:
        figs.append(("willpower", str(c.willpower)))
    if c.strength is not None and c.willpower is not None:
        figs.append(("attacks_with", _v("battle.strength" if c.attacks_with == "strength" else "battle.wills")))
    figs.append(("experience", str(c.experience)))
    if c.tags:
        figs.append(("tags", [_v(f"tag.{tag}") for tag in c.tags]))
    if c.treasure:
        figs.append(("treasure", effect_node(c.treasure)))
    figs.append(("on_loss", effect_node(c.on_loss) if c.on_loss else effect_node(Effect(health=-1))))
    for s in c.specials:
        # the card's mark (! must, ? may) in words, then the rule as a sentence with its price
        mark = _v("mark.mandatory" if s.mandatory else "mark.optional")
        shown = _v("special", rule=_v(f"rule.{s.rule}", cost=_cost(s.cost)), mark=mark)
        terse = "!" if s.mandatory else "?"
        shown["s"] = (_v("special_search_paid", rule=_v(f"rule_name.{s.rule}"), mark=terse, cost=_cost(s.cost)) if s.cost
                      else _v("special_search", rule=_v(f"rule_name.{s.rule}"), mark=terse))
        figs.append(("special", shown))
    return figs


def _opportunity(c: OpportunityCard) -> list[tuple[str, Node]]:
    figs: list[tuple[str, Node]] = [("effect", effect_node(c.effect) or _v("see_text"))]
    if not c.cost.is_free():
        figs.insert(0, ("cost", _cost(c.cost)))
    return figs


def _item(c: ItemCard) -> list[tuple[str, Node]]:
    figs: list[tuple[str, Node]] = [
        ("deck", _v(f"item_deck.{c.deck}")), ("cost", _v("gold", n=c.cost)), ("slot", _v(f"slot.{c.slot}")),
    ]
    if c.hands:
        figs.append(("hands", str(c.hands)))
    if c.strength:
        figs.append(("strength", f"{c.strength:+d}"))
    if c.willpower:
        figs.append(("willpower", f"{c.willpower:+d}"))
    if c.thrown is not None:
        figs.append(("thrown", _v("thrown_breaks" if c.breaks_when_thrown else "thrown", n=c.thrown)))
    for tag, bonus in c.bonus_vs.items():
        figs.append(("bonus_vs", _v("bonus_vs", n=bonus, tag=_v(f"tag.{tag}"))))
    if c.use:
        figs.append(("use", _v("used_up", effect=effect_node(c.use)) if c.consumed else effect_node(c.use)))
    return figs


def _chance(c: ChanceCard) -> list[tuple[str, Node]]:
    if c.effect == "terrain":
        return [("effect", _v("chance_terrain", terrain=_v(f"terrain.{c.terrain}")))]
    if c.effect == "restock":
        return [("effect", _v("chance_restock", count=c.restock_count, deck=_v(f"deck_plural.{c.restock_deck}"),
                              space=_v(f"restock_place.{c.restock_space}")))]
    if c.effect in ("everyone_gains", "charity") and c.gain:
        key = "chance_everyone" if c.effect == "everyone_gains" else "chance_least"
        return [("effect", _v(key, effect=effect_node(c.gain)))]
    if c.effect == "peaceful_times":
        return [("effect", _v("chance_peaceful"))]
    return [("effect", _v("standard_only"))]


def _guild(pack: Pack, guild_id: str) -> Node:
    return {"n": {loc: str(pack.guild_name(guild_id, loc)) for loc in SUPPORTED}}


def _character(c: Character, pack: Pack) -> list[tuple[str, Node]]:
    guilds = [_guild(pack, g) for g in c.guilds]
    return [
        ("strength", str(c.strength)),
        ("willpower", str(c.willpower)),
        ("guilds", guilds),
        ("starts_at", guilds[0]),
    ]


def _service(svc: Service) -> Node:
    """A space's Possibility in words: "recharge Magic, 1 Gold per 2, any amount"."""
    once = [_v("once_per_turn")] if svc.once_per_turn else []
    if svc.kind in ("heal", "recharge"):
        price = (_v("free") if not svc.price else _v("price_per", price=svc.price, per=svc.per) if svc.per > 1
                 else _v("price_each", price=svc.price))
        amount = _v("up_to", n=svc.max) if svc.max else _v("any_amount")
        return [_v(f"service.{svc.kind}"), price, amount, *once]
    if svc.kind == "exchange" and svc.cost and svc.gain:
        stay = [_v("only_without_moving")] if svc.instead_of_movement else []
        return [_v("service.exchange", cost=_cost(svc.cost), gain=effect_node(svc.gain)), *once, *stay]
    return _v(f"service.{svc.kind}", price=svc.price)


def _space(s: Space, pack: Pack) -> list[tuple[str, Node]]:
    figs: list[tuple[str, Node]] = [("space_kind", _v(f"space_kind.{s.kind}"))]
    if s.guild:
        figs.append(("guild", _guild(pack, s.guild)))
    marks = [_v(f"feature.{label}")
             for flag, label in ((s.port, "port"), (s.gate, "gate"), (s.civilization, "civilization")) if flag]
    if marks:
        figs.append(("features", marks))
    figs += [("service", _service(svc)) for svc in s.services]
    return figs


def _names(card: object) -> tuple[tuple[str, str], ...]:
    """The card's localized names as sorted (locale, name) pairs (none when the pack gives none)."""
    names: dict[str, str] = getattr(card, "names", None) or {}
    return tuple(sorted((locale, name.strip()) for locale, name in names.items() if name and name.strip()))


def pack_cards(pack: Pack) -> Iterator[CardInfo]:
    """Every card of a pack: Adventures, Items, Chance cards, characters and board spaces."""
    pid = pack.id

    def info(card: object, kind: str, figures: list[tuple[str, Node]], **extra: object) -> CardInfo:
        return CardInfo(
            ref=f"{pid}:{card.id}",  # type: ignore[attr-defined]  # every content card has id, name and source
            pack=pid,
            id=card.id,  # type: ignore[attr-defined]  # every content card has id, name and source
            name=card.name,  # type: ignore[attr-defined]  # every content card has id, name and source
            kind=kind,
            text=getattr(card, "text", ""),
            source=card.source,  # type: ignore[attr-defined]  # every content card has id, name and source
            figures=tuple((key, render(node, "en", search=True)) for key, node in figures),
            details=tuple(figures),
            names=_names(card),
            system=SYSTEM,
            game=SYSTEM,
            **extra,  # type: ignore[arg-type]  # CardInfo fields by name
        )

    for adv in pack.adventures:
        if isinstance(adv, CreatureCard):
            yield info(adv, "creature", _creature(adv), count=adv.count, standard_only=adv.standard_only)
        else:
            yield info(adv, "opportunity", _opportunity(adv), count=adv.count, standard_only=adv.standard_only)
    for item in pack.items:
        yield info(item, "item", _item(item), count=item.count, standard_only=item.standard_only)
    for ch in pack.chance:
        yield info(ch, "chance", _chance(ch), count=ch.count, standard_only=ch.standard_only)
    for char in pack.characters:
        yield info(char, "character", _character(char, pack))
    for space in pack.board.spaces:
        yield info(space, "space", _space(space, pack))


def pack_folders(root: Path = PACKS_ROOT) -> list[Path]:
    """Every folder under `root` holding a pack.yaml, in name order."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "pack.yaml").is_file())


def load_all_cards(root: Path = PACKS_ROOT) -> tuple[list[CardInfo], list[str]]:
    """Cards of every pack under `root`, and one message per pack that failed to load.

    A broken group pack must not take /rules down with it: it is reported and skipped.
    """
    cards: list[CardInfo] = []
    problems: list[str] = []
    for folder in pack_folders(root):
        try:
            pack = read_pack(folder)
        except ContentError as exc:
            problems.append(f"{folder.name}: {exc}")
            continue
        cards.extend(pack_cards(pack))
    return cards, problems


def basic_cards(data: Path, taken: set[str]) -> tuple[list[CardInfo], list[str]]:
    """The plug-in's searched card source: every pack under data/prophecy/ (refs "<pack>:<id>")."""
    return load_all_cards(data / PACKS_FOLDER)


def basic_card_files(data: Path) -> list[Path]:
    """Every file of every pack under data/prophecy/, pack by pack."""
    return [path for folder in pack_folders(data / PACKS_FOLDER) for path in sorted(folder.glob("*.yaml"))]


__all__ = ["basic_card_files", "basic_cards", "describe_effect", "effect_node", "load_all_cards", "pack_cards",
           "pack_folders"]
