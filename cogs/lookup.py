"""/rules, /card and /glossary: rule and card lookup for the whole group.

Thin adapter over oracle: parse -> RulesIndex -> render. The index is opened once per
process, in a thread, when the cog loads (from the cache beside the database when that is
current), so the bot does not wait for it to start; a command that arrives first waits.
Answers are private by default; "Show everyone" posts the same page to the channel. Page
buttons keep their state (page, filters, query) in the custom_id, so they work after a
restart; a query too long for a custom_id is cut at a word there (Discord allows 100).
"""
from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from gm.i18n import has, t
from gm.settings import Settings
from oracle import CardInfo, GlossaryEntry, Hit, RulesIndex, cache_path_for, open_index
from oracle.locate import Place
from oracle.text import fold
from systems import PLUGINS, edition_name, rules_shelves
from systems.plugin import ContentWords
from ui.replies import acknowledge, locale_of
from ui.routing import cog as cog_of
from ui.text import EMBEDS_TOTAL, embed_size

log = logging.getLogger(__name__)

PAGE = 3
FIELD_NAME = 256
FIELD_VALUE = 1024
TITLE = 256
CUSTOM_ID = 100
#: `RulesIndex.card_lookup` scores 100 for the name, 85-90 for a part of it; below, only a near
#: spelling was found, and /card says so
FUZZY_FOUND = 85
_QUIET = discord.AllowedMentions.none()
#: /rules system filter: every registered system's texts (and the games only the oracle knows)
SYSTEM_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str(t("en", shelf.title_key), key=shelf.title_key), value=shelf.system)
    for shelf in rules_shelves()
]
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Italiano", value="it")]


def button_id(action: str, offset: int, system: str | None, language: str | None, query: str) -> str:
    """lk:<page|share>:<offset>:<system>:<language>:<query>, the query cut to fit 100 characters."""
    head = f"lk:{action}:{offset}:{system or ''}:{language or ''}:"
    room = CUSTOM_ID - len(head)
    text = " ".join(query.split())
    if len(text) > room:
        text = text[:room].rsplit(" ", 1)[0] or text[:room]
    return head + text


class LookupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lk:(?P<action>page|share):(?P<offset>[0-9]{1,4}):(?P<system>[a-z_]*):(?P<language>[a-z]{0,2}):(?P<query>.*)",
):
    def __init__(self, action: str, offset: int, system: str | None, language: str | None, query: str,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        custom_id = button_id(action, offset, system, language, query)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.offset, self.system, self.language = action, offset, system, language
        self.query = custom_id.split(":", 5)[5]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "LookupButton":
        return cls(match["action"], int(match["offset"]), match["system"] or None, match["language"] or None,
                   match["query"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, "LookupCog")
        await cog.on_button(interaction, self.action, self.offset, self.system, self.language, self.query)


def channel_system(game: Any, known: list[str]) -> str | None:
    """The oracle's tag for the game played in a channel: its edition's own texts when the oracle
    has some ("prophecy_standard" for a Standard game of Prophecy), else its system's first shelf."""
    if game is None or game.record.system not in PLUGINS:
        return None
    edition = edition_name(game.record.system, game.record.options or {})
    if edition in known:
        return edition
    shelves = PLUGINS[game.record.system].rules
    return shelves[0].system if shelves else None


def channel_games(game: Any, known: list[str]) -> tuple[str, ...]:
    """The games a channel's answers lean to, most specific first: its edition's oracle tag, then
    its system ("prophecy_standard", "prophecy"; "darkest_talisman" for a campaign)."""
    if game is None:
        return ()
    first = channel_system(game, known)
    return tuple(dict.fromkeys(g for g in (first, game.record.system) if g))


# -- rendering ---------------------------------------------------------------------------------
def rules_embed(query: str, hits: list[Hit], offset: int, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(locale, "lookup.results_title", query=query)[:TITLE], colour=discord.Colour.dark_gold())
    for n, hit in enumerate(hits, start=offset + 1):
        heading = t(locale, "lookup.result_heading", document=_document_title(hit, locale), section=hit.section)
        tag = f"\n-# {t(locale, f'lookup.kind.{hit.kind}')} · {t(locale, f'lookup.language.{hit.language}')}"
        embed.add_field(name=f"{n}. {heading}"[:FIELD_NAME], value=hit.excerpt[: FIELD_VALUE - len(tag)] + tag, inline=False)
    embed.set_footer(text=t(locale, "lookup.page", first=offset + 1, last=offset + len(hits)))
    return embed


def _document_title(hit: Hit, locale: str) -> str:
    """A result's document as a reader names it: a card's is its game's cards (the index files
    cards under their pack's id, "Content pack base", which means nothing to a player)."""
    if hit.kind == "card" and hit.system in PLUGINS:
        return t(locale, "lookup.card_document", game=t(locale, PLUGINS[hit.system].title_key))
    return hit.title


def rules_view(query: str, offset: int, more: bool, system: str | None, language: str | None, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if offset > 0:
        view.add_item(LookupButton("page", max(0, offset - PAGE), system, language, query, t(locale, "lookup.previous")))
    if more:
        view.add_item(LookupButton("page", offset + PAGE, system, language, query, t(locale, "lookup.next")))
    view.add_item(LookupButton("share", offset, system, language, query, t(locale, "lookup.show_everyone"),
                               discord.ButtonStyle.primary))
    return view


def card_title(card: CardInfo, locale: str) -> str:
    """The card's name in the reader's language, with the English (printed) name beside it."""
    shown = card.display_name(locale)
    return shown if shown == card.name else t(locale, "lookup.card_title_translated", name=shown, english=card.name)


def card_embed(card: CardInfo, where: list[str], locale: str) -> discord.Embed:
    kind = t(locale, f"lookup.card_kind.{card.kind}")
    # the reader's language when the content has it (a Basic card's, from its pack)
    content = None if card.lookup_only else _content(card.system)
    text = (
        dict(card.texts).get(locale)
        or (content.card_text(card.pack, card.id, locale) if content is not None else "")
        or card.text
    )
    embed = discord.Embed(title=card_title(card, locale)[:TITLE], description=f"*{kind}*\n{text}"[:4000],
                          colour=discord.Colour.dark_green())
    for key, value in card.figures_in(locale)[:20]:
        embed.add_field(name=t(locale, f"lookup.figure.{key}")[:FIELD_NAME], value=value[:FIELD_VALUE], inline=True)
    if card.count > 1:
        embed.add_field(name=t(locale, "lookup.figure.copies"), value=str(card.count), inline=True)
    if card.standard_only:
        embed.add_field(name="⚠️", value=t(locale, "lookup.standard_only"), inline=False)
    if where:
        embed.add_field(name=t(locale, "lookup.where_title"), value="\n".join(where)[:FIELD_VALUE], inline=False)
    game = t(locale, "lookup.card_game", game=t(locale, f"lookup.game.{card.game}"))
    source = t(locale, "lookup.source_project" if card.source == "project" else "lookup.source_rulebook")
    embed.set_footer(text=f"{game}\n{source}")
    return embed


def _channel_game_first(cards: list[CardInfo], game: Any, known: list[str]) -> list[CardInfo]:
    """Cards sharing a name, the channel's game first: its edition's own cards, then the rest of
    its system's (a Standard game also plays the Basic cards), then the other games', in order."""
    if game is None:
        return cards
    edition = channel_system(game, known)
    return sorted(cards, key=lambda c: (c.game != edition, c.system != game.record.system))


def _content(system: str) -> ContentWords | None:
    """Names from the content packs of the system a card belongs to (None: no plug-in has them)."""
    found = PLUGINS.get(system)
    return found.content if found is not None else None


def place_lines(places: list[Place], system: str, pack_id: str, locale: str) -> list[str]:
    content = _content(system)

    def space(index: int | None) -> str:
        if index is None or content is None:
            return "?"
        return content.space_name(pack_id, index, locale)

    lines = []
    for p in places:
        if p.kind in ("deck", "discard"):
            deck = t(locale, f"lookup.deck.{p.deck}")
            lines.append(t(locale, f"lookup.where_{p.kind}", count=p.count, deck=deck))
        elif p.kind == "space":
            lines.append(t(locale, "lookup.where_space", space=space(p.space)))
        elif p.kind == "offer":
            lines.append(t(locale, "lookup.where_offer", space=space(p.space)))
        else:
            lines.append(t(locale, "lookup.where_player", player=p.player_name or p.player))
    return lines


def glossary_embed(entry: GlossaryEntry, locale: str, shared: bool = False) -> discord.Embed:
    """One glossary entry; `shared`: another game has a term of the same name, so the footer
    says whose meaning this is."""
    embed = discord.Embed(
        title=entry.term(locale)[:TITLE], description=entry.definition(locale)[:4000], colour=discord.Colour.blurple()
    )
    footer = []
    other = "en" if locale == "it" else "it"
    if other in entry.terms and entry.terms[other] != entry.term(locale):
        footer.append(t(locale, "lookup.glossary_other_language", term=entry.terms[other]))
    games = [g for g in entry.systems if has(f"lookup.game.{g}")]  # a game /card names too
    if shared and games:
        footer.append(t(locale, "lookup.card_game", game=t(locale, f"lookup.game.{games[0]}")))
    if footer:
        embed.set_footer(text="\n".join(footer))
    return embed


async def _send(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Answer, or follow up when the interaction was deferred while the index was built."""
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


# -- the cog ---------------------------------------------------------------------------------
class LookupCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._ready: asyncio.Task[RulesIndex] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LookupButton)
        settings = getattr(self.bot, "settings", None)
        if settings is None or settings.rules_index_warmup:
            self._ready = asyncio.create_task(asyncio.to_thread(self._open))

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LookupButton)
        if self._ready is not None and not self._ready.done():
            self._ready.cancel()

    def _open(self) -> RulesIndex:
        settings = getattr(self.bot, "settings", None) or Settings()
        index = open_index(settings.rulebooks_dir, cache_path_for(settings.database_path))
        log.info("rules index %s: %s", "built" if index.rebuilt else "loaded from cache", index.counts())
        for problem in index.problems:  # e.g. no rulebooks in RULEBOOKS_DIR: /rules answers from summaries only
            log.warning("rules index: %s (RULEBOOKS_DIR=%s)", problem, settings.rulebooks_dir)
        return index

    async def index(self) -> RulesIndex:
        if self._ready is None:
            self._ready = asyncio.create_task(asyncio.to_thread(self._open))
        return await asyncio.shield(self._ready)

    async def _index_for(self, interaction: discord.Interaction, *, component: bool = False) -> RulesIndex:
        """The index for a command; while it is still being built the interaction is deferred
        first, since Discord drops an interaction not answered within 3 seconds and a cold
        build (no cache yet, or a busy machine) can take longer."""
        index = self._index_now()
        if index is not None:
            return index
        if interaction.response.is_done():  # a page turn, acknowledged already
            pass
        elif component:
            await interaction.response.defer()  # keeps the message as it is until the answer
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        return await self.index()

    def _index_now(self) -> RulesIndex | None:
        """The index if it is ready (autocomplete must answer at once, never wait)."""
        if self._ready is None:  # not warmed up at start: begin now, answer next time
            self._ready = asyncio.create_task(asyncio.to_thread(self._open))
        if self._ready is not None and self._ready.done() and not self._ready.cancelled() and not self._ready.exception():
            return self._ready.result()
        return None

    async def _game(self, channel_id: int | None) -> Any:
        gm = getattr(self.bot, "gm", None)
        if gm is None or channel_id is None:
            return None
        try:
            return await gm.latest(channel_id)
        except Exception:  # a lookup must not fail because of the game store
            log.exception("could not read the game of channel %s", channel_id)
            return None

    # -- /rules ------------------------------------------------------------------------------
    @app_commands.command(name="rules", description="Look up the rules: a question or a section title")
    @app_commands.describe(query="Your question, or a section title", system="Only this game's texts",
                           language="Only texts in this language")
    @app_commands.choices(system=SYSTEM_CHOICES, language=LANGUAGE_CHOICES)
    async def rules(self, interaction: discord.Interaction, query: str,
                    system: Optional[str] = None, language: Optional[str] = None) -> None:
        await self._send_page(interaction, query, 0, system, language, public=False, edit=False)

    @rules.autocomplete("query")
    async def _rules_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        index = self._index_now()
        if index is None:
            return []
        ns = interaction.namespace
        titles = index.autocomplete_sections(current, system=getattr(ns, "system", None), language=getattr(ns, "language", None))
        return [app_commands.Choice(name=title, value=title) for title in titles]

    async def _send_page(self, interaction: discord.Interaction, query: str, offset: int, system: str | None,
                         language: str | None, public: bool, edit: bool) -> None:
        locale = locale_of(interaction)
        if edit:  # a page turn: acknowledged first (a deferred update), the message edited after the search
            await acknowledge(interaction)
        index = await self._index_for(interaction, component=public or edit)
        if offset == 0 and not public and not edit and index.lists_rulings(query):
            await self._send_rulings(interaction, index, locale)  # "/rules rulings": the whole list
            return
        prefer = None
        if system is None:
            prefer = channel_system(await self._game(interaction.channel_id), index.systems())
        hits = index.search(query, system=system, language=language, limit=PAGE + 1, offset=offset,
                            prefer_system=prefer, prefer_language=locale)
        page, more = hits[:PAGE], len(hits) > PAGE
        if not page:
            text = t(locale, "lookup.no_results" if offset == 0 else "lookup.no_more", query=query)
            await _send(interaction, content=text[:2000], ephemeral=True)
            return
        embed = rules_embed(query, page, offset, locale)
        if public:
            embed.description = t(locale, "lookup.shared_by", user=interaction.user.display_name)
            await _send(interaction, embed=embed, ephemeral=False, allowed_mentions=_QUIET)
            return
        view = rules_view(query, offset, more, system, language, locale)
        if edit and interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        elif edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await _send(interaction, embed=embed, view=view, ephemeral=True)

    async def on_button(self, interaction: discord.Interaction, action: str, offset: int,
                        system: str | None, language: str | None, query: str) -> None:
        # the filters ride on the button: one no /rules choice offers was forged, not chosen
        if (system is not None and system not in {c.value for c in SYSTEM_CHOICES}) \
                or (language is not None and language not in {c.value for c in LANGUAGE_CHOICES}):
            return await _send(interaction, content=t(locale_of(interaction), "safety.unknown_button"), ephemeral=True)
        await self._send_page(interaction, query, offset, system, language, public=action == "share", edit=action == "page")

    # -- /card -------------------------------------------------------------------------------
    @app_commands.command(name="card", description="Show a card: its figures, its effects and where it is in this game")
    @app_commands.describe(name="The card's name (typos are fine)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        locale = locale_of(interaction)
        index = await self._index_for(interaction)
        found = index.card_lookup(name)
        if not found:
            await _send(interaction, content=t(locale, "lookup.card_not_found", name=name)[:2000], ephemeral=True)
            return
        game = await self._game(interaction.channel_id)
        best = _channel_game_first([h.card for h in found if h.score == found[0].score], game, index.systems())
        embeds = [card_embed(c, self._where(c, game, locale), locale) for c in best[:3]]
        others = sorted({h.card.display_name(locale) for h in found if h.card.name not in {c.name for c in best}})
        content = t(locale, "lookup.did_you_mean", names=", ".join(others)) if others and found[0].score < 100 else None
        if found[0].score < FUZZY_FOUND:
            # only a near spelling was found: say so, rather than show another card as if asked for
            closest = t(locale, "lookup.card_closest", name=name, card=best[0].display_name(locale))
            content = closest + ("\n" + content if content else "")
        await _send(interaction, content=content, embeds=embeds, ephemeral=True)

    def _where(self, card: CardInfo, game: Any, locale: str) -> list[str]:
        if game is None:
            return [t(locale, "lookup.no_game")]
        if card.lookup_only:  # positions are read from the Basic game's state only
            return [t(locale, "lookup.where_basic_only")]
        if game.record.system != card.system:
            return [t(locale, "lookup.no_game")]
        state = game.state
        if getattr(getattr(state, "options", None), "pack", None) != card.pack:
            return [t(locale, "lookup.where_nowhere")]
        content = _content(card.system)
        if content is None or content.locate is None:
            return [t(locale, "lookup.where_nowhere")]
        lines = place_lines(content.locate(state, card.id, card.kind), card.system, card.pack, locale)
        return lines or [t(locale, "lookup.where_nowhere")]

    @card.autocomplete("name")
    async def _card_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        index = self._index_now()
        if index is None:
            return []
        return [app_commands.Choice(name=n, value=n) for n in index.autocomplete_cards(current, locale=locale_of(interaction))]

    # -- /glossary ---------------------------------------------------------------------------
    @app_commands.command(name="glossary", description="Explain a game term, in English or Italian")
    @app_commands.describe(term="The term, in English or Italian")
    async def glossary(self, interaction: discord.Interaction, term: str) -> None:
        locale = locale_of(interaction)
        index = await self._index_for(interaction)
        # the channel's game first: a campaign channel's "Strength" is Talisman's, not Prophecy's
        prefer = channel_games(await self._game(interaction.channel_id), index.systems())
        found = index.glossary(term, limit=3, prefer=prefer)
        if not found:
            await _send(interaction, content=t(locale, "lookup.glossary_not_found", term=term)[:2000], ephemeral=True)
            return
        best = found[0]
        names = {fold(n) for n in best.names()}
        shared = any(e.id != best.id and names & {fold(n) for n in e.names()} for e in found[1:])
        await _send(interaction, embed=glossary_embed(best, locale, shared), ephemeral=True)

    @glossary.autocomplete("term")
    async def _glossary_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        index = self._index_now()
        if index is None:
            return []
        return [app_commands.Choice(name=n, value=n) for n in index.autocomplete_glossary(current, locale_of(interaction))]


    # -- /rulings ----------------------------------------------------------------------------
    @app_commands.command(name="rulings", description="List this bot's rulings where a game's rules are silent")
    async def rulings(self, interaction: discord.Interaction) -> None:
        await self._send_rulings(interaction, await self._index_for(interaction), locale_of(interaction))

    async def _send_rulings(self, interaction: discord.Interaction, index: RulesIndex, locale: str) -> None:
        found = index.rulings(locale)
        if not found:
            await _send(interaction, content=t(locale, "lookup.no_rulings"), ephemeral=True)
            return
        # Discord takes at most 6000 characters of embeds in one message: the lists go in as few
        # messages as hold them
        batch: list[discord.Embed] = []
        for embed in rulings_embeds(found, locale):
            if batch and sum(embed_size(e) for e in [*batch, embed]) > EMBEDS_TOTAL:
                await _send(interaction, embeds=batch, ephemeral=True)
                batch = []
            batch.append(embed)
        await _send(interaction, embeds=batch, ephemeral=True)


def rulings_embeds(found: list[tuple[str, str, str]], locale: str) -> list[discord.Embed]:
    """One embed per rulings file: every ruling's title, in order, within Discord's limits (the
    text of each is one `/rules` away, so a long list stays readable)."""
    by_heading: dict[str, list[str]] = {}
    for heading, title, _ in found:
        by_heading.setdefault(heading, []).append(f"• {title}")
    embeds = []
    for heading, lines in list(by_heading.items())[:9]:
        shown: list[str] = []
        for line in lines:  # the first ones that fit: the list reads in the file's order
            if sum(len(x) + 1 for x in shown) + len(line) > 3900:
                break
            shown.append(line)
        embed = discord.Embed(title=heading[:TITLE], description="\n".join(shown), colour=discord.Colour.dark_gold())
        embed.set_footer(text=t(locale, "lookup.rulings_footer"))
        embeds.append(embed)
    return embeds


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LookupCog(bot))
