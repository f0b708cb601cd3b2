"""Board tables the AI plans with, computed once per content pack.

`turns[band][a][b]` is the number of turns from space a to space b when every step may cost
at most `band` Gold (0: on foot; 1: horse and boat too; 2: Magic Gates too).
`tour[band][s][mask]` is the fewest turns to visit every guild in `mask` (bits in
`guilds` order), starting from space s, in the best order: the travel part of "how far am I
from winning".
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from engine.prophecy.content import Pack, pack_by_id
from engine.prophecy.movement import move_options
from engine.prophecy.state import PlayerState

BANDS = 3
FAR = 99


@dataclass(frozen=True)
class BoardTables:
    size: int
    guilds: tuple[str, ...]
    guild_space: tuple[int, ...]
    turns: tuple[tuple[tuple[int, ...], ...], ...]
    tour: tuple[tuple[tuple[int, ...], ...], ...]
    #: Gold cost of each movement method
    move_cost: dict[str, int]
    #: spaces offering each kind of Possibility (exchange ids, market, heal, recharge)
    farms: dict[str, tuple[int, ...]]


def tables_for(pack: Pack) -> BoardTables:
    return _tables(pack.id, id(pack))


@lru_cache(maxsize=16)
def _tables(pack_id: str, _key: int) -> BoardTables:
    pack = pack_by_id(pack_id)
    spaces = pack.board.spaces
    n = len(spaces)
    probe = PlayerState(player="_", name="_", character=pack.characters[0].id,
                        red={"right": 1}, blue={"right": 1}, gold=0, experience=0, space=0)
    edges: list[list[tuple[int, int]]] = []
    for i in range(n):
        probe.space = i
        edges.append([(pack.space_index(m.to), c) for m, c in move_options(pack, probe)])
    turns = []
    for band in range(BANDS):
        rows = []
        for start in range(n):
            dist = [FAR] * n
            dist[start] = 0
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt, cost in edges[here]:
                    if cost <= band and dist[nxt] == FAR:
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
            rows.append(tuple(dist))
        turns.append(tuple(rows))
    guilds = tuple(pack.guilds)
    gspace = tuple(next(i for i, s in enumerate(spaces) if s.guild == g) for g in guilds)
    k = len(guilds)
    tours = []
    for band in range(BANDS):
        t = turns[band]
        # from_guild[g][mask]: fewest turns to visit `mask` starting on guild g's space
        from_guild = [[0] * (1 << k) for _ in range(k)]
        for mask in sorted(range(1 << k), key=lambda m: bin(m).count("1")):
            for g in range(k):
                if mask == 0:
                    continue
                from_guild[g][mask] = min(t[gspace[g]][gspace[h]] + from_guild[h][mask & ~(1 << h)]
                                          for h in range(k) if mask >> h & 1)
        rows = []
        for s in range(n):
            rows.append(tuple(0 if mask == 0 else
                              min(t[s][gspace[h]] + from_guild[h][mask & ~(1 << h)] for h in range(k) if mask >> h & 1)
                              for mask in range(1 << k)))
        tours.append(tuple(rows))
    rules = pack.rules
    move_cost = {"stay": 0, "walk": 0, "horse": rules.horse_cost.value or 0, "boat": rules.boat_cost.value or 0,
                 "gate": rules.gate_cost.value or 0}
    farms: dict[str, list[int]] = {}
    for i, space in enumerate(spaces):
        for svc in space.services:
            if svc.kind == "exchange" and svc.gain is not None:
                if svc.gain.experience > 0:
                    farms.setdefault("experience", []).append(i)
                if svc.gain.gold > 0:
                    farms.setdefault("gold", []).append(i)
            if svc.kind in ("market", "heal", "recharge"):
                farms.setdefault(svc.kind, []).append(i)
    return BoardTables(n, guilds, gspace, tuple(turns), tuple(tours), move_cost,
                       {k2: tuple(v) for k2, v in farms.items()})
