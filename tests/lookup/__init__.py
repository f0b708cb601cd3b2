"""Tests of the rule and card lookup (gm/lookup).

The rulebooks live beside the repository (`../shared/rulebooks`, as in CI's fresh clone),
so their folder is computed from this file, never from the working directory. Building the
full index takes about a second, so the test modules share one, built on first use.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from gm.lookup import RulesIndex, Sources

RULEBOOKS = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"
QUESTIONS = Path(__file__).resolve().parent / "questions.yaml"


@lru_cache(maxsize=1)
def full_index() -> RulesIndex:
    """The index the bot builds: every rulebook, summary, pack card and table, in memory."""
    return RulesIndex.open(Sources(RULEBOOKS))


def questions() -> list[dict]:
    return yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
