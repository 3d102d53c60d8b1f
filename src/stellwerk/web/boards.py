"""A seat's view (or the public view) drawn for the page, through the contract alone.

Each game draws itself (`Game.svg`, in its own `games/*/svg.py`); the web table names no
game. Whatever a game's writer did, the text served is well-formed XML (`xml_safe`: a
character XML forbids, from a name or a replaced pack, becomes U+FFFD rather than
blanking the board for every viewer). A game without a drawing gives None, and the
page falls back to the legal-action list alone. `preview` is the contract's
`Game.preview` run on a determinized copy of the state, so its answer (a build's cost,
say) rests only on what the seat knows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Game, State
from stellwerk.core.drawing import xml_safe


def draw(game: Game, view: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
    svg = game.svg(view, lang, names)
    return None if svg is None else xml_safe(svg)


def preview(game: Game, state: State, seat: int, text: str,
            lang: str) -> Mapping[str, Any] | None:
    return game.preview(state.determinized(seat, Chance(0)), seat, text, lang)
