"""Rail Line notation: one short line per action, English or German words.

    side 2 | track 1 | lay A07 | pass | slow 3 coal | slow 2 | second B11
    discard A03 | gain glass | free 2 forest | free 1 | decline | keep | refuse

German words are accepted as well (`lege A07`, `bummel 3 kohle`, `passe`, ...);
symbols may be written in English or German. `format_action` always prints the
canonical English form, and parsing that form gives back the same action.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, bad_notation
from stellwerk.core.i18n import Term
from stellwerk.core.inputs import ascii_natural
from stellwerk.games.rail_line.moves import KINDS, notation_of
from stellwerk.games.rail_line.symbols import SYMBOLS, symbol_row

VERBS: dict[str, str] = {
    "side": "side", "seite": "side",
    "track": "track", "gleis": "track",
    "lay": "lay", "lege": "lay", "legen": "lay",
    "pass": "pass", "passe": "pass", "passen": "pass",
    "slow": "slow", "bummel": "slow", "bummelzug": "slow",
    "second": "second", "zweite": "second",
    "discard": "discard", "abwerfen": "discard", "wirf": "discard",
    "gain": "gain", "markiere": "gain",
    "free": "free", "frei": "free",
    "decline": "decline", "verzichte": "decline",
    "keep": "keep", "behalte": "keep",
    "refuse": "refuse", "münze": "refuse", "muenze": "refuse",
}
PLAIN = ("pass", "decline", "keep", "refuse")
NUMBERED = ("side", "track")
CARDS = ("lay", "second", "discard")
MOVES = ("slow", "free")


def _bad(text: str, key: str, **params: Any) -> BadNotation:
    return bad_notation("rl.bad_notation", text, Term(key, **params))


def _number(text: str, word: str) -> int:
    number = ascii_natural(word, max_digits=3)
    if number is None:
        raise _bad(text, "rl.nt.not_number", word=word)
    return number


def _symbol(text: str, word: str) -> str:
    row = symbol_row(word)
    if row is None:
        raise _bad(text, "rl.nt.not_symbol", word=word, symbols=", ".join(SYMBOLS))
    return SYMBOLS[row]


def parse_action(text: str) -> Action:
    """The typed action a line names (moves.py), or BadNotation with the reason."""
    if not isinstance(text, str):
        raise _bad(repr(text), "rl.nt.not_text")
    words = text.strip().split()
    if not words:
        raise _bad(text, "rl.nt.empty")
    verb = VERBS.get(words[0].lower())
    if verb is None:
        known = ", ".join(dict.fromkeys(VERBS.values()))
        raise _bad(text, "rl.nt.unknown", word=words[0], known=known)
    args = words[1:]
    kind = KINDS.by_verb[verb]
    if verb in PLAIN:
        if args:
            raise _bad(text, "rl.nt.nothing_after", verb=verb)
        return kind()
    if verb in NUMBERED:
        if len(args) != 1:
            raise _bad(text, "rl.nt.one_number", verb=verb)
        return kind(_number(text, args[0]))
    if verb in CARDS:
        if len(args) != 1:
            raise _bad(text, "rl.nt.one_card", verb=verb)
        return kind(args[0].upper())
    if verb in MOVES:
        if len(args) not in (1, 2):
            raise _bad(text, "rl.nt.move", verb=verb)
        return kind(_number(text, args[0]), _symbol(text, args[1]) if len(args) == 2 else None)
    if len(args) != 1:
        raise _bad(text, "rl.nt.gain")
    return kind(_symbol(text, args[0]))


def format_action(action: Action) -> str:
    """The canonical English line of an action, typed or plain (`str()` of a typed one)."""
    return notation_of(action)
