"""Buttons and selects built from legal_actions, for every game system.

A system labels and colours its actions (systems/<name>/); the items here only carry where
the choice points. A custom_id carries the game id, the state version and the index of the action in
legal_actions at that version, so a click after a restart still resolves (DynamicItem
rebuilds the item from the id) and a click on an old prompt is refused as stale.

Discord shows at most 5 action rows a message (5 buttons, or one select of 25 options, each):
a prompt with more choices than that shows them in pages (ChoiceView), never dropping one.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

import discord

from gm.i18n import t
from ui.routing import cog as cog_of
from ui.text import clip

MAX_BUTTONS = 20  # 4 rows of 5, the fifth row stays free
MAX_OPTIONS = 25
#: Discord's limits on a button's label and a select option's
BUTTON_LABEL = 80
OPTION_LABEL = 100


def label_limit(count: int) -> int:
    """How long each of `count` choices' labels may be: buttons while they fit, else options."""
    return BUTTON_LABEL if count <= MAX_BUTTONS else OPTION_LABEL

#: the shared cog that answers a prompt's buttons, whatever the system (cogs.prompts)
CHOICE_COG = "PromptCog"


#: an option value a select of this bot offers: the index of an action, in plain ASCII digits
#: (`str.isdigit` also accepts "²" or "٣", which `int` refuses or reads as another number)
OPTION_VALUE = re.compile(r"[0-9]{1,4}")


def chosen_index(interaction: discord.Interaction) -> int:
    """The action index a select's one chosen option carries, or -1 for anything no select of
    this bot offers (no value, several, a forged value such as "²", "-1" or a thousand digits):
    the handler then refuses it as not belonging to the decision, and nothing changes."""
    data: Mapping[str, Any] = interaction.data or {}
    values = data.get("values")
    if not isinstance(values, list) or len(values) != 1:
        return -1
    value = values[0]
    return int(value) if isinstance(value, str) and OPTION_VALUE.fullmatch(value) else -1


async def _on_choice(interaction: discord.Interaction, game: int, version: int, index: int) -> None:
    """Route to the cog of whichever bot received the click (restarts included)."""
    cog = cog_of(interaction, CHOICE_COG)
    await cog.on_choice(interaction, game, version, index)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<index>[0-9]{1,4})",
):
    def __init__(
        self, game: int, version: int, index: int, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.primary
    ) -> None:
        super().__init__(
            discord.ui.Button(label=clip(label, BUTTON_LABEL), style=style, custom_id=f"gm:{game}:{version}:{index}")
        )
        self.game, self.version, self.index = game, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "ChoiceButton":
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _on_choice(interaction, self.game, self.version, self.index)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gms:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<part>[0-9]{1,2})",
):
    def __init__(
        self,
        game: int,
        version: int,
        part: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"gms:{game}:{version}:{part}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=placeholder,
            min_values=1,
            max_values=1,
        )
        super().__init__(select)
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "ChoiceSelect":
        options = list(getattr(item, "options", []) or [])
        return cls(int(match["game"]), int(match["version"]), int(match["part"]), options or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _on_choice(interaction, self.game, self.version, chosen_index(interaction))


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmpg:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<page>[0-9]{1,3})",
):
    """ "More…" / "Back" under a prompt with more choices than one message shows: the press
    turns the prompt to that page (PromptCog.on_page edits the pressed message's components).
    It carries the state version like a choice, so an old prompt is refused as out of date."""

    def __init__(self, game: int, version: int, page: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.secondary, custom_id=f"gmpg:{game}:{version}:{page}"
            )
        )
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "PageButton":
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog(CHOICE_COG)  # type: ignore[attr-defined]
        await cog.on_page(interaction, self.game, self.version, self.page)


#: Discord shows at most 5 action rows (of 5 buttons, or one select of 25 options). A prompt
#: keeps its fifth row for the buttons beside the choices ("Character actions", "Type my
#: answer", "Since my last turn") and, when the choices need pages, "More…" / "Back".
PAGE_SELECTS = 4
PAGE_SIZE = PAGE_SELECTS * MAX_OPTIONS
#: a choice's index is at most 4 digits in its custom id (ChoiceButton, a select's option value)
MAX_CHOICES = 10_000


class ChoiceView(discord.ui.View):
    """A prompt's choices, every one of them reachable within Discord's limits: up to
    MAX_BUTTONS buttons, else selects of 25, PAGE_SIZE options a page, with "More…" and "Back"
    turning the pages (never a choice dropped). Items added after it is built (a system's own
    buttons) stay on every page.

    The whole list of labels is kept, so `show_page` can lay out any page again; the buttons
    and options carry the choice's index in legal_actions, whichever page shows them."""

    def __init__(
        self,
        labels: list[str],
        styles: list[discord.ButtonStyle],
        game_id: int,
        version: int,
        locale: str,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(timeout=None)
        if len(labels) > MAX_CHOICES:
            raise ValueError(f"{len(labels)} choices: a custom id numbers at most {MAX_CHOICES}")
        self.labels, self.styles = list(labels), list(styles)
        self.game_id, self.version, self.locale = game_id, version, locale
        self.placeholder = placeholder or t(locale, "play.choose")
        self.page = 0
        self._lay_out(0)

    @property
    def pages(self) -> int:
        if len(self.labels) <= MAX_BUTTONS:
            return 1
        return -(-len(self.labels) // PAGE_SIZE)

    def show_page(self, page: int) -> "ChoiceView":
        """This view turned to `page` (past the end: the last page), its other items kept after the choices."""
        page = max(0, min(page, self.pages - 1))
        others = [item for item in self.children if not isinstance(item, (ChoiceButton, ChoiceSelect, PageButton))]
        self.clear_items()
        self._lay_out(page)
        for item in others:
            self.add_item(item)
        return self

    def _lay_out(self, page: int) -> None:
        self.page = page
        game, version = self.game_id, self.version
        if len(self.labels) <= MAX_BUTTONS:
            for i, (label, style) in enumerate(zip(self.labels, self.styles, strict=False)):
                self.add_item(ChoiceButton(game, version, i, label, style))
            return
        first = page * PAGE_SIZE
        shown = range(first, min(first + PAGE_SIZE, len(self.labels)))
        for part, start in enumerate(range(shown.start, shown.stop, MAX_OPTIONS)):
            options = [
                discord.SelectOption(label=clip(self.labels[i], OPTION_LABEL), value=str(i))
                for i in range(start, min(start + MAX_OPTIONS, shown.stop))
            ]
            self.add_item(ChoiceSelect(game, version, part, options, placeholder=self.placeholder))
        if page > 0:
            self.add_item(PageButton(game, version, page - 1, self._page_label("prompt.page_back", page - 1)))
        if page + 1 < self.pages:
            self.add_item(PageButton(game, version, page + 1, self._page_label("prompt.page_more", page + 1)))

    def _page_label(self, key: str, page: int) -> str:
        first = page * PAGE_SIZE
        last = min(first + PAGE_SIZE, len(self.labels))
        return t(self.locale, key, first=first + 1, last=last, total=len(self.labels))


def prompt_view(
    labels: list[str], styles: list[discord.ButtonStyle], game_id: int, version: int, locale: str, placeholder: str | None = None
) -> ChoiceView | None:
    """Buttons when the choices fit, else selects of 25, in pages when they are many (ChoiceView).
    `labels[i]` and `styles[i]` describe the i-th legal action (the index the custom id carries)."""
    if not labels:
        return None
    return ChoiceView(labels, styles, game_id, version, locale, placeholder)


class NewsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gmnews:(?P<game>[0-9]{1,18}):n"):
    """ "Since my last turn" on a turn message that opens a person's turn: the presser's own
    digest, privately, and then her live prompt (PromptCog.on_news). A private message needs an
    interaction, and this press is one she makes before answering."""

    def __init__(self, game: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.secondary, custom_id=f"gmnews:{game}:n")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "NewsButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, CHOICE_COG)
        await cog.on_news(interaction, self.game)


def add_news_button(view: discord.ui.View | None, game: int, locale: str) -> discord.ui.View | None:
    """The turn message's view with the "since my last turn" button added after the choices.
    Only beside choice buttons: a prompt of selects stays selects alone (whoever reads a
    prompt's buttons as its choices, a test or a benchmark, keeps reading it right), and
    /game status still brings the digest before the prompt there."""
    if view is None or any(
        isinstance(item, discord.ui.Select) or isinstance(getattr(item, "item", None), discord.ui.Select)
        for item in view.children
    ):
        return view
    try:
        view.add_item(NewsButton(game, t(locale, "table.news_button")))
    except ValueError:  # no room left: /game status still brings the digest before the prompt
        pass
    return view


class EndButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gmend:(?P<game>[0-9]{1,18}):(?P<confirm>[01])"):
    def __init__(self, game: int, confirm: bool, label: str = "…") -> None:
        style = discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"gmend:{game}:{int(confirm)}"))
        self.game, self.confirm = game, confirm

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "EndButton":
        return cls(int(match["game"]), match["confirm"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, "LobbyCog")
        await cog.on_end_button(interaction, self.game, self.confirm)


def end_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(game_id, True, t(locale, "lobby.end_button")))
    view.add_item(EndButton(game_id, False, t(locale, "lobby.cancel_button")))
    return view
