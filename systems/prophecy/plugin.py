"""Prophecy (Basic Version) as a plug-in: its engine, renderers, board picture and commands."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import ProphecyState
from gm.i18n import has, t
from systems.plugin import Character, ContentWords, RulesShelf, SystemPlugin, TableUI
from systems.prophecy.board_image import DEFAULT_LABELS, render_board
from systems.prophecy.describe import describe_action, describe_event, narrate
from systems.prophecy.embeds import end_embed, error_words, sheet_embed, status_embeds
from systems.prophecy.turn import picture_with_turn, turn_message


def characters(options: Mapping[str, Any], locale: str) -> list[Character]:
    """The pack's characters, each with its figures and guilds for choosing."""
    pack = pack_by_id(str(options.get("pack", "base")))
    out = []
    for c in pack.characters:
        guilds = " + ".join(pack.guild_name(x, locale) for x in c.guilds)
        label = t(locale, "lobby.character_choice", name=display_name(c, locale), strength=c.strength,
                  willpower=c.willpower, guilds=guilds)
        out.append(Character(id=c.id, name=display_name(c, locale), aliases=(c.id, c.name, *c.names.values()),
                             label=label[:100]))
    return out


def board_labels(locale: str) -> dict[str, str]:
    """The picture's words in the reader's language (English where a locale has none)."""
    return dict(_board_labels(locale))


@lru_cache(maxsize=None)
def _board_labels(locale: str) -> tuple[tuple[str, str], ...]:
    # looked up once per language (the catalogues are read once per process), not per picture
    return tuple((key, t(locale, f"board.{key}")) for key in DEFAULT_LABELS if has(f"board.{key}", locale))


def board_picture(state: ProphecyState, locale: str) -> bytes:
    """The board as a PNG, drawn from the spectator view the caller passes."""
    return render_board(state, pack_by_id(state.options.pack), labels=board_labels(locale))


def card_text(pack_id: str, card_id: str, locale: str) -> str:
    return pack_by_id(pack_id).card_text(card_id, locale) or ""


def space_name(pack_id: str, index: int, locale: str) -> str:
    return display_name(pack_by_id(pack_id).space(index), locale)


PLUGIN = SystemPlugin(
    engine=SYSTEM,
    title_key="commands.choices.prophecy",
    extensions=("systems.prophecy.cog",),
    table=TableUI(
        turn_message=turn_message,
        picture_with_turn=picture_with_turn,
        action_label=describe_action,
        status_embeds=status_embeds,
        sheet_embed=sheet_embed,
        end_embed=end_embed,
        describe_event=describe_event,
        narrate=narrate,
        characters=characters,
        board_picture=board_picture,
    ),
    rules=(RulesShelf("prophecy", "commands.choices.prophecy"),
           RulesShelf("prophecy_water_realm", "commands.choices.prophecy_water_realm")),
    summaries=("prophecy-basic", "prophecy-water-realm"),
    content=ContentWords(card_text=card_text, space_name=space_name),
    error_words=error_words,
)
