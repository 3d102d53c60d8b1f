"""Typed actions: one small immutable value per verb of a game.

An action is a tuple `("verb", arg, ...)` (so it stays hashable, cheap, JSON-able and
equal to the plain tuple a record or an older caller holds) of a class that names its
verb. `str()` of an action is its notation, which the game's `parse_action` reads back;
`repr()` names the class. A game declares its verbs with `ActionTypes`, which also turns
a plain tuple into its typed value and dispatches by type.

>>> class Demo(TypedAction):
...     def __str__(self) -> str:
...         return " ".join(str(word) for word in self)
>>> class Lay(Demo):
...     verb = "lay"
>>> class Pass(Demo):
...     verb = "pass"
>>> kinds = ActionTypes(Lay, Pass)
>>> Lay("A07")
Lay('A07')
>>> str(Lay("A07")), Lay("A07") == ("lay", "A07"), hash(Lay("A07")) == hash(("lay", "A07"))
('lay A07', True, True)
>>> kinds.typed(("pass",))
Pass()
>>> kinds.typed(("jump", 3)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

Handler = TypeVar("Handler")


class TypedAction(tuple):
    """The verb first, then the arguments; a subclass per verb sets `verb` (and a
    game's common base its `__str__`, the notation)."""

    __slots__ = ()
    verb: ClassVar[str] = ""

    def __new__(cls, *args: Any) -> TypedAction:
        return tuple.__new__(cls, (cls.verb, *args))

    @classmethod
    def of(cls, words: Iterable[Any]) -> TypedAction:
        """The action of `words` as they stand (verb included), without a call to
        `__new__`'s argument packing: the fast way for a listing that makes many."""
        return tuple.__new__(cls, words)

    @property
    def args(self) -> tuple[Any, ...]:
        return tuple(self[1:])

    def __getnewargs__(self) -> tuple[Any, ...]:
        # pickle and copy call `cls.__new__(cls, *these)`, which puts the verb back
        return tuple(self[1:])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(word) for word in self[1:])})"


class ActionTypes:
    """A game's verbs: verb -> its class, a plain tuple -> its typed value, and a table
    from class to handler so that carrying out an action is one lookup by type."""

    def __init__(self, *kinds: type[TypedAction]) -> None:
        self.by_verb: dict[str, type[TypedAction]] = {}
        for kind in kinds:
            if not kind.verb or kind.verb in self.by_verb:
                raise ValueError(f"{kind.__name__}: a verb of its own is needed")
            self.by_verb[kind.verb] = kind

    def typed(self, action: tuple[Any, ...]) -> TypedAction | None:
        """`action` as its class (itself when it is one already); None when its verb is
        not one of these."""
        if isinstance(action, TypedAction):
            return action
        kind = self.by_verb.get(action[0]) if action and isinstance(action[0], str) else None
        return None if kind is None else kind.of(action)

    def table(self, handlers: dict[type[TypedAction], Handler]) -> dict[Any, Handler]:
        """A dispatch table keyed by class and by verb (so a plain tuple from an older
        caller finds its handler too); every verb must have one."""
        missing = [kind.__name__ for kind in self.by_verb.values() if kind not in handlers]
        if missing:
            raise ValueError(f"no handler for {', '.join(missing)}")
        out: dict[Any, Handler] = dict(handlers)
        out.update({kind.verb: handler for kind, handler in handlers.items()})
        return out


def dispatch(table: dict[Any, Callable[..., Any]], action: tuple[Any, ...]) -> Callable[..., Any]:
    """The handler of `action`: by its class, else by its verb (a plain tuple)."""
    handler = table.get(type(action))
    if handler is None:
        handler = table[action[0]]
    return handler
