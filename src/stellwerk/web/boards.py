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
    """Linie 1's board (games/linie1/svg.py) plus what the web table needs: a clickable
    square for every free square (placements are made by pointing) and the seat's own
    line, stops and hand under the board (from `view["me"]`, absent for onlookers)."""
    import xml.etree.ElementTree as ET

    from stellwerk.core.drawing import SVG_NS, sub, to_text
    from stellwerk.games.linie1.render import view_board
    from stellwerk.games.linie1.svg import CELL, MARGIN, board_svg
    from stellwerk.games.linie1.tables import SIZE
    from stellwerk.games.linie1.terms import CATALOG as L1

    tables = game.tables(pack)  # type: ignore[attr-defined]
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(board_svg(tables, view_board(tables, view), view["stops"]))
    for attribute in ("width", "height"):
        root.attrib.pop(attribute, None)  # scaled by its viewBox in the page
    size = SIZE * CELL + 2 * MARGIN
    squares = sub(root, "g", class_="squares")
    taken = {entry[0] for entry in view["board"]}
    for square in range(SIZE * SIZE):
        if tables.building_at[square] >= 0:
            continue
        row, col = divmod(square, SIZE)
        name = f"{chr(65 + col)}{row + 1}"
        sub(squares, "rect", class_="square", data_square=name, x=MARGIN + col * CELL,
            y=MARGIN + row * CELL, width=CELL, height=CELL, fill="#e67e22",
            fill_opacity=0, pointer_events="all", data_taken="1" if name in taken else None)
    me = view.get("me")
    lines = []
    if me:
        ends = " → ".join("-".join(t["squares"]) for t in me["terminals"])
        lines.append(f"{L1.text('l1.line', lang)} {me['line']}: {ends}")
        lines.append(f"{L1.text('l1.stops', lang)}: {', '.join(me['stops'])}")
        tiles = [f"{tile} ×{count}" for tile, count in sorted(me["hand"].items())]
        lines.append(f"{L1.text('l1.hand', lang)}:")
        lines.extend("    " + ", ".join(tiles[i:i + 3]) for i in range(0, len(tiles), 3))
        for terminal in me["terminals"]:
            for square_name in terminal["squares"]:
                col, row = ord(square_name[0]) - 65, int(square_name[1:]) - 1
                sub(root, "rect", x=MARGIN + col * CELL + 2, y=MARGIN + row * CELL + 2,
                    width=CELL - 4, height=CELL - 4, fill="none", stroke="#c0392b",
                    stroke_width=3)
    for i, text in enumerate(lines):
        sub(root, "text", text, x=MARGIN, y=size + 6 + 18 * i, font_size=14)
    root.set("viewBox", f"0 0 {size} {size + 18 * len(lines) + 10}")
    return to_text(root)


DRAWINGS: dict[str, Draw] = {"rail-line": _rail_line, "railways": _railways,
                             "linie1": _linie1}


def draw(game: Game, pack: ContentPack, view: Mapping[str, Any], names: Sequence[str],
         lang: str) -> str | None:
    drawer = DRAWINGS.get(game.id)
    return None if drawer is None else drawer(game, pack, view, names, lang)
