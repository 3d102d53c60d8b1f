"""A `Chance` whose draws are given from outside, one by one, as a game asks for them.

A research adapter models chance where it happens (OpenSpiel's chance nodes): it makes
a state with a `ScriptedChance` instead of a seed (`Game.new_state` takes either). The
script holds the results of the draws made so far; a draw beyond it raises
`DrawNeeded`, which says what is drawn (the items of a shuffle, or the range of one
number). The adapter offers those outcomes, appends the chosen ones to the script and
plays the state again from the start, where the same draws now come from the script.

A game draws only through `below` and `shuffle` (the two a state's rules use); a
shuffle is Fisher-Yates as `Chance.shuffle` does it, one scripted `below` per place
from the last to the second, so the script of a shuffle says which of the not yet
placed items goes to each place.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from stellwerk.core.chance import Chance

T = TypeVar("T")


class DrawNeeded(Exception):
    """The script is used up and the game asks for another draw: a shuffle of `items`
    (a copy, in the order the game holds them), or one number below `n` when `items`
    is None."""

    def __init__(self, items: Sequence[Any] | None, n: int) -> None:
        super().__init__(f"a draw from {n} is needed")
        self.items = None if items is None else tuple(items)
        self.n = n


class ScriptedChance(Chance):
    __slots__ = ("at", "script")

    def __init__(self, script: Sequence[int]) -> None:
        super().__init__(0)
        self.script = tuple(script)
        self.at = 0

    def clone(self) -> ScriptedChance:
        twin = ScriptedChance.__new__(ScriptedChance)
        twin.state, twin.script, twin.at = self.state, self.script, self.at
        return twin

    def below(self, n: int) -> int:
        if self.at >= len(self.script):
            raise DrawNeeded(None, n)
        value = self.script[self.at]
        if not 0 <= value < n:
            raise ValueError(f"a scripted draw of {value} is not below {n}")
        self.at += 1
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        if self.at + len(items) - 1 > len(self.script):
            raise DrawNeeded(list(items), len(items))
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def next64(self) -> int:
        # no chance node has 2**64 outcomes: a game draws through `below` and `shuffle`
        raise TypeError("a scripted chance draws only through below() and shuffle()")
