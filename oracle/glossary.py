"""The glossary (data/rules/glossary.yaml): game terms in English and Italian.

Each entry names a term the way each language's rulebook does (the Italian rulebook keeps
some English names, "carta Chance", and uses "Combattimento Fisico" for a Battle of
Strength), with aliases players actually type and a short own-words definition. Lookup is
forgiving: exact, then prefix, then fuzzy (rapidfuzz), over every name in both languages.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import yaml
from rapidfuzz import fuzz, process

from oracle.text import LANGUAGES, fold


@dataclass(frozen=True)
class GlossaryEntry:
    id: str
    #: language -> the term as that language's rulebook names it
    terms: dict[str, str]
    #: language -> own-words definition
    definitions: dict[str, str]
    aliases: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()

    def term(self, language: str) -> str:
        return self.terms.get(language) or self.terms.get("en") or self.id

    def definition(self, language: str) -> str:
        return self.definitions.get(language) or self.definitions.get("en", "")

    def names(self) -> list[str]:
        return [*self.terms.values(), *self.aliases]


class Glossary:
    def __init__(self, entries: list[GlossaryEntry]) -> None:
        self.entries = entries
        self._labels: list[str] = []
        self._owner: list[int] = []
        for i, entry in enumerate(entries):
            for name in entry.names():
                self._labels.append(fold(name))
                self._owner.append(i)

    @classmethod
    def load(cls, path: Path | None) -> "Glossary":
        if path is None or not path.exists():
            return cls([])
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        entries: list[GlossaryEntry] = []
        for i, raw in enumerate(data.get("terms") or []):
            try:
                terms = {lang: str(raw[lang]["term"]) for lang in LANGUAGES if lang in raw}
                defs = {lang: str(raw[lang]["definition"]).strip() for lang in LANGUAGES if lang in raw}
                aliases = tuple(str(a) for lang in LANGUAGES if lang in raw for a in raw[lang].get("aliases") or [])
                entries.append(GlossaryEntry(str(raw["id"]), terms, defs, aliases, tuple(raw.get("systems") or ())))
            except (KeyError, TypeError) as exc:
                raise ValueError(f"{path.name}: terms[{i}]: missing or malformed {exc}") from None
        return cls(entries)

    def lookup(self, term: str, limit: int = 3, prefer: Sequence[str] = ()) -> list[GlossaryEntry]:
        """Best entries for `term`, best first; an exact name wins outright.

        `prefer`: the games played in the channel, most specific first ("prophecy_standard",
        "prophecy"). Among entries matching equally well (two games' "Strength"), those of
        a preferred game come first, so a campaign channel reads Talisman's meaning; with
        none, the file's order (Prophecy's first)."""
        query = fold(term).strip()
        if not query:
            return []

        def preferred(owners: list[int]) -> list[int]:
            unique = list(dict.fromkeys(owners))
            if not prefer:
                return unique
            return sorted(unique, key=lambda i: [game not in self.entries[i].systems for game in prefer])

        exact = [self._owner[i] for i, label in enumerate(self._labels) if label == query]
        if exact:
            return [self.entries[i] for i in preferred(exact)][:limit]
        prefix = [self._owner[i] for i, label in enumerate(self._labels) if label.startswith(query)]
        ranked = preferred(prefix)
        for _, _score, idx in process.extract(query, self._labels, scorer=fuzz.WRatio, limit=limit * 4, score_cutoff=75):
            ranked.append(self._owner[idx])
        return [self.entries[i] for i in dict.fromkeys(ranked)][:limit]

    def autocomplete(self, prefix: str, language: str = "en", limit: int = 25) -> list[str]:
        """Terms in `language` (English when an entry lacks it) for a Discord autocomplete."""
        entries = self.lookup(prefix, limit=limit) if prefix.strip() else self.entries
        names = [e.term(language) for e in entries]
        return sorted(dict.fromkeys(names), key=lambda n: (not fold(n).startswith(fold(prefix)), fold(n)))[:limit]
