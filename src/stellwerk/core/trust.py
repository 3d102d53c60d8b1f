"""Trusting an action a state listed itself: the one speed-up every engine shares.

A search lists a state's actions and applies one of them, millions of times; checking it
again in `apply` would only repeat what listing it proved. A state keeps a `Trusted`:
what its listing (or its own rollout policy) vouched for, by object identity, for one
seat, with whatever the check worked out (a "deed" the game may reuse to carry it out).
An equal tuple built elsewhere is not the same object and is checked in full, so no
caller can smuggle an action past the rules; any change of the state forgets it all.

>>> trust = Trusted()
>>> lay = ("lay", "A07")
>>> trust.vouch(0, lay, "deed")
>>> trust.recall(0, lay)
'deed'
>>> trust.recall(0, ("lay", "A07")) is UNKNOWN, trust.recall(1, lay) is UNKNOWN
(True, True)
>>> trust = trust.forgotten()
>>> trust.recall(0, lay) is UNKNOWN
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

UNKNOWN: Any = object()   # recall's answer for an action nobody vouched for
_PLAIN = frozenset((str, int))   # the types of the words of an action that may be trusted


class Trusted:
    """Actions vouched for on one state: id -> (action, seat, deed). The action itself is
    kept so its id cannot be reused by another object while it is trusted."""

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: dict[int, tuple[Any, int, Any]] = {}

    def vouch(self, seat: int, action: Any, deed: Any = None) -> None:
        """`action` is legal for `seat` here (and carrying it out may use `deed`); only an
        action made of plain words and numbers, which no one can change afterwards."""
        if _PLAIN.issuperset(map(type, action)):     # in C: a listing vouches for many
            self._known[id(action)] = (action, seat, deed)

    def vouch_all(self, seat: int, actions: Iterable[Any]) -> None:
        known = self._known     # `vouch` written out: one call for the whole listing
        for action in actions:
            for word in action:
                if type(word) is not str and type(word) is not int:
                    break
            else:
                known[id(action)] = (action, seat, None)

    def recall(self, seat: int, action: Any) -> Any:
        """The deed vouched for this very object and seat, else `UNKNOWN`."""
        known = self._known.get(id(action))
        if known is not None and known[0] is action and known[1] == seat and type(seat) is int:
            return known[2]
        return UNKNOWN

    def forgotten(self) -> Trusted:
        """An empty one for the changed state (a new object: a clone that shares the old
        one keeps what was vouched for it)."""
        return Trusted()

    def __len__(self) -> int:
        return len(self._known)
