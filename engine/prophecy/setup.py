"""Preparation of the game board and the characters (Basic rules, "Preparation" sections)."""
from __future__ import annotations

from typing import Sequence

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.core.system import Seat
from engine.prophecy.content import Pack, _Card
from engine.prophecy.context import Ctx
from engine.prophecy.state import Cubes, Deck, Decks, PlayerState, ProphecyOptions, ProphecyState

MIN_SEATS, MAX_SEATS = 2, 5


def build_decks(pack: Pack, rng: Rng, version: str) -> tuple[Decks, list[str]]:
    """Every deck shuffled; in Basic the Standard-only cards are taken out first."""
    removed: list[str] = []

    def expand(cards: Sequence[_Card]) -> list[str]:
        out: list[str] = []
        for c in cards:
            if version == "basic" and c.standard_only:
                removed.append(c.id)
                continue
            out.extend([c.id] * c.count)
        rng.shuffle(out)
        return out

    decks = Decks(
        adventure=Deck(draw=expand(pack.adventures)),
        chance=Deck(draw=expand(pack.chance)),
        common=Deck(draw=expand([i for i in pack.items if i.deck == "common"])),
        rare=Deck(draw=expand([i for i in pack.items if i.deck == "rare"])),
    )
    return decks, removed


def unrequested_characters(pack: Pack, seats: Sequence[Seat], rng: Rng) -> list[str]:
    """The pack's characters no seat asked for, shuffled; refuses an unknown or twice-asked one.

    Shared by the Basic deal (one each) and the Standard deal (two in secret), which differ
    only in how many they hand out."""
    wanted = [s.character for s in seats if s.character]
    for w in wanted:
        if w not in {c.id for c in pack.characters}:
            raise RuleError("error.unknown_character", character=w)
    if len(set(wanted)) != len(wanted):
        raise RuleError("error.character_taken")
    free = [c.id for c in pack.characters if c.id not in wanted]
    rng.shuffle(free)
    return free


def deal_characters(pack: Pack, seats: Sequence[Seat], rng: Rng) -> list[str]:
    """Requested characters are honoured; the rest are dealt at random from those left."""
    free = unrequested_characters(pack, seats, rng)
    return [s.character or free.pop() for s in seats]


def roll_for_first(ctx: Ctx, players: list[str]) -> str:
    """Everyone rolls; the highest begins; those tied for highest roll again."""
    contenders = list(players)
    while True:
        rolls = {p: ctx.state.rng.d6() for p in contenders}
        ctx.emit("first_player_roll", None, reveals=True, rolls=rolls)
        top = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == top]
        if len(contenders) == 1:
            return contenders[0]


def new_state(pack: Pack, seats: Sequence[Seat], options: ProphecyOptions, seed: int) -> Ctx:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise RuleError("error.seat_count", min=MIN_SEATS, max=MAX_SEATS, count=len(seats))
    if len({s.player for s in seats}) != len(seats):
        raise RuleError("error.duplicate_seat")
    rng = Rng.from_seed(seed)
    decks, removed = build_decks(pack, rng, options.version)
    chars = deal_characters(pack, seats, rng)
    bank_red = pack.rules.bank_red_cubes.value or 0
    bank_blue = pack.rules.bank_blue_cubes.value or 0
    players: list[PlayerState] = []
    for seat, char_id in zip(seats, chars, strict=False):
        ch = pack.character(char_id)
        bank_red -= ch.strength
        bank_blue -= ch.willpower
        start = next(i for i, s in enumerate(pack.board.spaces) if s.guild == ch.guilds[0])
        players.append(
            PlayerState(
                player=seat.player,
                name=seat.name,
                ai=seat.ai,
                character=char_id,
                red=Cubes(right=ch.strength),
                blue=Cubes(right=ch.willpower),
                gold=pack.rules.starting_gold.value or 0,
                experience=pack.rules.starting_experience.value or 0,
                space=start,
            )
        )
    if bank_red < 0 or bank_blue < 0:
        raise RuleError("error.bank_too_small")
    state = ProphecyState(
        options=options,
        rng=rng,
        players=players,
        spaces=[[] for _ in pack.board.spaces],
        offers={"city": [], "village": []},
        decks=decks,
        bank_red=bank_red,
        bank_blue=bank_blue,
        first_player=players[0].player,
    )
    ctx = Ctx(state=state, pack=pack)
    ctx.emit("game_prepared", None, removed=sorted(set(removed)), characters={p.player: p.character for p in players})
    for p in players:
        ctx.emit("character_dealt", p.player, reveals=True, character=p.character, space=pack.space(p.space).id)
    state.first_player = roll_for_first(ctx, [p.player for p in players])
    return ctx
