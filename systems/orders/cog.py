"""/orders: the Magical Orders rank tracker for a table playing that game with physical pieces.

Stored like any game (one per channel, action log, seeded Rng for Call For Help); the rules
and the Cooperative Version's advancement check live in engine/orders.
"""
from __future__ import annotations

import secrets
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.orders import SYSTEM, Advance, CallForHelp, ChangePoints, Join, MarkTasks, OrdersState, qualified_rank
from engine.tables import Step, default_book, step_text
from gm.i18n import t
from gm.replay import state_hash
from gm.session import GameError
from gm.store import GameExists, LogMeta
from ui.errors import refuse
from ui.replies import acknowledge_command, locale_of, reply_private, reply_public
from ui.text import clip, clip_lines

ORDER_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                 (("Wizards", "wizards"), ("Sorcerers", "sorcerers"), ("Druids", "druids"))]
POINT_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in
                 (("Knowledge", "knowledge"), ("Perception", "perception"), ("Power", "power"))]


def event_text(event: Event, locale: str) -> str:
    params: dict[str, Any] = {}
    for key, value in event.data.items():
        if key in ("order", "old_order") and isinstance(value, str):
            params[key] = t(locale, f"dice.order_name.{value}")
        elif key in ("point_kind", "kind") and isinstance(value, str):
            params[key] = t(locale, f"dice.points.{value}")
        elif isinstance(value, list):
            params[key] = ", ".join(map(str, value))
        else:
            params[key] = value
    if event.kind == "dice.orders.ev.call_for_help":
        params["price"] = _help_price(event.data, params, locale)
        steps = event.data.get("steps") or []
        if steps:  # the row read in the reader's language, not the one it was rolled in
            params["text"] = step_text(default_book(), Step.model_validate(steps[-1]), locale)
    return t(locale, event.kind, **params)


def _help_price(data: dict[str, Any], params: dict[str, Any], locale: str) -> str:
    """What a Call For Help cost, in words: free with no points, else Rank squared in one kind of
    points, or all of that kind when there are fewer."""
    if data.get("free") or not data.get("cost"):
        return t(locale, "dice.orders.price.free")
    if data.get("lost", 0) >= data["cost"]:
        return t(locale, "dice.orders.price.paid", cost=data["cost"], point_kind=params.get("point_kind", ""))
    return t(locale, "dice.orders.price.short", cost=data["cost"], lost=data.get("lost", 0),
             point_kind=params.get("point_kind", ""))


class OrdersCog(commands.GroupCog, group_name="orders", group_description="Magical Orders: Orders, points, Ranks, Call For Help"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, action: Any, create: bool = False,
                   cooperative: bool = False) -> None:
        """load (or open) the channel's tracker -> apply -> save, under the channel lock; acknowledged
        first (issue 30), so the store's wait never runs into Discord's 3-second window."""
        await acknowledge_command(interaction)
        locale = locale_of(interaction)
        store = interaction.client.store  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its store
        channel = interaction.channel_id
        if channel is None:
            return await reply_private(interaction, t(locale, "error.not_in_guild"))
        try:
            async with store.channel_lock(channel):
                record = await store.get_active_game(channel)
                events: list[Event] = []
                if record is None:
                    if not create:
                        raise GameError("error.no_orders")
                    out = SYSTEM.new_game([], {"cooperative": cooperative}, secrets.randbits(62))
                    record = await store.create_game(channel, interaction.guild_id, SYSTEM.name, {"cooperative": cooperative},
                                                     out.state.rng.seed, interaction.user.id, SYSTEM.dump_state(out.state),
                                                     status="active")
                    events += out.events
                elif record.system != SYSTEM.name:
                    raise GameError("error.game_exists", game_id=record.id, system=record.system, status=record.status)
                state: OrdersState = SYSTEM.load_state(record.state)
                outcome = SYSTEM.apply(state, str(interaction.user.id), action)
                text = SYSTEM.dump_state(outcome.state)
                await store.commit_action(record.id, record.version, str(interaction.user.id), action.model_dump(), text,
                                          new_status="finished" if outcome.state.status == "finished" else None,
                                          meta=LogMeta(events=[e.model_dump() for e in outcome.events],
                                                       state_hash=state_hash(text), revealed=outcome.revealed))
                events += outcome.events
        except GameExists as exc:
            return await refuse(interaction, GameError("error.game_exists", game_id=exc.existing.id,
                                                       system=exc.existing.system, status=exc.existing.status))
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        lines = [event_text(e, locale) for e in events]
        await reply_public(interaction, content=clip("\n".join(lines), 2000), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="join", description="Join this channel's tracker in an Order (or switch Orders)")
    @app_commands.describe(order="Your Order", cooperative="Open the tracker in the Cooperative Version (first player only)")
    @app_commands.choices(order=ORDER_CHOICES)
    async def join(self, interaction: discord.Interaction, order: Optional[str] = None, cooperative: bool = False) -> None:
        await self._act(interaction, Join(order=order, name=interaction.user.display_name[:100]), create=True,
                        cooperative=cooperative)

    @app_commands.command(name="points", description="Add (or, with a minus, spend) Knowledge, Perception or Power")
    @app_commands.describe(kind="Which points", amount="How many; negative to spend",
                           penalty="A loss the game imposed (encounter, table): it stops at zero instead of being refused")
    @app_commands.choices(kind=POINT_CHOICES)
    async def points(self, interaction: discord.Interaction, kind: str, amount: app_commands.Range[int, -1000, 1000],
                     penalty: bool = False) -> None:
        if amount == 0 or not -1000 <= amount <= 1000:
            return await reply_private(
                interaction, t(locale_of(interaction), "error.value_out_of_range", name="amount", min=-1000, max=1000)
            )
        await self._act(interaction, ChangePoints(kind=kind, amount=amount, penalty=penalty))

    @app_commands.command(name="advance", description="Advance one Rank, if your points (and the co-op rule) allow it")
    async def advance(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, Advance())

    @app_commands.command(name="tasks", description="Mark your Mandatory Tasks as done (or open again)")
    @app_commands.describe(done="Done (true) or still open (false)")
    async def tasks(self, interaction: discord.Interaction, done: bool) -> None:
        await self._act(interaction, MarkTasks(done=done))

    @app_commands.command(
        name="call-for-help", description="Call For Help: pay Rank squared in points, roll two dice, read the higher"
    )
    @app_commands.describe(kind="Which points to pay with (default: the ones you have most of)")
    @app_commands.choices(kind=POINT_CHOICES)
    async def call_for_help(self, interaction: discord.Interaction, kind: Optional[str] = None) -> None:
        await self._act(interaction, CallForHelp(kind=kind))

    @app_commands.command(name="status", description="Everyone's Order, points and Rank")
    async def status(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        locale = locale_of(interaction)
        record = await interaction.client.store.get_active_game(interaction.channel_id)  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its store
        if record is None or record.system != SYSTEM.name:
            return await reply_private(interaction, t(locale, "error.no_orders"))
        state: OrdersState = SYSTEM.load_state(record.state)
        book = default_book()
        mode = t(locale, "dice.orders.status.cooperative" if state.options.cooperative else "dice.orders.status.competitive")
        lines = []
        for p in state.players:
            lines.append(
                t(
                    locale,
                    "dice.orders.status.line",
                    name=p.name,
                    order=t(locale, f"dice.order_name.{p.order or 'none'}"),
                    rank=p.rank,
                    qualified=qualified_rank(book, p),
                    knowledge=p.knowledge,
                    perception=p.perception,
                    power=p.power,
                    tasks=t(locale, "dice.orders.status.tasks_done" if p.tasks_done else "dice.orders.status.tasks_open"),
                )
            )
        embed = discord.Embed(title=t(locale, "dice.orders.status.title", mode=mode),
                              description=clip_lines(lines, 4000) if lines else t(locale, "dice.orders.status.empty"))
        await reply_public(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrdersCog(bot))
