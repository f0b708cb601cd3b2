"""Content-pack cards as lookup entries: their figures, and their effects spelled out.

A card's searchable text is its own-words `text` plus its figures written as words
("Strength 4", "Treasure: +1 Health"), so "which creature gives a rare item" or "cost 5"
finds it. Figures are also kept as (key, value) pairs, so a Discord reply can label them in
the reader's language. Every card says where its figures come from (`source`): a figure the
project chose must never pass for the printed one.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

from engine.prophecy.content import (
    DATA_ROOT,
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
    load_pack,
)

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
    #: (figure key, value), e.g. ("strength", "4"), ("treasure", "+1 Health")
    figures: tuple[tuple[str, str], ...] = ()
    #: (locale, name) of the card's names in other languages, e.g. (("it", "Vampiro"),)
    names: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, raw: str) -> "CardInfo":
        data = json.loads(raw)
        data["figures"] = tuple(tuple(pair) for pair in data["figures"])
        data["names"] = tuple(tuple(pair) for pair in data.get("names", ()))
        return cls(**data)

    def display_name(self, locale: str) -> str:
        """The name in `locale` when the pack gives one, else the English name."""
        return dict(self.names).get(locale) or self.name

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


_RESOURCE = {"gold": "Gold", "experience": "Experience", "health": "Health", "magic": "Magic"}


def describe_effect(effect: Effect) -> str:
    """An effect in plain English: "+2 Gold, -1 Health, draw a Rare Item"."""
    bits: list[str] = []
    for attr, label in _RESOURCE.items():
        value = getattr(effect, attr)
        if value:
            bits.append(f"{value:+d} {label}")
    if effect.strength:
        bits.append(f"+{effect.strength} Strength for good")
    if effect.willpower:
        bits.append(f"+{effect.willpower} Willpower for good")
    bits += [f"draw a {deck.capitalize()} Item" for deck in effect.draw]
    if effect.damage_items:
        bits.append(f"{effect.damage_items} Item(s) damaged")
    if effect.lose_items:
        bits.append(f"lose {effect.lose_items} Item(s)")
    if effect.roll:
        rows = [f"{r.low}-{r.high}: {describe_effect(r.effect) or 'nothing'}" for r in effect.roll]
        bits.append("roll a die (" + "; ".join(rows) + ")")
    return ", ".join(bits)


def _cost(cost: object) -> str:
    parts = [f"{getattr(cost, attr)} {label}" for attr, label in _RESOURCE.items() if getattr(cost, attr, 0)]
    return ", ".join(parts) or "free"


def _creature(c: CreatureCard) -> list[tuple[str, str]]:
    figs: list[tuple[str, str]] = []
    if c.strength is not None:
        figs.append(("strength", str(c.strength)))
    if c.willpower is not None:
        figs.append(("willpower", str(c.willpower)))
    if c.strength is not None and c.willpower is not None:
        figs.append(("attacks_with", "Strength" if c.attacks_with == "strength" else "Willpower"))
    figs.append(("experience", str(c.experience)))
    if c.tags:
        figs.append(("tags", ", ".join(c.tags)))
    if c.treasure:
        figs.append(("treasure", describe_effect(c.treasure)))
    figs.append(("on_loss", describe_effect(c.on_loss) if c.on_loss else "-1 Health"))
    for s in c.specials:
        mark = "!" if s.mandatory else "?"
        label = s.rule.replace("_", " ")
        figs.append(("special", f"{label} ({mark})" + (f", pay {_cost(s.cost)}" if s.cost else "")))
    return figs


def _opportunity(c: OpportunityCard) -> list[tuple[str, str]]:
    figs = [("effect", describe_effect(c.effect) or "see text")]
    if not c.cost.is_free():
        figs.insert(0, ("cost", _cost(c.cost)))
    return figs


def _item(c: ItemCard) -> list[tuple[str, str]]:
    figs = [("deck", f"{c.deck.capitalize()} Item"), ("cost", f"{c.cost} Gold"), ("slot", c.slot)]
    if c.hands:
        figs.append(("hands", str(c.hands)))
    if c.strength:
        figs.append(("strength", f"{c.strength:+d}"))
    if c.willpower:
        figs.append(("willpower", f"{c.willpower:+d}"))
    if c.thrown is not None:
        figs.append(("thrown", f"+{c.thrown} on one roll" + (", then damaged" if c.breaks_when_thrown else "")))
    for tag, bonus in c.bonus_vs.items():
        figs.append(("bonus_vs", f"+{bonus} against {tag}"))
    if c.use:
        figs.append(("use", describe_effect(c.use) + (" (used up)" if c.consumed else "")))
    return figs


def _chance(c: ChanceCard) -> list[tuple[str, str]]:
    if c.effect == "terrain":
        return [("effect", f"an Adventure card on every empty {str(c.terrain).capitalize()} space")]
    if c.effect == "restock":
        return [("effect", f"{c.restock_count} {str(c.restock_deck).capitalize()} Items laid out in the {str(c.restock_space).capitalize()}")]
    if c.effect in ("everyone_gains", "charity") and c.gain:
        who = "every character" if c.effect == "everyone_gains" else "only whoever has the least"
        return [("effect", f"{describe_effect(c.gain)} for {who}")]
    if c.effect == "peaceful_times":
        return [("effect", "an extra turn for whoever drew it, without a Chance card")]
    return [("effect", "Standard Version only")]


def _character(c: Character, pack: Pack) -> list[tuple[str, str]]:
    guilds = [pack.guilds.get(g, g) for g in c.guilds]
    return [
        ("strength", str(c.strength)),
        ("willpower", str(c.willpower)),
        ("guilds", ", ".join(guilds)),
        ("starts_at", guilds[0]),
    ]


def _service(svc: Service) -> str:
    """A space's Possibility in words: "recharge Magic, 1 Gold per 2, any amount"."""
    once = ", once per turn" if svc.once_per_turn else ""
    if svc.kind in ("heal", "recharge"):
        what = "heal Health" if svc.kind == "heal" else "recharge Magic"
        price = "free" if not svc.price else f"{svc.price} Gold per {svc.per}" if svc.per > 1 else f"{svc.price} Gold each"
        amount = f"up to {svc.max}" if svc.max else "any amount"
        return f"{what}, {price}, {amount}{once}"
    if svc.kind == "exchange" and svc.cost and svc.gain:
        stay = ", only without moving" if svc.instead_of_movement else ""
        return f"pay {_cost(svc.cost)} for {describe_effect(svc.gain)}{once}{stay}"
    if svc.kind == "repair":
        return f"repair damaged Items, {svc.price} Gold each"
    if svc.kind == "market":
        return "buy and sell Items"
    if svc.kind == "certificate":
        return "buy this guild's Certificate"
    return svc.kind


def _space(s: Space, pack: Pack) -> list[tuple[str, str]]:
    figs = [("space_kind", s.kind.replace("_", " "))]
    if s.guild:
        figs.append(("guild", pack.guilds.get(s.guild, s.guild)))
    marks = [label for flag, label in ((s.port, "Port"), (s.gate, "Magic Gate"), (s.civilization, "civilization")) if flag]
    if marks:
        figs.append(("features", ", ".join(marks)))
    figs += [("service", _service(svc)) for svc in s.services]
    return figs


def _names(card: object) -> tuple[tuple[str, str], ...]:
    """The card's localized names as sorted (locale, name) pairs (none when the pack gives none)."""
    names: dict[str, str] = getattr(card, "names", None) or {}
    return tuple(sorted((locale, name.strip()) for locale, name in names.items() if name and name.strip()))


def pack_cards(pack: Pack) -> Iterator[CardInfo]:
    """Every card of a pack: Adventures, Items, Chance cards, characters and board spaces."""
    pid = pack.id

    def info(card: object, kind: str, figures: list[tuple[str, str]], **extra: object) -> CardInfo:
        return CardInfo(
            ref=f"{pid}:{card.id}",  # type: ignore[attr-defined]
            pack=pid,
            id=card.id,  # type: ignore[attr-defined]
            name=card.name,  # type: ignore[attr-defined]
            kind=kind,
            text=getattr(card, "text", ""),
            source=card.source,  # type: ignore[attr-defined]
            figures=tuple(figures),
            names=_names(card),
            **extra,  # type: ignore[arg-type]
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


def pack_folders(root: Path = DATA_ROOT) -> list[Path]:
    """Every folder under `root` holding a pack.yaml, in name order."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "pack.yaml").is_file())


def load_all_cards(root: Path = DATA_ROOT) -> tuple[list[CardInfo], list[str]]:
    """Cards of every pack under `root`, and one message per pack that failed to load.

    A broken group pack must not take /rules down with it: it is reported and skipped.
    """
    cards: list[CardInfo] = []
    problems: list[str] = []
    for folder in pack_folders(root):
        try:
            pack = load_pack(folder)
        except ContentError as exc:
            problems.append(f"{folder.name}: {exc}")
            continue
        cards.extend(pack_cards(pack))
    return cards, problems


__all__ = ["CardInfo", "describe_effect", "load_all_cards", "pack_cards", "pack_folders"]
