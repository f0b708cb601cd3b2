"""Synonym groups across English and Italian (data/rules/synonyms.yaml).

Players do not use the rulebook's words: they say "HP" or "ferite" where the book says
Health, "mana" where it says Magic. A query word that belongs to a group is searched as
every member of the group, each stemmed in its own language, so an Italian question also
reaches the English text and the other way round. Members may be phrases ("punti ferita",
"battle of wills"); a phrase matches only as a phrase.

Stems of the two languages can collide: the English "ports" and the Italian "portare" (to
carry) both stem to "port". So a member is known with its language, and a question whose
language is known is expanded through the groups of that language only (falling back to
every language when its own finds none: an Italian question may use an English game term).
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
    #: (language, stems) of every member; empty means "any language" for every member
    members: frozenset[tuple[str, Phrase]] = frozenset()


class Synonyms:
    """Finds the groups a query phrase belongs to; built once per index."""

    def __init__(self, groups: list[SynonymGroup]) -> None:
        self.groups = groups
        self._by_phrase: dict[Phrase, list[int]] = {}
        self._by_member: dict[tuple[str, Phrase], list[int]] = {}
        for i, group in enumerate(groups):
            for phrase in group.phrases:
                self._by_phrase.setdefault(phrase, []).append(i)
            for member in group.members or {(lang, p) for lang in LANGUAGES for p in group.phrases}:
                self._by_member.setdefault(member, []).append(i)
        self.longest = max((len(p) for p in self._by_phrase), default=1)
        #: the first stems of the multi-word members: a query word that is none of them (in
        #: either language) starts no phrase, and the longer chunks from it need not be tried
        self.phrase_starts = frozenset(p[0] for p in self._by_phrase if len(p) > 1)

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
            members: set[tuple[str, Phrase]] = set()
            for lang, terms in raw.items():
                if lang not in LANGUAGES:
                    raise ValueError(f"{path.name}: groups[{i}].{lang}: unknown language")
                for term in terms or []:
                    stems = tuple(analyzer.terms(str(term), lang))
                    if stems:
                        members.add((lang, stems))
            if members:
                groups.append(SynonymGroup(frozenset(p for _, p in members), frozenset(members)))
        return cls(groups)

    def extended(self, groups: list[SynonymGroup]) -> "Synonyms":
        """These groups and some more (e.g. the names of cards in both languages)."""
        return Synonyms([*self.groups, *groups]) if groups else self

    @staticmethod
    def name_groups(names: list[dict[str, str]], analyzer: Analyzer) -> list[SynonymGroup]:
        """One group per thing with a name in several languages ("Giant Spider" / "Ragno Gigante").

        Rule texts of games without an Italian edition use the English names of cards and
        places: an Italian player who writes the Italian name still reaches them.
        """
        groups = []
        for by_language in names:
            members = {
                (lang, stems)
                for lang, name in by_language.items()
                if lang in LANGUAGES and (stems := tuple(analyzer.terms(name, lang)))
            }
            if len({p for _, p in members}) > 1:
                groups.append(SynonymGroup(frozenset(p for _, p in members), frozenset(members)))
        return groups

    def expand(self, phrase: Phrase, language: str | None = None) -> set[Phrase]:
        """Every member of every group `phrase` belongs to (empty if none).

        With a `language`, only groups where `phrase` is a member in that language count.
        """
        found = self._by_phrase.get(phrase, ()) if language is None else self._by_member.get((language, phrase), ())
        out: set[Phrase] = set()
        for i in found:
            out |= self.groups[i].phrases
        return out
