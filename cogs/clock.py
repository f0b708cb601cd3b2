"""The turn clock of every table game: time banks, reminders, running out, votes on an absent
player, pause and vacation (/game settings, pause, resume, vacation), and the turn messages
owed to a channel, posted again by the clock (gm.session.delivery)."""
from __future__ import annotations

import logging
import re
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.common import GroupCogMixin, turn_message
from cogs.common import game_master as _gm
from cogs.notify import NotifyCog
from cogs.outbox import CAPTURE, Capture, deliver_pending, post_or_hold, sink
from cogs.prompts import channel_of, send_turn
from engine.core.errors import RuleError
from gm import clock as turn_clock
from gm.i18n import t
from gm.session import GameError, Lobby, Result, Tick
from gm.store import StoreError
from gm.table import DAY, HOUR, VOTE_FALLBACK
from ui.errors import refuse
from ui.replies import PINGS, acknowledge, acknowledge_command, edit_pressed, locale_of, reply_private, reply_public
from ui.routing import cog as cog_of
from ui.text import clip, mention

log = logging.getLogger(__name__)


def _clock_cog(interaction: discord.Interaction) -> "ClockCog":
    found: ClockCog = cog_of(interaction, "ClockCog")  # this module's own cog, always loaded
    return found


def rel(ts: float) -> str:
    """A Discord relative timestamp ("in 3 hours"), shown in each reader's own time zone."""
    return f"<t:{int(ts)}:R>"


def span(seconds: float, locale: str) -> str:
    """A stretch of time in one format everywhere: days and hours, hours and minutes, or minutes."""
    minutes = int(max(0.0, seconds) // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return t(locale, "table.span_days", d=days, h=hours)
    if hours:
        return t(locale, "table.span_hours", h=hours, m=mins)
    return t(locale, "table.span_minutes", m=mins)


def clock_lines(result: Result, locale: str, now: float) -> list[str]:
    """Every person's time bank in the same words ("2 d 4 h left"); whoever is thinking now also
    gets the moment it runs out. Nothing once the game is over (the ranking shows instead)."""
    table = result.table
    if not table.timebank.enabled or isinstance(result.state, Lobby) or result.record.status != "active":
        return []
    out = []
    running = table.clock.running_for
    end = turn_clock.expiry(table, now)
    for p in result.state.players:
        if p.ai or not p.alive:
            continue
        left = turn_clock.bank(table, p.player)
        until = table.clock.vacation.get(p.player, 0)
        if p.player == running and end is not None:
            left = end - max(now, until)  # a vacation stops the clock: its days are not time left
        text = t(locale, "table.bank_line", player=p.name, left=span(left, locale))
        if p.player == running and end is not None:
            text += t(locale, "table.bank_running", when=rel(end))
        if until > now:
            text += " " + t(locale, "table.on_vacation", when=rel(until))
        out.append(text)
    vote = table.vote
    if vote is not None and result.state.has_player(vote.player):
        name = result.state.player(vote.player).name
        if vote.deadline is not None:
            out.append(t(locale, "table.vote_open_line", player=name, when=rel(vote.deadline),
                         fallback=t(locale, f"table.vote_{VOTE_FALLBACK}")))
    if table.clock.paused:
        out.insert(0, t(locale, "table.paused_line"))
    return out


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gmvote:(?P<game>[0-9]{1,18}):(?P<choice>skip|ai|remove)"
):
    def __init__(self, game: int, choice: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"gmvote:{game}:{choice}"))
        self.game, self.choice = game, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "VoteButton":
        return cls(int(match["game"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _clock_cog(interaction).on_vote(interaction, self.game, self.choice)


DYNAMIC_ITEMS = (VoteButton,)


class ClockCog(commands.Cog):
    """Runs the turn clock on a timer (settings.clock_interval; what it says is posted exactly once,
    cogs.outbox) and answers the vote buttons it posts."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.started_at = 0.0
        settings = getattr(bot, "settings", None)
        if settings is not None:
            self.ticker.change_interval(seconds=settings.clock_interval)

    async def cog_load(self) -> None:
        if hasattr(self.bot, "gm"):
            #: a turn message owed since before this moment cannot be in the hands of a press of
            #: this process: the first clock pass posts it at once (gm.session.delivery)
            self.started_at = _gm(self.bot).clock()
            self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

    @property
    def notifier(self) -> NotifyCog:
        """The cog that sends the DMs people asked for with /notify (cogs.notify)."""
        found: NotifyCog = self.bot.get_cog("NotifyCog")  # type: ignore[assignment]  # loaded with this one (bot.SHARED_COGS)
        return found

    # -- the clock loop -------------------------------------------------------------------------
    @tasks.loop(seconds=30)
    async def ticker(self) -> None:
        await self.run_clock()

    @ticker.before_loop
    async def _before(self) -> None:
        await self.bot.wait_until_ready()

    async def run_clock(self) -> list[Tick]:
        """One pass over the games whose deadline passed (also right after a restart)."""
        done: list[Tick] = []
        gm = _gm(self.bot)
        store = gm.store
        try:
            await deliver_pending(self.bot, store, self.bot.settings.default_locale)  # type: ignore[attr-defined]
            # (committed before a crash, or held for a permission, and not yet posted)
            await self.deliver_owed()  # steps committed whose turn message never reached the channel
            due = await gm.due_games()
        except StoreError as exc:  # database gone, disk full, lease lost: nothing may change
            log.warning("turn clock skipped a pass: %s", exc)
            return done
        for record in due:
            try:
                # the state change and its announcement commit together (outbox), and are
                # posted after the commit with a de-duplicating nonce: exactly once
                capture = Capture()
                token = CAPTURE.set(capture)
                try:
                    async with store.channel_lock(record.channel_id), store.transaction():
                        tick = await gm.tick_game(record.id)
                        if tick is not None:
                            await self.announce(tick)
                            await capture.enqueue(store, record.id)
                            # the outbox now carries what these steps owe the channel
                            await gm.prompt_delivered(record.channel_id, tick.result.record.id, tick.result.record.version, None)
                finally:
                    CAPTURE.reset(token)
                if tick is not None:
                    done.append(tick)
                    # posted as soon as it is committed: a long pass (hundreds of reminders due at
                    # once, a busy evening) must not hold every game's news until its end
                    await self._post_committed(record.id)
            except Exception:  # one broken game must not stop the clock for the others
                log.exception("turn clock failed for game %s", record.id)
        try:
            await deliver_pending(self.bot, store, self.bot.settings.default_locale)  # type: ignore[attr-defined]
        except StoreError as exc:
            log.warning("turn clock could not post: %s", exc)
        return done

    async def _post_committed(self, game_id: int) -> None:
        """Post what one game's clock step owes, right after its commit."""
        try:
            await deliver_pending(self.bot, _gm(self.bot).store,
                                  self.bot.settings.default_locale, game_id=game_id)  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its settings
        except StoreError as exc:  # the step stands; the pass's last delivery, or the next pass, posts it
            log.warning("turn clock could not post for game %s yet: %s", game_id, exc)

    async def deliver_owed(self) -> int:
        """Post the turn message of every game whose last committed step never got its own to
        the channel (the bot died between commit and post, or Discord refused every reply):
        the players get their buttons back without asking. Returns how many were posted."""
        gm = _gm(self.bot)
        posted = 0
        locale = self.bot.settings.default_locale  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its settings
        for record in await gm.owed_games(self.started_at):
            try:
                fresh = await gm.store.get_game(record.id)
                if fresh is None or not gm.owes(fresh, self.started_at):
                    continue
                channel = await self._channel(fresh.channel_id)
                if channel is None:  # the channel is gone: nobody is waiting there
                    await gm.prompt_delivered(fresh.channel_id, fresh.id, fresh.version, None)
                    continue
                result = Result(fresh, gm.decode(fresh))
                kwargs = await turn_message(result, locale)
                kwargs["content"] = clip(t(locale, "table.prompt_resent") + "\n" + (kwargs.get("content") or ""), 2000)
                kwargs.setdefault("allowed_mentions", PINGS)
                # the same step's message posted twice (two passes racing a slow Discord) folds into
                # one; a channel denying the bot a permission holds it, and the host is told once
                sent = await post_or_hold(
                    self.bot, channel, fresh, {"nonce": f"t{fresh.id}v{fresh.version}"[:25], **kwargs}, locale
                )
                if sent is None:
                    continue
                await gm.refusal_cleared(fresh.channel_id, fresh.id)
                await gm.prompt_delivered(fresh.channel_id, fresh.id, fresh.version, sent.id)
                posted += 1
            except discord.HTTPException as exc:  # Discord down or refusing: the next pass tries again
                log.warning("could not post the owed turn message of game %s: %s", record.id, exc)
            except Exception:  # one broken game must not stop the others
                log.exception("owed turn message of game %s failed", record.id)
        return posted

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        return await channel_of(self.bot, channel_id)

    async def announce(self, tick: Tick) -> None:
        channel = sink(tick.result.record.channel_id) or await self._channel(tick.result.record.channel_id)
        if channel is None:
            return
        locale = self.bot.settings.default_locale  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its settings
        result = tick.result
        name = result.state.player(tick.player).name if tick.player and result.state.has_player(tick.player) else "?"
        if tick.kind == "reminder":
            await channel.send(
                t(locale, "table.reminder", mention=mention(tick.player or ""), when=rel(tick.expires_at or 0)),
                allowed_mentions=PINGS,
            )
            await self.notifier.notify_dm(
                tick.player,
                t(locale, "table.reminder_dm", when=rel(tick.expires_at or 0), channel=f"<#{result.record.channel_id}>"),
            )
        elif tick.kind == "vote":
            view = discord.ui.View(timeout=None)
            for choice in ("skip", "ai", "remove"):
                view.add_item(VoteButton(result.record.id, choice, t(locale, f"table.vote_{choice}")))
            text = t(locale, "table.vote_prompt", player=name)
            vote = result.table.vote
            if vote is not None and vote.deadline is not None:
                text += "\n" + t(
                    locale, "table.vote_deadline", when=rel(vote.deadline), fallback=t(locale, f"table.vote_{VOTE_FALLBACK}")
                )
            await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions.none())
        elif tick.kind == "ai_resumed":
            # shown once the AI seats are done: a person must decide, or the game is over (a
            # long AI-only stretch goes on tick after tick without a message each time)
            pend = result.system.pending(result.state) if result.record.status == "active" else None
            if pend is None or not result.state.player(pend.player).ai:
                await channel.send(**await turn_message(result, locale))
                await self.notifier.notify_next(result, locale)
        elif tick.kind == "vote_closed":
            await self._turn_after(channel, result, locale, t(
                locale, "table.vote_closed", player=name, fallback=t(locale, f"table.vote_{VOTE_FALLBACK}")))
        else:
            await self._turn_after(channel, result, locale, t(
                locale, "table.time_ran_out", player=name, how=t(locale, f"table.policy_{result.table.timebank.policy}")))

    async def _turn_after(self, channel: Any, result: Result, locale: str, line: str) -> None:
        """The turn message headed by `line` (what the clock just did), then the next player's nudge;
        `channel` is the channel or the outbox's sink standing in for it."""
        kwargs = await turn_message(result, locale)
        kwargs["content"] = line + "\n" + (kwargs.get("content") or "")
        await channel.send(**kwargs)
        await self.notifier.notify_next(result, locale)

    async def on_vote(self, interaction: discord.Interaction, game: int, choice: str) -> None:
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            result, decided = await _gm(interaction.client).cast_vote(interaction.channel_id, interaction.user.id, game, choice)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if not decided:
            return await reply_private(interaction, t(locale, "table.vote_counted"))
        await edit_pressed(
            interaction, content=t(locale, "table.vote_decided", choice=t(locale, f"table.vote_{choice}")), view=None
        )
        await send_turn(interaction, result, locale, followup=True, digest=False)


class ClockCommands(GroupCogMixin):
    """/game subcommands of the turn clock; mixed into the /game group cog (cogs.lobby)."""

    @app_commands.command(name="settings", description="Change the time bank (host)")
    @app_commands.describe(
        bank_hours="Starting time bank per player, in hours",
        increment_hours="Hours added after each turn",
        cap_hours="Most hours a bank can hold",
        reminders="Hours before running out to remind, e.g. 24,1",
        policy="What happens when a bank runs out",
    )
    @app_commands.choices(policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "vote")])
    async def settings_cmd(
        self,
        interaction: discord.Interaction,
        bank_hours: Optional[app_commands.Range[float, 0.1, 1440.0]] = None,
        increment_hours: Optional[app_commands.Range[float, 0.0, 720.0]] = None,
        cap_hours: Optional[app_commands.Range[float, 0.1, 2880.0]] = None,
        reminders: Optional[app_commands.Range[str, 0, 60]] = None,
        policy: Optional[str] = None,
    ) -> None:
        locale = locale_of(interaction)
        changes: dict[str, Any] = {}
        try:
            if bank_hours is not None:
                changes["start"] = float(bank_hours) * HOUR
            if increment_hours is not None:
                changes["increment"] = float(increment_hours) * HOUR
            if cap_hours is not None:
                changes["cap"] = float(cap_hours) * HOUR
            if reminders is not None:
                changes["reminders"] = [float(x) * HOUR for x in reminders.replace(" ", "").split(",") if x]
            if policy is not None:
                changes["policy"] = policy
            await acknowledge_command(interaction)
            result = await _gm(interaction.client).configure(interaction.channel_id, interaction.user.id, **changes)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except ValueError:
            return await reply_private(interaction, t(locale, "error.bad_options", detail=reminders or ""))
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        tb = result.table.timebank
        await reply_public(
            interaction,
            content=t(
                locale,
                "table.settings_now",
                bank=f"{tb.start / HOUR:g}",
                inc=f"{tb.increment / HOUR:g}",
                cap=f"{tb.cap / HOUR:g}",
                reminders=", ".join(f"{r / HOUR:g}" for r in tb.reminders) or "—",
                policy=t(locale, f"table.policy_{tb.policy}"),
            )
        )

    @app_commands.command(name="pause", description="Pause the game and its clock (host)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, True)

    @app_commands.command(name="resume", description="Resume a paused game (host)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, False)

    async def _pause(self, interaction: discord.Interaction, paused: bool) -> None:
        await acknowledge_command(interaction)
        try:
            await _gm(interaction.client).pause(interaction.channel_id, interaction.user.id, paused)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        await reply_public(
            interaction,
            content=t(locale, "table.paused" if paused else "table.resumed", player=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="vacation", description="Stop your time bank for some days")
    @app_commands.describe(days="How many days (1 to 14)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14]) -> None:
        await acknowledge_command(interaction)
        try:
            await _gm(interaction.client).vacation(interaction.channel_id, interaction.user.id, float(days))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        until = _gm(interaction.client).clock() + days * DAY
        await reply_public(
            interaction,
            content=t(locale, "table.vacation_set", player=interaction.user.mention, when=rel(until)),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClockCog(bot))
