"""Track Layers notation: `lay 3`, `burn 2` (German: `lege 3`, `wirf 2`).

`format_action` writes the English form, and parsing it gives the same action back:

>>> parse_action(format_action(("lay", 3)))
('lay', 3)
>>> parse_action("Wirf 2")
('burn', 2)
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import BadNotation, bad_notation
from stellwerk.core.i18n import Term

VERBS = {"lay": "lay", "lege": "lay", "burn": "burn", "wirf": "burn"}


def _bad(text: str, key: str, **params: Any) -> BadNotation:
    # the reason is a Term: said in the language of whoever reads the refusal
    return bad_notation("toy.bad_notation", text, Term(key, **params))


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise _bad(repr(text), "toy.nt.not_text")
    words = text.strip().split()
    if not words:
        raise _bad(text, "toy.nt.empty")
    verb = VERBS.get(words[0].lower())
    if verb is None:
        raise _bad(text, "toy.nt.unknown", word=words[0])
    # ASCII digits only: str.isdigit() also accepts '²', which int() refuses
    if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()) \
            or len(words[1]) > 1:
        raise _bad(text, "toy.nt.one_length", verb=verb)
    return (verb, int(words[1]))


def format_action(action: Action) -> str:
    return f"{action[0]} {action[1]}"
