"""Cards as lookup entries: what /card shows and /rules searches, and their figures in words.

A card's searchable text is its own-words `text` plus its figures written as words
("Strength 4", "Treasure: +1 Health"), so "which creature gives a rare item" or "cost 5"
finds it. Figures are also kept as (key, value) pairs and, before wording, as `details`, so
/card can label and word them in the reader's language from the lookup locale files. Every
card says where its figures come from (`source`): a figure the project chose must never pass
for the printed one. Each game system turns its own content into cards (its plug-in's
`cards`, systems/plugin.py); this module holds what they all share.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from gm.i18n import t


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
    #: the system whose content it is (a plug-in's name)
    system: str = ""
    count: int = 1
    standard_only: bool = False
    #: (figure key, value) in English, e.g. ("strength", "4"), ("treasure", "+1 Health"):
    #: what the card is searched by
    figures: tuple[tuple[str, str], ...] = ()
    #: the same figures before wording (see `Node`), so /card shows them in the reader's language
    details: tuple[tuple[str, Any], ...] = ()
    #: (locale, name) of the card's names in other languages, e.g. (("it", "Vampiro"),)
    names: tuple[tuple[str, str], ...] = ()
    #: the game (and edition) the card belongs to, as the oracle tags it (a /rules shelf's tag)
    game: str = ""
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




#: a figure list, (figure key, value before wording)
Figures = list[tuple[str, Node]]


def localized_pairs(mapping: dict[str, str] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((loc, s.strip()) for loc, s in (mapping or {}).items() if s and s.strip() and loc != "en"))


class CardMaker:
    """Builds a game's cards for /card only (`lookup_only`), giving each a ref unique across every
    pack ("<pack>:<id>")."""

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
            names=localized_pairs(getattr(card, "names", None)), game=self.game,
            texts=localized_pairs(getattr(card, "texts", None)),
            lookup_only=True,
        )


def add_number(figs: Figures, key: str, value: int | None, signed: bool = False) -> None:
    if value:
        figs.append((key, f"{value:+d}" if signed else str(value)))


def lookup_only_source(game: str, cards: Callable[[set[str]], Iterable[CardInfo]]
                       ) -> Callable[[Path, set[str]], tuple[list[CardInfo], list[str]]]:
    """A plug-in's card loader for cards read through the engine's own content loaders (the same
    checked models the games play with): a broken content file costs /card that game's cards
    from the one that failed on, reported as one message, and nothing more."""
    def load(_data: Path, taken: set[str]) -> tuple[list[CardInfo], list[str]]:
        out: list[CardInfo] = []
        try:
            out.extend(cards(taken))
        except (ValueError, OSError) as exc:  # every content error is a ValueError
            return out, [f"{game} cards: {exc}"]
        return out, []
    return load


__all__ = ["CardInfo", "CardMaker", "Figures", "Node", "add_number", "localized_pairs", "lookup_only_source", "render"]
