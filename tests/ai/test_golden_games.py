"""Speed work must not change a single AI choice: replayed seeds give byte-identical games."""
from __future__ import annotations

import json

import pytest

from tests.ai.golden import FIXTURE, fingerprint, golden_cases

_GOLDEN = json.loads(FIXTURE.read_text())


def test_golden__fixture_covers_every_case():
    recorded = [(g["levels"], g["seed"], g["options"]) for g in _GOLDEN]
    assert recorded == [(c["levels"], c["seed"], c["options"]) for c in golden_cases()]
    assert sum(g["levels"] == ["heuristic"] * 4 for g in _GOLDEN) >= 20


@pytest.mark.parametrize("game", _GOLDEN, ids=lambda g: f"{'-'.join(sorted(set(g['levels'])))}-{g['seed']}")
def test_golden__replayed_game_is_byte_identical(game):
    got = fingerprint(game["levels"], game["seed"], game["options"])
    assert got == {k: game[k] for k in ("sha256", "actions", "round", "winner")}
