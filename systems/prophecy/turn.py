"""Prophecy's turn message: what just happened, whose turn it is and what they decide, with a
button (or select option) for each legal action. Posted in the channel, so built from the
spectator view; the shared code (cogs.common) adds the board picture and sends it.

A Standard game asks more kinds of questions, some of a player whose turn it is not (a
defender choosing what to lose, a character to keep before the first round): the ping line
then tells that only they can answer, and the prompt comes from prompt_text.standard_prompt."""
from __future__ import annotations

from typing import Any

import discord

from engine.prophecy import actions as prophecy_actions
from gm.i18n import t
from gm.session import Result, kept
from systems.plugin import TurnMessage
from systems.prophecy import riddles
from systems.prophecy.describe import describe_action, remember_secret_order
from systems.prophecy.embeds import COLOUR_TURN, end_embed, narration_embed, prompt_parts, sheet_lines
from systems.prophecy.prompt_text import standard_prompt
from ui.pictures import Drawing, spectator_drawing
from ui.text import EMBEDS_TOTAL, clip, embed_size, fit_labels, mention
from ui.views import label_limit, prompt_view

FIELD_LIMIT = 1000
DESC_LIMIT = 4000
#: characters of one message's embeds kept for the narration of what just happened
NARRATION_ROOM = 600


def picture_with_turn(result: Result) -> bool:
    """The board picture rides along when the turn passed (or the game ended)."""
    return any(e.kind in ("turn_started", "game_ended") for step in result.steps for e in step.events)


def action_style(action: Any) -> discord.ButtonStyle:
    """Fights, attacks and throwing a weapon in red, a Certificate or an Ability learned in
    green, ending the turn in grey."""
    if isinstance(action, prophecy_actions.EndTurn):
        return discord.ButtonStyle.secondary
    if isinstance(action, prophecy_actions.Roll):
        return discord.ButtonStyle.danger if action.throw else discord.ButtonStyle.primary
    if isinstance(action, (prophecy_actions.Fight, prophecy_actions.Attack)):
        return discord.ButtonStyle.danger
    if isinstance(action, (prophecy_actions.BuyCertificate, prophecy_actions.Learn)):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def turn_message(result: Result, locale: str) -> TurnMessage:
    """Narration of what just happened plus the next decision; the prompt is never cut, the
    narration keeps its latest lines within Discord's 6000 characters per message."""
    state = result.view(None)
    if state.standard is not None:
        return _standard_turn(result, state, locale)
    content, prompt = prompt_parts(state, locale)
    view = None
    if result.record.status == "active" and state.turn is not None:
        system = result.system
        pend = kept.pending(system, result.state)  # whoever must decide now (a card may ask another player)
        actor = pend.player if pend is not None else state.turn.player
        actions = kept.legal_actions(system, result.state, actor)
        labels = [describe_action(state, actor, a, locale) for a in actions]
        labels = _fit(prompt, labels, locale)
        view = prompt_view(labels, [action_style(a) for a in actions], result.record.id, result.record.version, locale)
    embeds: list[discord.Embed] = []
    narr = narration_embed(state, result.steps, locale, limit=EMBEDS_TOTAL - embed_size(prompt) - 100)
    if narr is not None:
        embeds.append(narr)
    embeds.append(prompt)
    return TurnMessage(content=content, embeds=embeds[-10:], view=view, picture=picture_with_turn(result))


def _standard_turn(result: Result, state: Any, locale: str) -> TurnMessage:
    """A Standard game's turn message. The legal answers come from the game itself (they are
    the buttons, public anyway); every word about them is read from the spectator view."""
    system = result.system
    pend = kept.pending(system, result.state) if result.record.status == "active" else None
    if pend is None:
        prompt = end_embed(state, locale) if state.status == "finished" else \
            discord.Embed(description=t(locale, "splay.nothing_to_decide"), colour=COLOUR_TURN)
        return _assemble(result, state, "", prompt, None, locale)
    actor = pend.player
    actions = kept.legal_actions(system, result.state, actor)
    remember_secret_order(state, result.state, actor)
    labels = [describe_action(state, actor, a, locale) for a in actions]
    by_id = {id(a): label for a, label in zip(actions, labels, strict=True)}
    words = standard_prompt(state, pend, actions, locale,
                            lambda a: by_id.get(id(a)) or describe_action(state, actor, a, locale))
    who = state.player(actor)
    ping = mention(actor) if actor.isdigit() else who.name
    content = t(locale, "splay.your_call" if words.only_you else "play.your_turn", mention=ping, what=words.what)
    if state.turn is not None:
        title = t(locale, "play.title", round=state.round, player=state.player(state.turn.player).name)
    else:
        title = t(locale, "splay.title_setup")
    prompt = discord.Embed(title=title, colour=COLOUR_TURN)
    prompt.description = clip(sheet_lines(state, who, locale) if who.character else t(locale, "splay.no_character_yet"),
                              DESC_LIMIT)
    for name, value in _split_fields(words.fields)[:20]:
        if embed_size(prompt) + len(name) + len(value) > EMBEDS_TOTAL - NARRATION_ROOM:
            break  # the blocks come most useful first; the buttons still say what each choice holds
        prompt.add_field(name=clip(name, 256), value=clip(value, FIELD_LIMIT + 20), inline=False)
    labels = _fit(prompt, labels, locale)
    styles = [action_style(a) for a in actions]
    view: discord.ui.View | None = prompt_view(labels, styles, result.record.id, result.record.version, locale)
    # a description typed in a text box, a judge's private look at the card (Water Realm's new cards)
    view = riddles.add_buttons(view, pend, result.record.id, result.record.version, locale)
    return _assemble(result, state, content, prompt, view, locale)


def _fit(prompt: discord.Embed, labels: list[str], locale: str) -> list[str]:
    """The buttons' labels as they fit, never two alike; what a cut took off goes in the
    prompt, numbered as its button is (the narration gives way to it, not the prompt)."""
    fitted, notes = fit_labels(labels, label_limit(len(labels)))
    if notes:
        lines = [t(locale, "prompt.in_full_line", n=i, label=label) for i, label in notes]
        value = clip("\n".join(lines), FIELD_LIMIT)
        name = t(locale, "prompt.in_full")
        while prompt.fields and embed_size(prompt) + len(name) + len(value) > EMBEDS_TOTAL - 200:
            prompt.remove_field(len(prompt.fields) - 1)  # the least useful block gives way
        prompt.add_field(name=name, value=value, inline=False)
    return fitted


def _assemble(result: Result, state: Any, content: str, prompt: discord.Embed, view: discord.ui.View | None,
              locale: str) -> TurnMessage:
    embeds: list[discord.Embed] = []
    narr = narration_embed(state, result.steps, locale, limit=EMBEDS_TOTAL - embed_size(prompt) - 100)
    if narr is not None:
        embeds.append(narr)
    embeds.append(prompt)
    return TurnMessage(content=content, embeds=embeds[-10:], view=view, picture=picture_with_turn(result),
                       extra_pictures=_water_picture(state, locale, result))


def extra_pictures(result: Result, locale: str) -> list[tuple[str, Drawing]]:
    """The pictures besides the board this result's turn message carries (the Water Realm's
    board while someone is in it): the same as its `extra_pictures`, without building it."""
    return _water_picture(result.view(None), locale, result)


def _water_picture(state: Any, locale: str, result: Result | None = None) -> list[tuple[str, Drawing]]:
    """The Water Realm's board while someone is in it (Water Realm expansion), still to draw:
    cogs.common draws it (in a worker process, once per state version) only for a message that
    is sent, never for one only built (the private prompt of /game status, the limits checks)."""
    if state.standard is None or state.standard.water is None or not state.standard.water.divers:
        return []
    from systems.prophecy.water_realm.board import render_water

    # from `result`: the drawing crosses to a worker process as the stored state (ui.pictures)
    drawing = Drawing(render_water, (state, locale)) if result is None else spectator_drawing(result, render_water, locale)
    return [("water_realm.png", drawing)]


def _split_fields(fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Blocks longer than a field holds go on in further fields of the same name, line by line
    (a line is never cut in two unless it alone is too long)."""
    out: list[tuple[str, str]] = []
    for name, value in fields:
        if not value.strip():
            continue
        current = ""
        for line in value.split("\n"):
            line = clip(line, FIELD_LIMIT)
            if current and len(current) + 1 + len(line) > FIELD_LIMIT:
                out.append((name, current))
                name = f"{name} (…)" if not name.endswith("(…)") else name
                current = line
            else:
                current = f"{current}\n{line}" if current else line
        if current:
            out.append((name, current))
    return out
