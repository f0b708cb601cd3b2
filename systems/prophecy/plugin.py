"""Prophecy (Basic Version) as a plug-in: its engine, renderers, board picture and commands."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import ProphecyState
from gm.i18n import has, t
from oracle.cards import lookup_only_source
from systems.plugin import CardSource, Character, ContentWords, Edition, RulesShelf, SystemPlugin, TableUI, Variant
from systems.prophecy.board_image import render_board
from systems.prophecy.board_parts import DEFAULT_LABELS
from systems.prophecy.cards import SYSTEM as BASIC
from systems.prophecy.cards import basic_card_files, basic_cards
from systems.prophecy.describe import describe_event, echo_label, may_have_private_lines, narrate, private_lines
from systems.prophecy.edition_cards import (
    STANDARD,
    WATER_REALM,
    standard_cards,
    standard_files,
    water_realm_cards,
    water_realm_files,
)
from systems.prophecy.embeds import end_embed, error_words, sheet_embed, status_embeds
from systems.prophecy.locate import locate
from systems.prophecy.turn import extra_pictures, picture_with_turn, turn_message


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


#: /game new offers the two versions as separate choices; "prophecy" alone stays the Basic game
EDITIONS = (
    Edition(key="", title_key="commands.choices.prophecy", options={"version": "basic"}),
    Edition(key="standard", title_key="commands.choices.prophecy_standard", options={"version": "standard"}),
    # the Water Realm expansion on the Standard game: every part in, the new Artifacts in
    # place of the base ones; variants leave parts out or pick the rulebook's variants
    Edition(key="water_realm", title_key="commands.choices.prophecy_water_realm_game",
            options={"version": "standard", "standard": {"expansion": {
                "new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}}},
            marks=(("standard", "expansion"),)),
)


def _standard_variant(key: str, **standard: Any) -> Variant:
    """A Standard option other than its default (each default is a ruling in
    data/prophecy/standard/rulings.yaml; the variant is that ruling's alternative)."""
    return Variant(key=key, title_key=f"variant.prophecy.{key}.title", summary_key=f"variant.prophecy.{key}.summary",
                   editions=("standard", "water_realm"), options={"standard": standard})


def _expansion_variant(key: str, **expansion: Any) -> Variant:
    """A Water Realm expansion choice (engine/prophecy/water_realm/options.py)."""
    return Variant(key=key, title_key=f"variant.prophecy.{key}.title", summary_key=f"variant.prophecy.{key}.summary",
                   editions=("water_realm",), options={"standard": {"expansion": expansion}})


VARIANTS = (
    _standard_variant("random_characters", character_choice="random"),
    _standard_variant("apocalypse", apocalypse=True),
    _standard_variant("open_adventures", second_adventure_face="up"),
    _standard_variant("oldest_creature_first", creature_order="oldest_first"),
    _standard_variant("beat_creatures_first", opportunities_after="creatures_beaten"),
    _standard_variant("greater_guardian_at_once", astral_greater_same_turn="must_continue"),
    _standard_variant("greater_guardian_later", astral_greater_same_turn="next_attack"),
    _standard_variant("public_dreams", prophetic_dream="public"),
    _standard_variant("free_final_battle", final_battle_must_attack=False),
    _standard_variant("winner_takes_item", item_given_up_goes_to="winner"),
    # the Water Realm expansion: parts left out...
    _expansion_variant("no_new_cards", new_cards=False),
    _expansion_variant("no_treasure_island", treasure_island=False),
    _expansion_variant("no_water_realm", water_realm=False),
    _expansion_variant("no_mad_riddler", mad_riddler=False),
    # ...which Artifacts ("New Artifacts", "Ten Artifacts Variant")...
    _expansion_variant("base_artifacts", artifacts="base"),
    _expansion_variant("random_artifacts", artifacts="random"),
    _expansion_variant("ten_artifacts", artifacts="ten"),
    # ...and the rulebook's "Game Variants"
    _expansion_variant("peaceloving", interaction="peaceloving"),
    _expansion_variant("aggressive", interaction="aggressive"),
    _expansion_variant("random_treasures", random_treasures=True),
    _expansion_variant("treasure_hunters", treasure_hunters=True, water_realm=False, artifacts="base"),
    _expansion_variant("lord_of_the_sea", lord_of_the_sea=True, artifacts="base"),
    # both expansion worlds need the Dragon Realm's rules, which the bot does not have
    Variant(key="both_worlds", title_key="variant.prophecy.both_worlds.title",
            summary_key="variant.prophecy.both_worlds.summary", editions=("water_realm",),
            unavailable_key="variant.prophecy.both_worlds.unavailable",
            aliases=("Dragon Realm", "Regno del Drago", "Dragon Realm expansion")),
)


PLUGIN = SystemPlugin(
    engine=SYSTEM,
    title_key="commands.choices.prophecy",
    extensions=("systems.prophecy.cog",),
    table=TableUI(
        turn_message=turn_message,
        picture_with_turn=picture_with_turn,
        action_label=echo_label,
        status_embeds=status_embeds,
        sheet_embed=sheet_embed,
        end_embed=end_embed,
        describe_event=describe_event,
        narrate=narrate,
        characters=characters,
        board_picture=board_picture,
        extra_pictures=extra_pictures,
        private_lines=private_lines,
        private_possible=may_have_private_lines,
    ),
    rules=(
        RulesShelf(BASIC, "commands.choices.prophecy",
                   documents=(("prophecy-basic-rules", "Prophecy: Basic rules"),
                              ("prophecy-basic", "Prophecy: Basic rules, project summary")),
                   mentions=("prophecy",),
                   short_names=("basic", "base")),
        RulesShelf(STANDARD, "commands.choices.prophecy_standard",
                   documents=(("prophecy-standard", "Prophecy: Standard Version, project summary"),),
                   mentions=("prophecy standard",),
                   short_names=("standard",),
                   rulings=("prophecy/standard",), game="Prophecy Standard"),
        RulesShelf(WATER_REALM, "commands.choices.prophecy_water_realm",
                   documents=(("prophecy-water-realm-expansion", "Prophecy: Water Realm expansion"),
                              ("prophecy-water-realm", "Prophecy: Water Realm, project summary")),
                   mentions=("water realm", "regno dell'acqua"),
                   short_names=("water", "acqua"),
                   rulings=tuple(f"prophecy/water_realm/{part}" for part in ("cards", "island", "artifacts", "water")),
                   game="Prophecy Water Realm"),
    ),
    pictures=("systems.prophecy.plugin", "systems.prophecy.water_realm.board"),
    summaries=("prophecy-basic", "prophecy-standard", "prophecy-water-realm"),
    content=ContentWords(card_text=card_text, space_name=space_name, locate=locate),
    # the Basic packs' cards are searched by /rules too; the Standard game's and the Water Realm's
    # are shown by /card only
    cards=(
        CardSource(BASIC, basic_cards, basic_card_files, searched=True),
        CardSource(STANDARD, lookup_only_source(STANDARD, standard_cards), standard_files),
        CardSource(WATER_REALM, lookup_only_source(WATER_REALM, water_realm_cards), water_realm_files),
    ),
    error_words=error_words,
    editions=EDITIONS,
    variants=VARIANTS,
)
