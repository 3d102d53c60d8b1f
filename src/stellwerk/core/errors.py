"""The errors a user can meet. Each carries one human-readable line."""

from __future__ import annotations

import re
from typing import Any


class StellwerkError(Exception):
    """Base of every error Stellwerk reports to a person as one clear line.

    `texts`, when set, holds that line in every language (by language code), for an
    error raised with a catalogue key (e.g. `core.options.OptionError`)."""

    texts: dict[str, str] | None = None


def keeping_words(error: StellwerkError, cause: StellwerkError,
                  prefix: str = "") -> StellwerkError:
    """`error`, raised for `cause` with the line `prefix` + `str(cause)`, given `cause`'s
    line in every language behind the same `prefix` (a file name: the same in every
    language), so a keyed refusal keeps its words when a frame is put around it."""
    if cause.texts is not None:
        error.texts = {lang: prefix + text for lang, text in cause.texts.items()}
    return error


class IllegalAction(StellwerkError):
    """An action the rules do not allow now. The state is unchanged when it is raised.

    `key` names a message in the game's catalogue so front ends can show it in the
    player's language; `str(error)` is the English text.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params

    @property
    def reason(self) -> str:
        return str(self)


class BadNotation(IllegalAction):
    """Text that is not an action in the game's notation."""


class BadOption(StellwerkError):
    """A game option, seat list or command-line value that does not fit."""


class BadPack(StellwerkError):
    """A content pack that fails to load or validate; names file, item and problem."""


class BadRecord(StellwerkError):
    """A game record that is malformed or does not replay; names the first failure."""

    def __init__(self, text: str, index: int | None = None) -> None:
        super().__init__(text if index is None else f"action {index}: {text}")
        self.index = index


_PLACEHOLDER = re.compile(r"\{(\w+)(?:!([rs]))?\}")


def illegal(key: str, text: str, **params: Any) -> IllegalAction:
    """The one way the games build an IllegalAction.

    `{name}` and `{name!r}` in `text` are filled from `params`; any other brace is left
    as it is, so a text that already holds a player's input (braces included) can never
    make building the message itself fail.
    """

    def fill(match: re.Match[str]) -> str:
        name, conversion = match.group(1), match.group(2)
        if name not in params:
            return match.group(0)
        value = params[name]
        return repr(value) if conversion == "r" else str(value)

    return IllegalAction(key, _PLACEHOLDER.sub(fill, text) if params else text, **params)
