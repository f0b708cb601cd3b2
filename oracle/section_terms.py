"""Words players use for each section, written by hand (data/rules/section_terms.yaml).

Why: a rulebook section says "Moving onto the Standard Version" and talks about players
battling each other; a player asks "can we attack each other?". The words a player uses
are often not the words of the section, and an Italian player asking about a game whose
rules exist only in English shares no word with it at all. So for every section of the
known rulebooks and of our summaries the data file lists, in English and Italian, the words
and short phrasings someone would ask about it with ("doc2query" done by hand). They are
indexed as a third field of the section, weighted apart from its title and text.

The file is keyed by document file name, then section title. A user's rulebook copy may
differ from ours: a key that matches no section is ignored, and a section with no entry
just has no extra words. A section's value is one {en: [...], it: [...]} mapping or a list
of them (merged), so a topic written once under a YAML anchor can serve the English and
Italian rulebook and both summaries.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from oracle.text import LANGUAGES

#: (language, phrase) pairs of one section
Terms = tuple[tuple[str, str], ...]


class TermSet(BaseModel):
    """The phrasings for one topic, per language."""

    model_config = ConfigDict(extra="forbid")

    en: list[str] = []
    it: list[str] = []

    @field_validator("en", "it", mode="before")
    @classmethod
    def _strings(cls, value: object) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise ValueError("expected a list of words or phrases")
        return [str(v) for v in value]

    def pairs(self) -> list[tuple[str, str]]:
        return [(lang, phrase) for lang in LANGUAGES for phrase in getattr(self, lang) if phrase.strip()]


class SectionTermsFile(BaseModel):
    """document file name -> section title -> one TermSet or a list of them.

    `topics` holds term sets written once and used by several sections through YAML
    anchors (the English and Italian rulebook and both summaries of one game); they are not
    indexed by themselves.
    """

    model_config = ConfigDict(extra="forbid")

    topics: dict[str, TermSet] = {}
    documents: dict[str, dict[str, TermSet | list[TermSet]]] = {}


def load_section_terms(path: Path | None) -> dict[tuple[str, str], Terms]:
    """(document, section) -> its (language, phrase) pairs; {} when there is no file.

    Raises ValueError for a file that is not valid YAML of the expected shape (the caller
    reports it and indexes without expansion: the search still works, only less forgiving).
    """
    if path is None or not path.is_file():
        return {}
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        data = SectionTermsFile.model_validate(raw)
    except (yaml.YAMLError, ValidationError) as exc:
        raise ValueError(f"{path.name}: {exc}") from exc
    out: dict[tuple[str, str], Terms] = {}
    for document, sections in data.documents.items():
        for section, value in sections.items():
            sets = value if isinstance(value, list) else [value]
            pairs = list(dict.fromkeys(pair for term_set in sets for pair in term_set.pairs()))
            if pairs:
                out[(document, section)] = tuple(pairs)
    return out
