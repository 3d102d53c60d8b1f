"""Which drawing shows which game: a seat's view (or the public view) in, SVG text out.

Each game's picture lives in its own package (`games/*/svg.py`); this is the one place
the web table names them. A game without a drawing gets None, and the page falls back
to the legal-action list alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Game

View = Mapping[str, Any]
Names = Sequence[str]
Draw = Callable[[Game, ContentPack, View, Names, str], str]


def _rail_line(_game: Game, _pack: ContentPack, view: View, names: Names, lang: str) -> str:
    from stellwerk.games.rail_line.svg import draw_view

    return draw_view(view, names, lang)


def _railways(_game: Game, _pack: ContentPack, view: View, _names: Names, lang: str) -> str:
    from stellwerk.games.railways.svg import draw_view

    return draw_view(view, lang=lang)


def _linie1(game: Game, pack: ContentPack, view: View, _names: Names, lang: str) -> str:
    from stellwerk.games.linie1.render import view_board
    from stellwerk.games.linie1.svg import board_svg

    tables = game.tables(pack)  # type: ignore[attr-defined]
    return board_svg(tables, view_board(tables, view), view["stops"])


DRAWINGS: dict[str, Draw] = {"rail-line": _rail_line, "railways": _railways,
                             "linie1": _linie1}


def draw(game: Game, pack: ContentPack, view: Mapping[str, Any], names: Sequence[str],
         lang: str) -> str | None:
    drawer = DRAWINGS.get(game.id)
    return None if drawer is None else drawer(game, pack, view, names, lang)
