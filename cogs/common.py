"""Posting a table game's results: the turn message and its board picture (replies and
refusals every cog sends are in ui/replies.py).

Nothing here knows a game system: a game's record names its system, and the system's plug-in
(systems/, looked up by that name) renders the turn message, the picture and its words.
"""
from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from gm.i18n import t
from gm.session import GameMaster, Result, kept
from systems import plugin
from systems.plugin import SystemPlugin, TurnMessage
from ui.pictures import PICTURES, Drawing, picture_key, spectator_drawing
from ui.replies import PINGS
from ui.text import clip, fit_embeds, mention
from ui.views import add_news_button

log = logging.getLogger(__name__)
BOARD_FILE = "board.png"
#: how long a turn message waits for its board picture before going out without it (the
#: picture is then attached by editing the message as soon as it is drawn)
PICTURE_GRACE = 0.05


#: the base of the /game subcommands kept beside their concern (cogs.clock, cogs.table,
#: cogs.history), all mixed into the one /game group cog (cogs.lobby)
if TYPE_CHECKING:  # the checker sees the mixin as what it is mixed into, so its commands type-check
    GroupCogMixin = commands.GroupCog
else:
    GroupCogMixin = object


def game_master(client: Any) -> GameMaster:
    """The bot's game master (bot.GameBot carries it); every shared cog reaches it this way."""
    gm: GameMaster = client.gm
    return gm


def plugin_of(result: Result) -> SystemPlugin:
    """The plug-in of the system this game is played in."""
    return plugin(result.record.system)


# -- the board picture -------------------------------------------------------------------------
def picture_of(result: Result, locale: str) -> asyncio.Future[bytes | None]:
    """The board picture of this state version: started now in a worker process (or joined,
    or taken from the cache: ui.pictures), from what a spectator may see (a picture is public)."""
    table = plugin_of(result).table
    assert table is not None and table.board_picture is not None
    return PICTURES.start(picture_key(result.record, "board", locale),
                          spectator_drawing(result, table.board_picture, locale))


def start_picture(result: Result, locale: str) -> None:
    """Start drawing the pictures this turn message will carry, if any, as soon as the action
    is committed: they then draw in a worker while the pressed prompt is being answered, and
    `build_turn` joins each drawing (same key) instead of starting it later. The further
    pictures (the Water Realm's board) too: the message waits for those without a grace."""
    ui = plugin_of(result).table
    if ui is None:
        return
    if ui.board_picture is not None and ui.picture_with_turn(result):
        picture_of(result, locale)
    if ui.extra_pictures is not None:
        for name, data in ui.extra_pictures(result, locale):
            if isinstance(data, Drawing):
                PICTURES.start(picture_key(result.record, name, locale), data)


def picture_file(data: bytes) -> discord.File:
    return discord.File(io.BytesIO(data), filename=BOARD_FILE)


async def board_file(result: Result, locale: str) -> discord.File:
    """The board picture for this state version as an attachment (waits for the drawing)."""
    data = await picture_of(result, locale)
    assert data is not None, "a board picture always draws something"
    return picture_file(data)


# -- the turn message --------------------------------------------------------------------------
@dataclass
class TurnReply:
    """A turn message ready to send, and its picture when that was not drawn in time."""

    kwargs: dict[str, Any]
    late: asyncio.Future[bytes | None] | None = None


async def build_turn(result: Result, locale: str, *, wait_picture: bool = False) -> TurnReply:
    """The system's turn message as send kwargs, with the board picture when it belongs.

    The picture starts drawing before the message is built. It rides along if it is ready
    by then (or within PICTURE_GRACE); otherwise the message goes without it and `late`
    holds the drawing, so the next prompt never waits on a picture. `wait_picture` waits for
    it instead (the turn clock, whose posts are stored to be delivered exactly once).
    """
    ui = plugin_of(result).table
    assert ui is not None, f"{result.record.system} is not played at a table"
    drawing = picture_of(result, locale) if ui.board_picture is not None and ui.picture_with_turn(result) else None
    kwargs, message = turn_kwargs(result, locale)
    extras = await _extra_files(result, message, locale)
    if drawing is None or not message.picture or not message.embeds:
        if extras:
            kwargs["files"] = extras
        return TurnReply(kwargs)
    if not drawing.done():
        # a second picture cannot be kept through the late edit: such a message waits for the board
        await asyncio.wait([drawing], timeout=None if wait_picture or extras else PICTURE_GRACE)
    if not drawing.done():
        return TurnReply(kwargs, late=drawing)
    failed = drawing.cancelled() or drawing.exception() is not None
    if failed:  # the turn goes on without a picture
        log.error("board picture of game %s failed", result.record.id,
                  exc_info=None if drawing.cancelled() else drawing.exception())
        if extras:
            kwargs["files"] = extras
        return TurnReply(kwargs)
    data = drawing.result()
    assert data is not None, "a board picture always draws something"
    if extras:
        kwargs["files"] = [picture_file(data), *extras]
    else:
        kwargs["file"] = picture_file(data)
    message.embeds[0].set_image(url=f"attachment://{BOARD_FILE}")
    return TurnReply(kwargs)


def turn_kwargs(result: Result, locale: str) -> tuple[dict[str, Any], TurnMessage]:
    """The system's turn message as send kwargs, before any picture is attached (the host-change
    line, the pings): what `build_turn` sends, and what the limits tests check."""
    ui = plugin_of(result).table
    assert ui is not None, f"{result.record.system} is not played at a table"
    message = ui.turn_message(result, locale)
    content = message.content
    if result.host_change is not None:
        content = t(locale, "trust.host_passed", host=mention(result.host_change[1])) + ("\n" + content if content else "")
    kwargs: dict[str, Any] = {"content": clip(content, 2000) or None, "embeds": fit_embeds(message.embeds),
                              "allowed_mentions": PINGS}
    if message.view is not None:
        kwargs["view"] = message.view
        if opens_turn_of_person(result):
            kwargs["view"] = add_news_button(message.view, result.record.id, locale)
    return kwargs, message


def opens_turn_of_person(result: Result) -> bool:
    """Whether these steps began the turn of a person who now must decide: her turn message
    then carries "since my last turn", so what others did reaches her before her first answer
    (the digest that rides on her first press comes only after it)."""
    if result.record.status != "active" or not hasattr(result.state, "players"):
        return False
    pend = kept.pending(result.system, result.state)
    if pend is None or not str(pend.player).isdigit():
        return False
    started = [e.player for step in result.steps for e in step.events if e.kind == "turn_started"]
    return bool(started) and started[-1] == pend.player


async def _extra_files(result: Result, message: Any, locale: str) -> list[discord.File]:
    """The message's further pictures (the Water Realm's board) as attachments, the first shown
    on its last embed when that is not the board picture's. A picture still to draw (a
    `Drawing`) is drawn now, in a worker process and once per state version (ui.pictures),
    alongside the board picture: only for a message that is sent."""
    wanted = list(getattr(message, "extra_pictures", []) or [])
    drawings = [PICTURES.start(picture_key(result.record, name, locale), data) if isinstance(data, Drawing) else None
                for name, data in wanted]
    pictures: list[tuple[str, bytes]] = []
    for (name, data), drawing in zip(wanted, drawings, strict=True):
        if drawing is not None:
            try:
                data = await drawing
            except Exception:  # the turn goes on without this picture
                log.exception("picture %s of game %s failed", name, result.record.id)
                continue
        if data:
            pictures.append((name, data))
    if pictures and len(message.embeds) > 1:
        message.embeds[-1].set_image(url=f"attachment://{pictures[0][0]}")
    return [discord.File(io.BytesIO(data), filename=name) for name, data in pictures]


async def turn_message(result: Result, locale: str) -> dict[str, Any]:
    """The turn message as send kwargs, picture included (waits for it)."""
    return (await build_turn(result, locale, wait_picture=True)).kwargs


async def attach_late(drawing: asyncio.Future[bytes | None], embeds: list[discord.Embed], edit: Any, result: Result) -> None:
    """Edit the board picture into a turn message already posted without it, once drawn."""
    try:
        data = await drawing
        if data is None:  # the drawing gave nothing to draw (ui.pictures): the message stays as posted
            return
        embeds[0].set_image(url=f"attachment://{BOARD_FILE}")
        await edit(embeds=embeds, attachments=[picture_file(data)])
    except discord.HTTPException as exc:  # the message is gone, or the interaction expired
        log.info("could not attach the board picture of game %s: %s", result.record.id, exc)
    except Exception:
        log.exception("board picture of game %s failed", result.record.id)


