"""One square of the Linie 1 board in words (`show E9`): the tile lying there, its
turn and every track it joins, or the building, the stops and the line terminals
there. The board's three characters a square show where tracks leave a square; this
says how they join inside it (a crossing and a straight with two curves look alike)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stellwerk.games.linie1.tables import SIZE, Tables, square_index
from stellwerk.games.linie1.terms import CATALOG, tile_name
from stellwerk.games.linie1.tiles import EDGES


def square_lines(tables: Tables, view: Mapping[str, Any], name: str, lang: str) -> list[str]:
    """The square `name` described, or a line saying it is not on the board."""
    square = square_index(name)
    if square is None:
        return [CATALOG.text("l1.sq.none", lang, square=name[:8])]
    shown = f"{chr(65 + square % SIZE)}{square // SIZE + 1}"
    out = []
    building = tables.building_at[square]
    placed = {square_index(str(n)): (tile, rotation) for n, tile, rotation in view["board"]}
    if building >= 0:
        out.append(CATALOG.text("l1.sq.building", lang, square=shown,
                                letter=tables.building_letters[building],
                                name=tables.building_names[building]))
    elif square in placed and placed[square][0] in tables.tile_index:
        tile, rotation = placed[square]
        pid = tables.pid(tile, rotation)
        tracks = ", ".join(f"{_edge(a, lang)}–{_edge(b, lang)}"
                           for a in range(4) for b in tables.exits[pid][a] if a < b)
        out.append(CATALOG.text("l1.sq.tile", lang, square=shown, tile=tile_name(tile, lang),
                                rotation=rotation, tracks=tracks))
    else:
        out.append(CATALOG.text("l1.sq.empty", lang, square=shown))
    for letter, where in sorted(view["stops"].items()):
        if square_index(where) == square:
            out.append(CATALOG.text("l1.sq.stop", lang, letter=letter))
    for line, pair in enumerate(tables.terminals):
        for terminal in pair:
            if square in terminal.squares:
                out.append(CATALOG.text("l1.sq.terminal", lang, line=tables.line_numbers[line],
                                        edge=_edge(terminal.edge, lang)))
    return out


def _edge(edge: int, lang: str) -> str:
    return CATALOG.text(f"l1.edge.{EDGES[edge]}", lang)
