"""A Linie 1 tile drawn in text so that every tile and turn has its own picture.

A tile joins edges by up to four tracks: the straights N-S and E-W and the curves
N-E, E-S, S-W and W-N. Two pictures show them:

- a line of three characters (the page's board): the middle one holds the straights
  (│ ─ ┼), the left one the curves that leave westwards (╯ W-N, ╮ S-W) and the right one
  those that leave eastwards (╰ N-E, ╭ E-S), each joined by a box line to the straight
  beside it; so a crossing reads `─┼─` and a straight with two curves `┴─┴`;
- a block of three by three characters (`show board`): each track drawn from edge to edge,
  the curves round the corner between their edges.
"""

from __future__ import annotations

# box drawing by arm mask (N=1, E=2, S=4, W=8); a corner alone is a curve, drawn round
BOX = " ╵╶╰╷│╭├╴╯─┴╮┤┬┼"
_ARM = (1, 2, 4, 8)      # edge N, E, S, W -> its arm bit

# the sub-cell of a block at each edge's middle, and the corner between two edges
_MIDDLE = {0: (0, 1), 1: (1, 2), 2: (2, 1), 3: (1, 0)}
_CORNER = {(0, 1): (0, 2), (1, 2): (2, 2), (2, 3): (2, 0), (0, 3): (0, 0)}


def tracks_of(exits: tuple[tuple[int, ...], ...]) -> frozenset[tuple[int, int]]:
    """A tile's tracks as edge pairs (smaller edge first), from its exits by edge."""
    return frozenset((a, b) for a in range(4) for b in exits[a] if a < b)


def cell_line(tracks: frozenset[tuple[int, int]], stop: str = "") -> str:
    """The three characters of a tile; the stop letters fill a side without a track."""
    ends = {edge for pair in tracks for edge in pair}
    west = (8 if 3 in ends else 0) | (2 if (1, 3) in tracks else 0) \
        | (1 if (0, 3) in tracks else 0) | (4 if (2, 3) in tracks else 0)
    middle = (5 if (0, 2) in tracks else 0) | (10 if (1, 3) in tracks else 0)
    east = (2 if 1 in ends else 0) | (8 if (1, 3) in tracks else 0) \
        | (1 if (0, 1) in tracks else 0) | (4 if (1, 2) in tracks else 0)
    left, right = BOX[west], BOX[east]
    if stop and left == " ":
        left, stop = stop[0], stop[1:]
    if stop and right == " ":
        right = stop[0]
    return left + BOX[middle] + right


def cell_block(tracks: frozenset[tuple[int, int]], stop: str = "") -> list[str]:
    """The three rows of three characters of a tile; stop letters in free corners."""
    arms = [[0] * 3 for _ in range(3)]
    for a, b in tracks:
        if b - a == 2:                                    # a straight through the middle
            for r, c in (_MIDDLE[a], (1, 1), _MIDDLE[b]):
                arms[r][c] |= _ARM[a] | _ARM[b]
            continue
        corner = _CORNER[(a, b)]
        for edge in (a, b):
            r, c = _MIDDLE[edge]
            arms[r][c] |= _ARM[edge] | _toward((r, c), corner)
            arms[corner[0]][corner[1]] |= _toward(corner, (r, c))
    rows = [[BOX[m] for m in row] for row in arms]
    for letter, (r, c) in zip(stop, ((0, 0), (0, 2), (2, 0), (2, 2)), strict=False):
        if rows[r][c] == " ":
            rows[r][c] = letter
    return ["".join(row) for row in rows]


def _toward(source: tuple[int, int], target: tuple[int, int]) -> int:
    """The arm from one sub-cell toward a neighbouring one."""
    dr, dc = target[0] - source[0], target[1] - source[1]
    return {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}[(dr, dc)]
