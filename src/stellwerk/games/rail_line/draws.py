"""`Chance`'s draws written out for Rail Line's hottest loops.

A search iteration shuffles the B deck of a determinization (about 30 draws) and a
rollout draws once a step; a Python call to `Chance.below` costs as much as its
arithmetic. These give the very numbers `core/chance.py` gives (SplitMix64, the same
rejection bound), and leave the chance in the same state; a subclass of `Chance` (a
test's) is asked itself. `tests/rail_line/test_fast_paths.py` compares them.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.chance import Chance

GOLDEN = 0x9E3779B97F4A7C15
MASK = 0xFFFFFFFFFFFFFFFF
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
_SPAN = 0x10000000000000000
# `Chance.below(n)` draws again above this bound, so every result is equally likely
BOUND_1000 = _SPAN - _SPAN % 1000
_BOUNDS = [0] + [_SPAN - _SPAN % n for n in range(1, 129)]


def shuffle(chance: Chance, items: list[Any]) -> None:
    """`chance.shuffle(items)`: Fisher-Yates with the same draws, in place."""
    if type(chance) is not Chance or len(items) >= len(_BOUNDS):
        chance.shuffle(items)
        return
    x = chance.state
    for i in range(len(items) - 1, 0, -1):
        bound = _BOUNDS[i + 1]
        while True:     # chance.below(i + 1)
            x = (x + GOLDEN) & MASK
            z = ((x ^ (x >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            z ^= z >> 31
            if z < bound:
                break
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    chance.state = x
