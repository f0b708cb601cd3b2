"""A seeded random generator whose whole state lives inside the game state.

Python's `random` keeps hidden state in the interpreter; a replay from the action log would
then depend on what else ran in the process. This generator is a pure function of two
integers that are stored with the game, so replaying the log from the seed reproduces every
die and every shuffle exactly.
"""
from __future__ import annotations

from typing import MutableSequence, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng(BaseModel):
    """SplitMix64: tiny, fast in pure Python, and statistically fine for dice and shuffles."""

    seed: int
    state: int = 0
    draws: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(seed=seed, state=seed & _MASK64)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        self.draws += 1
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def d6(self) -> int:
        return self.randint(1, 6)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
