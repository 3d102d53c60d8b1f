"""The completion check: can a tram run from one terminal of a line, over its three
stops, to the other terminal, without stopping or reversing?

docs/games/linie1.md#l1-round: Postal rules — loops to turn are allowed; either terminal may be the
start (a route read backwards is a route, so searching from the first terminal suffices); a stop is
visited when the route runs over the tile bearing its sign; other lines' terminal arches may be run
through (out at one square, back in at the other).

The search is a breadth-first search over *ports* (square, entry edge) and the set of
stops visited so far, so its first arrival at the end terminal is the shortest route,
counted in tiles (a tile run over twice counts twice).
"""

from __future__ import annotations

from collections.abc import Sequence

from stellwerk.games.linie1.tables import EMPTY, OFF_BOARD, SQUARES, Tables
from stellwerk.games.linie1.tiles import opposite

DEAD = -1
GOAL = -2


def port_table(tables: Tables, line: int) -> tuple[int, ...]:
    """For `square * 4 + exit edge`: the port entered next, or DEAD or GOAL, for `line`."""
    key = ("ports", line)
    cached: tuple[int, ...] | None = tables.cache.get(key)
    if cached is not None:
        return cached
    end = tables.terminals[line][1]
    table = []
    for square in range(SQUARES):
        for edge in range(4):
            near = tables.neighbour[square * 4 + edge]
            if near != OFF_BOARD:
                table.append(near * 4 + opposite(edge))
                continue
            terminal = tables.terminal_at.get(square * 4 + edge)
            if terminal is None:
                table.append(DEAD)
            elif terminal.line == line:
                table.append(GOAL if terminal == end else DEAD)
            else:  # another line's arch: out at one square, back in at the other
                a, b = terminal.squares
                table.append((b if square == a else a) * 4 + terminal.edge)
    result = tuple(table)
    tables.cache[key] = result
    return result


def shortest_route(tables: Tables, board: Sequence[int], line: int,
                   stop_squares: Sequence[int]) -> int | None:
    """Tiles on the shortest complete route of `line`, or None when there is none.

    `stop_squares` holds the square of each of the line's three stops, -1 for a stop
    not placed yet (then no route can visit it).
    """
    for s in stop_squares:      # a loop, not any(): asked of every open line every round
        if s < 0 or board[s] == EMPTY:
            return None
    # a route ends through a track end facing the end terminal's arch: without one on its
    # squares there is none (the search below would find none, slowly)
    end, ends = tables.terminals[line][1], tables.ends
    if not any(board[s] != EMPTY and ends[board[s]] >> end.edge & 1 for s in end.squares):
        return None
    bits = [0] * SQUARES
    for i, square in enumerate(stop_squares):
        bits[square] |= 1 << i
    full = (1 << len(stop_squares)) - 1
    ports = port_table(tables, line)
    exits = tables.exits
    # Where each port leads, worked out once per port and reused for every set of
    # stops visited: each next port as `port * 8 | its square's stop bits` (so a state
    # reached is that code | the stops seen so far), or GOAL.
    following: list[list[int] | None] = [None] * (SQUARES * 4)

    def leads(port: int) -> list[int]:
        square = port >> 2
        found = []
        for edge in exits[board[square]][port & 3]:
            target = ports[square * 4 + edge]
            if target == GOAL:
                found.append(GOAL)
            elif target >= 0:
                pid = board[target >> 2]
                if pid != EMPTY and ends[pid] >> (target & 3) & 1:
                    found.append(target << 3 | bits[target >> 2])
        following[port] = found
        return found

    seen = bytearray(SQUARES * 4 * 8)
    start = tables.terminals[line][0]
    frontier: list[int] = []
    for square in start.squares:
        pid = board[square]
        if pid != EMPTY and ends[pid] >> start.edge & 1:
            state = (square * 4 + start.edge) * 8 + bits[square]
            seen[state] = 1
            frontier.append(state)
    length = 1
    while frontier:
        later: list[int] = []
        for state in frontier:
            port, mask = state >> 3, state & 7
            nexts = following[port]
            if nexts is None:
                nexts = leads(port)
            for code in nexts:
                if code < 0:  # GOAL
                    if mask == full:
                        return length
                    continue
                reached = code | mask
                if not seen[reached]:
                    seen[reached] = 1
                    later.append(reached)
        frontier = later
        length += 1
    return None
