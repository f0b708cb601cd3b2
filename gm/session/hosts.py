"""Who holds host rights at a running game (the rule /help states).

Rights need a person at the table; when the host's seat stops being one (dead, resigned,
removed, handed to the AI) they pass on in turn order. The game master applies this after
every step (gm.session.steps); reading who holds them now is `host_of` in gm.session.results.
"""
from __future__ import annotations

from typing import Any


def can_host(player: Any) -> bool:
    """Host rights need a person at the table: a living, human seat."""
    return bool(player.alive and not player.ai and player.player.isdigit())


def next_host(state: Any, host: str) -> str:
    """The host after a change at the table.

    The host keeps the rights while their seat is a living human seat. Otherwise they pass to
    the next living human seat in turn order after the host's seat; with nobody to take them
    over (only AI seats left) they stay where they are, so the game can still be ended.
    """
    players = list(state.players)
    index = next((i for i, p in enumerate(players) if p.player == host), None)
    if index is not None and can_host(players[index]):
        return host
    start = -1 if index is None else index
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if can_host(candidate):
            return str(candidate.player)
    return host
