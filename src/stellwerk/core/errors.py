"""The errors a user can meet. Each is one line, said in the reader's language.

An error is raised with a catalogue key and its fields,
`BadOption("set.jobs")`, `BadRecord("rec.no_seat", seat=3)`: `str(error)` is the
catalogue's English, `error.text("de")` its German (`core/i18n.py`: the key is looked up
in whichever catalogue holds it; a field that is itself an error or a `Term` is said in
the same language). A message that is not a key (it has a blank in it) is an English
line of its own: the problems of one item of a content pack are named in English.
"""

from __future__ import annotations

import re
from typing import Any

from stellwerk.core.i18n import Phrase, holder_of, say

# a catalogue key: dotted lower-case words, no blanks ("rec.no_seat", "br.bad.place")
KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")


class StellwerkError(Phrase, Exception):
    """Base of every error Stellwerk reports to a person as one clear line."""

    def __init__(self, key: str = "", /, **params: Any) -> None:
        super().__init__(key)
        self.key: str | None = key if KEY.fullmatch(key) else None
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The line in `lang`."""
        if self.key is None:
            return str(self.args[0]) if self.args else ""
        return say(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields and attributes travel too (an error raised in a worker process)
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(cls: type[StellwerkError], args: tuple[Any, ...],
             state: dict[str, Any]) -> StellwerkError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class IllegalAction(StellwerkError):
    """An action the rules do not allow now. The state is unchanged when it is raised.

    `key` names a message in the game's catalogue; `text(lang)` says it in the player's
    language. A game may give the English line itself as `message` (it must be the
    catalogue's English, filled).
    """

    key: str

    def __init__(self, key: str, message: str | None = None, /, **params: Any) -> None:
        super().__init__(key, **params)
        self.key = key
        self._english = message

    def text(self, lang: str = "en") -> str:
        # the engine's own English when it gave one, or when no catalogue knows the key
        if self._english is not None and (lang == "en" or holder_of(self.key) is None):
            return self._english
        return say(self.key, lang, **self.params)

    @property
    def reason(self) -> str:
        return str(self)


class BadNotation(IllegalAction):
    """Text that is not an action in the game's notation."""


def bad_notation(key: str, text: str, why: Phrase, /, **fields: Any) -> BadNotation:
    """`text` is not an action: the game's entry `key` (written like
    ``"{notation!r}: {why}"``) with the reason `why` (a `Term` of the game's catalogue),
    each said in the reader's language; `fields` travel with the error (a placement's
    number in an order)."""
    return BadNotation(key, notation=text, why=why, **fields)


class BadOption(StellwerkError):
    """A game option, seat list or command-line value that does not fit."""


class BadPack(StellwerkError):
    """A content pack that fails to load or validate; names file, item and problem."""


class BadRecord(StellwerkError):
    """A game record that is malformed or does not replay; names the first failure
    (with `index`, the action at which the replay stopped)."""

    def __init__(self, key: str = "", /, index: int | None = None, **params: Any) -> None:
        super().__init__(key, **params)
        self.index = index

    def text(self, lang: str = "en") -> str:
        line = super().text(lang)
        return line if self.index is None else say("rec.action", lang, n=self.index, why=line)


_PLACEHOLDER = re.compile(r"\{(\w+)(?:!([rs]))?\}")


def illegal(key: str, text: str | None = None, **params: Any) -> IllegalAction:
    """The one way the games build an IllegalAction.

    Without `text` the English is the catalogue's. With it, `{name}` and `{name!r}` in
    `text` are filled from `params`; any other brace is left as it is, so a text that
    already holds a player's input (braces included) can never make building the
    message itself fail.
    """
    if text is None:
        return IllegalAction(key, **params)

    def fill(match: re.Match[str]) -> str:
        name, conversion = match.group(1), match.group(2)
        if name not in params:
            return match.group(0)
        value = params[name]
        return repr(value) if conversion == "r" else str(value)

    return IllegalAction(key, _PLACEHOLDER.sub(fill, text) if params else text, **params)


# the core's own refusals (core/terms.py) are known wherever an error can be raised
from stellwerk.core import terms as _core_terms  # noqa: E402,F401
