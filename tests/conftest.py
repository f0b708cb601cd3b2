"""Every test runs with the content reader installed, as the bot does at start-up.

The engine reads no files: it asks packs/ (installed on import) for the packs and tables in
data/. Tests that need the engine without a reader uninstall it themselves and put it back. The
rules oracle learns the games from the plug-in registry (systems/, registered on import).
"""
from __future__ import annotations

import os

import packs  # noqa: F401  (installs the pack and book sources)
import systems  # noqa: F401  (registers the games with the rules oracle, as the bot does)

# Pictures are drawn in a thread of the test process unless a test sets up worker processes
# itself (tests/ui/test_picture_pool.py): a bot's pool of processes (ui.pictures, PICTURE_WORKERS)
# took 3-6 s to import the drawing modules and ~1 s more for each worker's first board picture
# on the shared test machine, which every bot a test starts would pay again.
os.environ.setdefault("PICTURE_WORKERS", "0")
