"""The seeded random numbers of the rules (the bottom layer: it imports nothing from the
package).  :mod:`pygame_core.core` re-exports every name here."""
from __future__ import annotations

import os

MAX_SEED = 2**53 - 1  # seeds stay exact in JSON numbers (JavaScript reads them as doubles)

_MASK64 = (1 << 64) - 1


class Rng:
    """A small, fully specified PRNG (SplitMix64).

    Python's :mod:`random` is not used for game rules, so that the stream of numbers is part
    of this package's save format and can never change with the interpreter (CPython 3.11 and
    the Pyodide build of 3.14 give identical results).  ``below(n)`` uses rejection sampling,
    so it is unbiased.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            r = self.next64() >> (64 - bits)
            if r < n:
                return r

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) / 9007199254740992.0

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        return Rng(self.next64())

    def copy(self) -> "Rng":
        return Rng(self.state)


def fresh_seed() -> int:
    """A random seed for a new game (recorded, so the game still replays exactly)."""
    return int.from_bytes(os.urandom(8), "big") & MAX_SEED
