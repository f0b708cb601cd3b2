"""Combat odds: exact ones shown to players, and the same numbers as floats for the AI.

Both come from one table of exact single-roll chances (two d6, the player's die minus the
Creature's), so the AI's floats are the displayed fractions rounded once, never a separate
approximation. Both are also tables keyed by the battle's figures (difference, thrown
bonus, lives), filled on first use, so no decision recomputes fractions.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.prophecy.actions import Fight
from engine.prophecy.combat import BattlePlan, battle_odds, plan_battle
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
    return Odds(*exact_chances(plan.player_figure - plan.creature_figure, plan.first_roll_bonus, plan.lives))


@lru_cache(maxsize=4096)
def exact_chances(diff: int, first_bonus: int = 0, lives: int = 1) -> tuple[Fraction, Fraction, Fraction]:
    """`battle_odds` of a battle whose figures differ by `diff`, computed once per figures
    (the odds depend on nothing else; fractions are immutable, so sharing them is safe)."""
    return battle_odds(BattlePlan("strength", diff, 0, first_bonus, lives, None))


def _exact_roll(diff: int) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (win, draw, loss) of one roll when the player's total before dice leads by `diff`."""
    win = sum(1 for light in range(1, 7) for dark in range(1, 7) if diff + light - dark > 0)
    draw = sum(1 for light in range(1, 7) for dark in range(1, 7) if diff + light - dark == 0)
    return Fraction(win, 36), Fraction(draw, 36), Fraction(36 - win - draw, 36)


@lru_cache(maxsize=4096)
def battle_chances(diff: int, first_bonus: int = 0, lives: int = 1) -> tuple[float, float, float]:
    """(win, draw, loss) as floats for a battle whose figures differ by `diff`.

    `first_bonus` is a thrown weapon's bonus on the first roll only; with `lives` > 1 every
    roll must be won and the first roll that is not a win decides the battle (the same rule
    as `engine.prophecy.combat.battle_odds`). Computed exactly, then rounded once; cached, so
    the AI's hot path is a dictionary look-up.
    """
    win, draw, loss = Fraction(1), Fraction(0), Fraction(0)
    for roll in range(lives):
        w, d, l = _exact_roll(diff + (first_bonus if roll == 0 else 0))
        draw += win * d
        loss += win * l
        win *= w
    return float(win), float(draw), float(loss)


def _die_faces(dice: int, keep_high: bool) -> tuple[Fraction, ...]:
    """Chances of each face 1..6 when `dice` dice are rolled and the best (or worst) is kept:
    Prayer keeps the highest of the player's dice, Curse the lowest of the opponent's."""
    out = []
    for face in range(1, 7):
        if keep_high:
            out.append(Fraction(face ** dice - (face - 1) ** dice, 6 ** dice))
        else:
            out.append(Fraction((7 - face) ** dice - (6 - face) ** dice, 6 ** dice))
    return tuple(out)


@lru_cache(maxsize=4096)
def roll_chances(diff: int, own_dice: int = 1, foe_dice: int = 1) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (win, draw, loss) of one roll of a Standard battle: the player's figure leads
    by `diff`, she keeps the best of `own_dice` dice, the opponent the worst of `foe_dice`."""
    if own_dice == 1 and foe_dice == 1:
        return _exact_roll(diff)
    light = _die_faces(own_dice, True)
    dark = _die_faces(foe_dice, False)
    win = draw = Fraction(0)
    for a in range(6):
        for b in range(6):
            margin = diff + a - b
            if margin > 0:
                win += light[a] * dark[b]
            elif margin == 0:
                draw += light[a] * dark[b]
    return win, draw, 1 - win - draw


@lru_cache(maxsize=8192)
def dice_chances(diff: int, first_bonus: int = 0, lives: int = 1, own_dice: int = 1,
                 foe_dice: int = 1) -> tuple[float, float, float]:
    """`battle_chances` for a Standard battle with Prayer or Curse dice (several dice, one
    kept); with one die each it is `battle_chances` itself, so Basic figures are unchanged."""
    if own_dice == 1 and foe_dice == 1:
        return battle_chances(diff, first_bonus, lives)
    win, draw, loss = Fraction(1), Fraction(0), Fraction(0)
    for roll in range(lives):
        w, d, l = roll_chances(diff + (first_bonus if roll == 0 else 0), own_dice, foe_dice)
        draw += win * d
        loss += win * l
        win *= w
    return float(win), float(draw), float(loss)
