"""The new Adventures that are not played by talking (Water Realm expansion, "New Adventures",
"Cooperative and Solo Game", Appendix "Characters with Creature Types"; rulings
doppelganger_choices, alchemist_copy, path_of_the_dead, beast_card, creature_types,
gifts_of_the_gods, returned_private).

* Doppelganger: whoever meets it picks a character; that character's player decides how the
  copy fights (Strength or Wills, its bonus spells) as the attacker of a fight between
  characters; the visitor then fights it like a Creature in that battle. Nothing of the real
  character is used up, and the result is a Creature battle's (1 Health on a loss; on a win the
  card's Experience and reward, nothing else).
* Unlicensed Alchemist: for the card's price, a copy of one of the visitor's Items; the card
  goes with the copy (a variant Item that stands for it).
* Path of the Dead: the character leaves the board until her next turn begins, out of reach;
  she comes back healed and undead.
* Beast: beaten, it stays with the winner, who counts as an animal and a demon and has +1 in
  every Battle of Strength, until she dies.
* Gifts of the Gods: a die says Common or Rare; everyone on the board draws one; the visitor
  decides that all keep or all discard.
* Returned: the visitor looks in secret at hidden Astral Plane cards.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from engine.core.errors import RuleError
from engine.prophecy.content import CreatureCard
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.effects import can_pay, gain_item, heal, pay, recharge, take_item
from engine.prophecy.equipment import battle_bonus as items_bonus
from engine.prophecy.equipment import candidate_loadouts, check_loadout
from engine.prophecy.standard import battle, parts, planes, powers
from engine.prophecy.standard.state import StdBattle
from engine.prophecy.state import AdventureOnSpace, OwnedItem, PlayerState
from engine.prophecy.turns import after_fight, end_turn
from engine.prophecy.water_realm.cards.common import adventure_power, cstate, power_kind, printed_id
from engine.prophecy.water_realm.cards.content import Alchemist, Beast, Gifts, Path, Returned, copy_id
from engine.prophecy.water_realm.cards.smith import foe_bonus as smith_bonus
from engine.prophecy.water_realm.cards.state import Doppel, Question
from engine.prophecy.water_realm.cards.talk import ask

STOP = "stop"
KEEP, DISCARD = "keep", "discard"
#: where a character walking the Path of the Dead is (`PlayerState.board`)
PATH_BOARD = "path_of_the_dead"


def _used(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace, *, keep_card: bool = False) -> None:
    """The Opportunity is used: off the space, onto the discards unless the card stays in play."""
    ctx.state.spaces[p.space].remove(adv)
    if not keep_card:
        discard(ctx, "adventure", adv.card)
    ctx.emit("opportunity_used", p.player, card=adv.card)


def on_board(ctx: Ctx, pid: str) -> bool:
    """A living character on the main board, not away on the Path of the Dead."""
    q = ctx.state.player(pid)
    return q.alive and bool(q.character) and q.board == "main" and pid not in cstate(ctx.state).away


# ------------------------------------------------------------------------------ Opportunities


def usable(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace) -> bool:
    """Whether this new Opportunity would do something for her now (an Opportunity that would
    not cannot be used)."""
    kind = power_kind(ctx, adv.card)
    card = ctx.pack.adventure(adv.card)
    if not can_pay(p, getattr(card, "cost", None)):
        return False
    if kind == "alchemist":
        return bool(copyable(ctx, p))
    if kind == "returned":
        return bool(planes.hidden_slots(ctx, p.player))
    if kind == "path":
        return powers.sstate(ctx).final_battle is None
    return kind == "gifts"


def use(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace) -> None:
    kind = power_kind(ctx, adv.card)
    power = adventure_power(ctx, adv.card)
    card = ctx.pack.adventure(adv.card)
    if not usable(ctx, p, adv):
        raise RuleError("error.opportunity_useless", card=adv.card)
    pay(ctx, p, getattr(card, "cost", None), adv.card)
    if isinstance(power, Alchemist):
        _used(ctx, p, adv, keep_card=True)
        options = copyable(ctx, p)
        if len(options) == 1:
            duplicate(ctx, p, adv.card, options[0])
        else:
            ask(ctx, Question(kind="alchemy", player=p.player, card=adv.card, options=options))
    elif isinstance(power, Path):
        _used(ctx, p, adv)
        walk_path(ctx, p, adv.card)
    elif isinstance(power, Gifts):
        _used(ctx, p, adv)
        gifts(ctx, p, adv.card, power)
    elif isinstance(power, Returned):
        _used(ctx, p, adv)
        options = [STOP] + planes.hidden_slots(ctx, p.player)
        ask(ctx, Question(kind="returned", player=p.player, card=adv.card, options=options, left=power.looks))
    assert kind in ("alchemist", "path", "gifts", "returned")


# -- the Unlicensed Alchemist


def copyable(ctx: Ctx, p: PlayerState) -> list[str]:
    """Her undamaged Items the Alchemist can copy (one uid per printed card)."""
    out: list[str] = []
    seen: set[str] = set()
    for item in p.items:
        if item.damaged:
            continue
        printed = printed_id(ctx.pack.item(item.card))
        if printed in seen:
            continue
        try:
            ctx.pack.item(copy_id(printed))
        except KeyError:
            continue
        seen.add(printed)
        out.append(item.uid)
    return out


def duplicate(ctx: Ctx, p: PlayerState, card: str, uid: str) -> None:
    item = p.item(uid)
    assert item is not None
    copy = OwnedItem(uid=ctx.state.new_uid("i"), card=copy_id(printed_id(ctx.pack.item(item.card))))
    p.items.append(copy)
    ctx.emit("wrc_duplicated", p.player, reveals=True, card=card, item=copy.uid, copied=copy.card)


# -- the Path of the Dead


def walk_path(ctx: Ctx, p: PlayerState, card: str) -> None:
    cs = cstate(ctx.state)
    cs.away[p.player] = p.space
    p.board = PATH_BOARD
    ctx.emit("wrc_path_walked", p.player, card=card)
    turn = ctx.state.turn
    if turn is not None and turn.player == p.player:
        turn.extra_turns = 0  # she is gone: her next turn is the one she comes back in
        end_turn(ctx)


def come_back(ctx: Ctx, p: PlayerState) -> None:
    """At the start of her next turn: back where she left, healed, undead (ruling path_of_the_dead)."""
    cs = cstate(ctx.state)
    space = cs.away.pop(p.player, None)
    if space is None:
        return
    p.board = "main"
    p.space = space
    card = next((c for c in _cards_of(ctx, "path")), "")
    power = adventure_power(ctx, card) if card else None
    gained = add_types(ctx, p.player, power.types if isinstance(power, Path) else ["undead"])
    heal(ctx, p, p.red.left, card)
    recharge(ctx, p, p.blue.left, card)
    ctx.emit("wrc_path_returned", p.player, card=card, space=ctx.pack.space(space).id, types=gained)


def _cards_of(ctx: Ctx, kind: str) -> list[str]:
    return [c.id for c in ctx.pack.adventures if getattr(getattr(c, "power", None), "kind", None) == kind]


def add_types(ctx: Ctx, pid: str, types: Sequence[str]) -> list[str]:
    """Give her creature types (cumulative, "Characters with Creature Types"); the new ones."""
    have = cstate(ctx.state).types.setdefault(pid, [])
    new = [t for t in types if t not in have and t != "humanoid"]
    have.extend(new)
    return new


# -- Gifts of the Gods


def gifts(ctx: Ctx, p: PlayerState, card: str, power: Gifts) -> None:
    face = ctx.state.rng.d6()
    ctx.emit("die_rolled", p.player, reveals=True, face=face, reason=card)
    deck = power.low if face <= 3 else power.high
    order = [x.player for x in ctx.state.players]
    i = order.index(p.player)
    drawn: list[str] = []
    for k in range(len(order)):
        pid = order[(i + k) % len(order)]
        if not on_board(ctx, pid):
            continue
        q = ctx.state.player(pid)
        before = {it.uid for it in q.items}
        gain_item(ctx, q, deck)
        drawn.extend(f"{pid}:{it.uid}" for it in q.items if it.uid not in before)
    if drawn:
        ask(ctx, Question(kind="gifts", player=p.player, card=card, options=[KEEP, DISCARD], items=drawn))


def gifts_decided(ctx: Ctx, p: PlayerState, q: Question, option: str) -> None:
    if option == KEEP:
        ctx.emit("wrc_gifts_kept", p.player, card=q.card)
        return
    ctx.emit("wrc_gifts_discarded", p.player, card=q.card)
    for entry in q.items:
        pid, _, uid = entry.partition(":")
        owner = ctx.state.player(pid)
        item = owner.item(uid)
        if item is not None:
            take_item(ctx, owner, item, "lose", q.card)


# -- the Returned


def returned_look(ctx: Ctx, p: PlayerState, q: Question, option: str) -> bool:
    """Look at one card; True while she may look at another."""
    if option == STOP:
        return False
    plane, _, slot = option.partition(":")
    planes.look(ctx, p, plane, slot, public=False, reason=q.card)  # type: ignore[arg-type]  # options are "plane:slot"
    q.left -= 1
    hidden = planes.hidden_slots(ctx, p.player)
    q.options = [STOP] + hidden
    return q.left > 0 and bool(hidden)


# ------------------------------------------------------------------------------- Doppelganger


def doppel_here(ctx: Ctx) -> tuple[PlayerState, AdventureOnSpace] | None:
    """The Doppelganger the active player is about to fight, if that is what she faces."""
    st = ctx.state
    turn = st.turn
    if turn is None or turn.phase != "fight" or turn.fight is None or powers.sstate(ctx).turn.battle is not None:
        return None
    p = st.player(turn.player)
    adv = next((a for a in st.spaces[p.space] if a.uid == turn.fight), None)
    if adv is None or power_kind(ctx, adv.card) != "doppelganger":
        return None
    return p, adv


def doppel_state(ctx: Ctx) -> Doppel | None:
    """The copy chosen for the Doppelganger being faced (None before the choice)."""
    here = doppel_here(ctx)
    d = cstate(ctx.state).doppel
    if here is None or d is None or d.uid != here[1].uid or not ctx.state.player(d.copy_of).alive:
        return None
    return d


def copy_options(ctx: Ctx, p: PlayerState) -> list[str]:
    """Any other living character not out of reach; herself when she is alone."""
    others = [q.player for q in ctx.state.players if q.player != p.player and on_board_or_realm(ctx, q.player)]
    return others or [p.player]


def on_board_or_realm(ctx: Ctx, pid: str) -> bool:
    q = ctx.state.player(pid)
    return q.alive and bool(q.character) and pid not in cstate(ctx.state).away


def doppel_question(ctx: Ctx) -> Question | None:
    """The question the Doppelganger asks now: whom it copies (the visitor), then how it
    fights (the copied character's player). Worked out from the state, not stored."""
    here = doppel_here(ctx)
    if here is None:
        return None
    p, adv = here
    d = doppel_state(ctx)
    if d is None:
        return Question(kind="copy", player=p.player, card=adv.card, source=adv.uid, options=copy_options(ctx, p))
    if d.battle is None:
        return Question(kind="doppel", player=d.copy_of, card=adv.card, source=adv.uid, other=p.player,
                        options=doppel_options(ctx, ctx.state.player(d.copy_of), p))
    return None


def _wills_cost(ctx: Ctx, copy: PlayerState) -> int:
    cost = powers.spack(ctx.state).figures.character_wills_magic.value or 0
    return max(0, cost - powers.wills_discount(ctx.state, copy.player))


def _bonus_spells(ctx: Ctx, copy: PlayerState, visitor: PlayerState, fight: str) -> list[Any]:
    """The copy's spells that only add a bonus (ruling doppelganger_choices: no Prayer or Curse)."""
    tags = list(battle.character_tags(ctx.state, visitor.player))
    return [s for s in powers.declarable_spells(ctx.state, copy.player, fight, "character", tags)
            if all(e.kind == "battle_bonus" for e in s.effects)]


def doppel_options(ctx: Ctx, copy: PlayerState, visitor: PlayerState) -> list[str]:
    out: list[str] = []
    for fight in ("strength", "wills"):
        base = 0 if fight == "strength" else _wills_cost(ctx, copy)
        if copy.blue.right < base:
            continue
        spells = _bonus_spells(ctx, copy, visitor, fight)
        for k in range(min(len(spells), 2) + 1):
            for combo in combinations(spells, k):
                magic = base + sum(s.cast.magic for s in combo)
                if magic <= copy.blue.right:
                    out.append(fight + (":" + "+".join(s.id for s in combo) if combo else ""))
    return out


def copy_chosen(ctx: Ctx, p: PlayerState, q: Question, option: str) -> None:
    cstate(ctx.state).doppel = Doppel(uid=q.source or "", copy_of=option)
    ctx.emit("wrc_doppel_copies", p.player, card=q.card, copy_of=option)


def doppel_decided(ctx: Ctx, q: Question, option: str) -> None:
    d = cstate(ctx.state).doppel
    assert d is not None
    fight, _, spells = option.partition(":")
    d.battle = fight  # type: ignore[assignment]  # options are "<strength|wills>:<spells>"
    d.spells = [s for s in spells.split("+") if s]
    visitor = ctx.state.player(q.other or "")
    ctx.emit("wrc_doppel_fights", d.copy_of, card=q.card, battle=fight, spells=list(d.spells),
             figure=copy_figure(ctx, ctx.state.player(d.copy_of), visitor, fight, d.spells))


def copy_figure(ctx: Ctx, copy: PlayerState, visitor: PlayerState, fight: str, spells: list[str]) -> int:
    """The copy's figure: the copied character's cubes (less the Magic the copy spends), her
    best Items against the visitor, her Abilities' and Artifacts' bonuses as an attacker, and
    the bonus spells cast (nothing of the real character is used up)."""
    sp = powers.spack(ctx.state)
    magic = (_wills_cost(ctx, copy) if fight == "wills" else 0) + sum(sp.ability(s).cast.magic for s in spells)
    own = copy.red.right if fight == "strength" else copy.blue.right - magic
    tags = battle.character_tags(ctx.state, visitor.player)
    target = battle.Foe("character", visitor.character, None, None, "strength", tags)
    best = 0
    for f in candidate_loadouts(ctx.pack, copy, fight):
        if f.throw:
            continue
        cards = check_loadout(ctx.pack, copy, f)
        value = items_bonus(cards, target, fight, None)
        value += sum(part.foe_bonus(ctx, copy, fight, target, cards) for part in parts.active_parts(ctx.state))
        best = max(best, value)
    bonus = powers.battle_bonus(ctx.state, copy.player, fight, "character", list(tags), attacking=True, spells=spells)
    return own + best + bonus


def doppel_foe(ctx: Ctx) -> battle.Foe | None:
    """The Doppelganger as the visitor fights it, once its player has decided."""
    here = doppel_here(ctx)
    d = doppel_state(ctx)
    if here is None or d is None or d.battle is None:
        return None
    p, adv = here
    copy = ctx.state.player(d.copy_of)
    figure = copy_figure(ctx, copy, p, d.battle, d.spells)
    card = ctx.pack.adventure(adv.card)
    assert isinstance(card, CreatureCard)
    return battle.Foe("creature", card.id, figure if d.battle == "strength" else None,
                      figure if d.battle == "wills" else None, d.battle,
                      battle.character_tags(ctx.state, copy.player), tuple(card.specials), 1)


def doppel_fights(ctx: Ctx, p: PlayerState) -> list[Any]:
    """The visitor's ways to fight the copy: every loadout, in the battle its player chose."""
    foe = doppel_foe(ctx)
    if foe is None:
        return []
    return [a for a in battle.loadout_actions(ctx, p, foe, None) if a.battle == foe.first]


def fight_doppel(ctx: Ctx, p: PlayerState, action: Any) -> None:
    foe = doppel_foe(ctx)
    if foe is None:
        raise RuleError("error.wrc_doppel_not_ready")
    if action.battle != foe.first:
        raise RuleError("error.battle_not_allowed", battle=action.battle, card=foe.card)
    turn = ctx.state.turn
    assert turn is not None and turn.fight is not None
    battle.start(ctx, p, foe, turn.fight, action)


# ------------------------------------------------------------------------------------ Beast


def beast_won(ctx: Ctx, p: PlayerState, b: StdBattle) -> bool:
    """The Beast beaten: it stays with her (the Creature's usual win otherwise)."""
    power = adventure_power(ctx, b.card) if b.opponent == "creature" else None
    if not isinstance(power, Beast):
        return False
    adv = next((a for a in ctx.state.spaces[p.space] if a.uid == b.target), None)
    if adv is None:
        return False
    creature = ctx.pack.adventure(adv.card)
    assert isinstance(creature, CreatureCard)
    ctx.state.spaces[p.space].remove(adv)
    battle.reward_creature(ctx, p, creature)
    cstate(ctx.state).beasts.setdefault(p.player, []).append(creature.id)
    gained = add_types(ctx, p.player, list(power.types))
    ctx.emit("wrc_beast_kept", p.player, card=creature.id, types=gained)
    turn = ctx.state.turn
    if p.alive and ctx.state.status == "active" and turn is not None:
        if turn.item_choices:
            turn.resume = "win"
        else:
            after_fight(ctx, "win")
    return True


def beast_bonus(ctx: Ctx, who: PlayerState, fight: str) -> int:
    if fight != "strength":
        return 0
    total = 0
    for card in cstate(ctx.state).beasts.get(who.player, []):
        power = adventure_power(ctx, card)
        if isinstance(power, Beast):
            total += power.strength
    return total


def foe_bonus(ctx: Ctx, who: PlayerState, fight: str, foe: Any, item_cards: list[Any]) -> int:
    return smith_bonus(ctx, who, fight, foe, item_cards) + beast_bonus(ctx, who, fight)
