"""Synonym groups across English and Italian (data/rules/synonyms.yaml).

Players do not use the rulebook's words: they say "HP" or "ferite" where the book says
Health, "mana" where it says Magic. A query word that belongs to a group is searched as
every member of the group, each stemmed in its own language, so an Italian question also
reaches the English text and the other way round. Members may be phrases ("punti ferita",
"battle of wills"); a phrase matches only as a phrase.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from oracle.text import LANGUAGES, Analyzer

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class SynonymGroup:
    #: every member as stems, in the member's own language
    phrases: frozenset[Phrase]


class Synonyms:
    """Finds the groups a query phrase belongs to; built once per index."""

    def __init__(self, groups: list[SynonymGroup]) -> None:
        self.groups = groups
        self._by_phrase: dict[Phrase, list[int]] = {}
        for i, group in enumerate(groups):
            for phrase in group.phrases:
                self._by_phrase.setdefault(phrase, []).append(i)
        self.longest = max((len(p) for p in self._by_phrase), default=1)

    @classmethod
    def load(cls, path: Path | None, analyzer: Analyzer) -> "Synonyms":
        """Missing file: no synonyms (the search still works, only less forgiving)."""
        if path is None or not path.exists():
            return cls([])
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        groups: list[SynonymGroup] = []
        for i, raw in enumerate(data.get("groups") or []):
            if not isinstance(raw, dict):
                raise ValueError(f"{path.name}: groups[{i}]: expected a mapping of language -> terms")
            phrases: set[Phrase] = set()
            for lang, terms in raw.items():
                if lang not in LANGUAGES:
                    raise ValueError(f"{path.name}: groups[{i}].{lang}: unknown language")
                for term in terms or []:
                    stems = tuple(analyzer.terms(str(term), lang))
                    if stems:
                        phrases.add(stems)
            if phrases:
                groups.append(SynonymGroup(frozenset(phrases)))
        return cls(groups)

    def expand(self, phrase: Phrase) -> set[Phrase]:
        """Every member of every group `phrase` belongs to (empty if none)."""
        out: set[Phrase] = set()
        for i in self._by_phrase.get(phrase, ()):
            out |= self.groups[i].phrases
        return out
