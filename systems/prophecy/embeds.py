"""Prophecy's embeds: state and events -> what people see in the channel (prompt, narration,
sheet, status, final ranking). Discord's limits are respected through ui.text."""
from __future__ import annotations

from typing import Any

import discord

from ui.text import clip, clip_lines, mention
from systems.prophecy.describe import Names, describe_action, narrate
from engine.prophecy import actions as A
from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.state import PlayerState, ProphecyState
from gm.i18n import t
from gm.session import Step

DESC_LIMIT = 4000
FIELD_LIMIT = 1000
COLOUR_TURN = discord.Colour.blurple()
COLOUR_NARRATION = discord.Colour.dark_teal()
COLOUR_END = discord.Colour.gold()


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
        f"💰 {p.gold} {t(locale, 'sheet.gold')} · ✨ {p.experience} {t(locale, 'sheet.experience')} · 📍 {n.space_at(p.space)}",
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
    from systems.prophecy import prompt_text as P
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


def status_embeds(state: ProphecyState, game_id: int, locale: str, record_status: str) -> list[discord.Embed]:
    """The board and every character, fields named in words and the symbols explained in a
    legend; once the game is over, the final ranking (or the standing when it was ended early)."""
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "status.title", game_id=game_id, system=state.system, round=state.round), colour=COLOUR_TURN)
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


def error_words(key: str, value: Any, locale: str) -> str | None:
    """A refusal's parameter in words: Prophecy's battles, phases and ways of moving, its
    cards, guilds and spaces by name in the reader's language (None: not one of Prophecy's)."""
    if not isinstance(value, str):
        return None
    if key in ("battle", "phase", "method"):
        return t(locale, f"{key}.{value}")
    pack = pack_by_id("base")
    if key == "card":
        for finder in (pack.adventure, pack.item):
            try:
                return display_name(finder(value), locale)  # type: ignore[operator]
            except KeyError:
                continue
        return value
    if key == "guild":
        return pack.guild_name(value, locale)
    if key == "space":
        try:
            return display_name(pack.space(pack.space_index(value)), locale)
        except KeyError:
            return value[:60]
    return None
