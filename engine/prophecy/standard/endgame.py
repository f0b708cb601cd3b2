"""The end of a Standard game: death, the ranking, the round limit (rulings death,
last_survivor, ranking, apocalypse; facts §7).

Winning by four Artifacts is in `artifacts`; the last character alive winning is the Basic
rule (`endgame.kill`), which holds here too.
"""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.standard import guilds, parts, powers
from engine.prophecy.standard.setup import begin_first_turn
from engine.prophecy.state import PlayerState, RankEntry
from engine.prophecy.turns import after_movement as from_after_movement


def on_death(ctx: Ctx, p: PlayerState) -> None:
    """Her Abilities go to the bottom of their guild decks; her Artifacts stay on the space
    where she died for the first character who ends her movement there; nobody waits on her
    any more (ruling death). Her Items are the Basic rule's (discarded)."""
    sst = powers.sstate(ctx)
    me = sst.players[p.player]
    for card in me.abilities:
        guilds.return_ability(ctx, card)
    me.abilities = []
    if me.artifacts:
        here = ctx.pack.space(p.space).id if p.character else ctx.pack.space(0).id
        here = next((loc for part in parts.active_parts(ctx.state) if (loc := part.location(ctx.state, p))), here)
        sst.dropped.setdefault(here, []).extend(me.artifacts)
        ctx.emit("artifacts_dropped", p.player, space=here, cards=list(me.artifacts))
        me.artifacts = []
    starting = any(d.then == "start" for d in sst.decisions)
    kept = [d for d in sst.decisions
            if d.player != p.player and not (d.other == p.player and d.kind in ("take_item", "take_artifact"))]
    called_off = any(d.kind == "battleground" for d in sst.decisions) and not any(d.kind == "battleground" for d in kept)
    sst.decisions = kept
    for part in parts.active_parts(ctx.state):
        part.on_death(ctx, p)  # questions of the expansion's parts that waited on her
    turn = ctx.state.turn
    if turn is not None and turn.player == p.player:
        sst.turn.battle = None
    if starting and not any(d.then == "start" for d in sst.decisions):
        begin_first_turn(ctx)  # everyone else has chosen a character
    elif called_off and turn is not None and turn.player != p.player and turn.phase == "move" and turn.movement_done:
        # the Royal Cape's holder is gone before picking a battleground (her Artifacts lie on
        # the board, so no Final Battle): the turn goes on where the movement ended
        from_after_movement(ctx)


def ranking(ctx: Ctx, winner: str | None) -> list[RankEntry]:
    """The winner first; then the living before the dead, by Artifacts, Abilities, Experience
    and Gold (ruling ranking). Ties share a place."""
    sst = powers.sstate(ctx)

    def key(p: PlayerState) -> tuple[int, ...]:
        me = sst.players[p.player]
        return (0 if p.player == winner else 1, 0 if p.alive else 1, -len(me.artifacts), -len(me.abilities),
                -p.experience, -p.gold)

    ordered = sorted(ctx.state.players, key=key)
    out: list[RankEntry] = []
    prev: tuple[int, ...] | None = None
    place = 0
    for i, p in enumerate(ordered, start=1):
        k = key(p)
        if k != prev:
            place, prev = i, k
        out.append(RankEntry(player=p.player, place=place, certificates=len(p.certificates), alive=p.alive,
                             artifacts=len(sst.players[p.player].artifacts)))
    return out


def round_limit_winner(ctx: Ctx) -> str:
    """The best living character by the ranking's order; seat order breaks a full tie."""
    sst = powers.sstate(ctx)
    living = [p for p in ctx.state.players if p.alive]
    best = max(living, key=lambda p: (len(sst.players[p.player].artifacts), len(sst.players[p.player].abilities),
                                      p.experience, p.gold, -ctx.state.players.index(p)))
    return best.player


def heals_blocked(ctx: Ctx) -> bool:
    fb = powers.sstate(ctx).final_battle
    return fb is not None and fb.apocalypse


def last_standing_reason(ctx: Ctx) -> str:
    """The last one alive wins (ruling last_survivor); in the Apocalypse that is how it ends
    (ruling apocalypse), which the end reason says."""
    return "apocalypse" if heals_blocked(ctx) else "last_standing"
