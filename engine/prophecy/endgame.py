"""End of the game: death of a character, the fifth Certificate, the ranking.

Basic rules, "End of the Game" and "What Evil May Befall a Character".
"""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.standard import hooks
from engine.prophecy.state import PlayerState, RankEntry


def kill(ctx: Ctx, p: PlayerState, reason: str) -> None:
    """A character who must lose Health with none left dies; her player is out.

    Her Items go to the discards (the rules are silent; project choice), her cubes stay on
    her card so the cube count stays conserved.
    """
    _leave_play(ctx, p)
    ctx.emit("character_died", p.player, reason=reason)
    alive = [q for q in ctx.state.players if q.alive]
    if len(alive) == 1 and len(ctx.state.players) > 1:
        # Project choice: the rules do not say what happens when one character is left;
        # nobody remains to race against, so the survivor wins.
        reason = "last_standing"
        if ctx.state.standard is not None:
            reason = hooks.standard().last_standing_reason(ctx)  # "apocalypse" once it has begun
        finish(ctx, alive[0].player, reason)
    elif not alive:
        finish(ctx, None, "everyone_died")


def retire(ctx: Ctx, p: PlayerState) -> None:
    """A player leaves the table (removed by vote or by herself): out like a dead character."""
    _leave_play(ctx, p)
    ctx.emit("player_removed", p.player)
    alive = [q for q in ctx.state.players if q.alive]
    if len(alive) == 1 and len(ctx.state.players) > 1:
        finish(ctx, alive[0].player, "last_standing")


def _leave_play(ctx: Ctx, p: PlayerState) -> None:
    """What dying and leaving the table share: she is out, her Items go to the discards and
    nothing waits for her any more."""
    p.alive = False
    for item in p.items:
        getattr(ctx.state.decks, ctx.pack.item(item.card).deck).discard.append(item.card)
    p.items = []
    _drop_choices(ctx, p)
    if ctx.state.standard is not None:
        hooks.standard().on_death(ctx, p)


def _drop_choices(ctx: Ctx, p: PlayerState) -> None:
    """Her Items are gone, so nobody waits for her to pick one any more."""
    turn = ctx.state.turn
    if turn is not None:
        turn.item_choices = [c for c in turn.item_choices if c.player != p.player]
        if turn.player == p.player:
            turn.battle = None


def finish(ctx: Ctx, winner: str | None, reason: str) -> None:
    st = ctx.state
    if st.status == "finished":
        return
    st.status = "finished"
    st.winner = winner
    st.end_reason = reason
    st.turn = None
    st.ranking = hooks.standard().ranking(ctx, winner) if st.standard is not None else ranking(ctx, winner)
    ctx.emit("game_ended", winner, reason=reason, ranking=[r.model_dump() for r in st.ranking])


def ranking(ctx: Ctx, winner: str | None) -> list[RankEntry]:
    """The winner first, the others by number of Certificates; ties share a place.

    Basic rules, "End of the Game": the others are ranked according to the number of
    Certificates they collected. Dead characters are ranked the same way (their Certificates
    were collected all the same); the entry says they died.
    """
    players = ctx.state.players

    def key(p: PlayerState) -> tuple[int, int]:
        return (0 if p.player == winner else 1, -len(p.certificates))

    ordered = sorted(players, key=key)
    out: list[RankEntry] = []
    prev: tuple[int, int] | None = None
    place = 0
    for i, p in enumerate(ordered, start=1):
        k = key(p)
        if k != prev:
            place = i
            prev = k
        out.append(RankEntry(player=p.player, place=place, certificates=len(p.certificates), alive=p.alive))
    return out


def finish_at_round_limit(ctx: Ctx) -> None:
    """Project option `round_limit`: the most Certificates wins; ties go to Experience, then Gold, then seat order.
    (A Standard game ranks by Artifacts first: ruling ranking.)"""
    if ctx.state.standard is not None:
        finish(ctx, hooks.standard().round_limit_winner(ctx), "round_limit")
        return
    living = [p for p in ctx.state.players if p.alive]
    best = max(living, key=lambda p: (len(p.certificates), p.experience, p.gold, -ctx.state.players.index(p)))
    finish(ctx, best.player, "round_limit")
