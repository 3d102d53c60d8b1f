"""How far a seat's line is built: the tiles reached along the
tracks from each terminal, which stops are placed and which are reached, and whether
the two terminals are joined. Secret (it names the line), so only in the seat's view.

The walk follows the same ports as the completion check (`route.port_table`): a tram
enters a tile at an edge and leaves along any track from it; it never reverses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stellwerk.games.linie1.route import GOAL, port_table
from stellwerk.games.linie1.tables import EMPTY, Tables, square_name


def reach_from(tables: Tables, board: Sequence[int], line: int, end: int) -> tuple[set[int], bool]:
    """Squares reachable from terminal `end` (0 or 1) of `line`, and whether the walk
    from terminal 0 arrives at terminal 1 (ignoring stops)."""
    ports = port_table(tables, line)
    ends, exits = tables.ends, tables.exits
    terminal = tables.terminals[line][end]
    frontier = [sq * 4 + terminal.edge for sq in terminal.squares
                if board[sq] != EMPTY and ends[board[sq]] >> terminal.edge & 1]
    seen = set(frontier)
    joined = False
    while frontier:
        port = frontier.pop()
        square = port >> 2
        for edge in exits[board[square]][port & 3]:
            target = ports[square * 4 + edge]
            if target == GOAL:
                joined = True
            elif target >= 0 and target not in seen:
                pid = board[target >> 2]
                if pid != EMPTY and ends[pid] >> (target & 3) & 1:
                    seen.add(target)
                    frontier.append(target)
    return {p >> 2 for p in seen}, joined


def line_progress(tables: Tables, board: Sequence[int], line: int,
                  stops: Sequence[tuple[str, int]]) -> dict[str, Any]:
    """`stops`: (letter, square or -1) of the seat's three stops."""
    start, joined = reach_from(tables, board, line, 0)
    end, _ = reach_from(tables, board, line, 1)
    return {
        "from_first": len(start),
        "from_second": len(end),
        "joined": joined,
        "stops": [{"letter": letter,
                   "square": square_name(square) if square >= 0 else None,
                   "reached": square >= 0 and (square in start or square in end)}
                  for letter, square in stops],
    }
