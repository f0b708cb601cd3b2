"""Prophecy's turn message: what just happened, whose turn it is and what they decide, with a
button (or select option) for each legal action. Posted in the channel, so built from the
spectator view; the shared code (cogs.common) adds the board picture and sends it."""
from __future__ import annotations

from typing import Any

import discord

from ui.text import EMBEDS_TOTAL, embed_size
from ui.views import prompt_view
from engine.prophecy import actions as A
from gm.session import Result
from systems.plugin import TurnMessage
from systems.prophecy.describe import describe_action
from systems.prophecy.embeds import narration_embed, prompt_parts


def picture_with_turn(result: Result) -> bool:
    """The board picture rides along when the turn passed (or the game ended)."""
    return any(e.kind in ("turn_started", "game_ended") for step in result.steps for e in step.events)


def action_style(action: Any) -> discord.ButtonStyle:
    """Fights and throwing a weapon in red, a Certificate in green, ending the turn in grey."""
    if isinstance(action, A.EndTurn):
        return discord.ButtonStyle.secondary
    if isinstance(action, A.Roll):
        return discord.ButtonStyle.danger if action.throw else discord.ButtonStyle.primary
    if isinstance(action, A.Fight):
        return discord.ButtonStyle.danger
    if isinstance(action, A.BuyCertificate):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def turn_message(result: Result, locale: str) -> TurnMessage:
    """Narration of what just happened plus the next decision; the prompt is never cut, the
    narration keeps its latest lines within Discord's 6000 characters per message."""
    state = result.view(None)
    content, prompt = prompt_parts(state, locale)
    embeds: list[discord.Embed] = []
    narr = narration_embed(state, result.steps, locale, limit=EMBEDS_TOTAL - embed_size(prompt) - 100)
    if narr is not None:
        embeds.append(narr)
    embeds.append(prompt)
    view = None
    if result.record.status == "active" and state.turn is not None:
        system = result.system
        pend = system.pending(result.state)  # whoever must decide now (a card may ask another player)
        actor = pend.player if pend is not None else state.turn.player
        actions = system.legal_actions(result.state, actor)
        labels = [describe_action(state, actor, a, locale) for a in actions]
        view = prompt_view(labels, [action_style(a) for a in actions], result.record.id, result.record.version, locale)
    return TurnMessage(content=content, embeds=embeds[-10:], view=view, picture=picture_with_turn(result))
