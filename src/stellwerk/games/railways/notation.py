"""Railways notation: one line per action; `format_action` prints the canonical form and
parsing it gives back the same action.

    dice B2=1 E3=1 B6=2 E7=2            place the passenger dice (setup)
    open C3 with 1.2a 4.1a              open the connection whose first rail space is C3
    build D4 die 2 with 3.1a            build a region on D4 with the region die 2
    transport B2 to R via C3+D5 with 1.3a 4.2a
    transport B2 to L via C3 convert 2 with 5.3a 5.3b
    hire with 2.1a | capital with 1.1a 4.1a | clean with 6.1a
    add B2 with 5.1a | upgrade C3 with 4.4a 4.2b | pass

A use `3.2a` is card 3, action field 2, its first symbol (b = the second; `3.2` = `3.2a`).
German verbs are accepted too (erschliesse, errichte, befoerdere, stelle, kapital,
verringere, hinzu, aufwerten, passe; mit, nach, ueber, umwandeln, wuerfel).
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, bad_notation
from stellwerk.core.i18n import Term
from stellwerk.core.inputs import ascii_natural
from stellwerk.games.railways.board import REGION_TYPES, cell_index, cell_name
from stellwerk.games.railways.moves import KINDS, PASS, Build, Dice, Transport, notation_of
from stellwerk.games.railways.uses import format_uses, split_uses

VERBS = {
    "dice": "dice", "wuerfel": "dice", "würfel": "dice",
    "open": "open", "erschliesse": "open", "erschließe": "open",
    "build": "build", "errichte": "build",
    "transport": "transport", "befoerdere": "transport", "befördere": "transport",
    "hire": "hire", "stelle": "hire",
    "capital": "capital", "kapital": "capital",
    "clean": "clean", "verringere": "clean",
    "add": "add", "hinzu": "add",
    "upgrade": "upgrade", "aufwerten": "upgrade",
    "pass": "pass", "passe": "pass",
}
WORDS = {"with": "with", "mit": "with", "to": "to", "nach": "to", "via": "via",
         "ueber": "via", "über": "via", "convert": "convert", "umwandeln": "convert",
         "die": "die", "wuerfel": "die", "würfel": "die"}


def _bad(text: str, key: str, **params: Any) -> BadNotation:
    return bad_notation("rw.bad_notation", text, Term(key, **params))


def _cell(text: str, word: str) -> str:
    index = cell_index(word)
    if index is None:
        raise _bad(text, "rw.nt.not_cell", word=word)
    return cell_name(index)


def _number(text: str, word: str) -> int:
    number = ascii_natural(word, max_digits=6)
    if number is None:
        raise _bad(text, "rw.nt.not_number", word=word)
    return number


def parse_action(text: Any) -> Action:
    """The typed action a line names (moves.py), or BadNotation with the reason."""
    if not isinstance(text, str):
        raise _bad(repr(text), "rw.nt.not_text")
    head, _sep, tail = text.strip().partition(" ")
    verb = VERBS.get(head.lower())
    if verb is None:
        known = ", ".join(dict.fromkeys(VERBS.values()))
        raise _bad(text, "rw.nt.unknown", word=head, known=known)
    words = [WORDS.get(w.lower(), w) for w in tail.split()]
    if verb == "pass":
        if words:
            raise _bad(text, "rw.nt.pass")
        return PASS
    if verb == "dice":
        return Dice(_dice(text, words))
    if "with" not in words:
        raise _bad(text, "rw.nt.with", verb=verb)
    at = words.index("with")
    uses_words, words = words[at + 1:], words[:at]
    uses = split_uses(" ".join(uses_words))
    if uses is None:
        raise _bad(text, "rw.nt.uses")
    used = format_uses(uses)
    if verb in ("hire", "capital", "clean"):
        if words:
            raise _bad(text, "rw.nt.only_with", verb=verb)
        return KINDS.by_verb[verb](used)
    if verb in ("open", "upgrade", "add"):
        if len(words) != 1:
            raise _bad(text, "rw.nt.one_space", verb=verb)
        return KINDS.by_verb[verb](_cell(text, words[0]), used)
    if verb == "build":
        if len(words) != 3 or words[1] != "die":
            raise _bad(text, "rw.nt.build")
        return Build(_cell(text, words[0]), _number(text, words[2]), used)
    return _transport(text, words, used)


def _transport(text: str, words: list[str], used: str) -> Action:
    if len(words) not in (5, 7) or words[1] != "to" or words[3] != "via" or (
            len(words) == 7 and words[5] != "convert"):
        raise _bad(text, "rw.nt.transport")
    target = words[2].upper()
    if target not in REGION_TYPES:
        raise _bad(text, "rw.nt.region_type", word=words[2])
    route = [_cell(text, w) for w in words[4].split("+")] if words[4] else []
    tier = _number(text, words[6]) if len(words) == 7 else 0
    return Transport(_cell(text, words[0]), target, "+".join(route), tier, used)


def _dice(text: str, words: list[str]) -> str:
    placed = []
    for word in words:
        cell, eq, value = word.partition("=")
        if not eq or not value.isdigit():
            raise _bad(text, "rw.nt.die", word=word)
        placed.append((cell_index(_cell(text, cell)) or 0, f"{_cell(text, cell)}={value}"))
    if not placed:
        raise _bad(text, "rw.nt.dice")
    return " ".join(w for _, w in sorted(placed))


def format_action(action: Action) -> str:
    """The canonical line of an action, typed or plain (`str()` of a typed one)."""
    return notation_of(action)
