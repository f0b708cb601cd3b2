"""Artifacts: who holds them, the fifth that comes by itself, the Final Battle being called.

Facts §6/§7: a character holding four of the five Artifacts receives the fifth and wins; the
Final Battle begins when all five are held and nobody has four, the Royal Cape's holder
picking the battleground. Rulings fifth_artifact, final_battle_start, death (an Artifact
lying on the board delays the Final Battle), artifacts_not_items.
"""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.endgame import finish
from engine.prophecy.standard import parts, powers
from engine.prophecy.standard.state import Decision
from engine.prophecy.state import PlayerState


def gain(ctx: Ctx, p: PlayerState, artifact: str, source: str) -> None:
    """She now holds the Artifact; then the game may be won, or the Final Battle called."""
    powers.mine(ctx.state, p.player).artifacts.append(artifact)
    ctx.emit("artifact_gained", p.player, reveals=True, card=artifact, source=source)
    check_win(ctx, p)
    if ctx.state.status == "active":
        check_final_battle(ctx)


def check_win(ctx: Ctx, p: PlayerState) -> bool:
    """Four Artifacts win at once: the fifth comes to her wherever it is (ruling fifth_artifact)."""
    sst = powers.sstate(ctx)
    need = powers.spack(ctx.state).figures.artifacts_to_win.value or 4
    mine = sst.players[p.player].artifacts
    if len(mine) < need or not p.alive:
        return False
    if any(part.win_blocked(ctx, p) for part in parts.active_parts(ctx.state)):
        return False  # the last Artifact is still in the Water Realm, or with a Pearl's holder
    for other in _elsewhere(ctx, p.player):
        mine.append(other)
        ctx.emit("artifact_comes", p.player, reveals=True, card=other)
    finish(ctx, p.player, "final_battle" if sst.final_battle is not None else "four_artifacts")
    return True


def _elsewhere(ctx: Ctx, holder: str) -> list[str]:
    """Take every Artifact not held by `holder` off the planes, the board and the others."""
    sst = powers.sstate(ctx)
    out: list[str] = []
    for plane in sst.planes:
        if plane.artifact is not None:
            out.append(plane.artifact)
            plane.artifact = None
    for cards in sst.dropped.values():
        out.extend(cards)
    sst.dropped.clear()
    for pid, me in sst.players.items():
        if pid != holder:
            out.extend(me.artifacts)
            me.artifacts = []
    return out


def all_held(ctx: Ctx) -> bool:
    """Every Artifact is in a living character's hands (none on a plane or on the board)."""
    sst = powers.sstate(ctx)
    if any(plane.artifact is not None for plane in sst.planes) or any(sst.dropped.values()):
        return False
    held = sum(len(me.artifacts) for pid, me in sst.players.items() if ctx.state.player(pid).alive)
    return held == len(sst.planes)  # one Artifact won on each plane (the pack may hold more: Ten Artifacts)


def check_final_battle(ctx: Ctx) -> None:
    """Call the Final Battle: the Royal Cape's holder picks its space (ruling final_battle_start)."""
    sst = powers.sstate(ctx)
    if sst.final_battle is not None or any(d.kind == "battleground" for d in sst.decisions) or not all_held(ctx):
        return
    for part in parts.active_parts(ctx.state):
        part.final_battle_called(ctx)  # whoever is in the Water Realm comes back
    chooser = next((pid for pid in sst.players if powers.chooses_battleground(ctx.state, pid)), None)
    if chooser is None:  # no Royal Cape in play: the new Artifacts' numerals say who (Water Realm expansion)
        chooser = next(c for part in parts.active_parts(ctx.state) if (c := part.battleground_chooser(ctx)) is not None)
    ctx.emit("final_battle_called", chooser)
    sst.decisions.append(Decision(player=chooser, kind="battleground",
                                  options=[s.id for s in ctx.pack.board.spaces], then="end_turn"))


def pick_up(ctx: Ctx, p: PlayerState) -> None:
    """Artifacts lying where her movement ends are hers (ruling death)."""
    sst = powers.sstate(ctx)
    here = ctx.pack.space(p.space).id
    cards = sst.dropped.pop(here, [])
    for card in cards:
        if ctx.state.status != "active":
            return
        gain(ctx, p, card, "picked_up")


def holders(ctx: Ctx) -> list[str]:
    sst = powers.sstate(ctx)
    return [pid for pid, me in sst.players.items() if me.artifacts and ctx.state.player(pid).alive]
