"""Every test runs with the content reader installed, as the bot does at start-up.

The engine reads no files: it asks packs/ (installed on import) for the packs and tables in
data/. Tests that need the engine without a reader uninstall it themselves and put it back.
"""
from __future__ import annotations

import packs  # noqa: F401  (installs the pack and book sources)
