"""A small in-memory model of the Discord world the fake serves: users, guilds, roles,
channels and members.

It exists so that the READY/GUILD_CREATE frames, the interaction payloads and the REST
answers all describe the *same* guild: a member who gets Manage Channels here sees it in
`interaction.permissions`, in the guild cache of the bot and in `resolved.members` alike.
Permissions are modelled the way Discord computes them, with member overwrites only:
@everyone | the member's roles, then the member's overwrite in the channel (deny, then allow);
everything for administrators and the guild owner, whom overwrites do not touch.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import discord

from .snowflake import new_snowflake

JSON = dict[str, Any]

ALL_PERMISSIONS: Final[int] = discord.Permissions.all().value

DEFAULT_EVERYONE_PERMISSIONS: Final[int] = discord.Permissions(
    view_channel=True,
    create_instant_invite=True,
    change_nickname=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_external_stickers=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
    use_voice_activation=True,
).value
"""Roughly what @everyone gets in a freshly created Discord server."""

DEFAULT_BOT_PERMISSIONS: Final[int] = DEFAULT_EVERYONE_PERMISSIONS | discord.Permissions(
    manage_messages=True, manage_threads=True
).value
"""What a game-master bot is typically invited with; becomes `app_permissions`."""

PermissionsLike = int | discord.Permissions

TEXT_CHANNEL: Final[int] = 0
DM_CHANNEL: Final[int] = 1
VOICE_CHANNEL: Final[int] = 2
CATEGORY_CHANNEL: Final[int] = 4


def permission_value(
    permissions: PermissionsLike = 0, *, manage_channels: bool = False, administrator: bool = False
) -> int:
    """Fold the convenience flags into one permission integer."""
    value = permissions.value if isinstance(permissions, discord.Permissions) else int(permissions)
    if manage_channels:
        value |= discord.Permissions(manage_channels=True).value
    if administrator:
        value |= discord.Permissions(administrator=True).value
    return value


def permission_bits(*names: str) -> int:
    """`("send_messages", "embed_links")` -> their permission bits (discord.py's flag names)."""
    unknown = [n for n in names if n not in discord.Permissions.VALID_FLAGS]
    if unknown:
        raise ValueError(f"unknown permission names: {unknown}")
    return discord.Permissions(**{name: True for name in names}).value


def _iso(moment: dt.datetime) -> str:
    return moment.isoformat()


@dataclass
class User:
    """A Discord account. `locale` is the language of the user's client (sent as `locale`)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"

    def payload(self) -> JSON:
        """The user object as Discord sends it."""
        data: JSON = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Role:
    """A guild role; the @everyone role shares the guild's id, as on Discord."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> JSON:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Channel:
    """A guild channel, or a DM channel when `guild_id` is None."""

    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    recipient_ids: tuple[int, ...] = ()
    overwrites: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Member permission overwrites: user id -> (allow, deny) bits."""

    def payload(self, users: dict[int, User] | None = None) -> JSON:
        """The channel object as Discord sends it (DMs list their recipients)."""
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "last_message_id": None,
            "flags": 0,
        }
        if self.guild_id is None:
            known = users or {}
            data["recipients"] = [known[uid].payload() for uid in self.recipient_ids if uid in known]
            return data
        data.update(
            guild_id=str(self.guild_id),
            position=self.position,
            parent_id=None if self.parent_id is None else str(self.parent_id),
            permission_overwrites=[
                {"id": str(uid), "type": 1, "allow": str(allow), "deny": str(deny)}
                for uid, (allow, deny) in self.overwrites.items()
            ],
            nsfw=False,
        )
        if self.type == TEXT_CHANNEL:
            data.update(topic=self.topic, rate_limit_per_user=0)
        return data


@dataclass
class Member:
    """A user's membership of one guild."""

    user_id: int
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc))


@dataclass
class Guild:
    """A guild with its roles, channels (ids, in creation order) and members."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    features: list[str] = field(default_factory=list)
    roles: dict[int, Role] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        """The @everyone role."""
        return self.roles[self.id]

    def partial(self) -> JSON:
        """The partial guild an interaction payload carries."""
        return {"id": str(self.id), "locale": self.locale, "features": list(self.features)}


class World:
    """Everything the fake knows about users, guilds and channels.

    Methods return ids rather than objects, because tests mostly pass ids around; the
    objects stay reachable through `users`, `guilds` and `channels`.
    """

    def __init__(self, bot_name: str, *, bot_permissions: int = DEFAULT_BOT_PERMISSIONS) -> None:
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.bot_permissions = bot_permissions
        self.bot_user_id = self.add_user(bot_name, bot=True)
        self.owner_id = self.add_user("owner")

    # ------------------------------------------------------------------ building
    @staticmethod
    def _fresh(wanted: int | None, taken: dict[int, Any]) -> int:
        """`wanted` when given (an id kept from an earlier run) and not in use, else a new one."""
        if wanted is None:
            return new_snowflake()
        if wanted in taken or wanted <= 0:
            raise ValueError(f"id {wanted} is taken or invalid")
        return wanted


    def add_user(
        self, name: str, *, global_name: str | None = None, bot: bool = False, locale: str = "en-US",
        id: int | None = None,
    ) -> int:
        """Create a user who is in no guild yet and return its id (`id`: one kept from an earlier
        run, as `--local` does so a restart finds the same people)."""
        user = User(self._fresh(id, self.users), name, global_name or name.title(), bot=bot, locale=locale)
        self.users[user.id] = user
        return user.id

    def add_guild(self, name: str, *, locale: str = "en-US", owner_id: int | None = None,
                  shard: tuple[int, int] | None = None, id: int | None = None) -> int:
        """Create a guild with its @everyone role, the app owner and the bot as members;
        `shard=(id, count)` gives it an id Discord routes to that shard; `id`: one kept from an
        earlier run."""
        guild_id = self._fresh(id, self.guilds) if id is not None else new_snowflake(shard)
        guild = Guild(guild_id, name, owner_id or self.owner_id, locale=locale)
        guild.roles[guild_id] = Role(guild_id, guild_id, "@everyone", DEFAULT_EVERYONE_PERMISSIONS)
        self.guilds[guild_id] = guild
        self.add_member(guild_id, guild.owner_id)
        bot_role = self.add_role(guild_id, self.users[self.bot_user_id].username, self.bot_permissions)
        guild.roles[bot_role].managed = True
        self.add_member(guild_id, self.bot_user_id, role_ids=[bot_role])
        return guild_id

    def add_role(self, guild_id: int, name: str, permissions: PermissionsLike = 0) -> int:
        """Create a role in `guild_id` and return its id."""
        guild = self.guild(guild_id)
        role = Role(new_snowflake(), guild_id, name, permission_value(permissions), position=len(guild.roles))
        guild.roles[role.id] = role
        return role.id

    def add_channel(
        self,
        guild_id: int,
        name: str,
        *,
        type: int = TEXT_CHANNEL,
        topic: str | None = None,
        parent_id: int | None = None,
        id: int | None = None,
    ) -> int:
        """Create a channel in `guild_id` and return its id (`id`: one kept from an earlier run)."""
        guild = self.guild(guild_id)
        channel = Channel(
            self._fresh(id, self.channels), name, type, guild_id, len(guild.channel_ids), parent_id=parent_id, topic=topic
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel.id

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        *,
        permissions: PermissionsLike = 0,
        role_ids: Iterable[int] = (),
        nick: str | None = None,
    ) -> Member:
        """Make `user_id` a member of `guild_id`.

        Extra `permissions` are granted through a role holding exactly those bits (one
        role per distinct permission set), because that is how the guild cache of the bot
        can see them too.
        """
        guild = self.guild(guild_id)
        self.user(user_id)
        if user_id in guild.members:
            raise ValueError(f"user {user_id} is already a member of guild {guild_id}")
        roles = list(role_ids)
        extra = permission_value(permissions)
        if extra:
            roles.append(self._permission_role(guild, extra))
        member = Member(user_id, guild_id, roles, nick)
        guild.members[user_id] = member
        return member

    def dm_channel(self, user_id: int) -> int:
        """The DM channel between the bot and `user_id`, created on first use."""
        for channel in self.channels.values():
            if channel.guild_id is None and channel.recipient_ids == (user_id,):
                return channel.id
        self.user(user_id)
        channel = Channel(new_snowflake(), "", DM_CHANNEL, recipient_ids=(user_id,))
        self.channels[channel.id] = channel
        return channel.id

    def _permission_role(self, guild: Guild, permissions: int) -> int:
        for role in guild.roles.values():
            if role.name == f"perms-{permissions}":
                return role.id
        return self.add_role(guild.id, f"perms-{permissions}", permissions)

    # ------------------------------------------------------------------ lookups

    def user(self, user_id: int) -> User:
        """The user with this id, or a KeyError naming it."""
        try:
            return self.users[user_id]
        except KeyError:
            raise KeyError(f"fake discord: no user {user_id}") from None

    def guild(self, guild_id: int) -> Guild:
        """The guild with this id, or a KeyError naming it."""
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise KeyError(f"fake discord: no guild {guild_id}") from None

    def channel(self, channel_id: int) -> Channel:
        """The channel with this id, or a KeyError naming it."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise KeyError(f"fake discord: no channel {channel_id}") from None

    def find_role(self, role_id: int) -> Role | None:
        """The role with this id in any guild."""
        for guild in self.guilds.values():
            if role_id in guild.roles:
                return guild.roles[role_id]
        return None

    def permissions(self, guild_id: int, user_id: int) -> int:
        """Effective guild-level permissions (no channel overwrites are modelled)."""
        guild = self.guild(guild_id)
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        value = guild.everyone.permissions
        for role_id in member.role_ids:
            value |= guild.roles[role_id].permissions
        if value & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        return value

    def channel_permissions(self, channel_id: int, user_id: int) -> int:
        """Effective permissions in a guild channel: guild-level ones with the member's
        overwrite applied (administrators and the owner are not subject to overwrites)."""
        channel = self.channel(channel_id)
        if channel.guild_id is None:
            return DEFAULT_EVERYONE_PERMISSIONS
        value = self.permissions(channel.guild_id, user_id)
        if value == ALL_PERMISSIONS:
            return value
        allow, deny = channel.overwrites.get(user_id, (0, 0))
        return (value & ~deny) | allow

    def guilds_of(self, user_id: int) -> Iterator[Guild]:
        """Guilds `user_id` is a member of."""
        return (g for g in self.guilds.values() if user_id in g.members)

    # ------------------------------------------------------------------ payloads

    def member_payload(self, guild_id: int, user_id: int, *, with_user: bool = True, with_permissions: bool = False) -> JSON:
        """A guild member object; interactions add `permissions`, `resolved` drops `user`."""
        member = self.guild(guild_id).members[user_id]
        data: JSON = {
            "roles": [str(r) for r in member.role_ids],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "joined_at": _iso(member.joined_at),
            "premium_since": None,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data.update(user=self.user(user_id).payload(), deaf=False, mute=False)
        if with_permissions:
            data["permissions"] = str(self.permissions(guild_id, user_id))
        return data

    def guild_create_payload(self, guild_id: int, *, include_all_members: bool) -> JSON:
        """The full GUILD_CREATE object.

        Without the GUILD_MEMBERS intent Discord only includes the bot itself (and people
        in voice), so the bot's member cache stays almost empty; `include_all_members`
        mirrors that.
        """
        guild = self.guild(guild_id)
        member_ids = [
            uid for uid in guild.members if include_all_members or uid == self.bot_user_id
        ]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": guild.locale,
            "features": list(guild.features),
            "roles": [role.payload() for role in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [self.channels[cid].payload() for cid in guild.channel_ids],
            "threads": [],
            "members": [self.member_payload(guild_id, uid) for uid in member_ids],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "member_count": len(guild.members),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "joined_at": _iso(guild.members[self.bot_user_id].joined_at),
            "application_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
        }

    def interaction_channel_payload(self, channel_id: int, user_id: int) -> JSON:
        """The partial channel of an interaction, with the user's permissions in it."""
        channel = self.channel(channel_id)
        data = channel.payload(self.users)
        if channel.guild_id is not None:
            data["permissions"] = str(self.channel_permissions(channel_id, user_id))
        return data
