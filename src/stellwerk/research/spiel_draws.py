"""A draw in progress as OpenSpiel chance nodes: what may come out, and what did.

A game that draws from the `ScriptedChance` it is given (`Game.chance_given`) asks for
each draw with `DrawNeeded`. A shuffle of `m` items becomes `m - 1` chance nodes, one
per place from the last to the second, as Fisher-Yates fills them: each node's outcomes
are the items not yet placed, equal items merged into one outcome whose probability is
their share (Linie 1's pile holds many copies of a tile). An outcome's id is the
position of the item's first copy in the list the game shuffled, so one id always
means one item. One number below `n` (Benelux Rails' first player) is one node with
outcomes `0 .. n-1`, each `1/n`.
"""

from __future__ import annotations

import json
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.chance_script import DrawNeeded


def _key(item: Any) -> Any:
    """An item as a dictionary key: itself, or its JSON when it cannot be hashed."""
    try:
        hash(item)
    except TypeError:
        return json.dumps(item, sort_keys=True, default=str)
    return item


class Draw:
    __slots__ = ("first", "hint", "items", "n", "order", "picked")

    def __init__(self, needed: DrawNeeded) -> None:
        self.items: tuple[Any, ...] | None = needed.items
        self.n = needed.n
        self.order = list(range(self.n))      # the items' places as the shuffle stands
        self.picked: list[int] = []           # the scripted `below` of each place so far
        self.first: dict[Any, int] = {}       # an item -> the position of its first copy
        for index, item in enumerate(self.items or ()):
            self.first.setdefault(_key(item), index)
        # the place `seeded` drew its outcome from: equal items in other places give
        # the same deal, but only that place leaves the rest as the engine leaves it
        self.hint: tuple[int, int] | None = None

    def copy(self) -> Draw:
        twin = Draw.__new__(Draw)
        twin.items, twin.n, twin.first = self.items, self.n, self.first
        twin.order, twin.picked = list(self.order), list(self.picked)
        twin.hint = self.hint
        return twin

    def _place(self) -> int:
        """The place the next outcome fills (the shuffle fills from the last)."""
        return self.n - 1 - len(self.picked)

    def outcomes(self) -> list[tuple[int, float]]:
        if self.items is None:
            return [(k, 1.0 / self.n) for k in range(self.n)]
        place = self._place()
        counts: dict[int, int] = {}
        for index in self.order[:place + 1]:
            outcome = self.first[_key(self.items[index])]
            counts[outcome] = counts.get(outcome, 0) + 1
        return [(outcome, count / (place + 1)) for outcome, count in sorted(counts.items())]

    def seeded(self, chance: Chance) -> int:
        """The outcome the engine's own generator draws here: a game dealt by these
        outcomes, with `chance` the generator of seed `s` kept from node to node, is
        the game of engine seed `s` (`stellwerk play --seed s`)."""
        if self.items is None:
            return chance.below(self.n)
        j = chance.below(self._place() + 1)
        outcome = self.first[_key(self.items[self.order[j]])]
        self.hint = (outcome, j)
        return outcome

    def take(self, outcome: int) -> tuple[int, ...] | None:
        """Record `outcome`; the scripted draws of the whole draw once it is complete,
        else None. Raise ValueError for an outcome that cannot come out now."""
        if self.items is None:
            if not 0 <= outcome < self.n:
                raise ValueError(f"no outcome {outcome} of a draw below {self.n}")
            return (outcome,)
        place = self._place()
        if self.hint is not None and self.hint[0] == outcome:
            j = self.hint[1]
        else:
            for j in range(place + 1):
                if self.first[_key(self.items[self.order[j]])] == outcome:
                    break
            else:
                raise ValueError(f"outcome {outcome} is not among the items left to draw")
        self.hint = None
        self.picked.append(j)
        self.order[place], self.order[j] = self.order[j], self.order[place]
        return tuple(self.picked) if len(self.picked) == self.n - 1 else None

    def name(self, outcome: int) -> str:
        """What an outcome draws, for logs and `action_to_string`."""
        if self.items is None:
            return f"lot {outcome} of {self.n}"
        if 0 <= outcome < self.n:
            return f"draw {self.items[outcome]}"
        return f"outcome {outcome}"

    def to_json(self) -> dict[str, Any]:
        return {"items": None if self.items is None else list(self.items), "n": self.n,
                "picked": list(self.picked)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draw:
        draw = cls(DrawNeeded(data["items"], int(data["n"])))
        for j in data["picked"]:
            place = draw._place()
            draw.picked.append(int(j))
            draw.order[place], draw.order[int(j)] = draw.order[int(j)], draw.order[place]
        return draw
