"""Rule and card lookup for /rules, /card and /glossary (no Discord code here).

Usage: `index = open_index(settings.rulebooks_dir, cache_path_for(settings.database_path))`,
then `index.search(...)`, `index.card_lookup(...)`, `index.glossary(...)` and the
`autocomplete_*` helpers. Which game each text and card belongs to is its plug-in's to say
(games.py reads the registry); a plug-in's `content.locate` says where a card is in a game (Place).

Modules: sources (what is indexed, fingerprint), sections (rulebook headings), text (tokens,
stems, language), synonyms, section_terms (players' words for each section), cards (cards
as text, shared by every game's card source), games (the plug-ins' facts), tables (data/tables, any shape),
store (SQLite FTS5 build and cache), ranking (BM25F over concepts), index (the API),
excerpt (bold passages), glossary, locate (Place).
"""
from __future__ import annotations

from oracle.cards import CardInfo
from oracle.glossary import GlossaryEntry
from oracle.index import CardHit, Hit, RulesIndex, cache_path_for, open_index
from oracle.locate import Place
from oracle.sources import Sources

__all__ = [
    "CardHit", "CardInfo", "GlossaryEntry", "Hit", "Place", "RulesIndex", "Sources",
    "cache_path_for", "open_index",
]
