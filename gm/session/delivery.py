"""Delivery is part of the step: every committed step owes its channel the message that shows it.

A step's commit stamps the game with `PROMPT_OWED` (in the same write, so it costs nothing and
can never be lost apart from the step). The bot clears the stamp once the turn message is
posted, and keeps the posted message's id (`PROMPT_MESSAGE`) so a stale button can point to the
live one. A stamp left behind means the step's message never reached the channel (the bot died
between commit and post, or Discord refused the reply): the turn clock finds such games with
`owed_games` and posts the current prompt itself. Posting it twice is harmless: every button
carries the game's version, so the older copy's buttons are refused as out of date.

When Discord refuses a post because the channel denies the bot a permission (403 Missing
Permissions), the message stays owed and the host is told which permission is missing, once:
`refusal_noted` records what they were told (`PERMISSION_REFUSED`, kept across steps) and says
whether anything is new; `refusal_cleared` forgets it once a post in the channel gets through,
so a later refusal is news again.
"""
from __future__ import annotations

from collections.abc import Iterable

from gm.session.core import SessionCore
from gm.session.results import PERMISSION_REFUSED, PROMPT_MESSAGE, PROMPT_OWED, GameError
from gm.store import GameRecord

#: seconds a step's own press has to post its message before the turn clock posts it instead
DELIVERY_GRACE = 30.0
#: a finished game's closing message is still owed this long after the end (seconds)
CLOSING_WINDOW = 7 * 86400.0


def prompt_link(record: GameRecord) -> str | None:
    """A jump link to the newest turn message posted for this game, if it is known."""
    message = (record.settings or {}).get(PROMPT_MESSAGE)
    if not message:
        return None
    guild = record.guild_id if record.guild_id else "@me"
    return f"https://discord.com/channels/{guild}/{record.channel_id}/{int(message)}"


def stale_prompt(record: GameRecord | None) -> GameError:
    """The refusal of an out-of-date button, saying where the live prompt is when known."""
    link = prompt_link(record) if record is not None else None
    if link is not None:
        return GameError("error.stale_prompt_link", link=link)
    return GameError("error.stale_prompt")


def refused_permissions(record: GameRecord) -> list[str]:
    """The permissions (discord.py flag names) the host was told the channel denies the bot."""
    return list((record.settings or {}).get(PERMISSION_REFUSED) or [])


class DeliveryMixin(SessionCore):
    async def refusal_noted(self, channel_id: int, game_id: int, missing: Iterable[str]) -> bool:
        """Discord refused this game's message for want of `missing` permissions: remember it and
        say whether the host must be told (True only when a permission is missing that they
        have not been told about yet)."""
        async with self.store.channel_lock(channel_id):
            record = await self.store.get_game(game_id)
            if record is None:
                return False
            told = set(refused_permissions(record))
            wanted = set(missing)
            if wanted <= told:
                return False
            settings = dict(record.settings or {})
            settings[PERMISSION_REFUSED] = sorted(told | wanted)
            await self.store.set_settings(record.id, settings)
            return True

    async def refusal_cleared(self, channel_id: int, game_id: int) -> None:
        """A post of this game reached its channel: the permissions are back (a later refusal
        is told again)."""
        async with self.store.channel_lock(channel_id):
            record = await self.store.get_game(game_id)
            if record is None or PERMISSION_REFUSED not in (record.settings or {}):
                return
            settings = dict(record.settings or {})
            settings.pop(PERMISSION_REFUSED, None)
            await self.store.set_settings(record.id, settings)

    async def prompt_delivered(self, channel_id: int, game_id: int, version: int, message_id: int | None) -> bool:
        """The turn message of `version` reached the channel (as `message_id`): nothing is owed
        for it any more. A no-op when the game has moved on since (a newer step owes its own);
        returns whether the mark was cleared."""
        async with self.store.channel_lock(channel_id):
            # the version and settings alone: one key of the settings changes, not the state
            found = await self.store.game_settings(game_id)
            if found is None or found[0] != version:
                return False
            settings = found[1]
            if PROMPT_OWED not in settings and (message_id is None or settings.get(PROMPT_MESSAGE) == message_id):
                return False
            settings.pop(PROMPT_OWED, None)
            if message_id is not None:
                settings[PROMPT_MESSAGE] = int(message_id)
            await self.store.put_settings(game_id, settings)
            return True

    async def owed_games(self, started_at: float) -> list[GameRecord]:
        """Games whose turn message was never posted: owed since before this process started
        (nothing here can be posting it), or for longer than the grace a press has to post its
        own (`DELIVERY_GRACE`)."""
        now = self.clock()
        before = max(min(started_at, now), now - DELIVERY_GRACE)
        return await self.store.list_owed_games(before, since=now - CLOSING_WINDOW)

    def owes(self, record: GameRecord, started_at: float) -> bool:
        """Whether this (freshly read) game still owes its channel its turn message."""
        owed = (record.settings or {}).get(PROMPT_OWED)
        if owed is None:
            return False
        now = self.clock()
        return float(owed) <= max(min(started_at, now), now - DELIVERY_GRACE)
