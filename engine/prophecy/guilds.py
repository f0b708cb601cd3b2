"""Acquiring a Certificate (Basic rules, "Acquiring a Certificate" and "End of the Game").

5 Experience and 5 Gold at a guild space; a member of that guild (one of the two guilds on
the character card) pays no Gold. One Certificate per guild; the fifth wins at once.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.endgame import finish
from engine.prophecy.state import PlayerState


def certificate_price(ctx: Ctx, p: PlayerState, guild: str) -> tuple[int, int]:
    """(Experience, Gold) for this character's Certificate of `guild`."""
    rules = ctx.pack.rules
    member = guild in ctx.pack.character(p.character).guilds
    return rules.certificate_experience.value or 0, 0 if member else (rules.certificate_gold.value or 0)


def check_certificate(ctx: Ctx, p: PlayerState) -> tuple[str, int, int]:
    space = ctx.pack.space(p.space)
    if space.kind != "guild" or space.guild is None or not any(s.kind == "certificate" for s in space.services):
        raise RuleError("error.not_a_guild", space=space.id)
    guild = space.guild
    if guild in p.certificates:
        raise RuleError("error.certificate_owned", guild=guild)
    xp, gold = certificate_price(ctx, p, guild)
    if p.experience < xp:
        raise RuleError("error.not_enough_experience", need=xp, have=p.experience)
    if p.gold < gold:
        raise RuleError("error.not_enough_gold", need=gold, have=p.gold)
    return guild, xp, gold


def buy_certificate(ctx: Ctx, p: PlayerState) -> None:
    guild, xp, gold = check_certificate(ctx, p)
    p.experience -= xp
    p.gold -= gold
    p.certificates.append(guild)
    ctx.emit("certificate_obtained", p.player, guild=guild, experience=xp, gold=gold, count=len(p.certificates))
    if len(p.certificates) >= len(ctx.pack.guilds):
        finish(ctx, p.player, "five_certificates")
