"""Railways' actions as values: one class per verb, whose `str()` is the notation.

Each is a tuple `("verb", *args)` (`core.actions.TypedAction`), equal and hash-equal to
the plain tuple a record or an older caller holds; `KINDS.typed` turns a plain tuple
into its class. The arguments are words and numbers: a space or connection name
("C3"), a die, a region type, a route of connection names joined by "+", a conversion
tier, and `uses`, the hand symbols paid as a canonical string ("1.2a 4.1a").
`notation.parse_action` reads `str()` back:

>>> from stellwerk.games.railways.notation import parse_action
>>> Transport("B2", "L", "C3+D5", 2, "5.3a 5.3b")
Transport('B2', 'L', 'C3+D5', 2, '5.3a 5.3b')
>>> str(Transport("B2", "L", "C3+D5", 2, "5.3a 5.3b"))
'transport B2 to L via C3+D5 convert 2 with 5.3a 5.3b'
>>> str(Build("D4", 2, "3.1a")), str(Hire("2.1a")), str(Pass())
('build D4 die 2 with 3.1a', 'hire with 2.1a', 'pass')
>>> parse_action(str(Open("C3", "1.2a 4.1a"))) == Open("C3", "1.2a 4.1a")
True
>>> parse_action("erschliesse c3 mit 4.1a 1.2"), parse_action("dice E7=2 B2=1 E3=1 B6=2")
(Open('C3', '1.2a 4.1a'), Dice('B2=1 E3=1 B6=2 E7=2'))
>>> Upgrade("C3", "4.2b") == ("upgrade", "C3", "4.2b"), KINDS.typed(("clean", "6.1a"))
(True, Clean('6.1a'))
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.actions import ActionTypes, TypedAction


class RailwaysAction(TypedAction):
    """The verb and its arguments; each verb's class writes its own notation."""

    __slots__ = ()
    # the names of the arguments, as the log's catalogue entry `rw.ev.VERB` reads them
    parts: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(str(word) for word in self)

    def event(self) -> dict[str, Any]:
        """The log's entry for this action: its catalogue key and its parts."""
        return {"key": f"rw.ev.{self.verb}", **dict(zip(self.parts, self[1:], strict=False))}


class Dice(RailwaysAction):
    """`Dice("B2=1 E3=1 B6=2 E7=2")`: the four passenger dice placed at setup."""

    __slots__ = ()
    verb = "dice"
    parts = ("dice",)

    def __str__(self) -> str:
        return f"dice {self[1]}"


class _Paid(RailwaysAction):
    """An action paid for with hand symbols: "VERB [TARGET] with USES"."""

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join([str(word) for word in self[:-1]]) + f" with {self[-1]}"

    def event(self) -> dict[str, Any]:
        return {**super().event(), "uses": self[-1]}


class Open(_Paid):
    """`Open(connection, uses)`: open the connection named by its first rail space."""

    __slots__ = ()
    verb = "open"
    parts = ("connection",)


class Build(_Paid):
    """`Build(cell, die, uses)`: build a region on a space with an unused region die."""

    __slots__ = ()
    verb = "build"
    parts = ("cell", "die")

    def __str__(self) -> str:
        return f"build {self[1]} die {self[2]} with {self[3]}"


class Transport(_Paid):
    """`Transport(cell, target, route, tier, uses)`: carry a passenger from the die on
    `cell` along `route` to the first region of type `target`; at Leisure (L) the
    conversion `tier` is written, elsewhere it is 0."""

    __slots__ = ()
    verb = "transport"
    parts = ("cell", "target", "route", "tier")

    def __str__(self) -> str:
        _, cell, target, route, tier, uses = self
        convert = f" convert {tier}" if target == "L" else ""
        return f"transport {cell} to {target} via {route}{convert} with {uses}"

    def event(self) -> dict[str, Any]:
        event = super().event()
        if event["target"] == "L":
            event["key"] = "rw.ev.transport_convert"
        return event


class Hire(_Paid):
    """`Hire(uses)`: a rail worker."""

    __slots__ = ()
    verb = "hire"


class Capital(_Paid):
    """`Capital(uses)`: one capital per symbol used."""

    __slots__ = ()
    verb = "capital"


class Clean(_Paid):
    """`Clean(uses)`: one pollution less."""

    __slots__ = ()
    verb = "clean"


class Add(_Paid):
    """`Add(cell, uses)`: a passenger on a die, or a die back on an empty region."""

    __slots__ = ()
    verb = "add"
    parts = ("cell",)


class Upgrade(_Paid):
    """`Upgrade(connection, uses)`: an opened connection pays double from now on."""

    __slots__ = ()
    verb = "upgrade"
    parts = ("connection",)


class Pass(RailwaysAction):
    """`Pass()`: no (second) action this round."""

    __slots__ = ()
    verb = "pass"


KINDS = ActionTypes(Dice, Open, Build, Transport, Hire, Capital, Clean, Add, Upgrade, Pass)
PASS = Pass()


def event_of(action: tuple[Any, ...]) -> dict[str, Any]:
    """The log's entry for an action (its verb's class names the parts)."""
    typed = KINDS.typed(action)
    if not isinstance(typed, RailwaysAction):
        return {"key": "rw.ev.other", "action": notation_of(action)}
    return typed.event()


def notation_of(action: tuple[Any, ...]) -> str:
    """The notation of an action, typed or plain (its verb's class writes it)."""
    typed = KINDS.typed(action)
    return str(typed) if typed is not None else " ".join(str(word) for word in action)
