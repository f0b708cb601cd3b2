"""Free dice expressions for `/roll` (`2d6+3`, `4d6kh3`, `1d20 adv`), rolled with the d20 library.

Not part of any game's rules, so not in the engine: these rolls change no stored game and draw
from Python's global `random`; anything a stored game rolls uses that game's seeded Rng. See
free_rolls.py for the guard that refuses abusive expressions before a die is rolled.
"""
from dice.free_rolls import (
    ADVANTAGE_WORDS,
    LIMITS,
    DiceLimits,
    DiceRoll,
    ReadRoll,
    check_expression,
    read_expression,
    roll,
)

__all__ = [
    "ADVANTAGE_WORDS",
    "DiceLimits",
    "DiceRoll",
    "LIMITS",
    "ReadRoll",
    "check_expression",
    "read_expression",
    "roll",
]
