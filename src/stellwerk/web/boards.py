"""A seat's view (or the public view) drawn for the page, through the contract alone.

Each game draws itself (its picture companion, `Picture.svg`, in its own
`games/*/picture.py`), with the pack the table plays with; the web table names no game.
Whatever a game's writer did, the text served is well-formed XML (`xml_safe`: a
character XML forbids, from a name or a replaced pack, becomes U+FFFD rather than
blanking the board for every viewer). A game without a drawing gives None, and the
page falls back to the legal-action list alone. `preview` is the picture companion's
`Picture.preview` run on a determinized copy of the state, so its answer (a build's
cost, say) rests only on what the seat knows. `choices` is `Picture.choices` for the
seat's legal actions now (`core.pointing`), drawn from the seat's own view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game, State
from stellwerk.core.drawing import xml_safe


def draw(game: Game, pack: ContentPack, view: Mapping[str, Any], names: Sequence[str],
         lang: str) -> str | None:
    svg = companions.picture(game, pack).svg(view, lang, names)
    return None if svg is None else xml_safe(svg)


def preview(game: Game, pack: ContentPack, state: State, seat: int, text: str,
            lang: str) -> Mapping[str, Any] | None:
    return companions.picture(game, pack).preview(state.determinized(seat, Chance(0)), seat,
                                                  text, lang)


def choices(game: Game, pack: ContentPack, state: State, seat: int,
            lang: str) -> dict[str, Any] | None:
    decision = state.decision()
    if decision is None or seat not in decision.seats:
        return None
    actions = state.candidate_actions(seat)
    made = companions.picture(game, pack).choices(state.view(seat), actions, lang)
    return None if made is None else made.to_json(game.format_action)
