"""What a game system plugs into the bot: one record per system, registered in systems/__init__.py.

The shared cogs (/game, /rules, /roll, /me, /help...), the game master and the rules oracle
know no system by name: they look the record's system up in the registry and call what its
plug-in supplies, or read what it says (its /rules shelves, its cards). A system brings one
folder per layer (engine/<name>/ for the rules, data/ for its content, packs/<name>/ for its
content readers, systems/<name>/ for its Discord side and its oracle cards) and one line in the
registry: docs/adding-a-system.md.

A system played at a table through /game (its engine's `table_game`; `table` is set) keeps the
state shape the shared table code reads: `players` (each with `player`, `name`, `ai`,
`alive`), `has_player(id)`, `player(id)`, `name_of(id)` (the name a person sits under, or sat
under before their seat went to someone else; None for someone never seated), `round`,
`winner` and `status`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import discord

from engine.core.events import Event
from engine.core.system import GameSystem

if TYPE_CHECKING:  # annotations only: gm imports no system, and systems import gm lazily
    from gm.session import Result
    from oracle.cards import CardInfo
    from oracle.locate import Place


@dataclass(frozen=True)
class RulesShelf:
    """A set of texts the rules oracle files under one system tag, offered as a /rules filter."""

    #: the oracle's tag for these texts (oracle/sources.py files documents under it)
    system: str
    #: locale key of the filter's title (shown in the /rules choice, in the reader's language)
    title_key: str
    #: its documents, (file-name prefix, title): a rulebook in the rulebook folder or a summary in
    #: data/rules/ whose name starts with the prefix is filed here (the longest prefix wins)
    documents: tuple[tuple[str, str], ...] = ()
    #: the game's names as players write them in a question ("water realm", "regno dell'acqua"):
    #: a question naming the game prefers its texts, and the name is not searched as a word
    mentions: tuple[str, ...] = ()
    #: the short forms players also call the game by ("standard", "water", "campaign"): they name
    #: it only when the question holds none of the full names above. Being everyday words as well
    #: ("base", "orders"), they are no system names for the layout checks
    short_names: tuple[str, ...] = ()
    #: folders under data/ whose rulings.yaml holds this game's rulings ("prophecy/standard")
    rulings: tuple[str, ...] = ()
    #: the game's name as players say it, in the heading of its rulings ("Prophecy Standard")
    game: str = ""


@dataclass(frozen=True)
class CardSource:
    """Cards of a system's content for the rules oracle: /card shows them all, /rules also
    searches the `searched` ones. The loader turns the engine's content into `CardInfo`."""

    #: the oracle's tag of the game the cards belong to (a shelf's `system`)
    game: str
    #: (data/ folder, refs already taken) -> (the cards, each with a ref none of the taken has;
    #: one message per part that failed to load: a broken file costs /card that part, no more)
    load: Callable[[Path, set[str]], tuple[list["CardInfo"], list[str]]]
    #: (data/ folder) -> the files the cards are read from, in a stable order: they join the
    #: index's fingerprint, so editing one rebuilds the cached index
    files: Callable[[Path], list[Path]]
    #: searched by /rules too (False: shown by /card and its autocomplete only)
    searched: bool = False


@dataclass(frozen=True)
class Character:
    """One character a person may pick with /game join."""

    id: str
    #: the name in the reader's language
    name: str
    #: every name it answers to (ids, names in every language), for typed and fuzzy matches
    aliases: tuple[str, ...]
    #: the autocomplete line: the name with what matters for choosing (at most 100 characters)
    label: str


@dataclass
class TurnMessage:
    """A system's turn message: what just happened and the next decision, with its buttons.

    The shared code adds the host-change line, the allowed mentions and the board picture
    (drawn off the reply path, see cogs.common), so a system only says whether one belongs.
    Built from the spectator view: it is posted in the channel.
    """

    content: str
    embeds: list[discord.Embed]
    view: discord.ui.View | None = None
    #: the board picture rides along on the first embed (e.g. when the turn passed)
    picture: bool = False
    #: further pictures, (file name, PNG or a ui.pictures.Drawing to draw it), shown on the
    #: last embed (the Water Realm's board while someone is in it); a message with one waits
    #: for its board picture. A Drawing is drawn (off the loop, cached) only when sent.
    extra_pictures: list[tuple[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class TableUI:
    """The renderers of a system played at a table through /game. Each takes the state as the
    reader may see it (an engine view, never the full state) unless it says otherwise."""

    #: (result, locale) -> the turn message, built from `result.view(None)`
    turn_message: Callable[["Result", str], TurnMessage]
    #: (result) -> whether this result's turn message shows the board picture; asked before
    #: building the message, so the picture starts drawing first
    picture_with_turn: Callable[["Result"], bool]
    #: (state, actor, action, locale) -> an action in words, as on its button
    action_label: Callable[[Any, str, Any, str], str]
    #: (state, game id, locale, record status) -> /game status embeds (board, characters)
    status_embeds: Callable[[Any, int, str, str], list[discord.Embed]]
    #: (state, player state, locale) -> the private character sheet of /me
    sheet_embed: Callable[[Any, Any, str], discord.Embed]
    #: (state, locale) -> the final ranking
    end_embed: Callable[[Any, str], discord.Embed]
    #: (state, event, locale) -> one event in words (None: nothing to say)
    describe_event: Callable[[Any, Event, str], str | None]
    #: (state, events, locale) -> the events in words, as the log and the narration show them
    narrate: Callable[[Any, list[Event], str], list[str]]
    #: (lobby options, locale) -> the characters /game join offers
    characters: Callable[[Mapping[str, Any], str], list[Character]]
    #: (state, locale) -> the board picture as PNG bytes, from the spectator view (None: no picture)
    board_picture: Callable[[Any, str], bytes] | None = None
    #: (result, locale) -> the further pictures its turn message will carry, as TurnMessage's
    #: `extra_pictures`: asked right after the commit, so they draw while the message is built
    #: (None: the system has none)
    extra_pictures: Callable[["Result", str], list[tuple[str, Any]]] | None = None
    #: (the actor's own view, events of their step, locale) -> what only they learned (a card seen
    #: in secret), sent to them alone right after their press (None: nothing is ever private)
    private_lines: Callable[[Any, list[Event], str], list[str]] | None = None
    #: (the game's own state, the actor, events of their step) -> whether `private_lines` could
    #: find anything in them: the actor's view (a whole copy of the game) is built only then
    #: (None: always built)
    private_possible: Callable[[Any, str, list[Event]], bool] | None = None


@dataclass(frozen=True)
class ContentWords:
    """Names from a system's content packs, for /card (its text, where a copy lies)."""

    #: (pack id, card id, locale) -> the card's text in the reader's language ("" if none)
    card_text: Callable[[str, str, str], str]
    #: (pack id, space index, locale) -> the board space's name in the reader's language
    space_name: Callable[[str, int, str], str]
    #: (game state, card id, card kind) -> where the card is in that game (None: /card does not say)
    locate: Callable[[Any, str, str], list["Place"]] | None = None


@dataclass(frozen=True)
class Edition:
    """One way to play a system that /game new offers as its own choice (Prophecy Basic, Standard)."""

    #: the choice's value after the system's name ("prophecy:standard"); "" for the plain system
    key: str
    #: locale key of the choice's title
    title_key: str
    #: the game options this edition starts from
    options: Mapping[str, Any] = field(default_factory=dict)
    #: option paths present (not None) exactly in a game of this edition: they tell a stored
    #: game's edition apart when its options no longer equal the edition's own (variants)
    marks: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Variant:
    """An optional rule a table may switch on at /game new (random characters, Apocalypse...)."""

    key: str
    #: locale key of its name (autocomplete) and of its one-line own-words summary (lobby, /help)
    title_key: str
    summary_key: str
    #: the editions it belongs to (their keys)
    editions: tuple[str, ...]
    #: merged into the edition's options, nested dictionaries key by key
    options: Mapping[str, Any] = field(default_factory=dict)
    #: set for a rule the bot cannot offer: never listed or completed; naming it is refused with
    #: this locale key's explanation (both expansion worlds need the Dragon Realm rules)
    unavailable_key: str | None = None
    #: other names players type for it, in any language ("Dragon Realm" for both worlds)
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SystemPlugin:
    """Everything one game system brings to the bot."""

    #: the rules: new_game/apply/legal_actions/pending/view... (pure, no discord)
    engine: GameSystem
    #: locale key of the system's title (the /game new choice, the history list)
    title_key: str
    #: discord.py extensions (modules with `setup`) that add the system's own cogs and commands
    extensions: tuple[str, ...]
    #: renderers for a table game (required when its engine is one: `table_game`)
    table: TableUI | None = None
    #: the system's persistent buttons/selects, registered on every start
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    #: /rules filters for its texts (its rulebooks and expansions)
    rules: tuple[RulesShelf, ...] = ()
    #: its own-words summaries in data/rules/ (file stems: "<stem>.<language>.md")
    summaries: tuple[str, ...] = ()
    #: names from its content packs for /card (None: no cards on a board)
    content: ContentWords | None = None
    #: the modules whose functions draw its pictures (board, party): the drawing processes import
    #: them ahead of the first picture (ui/pictures.py)
    pictures: tuple[str, ...] = ()
    #: its cards for the rules oracle (/card, and /rules for the searched ones), in the order listed
    cards: tuple[CardSource, ...] = ()
    #: a refusal's parameter in words: (key, value, locale) -> text, None when not its own
    error_words: Callable[[str, Any, str], str | None] | None = field(default=None)
    #: offered by /game new (False: the system opens its tables with its own command, e.g. /campaign)
    in_game_new: bool = True
    #: players pick their character when they join (False: the game deals them, e.g. a campaign)
    character_choice: bool = True
    #: the editions /game new offers as separate choices (none: one choice, the plain system)
    editions: tuple[Edition, ...] = ()
    #: the optional rules /game new offers for its editions
    variants: tuple[Variant, ...] = ()

    @property
    def name(self) -> str:
        """The stored games' `system` (the engine's name)."""
        return self.engine.name

    @property
    def table_game(self) -> bool:
        """Offered by /game new and played at a table (lobby, seats, turns, clock) through the
        game master: the engine says so, the plug-in brings the renderers."""
        return bool(getattr(self.engine, "table_game", False))
