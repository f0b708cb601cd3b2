"""What a character could do on arriving at a space, asked of the rules themselves.

A move prompt names, for each destination, the services and Possibilities waiting there (a
market's goods, healing, repairs, Work, training, an Ability, the Gate's Bubble Bags, a Map
Fragment...). To name only what she could really use, the rules are not restated: a copy of
the game is made, she is placed on the destination as the move would leave her (its way paid
in Gold and Magic, having moved or stayed, her movement over, in her act phase), and the
rules list what she may do there (`rules.iter_legal`, which serves Basic and Standard games
and the Water Realm expansion's parts alike). The prompt names a Possibility only when that
list holds an action using it.

The Creatures waiting there are taken as beaten (what follows a fight is the fight's line);
a face-down card is left out too, as this view cannot tell what it is (`Landing.face_down`
says one was there). Each arrival is a shallow copy of the game with only her record, the
destination's cards and the turn replaced (listing actions never changes a state), so a
prompt's destinations cost a few listings, not copies of the game. Pure rules, no I/O.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.prophecy.content import CreatureCard
from engine.prophecy.rules import iter_legal
from engine.prophecy.state import ProphecyState

#: the action types of what a space offers in the act phase (the costly loadouts of fights
#: and attacks are never worked out): services, a guild's Ability and training, a
#: Certificate, and the expansion's Gate, Map Fragments and smith
ARRIVAL_TYPES = frozenset({"heal", "recharge", "exchange", "buy", "sell", "repair", "certificate", "learn",
                           "train", "water_enter", "island_collect", "wrc_smith"})


@dataclass
class Landing:
    """What the rules let her do on one arrival: the actions, and whether a face-down card
    lay there (left out of the copy, as the view does not tell what it is)."""

    actions: list[Any]
    face_down: bool

    def of(self, *types: str) -> list[Any]:
        return [a for a in self.actions if a.type in types]


class Arrival:
    """The act-phase actions open to `actor` on arrival at each destination of her move.

    Listing legal actions only reads the state (the buttons and the AI list them on the stored
    game itself), so each arrival is a shallow copy of `state` in which only what the move
    changes is new: her record, the destination's list of cards and the turn. `state` itself
    is never changed."""

    def __init__(self, state: ProphecyState, actor: str) -> None:
        assert state.turn is not None
        self._state = state
        self._actor = actor
        self._pack = _pack(state)

    def landing(self, space: int, gold: int = 0, magic: int = 0, moved: bool = True,
                types: frozenset[str] = ARRIVAL_TYPES) -> Landing:
        """She stands on `space` having paid `gold` and `magic` for the way (`moved` False:
        she stayed where her turn began) and every Creature there beaten."""
        state = self._state
        p = state.player(self._actor)
        kept, face_down = [], False
        for adv in state.spaces[space]:
            card = _card(self._pack, adv.card) if adv.face_up else None
            if card is None:
                face_down = True
            elif not isinstance(card, CreatureCard):
                kept.append(adv)
        update: dict[str, Any] = {"space": space, "gold": max(0, p.gold - gold)}
        if magic:
            update["blue"] = p.blue.model_copy(update={"right": max(0, p.blue.right - magic)})
        arrived = p.model_copy(update=update)
        spaces = list(state.spaces)
        spaces[space] = kept
        assert state.turn is not None
        turn = state.turn.model_copy(update={"phase": "act", "fight": None, "battle": None, "item_choices": [],
                                             "movement_done": True, "moved": moved})
        hyp = state.model_copy(update={"players": [arrived if q is p else q for q in state.players],
                                       "spaces": spaces, "turn": turn})
        actions = [a for a in iter_legal(hyp, self._actor, types) if a.type in types]
        return Landing(actions, face_down)


def _pack(state: ProphecyState) -> Any:
    if state.standard is not None:
        from engine.prophecy.standard.rules import pack_of

        return pack_of(state)
    from engine.prophecy.content import pack_by_id

    return pack_by_id(state.options.pack)


def _card(pack: Any, card_id: str) -> Any:
    try:
        return pack.adventure(card_id)
    except KeyError:  # a card this view hides
        return None
