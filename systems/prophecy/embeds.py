"""Prophecy's embeds: state and events -> what people see in the channel (prompt, narration,
sheet, status, final ranking). Discord's limits are respected through ui.text.

A Standard game (`state.standard` set) shows more: the Astral Planes as far as the reader may
know them, the Artifacts held and lying on the board, the Abilities on offer, the Final Battle;
the sheet lists Abilities and Artifacts with what they do; the ranking tells how the game was
won. Everything is drawn from the view the caller passes (a seat's or a spectator's): a card
face down on a plane is named only when that view holds its name, and a raw state is read as
a spectator would see it."""
from __future__ import annotations

from typing import Any

import discord

from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.content_standard import Ability, Artifact, Guardian, StandardPack
from engine.prophecy.standard import powers
from engine.prophecy.standard.state import HIDDEN, SLOTS, PlaneState, StdPlayer
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards.content import wr_cards
from gm.i18n import has, t
from gm.session import Step
from systems.prophecy.describe import describe_action, narrate
from systems.prophecy.names import Names
from systems.prophecy.water_realm import describe_cards as describe_wr_cards
from systems.prophecy.water_realm import describe_island, describe_water
from ui.text import clip, clip_lines, mention

DESC_LIMIT = 4000
FIELD_LIMIT = 1000
COLOUR_TURN = discord.Colour.blurple()
COLOUR_NARRATION = discord.Colour.dark_teal()
COLOUR_END = discord.Colour.gold()


def cubes(filled: int, empty: int) -> str:
    return "■" * filled + "□" * empty


def narration_embed(state: ProphecyState, steps: list[Step], locale: str, limit: int = DESC_LIMIT) -> discord.Embed | None:
    """What happened, most recent lines kept when it is long (`limit` leaves room for the prompt)."""
    lines: list[str] = []
    for step in steps:
        lines.extend(narrate(state, step.events, locale))
    if not lines:
        return None
    return discord.Embed(description=clip_lines(lines, max(200, min(limit, DESC_LIMIT))), colour=COLOUR_NARRATION)


def sheet_lines(state: ProphecyState, p: PlayerState, locale: str) -> str:
    n = Names(state, locale)
    if not p.alive:
        return t(locale, "sheet.dead")
    items = ", ".join(n.card(i.card) + (f" ({t(locale, 'sheet.damaged')})" if i.damaged else "") for i in p.items)
    sp = standard_pack(state)
    if sp is not None and not p.character:
        return _choosing_line(state, p, locale)
    if sp is not None:
        return "\n".join(_std_sheet_lines(state, sp, p, items, locale))
    certs = ", ".join(n.guild(g) for g in p.certificates) or t(locale, "sheet.no_certificates")
    return "\n".join([
        f"❤️ {t(locale, 'sheet.health')} {cubes(p.red.right, p.red.left)} ({t(locale, 'sheet.strength')} {p.strength})",
        f"🔷 {t(locale, 'sheet.magic')} {cubes(p.blue.right, p.blue.left)} ({t(locale, 'sheet.willpower')} {p.willpower})",
        f"💰 {p.gold} {t(locale, 'sheet.gold')} · ✨ {p.experience} {t(locale, 'sheet.experience')} · 📍 {n.space_at(p.space)}",
        f"🎒 {items or t(locale, 'sheet.no_items')}",
        f"📜 {len(p.certificates)}/5: {certs}",
    ])


def sheet_embed(state: ProphecyState, p: PlayerState, locale: str) -> discord.Embed:
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "play.sheet_title", player=p.name, character=_character(n, p, locale)),
                      description=clip(sheet_lines(state, p, locale), DESC_LIMIT), colour=COLOUR_TURN)
    sp = standard_pack(state)
    if sp is not None and p.alive:
        for name, value in [f for f in _std_sheet_fields(state, sp, p, locale) if f[1].strip()][:25]:
            e.add_field(name=clip(name, 256), value=clip(value, FIELD_LIMIT), inline=False)
    return e


def prompt_parts(state: ProphecyState, locale: str) -> tuple[str, discord.Embed]:
    """The ping line and the 'whose turn, what to decide' embed.

    The embed carries everything the decision needs (a player may come back hours later and
    decide from it alone): where each move leads and what waits there, the Creature's figures,
    rules, battles with costs and odds, the throw decision's odds, the Items a card may take.
    """
    from engine.prophecy.rules import legal_actions, pending
    from systems.prophecy import prompt_text
    n = Names(state, locale)
    if state.status == "finished":
        return "", end_embed(state, locale)
    assert state.turn is not None
    pend = pending(state)
    who = state.player(pend.player) if pend is not None else state.player(state.turn.player)
    turn_p = state.player(state.turn.player)
    card = None
    adv = None
    if state.turn.fight:
        adv = next((a for a in state.spaces[turn_p.space] if a.uid == state.turn.fight), None)
        card = n.card(adv.card) if adv else "?"
    kind = pend.kind if pend is not None else state.turn.phase
    if kind == "choose_item":
        choice = state.turn.item_choices[0]
        key = "prompt.decide_choose_item_damage" if choice.mode == "damage" else "prompt.decide_choose_item"
        what = t(locale, key, card=n.card(choice.reason))
    elif kind == "throw" and state.turn.battle is not None:
        b = state.turn.battle
        what = t(locale, "prompt.decide_throw", done=b.rolls, lives=b.lives, card=card,
                 item=n.item_uid(b.weapon) if b.weapon else "?")
    else:
        what = t(locale, f"play.decide_{state.turn.phase}", card=card)
    content = t(locale, "play.your_turn", mention=mention(who.player), what=what)
    e = discord.Embed(title=t(locale, "play.title", round=state.round, player=turn_p.name), colour=COLOUR_TURN)
    e.description = clip(sheet_lines(state, who, locale), DESC_LIMIT)
    fields: list[tuple[str, str]] = []
    if kind == "fight" and adv is not None and card is not None:
        text = n.card_text(adv.card)
        if text:
            fields.append((card, text))
        fields.extend(prompt_text.creature_fields(state, who.player, locale))
    elif kind == "throw":
        fields.extend(prompt_text.throw_fields(state, locale))
    elif kind == "move":
        lines = []
        for a in legal_actions(state, who.player):
            if isinstance(a, prophecy_actions.Move):
                label = describe_action(state, who.player, a, locale, with_odds=False)
                lines.append(prompt_text.destination_line(state, who.player, a, locale, label))
        for i, chunk in enumerate(_chunks(lines, FIELD_LIMIT)):
            fields.append((t(locale, "prompt.destinations" if i == 0 else "prompt.destinations_more"), chunk))
    for name, value in fields[:20]:
        e.add_field(name=clip(name, 256), value=clip(value, FIELD_LIMIT), inline=False)
    return content, e


def _chunks(lines: list[str], limit: int) -> list[str]:
    """Lines packed into texts of at most `limit` characters (a longer line is clipped)."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def end_embed(state: ProphecyState, locale: str) -> discord.Embed:
    n = Names(state, locale)
    title = t(locale, "play.winner", player=n.player(state.winner)) if state.winner else t(locale, "std_sheet.end.nobody")
    e = discord.Embed(title=title, colour=COLOUR_END)
    if state.standard is not None:
        reason = f"std_sheet.end.reason.{state.end_reason}"
        if has(reason, locale):
            e.description = t(locale, reason, player=n.player(state.winner))
        e.add_field(name=t(locale, "play.ranking"), value=clip("\n".join(_std_rank_lines(state, locale)), FIELD_LIMIT),
                    inline=False)
        e.set_footer(text=t(locale, "std_sheet.end.order"))
        return e
    e.add_field(name=t(locale, "play.ranking"), value=clip("\n".join(_basic_rank_lines(state, n, locale)), FIELD_LIMIT),
                inline=False)
    return e


def _basic_rank_lines(state: ProphecyState, n: Names, locale: str) -> list[str]:
    """The Basic ranking: by Certificates (the rulebook's "End of the Game"). A game ended by the
    round limit was won on this bot's tie-breaks (Experience, then Gold), so each line shows
    those too: otherwise a winner with as many Certificates as the next looks picked at random."""
    tiebreak = state.end_reason == "round_limit"
    out = []
    for r in state.ranking:
        line = t(locale, "play.rank_line", place=r.place, player=n.player(r.player), certificates=r.certificates,
                 dead="" if r.alive else t(locale, "play.dead_mark"))
        if tiebreak:
            p = state.player(r.player)
            line += t(locale, "play.rank_tiebreak", experience=p.experience, gold=p.gold)
        out.append(line)
    return out


def board_lines(state: ProphecyState, locale: str) -> list[str]:
    n = Names(state, locale)
    pack = n.pack
    lines = []
    for i, space in enumerate(pack.board.spaces):
        marks = ("⚓" if space.port else "") + ("🌀" if space.gate else "")
        here = [p.name for p in state.players if p.space == i and p.alive and p.board == "main"]
        # a face-down card is only "a card" (the view has hidden its name anyway)
        cards = [n.card(a.card) if a.face_up else t(locale, "std_sheet.face_down_card") for a in state.spaces[i]]
        if not here and not cards and not marks:
            continue
        extra = []
        if cards:
            extra.append("🃏 " + ", ".join(cards))
        if here:
            extra.append("👤 " + ", ".join(here))
        lines.append(f"**{n.space_at(i)}** {marks} " + " · ".join(extra))
    for space_id, offer in state.offers.items():
        if offer:
            lines.append(t(locale, "status.offers", space=n.space(space_id), items=", ".join(n.card(i.card) for i in offer)))
    return lines


#: every symbol /game status draws, with the locale key that names it (shown as the legend)
STATUS_LEGEND = (("❤️", "sheet.health"), ("🔷", "sheet.magic"), ("■", "table.legend_cube_on"), ("□", "table.legend_cube_off"),
                 ("💰", "sheet.gold"), ("✨", "sheet.experience"), ("📍", "sheet.space"), ("🎒", "sheet.items"),
                 ("📜", "sheet.certificates"), ("💀", "table.legend_dead"), ("⚓", "table.legend_port"),
                 ("🌀", "table.legend_gate"), ("🃏", "table.legend_cards"), ("👤", "table.legend_people"))


#: the Standard game's: no Certificates, Abilities and Artifacts instead
STD_STATUS_LEGEND = tuple(e for e in STATUS_LEGEND if e[0] != "📜") + (("📖", "std_sheet.abilities"),
                                                                      ("🏺", "std_sheet.artifacts"))


def status_legend(locale: str, standard: bool = False) -> str:
    return " · ".join(f"{icon} {t(locale, key)}" for icon, key in (STD_STATUS_LEGEND if standard else STATUS_LEGEND))


def edition_key(state: ProphecyState) -> str:
    """The `system.*` name of the edition this game is played in, as /game new offered it
    ("Prophecy (Standard Version + Water Realm)"), not just "Prophecy"."""
    std = state.options.standard
    if std is not None and std.expansion is not None:
        return "prophecy_water_realm"
    return "prophecy_standard" if state.options.version == "standard" else state.system


def status_embeds(state: ProphecyState, game_id: int, locale: str, record_status: str) -> list[discord.Embed]:
    """The board and every character, fields named in words and the symbols explained in a
    legend; once the game is over, the final ranking (or the standing when it was ended early)."""
    n = Names(state, locale)
    e = discord.Embed(title=t(locale, "status.title", game_id=game_id, system=edition_key(state), round=state.round),
                      colour=COLOUR_TURN)
    e.description = clip("\n".join(board_lines(state, locale)) or t(locale, "status.empty_board"), DESC_LIMIT)
    sp = standard_pack(state)
    if sp is not None:
        for name, value in _std_status_fields(state, sp, locale):
            if value.strip():  # Discord refuses a field without a value (the whole message with it)
                e.add_field(name=clip(name, 256), value=clip(value, FIELD_LIMIT), inline=False)
    if record_status == "ended" and sp is not None:
        e.add_field(name=t(locale, "table.field_over"), value=t(locale, "status.ended"), inline=False)
        e.add_field(name=t(locale, "std_sheet.standing_title"),
                    value=clip("\n".join(_std_standing_lines(state, locale)), FIELD_LIMIT), inline=False)
    elif record_status == "ended":
        e.add_field(name=t(locale, "table.field_over"), value=t(locale, "status.ended"), inline=False)
        standing = sorted(state.players, key=lambda p: (not p.alive, -len(p.certificates)))
        lines = [t(locale, "table.standing_line", player=p.name, certificates=len(p.certificates),
                   dead="" if p.alive else t(locale, "play.dead_mark")) for p in standing]
        e.add_field(name=t(locale, "table.field_standing"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    elif state.status == "finished":
        over = (t(locale, "status.finished", player=n.player(state.winner)) if state.winner
                else t(locale, "std_sheet.end.nobody"))
        e.add_field(name=t(locale, "table.field_over"), value=over, inline=False)
        lines = _std_rank_lines(state, locale) if sp is not None else _basic_rank_lines(state, n, locale)
        e.add_field(name=t(locale, "play.ranking"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False)
    elif state.turn is not None:
        e.add_field(name=t(locale, "table.field_turn"), value=t(locale, "table.turn_value", player=n.player(state.turn.player),
                                                                 phase=t(locale, f"phase.{state.turn.phase}")), inline=False)
    if state.departed:  # replaced at the table: named as they sat, never by a bare id
        e.add_field(name=t(locale, "table.departed_field"), value=clip(", ".join(state.departed.values()), FIELD_LIMIT),
                    inline=False)
    chars = discord.Embed(title=t(locale, "status.characters"), colour=COLOUR_TURN)
    for p in state.players[:25]:
        chars.add_field(
            name=clip(f"{p.name}: {_character(n, p, locale)}", 256),
            value=clip(sheet_lines(state, p, locale), FIELD_LIMIT),
            inline=False,
        )
    chars.set_footer(text=clip(t(locale, "table.legend_title") + ": " + status_legend(locale, sp is not None), 2000))
    return [e, chars]


def error_words(key: str, value: Any, locale: str) -> str | None:
    """A refusal's parameter in words: Prophecy's battles, phases and ways of moving, its
    cards, guilds and spaces by name in the reader's language (None: not one of Prophecy's)."""
    if not isinstance(value, str):
        return None
    if key in ("battle", "phase", "method"):
        return t(locale, f"{key}.{value}")
    pack = pack_by_id("base")
    if key == "card":
        for finder in (pack.adventure, pack.item):
            try:
                return display_name(finder(value), locale)
            except KeyError:
                continue
        new_item = wr_cards().item(value)  # the Water Realm's new Items (a Falchion...)
        return display_name(new_item, locale) if new_item is not None else value
    if key == "guild":
        return pack.guild_name(value, locale)
    if key == "space":
        try:
            return display_name(pack.space(pack.space_index(value)), locale)
        except KeyError:
            return value[:60]
    return None


# ------------------------------------------------------------------------- Standard game
def standard_pack(state: ProphecyState) -> StandardPack | None:
    """The Standard overlay a Standard game plays with (None in a Basic game)."""
    if state.standard is None or state.options.standard is None:
        return None
    return powers.spack(state)  # with the Water Realm expansion's cards (new Artifacts...)


def _std_name(sp: StandardPack, card_id: str, locale: str) -> str:
    """A Guardian's, Artifact's or Ability's name in the reader's language."""
    name = sp.card_name(card_id, locale)
    return name if name is not None else t(locale, "std_sheet.unknown_card")


def _character(n: Names, p: PlayerState, locale: str) -> str:
    """Her character's name; in a Standard game, before she keeps one of the two dealt
    (ruling character_choice), that she is choosing."""
    return n.card(p.character) if p.character else t(locale, "std_sheet.choosing")


def _choosing_line(state: ProphecyState, p: PlayerState, locale: str) -> str:
    """A player still choosing her character: the two dealt, named only in her own view
    (the view hides them from everyone else)."""
    n = Names(state, locale)
    assert state.standard is not None
    for d in state.standard.decisions:
        if d.kind == "character" and d.player == p.player and _viewer(state) == p.player and HIDDEN not in d.options:
            pack = pack_by_id(state.options.pack)
            lines = [t(locale, "std_sheet.choosing_between")]
            for i, c in enumerate(d.options, start=1):
                card = pack.character(c)
                guilds = " + ".join(n.guild(g) for g in card.guilds)
                lines.append(f"{i}. " + t(locale, "lobby.character_choice", name=n.card(c), strength=card.strength,
                                          willpower=card.willpower, guilds=guilds))
            return "\n".join(lines)
    return t(locale, "std_sheet.choosing_line")


def _viewer(state: ProphecyState) -> str | None:
    """Whose view this is (None: a spectator's, or a raw state, read as a spectator's)."""
    return getattr(state, "viewer", None)


def _std_sheet_lines(state: ProphecyState, sp: StandardPack, p: PlayerState, items: str, locale: str) -> list[str]:
    """The Standard character lines: the Basic figures, Items and Abilities out of their
    limits (facts §5), Artifacts held. No Certificates: the Standard guilds teach Abilities."""
    n = Names(state, locale)
    assert state.standard is not None
    me = state.standard.players.get(p.player, StdPlayer())
    # "none" agrees with what it counts in Italian ("nessuna" Abilità, "nessuno" Artefatto)
    abilities = ", ".join(_std_name(sp, a, locale) for a in me.abilities) or t(locale, "std_sheet.no_abilities")
    artifacts = ", ".join(_std_name(sp, a, locale) for a in me.artifacts) or t(locale, "std_sheet.none")
    lines = [
        f"❤️ {t(locale, 'sheet.health')} {cubes(p.red.right, p.red.left)} ({t(locale, 'sheet.strength')} {p.strength})",
        f"🔷 {t(locale, 'sheet.magic')} {cubes(p.blue.right, p.blue.left)} ({t(locale, 'sheet.willpower')} {p.willpower})",
        f"💰 {p.gold} {t(locale, 'sheet.gold')} · ✨ {p.experience} {t(locale, 'sheet.experience')} · 📍 {n.where(p)}",
        "🎒 " + t(locale, "std_sheet.items_line", count=len(p.items), limit=sp.rules.item_limit.value or 7,
                  items=items or t(locale, "sheet.no_items")),
        "📖 " + t(locale, "std_sheet.abilities_line", count=len(me.abilities),
                  limit=sp.figures.ability_limit.value or 7, cards=abilities),
        "🏺 " + t(locale, "std_sheet.artifacts_line", count=len(me.artifacts), cards=artifacts),
    ]
    trained = [t(locale, f"std_sheet.trained.{figure}", n=count) for figure, count in sorted(me.trained.items()) if count]
    if trained:
        lines.append("🏋️ " + t(locale, "std_sheet.trained_line", figures=", ".join(trained)))
    return (lines + describe_island.sheet_lines(state, p, locale) + describe_wr_cards.sheet_lines(state, p, locale)
            + describe_water.sheet_lines(state, p, locale))


def _limit_state(state: ProphecyState, p: PlayerState, me: StdPlayer, card: Ability | Artifact, locale: str) -> str:
    """How often the card works and whether it is still free now (ruling instead_of_movement:
    once-a-round powers count from the start of her round; Time Loop rests until then)."""
    parts = [t(locale, f"std_sheet.limit.{card.limit}")]
    assert state.standard is not None
    if card.id in me.resting:
        parts.append(t(locale, "std_sheet.use.resting"))
    elif card.limit == "once_per_round":
        parts.append(t(locale, "std_sheet.use.used_round" if card.id in me.round_used else "std_sheet.use.ready"))
    elif card.limit == "once_per_turn":
        mine = state.turn is not None and state.turn.player == p.player
        parts.append(t(locale, "std_sheet.use.used_turn" if mine and card.id in state.standard.turn.used
                       else "std_sheet.use.ready"))
    return ", ".join(parts)


def _std_sheet_fields(state: ProphecyState, sp: StandardPack, p: PlayerState, locale: str) -> list[tuple[str, str]]:
    """/me: one field per Ability (guild, kind, cost to cast, how often, used or ready, what
    it does) and per Artifact (how often, what it does); the Astral Plane cards this player
    looked at in private, which her view alone holds."""
    n = Names(state, locale)
    assert state.standard is not None
    me = state.standard.players.get(p.player, StdPlayer())
    out: list[tuple[str, str]] = []
    for card_id in me.abilities:
        try:
            ability = sp.ability(card_id)
        except KeyError:
            continue
        kind = (t(locale, "std_sheet.kind.spell", magic=ability.cast.magic) if ability.type == "spell"
                else t(locale, "std_sheet.kind.skill"))
        details = ", ".join([n.guild(ability.guild), kind, _limit_state(state, p, me, ability, locale)])
        out.append((f"📖 {_std_name(sp, card_id, locale)} ({details})", sp.card_text(card_id, locale) or "—"))
    for card_id in me.artifacts:
        try:
            artifact = sp.artifact(card_id)
        except KeyError:
            continue
        out.append((f"🏺 {_std_name(sp, card_id, locale)} ({_limit_state(state, p, me, artifact, locale)})",
                    sp.card_text(card_id, locale) or "—"))
    secrets = []
    for plane in state.standard.planes:
        for slot in SLOTS:
            card = plane.card(slot)
            if card is not None and card != HIDDEN and slot not in plane.up and _viewer(state) == p.player:
                secrets.append(t(locale, "std_sheet.secret_line", plane=_plane_name(state, plane.id, locale),
                                 slot=t(locale, f"std_sheet.slot.{slot}"), card=_card_words(sp, plane, slot, card, locale)))
    if secrets:
        out.append((t(locale, "std_sheet.secrets"), "\n".join(secrets)))
    studied = _studied_field(state, p, locale)
    if studied is not None:
        out.append(studied)
    return out + describe_island.sheet_fields(state, p, locale)


def _studied_field(state: ProphecyState, p: PlayerState, locale: str) -> tuple[str, str] | None:
    """The Abilities she is looking at in the Lost Library (ruling lost_library), numbered as on
    the buttons, with what each costs her and does: her own view alone names them."""
    from systems.prophecy import prompt_text
    assert state.standard is not None
    if _viewer(state) != p.player:
        return None
    for d in state.standard.decisions:
        if d.kind != "study_pick" or d.player != p.player or HIDDEN in d.options:
            continue
        n = Names(state, locale)
        gold = next((c.study.gold for c in powers.spack(state).adventures if c.id == d.reason), False)
        lines = []
        for i, card_id in enumerate(d.options, start=1):
            cost = prompt_text.ability_cost(state, p.player, card_id, locale, gold=gold)
            text = n.card_text(card_id)
            lines.append(t(locale, "std_sheet.studied_line", index=i, card=n.card(card_id), cost=cost)
                         + (f": {text}" if text else ""))
        return t(locale, "std_sheet.studied", guild=n.guild(d.other or "")), "\n".join(lines)
    return None


def _plane_name(state: ProphecyState, plane_id: str, locale: str) -> str:
    for plane in pack_by_id(state.options.pack).board.astral_planes:
        if plane.id == plane_id:
            return display_name(plane, locale)
    return t(locale, "std_sheet.unknown_card")


def _card_words(sp: StandardPack, plane: PlaneState, slot: str, card_id: str, locale: str) -> str:
    """A known card: its name, and a Guardian's figures with the plane's Power Up added."""
    name = _std_name(sp, card_id, locale)
    if slot == "artifact":
        return name
    try:
        g: Guardian = sp.guardian(card_id)
    except KeyError:
        return name
    return t(locale, "std_sheet.guardian", card=name, strength=g.strength + plane.power_up,
             willpower=g.willpower + plane.power_up)


def plane_lines(state: ProphecyState, sp: StandardPack, locale: str) -> list[str]:
    """Each Astral Plane as the reader may know it: each card face down (and who looked at
    it), face up for everyone, known to the reader alone, beaten or won; its Power Up."""
    n = Names(state, locale)
    assert state.standard is not None
    viewer = _viewer(state)
    exp = state.options.standard.expansion if state.options.standard is not None else None
    # the Treasure Hunters game lays no Artifact on the planes: nobody won one
    gone_artifact = "std_sheet.card.none" if exp is not None and exp.treasure_hunters else "std_sheet.card.won"
    lines = []
    for plane in state.standard.planes:
        cards = []
        for slot in SLOTS:
            card = plane.card(slot)
            what = t(locale, f"std_sheet.slot.{slot}")
            if card is None:
                cards.append(t(locale, gone_artifact if slot == "artifact" else "std_sheet.card.beaten", slot=what))
            elif slot in plane.up:
                cards.append(t(locale, "std_sheet.card.up", slot=what, card=_card_words(sp, plane, slot, card, locale)))
            elif card != HIDDEN and viewer is not None:
                cards.append(t(locale, "std_sheet.card.yours", slot=what, card=_card_words(sp, plane, slot, card, locale)))
            else:
                seen = [n.player(pid) for pid in plane.seen.get(slot, [])]
                cards.append(t(locale, "std_sheet.card.seen", slot=what, players=", ".join(seen)) if seen
                             else t(locale, "std_sheet.card.down", slot=what))
        power = t(locale, "std_sheet.power_up", n=plane.power_up) if plane.power_up else ""
        lines.append(t(locale, "std_sheet.plane_line", plane=_plane_name(state, plane.id, locale), power_up=power,
                       cards=" · ".join(cards)))
    return lines


def _std_status_fields(state: ProphecyState, sp: StandardPack, locale: str) -> list[tuple[str, str]]:
    """/game status in a Standard game: the Final Battle when it is on, the Astral Planes,
    who holds which Artifact (and which lie on the board), the Abilities each guild offers."""
    n = Names(state, locale)
    sst = state.standard
    assert sst is not None
    out: list[tuple[str, str]] = []
    if sst.final_battle is not None:
        text = t(locale, "std_sheet.final_battle", space=n.space(sst.final_battle.space))
        if sst.final_battle.apocalypse:
            text += "\n" + t(locale, "std_sheet.apocalypse")
        out.append((t(locale, "std_sheet.final_battle_title"), text))
    for i, chunk in enumerate(_chunks(plane_lines(state, sp, locale), FIELD_LIMIT)):
        out.append((t(locale, "std_sheet.planes_title" if i == 0 else "std_sheet.planes_more"), chunk))
    held = [t(locale, "std_sheet.held_line", player=p.name,
              cards=", ".join(_std_name(sp, a, locale) for a in sst.players[p.player].artifacts))
            for p in state.players if p.player in sst.players and sst.players[p.player].artifacts]
    lying = [t(locale, "std_sheet.lying_line", space=n.space(space), cards=", ".join(_std_name(sp, a, locale) for a in cards))
             for space, cards in sorted(sst.dropped.items()) if cards]
    on_planes = sum(1 for plane in sst.planes if plane.artifact is not None)
    artifacts = held + lying + ([t(locale, "std_sheet.on_planes", count=on_planes)] if on_planes else [])
    # none anywhere (a Treasure Hunters or Lord of the Sea game lays none on the planes): said in
    # words, as Discord refuses a field without a value
    out.append((t(locale, "std_sheet.artifacts_title"), "\n".join(artifacts) or t(locale, "std_sheet.artifacts_nowhere")))
    offers = [t(locale, "std_sheet.offer_line", guild=n.guild(guild), cards=", ".join(_std_name(sp, a, locale) for a in cards))
              for guild, cards in sst.guild_offers.items() if cards]
    if offers:
        out.append((t(locale, "std_sheet.offers_title"), "\n".join(offers)))
    return out + describe_island.status_fields(state, locale) + describe_water.status_fields(state, locale)


def _std_counts(state: ProphecyState, pid: str) -> tuple[int, int]:
    assert state.standard is not None
    me = state.standard.players.get(pid)
    return (len(me.artifacts), len(me.abilities)) if me else (0, 0)


def _std_rank_lines(state: ProphecyState, locale: str) -> list[str]:
    """The engine's final ranking (ruling ranking: the winner, then the living before the
    dead, then Artifacts, Abilities, Experience and Gold), each line with those figures."""
    n = Names(state, locale)
    out = []
    for r in state.ranking:
        p = state.player(r.player)
        artifacts, abilities = _std_counts(state, r.player)
        out.append(t(locale, "std_sheet.end.rank_line", place=r.place, player=n.player(r.player),
                     artifacts=r.artifacts if r.artifacts is not None else artifacts, abilities=abilities,
                     experience=p.experience, gold=p.gold, dead="" if r.alive else t(locale, "play.dead_mark")))
    return out


def _std_standing_lines(state: ProphecyState, locale: str) -> list[str]:
    """A game ended before its end, in the ranking's order (no winner)."""

    def key(p: PlayerState) -> tuple[int, ...]:
        artifacts, abilities = _std_counts(state, p.player)
        return (0 if p.alive else 1, -artifacts, -abilities, -p.experience, -p.gold)

    out = []
    place, prev = 0, None
    for i, p in enumerate(sorted(state.players, key=key), start=1):
        if key(p) != prev:  # ties share a place
            place, prev = i, key(p)
        artifacts, abilities = _std_counts(state, p.player)
        out.append(t(locale, "std_sheet.end.rank_line", place=place, player=p.name, artifacts=artifacts,
                     abilities=abilities, experience=p.experience, gold=p.gold,
                     dead="" if p.alive else t(locale, "play.dead_mark")))
    return out
