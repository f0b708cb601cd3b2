"""Rule and card lookup for /rules, /card and /glossary (no Discord code here).

Usage: `index = open_index(settings.rulebooks_dir, cache_path_for(settings.database_path))`,
then `index.search(...)`, `index.card_lookup(...)`, `index.glossary(...)` and the
`autocomplete_*` helpers. See gm/lookup/index.py for how ranking works and why.
"""
from __future__ import annotations

from gm.lookup.cards import CardInfo
from gm.lookup.glossary import GlossaryEntry
from gm.lookup.index import CardHit, Hit, RulesIndex, cache_path_for, open_index
from gm.lookup.sources import Sources

__all__ = ["CardHit", "CardInfo", "GlossaryEntry", "Hit", "RulesIndex", "Sources", "cache_path_for", "open_index"]
