"""Darkest Talisman as a plug-in: the campaign engine, its renderers, the party picture, /campaign.

A table game of the game master, but opened with /campaign (`in_game_new=False`): /game new
does not list it. Its rulebook and the project's own summary and rulings are its /rules shelf.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.darkest_talisman.content import display_name, display_text, pack_by_id
from engine.darkest_talisman.game import SYSTEM
from gm.i18n import t
from oracle.cards import lookup_only_source
from systems.darkest_talisman.buttons import DYNAMIC_ITEMS
from systems.darkest_talisman.cards import TALISMAN, talisman_cards, talisman_files
from systems.darkest_talisman.describe import describe_action, describe_event, narrate
from systems.darkest_talisman.embeds import end_embed, sheet_embed, status_embeds
from systems.darkest_talisman.picture import render_party
from systems.darkest_talisman.turn import picture_with_turn, turn_message
from systems.plugin import CardSource, Character, RulesShelf, SystemPlugin, TableUI


def characters(options: Mapping[str, Any], locale: str) -> list[Character]:
    """The pack's characters with their figures. They are dealt at random (A3), so none can be
    picked: the list says who may arrive in the village."""
    pack = pack_by_id(str(options.get("pack", "core")))
    out = []
    for c in pack.characters:
        name = display_name(c, locale)
        label = t(locale, "talisman.character_choice", name=name, strength=c.strength, craft=c.craft, life=c.life, fate=c.fate)
        out.append(Character(id=c.id, name=name, aliases=(c.id, c.name, *c.names.values()), label=label[:100]))
    return out


def card_text(pack_id: str, card_id: str, locale: str) -> str:
    pack = pack_by_id(pack_id)
    try:
        return display_text(pack.card(card_id), locale)
    except KeyError:
        return ""


PLUGIN = SystemPlugin(
    engine=SYSTEM,
    title_key="commands.choices.darkest_talisman",
    extensions=("systems.darkest_talisman.cog",),
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
        board_picture=render_party,
    ),
    dynamic_items=DYNAMIC_ITEMS,
    rules=(RulesShelf(TALISMAN, "commands.choices.darkest_talisman",
                      documents=(("darkest-talisman-solo-coop-variant", "Darkest Talisman: solo/co-op variant"),
                                 ("darkest-talisman", "Darkest Talisman, project summary")),
                      mentions=("darkest talisman", "talisman"),
                      short_names=("campaign", "campagna"), rulings=("talisman",), game="Darkest Talisman"),),
    cards=(CardSource(TALISMAN, lookup_only_source(TALISMAN, talisman_cards), talisman_files),),
    pictures=("systems.darkest_talisman.picture",),
    summaries=("darkest-talisman",),
    in_game_new=False,
    character_choice=False,  # A3: characters are dealt at random
)
