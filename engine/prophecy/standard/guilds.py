"""Guilds in the Standard game: Abilities to learn, training, the Lost Library, and the
discards the Item and Ability limits call for.

Facts §2/§4: each guild turns up the top card of its Ability deck; learning costs
Experience, and Gold for non-members (ruling ability_costs); a discarded Ability goes face down
to the bottom of its guild deck. Rulings guild_offer, guild_chance_cards, training,
training_cards, lost_library, limits.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.content_standard import Ability
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.standard import powers
from engine.prophecy.standard.state import Decision
from engine.prophecy.state import PlayerState


def guild_here(ctx: Ctx, p: PlayerState) -> str | None:
    space = ctx.pack.space(p.space)
    return space.guild if space.kind == "guild" else None


def member(ctx: Ctx, p: PlayerState, guild: str) -> bool:
    return guild in ctx.pack.character(p.character).guilds


def price(ctx: Ctx, p: PlayerState, ability: Ability, gold: bool = True) -> tuple[int, int]:
    """(Experience, Gold): the card's Experience; non-members pay as much Gold again
    (ruling ability_costs); the Lost Library asks no Gold (`gold` False)."""
    per = powers.spack(ctx.state).figures.ability_gold_per_experience.value or 0
    return ability.experience, 0 if not gold or member(ctx, p, ability.guild) else ability.experience * per


def turn_up(ctx: Ctx, guild: str, reason: str) -> str | None:
    """The next card of the guild's deck goes on offer; what was offered goes face down to the
    bottom (ruling guild_chance_cards). None when the deck is empty."""
    sst = powers.sstate(ctx)
    deck = sst.guild_decks[guild]
    if not deck:
        return None
    new = deck.pop()
    old = sst.guild_offers[guild]
    deck[0:0] = list(reversed(old))
    sst.guild_offers[guild] = [new]
    ctx.emit("ability_offered", None, reveals=True, guild=guild, card=new, replaced=old[0] if old else None,
             reason=reason)
    return new


def learnable(ctx: Ctx, p: PlayerState) -> list[Ability]:
    """What her guild space offers that she can pay for now (ruling guild_offer)."""
    guild = guild_here(ctx, p)
    if guild is None:
        return []
    sp = powers.spack(ctx.state)
    out = []
    for card_id in powers.sstate(ctx).guild_offers.get(guild, []):
        ability = sp.ability(card_id)
        xp, gold = price(ctx, p, ability)
        if p.experience >= xp and p.gold >= gold:
            out.append(ability)
    return out


def _pay_price(p: PlayerState, xp: int, gold: int) -> None:
    """Pay a guild's price in Experience and Gold, or refuse with the one she lacks first;
    learning an Ability and training a figure are paid alike."""
    if p.experience < xp:
        raise RuleError("error.not_enough_experience", need=xp, have=p.experience)
    if p.gold < gold:
        raise RuleError("error.not_enough_gold", need=gold, have=p.gold)
    p.experience -= xp
    p.gold -= gold


def learn(ctx: Ctx, p: PlayerState, card_id: str) -> None:
    guild = guild_here(ctx, p)
    sst = powers.sstate(ctx)
    if guild is None:
        raise RuleError("error.not_a_guild", space=ctx.pack.space(p.space).id)
    if card_id not in sst.guild_offers.get(guild, []):
        raise RuleError("error.ability_not_offered", ability=card_id, guild=guild)
    ability = powers.spack(ctx.state).ability(card_id)
    xp, gold = price(ctx, p, ability)
    _pay_price(p, xp, gold)
    sst.guild_offers[guild].remove(card_id)
    sst.players[p.player].abilities.append(card_id)
    ctx.emit("ability_learned", p.player, card=card_id, guild=guild, experience=xp, gold=gold)
    if not sst.guild_offers[guild]:
        turn_up(ctx, guild, "learned")


def return_ability(ctx: Ctx, card_id: str) -> None:
    """Face down to the bottom of its guild deck (facts §2)."""
    ability = powers.spack(ctx.state).ability(card_id)
    powers.sstate(ctx).guild_decks[ability.guild].insert(0, card_id)


# ------------------------------------------------------------------------------ training

FIGURES = ("strength", "willpower")


def training_price(ctx: Ctx, p: PlayerState, figure: str, at_guild: str | None) -> tuple[int, int]:
    """(Experience, Gold): Experience as the figure's new value, plus Gold at a guild that is
    not hers (ruling training). The figure is the character's full Strength or Willpower
    (every cube she owns, lost Health or Magic included)."""
    figures = powers.spack(ctx.state).figures
    cubes = p.red.total if figure == "strength" else p.blue.total
    xp = (cubes + 1) * (figures.training_experience_per_point.value or 1)
    gold = 0
    if at_guild is not None and not member(ctx, p, at_guild):
        gold = figures.training_gold_non_member.value or 0
    return xp, gold


def can_train(ctx: Ctx, p: PlayerState, figure: str, at_guild: str | None) -> bool:
    cap = powers.spack(ctx.state).figures.training_cap_per_figure.value or 0
    if powers.mine(ctx.state, p.player).trained.get(figure, 0) >= cap:
        return False
    if (ctx.state.bank_red if figure == "strength" else ctx.state.bank_blue) <= 0:
        return False
    xp, gold = training_price(ctx, p, figure, at_guild)
    return p.experience >= xp and p.gold >= gold


def train(ctx: Ctx, p: PlayerState, figure: str, at_guild: str | None, reason: str) -> None:
    """One permanent cube from the bank (ruling training: at most two per figure)."""
    if figure not in FIGURES:
        raise RuleError("error.unknown_figure", figure=figure)
    cap = powers.spack(ctx.state).figures.training_cap_per_figure.value or 0
    me = powers.mine(ctx.state, p.player)
    if me.trained.get(figure, 0) >= cap:
        raise RuleError("error.training_cap", figure=figure, cap=cap)
    if (ctx.state.bank_red if figure == "strength" else ctx.state.bank_blue) <= 0:
        raise RuleError("error.bank_empty", figure=figure)
    xp, gold = training_price(ctx, p, figure, at_guild)
    _pay_price(p, xp, gold)
    me.trained[figure] = me.trained.get(figure, 0) + 1
    if figure == "strength":
        ctx.state.bank_red -= 1
        p.red.right += 1
    else:
        ctx.state.bank_blue -= 1
        p.blue.right += 1
    ctx.emit("trained", p.player, figure=figure, experience=xp, gold=gold, reason=reason)


def training_right(ctx: Ctx, p: PlayerState) -> int | None:
    """The index of a Training Offer or Open Training she may still use here and now."""
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or guild_here(ctx, p) is None:
        return None
    for i, right in enumerate(powers.sstate(ctx).training):
        if p.player in right.used_by:
            continue
        if right.everyone or (right.drawer == p.player and turn.player == p.player):
            return i
    return None


# -------------------------------------------------------------------------- Lost Library


def begin_study(ctx: Ctx, p: PlayerState, reason: str) -> None:
    """She picks a guild deck to study (ruling lost_library)."""
    sst = powers.sstate(ctx)
    guilds = [g for g, deck in sst.guild_decks.items() if deck]
    if not guilds:
        ctx.emit("study_nothing", p.player, card=reason)
        return
    sst.decisions.insert(0, Decision(player=p.player, kind="study", options=guilds, reason=reason))


def study(ctx: Ctx, p: PlayerState, guild: str, reason: str) -> None:
    """She looks at the top cards of that deck, in private."""
    sp = powers.spack(ctx.state)
    look = next((c.study.look for c in sp.adventures if c.id == reason), 3)
    deck = powers.sstate(ctx).guild_decks[guild]
    top = list(reversed(deck[-look:]))
    ctx.emit("library_studied", p.player, reveals=True, guild=guild, count=len(top))
    powers.sstate(ctx).decisions.insert(0, Decision(player=p.player, kind="study_pick", options=top, other=guild,
                                                    reason=reason))


def study_options(ctx: Ctx, p: PlayerState, options: list[str], reason: str) -> list[str]:
    """The looked-at Abilities she can pay for (Experience only, unless the card says Gold)."""
    sp = powers.spack(ctx.state)
    gold = next((c.study.gold for c in sp.adventures if c.id == reason), False)
    out = []
    for card_id in options:
        xp, g = price(ctx, p, sp.ability(card_id), gold=gold)
        if p.experience >= xp and p.gold >= g:
            out.append(card_id)
    return out


def study_pick(ctx: Ctx, p: PlayerState, guild: str, looked: list[str], card_id: str | None, reason: str) -> None:
    """The one learned leaves the deck; the others go to the bottom (ruling lost_library)."""
    sp = powers.spack(ctx.state)
    deck = powers.sstate(ctx).guild_decks[guild]
    for c in looked:
        deck.remove(c)
    rest = [c for c in looked if c != card_id]
    deck[0:0] = list(reversed(rest))
    if card_id is None:
        ctx.emit("study_declined", p.player, guild=guild)
        return
    gold = next((c.study.gold for c in sp.adventures if c.id == reason), False)
    xp, g = price(ctx, p, sp.ability(card_id), gold=gold)
    p.experience -= xp
    p.gold -= g
    powers.mine(ctx.state, p.player).abilities.append(card_id)
    ctx.emit("ability_learned", p.player, card=card_id, guild=guild, experience=xp, gold=g, reason=reason)


# --------------------------------------------------------------------------------- limits


def excess(ctx: Ctx, p: PlayerState) -> list[str]:
    """What she may discard now to come down to the limits: Items (uids) while over 7, then
    Abilities while over 7 (ruling limits; Artifacts do not count)."""
    item_limit = ctx.pack.rules.item_limit.value
    if item_limit is not None and powers.sstate(ctx).island is not None:
        from engine.prophecy.water_realm.island.treasures import extra_items  # (Treasure Island's)
        item_limit += extra_items(ctx.state, p.player)
    ability_limit = powers.spack(ctx.state).figures.ability_limit.value
    out: list[str] = []
    if item_limit is not None and len(p.items) > item_limit:
        out.extend(i.uid for i in p.items)
    abilities = powers.mine(ctx.state, p.player).abilities
    if ability_limit is not None and len(abilities) > ability_limit:
        out.extend(abilities)
    return out


def discard_card(ctx: Ctx, p: PlayerState, card: str) -> None:
    item = p.item(card)
    if item is not None:
        p.items.remove(item)
        discard(ctx, ctx.pack.item(item.card).deck, item.card)
        ctx.emit("item_discarded", p.player, item=item.uid, card=item.card, reason="item_limit")
        return
    powers.mine(ctx.state, p.player).abilities.remove(card)
    return_ability(ctx, card)
    ctx.emit("ability_discarded", p.player, card=card, reason="ability_limit")
