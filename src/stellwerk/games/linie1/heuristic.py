"""How good a Linie 1 position looks to one seat: the greedy bot's yardstick.

The seat's pending order is laid out on a copy of the board (as if no one else
played), then the value is: a large credit for a complete line (less its score), or
else the tiles reachable from the seat's terminals along track and the stops among
them. Cheap on purpose: the greedy bot calls it once per listed order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stellwerk.games.linie1.placement import is_legal
from stellwerk.games.linie1.route import shortest_route
from stellwerk.games.linie1.tables import EMPTY, Tables

if TYPE_CHECKING:
    from stellwerk.games.linie1.rules import Linie1State

COMPLETE = 10_000.0


def board_after_order(state: Linie1State, seat: int) -> list[int]:
    board = state.board[:]
    for square, pid in state.orders[seat] or ():
        if is_legal(state.tables, board, square, pid):
            board[square] = pid
    return board


def reachable(tables: Tables, board: list[int], starts: list[tuple[int, int]]) -> set[int]:
    """Squares reached by following track from (square, entry edge) ports."""
    seen_ports: set[int] = set()
    squares: set[int] = set()
    todo = [s * 4 + e for s, e in starts if board[s] != EMPTY and tables.ends[board[s]] >> e & 1]
    while todo:
        port = todo.pop()
        if port in seen_ports:
            continue
        seen_ports.add(port)
        square = port >> 2
        squares.add(square)
        for edge in tables.exits[board[square]][port & 3]:
            near = tables.neighbour[square * 4 + edge]
            if near >= 0 and board[near] != EMPTY:
                todo.append(near * 4 + (edge + 2) % 4)
    return squares


def evaluate(state: Linie1State, seat: int) -> float:
    tables = state.tables
    board = board_after_order(state, seat)
    line = state.lines[seat]
    length = shortest_route(tables, board, line, state.stop_squares(seat))
    if length is not None:
        return COMPLETE - length
    value = 0.0
    for terminal in tables.terminals[line]:
        got = reachable(tables, board, [(s, terminal.edge) for s in terminal.squares])
        value += len(got)
        value += sum(5.0 for sq in state.stop_squares(seat) if sq in got)
    return value
