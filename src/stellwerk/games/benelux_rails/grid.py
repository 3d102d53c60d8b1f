"""The milepost grid of Benelux Rails: names, neighbours and positions.

The map is a triangular grid (docs/games/benelux-rails.md#br-rules: "Geländemarken ... im
Dreiecksraster"): rows of mileposts, every odd row shifted half a step to the right, so each
milepost has up to six neighbours (two in its row, two above, two below). A milepost is named by its
row letters and its column number, both counted from the top left: `A1`, `F12`, and after row `Z`
come `AA`, `AB`, ... (spreadsheet style). Rows and columns start at 0 in code.

Positions are in grid units: neighbours are exactly 1 apart, rows sqrt(3)/2 apart. The
pack's drawing data (coast, rivers) uses the same units, so map and grid always agree.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

ROW_HEIGHT = math.sqrt(3) / 2
_NAME = re.compile(r"([A-Z]{1,2})([0-9]{1,3})")


def row_label(row: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', 27 -> 'AB' (at most two letters: 702 rows)."""
    if not 0 <= row < 26 * 27:
        raise ValueError(f"row {row} is outside the grid")
    if row < 26:
        return chr(ord("A") + row)
    first, second = divmod(row - 26, 26)
    return chr(ord("A") + first) + chr(ord("A") + second)


def milepost_name(row: int, col: int) -> str:
    return f"{row_label(row)}{col + 1}"


def parse_milepost(name: str) -> tuple[int, int] | None:
    """'F12' -> (5, 11); None when `name` is not a milepost name (any case accepted)."""
    match = _NAME.fullmatch(name.strip().upper())
    if match is None:
        return None
    letters, digits = match.groups()
    if len(letters) == 1:
        row = ord(letters) - ord("A")
    else:
        row = 26 + (ord(letters[0]) - ord("A")) * 26 + ord(letters[1]) - ord("A")
    col = int(digits) - 1
    if col < 0:
        return None
    return row, col


def neighbours(row: int, col: int) -> Iterator[tuple[int, int]]:
    """The six grid neighbours (some may lie outside the map or on water)."""
    shift = row % 2  # odd rows sit half a step to the right
    yield row, col - 1
    yield row, col + 1
    for other in (row - 1, row + 1):
        yield other, col - 1 + shift
        yield other, col + shift


def position(row: int, col: int) -> tuple[float, float]:
    """(x, y) in grid units, y growing downwards (south)."""
    return col + 0.5 * (row % 2), row * ROW_HEIGHT


def nearest(x: float, y: float) -> tuple[int, int]:
    """The grid point nearest to (x, y) in grid units."""
    best: tuple[float, tuple[int, int]] | None = None
    base_row = round(y / ROW_HEIGHT)
    for row in (base_row - 1, base_row, base_row + 1):
        col = round(x - 0.5 * (row % 2))
        for c in (col - 1, col, col + 1):
            px, py = position(row, c)
            distance = (px - x) ** 2 + (py - y) ** 2
            if best is None or distance < best[0]:
                best = (distance, (row, c))
    assert best is not None
    return best[1]


def steps_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The fewest steps from milepost (row, col) `a` to `b` over the grid, water and
    terrain aside (cube distance of the shifted rows)."""
    (r1, c1), (r2, c2) = a, b
    q1, q2 = c1 - (r1 - (r1 & 1)) // 2, c2 - (r2 - (r2 & 1)) // 2
    dq, dr = q2 - q1, r2 - r1
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
