"""Exact combat odds for a planned battle, shown to players before they fight."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.prophecy.actions import Fight
from engine.prophecy.combat import battle_odds, plan_battle
from engine.prophecy.content import CreatureCard
from engine.prophecy.rules import pack_of
from engine.prophecy.state import ProphecyState


@dataclass(frozen=True)
class Odds:
    win: Fraction
    draw: Fraction
    loss: Fraction

    def percent(self) -> tuple[float, float, float]:
        return (float(self.win) * 100, float(self.draw) * 100, float(self.loss) * 100)


def fight_odds(state: ProphecyState, actor: str, action: Fight) -> Odds:
    """Win/draw/loss chances of `action` against the Creature the actor must fight now.

    Raises RuleError if the planned battle is not allowed (wrong loadout, unpayable switch).
    """
    assert state.turn is not None and state.turn.fight is not None
    p = state.player(actor)
    pack = pack_of(state)
    adv = next(a for a in state.spaces[p.space] if a.uid == state.turn.fight)
    card = pack.adventure(adv.card)
    assert isinstance(card, CreatureCard)
    plan = plan_battle(pack, p, card, action)
    return Odds(*battle_odds(plan))
