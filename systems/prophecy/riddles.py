"""The cards played by talking, on Discord (Water Realm expansion: the Mad Riddler, the Scroll of
Entrancement): the named player types her description, the judges see the card in private.

Every choice is a button of the turn message (the engine's legal answers). What cannot be a
button is here:

* `/answer text:` and the "Type my answer" button, which opens a text box (a modal): the
  description of a card, accepted only from the player the game waits on, only while it waits
  for a description (the game id and state version ride on the button, so an old one is
  refused as out of date);
* the "Show me the card" button for a judge: a reply only she sees, built from her own view
  (the channel's prompt is built from the spectator view, which hides the card).

The clock is the table's: a description or a verdict is a pending decision like any other, so
the time bank, its reminders and the expiry policy apply to it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.water_realm.cards.actions import NameCard
from engine.prophecy.water_realm.cards.talk import NO, takeable
from gm.i18n import t
from gm.session import GameError, GameMaster, Lobby, Result
from systems.prophecy.names import Names
from systems.prophecy.prompt_text import card_line, listing, std_ctx
from ui.errors import refuse
from ui.modals import PersistentModal
from ui.replies import acknowledge_command, locale_of, reply_private, send_turn, typed_at
from ui.text import clip

#: the longest description taken (the engine keeps 300 characters)
TEXT_LIMIT = 300


def _gm(interaction: discord.Interaction) -> GameMaster:
    gm: GameMaster = interaction.client.gm  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its game master
    return gm


async def _found(interaction: discord.Interaction) -> Result | None:
    found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
    if found is None or isinstance(found.state, Lobby) or found.record.system != SYSTEM.name:
        return None
    return found


async def _answer(interaction: discord.Interaction, text: str, game: int | None = None, version: int | None = None) -> None:
    """Apply the description as the player's answer; the game refuses it unless it waits for one."""
    text = " ".join((text or "").split())[:TEXT_LIMIT]
    await acknowledge_command(interaction)
    found = await _found(interaction)
    pend = SYSTEM.pending(found.state) if found is not None else None
    if not text or pend is None or pend.kind != "wrc_name" or pend.player != str(interaction.user.id):
        return await reply_private(interaction, t(locale_of(interaction), "wrcards.discord.not_asked"))
    try:
        result = await _gm(interaction).act(interaction.channel_id, interaction.user.id, NameCard(text=text),  # type: ignore[arg-type]  # a command or click always comes from a channel
                                            game_id=game, version=version, created_at=typed_at(interaction))
    except (GameError, RuleError) as exc:
        return await refuse(interaction, exc)
    await send_turn(interaction, result)


class AnswerModal(PersistentModal, template=r"wrmodal:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})"):
    """The text box the "Type my answer" button opens. Its id carries the game and the state
    version it was opened at (so an answer typed on an old question is refused as out of date),
    and its submission is routed by that id (ui.modals): a restart between opening the box and
    sending it loses nothing."""

    #: the text input's custom id (fixed, so any process can read the submission)
    TEXT = "text"

    def __init__(self, locale: str, game: int, version: int) -> None:
        super().__init__(title=clip(t(locale, "wrcards.discord.modal_title"), 45), custom_id=f"wrmodal:{game}:{version}")
        self.game, self.version = game, version
        self.text: discord.ui.TextInput[AnswerModal] = discord.ui.TextInput(
            label=clip(t(locale, "wrcards.discord.modal_label"), 45), style=discord.TextStyle.paragraph, custom_id=self.TEXT,
            placeholder=clip(t(locale, "wrcards.discord.modal_placeholder"), 100), max_length=TEXT_LIMIT, required=True)
        self.add_item(self.text)

    @classmethod
    async def on_routed(cls, interaction: discord.Interaction, match: re.Match[str], values: Mapping[str, str]) -> None:
        # a box opened before this version of the bot named its input at random: its only text
        text = values[cls.TEXT] if cls.TEXT in values else next(iter(values.values()), "")
        await _answer(interaction, text, int(match["game"]), int(match["version"]))


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wrans:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
):
    def __init__(self, game: int, version: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.success,
                                           custom_id=f"wrans:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "AnswerButton":
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        found = await _found(interaction)
        pend = SYSTEM.pending(found.state) if found is not None else None
        if found is None or found.record.id != self.game or pend is None or pend.kind != "wrc_name" \
                or pend.player != str(interaction.user.id):
            return await reply_private(interaction, t(locale, "wrcards.discord.not_asked"))
        if found.record.version != self.version:  # a box opened from an old prompt could only be refused
            return await refuse(interaction, GameError("error.stale_prompt"))
        await interaction.response.send_modal(AnswerModal(locale, self.game, self.version))


class SeeCardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wrsee:(?P<game>[0-9]{1,18})"):
    def __init__(self, game: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.secondary,
                                           custom_id=f"wrsee:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "SeeCardButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await reply_private(interaction, judge_card_text(await _found(interaction), str(interaction.user.id),
                                                         locale_of(interaction), self.game))


def judge_card_text(found: Result | None, viewer: str, locale: str, game: int | None = None) -> str:
    """What a judge is shown in private: the Mad Riddler's card, or the Items of the one robbed.
    Built from her own view, which shows the card only to the judges."""
    if found is None or (game is not None and found.record.id != game):
        return t(locale, "wrcards.discord.not_judging")
    shown = found.view(viewer)
    cs = shown.standard.cards if shown.standard is not None else None
    q = cs.questions[0] if cs is not None and cs.questions else None
    if q is None or q.kind != "judge" or viewer not in q.judges:
        return t(locale, "wrcards.discord.not_judging")
    n = Names(shown, locale)
    if q.options[:1] == [NO]:
        if q.secret is None or q.secret == HIDDEN:
            return t(locale, "wrcards.discord.not_judging")
        return t(locale, "wrcards.discord.your_card", card=card_line(n, q.secret))
    victim = shown.player(q.other or "")
    items = listing([n.card(i.card) for i in takeable(std_ctx(shown), victim)], locale)
    return t(locale, "wrcards.discord.their_items", player=victim.name, items=items)


def add_buttons(view: discord.ui.View | None, pend: Any, game: int, version: int, locale: str) -> discord.ui.View | None:
    """The turn message's extra buttons: "Type my answer" while a description is awaited, "Show
    me the card" while a description is judged."""
    if pend is None or pend.kind not in ("wrc_name", "wrc_judge"):
        return view
    view = view or discord.ui.View(timeout=None)
    if pend.kind == "wrc_name":
        view.add_item(AnswerButton(game, version, t(locale, "wrcards.discord.answer_button")))
    else:
        view.add_item(SeeCardButton(game, t(locale, "wrcards.discord.see_card_button")))
    return view


class RiddleCog(commands.Cog):
    """`/answer`: a description typed for a card that asks one."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AnswerButton, SeeCardButton)
        # the game master bot answers text boxes by their ids (a bare Bot, loading the cogs
        # only to read their commands, has nothing to answer them with)
        register = getattr(self.bot, "add_persistent_modals", None)
        if register is not None:
            register(AnswerModal)

    @app_commands.command(
        name="answer", description="Describe a card a game asks you about (the Mad Riddler, the Scroll of Entrancement)"
    )
    @app_commands.describe(text="Your description, in your own words (the exact name is not needed)")
    async def answer(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, TEXT_LIMIT]) -> None:
        await _answer(interaction, text)


__all__ = ["AnswerButton", "AnswerModal", "RiddleCog", "SeeCardButton", "add_buttons", "judge_card_text"]
