"""The loopback fake Discord, exercised through a real discord.py bot.

The throwaway bot below is built only for these tests; it uses each feature the game
master bot will rely on (a command group with a Member option and choices, autocomplete,
a DynamicItem button, a string select, a modal, a deferred reply with a file). Every
interaction goes through `bot.start`-equivalent start-up and the real discord.py code.
"""
from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from loopback import FakeDiscord, apply_env_redirect, run_bot
from loopback.limits import check_choices, check_message, check_send
from loopback.payloads import interaction_envelope
from loopback.testing import DiscordErrorCollector

GAME_NAMES = [f"game{n:02d}" for n in range(30)]  # more than 25: the bot must trim
REPO_ROOT = Path(__file__).resolve().parents[2]


# ====================================================================== the throwaway bot


class RollButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"roll:(?P<game>\d+):(?P<count>\d+)"):
    """A persistent button whose whole state lives in its custom_id (survives restarts)."""

    def __init__(self, game: int, count: int) -> None:
        super().__init__(
            discord.ui.Button(label="Roll", style=discord.ButtonStyle.primary, custom_id=f"roll:{game}:{count}")
        )
        self.game, self.count = game, count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> RollButton:
        return cls(int(match["game"]), int(match["count"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(RollButton(self.game, self.count + 1))
        label = interaction.client.label
        await interaction.response.edit_message(content=f"{self.count + 1} rolls, handled by {label}", view=view)


class ThemeView(discord.ui.View):
    @discord.ui.select(
        custom_id="settings:theme",
        placeholder="Theme",
        options=[discord.SelectOption(label="Dark", value="dark"), discord.SelectOption(label="Light", value="light")],
    )
    async def theme(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"theme: {select.values[0]}", view=None)


class RenameModal(discord.ui.Modal, title="Rename game"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="rename:name", max_length=30)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


def add_commands(tree: app_commands.CommandTree[Any]) -> None:
    """Fresh command objects per bot, so two bots never share state."""
    game = app_commands.Group(name="game", description="Play a game")
    admin = app_commands.Group(name="admin", description="Game administration", parent=game)

    @game.command(name="new", description="Start a game")
    @app_commands.choices(
        system=[app_commands.Choice(name="Prophecy", value="prophecy"), app_commands.Choice(name="Talisman", value="talisman")]
    )
    async def new(
        interaction: discord.Interaction[Any],
        system: app_commands.Choice[str],
        opponent: discord.Member,
        rounds: app_commands.Range[int, 1, 10] = 3,
    ) -> None:
        embed = discord.Embed(title=system.name, description=f"{interaction.user.display_name} vs {opponent.display_name}")
        embed.add_field(name="Rounds", value=str(rounds))
        view = discord.ui.View(timeout=None)
        view.add_item(RollButton(rounds, 0))
        await interaction.response.send_message(embed=embed, view=view)

    @admin.command(name="reset", description="Reset a game")
    @app_commands.checks.has_permissions(manage_channels=True)
    async def reset(interaction: discord.Interaction[Any], game_id: str) -> None:
        await interaction.response.send_message(f"reset {game_id}", ephemeral=True)

    @reset.autocomplete("game_id")
    async def reset_game_id(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        found = [name for name in GAME_NAMES if current in name]
        return [app_commands.Choice(name=f"{name} ({interaction.locale.value})", value=name) for name in found][:25]

    @tree.command(name="settings", description="Change settings")
    async def settings(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Pick a theme", view=ThemeView(), ephemeral=True)

    @tree.command(name="rename", description="Rename the game")
    async def rename(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(RenameModal())

    @tree.command(name="board", description="Show the board (slowly)")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await asyncio.sleep(0.01)
        await interaction.followup.send("the board", file=discord.File(io.BytesIO(b"#.#\n.#."), filename="board.txt"))
        await interaction.followup.send("and a second followup")

    @tree.command(name="slow", description="Post a public note, then finish the deferred reply")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        note = await interaction.channel.send("note")
        await note.edit(content="note (edited)")
        await interaction.edit_original_response(content="done")

    @tree.command(name="hello", description="Greet in the user's language")
    async def hello(interaction: discord.Interaction[Any]) -> None:
        greeting = "Ciao" if interaction.locale is discord.Locale.italian else "Hello"
        await interaction.response.send_message(f"{greeting} {interaction.user.display_name}")

    @tree.command(name="overflow", description="Send too much text, then recover")
    async def overflow(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"refused with {exc.status}/{exc.code}")

    @tree.command(name="crash", description="Raise inside a command")
    async def crash(interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("boom")

    tree.add_command(game)

    @tree.error
    async def on_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message("You need Manage Channels.", ephemeral=True)
            return
        await app_commands.CommandTree.on_error(tree, interaction, error)


class ThrowawayBot(commands.Bot):
    """A minimal bot; `label` tells which instance answered (for the restart test)."""

    def __init__(self, label: str) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, guild_ready_timeout=0.01)
        self.label = label

    async def setup_hook(self) -> None:
        self.add_dynamic_items(RollButton)
        add_commands(self.tree)
        await self.tree.sync()


# ====================================================================== fixtures


@dataclass
class Table:
    """The guild the tests play in."""

    guild: int
    channel: int
    alice: int
    bob: int
    """Bob has Manage Channels."""
    marco: int
    """Marco's client is in Italian."""


@pytest.fixture
def table(fake_discord: FakeDiscord) -> Table:
    guild = fake_discord.add_guild("Game Night")
    channel = fake_discord.add_channel(guild, "games")
    return Table(
        guild=guild,
        channel=channel,
        alice=fake_discord.add_user("alice"),
        bob=fake_discord.add_user("bob", manage_channels=True),
        marco=fake_discord.add_user("marco", locale="it"),
    )


@pytest.fixture
async def bot(fake_discord: FakeDiscord, table: Table) -> AsyncIterator[ThrowawayBot]:
    async with run_bot(ThrowawayBot("A")) as running:
        yield running


# ====================================================================== start-up


async def test_startup_syncs_schema_and_fills_the_guild_cache(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    game = fake_discord.command("game")
    new = next(o for o in game["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert options["opponent"]["type"] == 6 and options["opponent"]["required"]
    assert [c["value"] for c in options["system"]["choices"]] == ["prophecy", "talisman"]
    assert (options["rounds"]["min_value"], options["rounds"]["max_value"]) == (1, 10)
    admin = next(o for o in game["options"] if o["name"] == "admin")
    assert admin["options"][0]["options"][0]["autocomplete"] is True
    assert fake_discord.identify is not None and fake_discord.identify["intents"] & (1 << 1)
    guild = bot.get_guild(table.guild)
    assert guild is not None and guild.get_channel(table.channel) is not None
    bob = guild.get_member(table.bob)
    assert bob is not None and bob.guild_permissions.manage_channels
    assert not guild.get_member(table.alice).guild_permissions.manage_channels  # type: ignore[union-attr]  # set up by the test


async def test_http_contract_of_the_fake(fake_discord: FakeDiscord) -> None:
    """JSON content type exactly, unknown tokens, double acks and unknown routes."""
    guild = fake_discord.add_guild()
    channel = fake_discord.add_channel(guild, "general")
    user = fake_discord.add_user("carol")
    payload = interaction_envelope(fake_discord.context(user, channel), 2, {"id": "1", "name": "x", "type": 1})
    fake_discord.interactions.register(payload)
    url = f"{fake_discord.api_base}/interactions/{payload['id']}"
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake_discord.api_base}/users/@me") as me:
            assert me.headers["Content-Type"] == "application/json"
            assert (await me.json())["bot"] is True
        async with http.post(f"{url}/wrong-token/callback", json={"type": 5}) as unknown:
            assert unknown.status == 404 and (await unknown.json())["code"] == 10062
        async with http.post(f"{url}/{payload['token']}/callback?with_response=1", json={"type": 5}) as first:
            assert first.status == 200 and (await first.json())["interaction"]["response_message_loading"]
        async with http.post(f"{url}/{payload['token']}/callback", json={"type": 5}) as second:
            assert second.status == 400 and (await second.json())["code"] == 40060
        async with http.put(f"{fake_discord.api_base}/guilds/{guild}/emojis/1") as unmodelled:
            assert unmodelled.status == 404 and "not implemented" in (await unmodelled.json())["message"]
    assert [r.route for r in fake_discord.unhandled] == [f"PUT /guilds/{guild}/emojis/1"]
    assert len(fake_discord.violations) == 2  # the unknown token and the second ack
    fake_discord.violations.clear()
    fake_discord.unhandled.clear()


async def test_model_changes_reach_a_connected_bot(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    lounge = fake_discord.add_channel(table.guild, "lounge")
    carol = fake_discord.add_user("carol", manage_channels=True)
    greeted = await fake_discord.slash(bot, carol, lounge, "hello")  # queued after the model events
    assert greeted.content == "Hello Carol"
    guild = bot.get_guild(table.guild)
    assert guild is not None and guild.get_channel(lounge) is not None
    member = guild.get_member(carol)
    assert member is not None and member.guild_permissions.manage_channels


# ====================================================================== commands


async def test_slash_command_in_group_with_member_and_choice(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    result = await fake_discord.slash(
        bot, table.alice, table.channel, "game new", system="Prophecy", opponent=table.bob, rounds=5
    )
    assert result.type == 4 and not result.ephemeral
    assert result.embeds[0]["title"] == "Prophecy"
    assert result.embeds[0]["description"] == "Alice vs Bob"
    assert result.embeds[0]["fields"][0]["value"] == "5"
    assert result.message is not None and result.message.buttons[0]["custom_id"] == "roll:5:0"
    assert fake_discord.last_message(table.channel) is result.message
    callback = fake_discord.callback_for(result)
    assert callback is not None and callback.query == {"with_response": "1"} and callback.json["type"] == 4
    assert result.elapsed is not None and result.elapsed < 3
    sent = result.payload["data"]
    assert sent["options"][0]["options"][1] == {"name": "opponent", "type": 6, "value": str(table.bob)}
    assert str(table.bob) in sent["resolved"]["members"]


async def test_bad_option_values_are_refused_before_sending(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    with pytest.raises(ValueError, match="not a choice"):
        await fake_discord.slash(bot, table.alice, table.channel, "game new", system="chess", opponent=table.bob)
    with pytest.raises(ValueError, match="required"):
        await fake_discord.slash(bot, table.alice, table.channel, "game new", system="prophecy")
    with pytest.raises(ValueError, match="within"):
        await fake_discord.slash(bot, table.alice, table.channel, "game new", system="prophecy", opponent=table.bob, rounds=11)
    with pytest.raises(ValueError, match="not a leaf"):
        await fake_discord.slash(bot, table.alice, table.channel, "game admin")


async def test_autocomplete_in_nested_group_respects_the_25_limit_and_locale(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    result = await fake_discord.autocomplete(bot, table.marco, table.channel, "game admin reset", "game_id", "game")
    assert result.type == 8
    assert len(result.choices) == 25
    assert result.choice_names[0] == "game00 (it)"
    focused = result.payload["data"]["options"][0]["options"][0]["options"][0]
    assert focused == {"name": "game_id", "type": 3, "value": "game", "focused": True}


async def test_member_permissions_reach_app_command_checks(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    refused = await fake_discord.slash(bot, table.alice, table.channel, "game admin reset", game_id="game01")
    assert refused.ephemeral and refused.content == "You need Manage Channels."
    allowed = await fake_discord.slash(bot, table.bob, table.channel, "game admin reset", game_id="game01")
    assert allowed.ephemeral and allowed.content == "reset game01"


async def test_user_locale_is_sent(fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot) -> None:
    assert (await fake_discord.slash(bot, table.marco, table.channel, "hello")).content == "Ciao Marco"
    assert (await fake_discord.slash(bot, table.alice, table.channel, "hello")).content == "Hello Alice"


# ====================================================================== components and modals


async def test_dynamic_item_button_clicks_update_the_rendered_message(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    shown = await fake_discord.slash(bot, table.alice, table.channel, "game new", system="talisman", opponent=table.bob)
    first = await fake_discord.click(bot, table.bob, shown, "Roll")
    assert first.type == 7 and first.content == "1 rolls, handled by A"
    second = await fake_discord.click(bot, table.alice, shown.message, "Roll")  # clicks the re-rendered button
    assert second.content == "2 rolls, handled by A"
    assert shown.message is not None and shown.message.buttons[0]["custom_id"] == "roll:3:2"


async def test_string_select_on_an_ephemeral_message(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    shown = await fake_discord.slash(bot, table.alice, table.channel, "settings")
    assert shown.ephemeral and shown.message is not None
    assert fake_discord.messages_in(table.channel) == []  # ephemeral: not in the public history
    with pytest.raises(ValueError, match="not visible"):
        await fake_discord.select(bot, table.bob, shown.message, "Theme", "Dark")
    picked = await fake_discord.select(bot, table.alice, shown.message, "Theme", "Dark")
    assert picked.type == 7 and picked.content == "theme: dark" and picked.components == []


async def test_modal_is_shown_and_submitted(fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot) -> None:
    shown = await fake_discord.slash(bot, table.alice, table.channel, "rename")
    assert shown.modal is not None and shown.modal["title"] == "Rename game"
    submitted = await fake_discord.submit_modal(bot, shown, {"New name": "Finals"})
    assert submitted.ephemeral and submitted.content == "renamed to Finals"


async def test_unhandled_component_is_reported_as_unacked(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    shown = await fake_discord.slash(bot, table.alice, table.channel, "game new", system="talisman", opponent=table.bob)
    assert shown.message is not None
    shown.message.components[0]["components"][0]["custom_id"] = "nobody:listens"
    ignored = await fake_discord.click(bot, table.alice, shown.message, "nobody:listens")
    assert not ignored.acked
    assert [r.id for r in fake_discord.unacked()] == [ignored.id]


# ====================================================================== deferral, files, limits, errors


async def test_thinking_defer_then_followups_with_a_file(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    result = await fake_discord.slash(bot, table.alice, table.channel, "board")
    assert result.type == 5 and result.ephemeral
    first, second = result.followups
    assert first is result.message  # the first followup fills the "thinking" placeholder
    assert first.content == "the board" and first.files == {"board.txt": b"#.#\n.#."}
    assert second.content == "and a second followup" and second.ephemeral is False
    assert fake_discord.followups_for(result.token) == [first, second]
    upload = next(r for r in result.requests if r.files)
    assert upload.files[0].data == b"#.#\n.#." and upload.json["attachments"][0]["filename"] == "board.txt"
    async with aiohttp.ClientSession() as http:  # attachment URLs are served by the fake
        async with http.get(first.attachments[0].url(fake_discord.http_url)) as served:
            assert await served.read() == b"#.#\n.#."


async def test_thinking_defer_then_channel_post_edit_and_original_edit(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    since = len(fake_discord.requests)
    result = await fake_discord.slash(bot, table.alice, table.channel, "slow")
    assert result.type == 5 and result.content == "done" and not result.ephemeral
    assert result.message is not None and not result.message.loading
    original, note = fake_discord.messages_in(table.channel)  # the placeholder came first
    assert (note.content, note.edits, original) == ("note (edited)", 1, result.message)
    edit = await fake_discord.wait_for_request(lambda r: r.path.endswith("/messages/@original"), since=since)
    assert edit.method == "PATCH" and edit.json["content"] == "done"
    routes = [r.method + " " + r.path.split("/")[1] for r in fake_discord.requests[since:]]
    assert routes == ["POST interactions", "POST channels", "PATCH channels", "PATCH webhooks"]


async def test_limit_violation_gets_a_400_and_is_recorded(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot
) -> None:
    result = await fake_discord.slash(bot, table.alice, table.channel, "overflow")
    assert result.content == "refused with 400/50035"
    assert [(v.field, v.problem[:12]) for v in fake_discord.violations] == [("content", "must be 2000")]
    fake_discord.violations.clear()


async def test_swallowed_handler_exceptions_are_caught(
    fake_discord: FakeDiscord, table: Table, bot: ThrowawayBot, discord_errors: DiscordErrorCollector
) -> None:
    result = await fake_discord.slash(bot, table.alice, table.channel, "crash")
    assert not result.acked
    logged = discord_errors.take()
    assert logged and "boom" in str(logged[0].exc_info[1])  # type: ignore[index]  # set up by the test


def test_message_and_choice_limits() -> None:
    too_many_fields = {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v"}] * 26}]}
    assert [p.field for p in check_message(too_many_fields)] == ["embeds.0.fields"]
    assert [p.field for p in check_message({"embeds": [{"fields": [{"name": "n", "value": " "}]}]})] == [
        "embeds.0.fields.0.value"
    ]
    six_buttons = {"components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": str(n), "custom_id": f"b{n}"} for n in range(6)]}]}
    assert [p.field for p in check_message(six_buttons)] == ["components.0.components"]
    assert check_message({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]})[0].field == "embeds"
    assert check_message({"content": "x", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "a", "custom_id": "c" * 101}]}]})
    assert check_message({})[0].problem == "Cannot send an empty message"
    assert [p.field for p in check_choices({"choices": [{"name": "n" * 101, "value": "v"}]})] == ["choices.0.name"]


def test_blank_embed_texts_and_bad_components_are_refused() -> None:
    """What real Discord refuses beyond lengths: a blank title, description, footer or author
    name once sent, a button with neither label nor emoji, an empty custom id, select options
    without label or value or with a value used twice, more values asked than options."""
    blank = {"embeds": [{"title": " ", "description": "", "footer": {"text": ""}, "author": {"name": " "}}]}
    assert [p.field for p in check_message(blank)] == [
        "embeds.0.title", "embeds.0.description", "embeds.0.footer.text", "embeds.0.author.name"]
    assert not check_message({"embeds": [{"title": "t", "footer": {"text": "f"}, "author": {"name": "a"}}]})

    def row(*children: dict[str, Any]) -> dict[str, Any]:
        return {"content": "x", "components": [{"type": 1, "components": list(children)}]}

    assert [p.field for p in check_message(row({"type": 2, "style": 1, "custom_id": "a"}))] == ["components.0.components.0.label"]
    assert not check_message(row({"type": 2, "style": 1, "custom_id": "a", "emoji": {"name": "🎲"}}))
    assert [p.field for p in check_message(row({"type": 2, "style": 1, "label": "l", "custom_id": ""}))] == ["custom_id"]
    options = [{"label": "a", "value": "1"}, {"label": "", "value": "1"}, {"label": "c", "value": "v" * 101}]
    select = {"type": 3, "custom_id": "s", "options": options, "min_values": 1, "max_values": 4}
    assert [p.field for p in check_message(row(select))] == [
        "components.0.components.0.options.1.label", "components.0.components.0.options.1.value",
        "components.0.components.0.options.2.value", "components.0.components.0.max_values"]


def test_check_send_reads_discord_py_kwargs_as_discord_receives_them() -> None:
    """The bot's renderers are checked on the body discord.py would send for their kwargs."""
    embed = discord.Embed(title="t", description="d")
    embed.add_field(name="Artifacts", value="")
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="a", custom_id="same"))
    view.add_item(discord.ui.Button(label="b" * 81, custom_id="same"))
    problems = check_send({"content": "c" * 2001, "embed": embed, "view": view, "ephemeral": True})
    assert sorted(p.field for p in problems) == [
        "components.0.components.1.label", "content", "custom_id", "embeds.0.fields.0.value"]
    assert check_send({"content": "fine", "file": discord.File(io.BytesIO(b"x"), "a.png")}) == []


# ====================================================================== restarts and redirects


async def test_button_posted_by_bot_a_is_handled_by_restarted_bot_b(fake_discord: FakeDiscord, table: Table) -> None:
    async with run_bot(ThrowawayBot("A")) as bot_a:
        shown = await fake_discord.slash(bot_a, table.alice, table.channel, "game new", system="prophecy", opponent=table.bob)
    assert bot_a.is_closed()
    async with run_bot(ThrowawayBot("B")) as bot_b:
        clicked = await fake_discord.click(bot_b, table.bob, shown.message, "Roll")
    assert clicked.content == "1 rolls, handled by B"
    assert len(fake_discord.gateway.identifies) == 2


def test_env_redirect_patches_and_restores_discord_urls() -> None:
    before = discord.http.Route.BASE
    assert apply_env_redirect({}) is None
    redirect = apply_env_redirect({"FAKE_DISCORD": "127.0.0.1:4242"})
    assert redirect is not None
    with redirect:
        assert discord.http.Route.BASE == "http://127.0.0.1:4242/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:4242/gateway"
    assert discord.http.Route.BASE == before


SUBPROCESS_BOT = """
import logging
from loopback import apply_env_redirect
apply_env_redirect()
from tests.harness.test_fake_discord import ThrowawayBot
ThrowawayBot("subprocess").run("fake-token", log_level=logging.WARNING)
"""


async def test_subprocess_bot_driven_without_a_bot_object(fake_discord: FakeDiscord, table: Table) -> None:
    """What the `--local` console does: the bot runs elsewhere, the driver waits on HTTP."""
    env = {**os.environ, **fake_discord.env(), "PYTHONPATH": str(REPO_ROOT)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SUBPROCESS_BOT, cwd=REPO_ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        assert await fake_discord.wait_until(lambda: fake_discord.connected and bool(fake_discord.commands), 10)
        shown = await fake_discord.slash(None, table.alice, table.channel, "game new", system="prophecy", opponent=table.bob)
        clicked = await fake_discord.click(None, table.alice, shown.message, "Roll")
        assert clicked.content == "1 rolls, handled by subprocess"
    finally:
        process.kill()
        _, stderr = await process.communicate()
    assert b"Traceback" not in stderr, stderr.decode()
