"""Chance cards in a Standard game (facts §9; rulings terrain_fills_free_slot,
second_adventure_face_down, guild_chance_cards, training_cards, interesting_times,
prophetic_dream, economic_crisis, apocalypse).

The Basic cards work as in the Basic game, except that a terrain card fills every space of its
terrain that still has room (two slots), the card joining another lying face down. The cards
the Basic Version removes, and Economic Crisis, do what their Standard definition says.
"""
from __future__ import annotations

from engine.prophecy.chance import resolve_chance
from engine.prophecy.content import ChanceCard
from engine.prophecy.content_standard import StandardChanceCard
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard, draw
from engine.prophecy.standard import guilds, parts, planes, powers
from engine.prophecy.standard.state import Decision, TrainingRight
from engine.prophecy.state import AdventureOnSpace


def draw_chance(ctx: Ctx) -> None:
    """The turn's Chance card. In the Final Battle only with the Apocalypse variant, with no
    reshuffle, a Prophetic Dream skipped for the next card; when none is left the Apocalypse
    begins (ruling apocalypse)."""
    sst = powers.sstate(ctx)
    fb = sst.final_battle
    if fb is None:
        card_id = draw(ctx, "chance")
        if card_id is not None:
            _resolve(ctx, card_id)
        return
    if not ctx.state.options.std().apocalypse or fb.apocalypse:
        return
    pile = ctx.state.decks.chance
    while pile.draw:
        card_id = pile.draw.pop()
        if _is_dream(ctx, card_id) or any(part.skipped_in_final_battle(ctx.state, card_id)
                                          for part in parts.active_parts(ctx.state)):
            ctx.emit("chance_skipped", ctx.state.turn.player if ctx.state.turn else None, reveals=True, card=card_id)
            discard(ctx, "chance", card_id)
            continue
        _resolve(ctx, card_id)
        return
    fb.apocalypse = True
    ctx.emit("apocalypse_begins", None)


def _is_dream(ctx: Ctx, card_id: str) -> bool:
    std = _standard_card(ctx, card_id)
    return std is not None and std.effect == "prophetic_dream"


def _standard_card(ctx: Ctx, card_id: str) -> StandardChanceCard | None:
    sp = powers.spack(ctx.state)
    return next((c for c in sp.chance if c.id == card_id), None)


def _resolve(ctx: Ctx, card_id: str) -> None:
    drawer = ctx.state.turn.player if ctx.state.turn else None
    ctx.state.chance_card = card_id
    ctx.emit("chance_drawn", drawer, reveals=True, card=card_id)
    std = _standard_card(ctx, card_id)
    in_play = parts.active_parts(ctx.state)
    everyone = ctx.state.players
    # characters out of the main board's reach (the Water Realm) are neither helped nor hurt
    ctx.state.players = [q for q in everyone if not any(part.away(ctx.state, q.player) for part in in_play)]
    try:
        if any(part.chance_card(ctx, card_id) for part in in_play):
            pass  # a card an expansion part added (Treasure Map): the part resolved it
        elif std is not None:
            why = _HANDLERS[std.effect](ctx, std)
            if why:
                ctx.emit("chance_no_effect", drawer, card=card_id, why=why, terrain="")
        else:
            card = ctx.pack.chance_card(card_id)
            if card.effect == "terrain":
                why = terrain(ctx, card)
                if why:
                    ctx.emit("chance_no_effect", drawer, card=card_id, why=why, terrain=card.terrain or "")
            else:
                resolve_chance(ctx, card)
    finally:
        ctx.state.players = everyone
    discard(ctx, "chance", card_id)


def place(ctx: Ctx, index: int, face_up: bool | None = None) -> bool:
    """One Adventure on the space; face down when it joins a card already there (ruling
    second_adventure_face_down). False when the deck is empty."""
    card_id = draw(ctx, "adventure")
    if card_id is None:
        return False
    cards = ctx.state.spaces[index]
    if face_up is None:
        face_up = not cards or ctx.state.options.std().second_adventure_face == "up"
    adv = AdventureOnSpace(uid=ctx.state.new_uid("a"), card=card_id, face_up=face_up)
    cards.append(adv)
    space = ctx.pack.space(index).id
    if face_up:
        ctx.emit("adventure_placed", None, reveals=True, space=space, card=card_id, uid=adv.uid)
    else:
        # nobody knows the card: the event says only that one lies there
        ctx.emit("adventure_placed_face_down", None, space=space, uid=adv.uid)
    return True


def terrain(ctx: Ctx, card: ChanceCard) -> str | None:
    """One Adventure on every space of the terrain with room left (ruling terrain_fills_free_slot)."""
    slots = ctx.pack.rules.adventure_slots.value or 1
    placed = room = 0
    for index, space in enumerate(ctx.pack.board.spaces):
        if space.terrain != card.terrain or len(ctx.state.spaces[index]) >= slots:
            continue
        room += 1
        if not place(ctx, index):
            break
        placed += 1
    if placed:
        return None
    return "no_empty_space" if not room else "adventure_deck_empty"


def reveal_face_down(ctx: Ctx, index: int) -> None:
    cards = ctx.state.spaces[index]
    for i, adv in enumerate(cards):
        if not adv.face_up:
            cards[i] = adv.model_copy(update={"face_up": True})  # a card is frozen: a new one in its place
            ctx.emit("adventure_revealed", None, reveals=True, space=ctx.pack.space(index).id, card=adv.card, uid=adv.uid)


def _guild_ability(ctx: Ctx, card: StandardChanceCard) -> str | None:
    assert card.guild is not None
    return None if guilds.turn_up(ctx, card.guild, card.id) else "ability_deck_empty"


def _training(ctx: Ctx, card: StandardChanceCard) -> str | None:
    turn = ctx.state.turn
    if turn is None:
        return "no_turn"
    sst = powers.sstate(ctx)
    sst.training.append(TrainingRight(card=card.id, drawer=turn.player, everyone=card.training_for == "everyone",
                                      lasts=card.lasts))
    ctx.emit("training_offered", turn.player, card=card.id, everyone=card.training_for == "everyone")
    return None


def _prophetic_dream(ctx: Ctx, card: StandardChanceCard) -> str | None:
    turn = ctx.state.turn
    if turn is None:
        return "no_turn"
    hidden = planes.hidden_slots(ctx, turn.player)
    if not hidden:
        return "nothing_hidden"
    powers.sstate(ctx).decisions.append(Decision(player=turn.player, kind="dream", options=hidden, reason=card.id))
    return None


def _interesting_times(ctx: Ctx, card: StandardChanceCard) -> str | None:
    changed = False
    if card.reveal_face_down:
        for index, cards in enumerate(ctx.state.spaces):
            if any(not a.face_up for a in cards):
                reveal_face_down(ctx, index)
                changed = True
    if card.fill_empty_terrain:
        for index, space in enumerate(ctx.pack.board.spaces):
            if space.terrain is not None and not ctx.state.spaces[index]:
                if not place(ctx, index, face_up=True):
                    break
                changed = True
    return None if changed else "nothing_to_change"


def _economic_crisis(ctx: Ctx, card: StandardChanceCard) -> str | None:
    divisor = card.lose_gold_divisor or 2
    changed = False
    for p in ctx.state.players:
        if not p.alive or not p.gold:
            continue
        if "economic_crisis" in powers.wards(ctx.state, p.player):
            ctx.emit("crisis_warded", p.player, card=card.id)
            continue
        n = p.gold // divisor
        if n:
            p.gold -= n
            changed = True
            ctx.emit("gold_lost", p.player, amount=n, reason=card.id)
    return None if changed else "nobody_rich"


_HANDLERS = {
    "guild_ability": _guild_ability,
    "training": _training,
    "prophetic_dream": _prophetic_dream,
    "interesting_times": _interesting_times,
    "economic_crisis": _economic_crisis,
}
