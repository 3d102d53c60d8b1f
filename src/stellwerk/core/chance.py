"""Seeded chance held in the game state.

A game's every random event draws from one `Chance` object stored in its state, so a
game is fully determined by options, seed and actions. The generator is SplitMix64
written out here rather than `random.Random` for two reasons: its whole state is one
integer, so cloning a state (the hot path of every search bot) copies one int instead
of 625; and its output is fixed by this file, not by the Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Chance:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def clone(self) -> Chance:
        twin = Chance.__new__(Chance)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias.

        `next64` is written out inline (the same numbers): this is the hottest call of
        every rollout, and a Python call costs as much as the arithmetic."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n > 1 << 64:  # one 64-bit draw cannot cover the range; it would loop for ever
            raise ValueError("below() handles n up to 2**64")
        limit = 0x10000000000000000 - (0x10000000000000000 % n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Chance:
        """An independent generator derived from this one (advances this one)."""
        return Chance(self.next64())


def chance_from(seed: int | Chance) -> Chance:
    """A new state's chance: the generator of a seed, or the `Chance` given itself (a
    research adapter's `ScriptedChance`, which asks for every draw)."""
    return seed if isinstance(seed, Chance) else Chance(seed)
