"""Rail Line's actions as values: one class per verb, whose `str()` is the notation.

Each is a tuple `("verb", *args)` (`core.actions.TypedAction`), equal and hash-equal to
the plain tuple a record or an older caller holds, so listings, records and JSON are
unchanged; `KINDS.typed` turns a plain tuple into its class. `notation.parse_action`
reads `str()` back:

>>> from stellwerk.games.rail_line.notation import parse_action
>>> Slow(3, "coal")
Slow(3, 'coal')
>>> str(Slow(3, "coal")), str(Free(2, None)), str(Pass())
('slow 3 coal', 'free 2', 'pass')
>>> parse_action(str(Slow(3, "coal"))) == Slow(3, "coal")
True
>>> parse_action("bummel 3 kohle"), parse_action("lege a07"), parse_action("frei 2")
(Slow(3, 'coal'), Lay('A07'), Free(2, None))
>>> Lay("A07") == ("lay", "A07"), KINDS.typed(("gain", "glass"))
(True, Gain('glass'))
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.actions import ActionTypes, TypedAction
from stellwerk.games.rail_line.constants import MAX_SLOW_STATIONS
from stellwerk.games.rail_line.symbols import SYMBOLS


def notation_of(action: tuple[Any, ...]) -> str:
    """The words of an action, typed or plain, a move's missing symbol left out."""
    return " ".join([str(word) for word in action if word is not None])


class RailLineAction(TypedAction):
    """The verb and its arguments; `str()` leaves out a move's missing symbol."""

    __slots__ = ()

    def __str__(self) -> str:
        return notation_of(self)


class Side(RailLineAction):
    """`Side(1|2)`: the starting player chooses the Starting Station side."""

    __slots__ = ()
    verb = "side"


class Track(RailLineAction):
    """`Track(1-3)`: a free track for the slow and the fast locomotive."""

    __slots__ = ()
    verb = "track"


class Lay(RailLineAction):
    """`Lay(card)`: a railway card from the hand or the offer."""

    __slots__ = ()
    verb = "lay"


class Pass(RailLineAction):
    """`Pass()`: no optional action."""

    __slots__ = ()
    verb = "pass"


class Slow(RailLineAction):
    """`Slow(k, symbol|None)`: the slow locomotive k stations on, marking one symbol of
    the station where it stops (1 coin)."""

    __slots__ = ()
    verb = "slow"


class Second(RailLineAction):
    """`Second(card)`: a second railway card (1 coin)."""

    __slots__ = ()
    verb = "second"


class Discard(RailLineAction):
    """`Discard(card)`: an A card from the hand for 1 coin."""

    __slots__ = ()
    verb = "discard"


class Gain(RailLineAction):
    """`Gain(symbol)`: mark the next box of any row (2 coins, once a game)."""

    __slots__ = ()
    verb = "gain"


class Free(RailLineAction):
    """`Free(k, symbol|None)`: a free slow move (a curve or a free-move station)."""

    __slots__ = ()
    verb = "free"


class Decline(RailLineAction):
    """`Decline()`: no free move."""

    __slots__ = ()
    verb = "decline"


class Keep(RailLineAction):
    """`Keep()`: three players, keep a symbol gained in another player's turn."""

    __slots__ = ()
    verb = "keep"


class Refuse(RailLineAction):
    """`Refuse()`: three players, take 1 coin instead of that symbol."""

    __slots__ = ()
    verb = "refuse"


KINDS = ActionTypes(Side, Track, Lay, Pass, Slow, Second, Discard, Gain, Free, Decline,
                    Keep, Refuse)


# Rail Line has a few hundred distinct actions: each is made once and handed out by the
# listing and the rollout policy (a tuple subclass costs several times a plain tuple to
# make, a lookup less than either).
PASS, DECLINE, KEEP, REFUSE = Pass(), Decline(), Keep(), Refuse()
SIDES = (Side(1), Side(2))
TRACKS = (Track(1), Track(2), Track(3))        # by track index 0-2
GAINS = {name: Gain(name) for name in SYMBOLS}


def _moves(kind: type[RailLineAction]) -> tuple[dict[str | None, RailLineAction], ...]:
    # by steps (index 0 unused: a move goes 1 to 5 stations on), then by symbol or None
    return ({}, *({name: kind(steps, name) for name in (*SYMBOLS, None)}
                  for steps in range(1, MAX_SLOW_STATIONS + 1)))


SLOWS, FREES = _moves(Slow), _moves(Free)


class _ByCard(dict[str, TypedAction]):
    """A verb's action for each card, made on first ask (the cards are the pack's)."""

    def __init__(self, kind: type[RailLineAction]) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: str) -> TypedAction:
        made = self[card] = self.kind(card)
        return made


LAYS, SECONDS, DISCARDS = _ByCard(Lay), _ByCard(Second), _ByCard(Discard)
