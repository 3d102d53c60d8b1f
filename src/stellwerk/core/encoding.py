"""The research companion: a game's actions as words with fixed numbers, and a seat's
view as a fixed number of numbers, for learners that need both (OpenSpiel's neural
algorithms, PettingZoo's `Box` observations and `Discrete` actions).

Actions: the game lists its vocabulary, `words()`, every word its notation can write
(verbs, card and place names, numbers, the separators `=`, `+`, `;`), and an action is
the words of its notation (`tokens`). A word's number is its place in the vocabulary,
so one number means one word in every state ("lay", "B12"); an action is chosen word
by word, and the adapters add one more number, "done", after the last word. A game
with no vocabulary (the default) keeps the adapters' numbering by candidate position.

Views: `features(state, seat)` gives `feature_size` numbers made from `state.view(seat)`
only, so they hold nothing the seat may not know. The default hashes every leaf of the
view (its path and, for a word, the word) into `feature_size` slots, a number adding its
value and a word or truth value 1 (the hashing trick: fixed size for any view, at the
price of rare collisions); a game may give its own encoding.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game, State

_PIECES = re.compile(r"[=+;,]|[^\s=+;,]+")


def split_notation(text: str) -> tuple[str, ...]:
    """The words of a notation: split at spaces, the separators `= + ; ,` words of
    their own (`D1=1` is `D1`, `=`, `1`)."""
    return tuple(_PIECES.findall(text))


_SLOTS: dict[tuple[str, int], int] = {}     # (key, size) -> slot: the same keys recur
_SLOTS_KEPT = 1 << 18


def _slot(key: str, size: int) -> int:
    found = _SLOTS.get((key, size))
    if found is None:
        if len(_SLOTS) >= _SLOTS_KEPT:
            _SLOTS.clear()
        found = _SLOTS[(key, size)] = zlib.crc32(key.encode("utf-8")) % size
    return found


def hashed_features(view: Any, size: int) -> list[float]:
    """Every leaf of a JSON view hashed into `size` numbers (see the module's text)."""
    out = [0.0] * size
    stack: list[tuple[str, Any]] = [("", view)]
    pop, push = stack.pop, stack.append
    while stack:
        path, value = pop()
        kind = type(value)
        if kind is dict:
            for key, item in value.items():
                push((f"{path}/{key}", item))
        elif kind is list or kind is tuple:
            for index, item in enumerate(value):
                push((f"{path}/{index}", item))
        elif kind is int or kind is float:
            out[_slot(path, size)] += value
        elif isinstance(value, Mapping):
            push((path, dict(value)))
        else:       # a word, a truth value, null: present or not
            out[_slot(f"{path}={value}", size)] += 1.0
    return out


class Encoding:
    """How the research adapters number a game's actions and encode a seat's view, for
    one content pack and seat count."""

    feature_size: ClassVar[int] = 2048

    def __init__(self, game: Game, pack: ContentPack, seats: int) -> None:
        self.game = game
        self.pack = pack
        self.seats = seats

    def words(self) -> Sequence[str]:
        """Every word the game's notation writes, each once; empty: no fixed numbers."""
        return ()

    def tokens(self, action: Action) -> tuple[str, ...]:
        """The words of `action`, each in `words()`. Default: its notation's words."""
        return split_notation(self.game.format_action(action))

    def features(self, state: State, seat: int,
                 view: Mapping[str, Any] | None = None) -> list[float]:
        """`feature_size` numbers from what `seat` may know; `view` is
        `state.view(seat)` where the caller has it. Default: the hashed view."""
        return hashed_features(state.view(seat) if view is None else view,
                               self.feature_size)
