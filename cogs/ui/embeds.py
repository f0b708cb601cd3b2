"""Embeds: state and events -> what people see in the channel. Discord limits respected here."""
from __future__ import annotations

from typing import Any

import discord

from cogs.ui.describe import Names, describe_action, narrate
from engine.prophecy import actions as A
from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.state import PlayerState, ProphecyState
from gm.i18n import t
from gm.session import Lobby, Step

DESC_LIMIT = 4000
FIELD_LIMIT = 1000
COLOUR_TURN = discord.Colour.blurple()
COLOUR_NARRATION = discord.Colour.dark_teal()
COLOUR_END = discord.Colour.gold()


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_lines(lines: list[str], limit: int) -> str:
    """Keep the most recent lines that fit (a long AI streak shows its end)."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def mention(pid: str) -> str:
    return f"<@{pid}>" if pid.isdigit() else pid


def cubes(filled: int, empty: int) -> str:
    return "■" * filled + "□" * empty


def narration_embed(state: ProphecyState, steps: list[Step], locale: str, limit: int = DESC_LIMIT) -> discord.Embed | None:
    """What happened, most recent lines kept when it is long (`limit` leaves room for the prompt)."""
    lines: list[str] = []
    for step in steps:
        lines.extend(narrate(state, step.events, locale))
    if not lines:
        return None
    return discord.Embed(description=clip_lines(lines, max(200, min(limit, DESC_LIMIT))), colour=COLOUR_NARRATION)


def sheet_lines(state: ProphecyState, p: PlayerState, locale: str) -> str:
    n = Names(state, locale)
    if not p.alive:
        return t(locale, "sheet.dead")
    items = ", ".join(n.card(i.card) + (f" ({t(locale, 'sheet.damaged')})" if i.damaged else "") for i in p.items)
    certs = ", ".join(n.guild(g) for g in p.certificates) or t(locale, "sheet.no_certificates")
    return "\n".join([
        f"❤️ {t(locale, 'sheet.health')} {cubes(p.red.right, p.red.left)} ({t(locale, 'sheet.strength')} {p.strength})",
        f"🔷 {t(locale, 'sheet.magic')} {cubes(p.blue.right, p.blue.left)} ({t(locale, 'sheet.willpower')} {p.willpower})",
        f"💰 {p.gold} · ✨ {p.experience} XP · 📍 {n.space_at(p.space)}",
        f"🎒 {items or t(locale, 'sheet.no_items')}",
        f"📜 {len(p.certificates)}/5: {certs}",
    ])


def sheet_embed(state: ProphecyState, p: PlayerState, locale: str) -> discord.Embed:
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "play.sheet_title", player=p.name, character=n.card(p.character)),
                      description=clip(sheet_lines(state, p, locale), DESC_LIMIT), colour=COLOUR_TURN)
    return e


def prompt_parts(state: ProphecyState, locale: str) -> tuple[str, discord.Embed]:
    """The ping line and the 'whose turn, what to decide' embed.

    The embed carries everything the decision needs (a player may come back hours later and
    decide from it alone): where each move leads and what waits there, the Creature's figures,
    rules, battles with costs and odds, the throw decision's odds, the Items a card may take.
    """
    from cogs.ui import prompt_text as P
    from engine.prophecy.rules import legal_actions, pending

    n = Names(state, locale)
    if state.status == "finished":
        return "", end_embed(state, locale)
    assert state.turn is not None
    pend = pending(state)
    who = state.player(pend.player) if pend is not None else state.player(state.turn.player)
    turn_p = state.player(state.turn.player)
    card = None
    adv = None
    if state.turn.fight:
        adv = next((a for a in state.spaces[turn_p.space] if a.uid == state.turn.fight), None)
        card = n.card(adv.card) if adv else "?"
    kind = pend.kind if pend is not None else state.turn.phase
    if kind == "choose_item":
        choice = state.turn.item_choices[0]
        key = "prompt.decide_choose_item_damage" if choice.mode == "damage" else "prompt.decide_choose_item"
        what = t(locale, key, card=n.card(choice.reason))
    elif kind == "throw" and state.turn.battle is not None:
        b = state.turn.battle
        what = t(locale, "prompt.decide_throw", done=b.rolls, lives=b.lives, card=card,
                 item=n.item_uid(b.weapon) if b.weapon else "?")
    else:
        what = t(locale, f"play.decide_{state.turn.phase}", card=card)
    content = t(locale, "play.your_turn", mention=mention(who.player), what=what)
    e = discord.Embed(title=t(locale, "play.title", round=state.round, player=turn_p.name), colour=COLOUR_TURN)
    e.description = clip(sheet_lines(state, who, locale), DESC_LIMIT)
    fields: list[tuple[str, str]] = []
    if kind == "fight" and adv is not None and card is not None:
        text = n.card_text(adv.card)
        if text:
            fields.append((card, text))
        fields.extend(P.creature_fields(state, who.player, locale))
    elif kind == "throw":
        fields.extend(P.throw_fields(state, locale))
    elif kind == "move":
        lines = []
        for a in legal_actions(state, who.player):
            if isinstance(a, A.Move):
                label = describe_action(state, who.player, a, locale, with_odds=False)
                lines.append(P.destination_line(state, who.player, a, locale, label))
        for i, chunk in enumerate(_chunks(lines, FIELD_LIMIT)):
            fields.append((t(locale, "prompt.destinations" if i == 0 else "prompt.destinations_more"), chunk))
    for name, value in fields[:20]:
        e.add_field(name=clip(name, 256), value=clip(value, FIELD_LIMIT), inline=False)
    return content, e


def _chunks(lines: list[str], limit: int) -> list[str]:
    """Lines packed into texts of at most `limit` characters (a longer line is clipped)."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def embed_size(embed: discord.Embed) -> int:
    """Characters Discord counts towards the 6000 of one message's embeds."""
    size = len(embed.title or "") + len(embed.description or "")
    for f in embed.fields:
        size += len(f.name or "") + len(f.value or "")
    if embed.footer and embed.footer.text:
        size += len(embed.footer.text)
    if embed.author and embed.author.name:
        size += len(embed.author.name)
    return size


def end_embed(state: ProphecyState, locale: str) -> discord.Embed:
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "play.winner", player=n.player(state.winner)), colour=COLOUR_END)
    lines = [t(locale, "play.rank_line", place=r.place, player=n.player(r.player), certificates=r.certificates,
               dead="" if r.alive else t(locale, "play.dead_mark")) for r in state.ranking]
    e.add_field(name=t(locale, "play.ranking"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    return e


def board_lines(state: ProphecyState, locale: str) -> list[str]:
    n = Names(state, locale)
    pack = n.pack
    lines = []
    for i, space in enumerate(pack.board.spaces):
        marks = ("⚓" if space.port else "") + ("🌀" if space.gate else "")
        here = [p.name for p in state.players if p.space == i and p.alive]
        cards = [n.card(a.card) for a in state.spaces[i]]
        if not here and not cards and not marks:
            continue
        extra = []
        if cards:
            extra.append("🃏 " + ", ".join(cards))
        if here:
            extra.append("👤 " + ", ".join(here))
        lines.append(f"**{n.space_at(i)}** {marks} " + " · ".join(extra))
    for space_id, offer in state.offers.items():
        if offer:
            lines.append(t(locale, "status.offers", space=n.space(space_id), items=", ".join(n.card(i.card) for i in offer)))
    return lines


#: every symbol /game status draws, with the locale key that names it (shown as the legend)
STATUS_LEGEND = (("❤️", "sheet.health"), ("🔷", "sheet.magic"), ("■", "table.legend_cube_on"), ("□", "table.legend_cube_off"),
                 ("💰", "sheet.gold"), ("✨", "sheet.experience"), ("📍", "sheet.space"), ("🎒", "sheet.items"),
                 ("📜", "sheet.certificates"), ("💀", "table.legend_dead"), ("⚓", "table.legend_port"),
                 ("🌀", "table.legend_gate"), ("🃏", "table.legend_cards"), ("👤", "table.legend_people"))


def status_legend(locale: str) -> str:
    return " · ".join(f"{icon} {t(locale, key)}" for icon, key in STATUS_LEGEND)


def status_embeds(state: ProphecyState, game_id: int, system: str, locale: str, record_status: str) -> list[discord.Embed]:
    """The board and every character, fields named in words and the symbols explained in a
    legend; once the game is over, the final ranking (or the standing when it was ended early)."""
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "status.title", game_id=game_id, system=system, round=state.round), colour=COLOUR_TURN)
    e.description = clip("\n".join(board_lines(state, locale)) or t(locale, "status.empty_board"), DESC_LIMIT)
    if record_status == "ended":
        e.add_field(name=t(locale, "table.field_over"), value=t(locale, "status.ended"), inline=False)
        standing = sorted(state.players, key=lambda p: (not p.alive, -len(p.certificates)))
        lines = [t(locale, "table.standing_line", player=p.name, certificates=len(p.certificates),
                   dead="" if p.alive else t(locale, "play.dead_mark")) for p in standing]
        e.add_field(name=t(locale, "table.field_standing"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    elif state.status == "finished":
        e.add_field(name=t(locale, "table.field_over"), value=t(locale, "status.finished", player=n.player(state.winner)), inline=False)
        lines = [t(locale, "play.rank_line", place=r.place, player=n.player(r.player), certificates=r.certificates,
                   dead="" if r.alive else t(locale, "play.dead_mark")) for r in state.ranking]
        e.add_field(name=t(locale, "play.ranking"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    elif state.turn is not None:
        e.add_field(name=t(locale, "table.field_turn"), value=t(locale, "table.turn_value", player=n.player(state.turn.player),
                                                                 phase=t(locale, f"phase.{state.turn.phase}")), inline=False)
    chars = discord.Embed(title=t(locale, "status.characters"), colour=COLOUR_TURN)
    for p in state.players[:25]:
        chars.add_field(name=clip(f"{p.name}: {n.card(p.character)}", 256), value=clip(sheet_lines(state, p, locale), FIELD_LIMIT), inline=False)
    chars.set_footer(text=clip(t(locale, "table.legend_title") + ": " + status_legend(locale), 2000))
    return [e, chars]


def lobby_embed(lobby: Lobby, game_id: int, system: str, max_seats: int, locale: str) -> discord.Embed:
    pack = pack_by_id(lobby.options.get("pack", "base"))
    names = {c.id: display_name(c, locale) for c in pack.characters}
    e = discord.Embed(title=t(locale, "lobby.title", system=system, game_id=game_id), colour=COLOUR_TURN,
                      description=t(locale, "lobby.waiting"))
    seats = []
    for s in lobby.seats:
        who = mention(s.player) if not s.ai else f"🤖 {s.name} ({t(locale, f'ai_level.{s.ai}')})"
        seats.append(who + (f" · {names.get(s.character, s.character)}" if s.character else ""))
    e.add_field(name=t(locale, "lobby.seats", count=len(lobby.seats), max=max_seats), value="\n".join(seats) or "—", inline=False)
    e.add_field(name=t(locale, "lobby.host"), value=mention(lobby.host), inline=False)
    return e


def pretty_params(params: dict[str, Any], locale: str = "en") -> dict[str, Any]:
    """Error parameters carry ids and codes; show names, mentions and words instead."""
    pack = pack_by_id("base")
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in ("battle", "phase", "method") and isinstance(v, str):
            out[k] = t(locale, f"{k}.{v}")
        elif k in ("active", "player") and isinstance(v, str):
            out[k] = mention(v)
        elif k == "card" and isinstance(v, str):
            try:
                out[k] = display_name(pack.adventure(v), locale)
            except KeyError:
                try:
                    out[k] = display_name(pack.item(v), locale)
                except KeyError:
                    out[k] = v
        elif k == "guild" and isinstance(v, str):
            out[k] = pack.guild_name(v, locale)
        elif k == "space" and isinstance(v, str):
            try:
                out[k] = display_name(pack.space(pack.space_index(v)), locale)
            except KeyError:
                out[k] = v[:60]
        else:
            out[k] = v if not isinstance(v, str) else v[:200]
    return out
