"""Content-pack cards as lookup entries: their figures, and their effects spelled out.

A card's searchable text is its own-words `text` plus its figures written as words
("Strength 4", "Treasure: +1 Health"), so "which creature gives a rare item" or "cost 5"
finds it. Figures are also kept as (key, value) pairs and, before wording, as `details`, so
/card can label and word them in the reader's language from the lookup locale files. Every
card says where its figures come from (`source`): a figure the project chose must never pass
for the printed one.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

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
from gm.i18n import SUPPORTED, t
from packs import PACKS_ROOT, read_pack

SYSTEM = "prophecy"


@dataclass(frozen=True)
class CardInfo:
    """What /card shows; `ref` is "<pack>:<card id>", unique across packs."""

    ref: str
    pack: str
    id: str
    name: str
    #: creature, opportunity, item, chance, character or space
    kind: str
    text: str
    source: str
    system: str = SYSTEM
    count: int = 1
    standard_only: bool = False
    #: (figure key, value) in English, e.g. ("strength", "4"), ("treasure", "+1 Health"):
    #: what the card is searched by
    figures: tuple[tuple[str, str], ...] = ()
    #: the same figures before wording (see `Node`), so /card shows them in the reader's language
    details: tuple[tuple[str, Any], ...] = ()
    #: (locale, name) of the card's names in other languages, e.g. (("it", "Vampiro"),)
    names: tuple[tuple[str, str], ...] = ()
    #: the game (and edition) the card belongs to, as the oracle tags it: "prophecy" (Basic),
    #: "prophecy_standard", "prophecy_water_realm" or "darkest_talisman"
    game: str = SYSTEM
    #: (locale, text) of the card's own-words text in other languages, when the content gives it
    texts: tuple[tuple[str, str], ...] = ()
    #: shown by /card only, never searched by /rules (the cards of the other games and editions)
    lookup_only: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, raw: str) -> "CardInfo":
        data = json.loads(raw)
        data["figures"] = tuple(tuple(pair) for pair in data["figures"])
        data["names"] = tuple(tuple(pair) for pair in data.get("names", ()))
        data["details"] = tuple(tuple(pair) for pair in data.get("details", ()))
        data["texts"] = tuple(tuple(pair) for pair in data.get("texts", ()))
        return cls(**data)

    def figures_in(self, locale: str) -> tuple[tuple[str, str], ...]:
        """(figure key, value) worded in `locale` from the lookup locale files, for /card."""
        if not self.details:
            return self.figures
        return tuple((key, render(node, locale)) for key, node in self.details)

    def display_name(self, locale: str) -> str:
        """The name in `locale` when the pack gives one, else the English name."""
        return dict(self.names).get(locale) or self.name

    def text_in(self, locale: str) -> str:
        """The own-words text in `locale` when the content gives it, else the English one."""
        return dict(self.texts).get(locale) or self.text

    def all_names(self) -> list[str]:
        """The English name and every localized one, without repeats: what /card matches."""
        return list(dict.fromkeys([self.name, *(name for _, name in self.names)]))

    def index_text(self) -> str:
        """The card as searchable prose: kind, its other names, figures, then its own text."""
        parts = [self.kind.capitalize()]
        parts += [name for name in self.all_names()[1:]]
        parts += [f"{key.replace('_', ' ').capitalize()}: {value}" for key, value in self.figures]
        if self.text:
            parts.append(self.text)
        return ". ".join(parts)


#: a figure value before it is put into words: a number or name as it is, a locale template
#: ({"k": key under lookup.value, "p": params}), a name per locale ({"n": {locale: name}}),
#: a list (joined with ", ") or {"sep": separator, "items": [...]}. Cards keep these so /card
#: can word them in the reader's language; the English wording is also the searchable text.
Node = Any

_RESOURCES = ("gold", "experience", "health", "magic")


def _v(key: str, **params: Node) -> dict[str, Any]:
    return {"k": key, "p": params}


def render(node: Node, locale: str, search: bool = False) -> str:
    """A figure value in `locale`, from the lookup locale files (English where a key is missing).

    `search` words it as the card is searched by: a node may carry a shorter wording for that
    ("s"), so a sentence written for the reader does not change what /rules finds."""
    if isinstance(node, list):
        return ", ".join(render(part, locale, search) for part in node)
    if isinstance(node, dict):
        if search and "s" in node:
            return render(node["s"], locale, search)
        if "k" in node:
            params = {name: render(value, locale, search) for name, value in node.get("p", {}).items()}
            return t(locale, f"lookup.value.{node['k']}", **params)
        if "n" in node:
            return str(node["n"].get(locale) or node["n"].get("en") or "")
        if "items" in node:
            sep: str = node.get("sep", ", ")
            return sep.join(render(part, locale, search) for part in node["items"])
    return str(node)


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


__all__ = ["CardInfo", "describe_effect", "effect_node", "load_all_cards", "pack_cards", "pack_folders", "render"]
