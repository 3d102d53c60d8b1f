"""The board pictures: text cells show track ends; SVG curves bend round the right corner."""

from __future__ import annotations

import math
import re

from stellwerk.games.linie1.render import board_lines
from stellwerk.games.linie1.svg import CELL, _track, board_svg
from stellwerk.games.linie1.tables import EMPTY, SQUARES

from .helpers import TABLES, lay, pid, simple


def arc_centre(path: str) -> tuple[float, float]:
    x1, y1, r, _, _, _, sweep, x2, y2 = (float(v) for v in re.findall(r"[-\d.]+", path)[:9])
    mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1
    d = math.hypot(dx, dy)
    h = math.sqrt(r * r - (d / 2) ** 2)
    for cx, cy in ((mx - dy / d * h, my + dx / d * h), (mx + dy / d * h, my - dx / d * h)):
        turn = (math.atan2(y2 - cy, x2 - cx) - math.atan2(y1 - cy, x1 - cx)) % (2 * math.pi)
        if (turn < math.pi) == (sweep == 1):
            return round(cx, 6), round(cy, 6)
    raise AssertionError(path)


def test_curves_bend_round_the_corner_between_their_edges() -> None:
    corners = {(0, 1): (CELL, 0), (1, 2): (CELL, CELL), (2, 3): (0, CELL), (0, 3): (0, 0)}
    for (a, b), corner in corners.items():
        assert arc_centre(_track(0, 0, a, b)) == corner
    assert _track(0, 0, 0, 2).startswith("<line")


def test_text_board_draws_ends_buildings_stops_and_terminals() -> None:
    board = [EMPTY] * SQUARES
    lay(board, {"A6": simple("WE"), "B6": pid("crossing", "NS,EW"), "G1": simple("NS")})
    rows = board_lines(TABLES, board, {"G": "G1"})
    row1, row6 = rows[2], rows[7]
    assert row6.startswith(" 6 1") and "1────┼─ ·" in row6       # line 1's arch, then tiles
    assert "g│ [G]" in row1                                     # stop g beside the Gericht
    assert rows[1].split() == ["5", "5", "4", "4", "6", "6"]    # N terminals of 5, 4, 6


def test_svg_has_one_drawing_per_track() -> None:
    board = [EMPTY] * SQUARES
    lay(board, {"E8": pid("four-curves", "NE,ES,SW,WN"), "C8": simple("NS")})
    svg = board_svg(TABLES, board, {})
    assert svg.count("<path") == 4 and svg.count("<line") == 1
