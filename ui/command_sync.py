"""Slash commands are sent to Discord only when they changed since the last start.

Discord limits how often an application may replace its commands (a daily quota per scope), and
a sync at every start of a bot that restarts often (a crash loop, a deploy script) spends it for
nothing. The payload a sync would send (every command, its options and its translations, built
exactly as discord.py's `CommandTree.sync` builds it) is hashed; the hash of the last sync that
Discord accepted is kept in the database as a note (`meta`), per application and scope (the
development server or global); the next start syncs only when the hash differs.

SYNC_COMMANDS=always (gm.settings) syncs at every start all the same, for when the commands
were changed on Discord's side (removed by hand in the developer portal, say).
"""
from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands

log = logging.getLogger(__name__)


class Notes(Protocol):
    """Where the hash is kept (gm.store's notes)."""

    async def get_note(self, key: str) -> str | None: ...

    async def set_note(self, key: str, value: str) -> None: ...


async def tree_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
    """What `tree.sync(guild=guild)` would send: the commands of that scope, translated."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


def payload_hash(payload: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False, default=str).encode("utf-8")).hexdigest()


def note_key(application_id: int, guild: discord.abc.Snowflake | None) -> str:
    return f"commands_synced:{application_id}:{guild.id if guild is not None else 'global'}"


async def sync_if_changed(tree: app_commands.CommandTree[Any], notes: Notes, guild: discord.abc.Snowflake | None = None,
                          *, always: bool = False) -> bool:
    """Sync the tree's commands for `guild` (None: global) unless Discord already has these
    very commands from an earlier start; True when a sync was sent. The hash is noted only after
    Discord accepted the sync, so a failed one is tried again at the next start."""
    application_id = tree.client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    digest = payload_hash(await tree_payload(tree, guild))
    key = note_key(application_id, guild)
    if not always and await notes.get_note(key) == digest:
        log.info("slash commands unchanged since the last sync (%s): not synced", key)
        return False
    await tree.sync(guild=guild)
    await notes.set_note(key, digest)
    return True
