"""Preparing a Standard game (facts §2 and the setup rulings).

The Basic preparation, with the Standard decks (every card the Basic Version removes, the Lost
Library and Economic Crisis included), the five guild Ability decks with one Ability offered
face up at each guild, the Astral Planes dealt face down, the first Adventures turned up by
the first terrain Chance card, and each player's character dealt (two to keep one, or one
at random).
"""
from __future__ import annotations

from typing import Sequence

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.core.system import Seat
from engine.prophecy.content import Pack
from engine.prophecy.content_standard import StandardPack
from engine.prophecy.context import Ctx
from engine.prophecy.setup import MAX_SEATS, MIN_SEATS, deal_characters, roll_for_first, unrequested_characters
from engine.prophecy.standard.state import Decision, PlaneState, StandardState, StdPlayer
from engine.prophecy.state import AdventureOnSpace, Cubes, Deck, Decks, PlayerState, ProphecyOptions, ProphecyState
from engine.prophecy.turns import start_turn


def _expand(cards: list[tuple[str, int]], rng: Rng) -> list[str]:
    out: list[str] = []
    for card_id, count in cards:
        out.extend([card_id] * count)
    rng.shuffle(out)
    return out


def _dealt(card: object) -> bool:
    """Cards an expansion part adds only to be looked up (an Item with an Astral Stone set in
    it: engine/prophecy/water_realm/cards/content.py) are never dealt."""
    return not getattr(card, "lookup_only", False)


def build_decks(pack: Pack, sp: StandardPack, rng: Rng) -> Decks:
    """Every deck shuffled; nothing is removed in the Standard game (facts §2)."""
    return Decks(
        adventure=Deck(draw=_expand(sp.adventure_deck(), rng)),
        chance=Deck(draw=_expand(sp.chance_deck(), rng)),
        common=Deck(draw=_expand([(i.id, i.count) for i in pack.items if i.deck == "common" and _dealt(i)], rng)),
        rare=Deck(draw=_expand([(i.id, i.count) for i in pack.items if i.deck == "rare" and _dealt(i)], rng)),
    )


def deal_planes(pack: Pack, sp: StandardPack, rng: Rng, power_up: int) -> list[PlaneState]:
    """One Artifact, one Greater and one Lesser Guardian at random on each plane, face down,
    the Lesser on top (facts §2, ruling astral_setup); the Power Up of the variant played
    (ruling power_up)."""
    artifacts = [a.id for a in sp.artifacts]
    lesser = [g.id for g in sp.guardians_of("lesser")]
    greater = [g.id for g in sp.guardians_of("greater")]
    for cards in (artifacts, greater, lesser):
        rng.shuffle(cards)
    return [PlaneState(id=plane.id, lesser=lesser[i], greater=greater[i], artifact=artifacts[i], power_up=power_up)
            for i, plane in enumerate(pack.board.astral_planes)]


def deal_two(pack: Pack, seats: Sequence[Seat], rng: Rng) -> list[list[str]]:
    """Two characters in secret for each seat that asked for none (ruling character_choice);
    a seat that asked for a character keeps it, as in the Basic setup."""
    free = unrequested_characters(pack, seats, rng)
    hands: list[list[str]] = []
    dealing = sum(1 for s in seats if not s.character)
    per_seat = 2 if len(free) >= 2 * dealing else 1
    for seat in seats:
        hands.append([seat.character] if seat.character else [free.pop() for _ in range(per_seat)])
    return hands


def place_character(ctx: Ctx, p: PlayerState, char_id: str) -> None:
    """Her cubes from the bank and her first guild as starting space (facts §2)."""
    st = ctx.state
    ch = ctx.pack.character(char_id)
    if st.bank_red < ch.strength or st.bank_blue < ch.willpower:
        raise RuleError("error.bank_too_small")
    st.bank_red -= ch.strength
    st.bank_blue -= ch.willpower
    p.character = char_id
    p.red = Cubes(right=ch.strength)
    p.blue = Cubes(right=ch.willpower)
    p.space = next(i for i, s in enumerate(ctx.pack.board.spaces) if s.guild == ch.guilds[0])


def first_adventures(ctx: Ctx) -> None:
    """Chance cards are turned up until the first terrain card; one Adventure goes face up on
    every space of that terrain; that card is discarded and the others are shuffled back
    (facts §2, UH)."""
    chance = ctx.state.decks.chance
    terrains = {c.id: c for c in ctx.pack.chance if c.effect == "terrain"}
    turned: list[str] = []
    terrain_card = None
    while chance.draw:
        card_id = chance.draw.pop()
        card = terrains.get(card_id)
        if card is not None:
            terrain_card = card
            break
        turned.append(card_id)
    chance.draw.extend(turned)
    ctx.state.rng.shuffle(chance.draw)
    if terrain_card is None:
        return
    ctx.emit("first_adventures", None, reveals=True, card=terrain_card.id, terrain=terrain_card.terrain or "")
    for index, space in enumerate(ctx.pack.board.spaces):
        if space.terrain != terrain_card.terrain:
            continue
        adv_deck = ctx.state.decks.adventure
        if not adv_deck.draw:
            break
        card_id = adv_deck.draw.pop()
        adv = AdventureOnSpace(uid=ctx.state.new_uid("a"), card=card_id)
        ctx.state.spaces[index].append(adv)
        ctx.emit("adventure_placed", None, reveals=True, space=space.id, card=card_id, uid=adv.uid)
    chance.discard.append(terrain_card.id)


def new_state(pack: Pack, sp: StandardPack, seats: Sequence[Seat], options: ProphecyOptions, seed: int) -> Ctx:
    """The prepared game; with `deal_two_keep_one` each seat's choice is a pending decision and
    the first turn begins once everybody has chosen (`rules.resolve_character`)."""
    assert options.standard is not None
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("error.seat_count", min=MIN_SEATS, max=MAX_SEATS, count=len(seats))
    if len({s.player for s in seats}) != len(seats):
        raise RuleError("error.duplicate_seat")
    rng = Rng.from_seed(seed)
    decks = build_decks(pack, sp, rng)
    guild_decks: dict[str, list[str]] = {}
    for guild in pack.guilds:
        cards = [a.id for a in sp.guild_deck(guild)]
        rng.shuffle(cards)
        guild_decks[guild] = cards
    power_up = options.standard.power_up
    if power_up is None:
        power_up = sp.figures.astral_power_up.value or 0
    planes = deal_planes(pack, sp, rng, power_up)
    if options.standard.character_choice == "random":
        hands = [[c] for c in deal_characters(pack, seats, rng)]
    else:
        hands = deal_two(pack, seats, rng)
    players = [
        PlayerState(player=seat.player, name=seat.name, ai=seat.ai, character="", red=Cubes(right=0),
                    blue=Cubes(right=0), gold=pack.rules.starting_gold.value or 0,
                    experience=pack.rules.starting_experience.value or 0, space=0)
        for seat in seats
    ]
    standard = StandardState(
        players={p.player: StdPlayer() for p in players},
        planes=planes,
        guild_decks=guild_decks,
        guild_offers={g: [] for g in pack.guilds},
    )
    state = ProphecyState(
        options=options, rng=rng, players=players, spaces=[[] for _ in pack.board.spaces],
        offers={"city": [], "village": []}, decks=decks,
        bank_red=pack.rules.bank_red_cubes.value or 0, bank_blue=pack.rules.bank_blue_cubes.value or 0,
        first_player=players[0].player, standard=standard,
    )
    ctx = Ctx(state=state, pack=pack)
    ctx.emit("game_prepared", None, removed=[], characters={}, version="standard")
    for p, hand in zip(players, hands, strict=False):
        if len(hand) == 1:
            place_character(ctx, p, hand[0])
            ctx.emit("character_dealt", p.player, reveals=True, character=p.character, space=pack.space(p.space).id)
        else:
            standard.decisions.append(Decision(player=p.player, kind="character", options=hand, then="start"))
            # which two she got is hers alone to see (through the view), never in an event
            ctx.emit("characters_offered", p.player, reveals=True, count=len(hand))
    for guild, cards in standard.guild_decks.items():
        if cards:
            top = cards.pop()
            standard.guild_offers[guild] = [top]
            ctx.emit("ability_offered", None, reveals=True, guild=guild, card=top, replaced=None)
    ctx.emit("astral_planes_dealt", None, planes=[pl.id for pl in planes], power_up=power_up)
    first_adventures(ctx)
    state.first_player = roll_for_first(ctx, [p.player for p in players])
    return ctx


def begin_first_turn(ctx: Ctx) -> None:
    """Once every character is chosen: the first player (or, if she left meanwhile, the next
    one still in the game) begins. The expansion's parts first finish the set-up that waits
    for the characters (Treasure Island turns its Treasures up "after choosing characters")."""
    from engine.prophecy.standard import parts  # the parts import the Standard modules, setup among them

    st = ctx.state
    for part in parts.active_parts(st):
        part.characters_chosen(ctx)
    order = [p.player for p in st.players]
    i = order.index(st.first_player)
    for step in range(len(order)):
        pid = order[(i + step) % len(order)]
        if st.player(pid).alive:
            start_turn(ctx, pid)
            return
