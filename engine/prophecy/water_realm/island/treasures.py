"""What the Treasures do while carried (Water Realm expansion, Appendix "Treasures"; rulings
treasure_powers, crystal_ball_one_card, crystal_ball_vision, tome_of_magic, astral_satchel).

A Treasure is an Item; its powers work while it is carried and not damaged. A Treasure that is
an Astral Stone (the Astral Mindstone) works only once a smith set it into another Item, and
then through that Item (`working`; Appendix "Astral Stones"). The powers written
in the Abilities' vocabulary (a start-of-round gain, a battle bonus, a ward) reach the Standard
rules as an Artifact-shaped card lent to the carrier (`held_cards`), so they act exactly where
an Artifact's would: the start-of-round gains before the movement, once a round even with extra
turns. Two have rules of their own:

* Crystal Ball of Fate: at the start of her round the carrier sees both dice of her next battle
  roll of the round (only she sees them); that roll then starts from those dice, which Prayer,
  Curse and rerolls may still change; unused, the vision ends with her round.
* Tome of Magic: she may cast any spell another living character knows, as if she knew it
  (paying its Magic, under its limits).
"""
from __future__ import annotations

from typing import Any

from engine.prophecy.context import Ctx
from engine.prophecy.standard import powers
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards.content import STONE_MARK
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.maps import isl

#: id(content) -> (Treasure id -> its powers as a card, Treasure id -> its special power)
_TABLES: dict[int, tuple[dict[str, Any], dict[str, str]]] = {}


def _tables() -> tuple[dict[str, Any], dict[str, str]]:
    content = island_content()
    hit = _TABLES.get(id(content))
    if hit is None:
        hit = _TABLES[id(content)] = (content.treasure_powers(),
                                      {t.id: t.special for t in content.treasures if t.special})
    return hit


def carried(state: ProphecyState, pid: str, special: str) -> bool:
    """She carries an undamaged Treasure with this special power."""
    specials = _tables()[1]
    return any(not i.damaged and specials.get(i.card) == special for i in state.player(pid).items)


def extra_items(state: ProphecyState, pid: str) -> int:
    """How much her carried, undamaged Treasures raise her Item limit (the Astral Satchel; ruling
    astral_satchel)."""
    by_id = {t.id: t.extra_items for t in island_content().treasures if t.extra_items}
    return sum(by_id.get(i.card, 0) for i in state.player(pid).items if not i.damaged)


def working(card_id: str) -> str | None:
    """The Treasure whose powers an Item of this card gives: the Treasure itself, or the one a
    smith set into it; a Treasure that is a stone works only once set ("Astral Stones": "none of
    its powers work until it is integrated into another Item"; ruling astral_mindstone)."""
    if STONE_MARK in card_id:
        return set_treasure(card_id)
    if island_content().stone(card_id) is not None:
        return None
    return card_id


def set_treasure(card_id: str) -> str | None:
    """The Treasure a smith set into an Item of this card (None: none)."""
    if STONE_MARK not in card_id:
        return None
    set_in = card_id.rpartition(STONE_MARK)[2]
    return set_in if island_content().is_treasure(set_in) else None


def held_cards(state: ProphecyState, pid: str) -> list[Any]:
    """The Treasures' powers she has now, and the spells the Tome of Magic lends her."""
    lent, specials = _tables()
    p = state.player(pid)
    out: list[Any] = [lent[w] for i in p.items if not i.damaged and (w := working(i.card)) in lent]
    if any(not i.damaged and specials.get(i.card) == "copy_spells" for i in p.items):
        out.extend(copied_spells(state, pid))
    return out


def copied_spells(state: ProphecyState, pid: str) -> list[Any]:
    """Tome of Magic: the spells other living characters know that she does not."""
    assert state.standard is not None
    sp = powers.spack(state)
    mine = set(state.standard.players[pid].abilities)
    out: dict[str, Any] = {}
    for q in state.players:
        if q.player == pid or not q.alive:
            continue
        for a in state.standard.players[q.player].abilities:
            card = sp.ability(a)
            if card.type == "spell" and a not in mine:
                out.setdefault(a, card)
    return list(out.values())


def foretell(ctx: Ctx, p: PlayerState) -> None:
    """Crystal Ball of Fate, at the start of her round: both dice of her next battle roll."""
    i = isl(ctx)
    i.foretold.pop(p.player, None)
    if not carried(ctx.state, p.player, "foretell"):
        return
    rng = ctx.state.rng
    i.foretold[p.player] = [rng.d6(), rng.d6()]
    # the event says that she looked, never what she saw (her own view shows the dice)
    ctx.emit("island_foretold", p.player)


def battle_dice(ctx: Ctx, p: PlayerState) -> tuple[int, int] | None:
    """The foretold dice, used once, in a battle on her own turn."""
    turn = ctx.state.turn
    i = isl(ctx)
    if turn is None or turn.player != p.player or p.player not in i.foretold:
        return None
    light, dark = i.foretold.pop(p.player)
    ctx.emit("island_vision_used", p.player, light=light, dark=dark)
    return light, dark


def end_visions(ctx: Ctx, player: str) -> None:
    """A turn of someone else begins: every other character's round is over, and so is her vision."""
    i = isl(ctx)
    for pid in [x for x in i.foretold if x != player]:
        del i.foretold[pid]
